//! The block and edge counts of a profiled function, which `show` prints.
//! They come from the function's CFG descriptor and raw counters through
//! the midend's reconstruction (`nissecc_midend::profile`), which shares
//! its plan with instrumentation, so the counters are read exactly as they
//! were placed. Blocks and edges are numbered as in the IR before
//! instrumentation, the same under every strategy, so naive and
//! Knuth–Stevenson profiles show identical counts. A path profile's counts
//! are derived from its paths (`instrument::path::derive`).

use nissecc_midend::instrument::path::derive::measured_edge_profile;
use nissecc_midend::profile::reconstruct::edge_profile;
use nissecc_midend::profile::value_sites::{site_values, SiteValues};
use nissecc_midend::profile::{decode_descriptor, CfgDescriptor, EdgeProfile, FlowGraph, Strategy};
use nissecc_profile_format::FunctionProfile;

/// What `show` knows about one function.
#[derive(Clone, Debug)]
pub struct FunctionCounts {
    pub name: String,
    pub checksum: u64,
    /// The raw counter values, in the descriptor's counter order.
    pub counters: Vec<u64>,
    /// The CFG before instrumentation and the counter plan.
    pub descriptor: CfgDescriptor,
    /// Every block, edge, entry and early-exit count.
    pub counts: EdgeProfile,
    /// A path profile's `(path number, count)` pairs; empty otherwise.
    pub paths: Vec<(u64, u64)>,
    /// The value sites' values (`-fprofile-values`); empty otherwise.
    pub values: Vec<SiteValues>,
}

impl FunctionCounts {
    /// How hot the function is, for `--topn`: its largest block count.
    pub fn hotness(&self) -> u64 {
        self.counts.blocks.iter().copied().max().unwrap_or(0)
    }

    /// All its block counts together: its weight in a weighted total.
    pub fn total(&self) -> u128 {
        self.counts.blocks.iter().map(|&count| u128::from(count)).sum()
    }

    /// False for a vertex profile, which determines block counts but not
    /// the edge counts of its pipeless cycles (`profile::vertex_flow`):
    /// its edge counts are then one possible flow, never to be shown as
    /// measured.
    pub fn edges_measured(&self) -> bool {
        !matches!(self.descriptor.strategy, nissecc_midend::profile::Strategy::Vertex | nissecc_midend::profile::Strategy::Tpp)
    }

    /// The source line of block `b`, when the compiler knew it.
    pub fn line(&self, b: usize) -> Option<u32> {
        self.descriptor.shape.block_lines.get(b).copied().filter(|&line| line != 0)
    }
}

/// The counts of `function`, or why its descriptor or counters make no
/// sense.
pub fn function_counts(function: &FunctionProfile) -> Result<FunctionCounts, String> {
    let descriptor = decode_descriptor(&function.descriptor)?;
    let counts = match descriptor.strategy {
        // A TPP profile's counts are its paths; the block and edge counts
        // it carries are the training run's, which `show` never presents
        // as this run's.
        Strategy::Tpp => {
            super::targeted::check(&descriptor, &function.paths)?;
            let graph = FlowGraph::new(&descriptor.shape);
            let flow = if descriptor.targeted.flow.is_empty() { vec![0; graph.edges().len()] } else { descriptor.targeted.flow.clone() };
            edge_profile(&descriptor.shape, &graph, &flow)
        }
        _ => measured_edge_profile(&descriptor, function)?,
    };
    let values = site_values(&descriptor.value_sites, &function.values, &counts.blocks)?;
    Ok(FunctionCounts {
        values,
        name: function.name.clone(),
        checksum: function.checksum,
        counters: function.counters.clone(),
        descriptor,
        counts,
        paths: function.paths.clone(),
    })
}

/// The name of every function of `functions` by its call-target hash
/// (`value_sites::target_hash`), for listing the targets of indirect
/// calls by name.
pub fn target_names(functions: &[FunctionCounts]) -> std::collections::HashMap<u64, &str> {
    functions.iter().map(|f| (nissecc_midend::profile::value_sites::target_hash(&f.name), f.name.as_str())).collect()
}

/// How a value of a site of `kind` reads: a call target by its function's
/// name (or `(uninstrumented)` for 0, or its hash), anything else as the
/// signed number it was.
pub fn shown_value(kind: nissecc_midend::profile::value_sites::ValueKind, value: u64, names: &std::collections::HashMap<u64, &str>) -> String {
    match kind {
        nissecc_midend::profile::value_sites::ValueKind::CallTarget => match names.get(&value) {
            Some(name) => name.to_string(),
            None if value == 0 => "(uninstrumented)".into(),
            None => format!("{value:#018x}"),
        },
        _ => (value as i64).to_string(),
    }
}
