//! Transforms: plain functions that rewrite a function in place. The
//! pipeline that orders them lives with the driver; each pass here states
//! what it expects and what it guarantees.
//!
//! - [`unreachable`]: drops blocks the entry cannot reach from the layout.
//! - [`mem2reg`]: promotes stack slots whose address never escapes to SSA
//!   values and block parameters.
//! - [`edit`]: small editing operations the passes share.
//! - [`filetest`]: the filetest kinds that run the passes.

pub mod edit;
#[cfg(test)]
pub(crate) mod eval;
pub mod filetest;
pub mod mem2reg;
pub mod unreachable;

pub use mem2reg::{mem2reg, promotable_slots};
pub use unreachable::remove_unreachable_blocks;
