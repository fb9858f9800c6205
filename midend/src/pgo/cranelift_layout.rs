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
//! holds nothing but a jump to that jump's target. What stays is, per
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
//! A *forwarding* block, `blockF(a, b): jump blockT(a, b)`, passes on its
//! own parameters unchanged. When register allocation leaves it empty, the
//! buffer redirects the branches to it to `blockT` (through any further
//! forwarding blocks) and the block before it falls through into whatever
//! follows it; when the allocator puts moves of other values in it (a
//! split live range on the edge into `blockT`), it is a block with a jump
//! like any other. Which of the two happens cannot be told from the IR:
//! k038_stack_vm's `if (op == OP_ADD) … else if` chain meets in
//! `block25 -> block22 -> block19`, all of which vanished, and
//! k087_word_count's chain of the same shape kept a `mov` in its
//! `block22`. Judged by either outcome alone, orientation turned k038's
//! chain for 60,000 more instructions, or left k087's for 29,534 more, so
//! [`predicted_branch_cost`] adds the costs of both.

use crate::ir::{Block, BlockCall, Function, InstData};
use cranelift_entity::SecondaryMap;

/// The reachable blocks of `func` in the order Cranelift lowers them:
/// reverse postorder of a depth-first search that follows successor slots
/// in order, then the blocks marked cold in the same relative order.
pub fn predicted_order(func: &Function) -> Vec<Block> {
    let Some(entry) = func.entry() else { return Vec::new() };
    let postorder = func.reverse_postorder();
    let is_cold = |b: Block| b != entry && func.blocks[b].cold;
    let (mut order, cold): (Vec<Block>, Vec<Block>) = postorder.into_iter().partition(|&b| !is_cold(b));
    order.extend(cold);
    order
}

/// What register allocation leaves in the forwarding blocks
/// ([`forwarding_target`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forwarding {
    /// Nothing: they emit no code and branches go past them.
    Vanish,
    /// Moves: they are blocks with a jump like any other.
    Stay,
}

/// The target of `block` when it is a forwarding block: not the entry, and
/// nothing but a `jump` that passes on `block`'s parameters in order.
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

/// Where a branch to `block` ends up once Cranelift has redirected it past
/// vanished forwarding blocks: the first block on the chain of `jump`s
/// from `block` that is not a forwarding block (`block` itself when it is
/// not one, or when the chain is a cycle).
fn resolved_target(func: &Function, block: Block) -> Block {
    let mut target = block;
    for _ in 0..func.layout.len() {
        match forwarding_target(func, target) {
            Some(next) => target = next,
            None => return target,
        }
    }
    block
}

/// The cost of the profiled runs' branches if Cranelift lowers `func`'s
/// blocks in `order` and the forwarding blocks end up as `forwarding`
/// says: taken transfers of control plus executed unconditional jumps.
/// Edges without a count cost nothing.
pub fn branch_cost(func: &Function, order: &[Block], forwarding: Forwarding) -> u64 {
    let vanish = forwarding == Forwarding::Vanish;
    let emitted: Vec<Block> =
        order.iter().copied().filter(|&b| !vanish || forwarding_target(func, b).is_none()).collect();
    let mut next: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    for pair in emitted.windows(2) {
        next[pair[0]] = Some(pair[1]);
    }
    let jump = |count: u64| count.saturating_mul(2);
    let mut total = 0u64;
    for &block in &emitted {
        let Some(term) = func.terminator(block) else { continue };
        let follows = next[block];
        let target = |dest: &BlockCall| if vanish { resolved_target(func, dest.block) } else { dest.block };
        let falls_into = |dest: &BlockCall| follows == Some(target(dest));
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

/// The [`branch_cost`] of the order [`predicted_order`] predicts, summed
/// over both outcomes for the forwarding blocks (twice their mean).
pub fn predicted_branch_cost(func: &Function) -> u64 {
    let order = predicted_order(func);
    branch_cost(func, &order, Forwarding::Vanish).saturating_add(branch_cost(func, &order, Forwarding::Stay))
}
