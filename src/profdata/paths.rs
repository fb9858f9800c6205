//! The paths of a path profile as `show` prints them: each executed path
//! number regenerated into the blocks it runs through (Ball & Larus,
//! "Efficient Path Profiling", MICRO 1996, §3.3), with how it starts and
//! ends and the source lines it covers.

use super::counts::FunctionCounts;
use nissecc_midend::instrument::path::numbering::number;
use nissecc_midend::instrument::path::regenerate::{block_path, PathEnd, PathStart};
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
}

impl ShownPath {
    /// How the path starts, as `show` names it.
    pub fn start_name(&self) -> &'static str {
        match self.start {
            PathStart::Entry => "entry",
            PathStart::LoopHeader { .. } => "loop-header",
            PathStart::Truncation { .. } => "truncation",
            PathStart::SecondReturn { .. } => "second-return",
        }
    }

    /// How the path ends, as `show` names it.
    pub fn end_name(&self) -> &'static str {
        match self.end {
            PathEnd::Return => "return",
            PathEnd::Latch { .. } => "latch",
            PathEnd::EarlyExit { .. } => "early-exit",
            PathEnd::Truncation { .. } => "truncation",
        }
    }
}

/// Whether `function` comes from a path profile.
pub fn is_path_profile(function: &FunctionCounts) -> bool {
    function.descriptor.strategy == Strategy::Path
}

/// The number of potential paths of a path-profiled function.
pub fn potential_paths(function: &FunctionCounts) -> u64 {
    number(&FlowGraph::new(&function.descriptor.shape)).total()
}

/// The executed paths of `function`, in path-number order. Counting has
/// already checked every number (`derive_flow`), so none fails to
/// regenerate.
pub fn executed_paths(function: &FunctionCounts) -> Vec<ShownPath> {
    let graph = FlowGraph::new(&function.descriptor.shape);
    let numbering = number(&graph);
    function
        .paths
        .iter()
        .filter_map(|&(number, count)| {
            let path = block_path(&numbering, &graph, number)?;
            let known: Vec<u32> = path.blocks.iter().filter_map(|&b| function.line(b as usize)).collect();
            let lines = known.iter().min().zip(known.iter().max()).map(|(&lo, &hi)| (lo, hi));
            Some(ShownPath { function: function.name.clone(), number, count, start: path.start, blocks: path.blocks, end: path.end, lines })
        })
        .collect()
}
