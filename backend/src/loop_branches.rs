//! Which two-way branches leave a loop from their `then` side, so that
//! lowering can swap the targets and keep the loop's own block on the
//! `else` side (issue 18, issue 20).
//!
//! Cranelift 0.135 hoists loop-invariant values out of a loop while it
//! elaborates the dominator tree (`egraph/elaborate.rs`), with a stack of
//! the loops it is in. It visits a block's dominator-tree children in
//! reverse postorder and pops every loop that a child is not in, before
//! visiting that child, but never pushes the loop back for the next
//! child. A `brif c, body, exit` in a loop header has two children, and
//! Cranelift's reverse postorder puts the `else` side first; when that is
//! the exit, the loop is popped before the body is visited, and nothing in
//! the body is hoisted: not the address of a global or of a counter array
//! (a GOT load, or after relaxation a `lea`, on every iteration) nor
//! invariant arithmetic. With the loop's block on the `else` side, the
//! body is visited first and hoisting works.
//!
//! The swap also lays the loop out better: Cranelift places the `else`
//! target right after the branch, so the body falls through and the exit
//! is the taken branch, instead of a taken branch into the body on every
//! iteration.

use nissecc_midend::analysis::loops::LoopForest;
use nissecc_midend::analysis::Cfg;
use nissecc_midend::ir::{Block, Function};

/// The loops of one function, for asking about its branches.
pub(crate) struct LoopBranches {
    loops: LoopForest,
}

impl LoopBranches {
    pub(crate) fn compute(func: &Function) -> LoopBranches {
        LoopBranches { loops: LoopForest::compute(&Cfg::compute(func)) }
    }

    /// Whether a branch in `block` to `then_block` or `else_block` should
    /// swap them: `then_block` stays in the innermost loop that holds
    /// `block`, and `else_block` leaves it.
    pub(crate) fn should_swap(&self, block: Block, then_block: Block, else_block: Block) -> bool {
        let Some(lp) = self.loops.innermost_loop(block) else { return false };
        self.loops.contains(lp, then_block) && !self.loops.contains(lp, else_block)
    }
}
