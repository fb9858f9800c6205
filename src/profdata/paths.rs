//! The paths of a path profile as `show` prints them: each executed path
//! number regenerated into the blocks it runs through (Ball & Larus,
//! "Efficient Path Profiling", MICRO 1996, §3.3), with how it starts and
//! ends and the source lines it covers.

use super::counts::FunctionCounts;
use nissecc_midend::instrument::path::numbering::number;
use nissecc_midend::instrument::path::regenerate::{block_path, PathEnd, PathStart};
use nissecc_midend::instrument::tpp::analysis::TargetedPaths;
use nissecc_midend::profile::{FlowGraph, Strategy};

/// One executed path of one function.
#[derive(Clone, Debug)]
pub struct ShownPath {
    pub function: String,
    pub number: u64,
    pub count: u64,
    pub start: PathStart,
    pub blocks: Vec<u32>,
    pub end: PathEnd,
    /// The smallest and largest known source line of its blocks.
    pub lines: Option<(u32, u32)>,
    /// True for a path of a TPP profile recovered from its training edge
    /// profile rather than counted.
    pub derived: bool,
}

impl ShownPath {
    /// How the path starts, as `show` names it.
    pub fn start_name(&self) -> &'static str {
        match self.start {
            PathStart::Entry => "entry",
            PathStart::LoopHeader { .. } => "loop-header",
            PathStart::Truncation { .. } => "truncation",
            PathStart::SecondReturn { .. } => "second-return",
            PathStart::Disconnection { .. } => "disconnection",
        }
    }

    /// How the path ends, as `show` names it.
    pub fn end_name(&self) -> &'static str {
        match self.end {
            PathEnd::Return => "return",
            PathEnd::Latch { .. } => "latch",
            PathEnd::EarlyExit { .. } => "early-exit",
            PathEnd::Truncation { .. } => "truncation",
            PathEnd::Disconnection { .. } => "disconnection",
        }
    }
}

/// Whether `function` comes from a path profile.
pub fn is_path_profile(function: &FunctionCounts) -> bool {
    matches!(function.descriptor.strategy, Strategy::Path | Strategy::Tpp)
}

/// The number of potential paths of a path-profiled function (of a TPP
/// profile: its hot paths).
pub fn potential_paths(function: &FunctionCounts) -> u64 {
    let graph = FlowGraph::new(&function.descriptor.shape);
    match function.descriptor.strategy {
        Strategy::Tpp => TargetedPaths::new(&graph, &function.descriptor.targeted).hot_paths(),
        _ => number(&graph).total(),
    }
}

/// The executed paths of `function`, in path-number order. Counting has
/// already checked every number (`derive_flow`), so none fails to
/// regenerate.
/// Of a TPP profile, the counted hot paths (not the cold slot) and then the
/// hot paths derived from the training profile.
pub fn executed_paths(function: &FunctionCounts) -> Vec<ShownPath> {
    let graph = FlowGraph::new(&function.descriptor.shape);
    let (numbering, derived) = match function.descriptor.strategy {
        Strategy::Tpp => {
            let paths = TargetedPaths::new(&graph, &function.descriptor.targeted);
            let derived: Vec<(u64, u64)> = paths.derived.iter().filter_map(|d| Some((d.number?, d.count))).collect();
            (paths.numbering, derived)
        }
        _ => (number(&graph), Vec::new()),
    };
    let shown = |number: u64, count: u64, derived: bool| {
        let path = block_path(&numbering, &graph, number)?;
        let known: Vec<u32> = path.blocks.iter().filter_map(|&b| function.line(b as usize)).collect();
        let lines = known.iter().min().zip(known.iter().max()).map(|(&lo, &hi)| (lo, hi));
        Some(ShownPath { function: function.name.clone(), number, count, start: path.start, blocks: path.blocks, end: path.end, lines, derived })
    };
    let counted = function.paths.iter().filter_map(|&(number, count)| shown(number, count, false));
    counted.chain(derived.iter().filter_map(|&(number, count)| shown(number, count, true))).collect()
}
