//! The counter plan: which flow-graph edges get a counter (Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §3.2).
//!
//! Planning is a pure function of the flow graph and its weights; it
//! neither reads nor changes IR. Its result is stored in the CFG
//! descriptor, which reconstruction reads, so instrumentation and
//! reconstruction cannot disagree about what a counter counts.
//!
//! - **Naive**: a counter on every countable edge. Only early exits (which
//!   cannot be counted) are derived, and the redundant equations let
//!   reconstruction check the counts.
//! - **Knuth–Stevenson** (`ks`): counters on the chords of a maximum
//!   spanning tree. The early-exit edges are forced into the tree (they
//!   cannot be counted; from distinct vertices to EXIT they form no
//!   cycle), EXIT → entry is seeded next with infinite weight as the paper
//!   does (it may still close a cycle with the early exit of a call in the
//!   entry block, and is then counted at the function's start), and the
//!   continuations of calls that never return stay out of the tree because
//!   their count is known to be 0. A chord that would need a split edge
//!   costs [`JUMP_COST`](super::placement::JUMP_COST) more (see
//!   `placement.rs`). With |E| countable edges and |V| vertices, KS uses
//!   |E| - |V| + 1 counters per connected graph, the minimum (§3.2).
//!
//! - **SESE** (`sese`): Knuth–Stevenson, except that the edges whose
//!   counts loop variables provide (`instrument::sese`) are kept out of the
//!   tree, so each is a chord at no cost (Frenot and Pereira, CC 2024,
//!   Theorem 3.11); its counter slot is filled in by the variable instead
//!   of an increment.
//!
//! - **Vertex** (`vertex`): block counts only, from the Knuth–Stevenson
//!   chords less those whose counter-free cycles are pipeless (§3.3.3; see
//!   `vertex.rs`).
//!
//! Counters are numbered in flow-edge order.

use super::placement::{site, Site, JUMP_COST};
use super::spanning_tree::{maximum_spanning_forest, Priority};
use super::weights::Weight;
use crate::profile::{FlowEdgeKind, FlowGraph, Measure, Strategy};

/// The flow edges that get counters, in counter order. `weights` (one per
/// flow edge) matter only for the Knuth–Stevenson strategies; `replaced`
/// lists the flow edges that SESE counters count (empty but for `sese`).
pub fn plan(graph: &FlowGraph, strategy: Strategy, weights: &[Weight], replaced: &[u32]) -> Vec<u32> {
    let countable = |e: &u32| graph.measure(*e) == Measure::Countable;
    let all = 0..graph.edges().len() as u32;
    match strategy {
        Strategy::Naive => all.filter(countable).collect(),
        // Path profiling counts paths, not edges (see `path/`), a sampled
        // build counts nothing, and tracing writes witnesses (`trace/`).
        Strategy::Path | Strategy::Tpp | Strategy::Sample | Strategy::Trace | Strategy::TraceNaive => Vec::new(),
        Strategy::Ks | Strategy::Sese => {
            let in_tree = spanning_tree(graph, weights, replaced);
            all.filter(countable).filter(|&e| !in_tree[e as usize]).collect()
        }
        Strategy::Vertex => super::vertex::plan(graph, weights),
    }
}

/// What the Knuth–Stevenson chords cost per run with the `excluded` edges
/// kept out of the tree: the sum of their weights, a split edge's times
/// `1 + JUMP_COST` (the cost model of §6.1 that the tree maximises).
/// Excluded edges cost nothing here: SESE variables count them.
pub fn chord_cost(graph: &FlowGraph, weights: &[Weight], excluded: &[u32]) -> f64 {
    let in_tree = spanning_tree(graph, weights, excluded);
    let is_excluded = edge_mask(graph, excluded);
    (0..graph.edges().len() as u32)
        .filter(|&e| graph.measure(e) == Measure::Countable && !in_tree[e as usize] && !is_excluded[e as usize])
        .map(|e| counting_cost(graph, weights, e).primary)
        .sum()
}

/// What counting flow edge `e` costs per run: its weight, times
/// `1 + JUMP_COST` when its counter needs a split edge.
fn counting_cost(graph: &FlowGraph, weights: &[Weight], e: u32) -> Weight {
    match site(graph, e) {
        Site::SplitEdge(_) => weights[e as usize].scaled(1.0 + JUMP_COST),
        _ => weights[e as usize],
    }
}

/// One flag per flow edge: whether `edges` lists it. A lookup in the
/// flags is constant time; SESE selection passes a list of one edge per
/// loop, which a linear search made cubic in the number of loops.
pub fn edge_mask(graph: &FlowGraph, edges: &[u32]) -> Vec<bool> {
    let mut mask = vec![false; graph.edges().len()];
    for &e in edges {
        mask[e as usize] = true;
    }
    mask
}

/// The maximum spanning forest that the Knuth–Stevenson strategies count
/// the chords of, with the `excluded` edges kept out.
pub fn spanning_tree(graph: &FlowGraph, weights: &[Weight], excluded: &[u32]) -> Vec<bool> {
    assert_eq!(weights.len(), graph.edges().len());
    let is_excluded = edge_mask(graph, excluded);
    let priority: Vec<Priority> = graph
        .edges()
        .iter()
        .enumerate()
        .map(|(e, edge)| match graph.measure(e as u32) {
            Measure::Derived => Priority::Forced,
            Measure::KnownZero => Priority::Excluded,
            Measure::Countable if is_excluded[e] => Priority::Excluded,
            Measure::Countable if edge.kind == FlowEdgeKind::Entry => {
                Priority::Weighted(Weight { primary: f64::INFINITY, secondary: f64::INFINITY })
            }
            Measure::Countable => Priority::Weighted(counting_cost(graph, weights, e as u32)),
        })
        .collect();
    let endpoints: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.from, e.to)).collect();
    maximum_spanning_forest(graph.num_vertices(), &endpoints, &priority)
}
