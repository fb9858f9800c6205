//! Walking the records that instrumented code places in the
//! `nisse_records` section (layout in [`nissecc_profile_format::abi`]) and
//! turning them into a [`Profile`] of the current counter values.

use crate::report::report;
use crate::path_table;
use nissecc_profile_format::abi::{
    ABI_VERSION, FLAG_PATH_ARRAY, FLAG_PATH_HASH, RECORD_ABI_VERSION, RECORD_CFG_CHECKSUM, RECORD_COUNTERS_PTR, RECORD_DESCRIPTOR_LEN,
    RECORD_DESCRIPTOR_PTR, RECORD_FLAGS, RECORD_NAME_LEN, RECORD_NAME_PTR, RECORD_NUM_COUNTERS, RECORD_SIZE,
};
use std::collections::HashMap;
use nissecc_profile_format::{add_into, FunctionProfile, Profile};

#[allow(non_upper_case_globals)]
extern "C" {
    // Defined by GNU ld around the section; the runtime's placeholder
    // record guarantees the section exists.
    static __start_nisse_records: u8;
    static __stop_nisse_records: u8;
}

/// The profile of every record in the program, in canonical order. A
/// function recorded twice (the same function in two objects) is summed
/// when both records agree, and otherwise kept once with a warning.
pub fn collect() -> Profile {
    let mut profile = Profile::default();
    let hashed_paths = path_table::snapshot();
    for record in records() {
        let Some(function) = read_record(record, &hashed_paths) else { continue };
        match profile.functions.iter_mut().find(|f| f.name == function.name) {
            None => profile.functions.push(function),
            Some(existing) => {
                if let Err(error) = add_into(existing, &function) {
                    report(format_args!("two instrumented functions disagree ({error}); keeping the first"));
                }
            }
        }
    }
    profile.canonicalize();
    profile
}

/// The addresses of the records between the section's start and stop.
fn records() -> impl Iterator<Item = usize> {
    // Taking the symbols' addresses reads nothing, so it needs no `unsafe`.
    let (start, stop) = (std::ptr::addr_of!(__start_nisse_records) as usize, std::ptr::addr_of!(__stop_nisse_records) as usize);
    (start..stop.saturating_sub(RECORD_SIZE - 1)).step_by(RECORD_SIZE)
}

/// The function that the record at `record` describes, or `None` for the
/// placeholder and for records that cannot be read. `hashed_paths` holds
/// the path counts of the runtime's hash table by key.
fn read_record(record: usize, hashed_paths: &HashMap<usize, Vec<(u64, u64)>>) -> Option<FunctionProfile> {
    // SAFETY: `record` lies within the section, which holds whole records.
    let field = |offset: usize| unsafe { std::ptr::read_unaligned((record + offset) as *const u64) };
    match field(RECORD_ABI_VERSION) {
        0 => return None,
        ABI_VERSION => {}
        other => {
            report(format_args!("skipping a profile record of unknown ABI version {other} (expected {ABI_VERSION})"));
            return None;
        }
    }
    let name = String::from_utf8_lossy(bytes(field(RECORD_NAME_PTR), field(RECORD_NAME_LEN))?).into_owned();
    let descriptor = bytes(field(RECORD_DESCRIPTOR_PTR), field(RECORD_DESCRIPTOR_LEN))?.to_vec();
    let counters_ptr = field(RECORD_COUNTERS_PTR) as *const u64;
    let num_counters = field(RECORD_NUM_COUNTERS) as usize;
    if counters_ptr.is_null() && num_counters != 0 {
        report(format_args!("skipping the record of `{name}`: its counters are missing"));
        return None;
    }
    // SAFETY: the compiler emits `num_counters` u64 counters, aligned to 8;
    // they are read volatile because other threads may still be running.
    let counters: Vec<u64> = (0..num_counters).map(|i| unsafe { std::ptr::read_volatile(counters_ptr.add(i)) }).collect();
    let checksum = field(RECORD_CFG_CHECKSUM);
    let function = |counters, paths| Some(FunctionProfile { name: name.clone(), checksum, descriptor: descriptor.clone(), counters, paths });
    match field(RECORD_FLAGS) {
        0 => function(counters, Vec::new()),
        // A dense array of path counts: its nonzero entries are the paths.
        FLAG_PATH_ARRAY => {
            let paths = counters.iter().enumerate().filter(|&(_, &count)| count != 0).map(|(path, &count)| (path as u64, count)).collect();
            function(Vec::new(), paths)
        }
        FLAG_PATH_HASH => function(Vec::new(), hashed_paths.get(&(counters_ptr as usize)).cloned().unwrap_or_default()),
        other => {
            report(format_args!("skipping the record of `{name}`: unknown flags {other:#x}"));
            None
        }
    }
}

/// The `len` bytes at address `ptr`; `None` (with a warning) for a null
/// pointer with a non-zero length.
fn bytes<'a>(ptr: u64, len: u64) -> Option<&'a [u8]> {
    if len == 0 {
        return Some(&[]);
    }
    if ptr == 0 {
        report(format_args!("skipping a profile record with a null pointer"));
        return None;
    }
    // SAFETY: the compiler emits `len` bytes at `ptr`.
    Some(unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) })
}
