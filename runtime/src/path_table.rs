//! The hash table that counts the paths of functions with too many
//! potential paths for a dense array (Ball & Larus, "Efficient Path
//! Profiling", MICRO 1996, §3.5; Preuss, "Implementation of Path Profiling
//! in LLVM", §3.3.2): memory grows with the paths that actually run, not
//! with the paths that could.
//!
//! Instrumented code calls [`__nisse_path_count`] with the address of the
//! function's counter array as its key (see
//! `nissecc_profile_format::abi::HASH_COUNT_FUNCTION`). One lock guards
//! the table, so concurrent threads cannot corrupt it; the dense arrays
//! of the other functions and the edge counters are plain memory, racy as
//! before. The keys and path numbers are mixed by a multiplicative hash,
//! far cheaper than the standard library's SipHash and good enough for
//! keys that no adversary chooses.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
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

type Table = HashMap<(usize, u64), u64, BuildHasherDefault<MixHasher>>;

static TABLE: Mutex<Option<Table>> = Mutex::new(None);

/// Adds `delta` (modulo 2^64: the undo of a count is `u64::MAX`) to the
/// count of path `path` of the function keyed by `key`.
#[no_mangle]
pub extern "C" fn __nisse_path_count(key: *const u64, path: u64, delta: u64) {
    // A panic elsewhere while holding the lock leaves the table usable.
    let mut table = TABLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let count = table.get_or_insert_with(Table::default).entry((key as usize, path)).or_insert(0);
    *count = count.wrapping_add(delta);
}

/// The nonzero path counts of every key, each sorted by path number.
pub fn snapshot() -> HashMap<usize, Vec<(u64, u64)>> {
    let table = TABLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut by_key: HashMap<usize, Vec<(u64, u64)>> = HashMap::new();
    for (&(key, path), &count) in table.iter().flatten() {
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
        let snapshot = snapshot();
        assert_eq!(snapshot[&(a as usize)], vec![(5, 2)]);
        assert_eq!(snapshot[&(b as usize)], vec![(5, 3)]);
    }
}
