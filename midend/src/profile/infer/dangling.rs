//! Rebalancing dangling subgraphs (He et al., "Profile Inference
//! Revisited", POPL 2022, §3.4 and Algorithm 1's
//! `RebalanceDanglingSubgraphs`).
//!
//! Blocks without weights do not count in the objective, so min-cost flow
//! routes flow through a region of them along whichever path it found
//! first. §3.4 asks for the counts that the branch probabilities imply.
//! nissecc's shapes carry no static branch prediction, so every branch
//! is taken as equally likely, and within a *dangling subgraph* (a region
//! of unweighted blocks entered only from one weighted vertex `S` and left
//! only to one vertex `D`) the flow that leaves `S` is split evenly at
//! every branch, in topological order. An acyclic region makes this
//! Equation 1 of §3.4, with no need for the iterative method that cycles
//! would require; regions with cycles keep their counts. Since everything
//! that leaves `S` still arrives at `D`, flow stays conserved.

use super::Weights;
use crate::profile::flow_graph::{FlowEdgeKind, FlowGraph, Vertex};

/// Splits the flow through every dangling subgraph evenly.
pub fn rebalance(graph: &FlowGraph, weights: &Weights, edge_weights: &[Option<u64>], flow: &mut [u64]) {
    let n = graph.num_vertices() as usize;
    let block_of = |v: u32| match graph.vertex(v) {
        Vertex::Segment { block, .. } => Some(block as usize),
        Vertex::Exit => None,
    };
    let dangling: Vec<bool> = (0..n as u32).map(|v| block_of(v).is_some_and(|b| weights.blocks[b].is_none())).collect();
    let unlikely: Vec<bool> = (0..n as u32).map(|v| block_of(v).is_some_and(|b| weights.unlikely[b])).collect();
    for s in 0..n as u32 {
        if dangling[s as usize] {
            continue;
        }
        if let Some(region) = Region::find(graph, edge_weights, flow, &dangling, s) {
            if !region.vertices.iter().any(|&v| unlikely[v as usize]) {
                region.split_evenly(graph, flow);
            }
        }
    }
}

/// A dangling subgraph: its source, its vertices in topological order and
/// the edges that take part, by vertex.
struct Region {
    source: u32,
    vertices: Vec<u32>,
}

impl Region {
    /// The dangling subgraph that `s` enters, if its successors lead into
    /// one that qualifies.
    fn find(graph: &FlowGraph, edge_weights: &[Option<u64>], flow: &[u64], dangling: &[bool], s: u32) -> Option<Region> {
        let taking_part = |e: u32| -> Option<bool> {
            if edge_weights[e as usize].is_some() {
                // A weighed edge keeps its count: no region around it.
                return None;
            }
            match graph.edge(e).kind {
                // An abnormal edge that carries flow cannot be reasoned
                // about; one that carries none is left out.
                FlowEdgeKind::EarlyExit(_) | FlowEdgeKind::ReEntry(_) => (flow[e as usize] == 0).then_some(false),
                _ => Some(true),
            }
        };
        let out_edges = |v: u32| -> Option<Vec<u32>> {
            let mut kept = Vec::new();
            for &e in graph.succs(v) {
                if taking_part(e)? {
                    kept.push(e);
                }
            }
            Some(kept)
        };
        let first = out_edges(s)?;
        if flow_out(flow, &first) == 0 || !first.iter().any(|&e| dangling[graph.edge(e).to as usize]) {
            return None;
        }
        // The dangling vertices reachable from `s` through dangling ones.
        let n = graph.num_vertices() as usize;
        let mut inside = vec![false; n];
        let mut members = Vec::new();
        let mut stack: Vec<u32> = first.iter().map(|&e| graph.edge(e).to).collect();
        let mut destination = None;
        let mut note_exit = |v: u32| match destination {
            None => {
                destination = Some(v);
                true
            }
            Some(d) => d == v,
        };
        while let Some(v) = stack.pop() {
            if !dangling[v as usize] || v == s {
                if !note_exit(v) {
                    return None;
                }
                continue;
            }
            if std::mem::replace(&mut inside[v as usize], true) {
                continue;
            }
            members.push(v);
            stack.extend(out_edges(v)?.into_iter().map(|e| graph.edge(e).to));
        }
        // Entered only from `s` or from inside.
        for &v in &members {
            for &e in graph.preds(v) {
                let from = graph.edge(e).from;
                if from != s && !inside[from as usize] && taking_part(e)? {
                    return None;
                }
            }
        }
        // Acyclic: Kahn's algorithm over the edges inside.
        let mut indegree = vec![0usize; n];
        for &v in &members {
            for e in out_edges(v)? {
                let to = graph.edge(e).to;
                if inside[to as usize] {
                    indegree[to as usize] += 1;
                }
            }
        }
        let mut ready: Vec<u32> = members.iter().copied().filter(|&v| indegree[v as usize] == 0).collect();
        let mut vertices = Vec::with_capacity(members.len());
        while let Some(v) = ready.pop() {
            vertices.push(v);
            for e in out_edges(v)? {
                let to = graph.edge(e).to;
                if inside[to as usize] {
                    indegree[to as usize] -= 1;
                    if indegree[to as usize] == 0 {
                        ready.push(to);
                    }
                }
            }
        }
        (vertices.len() == members.len()).then_some(Region { source: s, vertices })
    }

    /// Sends what leaves the source through the region, split evenly at
    /// every vertex.
    fn split_evenly(&self, graph: &FlowGraph, flow: &mut [u64]) {
        let kept = |v: u32| -> Vec<u32> {
            graph
                .succs(v)
                .iter()
                .copied()
                .filter(|&e| !matches!(graph.edge(e).kind, FlowEdgeKind::EarlyExit(_) | FlowEdgeKind::ReEntry(_)))
                .collect()
        };
        let mut inflow = vec![0u64; graph.num_vertices() as usize];
        let source_edges = kept(self.source);
        inflow[self.source as usize] = flow_out(flow, &source_edges);
        for v in std::iter::once(self.source).chain(self.vertices.iter().copied()) {
            let edges = kept(v);
            let total = inflow[v as usize];
            let count = edges.len() as u64;
            for (k, &e) in edges.iter().enumerate() {
                let share = total / count + u64::from((k as u64) < total % count);
                flow[e as usize] = share;
                inflow[graph.edge(e).to as usize] += share;
            }
        }
    }
}

fn flow_out(flow: &[u64], edges: &[u32]) -> u64 {
    edges.iter().map(|&e| flow[e as usize]).sum()
}
