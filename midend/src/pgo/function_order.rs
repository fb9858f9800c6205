//! Function ordering: the functions of a module are emitted hottest
//! first, so the code that runs most shares pages and cache lines, and the
//! functions that never ran go last (Pettis & Hansen, "Profile Guided Code
//! Positioning", PLDI 1990, "Procedure Positioning", reduced to one object
//! file: nissecc orders by hotness rather than by the paper's call-graph
//! "closest is best" merging, since each object is one translation unit).
//!
//! The backend defines functions in `Module::functions` order, which is
//! their order in `.text`.

use super::annotate::hottest_block;
use crate::ir::Module;
use std::cmp::Reverse;

/// Sorts `module.functions`: profiled functions that ran, hottest block
/// first; then functions without a profile, in source order; then
/// profiled functions that never ran.
pub fn order_functions(module: &mut Module) {
    module.functions.sort_by_key(|func| match hottest_block(func) {
        Some(0) => (2, Reverse(0)),
        Some(count) => (0, Reverse(count)),
        None => (1, Reverse(0)),
    });
}
