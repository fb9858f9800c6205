//! Loop rotation: a top-tested loop (`while`, `for`) becomes a guarded
//! bottom-tested one, so each iteration runs one conditional branch at the
//! bottom instead of a conditional branch at the top and a jump back.
//!
//! This is loop inversion by header duplication (Steven S. Muchnick,
//! "Advanced Compiler Design and Implementation", §14.5 "Loop Inversion";
//! LLVM's `LoopRotation` pass). For a natural loop whose header H ends in
//! `brif c, B, X` with B in the loop and X outside it:
//!
//! ```text
//!      ... -> H -> B ... latch -> H            ... -> H -> B' -> B ... latch -> H' -> B'
//!             \-> X                     ==>           \-> X' -> X                 \-> X'
//! ```
//!
//! H stays where it is as the guard, entered only from outside the loop;
//! every back edge goes to a copy H' of H instead; B' and X' are new
//! blocks that receive, as block parameters, every value H defines (its
//! parameters and results), from H or from H'. Their parameters replace
//! H's values in the blocks that B or X dominate, which is SSA repair
//! with the φ-functions placed by hand: those blocks are reached only
//! through B' (X'). B' becomes the new header, with parameters, so the
//! loop stays a natural loop whose induction variables are header
//! parameters with `v + c` increments from the latch.
//!
//! A value of H used anywhere else, typically in an exit block that
//! several loop blocks branch to (`while (*a && *b && *a == *b)`, a
//! search loop with a `break`), needs φ-functions where H's and H''s
//! definitions meet, which B' and X' do not cover. Such a value is
//! demoted first ([`super::demote`]): H stores it to a stack slot right
//! after defining it, every use outside H loads the slot, and H' copies the
//! store with the rest of H, so each execution of H or H' (rotation maps
//! every execution of the old header to exactly one of them) leaves the
//! current value in the slot; [`super::mem2reg`] then rebuilds SSA,
//! placing the parameters on the iterated dominance frontier (Cytron et
//! al., TOPLAS 1991, §5.1). The stores and slot addresses this adds are
//! not counted against [`MAX_HEADER_INSTS`]: the plan is made before the
//! demotion. A 32-bit counter that the loop indexes with and uses after it
//! (insertion sort's `j`) reaches the exit through a 32-bit parameter;
//! once widening has given the counter a 64-bit twin,
//! [`super::truncated_parameters`] passes the twin there instead, so the
//! latch does not compute the 32-bit counter too.
//!
//! Only headers of at most [`MAX_HEADER_INSTS`] side-effect-free
//! instructions are duplicated. [`super::simplify_cfg`] afterwards merges
//! B into B', H' into a lone latch that jumps to it, and X into X', and
//! [`super::dce`] removes the parameters nothing reads.

use crate::analysis::cfg::Cfg;
use crate::analysis::dominators::DominatorTree;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{
    Block, BlockCall, Edge, Function, Inst, InstData, StackSlot, Value,
};
use crate::transform::demote::{demote_values, load_slot};
use crate::transform::mem2reg;
use std::collections::{HashMap, HashSet};

/// The most instructions (terminator aside) a header may have to be
/// duplicated.
pub const MAX_HEADER_INSTS: usize = 8;

/// The most blocks, summed over rotations, whose analyses
/// [`rotate_loops_with`] recomputes in one function. Each rotation
/// recomputes the CFG, the dominator tree and the loop forest of the whole
/// function, so rotating every loop of a function costs the number of
/// loops times its size: a generated function of 1,000 loops took 14 s
/// in this pass alone. With the budget, a function of 500 blocks still
/// rotates up to 1,000 loops, and one of 5,000 blocks its first 100; the
/// rest stay top-tested, which is correct, only slower.
pub const MAX_RECOMPUTED_BLOCKS: usize = 500_000;

/// Rotates every loop of `func` that qualifies; returns how many.
pub fn rotate_loops(func: &mut Function) -> usize {
    rotate_loops_with(func, true)
}

/// [`rotate_loops`], or with `demote` false, only the loops whose header
/// values need no demotion (no header value is read outside the body and
/// exit regions): the pass as it was before SSA repair by demotion, kept
/// so that `NISSECC_DISABLE_PASSES=rotate-multi-exit` can measure what the
/// repair is worth.
pub fn rotate_loops_with(func: &mut Function, demote: bool) -> usize {
    let mut tried: HashSet<Block> = HashSet::new();
    let mut rotated = 0;
    let mut recomputed = 0;
    loop {
        recomputed += func.layout.len();
        if recomputed > MAX_RECOMPUTED_BLOCKS {
            return rotated;
        }
        let cfg = Cfg::compute(func);
        let domtree = DominatorTree::compute(&cfg);
        let forest = LoopForest::compute(&cfg);
        let mut rotation = None;
        for lp in forest.natural_loops() {
            if tried.insert(forest.data(lp).header) {
                rotation = plan(func, &cfg, &domtree, &forest, lp)
                    .filter(|rotation| demote || rotation.escaping.is_empty());
                if rotation.is_some() {
                    break;
                }
            }
        }
        match rotation {
            Some(rotation) => {
                let escaping = rotation.escaping.clone();
                let slots = demote_values(func, &escaping, &[rotation.header]);
                rotation.apply(func, &slots);
                if !escaping.is_empty() {
                    mem2reg(func);
                }
                rotated += 1;
            }
            None => return rotated,
        }
    }
}

/// A rotation decided by [`plan`].
struct Rotation {
    header: Block,
    /// The brif slot (0 or 1) that stays in the loop.
    body_slot: usize,
    back_edges: Vec<(Inst, usize)>,
    /// The blocks whose uses of the header's values come through B', and
    /// those whose uses come through X'.
    body_region: Vec<Block>,
    exit_region: Vec<Block>,
    /// The last block of the loop in layout order; H' and X' go after it.
    last_in_layout: Block,
    /// The values of H (parameters, then results) as [`plan`] found them,
    /// and those among them that some block outside both regions reads:
    /// [`rotate_loops`] demotes these to stack slots.
    values: Vec<Value>,
    escaping: Vec<Value>,
}

/// Checks that loop `lp` can be rotated and says how.
fn plan(
    func: &Function,
    cfg: &Cfg,
    domtree: &DominatorTree,
    forest: &LoopForest,
    lp: Loop,
) -> Option<Rotation> {
    let data = forest.data(lp);
    let header = data.header;
    if Some(header) == func.entry() {
        return None;
    }
    let term = func.terminator(header)?;
    let InstData::Brif { then_dest, else_dest, .. } = &func.insts[term] else { return None };
    let in_loop = |b: Block| forest.contains(lp, b);
    let body_slot = match (in_loop(then_dest.block), in_loop(else_dest.block)) {
        (true, false) => 0,
        (false, true) => 1,
        _ => return None,
    };
    let body = func.successor_slot(term, body_slot).block;
    let exit = func.successor_slot(term, 1 - body_slot).block;
    let insts = &func.blocks[header].insts;
    let duplicated = &insts[..insts.len() - 1];
    if body == header
        || duplicated.len() > MAX_HEADER_INSTS
        || !duplicated.iter().all(|&i| func.insts[i].is_pure())
        || cfg.preds(body).len() != 1
    {
        return None;
    }

    let values = header_values(func, header);
    let defined: HashSet<Value> = values.iter().copied().collect();
    let mut escaping: Vec<Value> = Vec::new();
    let exit_owned = cfg.preds(exit).len() == 1;
    let mut body_region = Vec::new();
    let mut exit_region = Vec::new();
    for &block in &func.layout {
        if block == header || !cfg.reachable(block) {
            continue;
        }
        if domtree.dominates(body, block) {
            body_region.push(block);
        } else if exit_owned && domtree.dominates(exit, block) {
            exit_region.push(block);
        } else {
            for &inst in &func.blocks[block].insts {
                for v in func.insts[inst].all_uses() {
                    if defined.contains(&v) && !escaping.contains(&v) {
                        escaping.push(v);
                    }
                }
            }
        }
    }
    let back_edges = data
        .back_edges
        .iter()
        .map(|&e: &Edge| (cfg.edge(e).branch, cfg.edge(e).slot as usize))
        .collect();
    let last_in_layout = *func
        .layout
        .iter()
        .filter(|&&b| in_loop(b))
        .last()
        .expect("a loop has blocks");
    escaping.sort_by_key(|v| values.iter().position(|w| w == v));
    Some(Rotation { header, body_slot, back_edges, body_region, exit_region, last_in_layout, values, escaping })
}

/// The values a block defines: its parameters, then its instructions'
/// results.
fn header_values(func: &Function, block: Block) -> Vec<Value> {
    let mut values = func.blocks[block].params.clone();
    values.extend(func.blocks[block].insts.iter().filter_map(|&i| func.inst_result(i)));
    values
}

impl Rotation {
    /// Rotates the loop. Each value of `self.escaping` must have been
    /// demoted to the slot of the same index in `slots`: its uses outside
    /// H read the slot, and H's store to it is copied into H' with the
    /// rest of H.
    fn apply(self, func: &mut Function, slots: &[StackSlot]) {
        let header = self.header;
        let values: Vec<Value> = self.values.iter().copied().filter(|v| !self.escaping.contains(v)).collect();
        let term = func.terminator(header).expect("checked by plan");

        // H': parameters like H's, a copy of H's instructions.
        let copy = func.blocks.push(Default::default());
        let mut copied: HashMap<Value, Value> = HashMap::new();
        for &param in &func.blocks[header].params.clone() {
            let ty = func.value_type(param);
            copied.insert(param, func.append_block_param(copy, ty));
        }
        for &inst in &func.blocks[header].insts.clone() {
            let mut data = func.insts[inst].clone();
            data.map_uses(|v| *copied.get(&v).unwrap_or(&v));
            let new = func.append_copy(copy, inst, data);
            if let (Some(old), Some(new)) = (func.inst_result(inst), func.inst_result(new)) {
                copied.insert(old, new);
            }
        }

        // B' and X': one parameter per value of H, then a jump on to the
        // old target with the old arguments in terms of these parameters.
        let landing = |func: &mut Function, slot: usize| {
            let block = func.blocks.push(Default::default());
            let mut params: HashMap<Value, Value> = HashMap::new();
            for &v in &values {
                let ty = func.value_type(v);
                params.insert(v, func.append_block_param(block, ty));
            }
            let old = func.successor_slot(term, slot).clone();
            let mut args = Vec::with_capacity(old.args.len());
            for &v in &old.args {
                let arg = match self.escaping.iter().position(|&e| e == v) {
                    Some(i) => {
                        let at = func.blocks[block].insts.len();
                        load_slot(func, block, at, slots[i], func.value_type(v))
                    }
                    None => *params.get(&v).unwrap_or(&v),
                };
                args.push(arg);
            }
            func.append_inst(block, InstData::Jump { dest: BlockCall::new(old.block, args) }, None);
            (block, params)
        };
        let (body_landing, body_params) = landing(func, self.body_slot);
        let (exit_landing, exit_params) = landing(func, 1 - self.body_slot);

        // H and H' branch to the landing blocks with their own values.
        for (block, map) in [(header, None), (copy, Some(&copied))] {
            let inst = func.terminator(block).expect("H and H' end in brif");
            let args: Vec<Value> =
                values.iter().map(|v| map.map_or(*v, |m| *m.get(v).unwrap_or(v))).collect();
            *func.successor_slot_mut(inst, self.body_slot) = BlockCall::new(body_landing, args.clone());
            *func.successor_slot_mut(inst, 1 - self.body_slot) = BlockCall::new(exit_landing, args);
        }

        for (branch, slot) in self.back_edges {
            func.successor_slot_mut(branch, slot).block = copy;
        }

        for (region, params) in [(&self.body_region, &body_params), (&self.exit_region, &exit_params)] {
            for &block in region {
                for &inst in &func.blocks[block].insts {
                    func.insts[inst].map_uses(|v| *params.get(&v).unwrap_or(&v));
                }
            }
        }

        let header_at = func.layout.iter().position(|&b| b == header).expect("in layout");
        func.layout.insert(header_at + 1, body_landing);
        let last_at = func.layout.iter().position(|&b| b == self.last_in_layout).expect("in layout");
        func.layout.insert(last_at + 1, copy);
        func.layout.insert(last_at + 2, exit_landing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;
    use crate::ir::Module;
    use crate::transform::eval::run;
    use crate::transform::{dce::eliminate_dead_code, simplify_cfg::simplify_cfg};
    use crate::verifier::verify_function;

    /// The module of `text`, and its one function with its one loop
    /// rotated and cleaned up by CFG simplification and dead code
    /// elimination, verified after each step.
    fn rotate_one_loop(text: &str) -> (Module, Function) {
        let module = parse_module(text).unwrap();
        let mut func = module.functions[0].clone();
        assert_eq!(rotate_loops(&mut func), 1);
        verify_function(&func, &module).unwrap();
        simplify_cfg(&mut func);
        eliminate_dead_code(&mut func);
        verify_function(&func, &module).unwrap();
        (module, func)
    }

    /// `s = 0; for (i = 0; i < n; i++) s += i; return s + i;`
    const SUM: &str = "function @sum(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 0
    v2 = iconst.i32 1
    jump block1(v1, v1)
block1(v3: i32, v4: i32):
    v5 = icmp slt v3, v0
    brif v5, block2, block3
block2:
    v6 = iadd v4, v3
    v7 = iadd v3, v2
    jump block1(v7, v6)
block3:
    v8 = iadd v4, v3
    return v8
}";

    #[test]
    fn rotated_loop_tests_at_the_bottom_and_computes_the_same() {
        let (module, func) = rotate_one_loop(SUM);
        let original = &module.functions[0];
        for n in [-2, 0, 1, 5] {
            assert_eq!(run(&func, &[n], 100), run(original, &[n], 100), "n = {n}");
        }
        // The loop is one block that branches back to itself.
        let cfg = Cfg::compute(&func);
        let forest = LoopForest::compute(&cfg);
        let lp = forest.loops().next().unwrap();
        assert_eq!(forest.data(lp).blocks.len(), 1, "{func}");
    }

    /// `i = 0; while (i < n) { if (i * i > x) break; i++; } return i * 100
    /// + (i < n);`: the exit is reached from the header and from the body,
    /// and reads the header's counter and its test.
    const SEARCH: &str = "function @search(i32, i32) -> i32 export {
block0(v0: i32, v1: i32):
    v2 = iconst.i32 0
    jump block1(v2)
block1(v3: i32):
    v4 = icmp slt v3, v0
    brif v4, block2, block4
block2:
    v5 = imul v3, v3
    v6 = icmp sgt v5, v1
    brif v6, block4, block3
block3:
    v7 = iconst.i32 1
    v8 = iadd v3, v7
    jump block1(v8)
block4:
    v9 = iconst.i32 100
    v10 = imul v3, v9
    v11 = uextend.i32 v4
    v12 = iadd v10, v11
    return v12
}";

    #[test]
    fn multi_exit_loop_is_rotated_through_demotion_and_computes_the_same() {
        let (module, func) = rotate_one_loop(SEARCH);
        let original = &module.functions[0];
        for (n, x) in [(-1, 5), (0, 0), (1, 0), (5, 3), (5, 100), (10, 50)] {
            assert_eq!(run(&func, &[n, x], 1000), run(original, &[n, x], 1000), "n = {n}, x = {x}");
        }
        // mem2reg removed the demotion's slot accesses, and every latch
        // tests at the bottom.
        let memory = func.layout.iter().flat_map(|&b| &func.blocks[b].insts).any(|&i| {
            matches!(func.insts[i], InstData::StackAddr { .. } | InstData::Load { .. } | InstData::Store { .. })
        });
        assert!(!memory, "{func}");
        let cfg = Cfg::compute(&func);
        let forest = LoopForest::compute(&cfg);
        let lp = forest.loops().next().unwrap();
        for &latch in &forest.data(lp).latches {
            let term = func.terminator(latch).unwrap();
            assert!(matches!(func.insts[term], InstData::Brif { .. }), "{func}");
        }
    }
}
