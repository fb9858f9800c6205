//! The min-cost-flow instance of a profile-inference problem (He et al.,
//! "Profile Inference Revisited", POPL 2022, §3.1 and Figure 5), built on
//! the function's flow graph.
//!
//! The flow graph is already a circulation through EXIT, so the paper's
//! extra source and sink (`s'`, `t'`) and its edge `t' → s'` are EXIT
//! itself. Every flow-graph vertex `v` becomes two nodes, `v.in` and
//! `v.out`. A vertex with weight `w` gets the gadget of §3.1: a lower
//! bound of `w` on `v.in → v.out`, an edge `v.in → v.out` of unbounded
//! capacity that raises the count at `k_inc` per unit, and an edge
//! `v.out → v.in` of capacity `w` that lowers it at `k_dec` per unit. The
//! lower bound is removed in the standard way: the source `s''` supplies
//! `w` to `v.out` and the sink `t''` takes `w` from `v.in`. A maximum
//! flow from `s''` to `t''` then is a circulation meeting every lower
//! bound, and at least cost it is a count assignment of least `cost(V)`.
//! A dangling vertex is a plain edge `v.in → v.out` of cost 0. A weighed
//! edge gets the same gadget on a node of its own between its ends.
//!
//! A block's weight sits on its first segment, where control enters it;
//! the segments after its calls follow by the continuation edges. Early
//! exits and re-entries after `setjmp` cost a little, so that inference
//! routes flow through them only where the weights need it.

use super::min_cost_flow::{Augmentation, Network, INFINITE};
use super::{Objective, Weights};
use crate::profile::flow_graph::{FlowEdgeKind, FlowGraph, Measure, Vertex};

/// The cost of raising a weighed count by one (§5.2, `k_inc`).
pub const K_INC: i64 = 10;
/// The cost of raising a count sampled as 0 by one (`k_inc⁰`).
pub const K_INC_ZERO: i64 = 11;
/// The cost of lowering a weighed count by one (`k_dec`).
pub const K_DEC: i64 = 20;
/// The cost per unit of flow through an unlikely block, above any weight.
pub const K_UNLIKELY: i64 = 1000;
/// The cost per unit of flow through an early exit or a re-entry.
pub const K_ABNORMAL_EDGE: i64 = 1;

/// Weights above this are scaled down (by a power of two) before solving,
/// so that sums of flows and costs stay far from overflow.
const LARGEST_WEIGHT: u64 = 1 << 40;

/// Solves the instance of `weights` on `graph` and returns the count of
/// every flow edge.
pub fn min_cost_flow(graph: &FlowGraph, weights: &Weights, edge_weights: &[Option<u64>], objective: Objective) -> Result<Vec<u64>, String> {
    let largest = weights.blocks.iter().chain(edge_weights).flatten().copied().max().unwrap_or(0);
    let mut shift = 0;
    while largest >> shift > LARGEST_WEIGHT {
        shift += 1;
    }
    let scaled = |w: Option<u64>| w.map(|w| (w >> shift) as i64);

    let mut net = Network::new();
    let source = net.add_node();
    let sink = net.add_node();
    let n = graph.num_vertices() as usize;
    let mut node_in = Vec::with_capacity(n);
    let mut node_out = Vec::with_capacity(n);
    for v in 0..n as u32 {
        let (weight, unlikely) = match graph.vertex(v) {
            Vertex::Segment { block, segment } => {
                let b = block as usize;
                (if segment == 0 { scaled(weights.blocks[b]) } else { None }, weights.unlikely[b])
            }
            Vertex::Exit => (None, false),
        };
        let (a, b) = (net.add_node(), net.add_node());
        add_gadget(&mut net, source, sink, a, b, weight, unlikely);
        node_in.push(a);
        node_out.push(b);
    }
    // The aux edge that carries each flow edge's count.
    let mut carrier = vec![None; graph.edges().len()];
    for (e, edge) in graph.edges().iter().enumerate() {
        if graph.measure(e as u32) == Measure::KnownZero {
            continue;
        }
        let (from, to) = (node_out[edge.from as usize], node_in[edge.to as usize]);
        let cost = match edge.kind {
            FlowEdgeKind::EarlyExit(_) | FlowEdgeKind::ReEntry(_) => K_ABNORMAL_EDGE,
            _ => 0,
        };
        let weight = scaled(edge_weights[e]);
        carrier[e] = Some(match weight {
            None => net.add_edge(from, to, INFINITE, cost),
            Some(w) => {
                let (a, b) = (net.add_node(), net.add_node());
                let id = net.add_edge(from, a, INFINITE, cost);
                add_gadget(&mut net, source, sink, a, b, Some(w), false);
                net.add_edge(b, to, INFINITE, 0);
                id
            }
        });
    }
    let augmentation = match objective {
        Objective::Profi => Augmentation::EvenDag,
        Objective::Mcf => Augmentation::SinglePath,
    };
    net.solve(source, sink, augmentation);
    carrier
        .iter()
        .map(|c| {
            let f = c.map_or(0, |id| net.flow(id));
            u64::try_from(f)
                .ok()
                .and_then(|f| f.checked_mul(1 << shift))
                .ok_or_else(|| format!("an inferred count ({f} << {shift}) does not fit in 64 bits"))
        })
        .collect()
}

/// Adds the §3.1 gadget between `a` (in) and `b` (out) for a weight (a
/// dangling vertex when `None`).
fn add_gadget(net: &mut Network, source: u32, sink: u32, a: u32, b: u32, weight: Option<i64>, unlikely: bool) {
    match weight {
        None => {
            net.add_edge(a, b, INFINITE, if unlikely { K_UNLIKELY } else { 0 });
        }
        Some(w) => {
            let raise = if unlikely {
                K_UNLIKELY
            } else if w == 0 {
                K_INC_ZERO
            } else {
                K_INC
            };
            net.add_edge(a, b, INFINITE, raise);
            if w > 0 {
                net.add_edge(source, b, w, 0);
                net.add_edge(a, sink, w, 0);
                net.add_edge(b, a, w, K_DEC);
            }
        }
    }
}
