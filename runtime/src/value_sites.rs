//! Value profiling's counting (`-fprofile-values`; the layout is in
//! [`nissecc_profile_format::abi`]): each value site keeps the first
//! [`VALUE_SLOTS`] distinct values it sees with their exact counts, as
//! LLVM's `__llvm_profile_instrument_target` keeps a bounded list of
//! value nodes per site (compiler-rt, `InstrProfilingValue.c`) and gcc's
//! `__gcov_topn_values_profiler` its top-N pairs. Unlike theirs, a full
//! site never evicts: a value is counted from its first execution or not
//! at all, so every count written is the value's exact count in the run,
//! and the site's block count says how many executions went uncounted.
//!
//! The hit path is a scan of the claimed slots. A new value claims the
//! next slot; under `-fprofile-update=atomic` the claim is a `fetch_add`,
//! the value is written before the count is published with release
//! ordering, and a scan passes over slots whose count is still 0, so two
//! threads seeing a new value at once may claim two slots for it, which
//! [`site_values`] sums.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering};
use nissecc_profile_format::abi::{VALUE_SITE_TARGETS, VALUE_SITE_WORDS, VALUE_SLOTS};

/// Counts `value` at the value site `site`.
#[no_mangle]
pub extern "C" fn __nisse_value_count(site: *mut u64, value: u64) {
    count::<false>(site, value);
}

/// [`__nisse_value_count`] with atomic updates, for
/// `-fprofile-update=atomic`: concurrent threads lose no count.
#[no_mangle]
pub extern "C" fn __nisse_value_count_atomic(site: *mut u64, value: u64) {
    count::<true>(site, value);
}

/// The words of the site at `site`.
fn words<'a>(site: *mut u64) -> &'a [AtomicU64] {
    // SAFETY: the compiler emits `VALUE_SITE_WORDS` writable, 8-aligned
    // `u64`s per site, which only the runtime accesses, atomically.
    unsafe { core::slice::from_raw_parts(site.cast::<AtomicU64>(), VALUE_SITE_WORDS) }
}

#[inline(always)]
fn count<const ATOMIC: bool>(site: *mut u64, value: u64) {
    let words = words(site);
    let claimed = &words[0];
    let slot = |i: usize| (&words[1 + 2 * i], &words[2 + 2 * i]);
    // A call-target site's first word carries a flag above the count.
    let seen = ((claimed.load(Ordering::Acquire) & !VALUE_SITE_TARGETS) as usize).min(VALUE_SLOTS);
    for i in 0..seen {
        let (slot_value, slot_count) = slot(i);
        if slot_count.load(Ordering::Acquire) != 0 && slot_value.load(Ordering::Relaxed) == value {
            if ATOMIC {
                slot_count.fetch_add(1, Ordering::Relaxed);
            } else {
                slot_count.store(slot_count.load(Ordering::Relaxed).wrapping_add(1), Ordering::Relaxed);
            }
            return;
        }
    }
    if seen == VALUE_SLOTS {
        return;
    }
    let i = if ATOMIC {
        (claimed.fetch_add(1, Ordering::AcqRel) & !VALUE_SITE_TARGETS) as usize
    } else {
        claimed.store(claimed.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
        seen
    };
    if i < VALUE_SLOTS {
        let (slot_value, slot_count) = slot(i);
        slot_value.store(value, Ordering::Relaxed);
        slot_count.store(1, Ordering::Release);
    }
}

/// Whether the site whose first word is at `site` records call targets.
pub fn is_target_site(site: *const u64) -> bool {
    // SAFETY: a value site's first word, see [`words`].
    unsafe { &*site.cast::<AtomicU64>() }.load(Ordering::Relaxed) & VALUE_SITE_TARGETS != 0
}

/// The `(site, value, count)` of every counted value of the `num_sites`
/// sites at `sites`, sorted by site and value, a value claimed twice
/// summed; a call-target site's addresses are first mapped through
/// `target`.
pub fn site_values(sites: *mut u64, num_sites: usize, target: &dyn Fn(u64) -> u64) -> Vec<(u32, u64, u64)> {
    let mut values: Vec<(u32, u64, u64)> = Vec::new();
    for s in 0..num_sites {
        // SAFETY: the record announces `num_sites` sites at `sites`.
        let first = unsafe { sites.add(s * VALUE_SITE_WORDS) };
        let words = words(first);
        let map = |value: u64| if is_target_site(first) { target(value) } else { value };
        let site: Vec<(u64, u64)> = (0..VALUE_SLOTS)
            .map(|i| (map(words[1 + 2 * i].load(Ordering::Relaxed)), words[2 + 2 * i].load(Ordering::Acquire)))
            .filter(|&(_, count)| count != 0)
            .collect();
        values.extend(summed(s as u32, site));
    }
    values
}

/// The `(site, value, count)` of `pairs`, sorted by value, the counts of
/// equal values summed.
pub fn summed(site: u32, mut pairs: Vec<(u64, u64)>) -> Vec<(u32, u64, u64)> {
    pairs.sort_unstable();
    let mut values: Vec<(u32, u64, u64)> = Vec::new();
    for (value, count) in pairs {
        match values.last_mut() {
            Some((_, last_value, last_count)) if *last_value == value => *last_count = last_count.wrapping_add(count),
            _ => values.push((site, value, count)),
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Vec<u64> {
        vec![0; VALUE_SITE_WORDS]
    }

    #[test]
    fn counts_the_first_values_exactly_and_drops_later_ones() {
        let mut words = site();
        let p = words.as_mut_ptr();
        let mut expected = std::collections::BTreeMap::new();
        // Values 0..VALUE_SLOTS take the slots; the later ones are dropped
        // whenever they come, and the early ones are counted throughout.
        for round in 0..5u64 {
            for v in 0..(VALUE_SLOTS as u64 + 3) {
                for _ in 0..=round {
                    __nisse_value_count(p, v.wrapping_mul(0x9e37_79b9) ^ u64::MAX);
                    if v < VALUE_SLOTS as u64 {
                        *expected.entry(v.wrapping_mul(0x9e37_79b9) ^ u64::MAX).or_insert(0) += 1;
                    }
                }
            }
        }
        let got: Vec<(u32, u64, u64)> = site_values(p, 1, &|v| v);
        let want: Vec<(u32, u64, u64)> = expected.into_iter().map(|(v, c)| (0, v, c)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn threads_counting_one_site_atomically_lose_nothing() {
        let mut words = site();
        let address = words.as_mut_ptr() as usize;
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(move || {
                    for i in 0..10_000u64 {
                        __nisse_value_count_atomic(address as *mut u64, i % 4);
                    }
                });
            }
        });
        assert_eq!(site_values(address as *mut u64, 1, &|v| v), (0..4).map(|v| (0, v, 20_000)).collect::<Vec<_>>());
    }
}
