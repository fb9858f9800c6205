//! Which edges update the path register, and by how much: the event-
//! counting placement of Ball & Larus, "Efficient Path Profiling", MICRO
//! 1996, §3.4 (after Ball, "Efficiently Counting Program Events with
//! Support for On-line Queries", TOPLAS 1994), on the maximum spanning
//! tree of "Optimally Profiling and Tracing Programs", TOPLAS 1994, §3.2.
//!
//! A spanning tree of the acyclic graph plus an edge EXIT → ENTRY (forced
//! into the tree) is chosen so that frequently run edges are in it. Every
//! vertex gets a potential: ENTRY's is 0, and along a tree edge `u → v`,
//! `pot(v) = pot(u) + Val(u → v)`. An edge's increment is then
//! `Inc(u → v) = Val(u → v) + pot(u) - pot(v)`: 0 on tree edges, and on a
//! chord the sum of `Val` around the cycle it closes in the tree. Along
//! any ENTRY → EXIT path the potentials telescope, and `pot(EXIT) =
//! pot(ENTRY)` through the forced edge, so the increments sum to the
//! path's number. Arithmetic wraps modulo 2^64: increments may be
//! "negative", and only the final sum is an index.
//!
//! What a chord costs depends on where its increment goes in this IR,
//! where the path register travels in a block parameter
//! (`placement.rs`):
//!
//! - an edge into EXIT (a return, an early exit, the `End` of a cut) or a
//!   `Start` dummy costs nothing: its increment folds into the counter's
//!   address or into the register's new constant (the note's "fold into
//!   the initialisation and the count");
//! - a CFG edge whose source has one successor, or whose target has one
//!   predecessor, costs one addition each time the edge runs;
//! - any other CFG edge has its addition computed in the source block for
//!   that successor's argument, so it costs one addition each time the
//!   *source* runs;
//! - a continuation (after a call) costs one addition when it runs.
//!
//! The tree is weighted by that cost (the static heuristic's or an
//! earlier profile's frequencies, `weights.rs`), so additions land where
//! they run least, and free chords are taken first.

use super::dag::DagEdgeKind;
use super::numbering::Numbering;
use crate::instrument::spanning_tree::{maximum_spanning_forest, Priority};
use crate::instrument::weights::Weight;
use crate::profile::{FlowEdgeKind, FlowGraph};

/// Where the addition of a CFG edge's increment goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IncrementSite {
    /// At the end of the source block, which has one successor.
    Source,
    /// At the start of the target block, which has one predecessor.
    Target,
    /// In the source block, for this successor's argument only; it runs
    /// whichever successor is taken.
    Speculated,
}

/// Where the increment of CFG flow edge `e` goes.
pub fn increment_site(graph: &FlowGraph, e: u32) -> IncrementSite {
    let edge = graph.edge(e);
    if graph.succs(edge.from).len() == 1 {
        IncrementSite::Source
    } else if graph.preds(edge.to).len() == 1 {
        IncrementSite::Target
    } else {
        IncrementSite::Speculated
    }
}

/// The increment of every edge of the numbered graph (0 for cut edges),
/// indexed by edge. `weights` gives one weight per flow edge.
pub fn increments(numbering: &Numbering, graph: &FlowGraph, weights: &[Weight]) -> Vec<u64> {
    assert_eq!(weights.len(), graph.edges().len());
    let dag = &numbering.dag;
    let free = Priority::Weighted(Weight { primary: -1.0, secondary: -1.0 });
    let source_weight = |v: u32| {
        graph.succs(v).iter().fold(Weight::default(), |sum, &e| Weight {
            primary: sum.primary + weights[e as usize].primary,
            secondary: sum.secondary + weights[e as usize].secondary,
        })
    };
    let live: Vec<u32> = dag.live_edges().collect();
    let mut endpoints: Vec<(u32, u32)> = live.iter().map(|&e| (dag.edge(e).from, dag.edge(e).to)).collect();
    let mut priority: Vec<Priority> = live
        .iter()
        .map(|&e| match dag.edge(e).kind {
            DagEdgeKind::Start(_) | DagEdgeKind::End(_) => free,
            DagEdgeKind::Flow(f) => match graph.edge(f).kind {
                FlowEdgeKind::Return(_) | FlowEdgeKind::EarlyExit(_) | FlowEdgeKind::ReEntry(_) => free,
                FlowEdgeKind::Cfg(_) => match increment_site(graph, f) {
                    IncrementSite::Speculated => Priority::Weighted(source_weight(graph.edge(f).from)),
                    _ => Priority::Weighted(weights[f as usize]),
                },
                _ => Priority::Weighted(weights[f as usize]),
            },
        })
        .collect();
    endpoints.push((dag.exit(), dag.entry()));
    priority.push(Priority::Forced);
    let in_tree = maximum_spanning_forest(dag.num_vertices(), &endpoints, &priority);

    // Potentials by a search over the tree from ENTRY; a vertex the tree
    // does not reach from ENTRY never runs, and keeps potential 0.
    let n = dag.num_vertices() as usize;
    let mut adjacent: Vec<Vec<(u32, u64, bool)>> = vec![Vec::new(); n];
    for (i, &(from, to)) in endpoints.iter().enumerate().filter(|(i, _)| in_tree[*i]) {
        let val = live.get(i).map_or(0, |&e| numbering.val[e as usize]);
        adjacent[from as usize].push((to, val, true));
        adjacent[to as usize].push((from, val, false));
    }
    let mut potential = vec![0u64; n];
    let mut seen = vec![false; n];
    let mut stack = vec![dag.entry()];
    seen[dag.entry() as usize] = true;
    while let Some(v) = stack.pop() {
        for &(w, val, forward) in &adjacent[v as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                let p = potential[v as usize];
                potential[w as usize] = if forward { p.wrapping_add(val) } else { p.wrapping_sub(val) };
                stack.push(w);
            }
        }
    }
    let mut inc = vec![0u64; dag.num_edges()];
    for &e in &live {
        let edge = dag.edge(e);
        inc[e as usize] = numbering.val[e as usize].wrapping_add(potential[edge.from as usize]).wrapping_sub(potential[edge.to as usize]);
    }
    inc
}
