//! Random profiles for the property tests: a small deterministic PRNG
//! (SplitMix64) and profiles drawn from a fixed set of function shapes, so
//! that any two of them can be merged.

#![allow(dead_code)]

use nissecc_profile_format::{FunctionProfile, Profile, ValueCount};

/// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A counter value: mostly small, sometimes huge, so that sums
    /// saturate now and then.
    pub fn count(&mut self) -> u64 {
        match self.below(10) {
            0 => u64::MAX - self.below(1000),
            1 => self.next() >> 1,
            _ => self.below(1000),
        }
    }
}

/// Function shapes (name, checksum, descriptor, counter count) that
/// random profiles draw from. Every third shape is a path profile's
/// (named `path_…`, with no counters).
pub fn shapes(rng: &mut Rng, count: usize) -> Vec<FunctionProfile> {
    (0..count)
        .map(|i| {
            let descriptor = (0..rng.below(24)).map(|_| rng.next() as u8).collect();
            let (prefix, counters) = if i % 3 == 2 { ("path_fn", Vec::new()) } else { ("fn", vec![0; rng.below(12) as usize]) };
            FunctionProfile { name: format!("{prefix}_{i}_{}", rng.below(1000)), checksum: rng.next(), descriptor, counters, paths: Vec::new(), values: Vec::new() }
        })
        .collect()
}

/// Random executed paths: distinct numbers in increasing order, each
/// with a nonzero count.
pub fn random_paths(rng: &mut Rng) -> Vec<(u64, u64)> {
    let mut number = rng.below(4);
    let mut paths = Vec::new();
    for _ in 0..rng.below(8) {
        paths.push((number, rng.count().max(1)));
        let gap = if rng.below(4) == 0 { 1 << 40 } else { 5 };
        number += 1 + rng.below(gap);
    }
    paths
}

/// Random value counts: a few sites, a few values each (some negative,
/// some shared between sites), in (site, value) order, each nonzero.
pub fn random_values(rng: &mut Rng) -> Vec<ValueCount> {
    let mut values = Vec::new();
    for site in 0..rng.below(3) as u32 {
        let mut seen: Vec<u64> = (0..rng.below(5)).map(|_| if rng.below(2) == 0 { rng.below(16) } else { rng.next() }).collect();
        seen.sort_unstable();
        seen.dedup();
        values.extend(seen.into_iter().map(|value| ValueCount { site, value, count: rng.count().max(1) }));
    }
    values
}

/// A profile holding a random subset of `shapes` with random counts (and
/// value counts for every second function), in random order.
pub fn random_profile(rng: &mut Rng, shapes: &[FunctionProfile]) -> Profile {
    let mut functions = Vec::new();
    for shape in shapes {
        if rng.below(3) != 0 {
            let paths = if shape.name.starts_with("path_") { random_paths(rng) } else { Vec::new() };
            let values = if rng.below(2) == 0 { random_values(rng) } else { Vec::new() };
            functions.push(FunctionProfile { counters: shape.counters.iter().map(|_| rng.count()).collect(), paths, values, ..shape.clone() });
        }
    }
    for i in (1..functions.len()).rev() {
        functions.swap(i, rng.below(i as u64 + 1) as usize);
    }
    Profile { functions }
}

/// `profile` in canonical order.
pub fn canonical(profile: &Profile) -> Profile {
    let mut sorted = profile.clone();
    sorted.canonicalize();
    sorted
}
