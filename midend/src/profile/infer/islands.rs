//! Joining islands of flow to the entry (He et al., "Profile Inference
//! Revisited", POPL 2022, §3.2 and Algorithm 1's
//! `JoinIsolatedComponents`).
//!
//! A min-cost flow conserves flow but may leave a cycle of positive counts
//! that no path of positive counts reaches from the entry: a hot loop
//! whose way in was sampled as cold. No execution produces such counts,
//! and they mislead layout. Finding the cheapest connected flow is
//! APX-hard (Theorem 3.1), so, as the paper does, each island is joined by
//! one unit of flow along a path from EXIT to it and back, chosen to use
//! as few edges of zero count as possible.

use crate::profile::flow_graph::{FlowEdgeKind, FlowGraph, Measure};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Adds flow until every vertex with a positive count is reachable from
/// EXIT (the function's callers) along edges with positive counts.
pub fn join_islands(graph: &FlowGraph, flow: &mut [u64]) {
    loop {
        let reached = reachable(graph, flow);
        let inflow = |v: u32| graph.preds(v).iter().map(|&e| flow[e as usize]).sum::<u64>();
        // The hottest stranded vertex first: joining it often joins the
        // rest of its island.
        let stranded = (0..graph.num_vertices()).filter(|&v| !reached[v as usize] && inflow(v) > 0).max_by_key(|&v| (inflow(v), Reverse(v)));
        let Some(v) = stranded else { return };
        let (Some(there), Some(back)) = (cheapest_path(graph, flow, graph.exit(), v), cheapest_path(graph, flow, v, graph.exit())) else {
            // Not joinable (no path in the CFG): leave the counts.
            return;
        };
        for e in there.into_iter().chain(back) {
            flow[e as usize] = flow[e as usize].saturating_add(1);
        }
        if !reachable(graph, flow)[v as usize] {
            return; // Cannot happen; never loop on it.
        }
    }
}

/// The edges that leave `u` on a way from the function's callers: out of
/// EXIT only the entry edge (a re-entry after `setjmp` needs an earlier
/// call), anywhere else every edge that can carry flow.
fn onward(graph: &FlowGraph, u: u32) -> impl Iterator<Item = u32> + '_ {
    graph.succs(u).iter().copied().filter(move |&e| {
        graph.measure(e) != Measure::KnownZero && (u != graph.exit() || graph.edge(e).kind == FlowEdgeKind::Entry)
    })
}

/// The vertices reachable from EXIT, through the entry, along edges with
/// positive counts.
fn reachable(graph: &FlowGraph, flow: &[u64]) -> Vec<bool> {
    let mut seen = vec![false; graph.num_vertices() as usize];
    let mut stack = vec![graph.exit()];
    seen[graph.exit() as usize] = true;
    while let Some(u) = stack.pop() {
        for e in onward(graph, u) {
            let v = graph.edge(e).to;
            if flow[e as usize] > 0 && !seen[v as usize] {
                seen[v as usize] = true;
                stack.push(v);
            }
        }
    }
    seen
}

/// The path from `from` to `to` that uses the fewest edges of zero count
/// (early exits and re-entries counting double), by Dijkstra's algorithm;
/// its edges, or `None` when `to` is unreachable. `from` and `to` differ.
fn cheapest_path(graph: &FlowGraph, flow: &[u64], from: u32, to: u32) -> Option<Vec<u32>> {
    let n = graph.num_vertices() as usize;
    let mut distance = vec![u64::MAX; n];
    let mut parent = vec![u32::MAX; n];
    let mut heap = BinaryHeap::new();
    distance[from as usize] = 0;
    heap.push(Reverse((0u64, from)));
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > distance[u as usize] {
            continue;
        }
        if u == to {
            break;
        }
        for e in onward(graph, u) {
            let edge = graph.edge(e);
            let step = match (flow[e as usize] > 0, edge.kind) {
                (true, _) => 0,
                (false, FlowEdgeKind::EarlyExit(_) | FlowEdgeKind::ReEntry(_)) => 2,
                (false, _) => 1,
            };
            let v = edge.to as usize;
            if d + step < distance[v] {
                distance[v] = d + step;
                parent[v] = e;
                heap.push(Reverse((d + step, edge.to)));
            }
        }
    }
    if distance[to as usize] == u64::MAX {
        return None;
    }
    let mut path = Vec::new();
    let mut v = to;
    while v != from {
        let e = parent[v as usize];
        path.push(e);
        v = graph.edge(e).from;
    }
    path.reverse();
    Some(path)
}
