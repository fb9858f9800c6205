//! Random profiles for the property tests: a small deterministic PRNG
//! (SplitMix64) and profiles drawn from a fixed set of function shapes, so
//! that any two of them can be merged.

#![allow(dead_code)]

use nissecc_profile_format::{FunctionProfile, Profile};

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
/// random profiles draw from.
pub fn shapes(rng: &mut Rng, count: usize) -> Vec<FunctionProfile> {
    (0..count)
        .map(|i| {
            let descriptor = (0..rng.below(24)).map(|_| rng.next() as u8).collect();
            let counters = vec![0; rng.below(12) as usize];
            FunctionProfile { name: format!("fn_{i}_{}", rng.below(1000)), checksum: rng.next(), descriptor, counters, paths: Vec::new() }
        })
        .collect()
}

/// A profile holding a random subset of `shapes` with random counts, in
/// random order.
pub fn random_profile(rng: &mut Rng, shapes: &[FunctionProfile]) -> Profile {
    let mut functions = Vec::new();
    for shape in shapes {
        if rng.below(3) != 0 {
            functions.push(FunctionProfile { counters: shape.counters.iter().map(|_| rng.count()).collect(), ..shape.clone() });
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
