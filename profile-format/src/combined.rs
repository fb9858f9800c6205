//! Combined profiles (Preuss, "Implementation of Path Profiling in LLVM",
//! §3.5): instead of the sum of several runs' counts, the statistics of
//! each count over the runs, so that a reader can tell a counter that is
//! the same in every run from one that swings with the input.
//!
//! A function keeps a [`Summary`] per count and per executed path. Which
//! count is which is defined, like the descriptor, outside this crate (the
//! midend's `profile::combined`: the function's entries, block counts,
//! edge counts and call-site counts as reconstructed from each run, and
//! each edge's share of its source block); this crate only merges them
//! element by element. Every count and path summary holds every run of
//! the profile (a run that lacked a function or a path observed 0); a
//! share summary holds the runs in which its block ran.
//!
//! Merging is associative and commutative: the moments up to
//! floating-point rounding (Chan, Golub and LeVeque's pairwise update,
//! [`crate::moments`]), the histograms, minima and maxima exactly
//! ([`crate::histogram`]). A single run is a combined profile of one run,
//! so single runs and combined profiles merge with each other in any
//! order.

use crate::error::{FormatError, MismatchKind};
use crate::histogram::COUNT_MIN_EXPONENT;
use crate::summary::Summary;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

/// The largest bin count a combined profile may have (Preuss stores bin
/// indices in a byte).
pub const MAX_BINS: usize = 255;
/// The bin count when the user sets none (`--bins`).
pub const DEFAULT_BINS: usize = 15;

/// The statistics of some runs of a program.
#[derive(Clone, Debug, PartialEq)]
pub struct CombinedProfile {
    /// How many runs it summarizes.
    pub runs: u64,
    /// The number of bins of every histogram, 1 to [`MAX_BINS`].
    pub bins: usize,
    /// Sorted by name, as in a profile.
    pub functions: Vec<CombinedFunction>,
}

/// The statistics of one function over the runs of a combined profile.
#[derive(Clone, Debug, PartialEq)]
pub struct CombinedFunction {
    pub name: String,
    pub checksum: u64,
    /// The CFG descriptor, as in a profile.
    pub descriptor: Vec<u8>,
    /// One summary per count, in the order the descriptor's reader
    /// defines; each holds every run.
    pub counts: Vec<Summary>,
    /// One summary per edge of the share of its source block's executions
    /// that took it, over the runs in which that block ran.
    pub shares: Vec<Summary>,
    /// A path profile's `(path number, summary)` of every path that ran in
    /// some run, in increasing number order; empty for an edge profile.
    pub paths: Vec<(u64, Summary)>,
}

impl CombinedProfile {
    /// No run yet: the identity of [`CombinedProfile::combine`].
    pub fn empty(bins: usize) -> CombinedProfile {
        CombinedProfile { runs: 0, bins, functions: Vec::new() }
    }

    /// The function called `name`, if the profile has one.
    pub fn function(&self, name: &str) -> Option<&CombinedFunction> {
        self.functions.iter().find(|function| function.name == name)
    }

    /// The statistics of the runs of `self` and of `other`. Both must use
    /// the same bin count, and functions of the same name must agree on
    /// their checksum, descriptor and number of counts.
    pub fn combine(&self, other: &CombinedProfile) -> Result<CombinedProfile, FormatError> {
        if self.bins != other.bins {
            return Err(FormatError::BinCountMismatch { left: self.bins as u64, right: other.bins as u64 });
        }
        let mut by_name: BTreeMap<&str, (Option<&CombinedFunction>, Option<&CombinedFunction>)> = BTreeMap::new();
        for function in &self.functions {
            by_name.entry(&function.name).or_default().0 = Some(function);
        }
        for function in &other.functions {
            by_name.entry(&function.name).or_default().1 = Some(function);
        }
        let absent = |runs: u64, present: &CombinedFunction| CombinedFunction {
            counts: present.counts.iter().map(|_| Summary::zeros(runs, self.bins, COUNT_MIN_EXPONENT)).collect(),
            shares: present.shares.iter().map(|_| Summary::empty(self.bins)).collect(),
            paths: Vec::new(),
            ..present.clone()
        };
        let mut functions = Vec::with_capacity(by_name.len());
        for pair in by_name.into_values() {
            let merged = match pair {
                (Some(a), Some(b)) => self.merge_function(a, b, other.runs)?,
                (Some(a), None) => self.merge_function(a, &absent(other.runs, a), other.runs)?,
                (None, Some(b)) => self.merge_function(&absent(self.runs, b), b, other.runs)?,
                (None, None) => continue,
            };
            functions.push(merged);
        }
        Ok(CombinedProfile { runs: self.runs + other.runs, bins: self.bins, functions })
    }

    /// `a`, from this profile's runs, merged with `b`, from `other_runs`
    /// runs.
    fn merge_function(&self, a: &CombinedFunction, b: &CombinedFunction, other_runs: u64) -> Result<CombinedFunction, FormatError> {
        let mismatch = |problem| FormatError::FunctionMismatch { name: a.name.clone(), problem };
        if a.checksum != b.checksum {
            return Err(mismatch(MismatchKind::Checksum { left: a.checksum, right: b.checksum }));
        }
        if a.counts.len() != b.counts.len() || a.shares.len() != b.shares.len() {
            return Err(mismatch(MismatchKind::CounterCount { left: a.counts.len(), right: b.counts.len() }));
        }
        if a.descriptor != b.descriptor {
            return Err(mismatch(MismatchKind::Descriptor));
        }
        let pairwise = |x: &[Summary], y: &[Summary]| x.iter().zip(y).map(|(x, y)| x.merge(y)).collect();
        let mut paths: BTreeMap<u64, (Option<&Summary>, Option<&Summary>)> = BTreeMap::new();
        for (number, summary) in &a.paths {
            paths.entry(*number).or_default().0 = Some(summary);
        }
        for (number, summary) in &b.paths {
            paths.entry(*number).or_default().1 = Some(summary);
        }
        let zeros = |runs| Summary::zeros(runs, self.bins, COUNT_MIN_EXPONENT);
        let paths = paths
            .into_iter()
            .map(|(number, (x, y))| {
                let x = x.cloned().unwrap_or_else(|| zeros(self.runs));
                let y = y.cloned().unwrap_or_else(|| zeros(other_runs));
                (number, x.merge(&y))
            })
            .collect();
        Ok(CombinedFunction { counts: pairwise(&a.counts, &b.counts), shares: pairwise(&a.shares, &b.shares), paths, ..a.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::histogram::SHARE_MIN_EXPONENT;
    use alloc::vec;

    /// One run: function `f` (when `f` is given: its count, its share and
    /// its path 7's count) and function `g`, which counts `g`.
    fn run(f: Option<(u64, f64)>, g: u64) -> CombinedProfile {
        let bins = 4;
        let function = |name: &str, count: u64, share: Option<f64>, paths: Vec<(u64, Summary)>| CombinedFunction {
            name: name.into(),
            checksum: 1,
            descriptor: vec![1, 2],
            counts: vec![Summary::of(count as f64, bins, COUNT_MIN_EXPONENT)],
            shares: vec![share.map_or(Summary::empty(bins), |s| Summary::of(s, bins, SHARE_MIN_EXPONENT))],
            paths,
        };
        let mut functions = vec![];
        if let Some((count, share)) = f {
            let paths = if count > 0 { vec![(7, Summary::of(count as f64, bins, COUNT_MIN_EXPONENT))] } else { vec![] };
            functions.push(function("f", count, Some(share), paths));
        }
        functions.push(function("g", g, None, vec![]));
        CombinedProfile { runs: 1, bins, functions }
    }

    /// Equal up to rounding in the moments, exactly in the rest.
    fn assert_equal(a: &CombinedProfile, b: &CombinedProfile) {
        let mut a = a.clone();
        for (fa, fb) in a.functions.iter_mut().zip(&b.functions) {
            let pairs = fa.counts.iter_mut().chain(&mut fa.shares).chain(fa.paths.iter_mut().map(|(_, s)| s));
            for (sa, sb) in pairs.zip(fb.counts.iter().chain(&fb.shares).chain(fb.paths.iter().map(|(_, s)| s))) {
                let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0);
                assert!(close(sa.moments.mean, sb.moments.mean) && close(sa.moments.m2, sb.moments.m2), "{sa:?} vs {sb:?}");
                sa.moments = sb.moments;
            }
        }
        assert_eq!(&a, b);
    }

    #[test]
    fn combining_is_associative_and_commutative_with_missing_functions_and_paths() {
        let runs = [run(Some((10, 0.5)), 3), run(None, 1000), run(Some((0, 0.0)), 0), run(Some((250, 0.75)), 17)];
        let left = runs.iter().fold(CombinedProfile::empty(4), |acc, r| acc.combine(r).unwrap());
        let right = runs.iter().rev().fold(CombinedProfile::empty(4), |acc, r| r.combine(&acc).unwrap());
        let pairs = runs[0].combine(&runs[2]).unwrap().combine(&runs[3].combine(&runs[1]).unwrap()).unwrap();
        assert_equal(&right, &left);
        assert_equal(&pairs, &left);
        assert_eq!(left.runs, 4);
        let f = left.function("f").unwrap();
        // The run without `f` counted 0 for it; its share saw 3 runs.
        assert_eq!((f.counts[0].runs(), f.shares[0].runs(), f.paths[0].1.runs()), (4, 3, 4));
        assert_eq!(f.counts[0].moments.mean, 65.0);
        assert_eq!(f.paths[0].1.moments.mean, 65.0);
        assert!(matches!(left.combine(&CombinedProfile::empty(5)), Err(FormatError::BinCountMismatch { left: 4, right: 5 })));
    }
}
