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
//! through B' (X'), and a value of H used anywhere else makes the pass
//! leave the loop alone. B' becomes the new header, with parameters, so
//! the loop stays a natural loop whose induction variables are header
//! parameters with `v + c` increments from the latch.
//!
//! Only headers of at most [`MAX_HEADER_INSTS`] side-effect-free
//! instructions are duplicated. [`super::simplify_cfg`] afterwards merges
//! B into B', H' into a lone latch that jumps to it, and X into X', and
//! [`super::dce`] removes the parameters nothing reads.

use crate::analysis::cfg::Cfg;
use crate::analysis::dominators::DominatorTree;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{BinaryOp, Block, BlockCall, Edge, Function, Inst, InstData, IntCC, Value, ValueDef};
use std::collections::{HashMap, HashSet};

/// The most instructions (terminator aside) a header may have to be
/// duplicated.
pub const MAX_HEADER_INSTS: usize = 8;

/// Rotates every loop of `func` that qualifies; returns how many.
pub fn rotate_loops(func: &mut Function) -> usize {
    let mut tried: HashSet<Block> = HashSet::new();
    let mut rotated = 0;
    loop {
        let cfg = Cfg::compute(func);
        let domtree = DominatorTree::compute(&cfg);
        let forest = LoopForest::compute(&cfg);
        let mut rotation = None;
        for lp in forest.natural_loops() {
            if tried.insert(forest.data(lp).header) {
                rotation = plan(func, &cfg, &domtree, &forest, lp);
                if rotation.is_some() {
                    break;
                }
            }
        }
        match rotation {
            Some(rotation) => {
                rotation.apply(func);
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
        || tests_carried_band(func, cfg, forest, lp, term)
        || duplicated.len() > MAX_HEADER_INSTS
        || !duplicated.iter().all(|&i| func.insts[i].is_pure())
        || cfg.preds(body).len() != 1
    {
        return None;
    }

    let defined: HashSet<Value> = header_values(func, header).into_iter().collect();
    let exit_owned = cfg.preds(exit).len() == 1;
    let mut body_region = Vec::new();
    let mut exit_region = Vec::new();
    for &block in &func.layout {
        if block == header || !cfg.reachable(block) {
            continue;
        }
        let uses_header_value = func.blocks[block]
            .insts
            .iter()
            .any(|&i| func.insts[i].all_uses().iter().any(|v| defined.contains(v)));
        if domtree.dominates(body, block) {
            body_region.push(block);
        } else if exit_owned && domtree.dominates(exit, block) {
            exit_region.push(block);
        } else if uses_header_value {
            return None;
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
    Some(Rotation { header, body_slot, back_edges, body_region, exit_region, last_in_layout })
}

/// True when the header's branch tests a parameter against zero and some
/// back edge passes a `band` for that parameter (`while (x) x &= x - 1;`).
/// Rotated, the latch would test the `band`'s result, and Cranelift lowers
/// a zero test of a `band` to `test a, b` even when the `and` itself is
/// needed too: both run, the old `x` stays alive past the `and`, and the
/// back edge needs a move and a jump of its own (k002: 8 instructions per
/// iteration rotated, 6 not).
fn tests_carried_band(func: &Function, cfg: &Cfg, forest: &LoopForest, lp: Loop, term: Inst) -> bool {
    let InstData::Brif { cond, .. } = func.insts[term] else { return false };
    let ValueDef::Result(test) = func.values[cond].def else { return false };
    let InstData::Icmp { cond: IntCC::Eq | IntCC::Ne, args: [a, b] } = func.insts[test] else { return false };
    let tested = match (func.constant_value(a), func.constant_value(b)) {
        (_, Some(0)) => a,
        (Some(0), _) => b,
        _ => return false,
    };
    let ValueDef::Param(block, index) = func.values[tested].def else { return false };
    block == forest.data(lp).header
        && forest.data(lp).back_edges.iter().any(|&edge| {
            let e = cfg.edge(edge);
            let arg = func.successor_slot(e.branch, e.slot as usize).args[index as usize];
            matches!(func.values[arg].def, ValueDef::Result(i)
                if matches!(func.insts[i], InstData::Binary { op: BinaryOp::Band, .. }))
        })
}

/// The values a block defines: its parameters, then its instructions'
/// results.
fn header_values(func: &Function, block: Block) -> Vec<Value> {
    let mut values = func.blocks[block].params.clone();
    values.extend(func.blocks[block].insts.iter().filter_map(|&i| func.inst_result(i)));
    values
}

impl Rotation {
    fn apply(self, func: &mut Function) {
        let header = self.header;
        let values = header_values(func, header);
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
            let args = old.args.iter().map(|v| *params.get(v).unwrap_or(v)).collect();
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
    use crate::transform::eval::run;
    use crate::transform::{dce::eliminate_dead_code, simplify_cfg::simplify_cfg};
    use crate::verifier::verify_function;

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
        let module = parse_module(SUM).unwrap();
        let original = &module.functions[0];
        let mut func = original.clone();
        assert_eq!(rotate_loops(&mut func), 1);
        verify_function(&func, &module).unwrap();
        simplify_cfg(&mut func);
        eliminate_dead_code(&mut func);
        verify_function(&func, &module).unwrap();
        for n in [-2, 0, 1, 5] {
            assert_eq!(run(&func, &[n], 100), run(original, &[n], 100), "n = {n}");
        }
        // The loop is one block that branches back to itself.
        let cfg = Cfg::compute(&func);
        let forest = LoopForest::compute(&cfg);
        let lp = forest.loops().next().unwrap();
        assert_eq!(forest.data(lp).blocks.len(), 1, "{func}");
    }
}
