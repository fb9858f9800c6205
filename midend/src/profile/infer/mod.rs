//! Profile inference: consistent block and edge counts from inexact
//! weights (samples, or the matched part of a stale profile), after He,
//! Mestre, Pupyrev, Wang and Yu, "Profile Inference Revisited", POPL 2022.
//!
//! The input is a function's CFG (its [`FunctionShape`]) with an optional
//! weight on every block and CFG edge; a block or edge without one is
//! *dangling* (§2.2), and a block may be marked *unlikely*. The output is
//! a count for every edge of the function's flow graph (`flow_graph.rs`):
//! counts that conserve flow at every block segment and at EXIT, so that
//! they read exactly like a measured profile, early exits of calls that
//! did not return included.
//!
//! The model is §2.2's: counts that stay close to the weights, with
//! linear costs for raising a weight (`k_inc` = 10, or `k_inc⁰` = 11 for a
//! weight of 0) and for lowering it (`k_dec` = 20), the paper's best
//! setting (§5.2). §3.1 reduces it to min-cost flow ([`network`]); the
//! solver is [`min_cost_flow`]. Two objectives:
//!
//! - [`Objective::Profi`], the paper's algorithm (Algorithm 1): flow is
//!   spread evenly over equal-cost alternatives (§4.2), islands of flow
//!   are joined to the entry ([`islands`], §3.2), and dangling subgraphs
//!   are rebalanced ([`dangling`], §3.4);
//! - [`Objective::Mcf`], the classic approach of Levin, Newman and Haber
//!   (§2.1): the same network, one shortest path per augmentation, no
//!   post-processing.
//!
//! Inference is pure: no I/O, and it never panics on any shape the
//! descriptor decoder accepts.

pub mod dangling;
pub mod islands;
pub mod min_cost_flow;
pub mod network;
pub mod samples;
pub mod synthetic;

use super::flow_graph::{FlowEdgeKind, FlowGraph};
use super::reconstruct::{edge_profile, EdgeProfile};
use super::shape::FunctionShape;
pub use samples::{infer_samples, sample_weights};

/// The weights inference starts from, numbered as the shape's blocks and
/// CFG edges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    /// The weight of each block; `None` for a dangling block.
    pub blocks: Vec<Option<u64>>,
    /// The weight of each CFG edge; `None` when unknown.
    pub edges: Vec<Option<u64>>,
    /// Blocks known to run rarely: flow avoids them where it can.
    pub unlikely: Vec<bool>,
    /// Weights of flow-graph edges that are not CFG edges (returns, the
    /// continuations of calls, the entry, re-entries after `setjmp`).
    pub others: Vec<(FlowEdgeKind, u64)>,
}

impl Weights {
    /// No weight anywhere.
    pub fn unknown(shape: &FunctionShape) -> Weights {
        Weights {
            blocks: vec![None; shape.block_lines.len()],
            edges: vec![None; shape.edges.len()],
            unlikely: vec![false; shape.block_lines.len()],
            others: Vec::new(),
        }
    }

    /// The weight of every edge of `graph` (the flow graph of the shape),
    /// in flow-edge order.
    pub fn of_flow_edges(&self, graph: &FlowGraph) -> Vec<Option<u64>> {
        let mut weights: Vec<Option<u64>> = graph
            .edges()
            .iter()
            .map(|edge| match edge.kind {
                FlowEdgeKind::Cfg(i) => self.edges.get(i as usize).copied().flatten(),
                _ => None,
            })
            .collect();
        for &(kind, weight) in &self.others {
            if let Some(e) = graph.edge_of(kind) {
                weights[e as usize] = Some(weight);
            }
        }
        weights
    }

    /// Exact counts as weights: every block and edge weighed.
    pub fn of_counts(counts: &EdgeProfile) -> Weights {
        Weights {
            blocks: counts.blocks.iter().map(|&c| Some(c)).collect(),
            edges: counts.edges.iter().map(|&(_, _, c)| Some(c)).collect(),
            unlikely: vec![false; counts.blocks.len()],
            others: Vec::new(),
        }
    }

    fn check(&self, shape: &FunctionShape) -> Result<(), String> {
        let blocks = shape.block_lines.len();
        if self.blocks.len() != blocks || self.unlikely.len() != blocks || self.edges.len() != shape.edges.len() {
            return Err(format!(
                "inference weights for {} blocks and {} edges, but the function has {} blocks and {} edges",
                self.blocks.len(),
                self.edges.len(),
                blocks,
                shape.edges.len()
            ));
        }
        Ok(())
    }
}

/// Which algorithm infers the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// He et al.'s profi (Algorithm 1).
    Profi,
    /// The classic min-cost flow, without §4's extensions.
    Mcf,
}

impl Objective {
    pub fn name(self) -> &'static str {
        match self {
            Objective::Profi => "profi",
            Objective::Mcf => "mcf",
        }
    }

    pub fn from_name(name: &str) -> Option<Objective> {
        [Objective::Profi, Objective::Mcf].into_iter().find(|o| o.name() == name)
    }
}

/// The block, edge, entry and early-exit counts that `weights` imply.
pub fn infer(shape: &FunctionShape, weights: &Weights, objective: Objective) -> Result<EdgeProfile, String> {
    let graph = FlowGraph::new(shape);
    let flow = infer_flow(shape, &graph, weights, objective)?;
    Ok(edge_profile(shape, &graph, &flow))
}

/// The count of every edge of `graph` (the flow graph of `shape`), in
/// flow-edge order, that `weights` imply.
pub fn infer_flow(shape: &FunctionShape, graph: &FlowGraph, weights: &Weights, objective: Objective) -> Result<Vec<u64>, String> {
    weights.check(shape)?;
    let edge_weights = weights.of_flow_edges(graph);
    let mut flow = network::min_cost_flow(graph, weights, &edge_weights, objective)?;
    if objective == Objective::Profi {
        islands::join_islands(graph, &mut flow);
        dangling::rebalance(graph, weights, &edge_weights, &mut flow);
    }
    Ok(flow)
}

#[cfg(test)]
mod tests;
