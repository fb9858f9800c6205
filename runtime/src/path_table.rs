//! The hash table that counts the paths of functions with too many
//! potential paths for a dense array (Ball & Larus, "Efficient Path
//! Profiling", MICRO 1996, §3.5; Preuss, "Implementation of Path Profiling
//! in LLVM", §3.3.2): memory grows with the paths that actually run, not
//! with the paths that could.
//!
//! Instrumented code calls [`__nisse_path_count`] (or, under
//! `-fprofile-update=atomic`, [`__nisse_path_count_atomic`]) with the
//! address of the function's counter array as its key (see
//! `nissecc_profile_format::abi::HASH_COUNT_FUNCTION`). The table takes no
//! lock and never moves or frees an entry, so it needs neither the
//! standard library nor thread-local storage:
//!
//! - **Open addressing, insert only.** A slot is `{state, key, path,
//!   count}`. A thread claims an empty slot by a compare-and-swap of its
//!   state from `EMPTY` to `BUSY`, writes the key, path and first count,
//!   and publishes it by storing `READY` with release ordering. A lookup
//!   probes linearly from the slot the hash names: a `READY` slot with the
//!   same key and path is the count; a `BUSY` one is passed over, so two
//!   threads inserting the same path at once may make two entries, which
//!   is harmless because the snapshot sums duplicates. Since no entry is
//!   ever removed, a lookup that meets an `EMPTY` slot knows the path is
//!   not in the table.
//! - **Growth by chaining, not by moving.** When a table passes half full
//!   (or a probe finds it full), a thread allocates one twice as large,
//!   linked to the old one, and publishes it with a compare-and-swap (a
//!   losing thread frees its own and uses the winner's). New entries go
//!   into the newest table only; the old tables keep their entries, which
//!   threads still holding them may go on counting, and the snapshot sums
//!   over all tables. A path counted again after a growth gets a second
//!   entry in the new table, so memory stays within twice the newest
//!   table.
//! - **Counts.** [`__nisse_path_count`] updates a count with a relaxed
//!   load and store, as racy as the dense arrays and the edge counters
//!   (two threads counting one path at once may lose a count, but nothing
//!   is undefined); [`__nisse_path_count_atomic`] uses `fetch_add` and
//!   loses nothing. Both add modulo 2^64, so the undo of a count
//!   (`delta = u64::MAX`) may even land in another table than the count.
//!
//! The hit path is a hash, a probe, two compares and an add, with no call
//! and no saved register; all else is out of line. Keys and path
//! numbers are mixed by multiplicative (Fibonacci) hashing, good enough
//! for keys that no adversary chooses.

use alloc::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
use alloc::vec::Vec;
use core::ptr::null_mut;
use core::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};

/// Adds `delta` (modulo 2^64: the undo of a count is `u64::MAX`) to the
/// count of path `path` of the function keyed by `key`.
#[no_mangle]
pub extern "C" fn __nisse_path_count(key: *const u64, path: u64, delta: u64) {
    count::<false>(key as usize, path, delta);
}

/// [`__nisse_path_count`] with an atomic add, for
/// `-fprofile-update=atomic`: concurrent threads lose no count.
#[no_mangle]
pub extern "C" fn __nisse_path_count_atomic(key: *const u64, path: u64, delta: u64) {
    count::<true>(key as usize, path, delta);
}

/// A slot's state: free.
const EMPTY: u64 = 0;
/// A slot's state: claimed, its key and path being written.
const BUSY: u64 = 1;
/// A slot's state: key, path and count are valid.
const READY: u64 = 2;

/// One entry; 32 bytes, so two to a cache line.
#[repr(C)]
struct Slot {
    state: AtomicU64,
    key: AtomicUsize,
    path: AtomicU64,
    count: AtomicU64,
}

/// A table's header; its `1 << log2` slots follow it in the same block.
#[repr(C)]
struct Table {
    /// The number of slots minus one.
    mask: usize,
    /// 64 minus the base-2 logarithm of the number of slots: the shift
    /// that keeps a hash's top bits.
    shift: u32,
    /// The slots claimed so far.
    used: AtomicUsize,
    /// The table this one replaced, or null.
    older: *const Table,
}

/// The base-2 logarithm of the first table's size: 512 slots, 16 KiB.
const FIRST_LOG2: u32 = 9;
/// The alignment of a table's block, a cache line.
const TABLE_ALIGN: usize = 64;

/// The newest table, null until the first path is counted.
static NEWEST: AtomicPtr<Table> = AtomicPtr::new(null_mut());

impl Table {
    /// The slot where the probe for `(key, path)` starts.
    fn home(&self, key: usize, path: u64) -> usize {
        let hash = (key as u64 ^ path.wrapping_mul(0xff51_afd7_ed55_8ccd)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash >> self.shift) as usize
    }

    fn capacity(&self) -> usize {
        self.mask + 1
    }

    fn slot(&self, index: usize) -> &Slot {
        // SAFETY: `index <= mask`, and the slots follow the header (whose
        // size is a multiple of the slots' alignment) in one block.
        unsafe { &*(self as *const Table).add(1).cast::<Slot>().add(index) }
    }

    /// The layout of a table of `1 << log2` slots.
    fn layout(log2: u32) -> Layout {
        let size = core::mem::size_of::<Table>() + (core::mem::size_of::<Slot>() << log2);
        match Layout::from_size_align(size, TABLE_ALIGN) {
            Ok(layout) => layout,
            Err(_) => handle_alloc_error(Layout::new::<Table>()),
        }
    }
}

/// How many slots the hit path probes before it leaves the work to
/// [`count_slowly`]. At most half full, linear probing finds a present key
/// within two probes on average.
const FAST_PROBES: usize = 4;

/// Adds `delta` to the count of `(key, path)`, with `fetch_add` if
/// `ATOMIC`: the hit path, which calls nothing, so that it saves no
/// registers, and leaves everything else (no table yet, a path not in the
/// table, a long probe) to [`count_slowly`].
#[inline(always)]
fn count<const ATOMIC: bool>(key: usize, path: u64, delta: u64) {
    let table = NEWEST.load(Ordering::Acquire);
    if !table.is_null() {
        // SAFETY: tables are never freed once published.
        let t = unsafe { &*table };
        let mut index = t.home(key, path);
        for _ in 0..FAST_PROBES {
            let slot = t.slot(index);
            if slot.state.load(Ordering::Acquire) != READY {
                break;
            }
            if slot.key.load(Ordering::Relaxed) == key && slot.path.load(Ordering::Relaxed) == path {
                add::<ATOMIC>(&slot.count, delta);
                return;
            }
            index = (index + 1) & t.mask;
        }
    }
    count_slowly::<ATOMIC>(key, path, delta);
}

/// Adds `delta` to `count`.
#[inline(always)]
fn add<const ATOMIC: bool>(count: &AtomicU64, delta: u64) {
    if ATOMIC {
        count.fetch_add(delta, Ordering::Relaxed);
    } else {
        count.store(count.load(Ordering::Relaxed).wrapping_add(delta), Ordering::Relaxed);
    }
}

/// [`count`] from the start, inserting the path if it is not in the
/// newest table and growing the table when it is full.
#[cold]
#[inline(never)]
fn count_slowly<const ATOMIC: bool>(key: usize, path: u64, delta: u64) {
    let mut table = NEWEST.load(Ordering::Acquire);
    'tables: loop {
        if table.is_null() {
            table = grow(table);
        }
        // SAFETY: tables are never freed once published.
        let t = unsafe { &*table };
        let mut index = t.home(key, path);
        let mut probes = 0;
        loop {
            let slot = t.slot(index);
            match slot.state.load(Ordering::Acquire) {
                READY if slot.key.load(Ordering::Relaxed) == key && slot.path.load(Ordering::Relaxed) == path => {
                    add::<ATOMIC>(&slot.count, delta);
                    return;
                }
                EMPTY => match insert(t, slot, key, path, delta) {
                    // Another thread claimed the slot first: look again.
                    Inserted::Lost => continue,
                    Inserted::Done => return,
                },
                // Another path's, or being written.
                _ => {}
            }
            index = (index + 1) & t.mask;
            probes += 1;
            if probes > t.mask {
                // Every slot is taken: go on in a larger table.
                table = grow(table);
                continue 'tables;
            }
        }
    }
}

/// What became of an insertion.
enum Inserted {
    Done,
    Lost,
}

/// Claims the empty `slot` of `table` for `(key, path)` with the count
/// `delta`, and grows the table when this insertion makes it half full.
fn insert(table: &Table, slot: &Slot, key: usize, path: u64, delta: u64) -> Inserted {
    if slot.state.compare_exchange(EMPTY, BUSY, Ordering::Acquire, Ordering::Relaxed).is_err() {
        return Inserted::Lost;
    }
    slot.key.store(key, Ordering::Relaxed);
    slot.path.store(path, Ordering::Relaxed);
    slot.count.store(delta, Ordering::Relaxed);
    slot.state.store(READY, Ordering::Release);
    if table.used.fetch_add(1, Ordering::Relaxed) + 1 == table.capacity() / 2 {
        grow(table);
    }
    Inserted::Done
}

/// Publishes a table twice as large as `seen` (or the first table, if
/// `seen` is null) unless another thread already replaced `seen`, and
/// returns the newest table.
#[cold]
#[inline(never)]
fn grow(seen: *const Table) -> *mut Table {
    let current = NEWEST.load(Ordering::Acquire);
    if current.cast_const() != seen {
        return current;
    }
    // SAFETY: a non-null `seen` is a published table.
    let log2 = if seen.is_null() { FIRST_LOG2 } else { 64 - unsafe { (*seen).shift } + 1 };
    let layout = Table::layout(log2);
    // SAFETY: the layout's size is not zero; all-zero slots are `EMPTY`.
    let new = unsafe { alloc_zeroed(layout) }.cast::<Table>();
    if new.is_null() {
        handle_alloc_error(layout);
    }
    // SAFETY: `new` is a fresh block large enough for the header.
    unsafe { new.write(Table { mask: (1 << log2) - 1, shift: 64 - log2, used: AtomicUsize::new(0), older: seen }) };
    match NEWEST.compare_exchange(current, new, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => new,
        Err(winner) => {
            // SAFETY: `new` was never published.
            unsafe { dealloc(new.cast(), layout) };
            winner
        }
    }
}

/// A path's count: `(key, path number, count)`.
pub type PathCount = (usize, u64, u64);

/// The nonzero count of every `(key, path)` in all tables, sorted by key
/// and path, duplicates summed (modulo 2^64, as they were counted).
pub fn snapshot() -> Vec<PathCount> {
    let mut entries: Vec<PathCount> = Vec::new();
    let mut table = NEWEST.load(Ordering::Acquire).cast_const();
    while !table.is_null() {
        // SAFETY: published tables are never freed.
        let t = unsafe { &*table };
        for index in 0..=t.mask {
            let slot = t.slot(index);
            if slot.state.load(Ordering::Acquire) == READY {
                entries.push((slot.key.load(Ordering::Relaxed), slot.path.load(Ordering::Relaxed), slot.count.load(Ordering::Relaxed)));
            }
        }
        table = t.older;
    }
    entries.sort_unstable_by_key(|&(key, path, _)| (key, path));
    let mut summed: Vec<PathCount> = Vec::with_capacity(entries.len());
    for (key, path, count) in entries {
        match summed.last_mut() {
            Some(last) if (last.0, last.1) == (key, path) => last.2 = last.2.wrapping_add(count),
            _ => summed.push((key, path, count)),
        }
    }
    summed.retain(|&(_, _, count)| count != 0);
    summed
}

/// The `(path, count)` pairs of `key` in `snapshot` (the result of
/// [`snapshot`]), sorted by path.
pub fn paths_of(snapshot: &[PathCount], key: usize) -> Vec<(u64, u64)> {
    let start = snapshot.partition_point(|entry| entry.0 < key);
    snapshot[start..].iter().take_while(|entry| entry.0 == key).map(|&(_, path, count)| (path, count)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The counts of `key` in a fresh snapshot.
    fn counts(key: usize) -> BTreeMap<u64, u64> {
        paths_of(&snapshot(), key).into_iter().collect()
    }

    /// The number of tables published so far.
    fn tables() -> usize {
        let mut n = 0;
        let mut table = NEWEST.load(Ordering::Acquire).cast_const();
        while !table.is_null() {
            n += 1;
            table = unsafe { (*table).older };
        }
        n
    }

    #[test]
    fn counts_undoes_and_keeps_keys_apart() {
        let (a, b) = (0x1000 as *const u64, 0x2000 as *const u64);
        __nisse_path_count(a, 5, 1);
        __nisse_path_count(a, 5, 1);
        __nisse_path_count(a, 9, 1);
        __nisse_path_count(a, 9, u64::MAX);
        __nisse_path_count_atomic(a, 7, 1);
        __nisse_path_count_atomic(a, 7, u64::MAX);
        __nisse_path_count(b, 5, 3);
        __nisse_path_count(b, u64::MAX, 2);
        for path in 100..1000 {
            __nisse_path_count(b, path, 1);
        }
        __nisse_path_count(a, 5, 1);
        assert_eq!(counts(a as usize), BTreeMap::from([(5, 3)]));
        let b_counts = counts(b as usize);
        assert_eq!(b_counts.len(), 902);
        assert_eq!((b_counts[&5], b_counts[&u64::MAX], b_counts[&999]), (3, 2, 1));
    }

    #[test]
    fn growing_across_tables_keeps_exact_totals() {
        let key = 0x3000;
        let n: u64 = 20_000;
        // The tables are the process's, shared with the tests that run
        // alongside: count the growth from here.
        let before = tables();
        // First every path once, then each again `path % 5` times and
        // undone once: the tables grow in between, so counts and undos of
        // one path land in several tables.
        for path in 0..n {
            __nisse_path_count(key as *const u64, path * 7919, 1);
        }
        for round in 0..5 {
            for path in (0..n).filter(|path| path % 5 > round) {
                __nisse_path_count(key as *const u64, path * 7919, 1);
            }
        }
        for path in 0..n {
            __nisse_path_count(key as *const u64, path * 7919, u64::MAX);
        }
        // The other tests insert a few thousand entries at most, so the
        // newest table had room for fewer than 20,000: this test's entries
        // span at least two tables. (How many depends on what the other
        // tests inserted first: asserting 8 in all failed when they ran
        // in another order.)
        assert!(tables() > before, "{} tables before, {} after", before, tables());
        let counts = counts(key);
        let expected: BTreeMap<u64, u64> = (0..n).filter(|path| path % 5 != 0).map(|path| (path * 7919, path % 5)).collect();
        assert_eq!(counts, expected);
    }

    #[test]
    fn threads_hammering_the_atomic_entry_lose_nothing() {
        const THREADS: usize = 8;
        const ROUNDS: u64 = 50;
        const PRIVATE_PATHS: u64 = 1500;
        let shared = 0x4000usize;
        std::thread::scope(|scope| {
            for thread in 0..THREADS {
                scope.spawn(move || {
                    let private = 0x5000 + 8 * thread;
                    for round in 0..ROUNDS {
                        for path in 0..64 {
                            __nisse_path_count_atomic(shared as *const u64, path, 1);
                        }
                        // New private paths each round, so that the
                        // tables grow while the other threads count.
                        for path in 0..PRIVATE_PATHS {
                            __nisse_path_count_atomic(private as *const u64, round * PRIVATE_PATHS + path % 100, 1);
                            __nisse_path_count_atomic(private as *const u64, path, 2);
                            __nisse_path_count_atomic(private as *const u64, path, u64::MAX);
                        }
                    }
                });
            }
        });
        assert_eq!(counts(shared), (0..64).map(|path| (path, THREADS as u64 * ROUNDS)).collect());
        for thread in 0..THREADS {
            let mut expected: BTreeMap<u64, u64> = BTreeMap::new();
            for round in 0..ROUNDS {
                for path in 0..PRIVATE_PATHS {
                    *expected.entry(round * PRIVATE_PATHS + path % 100).or_default() += 1;
                    *expected.entry(path).or_default() += 1;
                }
            }
            assert_eq!(counts(0x5000 + 8 * thread), expected, "thread {thread}");
        }
    }
}
