//! `nissecc-profdata sample`: simulated sampling of an exact profile, for
//! experiments and deterministic tests of profile inference (issue 17).
//! Each block's samples are a binomial draw from its exact count: every
//! execution is sampled with probability `rate`, as He et al., "Profile
//! Inference Revisited", POPL 2022, §3.3 model uniform sampling. With
//! `--edges`, every countable edge of the flow graph is sampled the same
//! way (CFG edges as branch-record samplers see them, and returns, call
//! continuations and the entry); `--drop-blocks` and `--drop-edges` hide a share of the
//! weights at random, making those blocks and edges dangling. The draw is
//! seeded per function (the seed and the function's name), so a function
//! samples the same whatever else the profile holds.

use super::counts::function_counts;
use super::load::load;
use nissecc_midend::instrument::path::derive::measured_flow;
use nissecc_midend::profile::infer::synthetic::SplitMix;
use nissecc_midend::profile::{CfgDescriptor, FlowGraph, Measure, Sampling, Strategy};
use nissecc_profile_format::file::write_atomically;
use nissecc_profile_format::{fnv1a64, write, FunctionProfile, Profile};
use std::path::Path;

/// How to sample.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleOptions {
    /// The probability that an execution is sampled, in (0, 1].
    pub rate: f64,
    pub seed: u64,
    /// Sample edges too.
    pub edges: bool,
    /// The percentage of block weights to hide.
    pub drop_blocks: f64,
    /// The percentage of edge weights to hide.
    pub drop_edges: f64,
}

impl SampleOptions {
    fn check(&self) -> Result<(), String> {
        if !(self.rate > 0.0 && self.rate <= 1.0) {
            return Err(format!("--rate {}: expected a probability in (0, 1]", self.rate));
        }
        for (flag, pct) in [("--drop-blocks", self.drop_blocks), ("--drop-edges", self.drop_edges)] {
            if !(0.0..=100.0).contains(&pct) {
                return Err(format!("{flag} {pct}: expected a percentage from 0 to 100"));
            }
        }
        Ok(())
    }
}

/// Samples the exact profile in `input` into `output`.
pub fn sample_file(input: &Path, output: &Path, options: &SampleOptions) -> Result<Profile, String> {
    options.check()?;
    let exact = load(input)?;
    let sampled = sample_profile(&exact, options).map_err(|e| format!("{}: {e}", input.display()))?;
    write_atomically(output, &write(&sampled)).map_err(|error| format!("{}: {error}", output.display()))?;
    Ok(sampled)
}

/// A sample profile drawn from `exact`.
pub fn sample_profile(exact: &Profile, options: &SampleOptions) -> Result<Profile, String> {
    let mut functions = Vec::with_capacity(exact.functions.len());
    for function in &exact.functions {
        let measured = function_counts(function).map_err(|e| format!("function `{}`: {e}", function.name))?;
        let mut rng = SplitMix(options.seed ^ fnv1a64(function.name.as_bytes()));
        let keep = |rng: &mut SplitMix, pct: f64| rng.uniform() * 100.0 >= pct;
        let mut blocks = Vec::new();
        let mut values = Vec::new();
        for (b, &count) in measured.counts.blocks.iter().enumerate() {
            let samples = binomial(&mut rng, count, options.rate);
            if keep(&mut rng, options.drop_blocks) {
                blocks.push((b as u32, 1));
                values.push(samples);
            }
        }
        let mut edges = Vec::new();
        if options.edges {
            // Every countable flow edge: CFG edges, returns, the
            // continuations of calls and the entry (early exits cannot be
            // seen where they happen, by any sampler).
            let graph = FlowGraph::new(&measured.descriptor.shape);
            let flow = measured_flow(&measured.descriptor, &graph, function)?;
            for (e, edge) in graph.edges().iter().enumerate() {
                if graph.measure(e as u32) != Measure::Countable {
                    continue;
                }
                let samples = binomial(&mut rng, flow[e], options.rate);
                if keep(&mut rng, options.drop_edges) {
                    edges.push(edge.kind);
                    values.push(samples);
                }
            }
        }
        let period = (1.0 / options.rate).round().max(1.0) as u64;
        let descriptor = CfgDescriptor {
            sampling: Sampling { period, blocks },
            block_hashes: measured.descriptor.block_hashes.clone(),
            source_lines: measured.descriptor.source_lines.clone(),
            ..CfgDescriptor::new(Strategy::Sample, measured.descriptor.shape.clone(), edges)
        };
        functions.push(FunctionProfile {
            name: function.name.clone(),
            checksum: function.checksum,
            descriptor: descriptor.encode(),
            counters: values,
            paths: Vec::new(),
            values: Vec::new(),
        });
    }
    let mut profile = Profile { functions };
    profile.canonicalize();
    Ok(profile)
}

/// A draw from the binomial distribution B(n, p): exactly (one Bernoulli
/// trial each, or geometric gaps between successes) while the expected
/// number of successes is small, and by the normal approximation
/// N(np, np(1-p)) beyond, where it is accurate.
fn binomial(rng: &mut SplitMix, n: u64, p: f64) -> u64 {
    if p >= 1.0 || n == 0 {
        return n;
    }
    let mean = n as f64 * p;
    if n <= 64 {
        return (0..n).filter(|_| rng.uniform() < p).count() as u64;
    }
    if mean < 64.0 {
        // The gaps between successes are geometric with parameter p.
        let log_q = (1.0 - p).ln();
        let (mut position, mut successes) = (0u64, 0u64);
        loop {
            let gap = ((1.0 - rng.uniform()).ln() / log_q).floor() as u64;
            position = position.saturating_add(gap).saturating_add(1);
            if position > n {
                return successes;
            }
            successes += 1;
        }
    }
    // Box–Muller.
    let (u, v) = (1.0 - rng.uniform(), rng.uniform());
    let z = (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos();
    let draw = (mean + z * (mean * (1.0 - p)).sqrt()).round();
    draw.clamp(0.0, n as f64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_draws_have_the_right_mean_in_every_regime() {
        let mut rng = SplitMix(3);
        for (n, p) in [(50u64, 0.3), (10_000, 0.001), (1_000_000, 0.01), (7, 1.0)] {
            let draws = 2000;
            let total: u64 = (0..draws).map(|_| binomial(&mut rng, n, p)).sum();
            let mean = total as f64 / draws as f64;
            let expected = n as f64 * p;
            let sd = (expected * (1.0 - p)).sqrt() / (draws as f64).sqrt();
            assert!((mean - expected).abs() <= 5.0 * sd + 1e-9, "B({n}, {p}): mean {mean}, expected {expected}");
            assert!((0..100).all(|_| binomial(&mut rng, n, p) <= n));
        }
    }
}
