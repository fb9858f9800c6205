//! Where the witnesses of a trace go (Ball & Larus, "Optimally Profiling
//! and Tracing Programs", TOPLAS 1994, §4).
//!
//! A set of witnessed edges E_wit solves Trace(E_wit) iff the unwitnessed
//! edges contain no diamond and no directed cycle (§4.1); then at every
//! predicate the next witness in the trace tells which successor ran. With
//! calls, E_wit must also have the *blocking property* (§4.2): no
//! witness-free path leads from a predicate to a call that writes to the
//! trace or to EXIT, so that a predicate's witness precedes whatever its
//! function's callees write, and regeneration never needs a witness from
//! beyond a call or a return.
//!
//! The placement is the paper's two steps, in its order (Figure 16 shows
//! why not the other): first the *blockers* of every call vertex and of
//! EXIT, the edges `p -> x0` out of a predicate `p` that begin a path
//! `p -> x0 -> ... -> v` whose inner vertices are no predicates, which
//! puts each blocking witness as far from the call as it can be (Figure
//! 15); then a maximum spanning forest of the other edges, whose chords
//! are witnessed too, so that the unwitnessed edges hold no undirected
//! cycle at all. The forest is weighted like the Knuth–Stevenson counters'
//! (§5's heuristic, or `-fprofile-instr-weights`).
//!
//! As in §4.1, the edge EXIT -> entry is not part of the graph: an
//! activation starts at the entry without a witness. Nor are the re-entry
//! edges of `setjmp`, which the runtime writes as LANDING tokens, and the
//! continuation of a `setjmp` stays in the tree, since a witness there
//! would have to test the call's result. Early exits are never traversed
//! by regeneration (the trace ends inside the call), and the continuation
//! of a call that never returns never runs.
//!
//! The reference placement (`trace-naive`) witnesses every edge out of a
//! predicate and the blockers, the every-predicate scheme that §4 starts
//! from, with the blocking that calls need.

use crate::instrument::plan::spanning_tree;
use crate::instrument::weights::Weight;
use crate::profile::{FlowEdgeKind, FlowGraph, Measure};

/// True for an edge that regeneration follows: a countable edge other than
/// the entry and a `setjmp`'s re-entry.
pub fn traversable(graph: &FlowGraph, e: u32) -> bool {
    graph.measure(e) == Measure::Countable && !matches!(graph.edge(e).kind, FlowEdgeKind::Entry | FlowEdgeKind::ReEntry(_))
}

/// The traversable edges out of vertex `v`.
pub fn decisions(graph: &FlowGraph, v: u32) -> impl Iterator<Item = u32> + '_ {
    graph.succs(v).iter().copied().filter(move |&e| traversable(graph, e))
}

/// True when `v` is a predicate: a block segment with several traversable
/// edges out.
pub fn is_predicate(graph: &FlowGraph, v: u32) -> bool {
    v != graph.exit() && decisions(graph, v).count() > 1
}

/// The witnessed flow edges, in witness order (by edge number). A vertex
/// `v` with `call_vertex[v]` holds a call that writes to the trace.
pub fn plan(graph: &FlowGraph, weights: &[Weight], call_vertex: &[bool], every_predicate: bool) -> Vec<u32> {
    let mut witnessed = vec![false; graph.edges().len()];
    let targets = (0..graph.num_vertices()).filter(|&v| v == graph.exit() || call_vertex[v as usize]);
    for target in targets {
        for e in blockers(graph, target) {
            witnessed[e as usize] = true;
        }
    }
    if every_predicate {
        for v in (0..graph.num_vertices()).filter(|&v| is_predicate(graph, v)) {
            for e in decisions(graph, v) {
                witnessed[e as usize] = true;
            }
        }
    } else {
        // Everything that regeneration does not follow, and the blockers,
        // stay out of the forest; a setjmp's continuation stays in it.
        let excluded: Vec<u32> = (0..graph.edges().len() as u32)
            .filter(|&e| witnessed[e as usize] || matches!(graph.edge(e).kind, FlowEdgeKind::Entry | FlowEdgeKind::ReEntry(_)))
            .collect();
        let mut weights = weights.to_vec();
        for (e, edge) in graph.edges().iter().enumerate() {
            if let FlowEdgeKind::Continuation(i) = edge.kind {
                if graph.returns_twice(i) {
                    weights[e] = Weight { primary: f64::INFINITY, secondary: f64::INFINITY };
                }
            }
        }
        let tree = spanning_tree(graph, &weights, &excluded);
        for e in 0..graph.edges().len() as u32 {
            if traversable(graph, e) && !tree[e as usize] {
                witnessed[e as usize] = true;
            }
        }
    }
    (0..graph.edges().len() as u32).filter(|&e| witnessed[e as usize]).collect()
}

/// §4.2's blockers of `target`: the edges out of a predicate that begin a
/// path to `target` through vertices that are no predicates.
fn blockers(graph: &FlowGraph, target: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let mut visited = vec![false; graph.num_vertices() as usize];
    let mut stack = vec![target];
    visited[target as usize] = true;
    while let Some(v) = stack.pop() {
        for &e in graph.preds(v) {
            if !traversable(graph, e) {
                continue;
            }
            let from = graph.edge(e).from;
            if is_predicate(graph, from) {
                found.push(e);
            } else if !visited[from as usize] {
                visited[from as usize] = true;
                stack.push(from);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instrument::spanning_tree::{maximum_spanning_forest, Priority};
    use crate::instrument::weights::heuristic_weights;
    use crate::profile::infer::synthetic::{random_shape, Lcg};
    use std::collections::BTreeSet;

    /// The vertices reachable from `v` along unwitnessed traversable edges,
    /// `v` included.
    fn witness_free_reach(graph: &FlowGraph, witnessed: &[bool], v: u32) -> Vec<u32> {
        let mut seen = vec![false; graph.num_vertices() as usize];
        let mut stack = vec![v];
        let mut reach = Vec::new();
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v as usize], true) {
                continue;
            }
            reach.push(v);
            if v != graph.exit() {
                stack.extend(decisions(graph, v).filter(|&e| !witnessed[e as usize]).map(|e| graph.edge(e).to));
            }
        }
        reach
    }

    /// On random CFGs with random call vertices, both placements have the
    /// blocking property (§4.2) and give each predicate disjoint witness
    /// sets (Trace(E_wit), §4.1); the optimal one leaves no undirected
    /// cycle of unwitnessed edges, and never needs more witnesses in total
    /// than the every-predicate placement.
    #[test]
    fn random_placements_block_calls_and_solve_tracing() {
        let mut rng = Lcg(7);
        let (mut optimal_total, mut naive_total) = (0, 0);
        for _ in 0..300 {
            let blocks = 3 + rng.below(25) as u32;
            let shape = random_shape(&mut rng, blocks);
            let graph = FlowGraph::new(&shape);
            let call_vertex: Vec<bool> = (0..graph.num_vertices()).map(|v| v != graph.exit() && rng.below(4) == 0).collect();
            let weights = heuristic_weights(&shape, &graph);
            for every_predicate in [false, true] {
                let plan = plan(&graph, &weights, &call_vertex, every_predicate);
                let mut witnessed = vec![false; graph.edges().len()];
                for &e in &plan {
                    witnessed[e as usize] = true;
                }
                for p in (0..graph.num_vertices()).filter(|&p| is_predicate(&graph, p)) {
                    let mut sets: Vec<BTreeSet<u32>> = Vec::new();
                    for e in decisions(&graph, p) {
                        let mut set = BTreeSet::new();
                        if witnessed[e as usize] {
                            set.insert(e);
                        } else {
                            for v in witness_free_reach(&graph, &witnessed, graph.edge(e).to) {
                                assert!(v != graph.exit() && !call_vertex[v as usize], "{shape:?}: a witness-free path from {p} reaches {v}");
                                set.extend(decisions(&graph, v).filter(|&w| witnessed[w as usize]));
                            }
                        }
                        assert!(sets.iter().all(|other| other.is_disjoint(&set)), "{shape:?}: two successors of {p} share a witness");
                        sets.push(set);
                    }
                }
                if every_predicate {
                    naive_total += plan.len();
                } else {
                    optimal_total += plan.len();
                    // The unwitnessed edges form a forest: a spanning forest
                    // of them keeps them all.
                    let endpoints: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.from, e.to)).collect();
                    let unwitnessed = |e: usize| traversable(&graph, e as u32) && !witnessed[e];
                    let priority: Vec<Priority> = (0..graph.edges().len())
                        .map(|e| if unwitnessed(e) { Priority::Weighted(Weight { primary: 1.0, secondary: 0.0 }) } else { Priority::Excluded })
                        .collect();
                    let forest = maximum_spanning_forest(graph.num_vertices(), &endpoints, &priority);
                    assert!((0..graph.edges().len()).all(|e| !unwitnessed(e) || forest[e]), "{shape:?}: the unwitnessed edges hold a cycle");
                }
            }
        }
        assert!(optimal_total < naive_total, "optimal {optimal_total} witnesses, every-predicate {naive_total}");
    }
}
