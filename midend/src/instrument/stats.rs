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
    /// Loops of the loop nesting forest, reducible or not.
    pub loops: usize,
    /// Loop-header parameters that are SESE counters (Frenot and Pereira,
    /// CC 2024, Definition 3.5), and those that replace a counter.
    pub sese_found: usize,
    pub sese_used: usize,
    /// How many fewer counters the function increments in memory than
    /// under the plain Knuth–Stevenson plan (`sese`, whose loop variables
    /// replace counters, and `vertex`, which needs no counter on some
    /// pipeless cycles).
    pub ks_replaced: usize,
    /// Counters kept in registers while their loop runs
    /// (`-fprofile-counter-promotion`).
    pub promoted: usize,
    /// Value sites whose operand is profiled (`-fprofile-values`).
    pub value_sites: usize,
    /// Path profiling: the number of potential paths, whether the runtime's
    /// hash table counts them, and how many edges truncation cut.
    pub paths: u64,
    pub hashed_paths: bool,
    pub truncations: usize,
    /// Targeted path profiling only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tpp: Option<TppStats>,
}

/// What targeted path profiling decided for one function.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TppStats {
    /// The potential paths Ball–Larus numbering gives the function (its
    /// hot paths are `FunctionStats::paths`).
    pub ball_larus_paths: u64,
    /// Recording points that count, and those left without code because
    /// only obvious paths (or none that ran) end there.
    pub counted_ends: usize,
    pub obvious_ends: usize,
    pub disconnected_loops: usize,
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
            total.loops += f.loops;
            total.sese_found += f.sese_found;
            total.sese_used += f.sese_used;
            total.ks_replaced += f.ks_replaced;
            total.promoted += f.promoted;
            total.paths = total.paths.saturating_add(f.paths);
            total.truncations += f.truncations;
        }
        total
    }

    /// A table with a line per function and a total line.
    pub fn render(&self) -> String {
        let width = self.functions.iter().map(|f| f.name.len()).max().unwrap_or(0).max(8);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>8}  {:>6}  {:>5}  {:>10}  {:>9}  {:>11}  {:>8}  weights   (strategy {})",
            "function", "blocks", "edges", "calls", "counters", "splits", "loops", "sese-found", "sese-used", "ks-replaced", "promoted", self.strategy
        );
        let line = |out: &mut String, f: &FunctionStats, weights: &str| {
            let _ = writeln!(
                out,
                "{:<width$}  {:>6}  {:>6}  {:>6}  {:>8}  {:>6}  {:>5}  {:>10}  {:>9}  {:>11}  {:>8}  {weights}",
                f.name, f.blocks, f.edges, f.call_sites, f.counters, f.split_edges, f.loops, f.sese_found, f.sese_used, f.ks_replaced, f.promoted
            );
        };
        for f in &self.functions {
            let weights = match (self.strategy, f.profile_weights) {
                (Strategy::Naive | Strategy::Sample, _) => "-",
                (_, false) => "heuristic",
                (_, true) => "profile",
            };
            if let Some(t) = &f.tpp {
                let storage = if f.hashed_paths { "hash" } else { "array" };
                let summary = format!(
                    "{weights:<9} paths {} ({storage}) of {} Ball-Larus, recording points {} counted {} obvious, loops disconnected {}",
                    f.paths, t.ball_larus_paths, t.counted_ends, t.obvious_ends, t.disconnected_loops
                );
                line(&mut out, f, &summary);
            } else if self.strategy == Strategy::Path {
                let storage = if f.hashed_paths { "hash" } else { "array" };
                line(&mut out, f, &format!("{weights:<9} paths {} ({storage}), truncations {}", f.paths, f.truncations));
            } else {
                line(&mut out, f, weights);
            }
        }
        line(&mut out, &self.total(), "");
        let _ = writeln!(out, "functions instrumented: {}", self.functions.len());
        if matches!(self.strategy, Strategy::Path | Strategy::Tpp) {
            let hashed = self.functions.iter().filter(|f| f.hashed_paths).count();
            let _ = writeln!(out, "path storage: {} array, {hashed} hash table", self.functions.len() - hashed);
        }
        out
    }
}

/// Writes a strategy as its command-line name (`"ks"`).
fn serialize_strategy<S: Serializer>(strategy: &Strategy, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(strategy.name())
}
