//! Loop disconnection (Joshi, Bond & Zilles, "Targeted Path Profiling",
//! §4.2.1, Figure 7).
//!
//! A Ball–Larus path that enters a loop and leaves it after one iteration
//! ties the code before the loop to the code after it, so none of a
//! loop's paths is obvious from an edge profile even when its body is a
//! single block. When a loop runs many iterations per entry, that
//! correlation is worth little, and TPP cuts the loop out: every hot edge
//! into the loop body from outside it, and every hot edge out of it to a
//! block outside (not to EXIT: a `return` already ends a path), is cut as
//! a back edge is, into a pair of dummy edges. The code before, inside
//! and after the loop then forms separate regions whose paths may each be
//! obvious.
//!
//! A loop is the set of vertices that reach one of the latches of its
//! header without passing the header (the natural loop of its back
//! edges), found on the flow graph, so a tool holding only the descriptor
//! finds the same loops. Its average trip count is the header's count over
//! the count of the edges that enter the body from outside; a loop is
//! disconnected when that is at least `-ftpp-loop-disconnect=N`.

use super::cold::PPM;
use crate::instrument::path::dag::{CutReason, PathDag};
use crate::profile::{FlowEdgeKind, FlowGraph};

/// One natural loop of the flow graph.
#[derive(Clone, Debug)]
pub struct Loop {
    /// The header's vertex.
    pub header: u32,
    /// Whether each vertex is in the body.
    pub body: Vec<bool>,
}

/// The loops whose headers are targets of the back edges `dag` cut, in
/// header order.
pub fn loops(dag: &PathDag, graph: &FlowGraph) -> Vec<Loop> {
    let mut headers: Vec<(u32, Vec<u32>)> = Vec::new();
    for cut in dag.cuts().iter().filter(|c| c.reason == CutReason::BackEdge) {
        let edge = graph.edge(cut.flow_edge);
        match headers.iter_mut().find(|(h, _)| *h == edge.to) {
            Some((_, latches)) => latches.push(edge.from),
            None => headers.push((edge.to, vec![edge.from])),
        }
    }
    headers.sort_by_key(|(h, _)| *h);
    headers
        .into_iter()
        .map(|(header, latches)| {
            let mut body = vec![false; graph.num_vertices() as usize];
            body[header as usize] = true;
            let mut stack: Vec<u32> = latches.into_iter().filter(|&u| !std::mem::replace(&mut body[u as usize], true)).collect();
            while let Some(v) = stack.pop() {
                for &e in graph.preds(v) {
                    let edge = graph.edge(e);
                    if matches!(edge.kind, FlowEdgeKind::Entry | FlowEdgeKind::ReEntry(_)) || body[edge.from as usize] {
                        continue;
                    }
                    body[edge.from as usize] = true;
                    stack.push(edge.from);
                }
            }
            Loop { header, body }
        })
        .collect()
}

/// The average trip count of `lp` under the flow counts `flow`, in
/// thousandths, or `None` when the loop never ran.
pub fn trip_count_milli(lp: &Loop, graph: &FlowGraph, flow: &[u64]) -> Option<u64> {
    let into = |v: u32| graph.preds(v).iter().map(|&e| u128::from(flow[e as usize])).sum::<u128>();
    let header = into(lp.header);
    let entries: u128 = (0..graph.num_vertices())
        .filter(|&v| lp.body[v as usize])
        .flat_map(|v| graph.preds(v).iter().copied())
        // Entry and re-entry edges come from EXIT, which no body holds.
        .filter(|&e| !lp.body[graph.edge(e).from as usize])
        .map(|e| u128::from(flow[e as usize]))
        .sum();
    (entries > 0).then(|| u64::try_from(header * 1000 / entries).unwrap_or(u64::MAX))
}

/// Cuts, in `dag`, the live edges into and out of every loop whose
/// average trip count is at least `trip_milli` thousandths and which
/// `hot_flow` accepts; returns the headers of the loops disconnected.
pub fn disconnect(dag: &mut PathDag, graph: &FlowGraph, flow: &[u64], trip_milli: u64, hot_flow: impl Fn(u32) -> bool) -> Vec<u32> {
    let mut headers = Vec::new();
    for lp in loops(dag, graph) {
        if trip_count_milli(&lp, graph, flow).is_none_or(|t| t < trip_milli) {
            continue;
        }
        let crossing: Vec<u32> = (0..graph.edges().len() as u32)
            .filter(|&f| {
                let edge = graph.edge(f);
                edge.to != graph.exit() && edge.from != graph.exit() && lp.body[edge.from as usize] != lp.body[edge.to as usize] && hot_flow(f)
            })
            .collect();
        for f in crossing {
            if let Some(e) = dag.live_flow_edge(f) {
                dag.cut(graph, f, CutReason::Disconnection, Some(e));
            }
        }
        headers.push(lp.header);
    }
    headers
}

/// Thousandths of a trip count, from the value of
/// `-ftpp-loop-disconnect`.
pub fn trip_milli(trips: f64) -> u64 {
    (trips * 1000.0).round().clamp(0.0, (u64::MAX / PPM) as f64) as u64
}
