//! Removal of unreachable blocks.
//!
//! A block that no path from the entry reaches is dropped from the layout
//! (its entities stay allocated, as `Function::retain_blocks` documents).
//! Branches in the dropped blocks disappear with them, so the remaining
//! blocks' parameters lose those incoming edges and nothing else changes.
//! Passes that reason over the dominator tree run this first, because
//! unreachable code is in no tree.

use crate::analysis::cfg::Cfg;
use crate::ir::{Block, Function};

/// Drops unreachable blocks from the layout and returns them in layout
/// order.
pub fn remove_unreachable_blocks(func: &mut Function) -> Vec<Block> {
    let cfg = Cfg::compute(func);
    let removed = cfg.unreachable_in_layout(func);
    if !removed.is_empty() {
        func.retain_blocks(|b| cfg.reachable(b));
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::tests::{b, graph};

    #[test]
    fn drops_only_unreachable_blocks() {
        // 0 -> 2; 1 -> 2 (unreachable); 2 returns; 3 -> 1 (unreachable).
        let mut f = graph(&[&[2], &[2], &[], &[1]]);
        assert_eq!(remove_unreachable_blocks(&mut f), vec![b(1), b(3)]);
        assert_eq!(f.layout, vec![b(0), b(2)]);
        assert!(remove_unreachable_blocks(&mut f).is_empty());
        assert_eq!(Cfg::compute(&f).preds(b(2)).len(), 1);
    }
}
