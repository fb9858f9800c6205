//! The block order Cranelift will emit a function in, and what a profile
//! says its branches cost in that order.
//!
//! Pettis & Hansen ("Profile Guided Code Positioning", PLDI 1990, "Basic
//! Block Positioning") lay out blocks so that the hot edges fall through.
//! nissecc cannot place blocks itself, so the profile-guided transforms
//! predict where Cranelift will place them and judge a change by the
//! prediction. Cranelift 0.135 (`machinst/blockorder.rs` and
//! `dominator_tree.rs`) lowers blocks in the reverse postorder of a
//! depth-first search from the entry that visits a block's successors in
//! slot order, and emits blocks marked cold after all the others. Its
//! machine-code buffer then drops a jump to the block that follows, and
//! turns "conditional jump to the next block, jump elsewhere" into one
//! inverted conditional jump. What stays is, per block:
//!
//! - `jump S`: one jump unless `S` comes next;
//! - `brif c, T, E`: when `E` comes next, a conditional jump taken
//!   `count(T)` times; when `T` comes next, one taken `count(E)` times;
//!   otherwise a conditional jump to `T` and a jump to `E`.
//!
//! The cost of a layout ([`branch_cost`]) counts one for every taken
//! transfer of control and one for every executed unconditional jump (an
//! instruction that would not be there if its target came next). The
//! conditional jumps themselves run the same number of times in every
//! layout and are left out.
//!
//! Edge blocks that Cranelift adds on critical edges for block-argument
//! moves are not modelled: when empty they vanish, and when they hold
//! moves they cost the same whichever way the branch is turned.

use crate::ir::{Block, Function, InstData};
use cranelift_entity::SecondaryMap;

/// The reachable blocks of `func` in the order Cranelift emits them:
/// reverse postorder of a depth-first search that follows successor slots
/// in order, then the blocks that are cold (marked, or never run in the
/// profile) in the same relative order.
pub fn predicted_order(func: &Function) -> Vec<Block> {
    let Some(entry) = func.entry() else { return Vec::new() };
    let postorder = func.reverse_postorder();
    let is_cold = |b: Block| b != entry && (func.blocks[b].cold || func.blocks[b].count == Some(0));
    let (mut order, cold): (Vec<Block>, Vec<Block>) = postorder.into_iter().partition(|&b| !is_cold(b));
    order.extend(cold);
    order
}

/// The cost of the profiled runs' branches if Cranelift emits `func`'s
/// blocks in `order`: taken transfers of control plus executed
/// unconditional jumps. Edges without a count cost nothing.
pub fn branch_cost(func: &Function, order: &[Block]) -> u64 {
    let mut next: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    for pair in order.windows(2) {
        next[pair[0]] = Some(pair[1]);
    }
    let jump = |count: u64| count.saturating_mul(2);
    let mut total = 0u64;
    for &block in order {
        let Some(term) = func.terminator(block) else { continue };
        let follows = next[block];
        total = total.saturating_add(match &func.insts[term] {
            InstData::Jump { dest } if follows != Some(dest.block) => jump(dest.count.unwrap_or(0)),
            InstData::Brif { then_dest, else_dest, .. } => {
                let (then_count, else_count) = (then_dest.count.unwrap_or(0), else_dest.count.unwrap_or(0));
                if follows == Some(else_dest.block) {
                    then_count
                } else if follows == Some(then_dest.block) {
                    else_count
                } else {
                    then_count.saturating_add(jump(else_count))
                }
            }
            InstData::Switch { default, cases, .. } => std::iter::once(default)
                .chain(cases.iter().map(|(_, dest)| dest))
                .filter(|dest| follows != Some(dest.block))
                .map(|dest| dest.count.unwrap_or(0))
                .fold(0, u64::saturating_add),
            _ => 0,
        });
    }
    total
}

/// [`branch_cost`] for the order [`predicted_order`] predicts.
pub fn predicted_branch_cost(func: &Function) -> u64 {
    branch_cost(func, &predicted_order(func))
}
