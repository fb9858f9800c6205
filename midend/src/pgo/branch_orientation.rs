//! Branch orientation: every two-way branch is turned so that its more
//! frequent successor is the one that falls through (Pettis & Hansen,
//! "Profile Guided Code Positioning", PLDI 1990, "Basic Block
//! Positioning": hot successors are laid out right after their branch).
//!
//! nissecc cannot place blocks itself: Cranelift lowers blocks in the
//! reverse postorder of a depth-first search that visits a block's
//! successors in slot order, so the *last* successor visited, the `else`
//! target of a `brif`, is laid out right after the branch (when no other
//! path reached it first), and the machine-code buffer then drops the jump
//! to it. Orienting a branch therefore means making the hot successor the
//! `else` target: the branch is rewritten as `brif !c, else, then`, with
//! the edge counts moving along with their targets.
//!
//! Negating the condition costs nothing at run time:
//! - an integer comparison used only by this branch gets the inverse
//!   condition in place; one with other uses is recomputed inverted right
//!   before the branch (Cranelift fuses a comparison into the branch that
//!   reads it, and drops the original if nothing else reads it);
//! - a float `eq`/`ne` comparison likewise (C's `!=` is true on NaN, so
//!   they are exact inverses); the ordered float comparisons have no exact
//!   inverse among the IR's conditions (`!(a < b)` is "unordered or
//!   a >= b"), so such branches keep their orientation;
//! - any other condition `c` becomes `icmp eq c, 0`, which Cranelift
//!   lowers to the same `test` and conditional jump as `brif c`.

use super::cranelift_layout::predicted_branch_cost;
use crate::ir::{Block, FloatCC, Function, Inst, InstData, IntCC, Type, Value, ValueDef};
use cranelift_entity::SecondaryMap;
use std::collections::HashSet;

/// What orientation did to one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrientStats {
    /// Branches turned round.
    pub flipped: usize,
    /// Branches whose hot successor was `then` but whose condition (an
    /// ordered float comparison) has no exact inverse.
    pub kept_float: usize,
    /// Branches left alone because their bias is unstable across runs.
    pub held: usize,
}

/// Orients every annotated `brif` of `func` so as to lower the branch
/// cost the profile predicts for Cranelift's layout
/// ([`predicted_branch_cost`]): a local search from the branches as they
/// are and one from Pettis & Hansen's rule (each branch's hotter successor
/// the `else` target, which falls through when nothing else claimed it);
/// the cheaper result wins, and the branches as they are win a tie.
/// Branches whose two targets are the same block are left alone.
///
/// Keeping a tie matters twice: a loop's latch turned so that its hot
/// back edge would "fall through" costs a conditional jump out plus a jump
/// back, since Cranelift always places the header earlier; and turning a
/// branch that the layout does not reward still changes Cranelift's
/// worklist order in its redundant-load analysis (`alias_analysis.rs`),
/// which then can miss a reload in the loop body (k092, k093).
pub fn orient_branches(func: &mut Function) -> OrientStats {
    orient_branches_except(func, &HashSet::new())
}

/// [`orient_branches`], leaving alone the branches that end the blocks
/// `held` (those whose bias a combined profile found unstable across runs,
/// `profile::combined::unstable_branches`): they keep the orientation they
/// have, though the predicted cost still counts them.
pub fn orient_branches_except(func: &mut Function, held: &HashSet<Block>) -> OrientStats {
    let mut uses: SecondaryMap<Value, u32> = SecondaryMap::new();
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            for value in func.insts[inst].all_uses() {
                uses[value] += 1;
            }
        }
    }
    let mut stats = OrientStats::default();
    // The branches that may be turned, and whether Pettis & Hansen's rule
    // turns each.
    let mut candidates: Vec<(Block, Inst, bool)> = Vec::new();
    for &block in &func.layout {
        let Some(term) = func.terminator(block) else { continue };
        let InstData::Brif { cond, then_dest, else_dest } = &func.insts[term] else { continue };
        let (Some(then_count), Some(else_count)) = (then_dest.count, else_dest.count) else { continue };
        if then_dest.block == else_dest.block {
            continue;
        }
        if held.contains(&block) {
            stats.held += 1;
            continue;
        }
        if !negatable(func, *cond) {
            stats.kept_float += usize::from(then_count > else_count);
            continue;
        }
        candidates.push((block, term, then_count > else_count));
    }
    let terms: Vec<Inst> = candidates.iter().map(|&(_, term, _)| term).collect();
    let hot_rule: Vec<bool> = candidates.iter().map(|&(_, _, hot_then)| hot_then).collect();
    let (kept_cost, kept) = local_search(func, &terms, vec![false; terms.len()]);
    let (rule_cost, from_rule) = local_search(func, &terms, hot_rule);
    let turned = if rule_cost < kept_cost { from_rule } else { kept };
    for ((block, term, _), turned) in candidates.into_iter().zip(turned) {
        if !turned {
            continue;
        }
        swap_targets(func, term);
        let InstData::Brif { cond, .. } = func.insts[term] else { unreachable!("a candidate is a brif") };
        let negated = negate(func, block, cond, uses[cond]).expect("candidates have a negatable condition");
        if let InstData::Brif { cond, .. } = &mut func.insts[term] {
            *cond = negated;
        }
        stats.flipped += 1;
    }
    stats
}

/// Steepest descent over the turns of the `brif`s `terms`, from `turned`:
/// each step turns the one branch that lowers the predicted cost most, so
/// that a branch turned for a small gain cannot block a larger one
/// elsewhere. Returns the final cost and turns; `func` is left as it was.
fn local_search(func: &mut Function, terms: &[Inst], mut turned: Vec<bool>) -> (u64, Vec<bool>) {
    let apply = |func: &mut Function, turned: &[bool]| {
        for (&term, _) in terms.iter().zip(turned).filter(|(_, &t)| t) {
            swap_targets(func, term);
        }
    };
    apply(func, &turned);
    let mut cost = predicted_branch_cost(func);
    if terms.len() <= MAX_SEARCHED_BRANCHES {
        for _ in 0..2 * terms.len() {
            let mut best: Option<(usize, u64)> = None;
            for (index, &term) in terms.iter().enumerate() {
                swap_targets(func, term);
                let new_cost = predicted_branch_cost(func);
                swap_targets(func, term);
                if new_cost < best.map_or(cost, |(_, c)| c) {
                    best = Some((index, new_cost));
                }
            }
            let Some((index, new_cost)) = best else { break };
            swap_targets(func, terms[index]);
            turned[index] = !turned[index];
            cost = new_cost;
        }
    }
    apply(func, &turned);
    (cost, turned)
}

/// Functions with more candidate branches than this keep the first step's
/// orientation (each search step re-predicts the whole layout once per
/// branch).
const MAX_SEARCHED_BRANCHES: usize = 128;

/// Swaps the two targets of the `brif` `term`, counts included.
fn swap_targets(func: &mut Function, term: Inst) {
    if let InstData::Brif { then_dest, else_dest, .. } = &mut func.insts[term] {
        std::mem::swap(then_dest, else_dest);
    }
}

/// Whether [`negate`] can invert `cond`: everything but an ordered float
/// comparison.
fn negatable(func: &Function, cond: Value) -> bool {
    match func.values[cond].def {
        ValueDef::Result(def) => match func.insts[def] {
            InstData::Fcmp { cond, .. } => matches!(cond, FloatCC::Eq | FloatCC::Ne),
            _ => true,
        },
        ValueDef::Param(..) => true,
    }
}

/// A value that is nonzero exactly when `cond` is zero, computed in (or
/// before the terminator of) `block`, or `None` when no comparison in the
/// IR is its exact inverse. `uses` is how many instructions read `cond`.
fn negate(func: &mut Function, block: Block, cond: Value, uses: u32) -> Option<Value> {
    let inverted = match func.values[cond].def {
        ValueDef::Result(def) => match func.insts[def] {
            InstData::Icmp { cond: cc, args } => Some(InstData::Icmp { cond: cc.inverse(), args }),
            InstData::Fcmp { cond: cc, args } => match cc {
                FloatCC::Eq => Some(InstData::Fcmp { cond: FloatCC::Ne, args }),
                FloatCC::Ne => Some(InstData::Fcmp { cond: FloatCC::Eq, args }),
                _ => return None,
            },
            _ => None,
        }
        .map(|data| (def, data)),
        ValueDef::Param(..) => None,
    };
    let before_terminator = func.blocks[block].insts.len() - 1;
    match inverted {
        Some((def, data)) if uses == 1 => {
            func.insts[def] = data;
            Some(cond)
        }
        Some((_, data)) => {
            let ty = func.value_type(cond);
            let inst = func.insert_inst(block, before_terminator, data, Some(ty));
            func.inst_result(inst)
        }
        None => {
            let ty = func.value_type(cond);
            let zero = func.insert_inst(block, before_terminator, InstData::Iconst { imm: 0 }, Some(ty));
            let zero = func.inst_result(zero).expect("iconst has a result");
            let test = InstData::Icmp { cond: IntCC::Eq, args: [cond, zero] };
            let inst = func.insert_inst(block, before_terminator + 1, test, Some(Type::I8));
            func.inst_result(inst)
        }
    }
}

