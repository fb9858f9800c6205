//! The sampler of `-fprofile-sample` programs (issue 17): the program
//! counter, read every `1/NISSE_SAMPLE_HZ` seconds of the process's CPU
//! time, is charged to the IR block whose code it is in. No `perf`, no
//! hardware counters.
//!
//! The design:
//!
//! - At start-up, if any record is sampled (`abi::FLAG_SAMPLED`), the
//!   runtime builds a table of the sampled functions sorted by address,
//!   each with its code length, its PC map (byte ranges of the code, each
//!   with a counter; written by the backend) and its counters, installs a
//!   `SIGPROF` handler (`SA_SIGINFO | SA_RESTART`) and arms
//!   `setitimer(ITIMER_PROF)` at the rate of `NISSE_SAMPLE_HZ` (default
//!   1000; 0 turns sampling off). Linux checks process CPU-time timers at
//!   the scheduler tick, so it delivers at most `CONFIG_HZ` signals per
//!   second of CPU time (often 250): a higher rate yields fewer samples,
//!   each standing for more time.
//! - The handler reads the interrupted instruction pointer from its
//!   `ucontext_t` (x86-64: `uc_mcontext.gregs[REG_RIP]`), finds the
//!   function by binary search in the table and the range in its PC map,
//!   and adds to that range's counter, with an atomic add, the process
//!   CPU time since the previous sample in units of
//!   [`SAMPLE_UNIT_NS`] (100 µs; the remainder carries over). So a sample
//!   weighs what it stands for: on a kernel whose tick caps a requested
//!   1000 Hz at 250, each sample adds about 40 instead of 10, and counts
//!   of runs at any rate on any kernel measure the same thing and merge
//!   (the period of `instrument::sample` is per unit). It allocates
//!   nothing and takes no lock (`clock_gettime` is async-signal-safe), and
//!   it counts a program counter outside sampled code nowhere.
//! - A child created by `fork` does not inherit the timer; a `fork`
//!   handler arms it again, so children are sampled too (and, like
//!   instrumented ones, write the counts from before the fork again).
//! - At exit the timer is stopped before the profile is written.

use crate::records::{field, records};
use crate::report::report;
use crate::sys;
use alloc::vec::Vec;
use core::ffi::{c_int, c_void};
use core::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use nissecc_profile_format::abi::{
    ABI_VERSION, DEFAULT_SAMPLE_HZ, FLAG_SAMPLED, SAMPLE_UNIT_NS, PC_MAP_CODE_LEN, PC_MAP_NUM_RANGES, PC_MAP_RANGES, RECORD_ABI_VERSION, RECORD_COUNTERS_PTR,
    RECORD_FLAGS, RECORD_FUNCTION_PTR, RECORD_NAME_LEN, RECORD_NAME_PTR, RECORD_NUM_COUNTERS, RECORD_PC_MAP_PTR, SAMPLE_HZ_ENV,
};
use nissecc_profile_format::text::Piece::*;

/// One sampled function: where its code is, its PC map's ranges
/// (`[start, end, counter]`, byte offsets from `start`) and its counters.
struct Sampled {
    start: usize,
    len: usize,
    ranges: &'static [[u32; 3]],
    counters: &'static [AtomicU64],
}

/// The sampled functions sorted by address, published once before the
/// timer is armed; the handler reads them.
static TABLE: AtomicPtr<Sampled> = AtomicPtr::new(core::ptr::null_mut());
static TABLE_LEN: AtomicUsize = AtomicUsize::new(0);
/// The timer's interval in microseconds, 0 while it is not armed.
static INTERVAL_USEC: AtomicU64 = AtomicU64::new(0);
/// The process CPU time up to which samples have been counted, in
/// nanoseconds.
static COUNTED_NS: AtomicU64 = AtomicU64::new(0);

/// Starts sampling if the program has sampled functions.
pub fn start() {
    let mut table: Vec<Sampled> = records().filter_map(sampled).collect();
    if table.is_empty() {
        return;
    }
    let Some(hz) = rate() else { return };
    table.sort_unstable_by_key(|f| f.start);
    let table = table.leak();
    TABLE_LEN.store(table.len(), Ordering::Relaxed);
    TABLE.store(table.as_mut_ptr(), Ordering::Release);
    let usec = (1_000_000 / hz).max(1);
    COUNTED_NS.store(sys::process_cpu_time_ns(), Ordering::Relaxed);
    let started = sys::on_sigprof(on_sigprof).and_then(|()| sys::profiling_timer(usec));
    if let Err(error) = started {
        report(&[Str("cannot start sampling: "), Bytes(error.text()), Str("; the profile will hold no samples")]);
        return;
    }
    INTERVAL_USEC.store(usec, Ordering::Relaxed);
    if sys::in_forked_children(rearm).is_err() {
        report(&[Str("cannot register a fork handler; forked children will not be sampled")]);
    }
}

/// Stops the timer, so that no sample lands while the profile is written.
pub fn stop() {
    if INTERVAL_USEC.swap(0, Ordering::Relaxed) != 0 {
        let _ = sys::profiling_timer(0);
    }
}

/// Arms the timer again in a forked child, which does not inherit it
/// and whose CPU time starts from zero.
extern "C" fn rearm() {
    let usec = INTERVAL_USEC.load(Ordering::Relaxed);
    if usec != 0 {
        COUNTED_NS.store(sys::process_cpu_time_ns(), Ordering::Relaxed);
        let _ = sys::profiling_timer(usec);
    }
}

/// The sampling rate that `NISSE_SAMPLE_HZ` asks for, or `None` for 0
/// (no sampling). A value that is not a number of at most a million is
/// reported and replaced by the default.
fn rate() -> Option<u64> {
    let hz = match sys::env(SAMPLE_HZ_ENV) {
        None => DEFAULT_SAMPLE_HZ,
        Some(text) => parse_rate(text).unwrap_or_else(|| {
            report(&[Str("ignoring "), Str(SAMPLE_HZ_ENV), Str("="), Bytes(text), Str(" (expected samples per second, at most 1000000); sampling at "), Dec(DEFAULT_SAMPLE_HZ)]);
            DEFAULT_SAMPLE_HZ
        }),
    };
    (hz != 0).then_some(hz)
}

/// A decimal number of at most a million.
fn parse_rate(text: &[u8]) -> Option<u64> {
    if text.is_empty() || text.len() > 7 || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let hz = text.iter().fold(0, |n, &digit| n * 10 + u64::from(digit - b'0'));
    (hz <= 1_000_000).then_some(hz)
}

/// The sampled function that the record at `record` describes, if it is
/// one and its PC map is sound (a warning if not).
fn sampled(record: usize) -> Option<Sampled> {
    let field = |offset| field(record, offset);
    if field(RECORD_ABI_VERSION) != ABI_VERSION || field(RECORD_FLAGS) != FLAG_SAMPLED {
        return None;
    }
    let (start, map) = (field(RECORD_FUNCTION_PTR) as usize, field(RECORD_PC_MAP_PTR) as *const u32);
    let (counters, num_counters) = (field(RECORD_COUNTERS_PTR) as *const AtomicU64, field(RECORD_NUM_COUNTERS) as usize);
    if start == 0 || map.is_null() || counters.is_null() {
        return None;
    }
    // SAFETY: the backend writes the map's header and `num_ranges` ranges
    // of three `u32`s, aligned to 4; the compiler emits `num_counters`
    // counters, aligned to 8, which only atomic adds and volatile reads
    // touch while the program runs.
    let (len, ranges, counters) = unsafe {
        let num_ranges = *map.add(PC_MAP_NUM_RANGES) as usize;
        let ranges = core::slice::from_raw_parts(map.add(PC_MAP_RANGES).cast::<[u32; 3]>(), num_ranges);
        (*map.add(PC_MAP_CODE_LEN) as usize, ranges, core::slice::from_raw_parts(counters, num_counters))
    };
    let sorted = ranges.windows(2).all(|pair| pair[0][1] <= pair[1][0]);
    if !sorted || ranges.iter().any(|&[start, end, counter]| start >= end || end as usize > len || counter as usize >= num_counters) {
        // SAFETY: the compiler emits `name_len` bytes of name.
        let name = unsafe { core::slice::from_raw_parts(field(RECORD_NAME_PTR) as *const u8, field(RECORD_NAME_LEN) as usize) };
        report(&[Str("the PC map of `"), Bytes(name), Str("` is damaged; its code is not sampled")]);
        return None;
    }
    Some(Sampled { start, len, ranges, counters })
}

/// The `SIGPROF` handler: charges the interrupted program counter to its
/// block. Async-signal-safe: it reads the published table and adds.
extern "C" fn on_sigprof(_signal: c_int, _info: *mut c_void, context: *mut c_void) {
    let units = elapsed_units(sys::process_cpu_time_ns());
    let table = TABLE.load(Ordering::Acquire);
    let Some(pc) = interrupted_pc(context) else { return };
    if table.is_null() || units == 0 {
        return;
    }
    // SAFETY: the table was leaked before the handler was installed and
    // is never changed again.
    let table = unsafe { core::slice::from_raw_parts(table, TABLE_LEN.load(Ordering::Relaxed)) };
    if let Some(counter) = counter_of(table, pc) {
        counter.fetch_add(units, Ordering::Relaxed);
    }
}

/// The whole [`SAMPLE_UNIT_NS`] units of CPU time between the time
/// counted so far and `now`, which are then counted. Handlers running at
/// once in several threads share them out with a compare-and-swap.
fn elapsed_units(now: u64) -> u64 {
    let mut counted = COUNTED_NS.load(Ordering::Relaxed);
    loop {
        let units = now.saturating_sub(counted) / SAMPLE_UNIT_NS;
        if units == 0 {
            return 0;
        }
        match COUNTED_NS.compare_exchange_weak(counted, counted + units * SAMPLE_UNIT_NS, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return units,
            Err(current) => counted = current,
        }
    }
}

/// The counter of the code at `pc`, if a sampled function's PC map has it.
fn counter_of(table: &[Sampled], pc: usize) -> Option<&AtomicU64> {
    let function = &table[table.partition_point(|f| f.start <= pc).checked_sub(1)?];
    let offset = pc - function.start;
    if offset >= function.len {
        return None;
    }
    let &[_, end, counter] = function.ranges.get(function.ranges.partition_point(|r| r[0] as usize <= offset).checked_sub(1)?)?;
    (offset < end as usize).then(|| &function.counters[counter as usize])
}

/// The instruction pointer saved in the `ucontext_t` at `context`.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn interrupted_pc(context: *mut c_void) -> Option<usize> {
    // `uc_flags`, `uc_link` and the 24-byte `uc_stack` come before
    // `uc_mcontext`, whose `gregs[REG_RIP]` (REG_RIP = 16) is the pc.
    const RIP_OFFSET: usize = 40 + 16 * 8;
    // SAFETY: the kernel passes the interrupted context to an
    // `SA_SIGINFO` handler.
    (!context.is_null()).then(|| unsafe { core::ptr::read(context.cast::<u8>().add(RIP_OFFSET).cast::<usize>()) })
}

/// Elsewhere the sampler knows no context layout and counts nothing.
#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
fn interrupted_pc(_context: *mut c_void) -> Option<usize> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pc_finds_its_function_and_range() {
        let counters: &'static [AtomicU64] = Vec::from_iter((0..3).map(|_| AtomicU64::new(0))).leak();
        let table = [
            Sampled { start: 0x1000, len: 0x40, ranges: &[[0, 0x10, 0], [0x20, 0x30, 1]], counters },
            Sampled { start: 0x2000, len: 0x10, ranges: &[[0, 0x10, 2]], counters },
        ];
        let counter = |pc| counter_of(&table, pc).map(|c| (c as *const AtomicU64 as usize - counters.as_ptr() as usize) / 8);
        assert_eq!(counter(0x0fff), None);
        assert_eq!(counter(0x1000), Some(0));
        assert_eq!(counter(0x100f), Some(0));
        assert_eq!(counter(0x1010), None, "in no range");
        assert_eq!(counter(0x102f), Some(1));
        assert_eq!(counter(0x1030), None, "past the last range");
        assert_eq!(counter(0x1040), None, "past the code");
        assert_eq!(counter(0x2008), Some(2));
        assert_eq!(counter(0x2010), None);
    }

    #[test]
    fn samples_count_whole_units_and_carry_the_rest() {
        COUNTED_NS.store(1_000, Ordering::Relaxed);
        assert_eq!(elapsed_units(1_000 + SAMPLE_UNIT_NS - 1), 0);
        assert_eq!(elapsed_units(1_000 + 4 * SAMPLE_UNIT_NS + 7), 4);
        assert_eq!(elapsed_units(1_000 + 5 * SAMPLE_UNIT_NS - 1), 0, "the 7 ns carried over");
        assert_eq!(elapsed_units(1_000 + 5 * SAMPLE_UNIT_NS), 1);
        assert_eq!(elapsed_units(0), 0, "a clock that went back counts nothing");
    }

    #[test]
    fn rates_are_small_decimal_numbers() {
        assert_eq!(parse_rate(b"1000"), Some(1000));
        assert_eq!(parse_rate(b"0"), Some(0));
        assert_eq!(parse_rate(b"1000000"), Some(1_000_000));
        for bad in [&b""[..], b"1000001", b"-5", b"10x", b" 10", b"99999999999999999999"] {
            assert_eq!(parse_rate(bad), None, "{bad:?}");
        }
    }
}
