//! SESE counters: loop variables that replace Knuth–Stevenson counters
//! (Frenot and Pereira, "Reusing Loop Variables as Counters", CC 2024).
//!
//! - [`detect`] finds the header parameters that satisfy Definition 3.5;
//! - [`select`] decides which of them replace a counter, and what each
//!   needs at run time (§3.1, Theorem 3.11, and the wrap-around rule);
//! - [`rewrite`] inserts the entry snapshot and the flushes.
//!
//! The planner (`instrument::plan`) keeps each replaced edge out of the
//! spanning tree, so it is a chord whose counter the variable fills in.

pub mod detect;
pub mod rewrite;
pub mod select;

pub use detect::{detect, Detection, Rejection, SegmentMap, SeseCounter};
pub use select::{select, EntryValue, Flush, Selection, Unused, UsedCounter};
