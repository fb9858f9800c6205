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
pub mod filetest;
pub mod rewrite;
pub mod select;

pub use detect::{detect, Detection, Rejection, SegmentMap, SeseCounter};
pub use select::{select, EntryValue, Flush, Selection, Unused, UsedCounter};

use crate::analysis::cfg::Cfg;
use crate::analysis::loops::LoopForest;
use crate::instrument::weights::Weight;
use crate::ir::{Function, Inst};
use crate::profile::{CallExit, FlowGraph, FunctionShape};

/// Detects the SESE counters of `func` and selects those that replace a
/// counter. `calls` are the shape's call sites' instructions, `graph` the
/// flow graph of `shape`, and `weights` the planner's flow-edge weights
/// (real counts when `weights_from_profile`).
pub fn find(
    func: &Function,
    cfg: &Cfg,
    shape: &FunctionShape,
    calls: &[Inst],
    graph: &FlowGraph,
    loops: &LoopForest,
    weights: &[Weight],
    weights_from_profile: bool,
) -> (Detection, Selection) {
    let segments = SegmentMap::new(func, cfg, graph, shape.call_sites.iter().map(|s| (s.block, s.inst)));
    let detection = detect(func, cfg, loops, &segments);
    let call_sites: Vec<(Inst, bool)> = calls.iter().zip(&shape.call_sites).map(|(&c, s)| (c, s.exit == CallExit::MayNotReturn)).collect();
    let selection = select(func, cfg, loops, graph, &segments, &detection, &call_sites, weights, weights_from_profile);
    (detection, selection)
}
