//! The edge profile that a path profile implies: the path-profile verifier
//! of Preuss, "Implementation of Path Profiling in LLVM", §3.3.3 and
//! §4.2.2. Every executed path adds its count to each flow-graph edge it
//! runs through; a path ending with the dummy `u → EXIT` of a cut edge
//! ran that edge; and a path that starts at ENTRY (not at a loop header,
//! nor where a `longjmp` landed) is one call of the function. The result must equal the edge profile
//! that naive instrumentation measures directly, which is what the oracle
//! checks (`tests/profile_oracle.rs`).
//!
//! The derived counts are checked for flow conservation at every vertex
//! before they are trusted, so a corrupt or mismatched path profile gives
//! an error rather than a plausible-looking edge profile.

use super::dag::DagEdgeKind;
use super::numbering::{number, Numbering};
use super::regenerate::regenerate;
use crate::profile::reconstruct::{edge_profile, reconstruct_flow, solve_flow};
use crate::profile::infer::{infer_samples, Objective};
use crate::profile::{CfgDescriptor, EdgeProfile, FlowEdgeKind, FlowGraph, Strategy};
use nissecc_profile_format::FunctionProfile;

/// The count of every edge of `graph`, in flow-edge order, from the
/// `(number, count)` pairs of a path profile numbered by `numbering`.
pub fn derive_flow(numbering: &Numbering, graph: &FlowGraph, paths: &[(u64, u64)]) -> Result<Vec<u64>, String> {
    let dag = &numbering.dag;
    let entry_edge = graph.edge_of(FlowEdgeKind::Entry).expect("every flow graph has an entry edge") as usize;
    let mut flow = vec![0u128; graph.edges().len()];
    for &(number, count) in paths {
        let edges = regenerate(numbering, number)
            .ok_or_else(|| format!("path number {number} is outside the {} paths of the function", numbering.total()))?;
        let count = u128::from(count);
        for (i, &e) in edges.iter().enumerate() {
            match dag.edge(e).kind {
                DagEdgeKind::Flow(f) => {
                    flow[f as usize] += count;
                    // A path that starts with a re-entry after `setjmp`
                    // began where a `longjmp` landed, not at a call.
                    if i == 0 && !matches!(graph.edge(f).kind, FlowEdgeKind::ReEntry(_)) {
                        flow[entry_edge] += count;
                    }
                }
                DagEdgeKind::End(c) => flow[dag.cuts()[c as usize].flow_edge as usize] += count,
                DagEdgeKind::Start(_) => {}
            }
        }
    }
    let known: Vec<Option<u64>> = flow
        .into_iter()
        .enumerate()
        .map(|(e, n)| u64::try_from(n).map(Some).map_err(|_| format!("the derived count {n} of flow edge {e} does not fit in 64 bits")))
        .collect::<Result<_, _>>()?;
    // With every edge known, solving only checks conservation.
    solve_flow(graph, &known).map_err(|e| format!("the path counts imply an impossible edge profile: {e}"))
}

/// The block, edge, entry and early-exit counts of a profiled function,
/// whatever strategy measured it (see [`measured_flow`]).
pub fn measured_edge_profile(desc: &CfgDescriptor, function: &FunctionProfile) -> Result<EdgeProfile, String> {
    let graph = FlowGraph::new(&desc.shape);
    let flow = measured_flow(desc, &graph, function)?;
    Ok(edge_profile(&desc.shape, &graph, &flow))
}

/// The count of every flow edge of a profiled function, whatever strategy
/// measured it: reconstructed from edge counters, derived from paths, or
/// inferred from samples (profi, `profile::infer`).
/// `graph` is the flow graph of `desc`'s shape.
pub fn measured_flow(desc: &CfgDescriptor, graph: &FlowGraph, function: &FunctionProfile) -> Result<Vec<u64>, String> {
    match desc.strategy {
        Strategy::Path => {
            if !function.counters.is_empty() {
                return Err(format!("a path profile has {} edge counters, expected none", function.counters.len()));
            }
            derive_flow(&number(graph), graph, &function.paths)
        }
        Strategy::Tpp => Err(
            "a tpp profile counts the hot paths of its training edge profile and lumps the others in one cold count: it determines no edge counts".into(),
        ),
        // A sample profile holds weights: its counts are inferred.
        Strategy::Trace | Strategy::TraceNaive => Err(format!(
            "a {} build's profile holds no counts: `nissecc-profdata trace --edge-profile` folds its trace (.ntrace) into them",
            desc.strategy
        )),
        Strategy::Sample => {
            if !function.paths.is_empty() {
                return Err(format!("a sample profile holds {} path counts", function.paths.len()));
            }
            infer_samples(desc, graph, &function.counters, Objective::Profi)
        }
        _ => {
            if !function.paths.is_empty() {
                return Err(format!("an edge profile ({}) holds {} path counts", desc.strategy, function.paths.len()));
            }
            reconstruct_flow(desc, graph, &function.counters)
        }
    }
}
