//! Switch peeling: the hottest target of a profiled `switch` is tested
//! first, with one comparison, before the rest of the switch.
//!
//! Cranelift lowers a `switch` (`cranelift_frontend::Switch`) without
//! looking at a profile: a run of two or more consecutive case values
//! becomes a jump table (a bounds check, a Spectre-guarding `cmov`, a
//! table load, an add and an indirect jump: eight instructions), and more
//! than three runs a binary search over them. When one target takes most
//! of a switch's executions, a compare-and-branch in front of that costs
//! two or three instructions on the hot path and the same on the rest.
//! This is what LLVM does under PGO (`SelectionDAGBuilder::
//! peelDominantCaseIfPossible`, which peels a case whose branch weight
//! passes a threshold before lowering the rest as a jump table or tree)
//! and what gcc's switch expansion does with profile probabilities; none
//! of the papers in the project's collection treats switch lowering, so
//! no section is cited. Pettis & Hansen ("Profile Guided Code
//! Positioning", PLDI 1990, "Basic Block Positioning") is why the peeled
//! test must be a `brif`: branch orientation, which runs after this pass,
//! can then let the hot target fall through.
//!
//! A switch is cut into *clusters*: maximal runs of consecutive case
//! values (as signed numbers of the argument's type) that go to the same
//! target with the same arguments, plus the default. Each case value has
//! its own successor slot and hence its own edge count (parallel edges
//! stay distinct, `ir/entities.rs`), so a cluster's count is exact. While
//! the hottest cluster takes at least [`MIN_SHARE`] of what still reaches
//! the switch, it is peeled:
//!
//! - a case cluster `lo..=hi` becomes `brif (x - lo) <=u (hi - lo)` (or
//!   `x == lo`) to its target, whose `else` goes on to a new block holding
//!   the switch without those cases, or straight to the default when no
//!   case is left, so that a switch with a few hot targets becomes a
//!   chain of tests ordered hottest first;
//! - a hot default becomes `brif (x - min) >u (max - min)` to the default
//!   when the cases fill the span `min..=max`, so that every default
//!   execution falls outside it. When the span has gaps, a profile does
//!   not say whether the default's executions fell in the gaps or outside
//!   (it counts edges, not values), and peeling stops: on
//!   k159_date_diff, whose hot default is the months between the cases,
//!   the span test cost 9% of the kernel's instructions, though on
//!   k087_word_count, whose hot default is the letters above the cases,
//!   it gained 18%;
//! - unless the switch's operand was value-profiled (`-fprofile-values`):
//!   then a value that no case takes and that takes [`MIN_SHARE`] of the
//!   switch's executions is tested first, `x == v` to the default (once
//!   per switch), as gcc's and LLVM's profile-driven switch lowering test a
//!   dominant value.
//!
//! The new edges carry their counts (the peeled cluster's, and the rest),
//! so that the layout transforms see a consistent profile. Switches that
//! ran less than [`MIN_RELATIVE_COUNT`] of their function's hottest block
//! or fewer than [`MIN_COUNT`] times are left alone, and at most
//! [`MAX_PEELS`] tests are peeled per switch.

#[cfg(test)]
mod tests;

use crate::transform::unreachable::remove_unreachable_blocks;
use crate::ir::{BinaryOp, Block, BlockCall, Function, Inst, InstData, IntCC, Type, Value};
use crate::profile::value_sites::SiteValues;
use std::collections::HashMap;

/// The smallest share of a switch's remaining executions that its hottest
/// cluster must take to be peeled.
/// Measured on the 23 switch kernels (same- and cross-input profiles):
/// 0.3 gains on two kernels more than 0.4, and 0.55 peels almost nothing.
pub const MIN_SHARE: f64 = 0.3;

/// Switches that ran fewer times than this in the profile stay as they
/// are: a share estimated from a handful of executions is noise. With no
/// such floor, cross-input profiles of two or three executions made
/// k038_stack_vm and k114_list_queue 9% slower.
pub const MIN_COUNT: u64 = 32;

/// Switches whose block ran less than this fraction of the function's
/// hottest block stay as they are.
pub const MIN_RELATIVE_COUNT: f64 = 0.01;

/// The most tests peeled off one switch.
pub const MAX_PEELS: usize = 4;

/// What peeling did to one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeelStats {
    /// Switches that got at least one test in front.
    pub switches: usize,
    /// Tests peeled off switches.
    pub tests: usize,
}

/// Peels the hot clusters off every hot annotated `switch` of `func`;
/// `values` holds the profiled operand values of some of its switches,
/// by terminator.
pub fn peel_switches(func: &mut Function, values: &HashMap<Inst, SiteValues>) -> PeelStats {
    let hottest = func.layout.iter().filter_map(|&b| func.blocks[b].count).max().unwrap_or(0);
    let mut stats = PeelStats::default();
    for block in func.layout.clone() {
        let Some(count) = func.blocks[block].count else { continue };
        if count < MIN_COUNT || (count as f64) < MIN_RELATIVE_COUNT * hottest as f64 {
            continue;
        }
        let mut at = Some(block);
        let mut peeled = 0;
        // The switch's profiled values, until one of them is peeled.
        let mut site = func.terminator(block).and_then(|term| values.get(&term));
        while let Some(current) = at.filter(|_| peeled < MAX_PEELS) {
            let Some((next, peeled_value)) = peel_once(func, current, site) else { break };
            if peeled_value {
                site = None;
            }
            peeled += 1;
            at = next;
        }
        stats.switches += usize::from(peeled > 0);
        stats.tests += peeled;
    }
    if stats.tests > 0 {
        // Case-label blocks that only the peeled slots reached.
        remove_unreachable_blocks(func);
    }
    stats
}

/// A target of a switch together with the case values that reach it.
#[derive(Clone, Debug, PartialEq)]
enum Cluster {
    /// The consecutive case values `lo..=hi`, in successor slots `slots`
    /// (indices into the switch's cases).
    Cases { lo: i64, hi: i64, slots: Vec<usize> },
    Default,
}

/// The case clusters of a switch: maximal runs of consecutive values
/// with the same final target ([`final_target`]), each with its count.
fn case_clusters(func: &Function, cases: &[(i64, BlockCall)]) -> Vec<(Cluster, u64)> {
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&i| cases[i].0);
    let mut clusters: Vec<(Cluster, u64)> = Vec::new();
    for i in order {
        let (value, dest) = &cases[i];
        let count = dest.count.unwrap_or(0);
        if let Some((Cluster::Cases { hi, slots, .. }, total)) = clusters.last_mut() {
            if hi.checked_add(1) == Some(*value) && final_target(func, &cases[slots[0]].1).1 == final_target(func, dest).1 {
                *hi = *value;
                slots.push(i);
                *total = total.saturating_add(count);
                continue;
            }
        }
        clusters.push((Cluster::Cases { lo: *value, hi: *value, slots: vec![i] }, count));
    }
    clusters
}

/// Where a branch to `dest` really goes: C's `case 1: case 2: ...`
/// labels become a chain of empty blocks, each jumping to the next, so a
/// branch is followed through blocks that have no parameters and hold only
/// a `jump` without arguments. Returns the blocks passed through and the
/// final target with its arguments.
fn final_target(func: &Function, dest: &BlockCall) -> (Vec<Block>, (Block, Vec<Value>)) {
    let mut through = Vec::new();
    let mut block = dest.block;
    while through.len() < MAX_FORWARDERS && !through.contains(&block) {
        let data = &func.blocks[block];
        let [only] = data.insts[..] else { break };
        match &func.insts[only] {
            InstData::Jump { dest: next } if data.params.is_empty() && next.args.is_empty() => {
                through.push(block);
                block = next.block;
            }
            _ => break,
        }
    }
    if through.is_empty() {
        (through, (dest.block, dest.args.clone()))
    } else {
        (through, (block, Vec::new()))
    }
}

/// The longest chain of empty blocks [`final_target`] follows.
const MAX_FORWARDERS: usize = 32;

/// Peels the hottest cluster off the switch ending `block`, if it takes
/// [`MIN_SHARE`] of the switch's count, or for a hot default a dominant
/// value of `site`, the switch's profiled values. Returns `None` when
/// nothing was peeled, and otherwise whether a value was, and
/// `Some(b)` when the rest of the switch is now in block `b` or `None`
/// when no switch is left.
fn peel_once(func: &mut Function, block: Block, site: Option<&SiteValues>) -> Option<(Option<Block>, bool)> {
    let term = func.terminator(block)?;
    let InstData::Switch { arg, default, cases } = &func.insts[term] else { return None };
    if cases.is_empty() {
        return None;
    }
    let default_count = default.count?;
    let mut clusters = case_clusters(func, cases);
    let total = clusters.iter().map(|&(_, c)| c).fold(default_count, u64::saturating_add);
    clusters.push((Cluster::Default, default_count));
    // The first of equally hot clusters wins, so the result does not
    // depend on anything but the switch.
    let (best, best_count) = clusters.iter().fold(None, |best: Option<&(Cluster, u64)>, c| match best {
        Some(b) if b.1 >= c.1 => Some(b),
        _ => Some(c),
    })?;
    if total == 0 || (*best_count as f64) < MIN_SHARE * total as f64 {
        return None;
    }
    if *best == Cluster::Default && !fills_span(cases) {
        // The hottest value that no case takes goes to the default.
        let &(value, count) = site?.values.iter().find(|&&(v, _)| cases.iter().all(|&(k, _)| k != v as i64))?;
        if (count as f64) < MIN_SHARE * total as f64 || count > default_count {
            return None;
        }
        let arg = *arg;
        return Some((peel_value(func, block, term, arg, value as i64, count, total), true));
    }
    // With one case cluster left, testing it or the default is the same
    // two-way branch, and testing the cluster leaves no switch behind.
    let (best, best_count) = match &clusters[..] {
        [(single, count), _default] => (single, count),
        _ => (best, best_count),
    };
    let (arg, best, best_count) = (*arg, best.clone(), *best_count);
    let rest = match best {
        Cluster::Cases { lo, hi, slots } => peel_cases(func, block, term, arg, (lo, hi), &slots, best_count, total),
        Cluster::Default => peel_default(func, block, term, arg, total),
    };
    Some((rest, false))
}

/// Whether the case values of a switch are every value from the smallest
/// to the largest, so that the default runs only outside that span.
fn fills_span(cases: &[(i64, BlockCall)]) -> bool {
    let lo = cases.iter().map(|&(v, _)| v).min().unwrap_or(0);
    let hi = cases.iter().map(|&(v, _)| v).max().unwrap_or(0);
    hi as i128 - lo as i128 + 1 == cases.len() as i128
}

/// Replaces the switch `term` of `block` by a test of `lo..=hi` branching
/// to the target of case slots `slots`, followed by the switch without
/// them.
#[allow(clippy::too_many_arguments)]
fn peel_cases(
    func: &mut Function,
    block: Block,
    term: Inst,
    arg: Value,
    (lo, hi): (i64, i64),
    slots: &[usize],
    count: u64,
    total: u64,
) -> Option<Block> {
    let InstData::Switch { default, cases, .. } = func.insts[term].clone() else { unreachable!("a switch") };
    // The test branches to the cluster's final target, and the counts of
    // the empty blocks its slots passed through drop by what they brought.
    let (_, (target, args)) = final_target(func, &cases[slots[0]].1);
    let hot = BlockCall { block: target, args, count: Some(count) };
    for &slot in slots {
        let brought = cases[slot].1.count.unwrap_or(0);
        for forwarder in final_target(func, &cases[slot].1).0 {
            let data = &mut func.blocks[forwarder];
            data.count = data.count.map(|c| c.saturating_sub(brought));
            let jump = *data.insts.last().expect("a forwarder holds its jump");
            if let InstData::Jump { dest } = &mut func.insts[jump] {
                dest.count = dest.count.map(|c| c.saturating_sub(brought));
            }
        }
    }
    let rest: Vec<(i64, BlockCall)> =
        cases.into_iter().enumerate().filter(|(i, _)| !slots.contains(i)).map(|(_, case)| case).collect();
    let cond = if lo == hi {
        let value = constant(func, block, func.value_type(arg), lo);
        func.insert_before_terminator(block, InstData::Icmp { cond: IntCC::Eq, args: [arg, value] }, Type::I8)
    } else {
        range_test(func, block, arg, lo, hi, IntCC::Ule)
    };
    branch_on(func, block, term, cond, hot, default, rest, total - count)
}

/// Replaces the switch `term` of `block`, whose cases fill their span, by
/// a test that sends the values outside the span to the default, followed
/// by the switch (whose default edge can no longer run).
fn peel_default(func: &mut Function, block: Block, term: Inst, arg: Value, total: u64) -> Option<Block> {
    let InstData::Switch { default, cases, .. } = func.insts[term].clone() else { unreachable!("a switch") };
    let lo = cases.iter().map(|&(v, _)| v).min().expect("the switch has cases");
    let hi = cases.iter().map(|&(v, _)| v).max().expect("the switch has cases");
    let cond = range_test(func, block, arg, lo, hi, IntCC::Ugt);
    let outside = default.count.unwrap_or(0);
    let mut rest_default = default.clone();
    rest_default.count = Some(0);
    branch_on(func, block, term, cond, default, rest_default, cases, total - outside)
}

/// Replaces the switch `term` of `block` by a test that sends `value`,
/// which no case takes and which `count` of the switch's `total`
/// executions had, to the default, followed by the switch.
fn peel_value(func: &mut Function, block: Block, term: Inst, arg: Value, value: i64, count: u64, total: u64) -> Option<Block> {
    let InstData::Switch { default, cases, .. } = func.insts[term].clone() else { unreachable!("a switch") };
    let constant = constant(func, block, func.value_type(arg), value);
    let cond = func.insert_before_terminator(block, InstData::Icmp { cond: IntCC::Eq, args: [arg, constant] }, Type::I8);
    let hot = BlockCall { count: Some(count), ..default.clone() };
    let rest_default = BlockCall { count: default.count.map(|c| c - count), ..default };
    branch_on(func, block, term, cond, hot, rest_default, cases, total - count)
}

/// Ends `block` (whose switch `term` is replaced) with `brif cond, hot,
/// else`, where `else` is the default when `rest` is empty and otherwise
/// a new block holding `switch arg, default, rest`, reached `rest_count`
/// times. Returns that new block.
#[allow(clippy::too_many_arguments)]
fn branch_on(
    func: &mut Function,
    block: Block,
    term: Inst,
    cond: Value,
    hot: BlockCall,
    default: BlockCall,
    rest: Vec<(i64, BlockCall)>,
    rest_count: u64,
) -> Option<Block> {
    let InstData::Switch { arg, .. } = func.insts[term] else { unreachable!("a switch") };
    if rest.is_empty() {
        func.blocks[block].insts.pop();
        finish_brif(func, block, cond, hot, default);
        return None;
    }
    let next = new_block_after(func, block, rest_count);
    move_terminator(func, block, term, next, InstData::Switch { arg, default, cases: rest });
    finish_brif(func, block, cond, hot, BlockCall { block: next, args: Vec::new(), count: Some(rest_count) });
    Some(next)
}

/// `(arg - lo) cc (hi - lo)` in `arg`'s type, computed at the end of
/// `block`: with `ule`, whether `arg` is in `lo..=hi`; with `ugt`, whether
/// it is outside.
fn range_test(func: &mut Function, block: Block, arg: Value, lo: i64, hi: i64, cc: IntCC) -> Value {
    let ty = func.value_type(arg);
    let offset = constant(func, block, ty, lo);
    let shifted = func.insert_before_terminator(block, InstData::Binary { op: BinaryOp::Isub, args: [arg, offset] }, ty);
    let span = constant(func, block, ty, hi.wrapping_sub(lo));
    func.insert_before_terminator(block, InstData::Icmp { cond: cc, args: [shifted, span] }, Type::I8)
}

/// An `iconst` of `value` (wrapped to `ty`) before `block`'s terminator.
fn constant(func: &mut Function, block: Block, ty: Type, value: i64) -> Value {
    func.insert_before_terminator(block, InstData::Iconst { imm: ty.canonical_imm(value) }, ty)
}

/// A new empty block, placed after `block` in the layout, that ran
/// `count` times and belongs to `block`'s source line.
fn new_block_after(func: &mut Function, block: Block, count: u64) -> Block {
    let next = func.create_block();
    func.layout.pop();
    let at = func.layout.iter().position(|&b| b == block).expect("block is laid out") + 1;
    func.layout.insert(at, next);
    func.blocks[next].count = Some(count);
    func.block_lines[next] = func.block_lines[block];
    next
}

/// Moves the terminator `term` from the end of `block` to the end of
/// `next`, as `data`.
fn move_terminator(func: &mut Function, block: Block, term: Inst, next: Block, data: InstData) {
    let popped = func.blocks[block].insts.pop();
    debug_assert_eq!(popped, Some(term));
    func.insts[term] = data;
    func.blocks[next].insts.push(term);
    func.inst_block[term] = next.into();
}

/// Ends `block`, whose terminator was removed, with `brif cond, then, else`.
fn finish_brif(func: &mut Function, block: Block, cond: Value, then_dest: BlockCall, else_dest: BlockCall) {
    func.append_inst(block, InstData::Brif { cond, then_dest, else_dest }, None);
}
