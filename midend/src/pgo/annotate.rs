//! Annotation: copies a function's matched block and edge counts into its
//! IR (`BlockData::count`, `BlockCall::count`), where the transforms read
//! them and `--emit=ir` prints them (`block3 count 40:`,
//! `brif v2, block4 count 39, block5 count 1`).
//!
//! Counts are numbered as `FunctionShape` numbers blocks and edges, which
//! is the order [`Cfg`] walks them in: reachable blocks in layout order,
//! and each block's successor edges in slot order.

use crate::analysis::cfg::Cfg;
use crate::ir::Function;
use crate::profile::EdgeProfile;

/// Writes `counts` onto `func`, whose CFG is `cfg` and matched `counts`.
pub fn annotate(func: &mut Function, cfg: &Cfg, counts: &EdgeProfile) {
    let mut edge_index = 0;
    for (i, &block) in cfg.blocks().iter().enumerate() {
        func.blocks[block].count = Some(counts.blocks[i]);
        for &edge in cfg.succs(block) {
            let data = *cfg.edge(edge);
            func.successor_slot_mut(data.branch, data.slot as usize).count = Some(counts.edges[edge_index].2);
            edge_index += 1;
        }
    }
}

/// How often `func` was entered, by its annotation: the entry block's
/// count, or `None` when it carries no profile.
pub fn entry_count(func: &Function) -> Option<u64> {
    func.entry().and_then(|entry| func.blocks[entry].count)
}

/// The count of `func`'s hottest block, or `None` when it carries no
/// profile.
pub fn hottest_block(func: &Function) -> Option<u64> {
    func.layout.iter().filter_map(|&b| func.blocks[b].count).max()
}
