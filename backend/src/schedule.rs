//! The backend's adjustments to the schedule that Cranelift's e-graph pass
//! leaves, made between Cranelift's optimization and its lowering (see
//! `compile` in [`crate::module_emit`]).
//!
//! Cranelift's elaborator decides the order of a block's pure instructions
//! before instruction selection, without knowing which loads selection
//! will fold into their users or which values the register allocator must
//! keep apart. Two local rules fix the orders that measurably cost
//! registers and moves in loops:
//! - [`crate::load_users`]: what lies between a foldable load and its
//!   user, and does not feed the user, goes after the user;
//! - [`crate::condition_placement`]: a loop latch's condition is computed
//!   right before its branch.
//!
//! Both move only pure instructions within a block, so they change no
//! value and no memory access; `NISSECC_DISABLE_PASSES=load-users` (both)
//! or `branch-conditions` (the second) turns them off.

use cranelift_codegen::dominator_tree::DominatorTree;
use cranelift_codegen::ir::{Function, Inst};

/// Applies both rules to `func`, whose dominator tree is `domtree`.
pub(crate) fn adjust(func: &mut Function, domtree: &DominatorTree) {
    crate::load_users::place_load_users(func);
    if nissecc_midend::pipeline::enabled("branch-conditions") {
        crate::condition_placement::place_branch_conditions(func, domtree);
    }
}

/// Whether `inst` neither reads nor writes memory, cannot trap, and is no
/// call or branch: it can move anywhere in its block that its operands
/// and users allow.
pub(crate) fn is_pure(func: &Function, inst: Inst) -> bool {
    let opcode = func.dfg.insts[inst].opcode();
    !(opcode.can_load()
        || opcode.can_store()
        || opcode.can_trap()
        || opcode.other_side_effects()
        || opcode.is_call()
        || opcode.is_branch()
        || opcode.is_terminator())
}
