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
//! slot order, and emits blocks marked cold after all the others. Only
//! blocks marked cold move: a block that never ran but is not marked
//! (`cold` runs after orientation and is off by default) stays where the
//! search put it, between hot blocks. Its machine-code buffer
//! (`machinst/buffer.rs`) then drops a jump to the block that follows,
//! turns "conditional jump to the next block, jump elsewhere" into one
//! inverted conditional jump, and redirects every branch to a block that
//! holds nothing but a jump to that jump's target. A *forwarding* block,
//! `blockF(a, b): jump blockT(a, b)`, passes on its own parameters
//! unchanged, so no moves are left in it and it vanishes: branches to it
//! go to `blockT` (through any further forwarding blocks), and the block
//! before it falls through into whatever follows it. What stays is, per
//! block:
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
//!
//! Modelling never-run blocks as sunk and forwarding blocks as present
//! made orientation turn k038_stack_vm's `if (op == OP_ADD) … else if`
//! chain for a predicted saving of 180,000 taken transfers that Cranelift
//! did not make: the chain's arms meet in `block25 -> block22 -> block19`
//! forwarding blocks, which the prediction charged a jump between, and its
//! never-run `OP_SUB` arm stayed between the hot arms and their join.

use crate::ir::{Block, BlockCall, Function, InstData};
use cranelift_entity::SecondaryMap;

/// The reachable blocks of `func` in the order Cranelift emits them:
/// reverse postorder of a depth-first search that follows successor slots
/// in order, then the blocks marked cold in the same relative order.
/// Forwarding blocks ([`forwarding_target`]) are left out: they emit no
/// code.
pub fn predicted_order(func: &Function) -> Vec<Block> {
    let Some(entry) = func.entry() else { return Vec::new() };
    let postorder = func.reverse_postorder();
    let is_cold = |b: Block| b != entry && func.blocks[b].cold;
    let (mut order, cold): (Vec<Block>, Vec<Block>) = postorder
        .into_iter()
        .filter(|&b| forwarding_target(func, b).is_none())
        .partition(|&b| !is_cold(b));
    order.extend(cold);
    order
}

/// Where a branch to `block` ends up once Cranelift has redirected it past
/// forwarding blocks: the first block on the chain of `jump`s from `block`
/// that is not a forwarding block (`block` itself when it is not one).
fn resolved_target(func: &Function, block: Block) -> Block {
    let mut target = block;
    // A cycle of forwarding blocks cannot be resolved; a chain longer than
    // the function has blocks is one.
    for _ in 0..func.layout.len() {
        match forwarding_target(func, target) {
            Some(next) => target = next,
            None => return target,
        }
    }
    block
}

/// The target of `block` when it is a forwarding block: not the entry, and
/// nothing but a `jump` that passes on `block`'s parameters in order (so
/// that no moves are left in it after register allocation).
pub fn forwarding_target(func: &Function, block: Block) -> Option<Block> {
    let data = &func.blocks[block];
    if func.entry() == Some(block) || data.insts.len() != 1 {
        return None;
    }
    match &func.insts[data.insts[0]] {
        InstData::Jump { dest } if dest.block != block && dest.args == data.params => Some(dest.block),
        _ => None,
    }
}

/// The cost of the profiled runs' branches if Cranelift emits `func`'s
/// blocks in `order` (without forwarding blocks, as [`predicted_order`]
/// gives it): taken transfers of control plus executed unconditional
/// jumps. A branch to a forwarding block counts as one to the block it
/// forwards to. Edges without a count cost nothing.
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
        let falls_into = |dest: &BlockCall| follows == Some(resolved_target(func, dest.block));
        total = total.saturating_add(match &func.insts[term] {
            InstData::Jump { dest } if !falls_into(dest) => jump(dest.count.unwrap_or(0)),
            InstData::Brif { then_dest, else_dest, .. } => {
                let (then_count, else_count) = (then_dest.count.unwrap_or(0), else_dest.count.unwrap_or(0));
                if falls_into(else_dest) {
                    then_count
                } else if falls_into(then_dest) {
                    else_count
                } else {
                    then_count.saturating_add(jump(else_count))
                }
            }
            InstData::Switch { default, cases, .. } => std::iter::once(default)
                .chain(cases.iter().map(|(_, dest)| dest))
                .filter(|dest| !falls_into(dest))
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
