//! Encoding a [`Profile`] into the bytes of a profile file (see
//! [`crate::layout`]).

use crate::checksum::fnv1a64;
use crate::layout::{FORMAT_VERSION, HEADER_SIZE, MAGIC, TOTAL_LEN_OFFSET, TRAILER_SIZE};
use crate::profile::{FunctionProfile, Profile};
use alloc::vec::Vec;

/// Encodes `profile`, writing its functions in canonical (name) order, so
/// that equal profiles encode to equal bytes. Function names must be
/// unique; the reader rejects a file in which they are not.
pub fn write(profile: &Profile) -> Vec<u8> {
    let mut functions: Vec<&FunctionProfile> = profile.functions.iter().collect();
    functions.sort_by(|a, b| a.name.cmp(&b.name));

    let mut out = Vec::with_capacity(HEADER_SIZE + TRAILER_SIZE + functions.iter().map(|f| encoded_size(f)).sum::<usize>());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&0u64.to_le_bytes()); // The total length, patched below.
    out.extend_from_slice(&(functions.len() as u64).to_le_bytes());
    for function in functions {
        write_bytes(&mut out, function.name.as_bytes());
        out.extend_from_slice(&function.checksum.to_le_bytes());
        write_bytes(&mut out, &function.descriptor);
        out.extend_from_slice(&(function.counters.len() as u64).to_le_bytes());
        for counter in &function.counters {
            out.extend_from_slice(&counter.to_le_bytes());
        }
        out.extend_from_slice(&(function.paths.len() as u64).to_le_bytes());
        for &(number, count) in &function.paths {
            out.extend_from_slice(&number.to_le_bytes());
            out.extend_from_slice(&count.to_le_bytes());
        }
    }
    let total = (out.len() + TRAILER_SIZE) as u64;
    out[TOTAL_LEN_OFFSET..TOTAL_LEN_OFFSET + 8].copy_from_slice(&total.to_le_bytes());
    let checksum = fnv1a64(&out);
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

/// Writes a length-prefixed byte string.
fn write_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(bytes);
}

/// The number of bytes `function` takes in the file.
fn encoded_size(function: &FunctionProfile) -> usize {
    5 * 8 + function.name.len() + function.descriptor.len() + 8 * function.counters.len() + 16 * function.paths.len()
}
