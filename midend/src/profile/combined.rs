//! What the summaries of a combined profile stand for (Preuss,
//! "Implementation of Path Profiling in LLVM", §3.5; the statistics and
//! their merging are `nissecc_profile_format::combined`).
//!
//! Each run is reconstructed to block and edge counts *before* it is
//! combined, and the statistics are kept per reconstructed count, not per
//! raw counter: the raw counters of a Knuth–Stevenson or SESE profile are
//! chords, and an edge's count is a signed sum of them, so the mean of a
//! reconstructed count is the reconstruction of the chords' means but its
//! variance is not the reconstruction of their variances (it needs their
//! covariances). Reconstructing first makes the statistics the same under
//! every strategy, as `show` makes the counts. A function's count
//! summaries are, in this order: its entries, its block counts, its edge
//! counts, its early exits and its second returns (`EdgeProfile`'s
//! fields, flattened by [`flatten`]); its share summaries are one per edge,
//! the fraction of its source block's executions that took it, in the runs
//! where that block ran (Preuss §3.5.3 stores edges as fractions of their
//! dominating edge for the same reason: so that a small run and a large
//! one weigh alike). A path profile also keeps one summary per path.

use super::reconstruct::edge_profile;
use super::{CfgDescriptor, EdgeProfile, FlowGraph};
use crate::instrument::path::derive::measured_edge_profile;
use nissecc_profile_format::histogram::{COUNT_MIN_EXPONENT, SHARE_MIN_EXPONENT};
use nissecc_profile_format::summary::Summary;
use nissecc_profile_format::{CombinedFunction, FunctionProfile};

/// The counts of `counts` in the order of a combined function's count
/// summaries.
pub fn flatten(counts: &EdgeProfile) -> Vec<u64> {
    let mut flat = vec![counts.entries];
    flat.extend(&counts.blocks);
    flat.extend(counts.edges.iter().map(|&(_, _, count)| count));
    flat.extend(counts.early_exits.iter().chain(&counts.second_returns).map(|site| site.count));
    flat
}

/// Each edge's share of its source block's executions, or `None` when
/// the block did not run.
pub fn edge_shares(counts: &EdgeProfile) -> Vec<Option<f64>> {
    counts
        .edges
        .iter()
        .map(|&(from, _, count)| {
            let runs = counts.blocks[from as usize];
            (runs > 0).then(|| count as f64 / runs as f64)
        })
        .collect()
}

/// One run of `function`, whose descriptor is `descriptor`, as a combined
/// function of one run with `bins` bins.
pub fn single_run(descriptor: &CfgDescriptor, function: &FunctionProfile, bins: usize) -> Result<CombinedFunction, String> {
    let counts = measured_edge_profile(descriptor, function)?;
    let count = |x: u64| Summary::of(x as f64, bins, COUNT_MIN_EXPONENT);
    Ok(CombinedFunction {
        name: function.name.clone(),
        checksum: function.checksum,
        descriptor: function.descriptor.clone(),
        counts: flatten(&counts).into_iter().map(count).collect(),
        shares: edge_shares(&counts).into_iter().map(|share| share.map_or(Summary::empty(bins), |s| Summary::of(s, bins, SHARE_MIN_EXPONENT))).collect(),
        paths: function.paths.iter().map(|&(number, n)| (number, count(n))).collect(),
    })
}

/// A function's counts with every count a summary: the shape of
/// [`EdgeProfile`] with `pick` of each count's summary, or why the
/// summaries do not fit the descriptor.
pub fn summarized_profile<'a, T>(
    descriptor: &CfgDescriptor,
    function: &'a CombinedFunction,
    pick: impl Fn(&'a Summary) -> T,
) -> Result<SummarizedProfile<T>, String> {
    let graph = FlowGraph::new(&descriptor.shape);
    let template = edge_profile(&descriptor.shape, &graph, &vec![0; graph.edges().len()]);
    let expected = flatten(&template).len();
    if function.counts.len() != expected || function.shares.len() != template.edges.len() {
        return Err(format!(
            "the combined profile has {} count and {} share summaries, but its CFG has {expected} counts and {} edges",
            function.counts.len(),
            function.shares.len(),
            template.edges.len()
        ));
    }
    let mut values = function.counts.iter().map(&pick);
    let mut next = || values.next().expect("the length was checked");
    let entries = next();
    let blocks = template.blocks.iter().map(|_| next()).collect();
    let edges = template.edges.iter().map(|&(from, to, _)| (from, to, next())).collect();
    let early_exits = template.early_exits.iter().map(|_| next()).collect();
    let second_returns = template.second_returns.iter().map(|_| next()).collect();
    Ok(SummarizedProfile { template, entries, blocks, edges, early_exits, second_returns })
}

/// [`EdgeProfile`]'s counts as something else (a summary, a mean), with a
/// zero-count profile of the same shape that names the call sites.
#[derive(Clone, Debug)]
pub struct SummarizedProfile<T> {
    pub template: EdgeProfile,
    pub entries: T,
    pub blocks: Vec<T>,
    pub edges: Vec<(u32, u32, T)>,
    pub early_exits: Vec<T>,
    pub second_returns: Vec<T>,
}

/// The counts that `-fprofile-use` takes from a combined function: each
/// count's mean, rounded. Rounding each count on its own can break flow
/// conservation by a count or so, which annotation does not need.
pub fn mean_profile(descriptor: &CfgDescriptor, function: &CombinedFunction) -> Result<EdgeProfile, String> {
    let means = summarized_profile(descriptor, function, |summary| summary.moments.mean.round() as u64)?;
    let mut counts = means.template;
    counts.entries = means.entries;
    counts.blocks = means.blocks;
    counts.edges = means.edges;
    for (site, count) in counts.early_exits.iter_mut().zip(means.early_exits).chain(counts.second_returns.iter_mut().zip(means.second_returns)) {
        site.count = count;
    }
    Ok(counts)
}

/// The blocks (numbered as the shape numbers them) ending in a two-way
/// branch whose bias is unstable across the runs of `function`: the share
/// of its hotter successor (by mean) is within `deviations` standard
/// deviations of one half, so that the runs do not agree on which side is
/// hot. A branch whose block ran in fewer than two runs is stable.
pub fn unstable_branches(descriptor: &CfgDescriptor, function: &CombinedFunction, deviations: f64) -> Result<Vec<u32>, String> {
    // Checks that the summaries fit the shape.
    summarized_profile(descriptor, function, |_| ())?;
    let edges = &descriptor.shape.edges;
    let mut unstable = Vec::new();
    for block in 0..descriptor.shape.num_blocks() {
        let out: Vec<usize> = (0..edges.len()).filter(|&i| edges[i].0 == block).collect();
        let [a, b] = out[..] else { continue };
        if edges[a].1 == edges[b].1 {
            continue;
        }
        let (sa, sb) = (&function.shares[a].moments, &function.shares[b].moments);
        let hot = if sa.mean >= sb.mean { sa } else { sb };
        if hot.n >= 2 && hot.mean - deviations * hot.std_dev() < 0.5 {
            unstable.push(block);
        }
    }
    Ok(unstable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{FlowEdgeKind, FunctionShape, Strategy};
    use nissecc_profile_format::CombinedProfile;

    /// `loop(n)`: block0 -> block1; block1 -> block2 (body) or block3
    /// (return); block2 -> block1; naively instrumented.
    fn descriptor() -> CfgDescriptor {
        use FlowEdgeKind::*;
        let shape = FunctionShape { block_lines: vec![1, 2, 3, 4], edges: vec![(0, 1), (1, 2), (1, 3), (2, 1)], returns: vec![3], call_sites: vec![] };
        CfgDescriptor::new(Strategy::Naive, shape, vec![Cfg(0), Cfg(1), Cfg(2), Cfg(3), Return(3), Entry])
    }

    /// The runs of `loop` with these `(calls, iterations)`, combined.
    fn combined(runs: &[(u64, u64)]) -> CombinedFunction {
        let descriptor = descriptor();
        let mut all = CombinedProfile::empty(4);
        for &(calls, iterations) in runs {
            let function = FunctionProfile {
                name: "loop".into(),
                checksum: 1,
                descriptor: descriptor.encode(),
                counters: vec![calls, iterations, calls, iterations, calls, calls],
                paths: vec![],
                values: Vec::new(),
            };
            let run = CombinedProfile { runs: 1, bins: 4, functions: vec![single_run(&descriptor, &function, 4).unwrap()] };
            all = all.combine(&run).unwrap();
        }
        all.functions.remove(0)
    }

    #[test]
    fn a_branch_is_unstable_when_the_runs_disagree_on_its_hot_side() {
        // The loop branch takes the body 90% and 10% of the time.
        assert_eq!(unstable_branches(&descriptor(), &combined(&[(1, 9), (9, 1)]), 1.0).unwrap(), vec![1]);
        // 90% and 80%: the body is hot in both runs.
        assert_eq!(unstable_branches(&descriptor(), &combined(&[(1, 9), (1, 4)]), 1.0).unwrap(), Vec::<u32>::new());
        // One run says nothing about variation.
        assert_eq!(unstable_branches(&descriptor(), &combined(&[(9, 1)]), 1.0).unwrap(), Vec::<u32>::new());
    }

    #[test]
    fn the_mean_profile_rounds_each_mean() {
        let counts = mean_profile(&descriptor(), &combined(&[(1, 9), (2, 4)])).unwrap();
        // Block1 runs calls + iterations times: 10 and 6.
        assert_eq!((counts.entries, counts.blocks.clone()), (2, vec![2, 8, 7, 2]));
        assert_eq!(counts.edges[1], (1, 2, 7));
        let mut short = combined(&[(1, 9)]);
        short.counts.pop();
        assert!(mean_profile(&descriptor(), &short).unwrap_err().contains("count and"));
    }
}
