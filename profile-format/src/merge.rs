//! Combining profiles of several runs (issue 3): counters are summed
//! function by function, the counts of a path profile path by path (a
//! path executed in only one run is kept as it is), value counts value by
//! value (likewise), and a weight
//! multiplies a whole profile.
//!
//! Functions are matched by name; two profiles whose functions of the same
//! name differ in CFG checksum, counter count or descriptor cannot be
//! merged, and the error names the function. A function present in only
//! one profile is taken as it is.
//!
//! Arithmetic saturates at `u64::MAX` (as LLVM's `llvm-profdata` does)
//! instead of failing: a run is never lost to an overflow, and saturating
//! addition of unsigned numbers is still associative and commutative
//! (both orders give `min(a + b + c, MAX)`), so profiles from many runs and
//! machines combine in any order. A saturated counter is only a lower
//! bound; [`Profile::is_saturated`] lets tools warn about it.

use crate::error::{FormatError, MismatchKind};
use crate::profile::{FunctionProfile, Profile, ValueCount};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// The sum of two profiles, in canonical (name) order.
pub fn merge(a: &Profile, b: &Profile) -> Result<Profile, FormatError> {
    let mut by_name: BTreeMap<&str, FunctionProfile> = BTreeMap::new();
    for function in a.functions.iter().chain(&b.functions) {
        match by_name.get_mut(function.name.as_str()) {
            Some(existing) => add_into(existing, function)?,
            None => {
                by_name.insert(&function.name, function.clone());
            }
        }
    }
    Ok(Profile { functions: by_name.into_values().collect() })
}

/// The sum of `a` and `weight` times `b`, the building block of
/// `nissecc-profdata merge --weight`.
pub fn merge_weighted(a: &Profile, b: &Profile, weight: u64) -> Result<Profile, FormatError> {
    merge(a, &scale(b, weight))
}

/// `profile` with every counter multiplied by `weight`, saturating.
pub fn scale(profile: &Profile, weight: u64) -> Profile {
    let mut scaled = profile.clone();
    for function in &mut scaled.functions {
        for counter in &mut function.counters {
            *counter = counter.saturating_mul(weight);
        }
        for (_, count) in &mut function.paths {
            *count = count.saturating_mul(weight);
        }
        function.paths.retain(|&(_, count)| count != 0);
        for value in &mut function.values {
            value.count = value.count.saturating_mul(weight);
        }
        function.values.retain(|value| value.count != 0);
    }
    scaled
}

/// Adds `other`'s counters into `into`, after checking that both describe
/// the same function.
pub fn add_into(into: &mut FunctionProfile, other: &FunctionProfile) -> Result<(), FormatError> {
    let mismatch = |problem| FormatError::FunctionMismatch { name: into.name.clone(), problem };
    if into.checksum != other.checksum {
        return Err(mismatch(MismatchKind::Checksum { left: into.checksum, right: other.checksum }));
    }
    if into.counters.len() != other.counters.len() {
        return Err(mismatch(MismatchKind::CounterCount { left: into.counters.len(), right: other.counters.len() }));
    }
    if into.descriptor != other.descriptor {
        return Err(mismatch(MismatchKind::Descriptor));
    }
    for (sum, &count) in into.counters.iter_mut().zip(&other.counters) {
        *sum = sum.saturating_add(count);
    }
    if !other.paths.is_empty() {
        into.paths = merge_paths(&into.paths, &other.paths);
    }
    if !other.values.is_empty() {
        into.values = merge_values(&into.values, &other.values);
    }
    Ok(())
}

/// The sum of two sorted path lists: a path in both gets the sum of its
/// counts, saturating, and the result is sorted.
fn merge_paths(a: &[(u64, u64)], b: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut sum: BTreeMap<u64, u64> = a.iter().copied().collect();
    for &(number, count) in b {
        let entry = sum.entry(number).or_insert(0);
        *entry = entry.saturating_add(count);
    }
    sum.into_iter().collect()
}

/// The sum of two sorted value-count lists: a value seen at a site in both
/// gets the sum of its counts, saturating, and the result is sorted.
fn merge_values(a: &[ValueCount], b: &[ValueCount]) -> Vec<ValueCount> {
    let mut sum: BTreeMap<(u32, u64), u64> = a.iter().map(|v| ((v.site, v.value), v.count)).collect();
    for v in b {
        let entry = sum.entry((v.site, v.value)).or_insert(0);
        *entry = entry.saturating_add(v.count);
    }
    sum.into_iter().map(|((site, value), count)| ValueCount { site, value, count }).collect()
}
