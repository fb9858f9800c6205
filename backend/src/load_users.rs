//! Schedules a load's only user so that the load can be folded into it,
//! once Cranelift's e-graph pass has scheduled the function and before it
//! is lowered.
//!
//! x86 reads a memory operand inside an arithmetic instruction
//! (`mulss (%rsi,%r8,4), %xmm1`), and Cranelift's lowering folds a load
//! into its user when no other instruction with side effects lies between
//! them ("sinking", `Lower::get_value_as_source_or_const`). The folded
//! load then reads its address registers at the user's position, not at
//! the load's. The e-graph's elaborator, however, places a block's pure
//! instructions by demand of its side effects and its branch, condition
//! first:
//! - in `acc += x[i] * y[i]` it puts `i + 1` and the compare between the
//!   loads and the multiply. Once `y[i]` is folded into the multiply, `i`
//!   is still read after `i + 1` is written, so the two need two
//!   registers, and the rotated loop's back edge gets a `mov` and a `jmp`
//!   (gcc's loop is 6 instructions; this was 9);
//! - in `A[r][k] -= f * A[c][k]` it puts the load of `A[r][k]` between the
//!   load of `A[c][k]` and the multiply, so neither load can be folded.
//!
//! So, for a load whose only reader is a later instruction of its block
//! with an x86 form reading memory:
//! - if only pure instructions lie between them, those the user does not
//!   depend on move to right after the user, in their order;
//! - otherwise, if the user reads nothing defined after the load, the user
//!   moves to right after the load.
//!
//! Only pure instructions move; loads and stores keep their places and
//! their order.
//!
//! This is a scheduling decision, one that GCC's and LLVM's instruction
//! selectors make implicitly by matching the load and its user as one
//! pattern over the DAG of a block (LLVM's `SelectionDAG` "folding" of
//! loads, `X86DAGToDAGISel::tryFoldLoad`).

use cranelift_codegen::ir::{Function, Inst, InstructionData, Opcode, Value, ValueDef};
use crate::schedule::{is_pure, readers, Reader};
use std::collections::{HashMap, HashSet};

/// How far apart, in instructions, a load and its user may be for the
/// pass to look between them, which keeps it linear in huge blocks; the
/// loads it is for sit a few instructions before their users.
const MAX_DISTANCE: usize = 32;

/// Moves the pure instructions that lie between a load and its only user,
/// and that the user does not depend on, to right after the user, when
/// the load is foldable into the user; returns how many it moved.
pub(crate) fn place_load_users(func: &mut Function) -> usize {
    let readers = readers(func);
    let mut moved = 0;
    let blocks: Vec<_> = func.layout.blocks().collect();
    for block in blocks {
        let loads: Vec<Inst> = func.layout.block_insts(block).filter(|&i| is_load(func, i)).collect();
        for load in loads {
            let Some(user) = only_user_in_block(func, load, &readers) else { continue };
            match independent_between(func, load, user) {
                Some(independent) => {
                    let anchor = func.layout.next_inst(user).expect("a pure instruction is never a block's last");
                    for &inst in &independent {
                        func.layout.remove_inst(inst);
                        func.layout.insert_inst(inst, anchor);
                    }
                    moved += independent.len();
                }
                None if reads_nothing_later_than(func, user, load) => {
                    let after_load = func.layout.next_inst(load).expect("a load is never a block's last instruction");
                    func.layout.remove_inst(user);
                    func.layout.insert_inst(user, after_load);
                    moved += 1;
                }
                None => {}
            }
        }
    }
    moved
}

/// Whether every operand of `user` is defined by `load`, before it, or
/// outside its block, so that `user` may be placed right after `load`.
fn reads_nothing_later_than(func: &Function, user: Inst, load: Inst) -> bool {
    func.dfg.inst_args(user).iter().all(|&arg| match func.dfg.value_def(arg) {
        ValueDef::Result(def, _) => {
            def == load || func.layout.inst_block(def) != func.layout.inst_block(load) || func.layout.pp_cmp(def, load) == std::cmp::Ordering::Less
        }
        _ => true,
    })
}

/// Whether `inst` is a plain load with one result.
fn is_load(func: &Function, inst: Inst) -> bool {
    matches!(func.dfg.insts[inst], InstructionData::Load { opcode: Opcode::Load, .. }) && func.dfg.inst_results(inst).len() == 1
}

/// The only reader of `load`'s result, if it is an instruction later in
/// the same block, at most [`MAX_DISTANCE`] instructions on, that x86 can
/// fold a load into.
fn only_user_in_block(func: &Function, load: Inst, readers: &HashMap<Value, Reader>) -> Option<Inst> {
    let Some(&Reader::Only(user)) = readers.get(&func.dfg.first_result(load)) else { return None };
    let same_block = func.layout.inst_block(user) == func.layout.inst_block(load);
    let after = func.layout.pp_cmp(user, load) == std::cmp::Ordering::Greater;
    (same_block && after && has_memory_operand_form(func, user)).then_some(user)
}

/// The instructions strictly between `load` and `user` that `user` does
/// not depend on, in order, if every instruction between them is pure
/// (otherwise the load cannot be folded, and nothing is moved).
fn independent_between(func: &Function, load: Inst, user: Inst) -> Option<Vec<Inst>> {
    let mut needed: HashSet<Value> = func.dfg.inst_args(user).iter().copied().collect();
    let mut independent = Vec::new();
    let mut cursor = func.layout.prev_inst(user);
    let mut distance = 0;
    while let Some(inst) = cursor.filter(|&i| i != load) {
        distance += 1;
        if !is_pure(func, inst) || distance > MAX_DISTANCE {
            return None;
        }
        if func.dfg.inst_results(inst).iter().any(|r| needed.contains(r)) {
            needed.extend(func.dfg.inst_args(inst).iter().copied());
        } else {
            independent.push(inst);
        }
        cursor = func.layout.prev_inst(inst);
    }
    independent.reverse();
    Some(independent)
}

/// Whether `inst` is one of the pure, non-trapping operations that x86
/// has a form of reading one operand from memory, so that Cranelift's
/// lowering can fold a load into it.
fn has_memory_operand_form(func: &Function, inst: Inst) -> bool {
    use Opcode::*;
    let opcode = func.dfg.insts[inst].opcode();
    matches!(opcode, Iadd | Isub | Imul | Band | Bor | Bxor | Icmp | Fadd | Fsub | Fmul | Fdiv | Fcmp)
        && func.dfg.inst_results(inst).len() == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::loops::{loop_function, order};
    use cranelift_codegen::cursor::{Cursor, FuncCursor};
    use cranelift_codegen::ir::condcodes::IntCC;
    use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData};

    /// The order the e-graph leaves in a rotated dot-product loop, `acc +=
    /// x[i] * y[i]`: both loads, then the counter's increment and compare,
    /// then the multiply the second load folds into. With `store_between`,
    /// a store between the second load and the multiply keeps that load
    /// from being folded. Returns the function and its loop block's
    /// instructions, named.
    fn dot_product(store_between: bool) -> (Function, HashMap<&'static str, Inst>) {
        let start = |b: &mut cranelift_frontend::FunctionBuilder| vec![b.ins().f32const(0.0), b.ins().iconst(types::I64, 0)];
        loop_function(3, &[types::F32, types::I64], types::F32, start, |b, shape| {
            let [x, y, n] = [0, 1, 2].map(|k| shape.params[k]);
            let [acc, i] = [0, 1].map(|k| shape.carried[k]);
            let x_i = b.ins().iadd(x, i);
            let y_i = b.ins().iadd(y, i);
            let first = b.ins().load(types::F32, MemFlagsData::new(), x_i, 0);
            let second = b.ins().load(types::F32, MemFlagsData::new(), y_i, 0);
            if store_between {
                b.ins().store(MemFlagsData::new(), acc, x, 0);
            }
            let four = b.ins().iconst(types::I64, 4);
            let next = b.ins().iadd(i, four);
            let more = b.ins().icmp(IntCC::SignedLessThan, next, n);
            let product = b.ins().fmul(first, second);
            let sum = b.ins().fadd(acc, product);
            b.ins().brif(more, shape.body, &[sum.into(), next.into()], shape.exit, &[sum.into()]);
            vec![("second", second), ("next", next), ("more", more), ("product", product), ("sum", sum)]
        })
    }

    #[test]
    fn the_counter_update_moves_after_the_multiply_the_load_folds_into() {
        let (mut func, names) = dot_product(false);
        assert_eq!(order(&func, &names), ["second", "next", "more", "product", "sum"]);
        // The constant 4, `next` and `more`.
        assert_eq!(place_load_users(&mut func), 3);
        assert_eq!(order(&func, &names), ["second", "product", "next", "more", "sum"]);
        // The first load's user is the same multiply, but the second load
        // lies between them, so that load cannot be folded and nothing
        // moves for it.
    }

    #[test]
    fn across_a_store_only_the_user_moves_up_to_its_load() {
        let (mut func, names) = dot_product(true);
        assert_eq!(place_load_users(&mut func), 1);
        assert_eq!(order(&func, &names), ["second", "product", "next", "more", "sum"]);
        let store = func.layout.next_inst(names["product"]).unwrap();
        assert_eq!(func.dfg.insts[store].opcode(), Opcode::Store, "the store stays after the multiply");
    }

    #[test]
    fn what_the_user_depends_on_stays_before_it() {
        let (mut func, names) = dot_product(false);
        // Make the multiply read the counter's compare, through a `select`
        // of its first operand, so that `next` and `more` are what it
        // depends on.
        let product = names["product"];
        let more = func.dfg.first_result(names["more"]);
        let mut cursor = FuncCursor::new(&mut func).at_inst(product);
        let first = cursor.func.dfg.inst_args(product)[0];
        let chosen = cursor.ins().select(more, first, first);
        cursor.func.dfg.inst_args_mut(product)[0] = chosen;
        assert_eq!(place_load_users(&mut func), 0);
        assert_eq!(order(&func, &names), ["second", "next", "more", "product", "sum"]);
    }
}
