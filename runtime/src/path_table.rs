//! The hash table that counts the paths of functions with too many
//! potential paths for a dense array (Ball & Larus, "Efficient Path
//! Profiling", MICRO 1996, §3.5; Preuss, "Implementation of Path Profiling
//! in LLVM", §3.3.2): memory grows with the paths that actually run, not
//! with the paths that could.
//!
//! Instrumented code calls [`__nisse_path_count`] with the address of the
//! function's counter array as its key (see
//! `nissecc_profile_format::abi::HASH_COUNT_FUNCTION`). Each executed
//! `(key, path)` gets a boxed count in one table behind a lock, so
//! concurrent threads cannot corrupt the table, and a count never moves or
//! dies before the program does. Each thread keeps a small direct-mapped
//! cache from `(key, path)` to its count, so the loop iterations that run
//! the same paths again and again take no lock. The counts themselves are
//! updated with a plain relaxed load and store, as racy as the dense
//! arrays and the edge counters (two threads counting one path at once may
//! lose a count) but never undefined. Keys and path numbers are mixed by a
//! multiplicative hash, far cheaper than the standard library's SipHash
//! and good enough for keys that no adversary chooses.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Fibonacci hashing of each written word.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

type Table = HashMap<(usize, u64), Box<AtomicU64>, BuildHasherDefault<MixHasher>>;

static TABLE: Mutex<Option<Table>> = Mutex::new(None);

/// The number of entries of each thread's cache (a power of two).
const CACHE_SIZE: usize = 256;

/// A cached `(key, path)` and its count; `count` is null when empty.
#[derive(Clone, Copy)]
struct CacheEntry {
    key: usize,
    path: u64,
    count: *const AtomicU64,
}

const EMPTY: CacheEntry = CacheEntry { key: 0, path: 0, count: std::ptr::null() };

thread_local! {
    static CACHE: [Cell<CacheEntry>; CACHE_SIZE] = const { [const { Cell::new(EMPTY) }; CACHE_SIZE] };
}

/// Adds `delta` (modulo 2^64: the undo of a count is `u64::MAX`) to the
/// count of path `path` of the function keyed by `key`.
#[no_mangle]
pub extern "C" fn __nisse_path_count(key: *const u64, path: u64, delta: u64) {
    let key = key as usize;
    let slot = ((key as u64 >> 3) ^ path).wrapping_mul(0x9e37_79b9_7f4a_7c15) as usize >> (usize::BITS - CACHE_SIZE.trailing_zeros());
    let hit = CACHE.try_with(|cache| {
        let entry = cache[slot].get();
        let hit = entry.key == key && entry.path == path && !entry.count.is_null();
        if hit {
            add(entry.count, delta);
        }
        hit
    });
    if hit != Ok(true) {
        count_missed(key, path, delta, slot);
    }
}

/// Adds `delta` to the count at `count`, which points into a box of the
/// table.
fn add(count: *const AtomicU64, delta: u64) {
    // SAFETY: the table never frees its boxes.
    let count = unsafe { &*count };
    count.store(count.load(Ordering::Relaxed).wrapping_add(delta), Ordering::Relaxed);
}

/// The slow path of [`__nisse_path_count`]: finds (or creates) the count
/// in the table and caches it in `slot`. Kept out of line, so that a cache
/// hit saves no registers for it.
#[cold]
#[inline(never)]
fn count_missed(key: usize, path: u64, delta: u64, slot: usize) {
    // A panic elsewhere while holding the lock leaves the table usable.
    let mut table = TABLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let count: *const AtomicU64 = &**table.get_or_insert_with(Table::default).entry((key, path)).or_insert_with(|| Box::new(AtomicU64::new(0)));
    drop(table);
    let _ = CACHE.try_with(|cache| cache[slot].set(CacheEntry { key, path, count }));
    add(count, delta);
}

/// The nonzero path counts of every key, each sorted by path number.
pub fn snapshot() -> HashMap<usize, Vec<(u64, u64)>> {
    let table = TABLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut by_key: HashMap<usize, Vec<(u64, u64)>> = HashMap::new();
    for (&(key, path), count) in table.iter().flatten() {
        let count = count.load(Ordering::Relaxed);
        if count != 0 {
            by_key.entry(key).or_default().push((path, count));
        }
    }
    for paths in by_key.values_mut() {
        paths.sort_unstable();
    }
    by_key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_undoes_and_keeps_keys_apart() {
        let (a, b) = (0x1000 as *const u64, 0x2000 as *const u64);
        __nisse_path_count(a, 5, 1);
        __nisse_path_count(a, 5, 1);
        __nisse_path_count(a, 9, 1);
        __nisse_path_count(a, 9, u64::MAX);
        __nisse_path_count(b, 5, 3);
        // Enough other paths to evict cache entries and come back.
        for path in 100..1000 {
            __nisse_path_count(b, path, 1);
        }
        __nisse_path_count(a, 5, 1);
        let snapshot = snapshot();
        assert_eq!(snapshot[&(a as usize)], vec![(5, 3)]);
        assert_eq!(snapshot[&(b as usize)].len(), 901);
        assert_eq!(snapshot[&(b as usize)][0], (5, 3));
    }

    #[test]
    fn threads_share_the_table() {
        let key = 0x3000 as *const u64 as usize;
        let threads: Vec<_> = (0..4u64)
            .map(|t| std::thread::spawn(move || (0..100).for_each(|i| __nisse_path_count(key as *const u64, t * 1000 + i % 7, 1))))
            .collect();
        threads.into_iter().for_each(|t| t.join().unwrap());
        let paths = &snapshot()[&key];
        assert_eq!(paths.len(), 28);
        assert_eq!(paths.iter().map(|p| p.1).sum::<u64>(), 400);
    }
}
