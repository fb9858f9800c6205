//! The order in which a function's blocks are lowered: reverse postorder
//! from the entry. In SSA every definition dominates its uses, and a
//! dominator comes before the blocks it dominates in reverse postorder, so
//! lowering in this order meets each value's definition before its uses.
//! Blocks unreachable from the entry are left out: Cranelift would drop
//! them anyway, and their values need not be well-defined.

use crate::error::{BackendError, Result};
use cranelift_codegen::entity::SecondaryMap;
use nissecc_midend::ir::{Block, Function};

/// The blocks of `func` reachable from its entry, in reverse postorder.
/// Fails if a branch targets a block that is not in the layout.
pub(crate) fn reverse_postorder(func: &Function) -> Result<Vec<Block>> {
    let entry = func
        .entry()
        .ok_or_else(|| BackendError::new("the function has no body"))?;
    let mut in_layout: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &block in &func.layout {
        if !func.blocks.is_valid(block) {
            return Err(BackendError::new(format!(
                "the layout holds {block}, which does not exist"
            )));
        }
        in_layout[block] = true;
    }

    let order = func.reverse_postorder();
    debug_assert_eq!(order.first(), Some(&entry));
    for &block in &order {
        if let Some(succ) = func.successors(block).into_iter().find(|&s| !in_layout[s]) {
            return Err(BackendError::new(format!(
                "{block} branches to {succ}, which is not in the layout"
            )));
        }
    }
    Ok(order)
}
