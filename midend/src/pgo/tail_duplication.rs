//! Tail duplication: a small join block is copied into its hot
//! predecessor, so that the hot path runs on into the join's code instead
//! of jumping to it (and passing its block arguments through moves). This
//! is the core of trace formation in gcc's `-ftracer`, which
//! `-fprofile-use` turns on (P. P. Chang and W. W. Hwu, "Trace Selection
//! for Compiling Large C Application Programs to Microcode", MICRO 1988;
//! Lowney et al., "The Multiflow Trace Scheduling Compiler", J.
//! Supercomputing 1993, on duplicating the code below a join so that a
//! trace has no side entrances). Neither paper is in the project's paper
//! collection, so no section is cited; Pettis & Hansen (PLDI 1990, "Basic
//! Block Positioning") is why removing the hot path's jump matters.
//!
//! A predecessor `P` ending in `jump S(args)` gets a copy of `S` when
//! - `S` is a join (two or more predecessors), not the entry and not `P`;
//! - the edge is hot for `S`: it brought at least half of `S`'s count;
//! - `S` has at most [`MAX_TAIL_INSTS`] instructions and ends in a `jump`,
//!   a `return` or a `brif` that orientation can turn (not on an ordered
//!   float comparison), at most one of whose targets takes arguments, and
//!   that one already a join;
//! - no value `S` defines (parameter or result) is used outside `S`, so the
//!   copy needs no new block parameters to stay in SSA form;
//! - `S` does not already follow `P` in the order Cranelift will emit
//!   ([`predicted_order`]), where the jump costs nothing;
//! - the function has not grown by more than [`MAX_GROWTH`] of its size.
//!
//! The copy replaces `P`'s jump: `S`'s parameters become the jump's
//! arguments, and `S`'s outgoing edges are split between the copy and `S`
//! in the proportion of the edge to `S`'s count.

use super::cranelift_layout::predicted_order;
use crate::transform::edit::copy_body;
use crate::ir::{Block, FloatCC, Function, InstData, Value, ValueDef};
use cranelift_entity::EntitySet;
use std::collections::HashMap;

/// The largest join block, in instructions including its terminator,
/// that is copied.
pub const MAX_TAIL_INSTS: usize = 12;

/// The copies may add at most this fraction of the function's
/// instructions (and at least [`MIN_GROWTH_INSTS`]).
pub const MAX_GROWTH: f64 = 0.25;

/// The growth allowed to any function, however small.
pub const MIN_GROWTH_INSTS: usize = 24;

/// Copies the hot small join blocks of annotated `func` into their hot
/// predecessors; returns how many were copied.
pub fn duplicate_tails(func: &mut Function) -> usize {
    let size = func.size();
    let mut budget = ((size as f64 * MAX_GROWTH) as usize).max(MIN_GROWTH_INSTS);
    let mut copied = 0;
    for pred in func.layout.clone() {
        let Some(join) = candidate_join(func, pred) else { continue };
        let cost = func.blocks[join].insts.len();
        if cost > budget {
            continue;
        }
        copy_into(func, pred, join);
        budget -= cost;
        copied += 1;
    }
    copied
}

/// The join block `pred` jumps to, if it should be copied into `pred`.
fn candidate_join(func: &Function, pred: Block) -> Option<Block> {
    let term = func.terminator(pred)?;
    let InstData::Jump { dest } = &func.insts[term] else { return None };
    let (join, edge) = (dest.block, dest.count?);
    let join_count = func.blocks[join].count?;
    if join == pred || Some(join) == func.entry() || edge == 0 || edge.saturating_mul(2) < join_count {
        return None;
    }
    let data = &func.blocks[join];
    if data.insts.len() > MAX_TAIL_INSTS {
        return None;
    }
    let join_term = func.terminator(join)?;
    match &func.insts[join_term] {
        InstData::Jump { .. } | InstData::Return { .. } => {}
        // Orientation cannot turn a branch on an ordered float comparison,
        // so a copy of one would keep whatever layout it lands in.
        // A copied `brif` adds a predecessor to both targets. Where a
        // target takes arguments, the edge to it from a two-way branch is
        // critical once the target is a join, and Cranelift moves the
        // arguments in a block of its own with a jump. So a target with
        // arguments must have been a join already, and one of the two
        // targets must take none: copies whose both edges needed moves
        // cost k062 3% and k089 2% of their instructions.
        InstData::Brif { cond, then_dest, else_dest }
            if !is_ordered_float_comparison(func, *cond)
                && [then_dest, else_dest].iter().all(|d| d.args.is_empty() || predecessors(func, d.block) >= 2)
                && (then_dest.args.is_empty() || else_dest.args.is_empty()) => {}
        _ => return None,
    }
    if predecessors(func, join) < 2 || defines_values_used_elsewhere(func, join) {
        return None;
    }
    let order = predicted_order(func);
    let follows = order.windows(2).any(|pair| pair == [pred, join]);
    (!follows).then_some(join)
}

/// Whether `cond` is an ordered float comparison, which has no exact
/// inverse (see [`branch_orientation`](super::branch_orientation)).
fn is_ordered_float_comparison(func: &Function, cond: Value) -> bool {
    match func.values[cond].def {
        ValueDef::Result(def) => matches!(func.insts[def], InstData::Fcmp { cond, .. } if !matches!(cond, FloatCC::Eq | FloatCC::Ne)),
        ValueDef::Param(..) => false,
    }
}

/// The number of branch slots that target `block`.
fn predecessors(func: &Function, block: Block) -> usize {
    func.layout.iter().flat_map(|&b| func.successors(b)).filter(|&b| b == block).count()
}

/// Whether a parameter or result of `block` is read outside `block`.
fn defines_values_used_elsewhere(func: &Function, block: Block) -> bool {
    let mut defined: EntitySet<Value> = EntitySet::new();
    for &param in &func.blocks[block].params {
        defined.insert(param);
    }
    for &inst in &func.blocks[block].insts {
        if let Some(result) = func.inst_result(inst) {
            defined.insert(result);
        }
    }
    func.layout
        .iter()
        .filter(|&&b| b != block)
        .flat_map(|&b| func.blocks[b].insts.iter())
        .any(|&inst| func.insts[inst].all_uses().into_iter().any(|v| defined.contains(v)))
}

/// Replaces `pred`'s `jump join(args)` by a copy of `join`'s instructions
/// and terminator, and moves the edge's share of `join`'s counts to the
/// copy.
fn copy_into(func: &mut Function, pred: Block, join: Block) {
    let jump = func.blocks[pred].insts.pop().expect("pred ends in its jump");
    let InstData::Jump { dest } = func.insts[jump].clone() else { unreachable!("the candidate ends in a jump") };
    let (edge, join_count) = (dest.count.unwrap_or(0), func.blocks[join].count.unwrap_or(0));
    let mut renamed: HashMap<Value, Value> = func.blocks[join].params.iter().copied().zip(dest.args).collect();
    let join_term = copy_body(func, join, pred, &mut renamed);
    let mut term = func.insts[join_term].clone();
    term.map_uses(|v| renamed.get(&v).copied().unwrap_or(v));
    let mut shares = Vec::new();
    for target in term.successors_mut() {
        let share = target.count.map(|count| share_of(count, edge, join_count));
        target.count = share;
        shares.push(share.unwrap_or(0));
    }
    func.append_inst(pred, term, None);
    for (target, share) in func.insts[join_term].successors_mut().into_iter().zip(shares) {
        target.count = target.count.map(|count| count.saturating_sub(share));
    }
    let data = &mut func.blocks[join];
    data.count = data.count.map(|count| count.saturating_sub(edge));
}

/// The part of `count` that belongs to an edge bringing `edge` of the
/// join's `join_count` executions.
fn share_of(count: u64, edge: u64, join_count: u64) -> u64 {
    if join_count == 0 {
        return 0;
    }
    u64::try_from(count as u128 * edge.min(join_count) as u128 / join_count as u128).unwrap_or(u64::MAX)
}
