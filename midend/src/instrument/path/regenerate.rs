//! Regenerating a path from its number (Ball & Larus, "Efficient Path
//! Profiling", MICRO 1996, §3.3; `../shared/notes/efficient-path-profiling.md`,
//! "Regenerating a path from its number").
//!
//! Starting at ENTRY with `R` = the number, each step takes the out-edge
//! `e` whose range `[Val(e), Val(e) + NumPaths(target(e)))` holds `R`,
//! subtracts `Val(e)` and moves to the target, until EXIT. The ranges of a
//! vertex's out-edges tile `[0, NumPaths(v))` (`numbering.rs`), so exactly
//! one edge qualifies at every step, and a number outside
//! `[0, NumPaths(ENTRY))` is rejected.

use super::dag::{CutReason, DagEdgeKind};
use super::numbering::Numbering;
use crate::profile::flow_graph::Vertex;
use crate::profile::FlowGraph;

/// The edges of path `number`, from ENTRY to EXIT, or `None` when no path
/// has that number.
pub fn regenerate(numbering: &Numbering, number: u64) -> Option<Vec<u32>> {
    let dag = &numbering.dag;
    let mut rest = number;
    let mut v = dag.entry();
    let mut path = Vec::new();
    while v != dag.exit() {
        let e = *dag.succs(v).iter().find(|&&e| {
            let start = numbering.val[e as usize];
            rest >= start && rest - start < numbering.num_paths[dag.edge(e).to as usize]
        })?;
        rest -= numbering.val[e as usize];
        path.push(e);
        v = dag.edge(e).to;
    }
    (rest == 0).then_some(path)
}

/// How a path begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStart {
    /// At the function's entry.
    Entry,
    /// After a back edge, at the loop header `block`.
    LoopHeader { block: u32 },
    /// After an edge that numbering cut (`numbering.rs`), at `block`.
    Truncation { block: u32 },
    /// After an edge into or out of a disconnected loop (targeted path
    /// profiling), at `block`.
    Disconnection { block: u32 },
    /// Where a `longjmp` landed: after call site `call` (its number in the
    /// shape), a `setjmp` in `block`, returned a second time.
    SecondReturn { call: u32, block: u32 },
}

/// How a path ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEnd {
    /// At a `return`.
    Return,
    /// At a latch, by taking the back edge to the loop header `header`.
    Latch { header: u32 },
    /// Inside call site `call` (its number in the shape), which did not
    /// return.
    EarlyExit { call: u32 },
    /// By taking an edge that numbering cut, to `block`.
    Truncation { block: u32 },
    /// By taking an edge into or out of a disconnected loop, to `block`.
    Disconnection { block: u32 },
}

/// A regenerated path in terms of the function's blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockPath {
    pub start: PathStart,
    /// The blocks the path runs through, in order.
    pub blocks: Vec<u32>,
    pub end: PathEnd,
}

/// Path `number` as blocks, with how it starts and ends.
pub fn block_path(numbering: &Numbering, graph: &FlowGraph, number: u64) -> Option<BlockPath> {
    let edges = regenerate(numbering, number)?;
    let dag = &numbering.dag;
    let block_of = |v: u32| match graph.vertex(v) {
        Vertex::Segment { block, .. } => block,
        Vertex::Exit => unreachable!("no edge of a path leaves EXIT"),
    };
    let first = dag.edge(*edges.first()?);
    let start = match first.kind {
        DagEdgeKind::Start(c) => {
            let block = block_of(first.to);
            match dag.cuts()[c as usize].reason {
                CutReason::BackEdge => PathStart::LoopHeader { block },
                CutReason::Truncation => PathStart::Truncation { block },
                CutReason::Disconnection => PathStart::Disconnection { block },
            }
        }
        DagEdgeKind::Flow(f) => match graph.edge(f).kind {
            crate::profile::FlowEdgeKind::ReEntry(call) => PathStart::SecondReturn { call, block: block_of(first.to) },
            _ => PathStart::Entry,
        },
        DagEdgeKind::End(_) => PathStart::Entry,
    };
    let mut blocks = vec![block_of(if matches!(start, PathStart::Entry) { first.from } else { first.to })];
    let last = dag.edge(*edges.last()?);
    for &e in &edges {
        let to = dag.edge(e).to;
        if to != dag.exit() && blocks.last() != Some(&block_of(to)) {
            blocks.push(block_of(to));
        }
    }
    let end = match last.kind {
        DagEdgeKind::End(c) => {
            let cut = dag.cuts()[c as usize];
            let target = block_of(graph.edge(cut.flow_edge).to);
            match cut.reason {
                CutReason::BackEdge => PathEnd::Latch { header: target },
                CutReason::Truncation => PathEnd::Truncation { block: target },
                CutReason::Disconnection => PathEnd::Disconnection { block: target },
            }
        }
        DagEdgeKind::Flow(f) => match graph.edge(f).kind {
            crate::profile::FlowEdgeKind::EarlyExit(call) => PathEnd::EarlyExit { call },
            _ => PathEnd::Return,
        },
        DagEdgeKind::Start(_) => unreachable!("a Start edge never ends at EXIT"),
    };
    Some(BlockPath { start, blocks, end })
}
