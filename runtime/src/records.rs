//! Walking the records that instrumented code places in the
//! `nisse_records` section (layout in [`nissecc_profile_format::abi`]) and
//! turning them into a [`Profile`] of the current counter values.

use crate::path_table::{self, PathCount};
use crate::report::report;
use crate::value_sites;
use alloc::string::String;
use alloc::vec::Vec;
use nissecc_profile_format::abi::{
    ABI_VERSION, FLAG_PATH_ARRAY, FLAG_PATH_HASH, FLAG_SAMPLED, FLAG_VALUES_HASHED, RECORD_ABI_VERSION, RECORD_CFG_CHECKSUM, RECORD_COUNTERS_PTR,
    RECORD_DESCRIPTOR_LEN, RECORD_DESCRIPTOR_PTR, RECORD_FLAGS, RECORD_FUNCTION_PTR, RECORD_NAME_LEN, RECORD_NAME_PTR, RECORD_NUM_COUNTERS, RECORD_NUM_VALUE_SITES, RECORD_SIZE,
    RECORD_VALUE_SITES_PTR,
};
use nissecc_profile_format::text::Piece::*;
use nissecc_profile_format::{add_into, fnv1a64, FunctionProfile, Profile, ValueCount};

#[allow(non_upper_case_globals)]
extern "C" {
    // Defined by GNU ld around the section; the runtime's placeholder
    // record guarantees the section exists.
    static __start_nisse_records: u8;
    static __stop_nisse_records: u8;
}

/// The profile of every record in the program, in canonical order. A
/// function recorded twice (the same function in two objects) is summed
/// when both records agree, and otherwise kept once with a warning. The
/// work is proportional to the records and counters, plus a sort.
pub fn collect() -> Profile {
    let hashed_paths = path_table::snapshot();
    let targets = call_targets();
    let mut records = Profile { functions: records().filter_map(|record| read_record(record, &hashed_paths, &targets)).collect() };
    // A stable sort, so that of two disagreeing records the first stays.
    records.canonicalize();
    let mut profile = Profile { functions: Vec::with_capacity(records.functions.len()) };
    for function in records.functions {
        match profile.functions.last_mut() {
            Some(last) if last.name == function.name => {
                if let Err(error) = add_into(last, &function) {
                    let mut problem = Vec::new();
                    error.describe(&mut problem);
                    report(&[Str("two instrumented functions disagree ("), Bytes(&problem), Str("); keeping the first")]);
                }
            }
            _ => profile.functions.push(function),
        }
    }
    profile
}

/// The address and name hash (FNV-1a of the profile name) of every
/// function whose record points at it, sorted by address: what a
/// call-target value site records instead of an address, which changes
/// from run to run (`midend::profile::value_sites::target_hash`).
fn call_targets() -> Vec<(u64, u64)> {
    let mut targets: Vec<(u64, u64)> = records()
        .filter(|&record| field(record, RECORD_ABI_VERSION) == ABI_VERSION && field(record, RECORD_FUNCTION_PTR) != 0)
        .filter_map(|record| Some((field(record, RECORD_FUNCTION_PTR), fnv1a64(bytes(field(record, RECORD_NAME_PTR), field(record, RECORD_NAME_LEN))?))))
        .collect();
    targets.sort_unstable();
    targets
}

/// The addresses of the records between the section's start and stop.
pub fn records() -> impl Iterator<Item = usize> {
    // Taking the symbols' addresses reads nothing, so it needs no `unsafe`.
    let (start, stop) = (core::ptr::addr_of!(__start_nisse_records) as usize, core::ptr::addr_of!(__stop_nisse_records) as usize);
    (start..stop.saturating_sub(RECORD_SIZE - 1)).step_by(RECORD_SIZE)
}

/// The field at `offset` of the record at `record`, one of [`records`].
pub fn field(record: usize, offset: usize) -> u64 {
    // SAFETY: `record` lies within the section, which holds whole records.
    unsafe { core::ptr::read_unaligned((record + offset) as *const u64) }
}

/// The function that the record at `record` describes, or `None` for the
/// placeholder and for records that cannot be read. `hashed_paths` holds
/// the path counts of the runtime's hash table, sorted by key, and
/// `targets` the call targets ([`call_targets`]).
fn read_record(record: usize, hashed_paths: &[PathCount], targets: &[(u64, u64)]) -> Option<FunctionProfile> {
    let field = |offset: usize| field(record, offset);
    match field(RECORD_ABI_VERSION) {
        0 => return None,
        ABI_VERSION => {}
        other => {
            report(&[Str("skipping a profile record of unknown ABI version "), Dec(other), Str(" (expected "), Dec(ABI_VERSION), Str(")")]);
            return None;
        }
    }
    let name = String::from_utf8_lossy(bytes(field(RECORD_NAME_PTR), field(RECORD_NAME_LEN))?).into_owned();
    let descriptor = bytes(field(RECORD_DESCRIPTOR_PTR), field(RECORD_DESCRIPTOR_LEN))?.to_vec();
    let counters_ptr = field(RECORD_COUNTERS_PTR) as *const u64;
    let num_counters = field(RECORD_NUM_COUNTERS) as usize;
    if counters_ptr.is_null() && num_counters != 0 {
        report(&[Str("skipping the record of `"), Str(&name), Str("`: its counters are missing")]);
        return None;
    }
    // SAFETY: the compiler emits `num_counters` u64 counters, aligned to 8;
    // they are read volatile because other threads may still be running.
    let counters: Vec<u64> = (0..num_counters).map(|i| unsafe { core::ptr::read_volatile(counters_ptr.add(i)) }).collect();
    let checksum = field(RECORD_CFG_CHECKSUM);
    let flags = field(RECORD_FLAGS);
    let values_hashed = flags & FLAG_VALUES_HASHED != 0;
    let flags = flags & !FLAG_VALUES_HASHED;
    if ![0, FLAG_PATH_ARRAY, FLAG_PATH_HASH, FLAG_SAMPLED].contains(&flags) {
        report(&[Str("skipping the record of `"), Str(&name), Str("`: unknown flags "), Hex(flags)]);
        return None;
    }
    let sites = field(RECORD_VALUE_SITES_PTR) as *mut u64;
    let num_sites = field(RECORD_NUM_VALUE_SITES) as usize;
    if sites.is_null() && num_sites != 0 {
        report(&[Str("skipping the record of `"), Str(&name), Str("`: its value sites are missing")]);
        return None;
    }
    let target = |address: u64| targets.binary_search_by_key(&address, |&(a, _)| a).map_or(0, |i| targets[i].1);
    let values = if values_hashed {
        // One key per site: the site's address.
        let mut values = Vec::new();
        for s in 0..num_sites {
            let key = sites as usize + 8 * s;
            let mut pairs = path_table::paths_of(hashed_paths, key);
            if value_sites::is_target_site(key as *const u64) {
                pairs.iter_mut().for_each(|(value, _)| *value = target(*value));
            }
            values.extend(value_sites::summed(s as u32, pairs));
        }
        values
    } else {
        value_sites::site_values(sites, num_sites, &target)
    };
    let values = values.into_iter().map(|(site, value, count)| ValueCount { site, value, count }).collect();
    let function = |counters, paths| Some(FunctionProfile { name, checksum, descriptor, counters, paths, values });
    match flags {
        // Sample counts are stored as counters are.
        0 | FLAG_SAMPLED => function(counters, Vec::new()),
        // A dense array of path counts: its nonzero entries are the paths.
        FLAG_PATH_ARRAY => {
            let paths = counters.iter().enumerate().filter(|&(_, &count)| count != 0).map(|(path, &count)| (path as u64, count)).collect();
            function(Vec::new(), paths)
        }
        FLAG_PATH_HASH => function(Vec::new(), path_table::paths_of(hashed_paths, counters_ptr as usize)),
        _ => None, // Checked above.
    }
}

/// The number of the record at `record` (one of [`records`]): its
/// position in the records section, which names its function in a trace.
pub fn number(record: usize) -> u64 {
    let start = core::ptr::addr_of!(__start_nisse_records) as usize;
    (record.wrapping_sub(start) / RECORD_SIZE) as u64
}

/// The name, CFG checksum and descriptor of the record at `record`, or
/// `None` for the placeholder and records that cannot be read.
pub fn identity<'a>(record: usize) -> Option<(&'a [u8], u64, &'a [u8])> {
    if field(record, RECORD_ABI_VERSION) != ABI_VERSION {
        return None;
    }
    let name = bytes(field(record, RECORD_NAME_PTR), field(record, RECORD_NAME_LEN))?;
    let descriptor = bytes(field(record, RECORD_DESCRIPTOR_PTR), field(record, RECORD_DESCRIPTOR_LEN))?;
    Some((name, field(record, RECORD_CFG_CHECKSUM), descriptor))
}

/// The `len` bytes at address `ptr`; `None` (with a warning) for a null
/// pointer with a non-zero length.
fn bytes<'a>(ptr: u64, len: u64) -> Option<&'a [u8]> {
    if len == 0 {
        return Some(&[]);
    }
    if ptr == 0 {
        report(&[Str("skipping a profile record with a null pointer")]);
        return None;
    }
    // SAFETY: the compiler emits `len` bytes at `ptr`.
    Some(unsafe { core::slice::from_raw_parts(ptr as *const u8, len as usize) })
}
