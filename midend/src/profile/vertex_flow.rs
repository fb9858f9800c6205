//! Reconstruction of a vertex profile: a flow with every vertex count
//! exact from counters that leave pipeless cycles uncounted (Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §3.3.1 and
//! Figure 8; the plan is `instrument::vertex`'s).
//!
//! Figure 8 takes one edge of each counter-free cycle to run 0 times and
//! propagates as for an edge profile. The flow it gets is
//! *vertex-frequency equivalent* to the true one: it differs from it by
//! some amount added to the edges of each cycle that run one way round and
//! taken from those that run the other way, which changes no vertex's
//! inflow or outflow. Such a flow may give an edge of a cycle a negative
//! count, so each cycle is then shifted by the least amount that makes all
//! its counts nonnegative: its smallest count of the break edge's
//! direction becomes 0. The true flow is one of the shifts, so one exists
//! that is nonnegative wherever the counters are consistent.
//!
//! Edges on no cycle get their true counts; the planner keeps the entry,
//! call and exit edges off every cycle, so the calls of the function and
//! its early exits are exact. The counts of the cycle edges are one
//! possible flow, not a measurement.

use super::flow_graph::{FlowEdgeKind, FlowGraph};
use super::pipeless::{is_pipeless, CycleEdge, RootedForest};
use super::reconstruct::{counts, propagate, Sign, INCONSISTENT};
use crate::instrument::spanning_tree::{maximum_spanning_forest, Priority};
use crate::instrument::weights::Weight;

/// The count of every flow edge, given those of the counted edges in
/// `known`: exact vertex counts, and edge counts that are one flow with
/// them (see the module comment).
pub fn vertex_flow(graph: &FlowGraph, mut known: Vec<Option<u64>>) -> Result<Vec<u64>, String> {
    let cycles = break_cycles(graph, &mut known)?;
    let mut value = propagate(graph, &known, Sign::Any)?;
    for cycle in &cycles {
        // The break edge, first in the walk, runs forwards.
        let least = cycle.iter().filter(|c| c.forward).map(|c| value[c.edge as usize]).min().expect("the break edge");
        for c in cycle {
            value[c.edge as usize] += if c.forward { -least } else { least };
        }
    }
    if let Some(e) = value.iter().position(|&v| v < 0) {
        let edge = graph.edge(e as u32);
        return Err(format!(
            "{INCONSISTENT}: no flow gives the edge from {} to {} a nonnegative count",
            graph.describe(edge.from),
            graph.describe(edge.to)
        ));
    }
    counts(value)
}

/// Figure 8's loop: while the unknown edges hold a cycle, one of its edges
/// becomes known to run 0 times. Returns the cycles, each walked from its
/// break edge. The cycles must be pipeless, vertex-disjoint (as the
/// planner makes them, so that no simple cycle of the unknown edges is
/// piped) and made of CFG and return edges; a descriptor whose cycles are
/// not so could only give wrong block counts, and is rejected.
fn break_cycles(graph: &FlowGraph, known: &mut [Option<u64>]) -> Result<Vec<Vec<CycleEdge>>, String> {
    let endpoints: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.from, e.to)).collect();
    let unknown = Priority::Weighted(Weight { primary: 0.0, secondary: 0.0 });
    let priority: Vec<Priority> = known.iter().map(|k| if k.is_some() { Priority::Excluded } else { unknown }).collect();
    let forest = maximum_spanning_forest(graph.num_vertices(), &endpoints, &priority);
    let rooted = RootedForest::new(graph, &forest);
    let mut on_a_cycle = vec![false; graph.num_vertices() as usize];
    let mut cycles = Vec::new();
    for e in 0..graph.edges().len() {
        if known[e].is_some() || forest[e] {
            continue;
        }
        let cycle = rooted.cycle(graph, e as u32).expect("an unknown edge outside the spanning forest closes a cycle in it");
        let edge = graph.edge(e as u32);
        let invalid = |what: &str| {
            format!(
                "invalid CFG descriptor: the unmeasured edges contain {what} through the edge from {} to {}",
                graph.describe(edge.from),
                graph.describe(edge.to)
            )
        };
        if !is_pipeless(&cycle) {
            return Err(invalid("a piped cycle, which leaves block counts undetermined,"));
        }
        if cycle.iter().any(|c| !matches!(graph.edge(c.edge).kind, FlowEdgeKind::Cfg(_) | FlowEdgeKind::Return(_))) {
            return Err(invalid("a cycle with an entry, call or exit edge"));
        }
        for v in RootedForest::vertices(graph, &cycle) {
            if std::mem::replace(&mut on_a_cycle[v as usize], true) {
                return Err(invalid("two cycles that share a vertex"));
            }
        }
        known[e] = Some(0);
        cycles.push(cycle);
    }
    Ok(cycles)
}
