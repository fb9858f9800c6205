//! Cold blocks: blocks that never ran in the profiled runs of a function
//! that did run are marked `cold`, and the backend hands the mark to
//! Cranelift's `set_cold_block`, which emits them after all other blocks
//! of the function. The hot code of the function thus stays contiguous
//! and the branches into rarely used code are the taken ones (Pettis &
//! Hansen, "Profile Guided Code Positioning", PLDI 1990, "Procedure
//! Splitting", done within the function's own symbol).
//!
//! A block is cold when its count is at most [`COLD_FRACTION`] of the
//! function's entry count; the entry block never is.

use crate::ir::Function;

/// A block that runs at most this fraction of the function's entries is
/// cold; 0 means only blocks that never ran.
pub const COLD_FRACTION: f64 = 0.0;

/// Marks the cold blocks of annotated `func`; returns how many.
pub fn mark_cold_blocks(func: &mut Function) -> usize {
    let Some(entry) = func.entry() else { return 0 };
    let Some(entries) = func.blocks[entry].count else { return 0 };
    if entries == 0 {
        return 0;
    }
    let limit = entries as f64 * COLD_FRACTION;
    let mut marked = 0;
    for &block in &func.layout[1..] {
        let data = &mut func.blocks[block];
        if let Some(count) = data.count {
            if count as f64 <= limit && !data.cold {
                data.cold = true;
                marked += 1;
            }
        }
    }
    marked
}
