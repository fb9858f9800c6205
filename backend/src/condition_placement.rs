//! Places a two-way branch's condition right before the branch, once
//! Cranelift's e-graph pass has scheduled the function and before it is
//! lowered.
//!
//! The e-graph's elaborator places a block's pure instructions by demand
//! of its instructions with side effects and its terminator, arguments in
//! order; a `brif`'s condition is its first argument, so the compare and
//! what only it reads come before the values its edges carry. In
//! k106_prime_sieve's counting loop, `count += !composite[k]`, that put
//! `k + 1` and the compare between the byte test and the sum, and the
//! register allocator answered with three moves per iteration.
//!
//! The pass moves the condition's own computation (the pure instructions
//! after the block's last side effect that the condition depends on and
//! nothing else in the block reads) to just before the branch, in its
//! order. It does not when that would keep a value alive across an
//! instruction that reads it last: in k068_inet_checksum's loop the
//! compare reads `i + 3` and the back edge carries `i + 2`; computed
//! after `i + 2`, the compare would need `i` and `i + 2` at once, and the
//! increment could no longer update `i`'s register in place.
//!
//! Like [`crate::load_users`], this is a local scheduling decision that
//! GCC's and LLVM's schedulers make after instruction selection (LLVM's
//! pre-RA `MachineScheduler` with its register-pressure heuristics).

use cranelift_codegen::dominator_tree::DominatorTree;
use cranelift_codegen::ir::{Block, Function, Inst, Opcode, Value, ValueDef};
use crate::schedule::{is_live_out, is_pure};
use std::collections::{HashMap, HashSet};

/// Moves each `brif`'s condition computation to right before it where
/// that lengthens no live range; returns how many instructions it moved.
pub(crate) fn place_branch_conditions(func: &mut Function, domtree: &DominatorTree) -> usize {
    let mut moved = 0;
    let blocks: Vec<_> = func.layout.blocks().collect();
    for block in blocks {
        let Some(branch) = func.layout.last_inst(block) else { continue };
        if func.dfg.insts[branch].opcode() != Opcode::Brif || !is_latch(func, domtree, block) {
            continue;
        }
        let insts: Vec<Inst> = func.layout.block_insts(block).collect();
        let computation = condition_computation(func, &insts, branch);
        let Some(&first) = computation.first() else { continue };
        let start = insts.iter().position(|&i| i == first).expect("the computation is in the block");
        let passed: Vec<Inst> = insts[start..insts.len() - 1].iter().copied().filter(|i| !computation.contains(i)).collect();
        if passed.is_empty() || lengthens_a_live_range(func, &computation, &passed, branch) {
            continue;
        }
        for &inst in &computation {
            func.layout.remove_inst(inst);
            func.layout.insert_inst(inst, branch);
        }
        moved += computation.len();
    }
    moved
}

/// Whether `block` ends a loop's iteration: one of its successors
/// dominates it.
fn is_latch(func: &Function, domtree: &DominatorTree, block: Block) -> bool {
    func.block_successors(block).any(|s| domtree.block_dominates(s, block))
}

/// The pure instructions of the block (`insts`, ending with `branch`)
/// after its last instruction with side effects that `branch`'s
/// condition depends on and that no other instruction of the block reads,
/// in block order.
fn condition_computation(func: &Function, insts: &[Inst], branch: Inst) -> Vec<Inst> {
    let last_effect = insts[..insts.len() - 1].iter().rposition(|&i| !is_pure(func, i));
    let movable: &[Inst] = &insts[last_effect.map_or(0, |p| p + 1)..insts.len() - 1];
    let position: HashMap<Inst, usize> = movable.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let defined_here = |v: Value| match func.dfg.value_def(v) {
        ValueDef::Result(def, _) if position.contains_key(&def) => Some(def),
        _ => None,
    };
    // What the condition depends on, among the movable instructions.
    let condition = func.dfg.inst_args(branch)[0];
    let mut depends: HashSet<Inst> = HashSet::new();
    let mut work: Vec<Value> = vec![condition];
    while let Some(v) = work.pop() {
        if let Some(def) = defined_here(v) {
            if depends.insert(def) {
                work.extend(func.dfg.inst_args(def));
            }
        }
    }
    // Those that another instruction reads stay, and so does what they
    // depend on.
    let mut pinned: Vec<Value> = Vec::new();
    for &inst in movable.iter().filter(|i| !depends.contains(i)) {
        pinned.extend(func.dfg.inst_args(inst).iter().copied());
    }
    while let Some(v) = pinned.pop() {
        if let Some(def) = defined_here(v) {
            if depends.remove(&def) {
                pinned.extend(func.dfg.inst_args(def));
            }
        }
    }
    let mut computation: Vec<Inst> = depends.into_iter().collect();
    computation.sort_by_key(|i| position[i]);
    computation
}

/// Whether computing `computation` after the `passed` instructions would
/// keep one of its operands alive across the instruction that reads it
/// last: an operand defined before it that a passed instruction reads, and
/// that neither the branch nor any block after this one reads. Such an
/// operand is acceptable only where the computation holds its update for
/// the next iteration (as `j + 1` updates `j`) and no passed instruction
/// does: the update then reads it last and may take its register.
fn lengthens_a_live_range(func: &Function, computation: &[Inst], passed: &[Inst], branch: Inst) -> bool {
    let results: HashSet<Value> = computation.iter().flat_map(|&i| func.dfg.inst_results(i).iter().copied()).collect();
    let read_by_passed: HashSet<Value> = passed.iter().flat_map(|&i| func.dfg.inst_args(i).iter().copied()).collect();
    let read_by_branch: HashSet<Value> = func.dfg.inst_values(branch).collect();
    let updated_in = |insts: &[Inst], v: Value| update(func, branch, v).is_some_and(|u| insts.contains(&u));
    computation
        .iter()
        .flat_map(|&i| func.dfg.inst_args(i).iter().copied())
        .filter(|v| !results.contains(v) && read_by_passed.contains(v) && !read_by_branch.contains(v))
        .filter(|&v| !is_live_out(func, v, func.layout.inst_block(branch).expect("the branch is in the layout")))
        .any(|v| updated_in(passed, v) || !updated_in(computation, v))
}

/// The instruction that computes, from `v`, the value `branch` passes to
/// `v`'s own parameter slot, if `v` is a block parameter and `branch` jumps
/// back to its block with such a value: `i + 1` for a counter `i`.
fn update(func: &Function, branch: Inst, v: Value) -> Option<Inst> {
    let ValueDef::Param(block, index) = func.dfg.value_def(v) else { return None };
    let destinations = func.dfg.insts[branch].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables);
    destinations.iter().filter(|call| call.block(&func.dfg.value_lists) == block).find_map(|call| {
        let arg = call.args(&func.dfg.value_lists).nth(index)?.as_value()?;
        let ValueDef::Result(def, _) = func.dfg.value_def(arg) else { return None };
        func.dfg.inst_args(def).contains(&v).then_some(def)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::loops::{loop_function, order};
    use cranelift_codegen::flowgraph::ControlFlowGraph;
    use cranelift_codegen::ir::condcodes::IntCC;
    use cranelift_codegen::ir::{types, InstBuilder};

    /// A rotated counting loop in the order the e-graph leaves it: the
    /// counter's compare first, then what the back edge carries, `i + 1`
    /// and `sum + sum` (or `sum + i` if `sum_reads_i`), which reads
    /// nothing the compare reads unless `sum_reads_i`. If
    /// `compare_reads_carried`, the compare reads the carried `i + 1`
    /// (k106's loop, and k100's with `sum_reads_i`); otherwise it reads
    /// `i + 2`, and `i` is read last by the carried `i + 1` (k068's). With
    /// `in_loop` false, the block branches forward only. Returns the
    /// function and the names of the body's instructions.
    fn counting_loop(compare_reads_carried: bool, sum_reads_i: bool, in_loop: bool) -> (Function, HashMap<&'static str, Inst>) {
        let start = |b: &mut cranelift_frontend::FunctionBuilder| vec![b.ins().iconst(types::I64, 0); 2];
        loop_function(1, &[types::I64, types::I64], types::I64, start, |b, shape| {
            let n = shape.params[0];
            let [i, sum] = [0, 1].map(|k| shape.carried[k]);
            let step = b.ins().iconst(types::I64, if compare_reads_carried { 1 } else { 2 });
            let ahead = b.ins().iadd(i, step);
            let more = b.ins().icmp(IntCC::SignedLessThan, ahead, n);
            let next = if compare_reads_carried {
                ahead
            } else {
                let one = b.ins().iconst(types::I64, 1);
                b.ins().iadd(i, one)
            };
            let total = b.ins().iadd(sum, if sum_reads_i { i } else { sum });
            let again = if in_loop { shape.body } else { shape.exit };
            let carried: Vec<_> = if in_loop { vec![next.into(), total.into()] } else { vec![total.into()] };
            b.ins().brif(more, again, &carried, shape.exit, &[total.into()]);
            let mut names = vec![("more", more), ("next", next), ("total", total)];
            if !compare_reads_carried {
                names.push(("ahead", ahead));
            }
            names
        })
    }

    fn place(func: &mut Function) -> usize {
        let cfg = ControlFlowGraph::with_function(func);
        let domtree = DominatorTree::with_function(func, &cfg);
        place_branch_conditions(func, &domtree)
    }

    #[test]
    fn a_latch_computes_its_condition_last() {
        let (mut func, names) = counting_loop(true, false, true);
        assert_eq!(order(&func, &names), ["next", "more", "total"]);
        // The constant 1, `i + 1` (which the branch also reads) and the
        // compare.
        assert_eq!(place(&mut func), 3);
        assert_eq!(order(&func, &names), ["total", "next", "more"]);
    }

    #[test]
    fn a_condition_stays_where_moving_it_would_keep_a_value_alive() {
        let (mut func, names) = counting_loop(false, false, true);
        assert_eq!(place(&mut func), 0);
        assert_eq!(order(&func, &names), ["ahead", "more", "next", "total"]);
    }

    #[test]
    fn blocks_outside_loops_keep_their_order() {
        let (mut func, names) = counting_loop(true, false, false);
        assert_eq!(place(&mut func), 0);
        assert_eq!(order(&func, &names), ["next", "more", "total"]);
    }

    #[test]
    fn the_counter_update_may_become_the_last_reader_of_the_counter() {
        // `sum + i` reads `i` after `i + 1` has been computed; with the
        // compare and `i + 1` moved after it, `i + 1` reads `i` last.
        let (mut func, names) = counting_loop(true, true, true);
        assert_eq!(place(&mut func), 3);
        assert_eq!(order(&func, &names), ["total", "next", "more"]);
    }

    #[test]
    fn a_condition_stays_before_the_last_reader_of_a_value_it_does_not_update() {
        // `t = i * 3` is read by the compare `i + 1 < t` and last by the
        // carried `sum + t`; computed after `sum + t`, the compare would
        // keep `t` alive past it.
        let start = |b: &mut cranelift_frontend::FunctionBuilder| vec![b.ins().iconst(types::I64, 0); 2];
        let (mut func, names) = loop_function(1, &[types::I64, types::I64], types::I64, start, |b, shape| {
            let [i, sum] = [0, 1].map(|k| shape.carried[k]);
            let three = b.ins().iconst(types::I64, 3);
            let t = b.ins().imul(i, three);
            let one = b.ins().iconst(types::I64, 1);
            let next = b.ins().iadd(i, one);
            let more = b.ins().icmp(IntCC::SignedLessThan, next, t);
            let total = b.ins().iadd(sum, t);
            b.ins().brif(more, shape.body, &[next.into(), total.into()], shape.exit, &[total.into()]);
            vec![("t", t), ("next", next), ("more", more), ("total", total)]
        });
        assert_eq!(place(&mut func), 0);
        assert_eq!(order(&func, &names), ["t", "next", "more", "total"]);
    }
}
