//! Reconstruction of exact block and edge counts from counter values, by
//! flow conservation over the unmeasured edges (Ball & Larus, "Optimally
//! Profiling and Tracing Programs", TOPLAS 1994, §3.2 and Figure 6).
//!
//! The counters measure some edges of the flow graph (see
//! `flow_graph.rs`); the continuations of calls that never return are known
//! to be 0; the other edges are unknown, and they must form a forest (for
//! the Knuth–Stevenson strategy, a spanning tree). Kirchhoff's law at a
//! vertex with exactly one unknown incident edge gives that edge's count,
//! and removing the edge leaves a smaller forest, so peeling leaves until
//! no unknown edge remains determines every count. This is the paper's
//! post-order propagation (Figure 6) done with a work list instead of
//! recursion, so that it also covers forests and cannot overflow the stack.
//!
//! Counters that no execution could have produced are reported, never
//! trusted: a leaf whose count would be negative, a vertex whose flow in
//! and out differ after all edges are known (only possible where the
//! measured edges over-determine the flow, as with the naive strategy), a
//! count that does not fit in 64 bits, or a set of unknown edges that is
//! not a forest (a corrupt descriptor).

use super::descriptor::{CfgDescriptor, Strategy};
use super::flow_graph::{FlowEdgeKind, FlowGraph, Measure};
use super::shape::FunctionShape;

/// The execution counts of one function, numbered as in its IR before
/// instrumentation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeProfile {
    /// How often each block ran (was entered).
    pub blocks: Vec<u64>,
    /// `(from, to, count)` for every CFG edge, in edge order.
    pub edges: Vec<(u32, u32, u64)>,
    /// How often the function was called.
    pub entries: u64,
    /// How often each call that may not return did not return (the
    /// program ended inside it, or a `longjmp` skipped its caller's
    /// frame), in the order of the shape's call sites.
    pub early_exits: Vec<CallSiteCount>,
    /// How often each call of `setjmp` returned a second time, because a
    /// `longjmp` landed, in the order of the shape's call sites.
    pub second_returns: Vec<CallSiteCount>,
}

/// A count that belongs to one call site: of its early exits, or of its
/// second returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSiteCount {
    pub block: u32,
    /// The call's index in its block, before instrumentation.
    pub inst: u32,
    /// The callee's name; empty for a call through a function pointer.
    pub callee: String,
    pub count: u64,
}

/// How every message about counts that violate flow conservation starts:
/// such counts are not damage (the profile decodes), but what lost
/// increments leave behind, as in a multithreaded run.
pub const INCONSISTENT: &str = "the counters are inconsistent";

/// The block and edge counts that `counters` (in the descriptor's counter
/// order) imply.
pub fn reconstruct(desc: &CfgDescriptor, counters: &[u64]) -> Result<EdgeProfile, String> {
    let graph = FlowGraph::new(&desc.shape);
    let flow = reconstruct_flow(desc, &graph, counters)?;
    Ok(edge_profile(&desc.shape, &graph, &flow))
}

/// The block, edge, entry and early-exit counts that the count of every
/// edge of `graph` (the flow graph of `shape`, in flow-edge order) implies.
pub fn edge_profile(shape: &FunctionShape, graph: &FlowGraph, flow: &[u64]) -> EdgeProfile {
    let count = |kind| flow[graph.edge_of(kind).expect("the shape has this edge") as usize];
    let blocks = (0..shape.num_blocks())
        .map(|b| graph.preds(graph.block_entry(b)).iter().map(|&e| flow[e as usize]).sum())
        .collect();
    let edges = shape.edges.iter().enumerate().map(|(i, &(from, to))| (from, to, count(FlowEdgeKind::Cfg(i as u32)))).collect();
    let sites = |kind: fn(u32) -> FlowEdgeKind| -> Vec<CallSiteCount> {
        shape
            .call_sites
            .iter()
            .enumerate()
            .filter_map(|(i, site)| {
                let e = graph.edge_of(kind(i as u32))?;
                Some(CallSiteCount { block: site.block, inst: site.inst, callee: site.callee.clone(), count: flow[e as usize] })
            })
            .collect()
    };
    EdgeProfile {
        blocks,
        edges,
        entries: count(FlowEdgeKind::Entry),
        early_exits: sites(FlowEdgeKind::EarlyExit),
        second_returns: sites(FlowEdgeKind::ReEntry),
    }
}

/// The count of every edge of `graph` (the flow graph of `desc`'s shape),
/// in flow-edge order.
pub fn reconstruct_flow(desc: &CfgDescriptor, graph: &FlowGraph, counters: &[u64]) -> Result<Vec<u64>, String> {
    if counters.len() != desc.counters.len() {
        return Err(format!(
            "the profile has {} counters but the CFG descriptor places {}",
            counters.len(),
            desc.counters.len()
        ));
    }
    let mut known: Vec<Option<u64>> = (0..graph.edges().len() as u32)
        .map(|e| (graph.measure(e) == Measure::KnownZero).then_some(0))
        .collect();
    for (i, (&e, &value)) in desc.counter_edges(graph)?.iter().zip(counters).enumerate() {
        known[e as usize] = Some(desc.counter_count(i, value)?);
    }
    if desc.strategy == Strategy::Vertex {
        return super::vertex_flow::vertex_flow(graph, known);
    }
    solve_flow(graph, &known)
}

/// Completes a partial assignment of counts to `graph`'s edges by flow
/// conservation; the unknown edges must form a forest.
pub fn solve_flow(graph: &FlowGraph, known: &[Option<u64>]) -> Result<Vec<u64>, String> {
    let value = propagate(graph, known, Sign::NonNegative)?;
    counts(value)
}

/// Whether [`propagate`] may give an edge a negative count.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sign {
    /// A negative count means the counters are inconsistent.
    NonNegative,
    /// Negative counts are allowed, as on the pipeless cycles of a vertex
    /// profile before they are shifted (`vertex_flow`).
    Any,
}

/// Completes a partial assignment of counts to `graph`'s edges by flow
/// conservation, where the unknown edges form a forest, and checks
/// conservation at every vertex.
pub(super) fn propagate(graph: &FlowGraph, known: &[Option<u64>], sign: Sign) -> Result<Vec<i128>, String> {
    let mut value: Vec<Option<i128>> = known.iter().map(|k| k.map(i128::from)).collect();
    let num_vertices = graph.num_vertices() as usize;
    let mut unknown = vec![0u32; num_vertices];
    for (e, edge) in graph.edges().iter().enumerate() {
        if value[e].is_none() {
            unknown[edge.from as usize] += 1;
            unknown[edge.to as usize] += 1;
        }
    }
    let mut leaves: Vec<u32> = (0..num_vertices as u32).filter(|&v| unknown[v as usize] == 1).collect();
    while let Some(v) = leaves.pop() {
        if unknown[v as usize] != 1 {
            continue;
        }
        let incident = graph.preds(v).iter().chain(graph.succs(v));
        let e = *incident.clone().find(|&&e| value[e as usize].is_none()).expect("a leaf has one unknown edge");
        let (inflow, outflow) = balance(graph, &value, v);
        let edge = graph.edge(e);
        let derived = if edge.to == v { outflow - inflow } else { inflow - outflow };
        if derived < 0 && sign == Sign::NonNegative {
            return Err(format!(
                "{INCONSISTENT}: {} takes {} more runs out than in, so an edge would run a negative number of times",
                graph.describe(v),
                -derived
            ));
        }
        value[e as usize] = Some(derived);
        for end in [edge.from, edge.to] {
            unknown[end as usize] -= 1;
            if unknown[end as usize] == 1 {
                leaves.push(end);
            }
        }
    }
    if let Some(e) = value.iter().position(Option::is_none) {
        let edge = graph.edge(e as u32);
        return Err(format!(
            "invalid CFG descriptor: the unmeasured edges contain a cycle through the edge from {} to {}",
            graph.describe(edge.from),
            graph.describe(edge.to)
        ));
    }
    for v in 0..num_vertices as u32 {
        let (inflow, outflow) = balance(graph, &value, v);
        if inflow != outflow {
            return Err(format!(
                "{INCONSISTENT}: {} is entered {inflow} times but left {outflow} times",
                graph.describe(v)
            ));
        }
    }
    Ok(value.into_iter().map(|v| v.expect("every edge is known")).collect())
}

/// The counts of `value`, each of which must fit in 64 bits.
pub(super) fn counts(value: Vec<i128>) -> Result<Vec<u64>, String> {
    value
        .into_iter()
        .enumerate()
        .map(|(e, v)| u64::try_from(v).map_err(|_| format!("the count {v} of flow edge {e} does not fit in 64 bits")))
        .collect()
}

/// The known flow into and out of vertex `v`, unknown edges counting 0.
fn balance(graph: &FlowGraph, value: &[Option<i128>], v: u32) -> (i128, i128) {
    let sum = |edges: &[u32]| edges.iter().map(|&e| value[e as usize].unwrap_or(0)).sum::<i128>();
    (sum(graph.preds(v)), sum(graph.succs(v)))
}
