//! What instrumentation did, per function, for `--stats`: the static side
//! of Ball & Larus's comparison of counter placements ("Optimally
//! Profiling and Tracing Programs", TOPLAS 1994, §6.1, Table 2: total
//! edges, instrumented edges and edges that needed a jump).
//!
//! Both types serialize with serde, so that `nissecc --stats=json` can hand
//! them to tools such as `nissecc-bench` without a text parser.

use crate::profile::Strategy;
use serde::{Serialize, Serializer};
use std::fmt::Write;

/// The static counts of one instrumented function.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FunctionStats {
    pub name: String,
    /// Reachable blocks and CFG edges, before instrumentation.
    pub blocks: usize,
    pub edges: usize,
    /// Calls that may not return, which cut their blocks (§3.2).
    pub call_sites: usize,
    pub counters: usize,
    /// CFG edges split to hold a counter.
    pub split_edges: usize,
    /// True when an earlier profile weighted the spanning tree.
    pub profile_weights: bool,
}

/// The outcome of instrumenting one module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InstrumentReport {
    #[serde(serialize_with = "serialize_strategy")]
    pub strategy: Strategy,
    pub functions: Vec<FunctionStats>,
    /// Problems that did not stop instrumentation, such as a stale weight
    /// profile; one line each.
    pub warnings: Vec<String>,
}

impl InstrumentReport {
    /// The sum over all functions, named `total`.
    pub fn total(&self) -> FunctionStats {
        let mut total = FunctionStats { name: "total".into(), ..FunctionStats::default() };
        for f in &self.functions {
            total.blocks += f.blocks;
            total.edges += f.edges;
            total.call_sites += f.call_sites;
            total.counters += f.counters;
            total.split_edges += f.split_edges;
        }
        total
    }

    /// A table with a line per function and a total line.
    pub fn render(&self) -> String {
        let width = self.functions.iter().map(|f| f.name.len()).max().unwrap_or(0).max(8);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>8}  {:>6}  weights   (strategy {})",
            "function", "blocks", "edges", "calls", "counters", "splits", self.strategy
        );
        let line = |out: &mut String, f: &FunctionStats, weights: &str| {
            let _ = writeln!(
                out,
                "{:<width$}  {:>6}  {:>6}  {:>6}  {:>8}  {:>6}  {weights}",
                f.name, f.blocks, f.edges, f.call_sites, f.counters, f.split_edges
            );
        };
        for f in &self.functions {
            let weights = match (self.strategy, f.profile_weights) {
                (Strategy::Naive, _) => "-",
                (Strategy::Ks, false) => "heuristic",
                (Strategy::Ks, true) => "profile",
            };
            line(&mut out, f, weights);
        }
        line(&mut out, &self.total(), "");
        let _ = writeln!(out, "functions instrumented: {}", self.functions.len());
        out
    }
}

/// Writes a strategy as its command-line name (`"ks"`).
fn serialize_strategy<S: Serializer>(strategy: &Strategy, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(strategy.name())
}
