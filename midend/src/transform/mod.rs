//! Transforms: plain functions that rewrite a function in place. The
//! pipeline that orders them lives with the driver; each pass here states
//! what it expects and what it guarantees.
//!
//! - [`unreachable`]: drops blocks the entry cannot reach from the layout.
//! - [`mem2reg`]: promotes stack slots whose address never escapes to SSA
//!   values and block parameters.
//! - [`inline_memops`]: expands small constant-size `memcpy` and
//!   `memset` calls into loads and stores.
//! - [`fold_constants`]: integer instructions of constant operands become
//!   constants.
//! - [`narrow_arithmetic`]: does `char` and `short` arithmetic that the
//!   integer promotions widened at its own width when only that is kept.
//! - [`simplify_cfg`]: folds known branches and merges straight-line
//!   blocks.
//! - [`thread_jumps`]: an edge into a join that repeats the edge's own
//!   test gets a copy of the join that goes straight to the known
//!   successor.
//! - [`if_convert`]: turns small `if`s that assign a value into
//!   `select`s.
//! - [`rotate_loops`]: turns top-tested loops into guarded bottom-tested
//!   ones.
//! - [`widen_ivs`]: gives 32-bit loop counters a 64-bit twin so that
//!   array indexing stops extending them.
//! - [`truncated_parameters`]: a block parameter passed truncations
//!   receives the wide values and is truncated once in its block.
//! - [`narrow_compares`]: compares `char`s and `short`s without
//!   extending them to `int` first.
//! - [`nonnegative_extensions`]: sign extensions of values that cannot be
//!   negative become zero extensions, which x86-64 gets for free, and
//!   their signed divisions by powers of two become shifts.
//! - [`address_offsets`]: moves the constant part of an address into
//!   the load's or store's offset.
//! - [`invariant_addresses`]: adds up the loop-invariant terms of an
//!   address apart from the one that changes, so that their sum leaves the
//!   loop.
//! - [`hoist_loads`]: moves loads of unchanging memory out of loops.
//! - [`copy_loops`]: loops that only copy array elements become
//!   `memmove` calls, under a run-time test that the arrays are apart.
//! - [`value_numbering`]: removes recomputed values and reloads of known
//!   memory.
//! - [`dce`]: removes dead instructions and block parameters.
//! - [`edit`]: small editing operations the passes share.
//! - [`demote`]: stores values to stack slots so that a pass that copies
//!   blocks can leave SSA repair to [`mem2reg`].
//! - [`filetest`]: the filetest kinds that run the passes.

pub mod address_offsets;
pub mod copy_loops;
pub mod dce;
pub mod demote;
pub mod edit;
#[cfg(test)]
pub(crate) mod eval;
pub mod filetest;
pub mod fold_constants;
pub mod hoist_loads;
pub mod if_convert;
pub mod inline_memops;
pub mod invariant_addresses;
pub mod mem2reg;
pub mod narrow_arithmetic;
pub mod narrow_compares;
pub mod nonnegative_extensions;
#[cfg(test)]
mod narrow_compares_tests;
pub mod rotate_loops;
pub mod simplify_cfg;
pub mod thread_jumps;
pub mod truncated_parameters;
pub mod unreachable;
pub mod value_numbering;
pub mod widen_ivs;

pub use address_offsets::fold_address_offsets;
pub use copy_loops::copy_loops_to_memmove;
pub use fold_constants::fold_constants;
pub use hoist_loads::hoist_invariant_loads;
pub use if_convert::if_convert;
pub use inline_memops::inline_small_memops;
pub use invariant_addresses::group_invariant_addresses;
pub use dce::eliminate_dead_code;
pub use rotate_loops::{rotate_loops, rotate_loops_with};
pub use simplify_cfg::simplify_cfg;
pub use thread_jumps::thread_jumps;
pub use truncated_parameters::widen_truncated_parameters;
pub use mem2reg::{mem2reg, promotable_slots};
pub use narrow_arithmetic::narrow_arithmetic;
pub use narrow_compares::narrow_compares;
pub use nonnegative_extensions::{divide_nonnegatives, zero_extend_nonnegatives};
pub use unreachable::remove_unreachable_blocks;
pub use value_numbering::number_values;
pub use widen_ivs::widen_ivs;
