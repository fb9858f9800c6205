//! Encoding a [`Profile`] into the bytes of a profile file (see
//! [`crate::layout`]).

use crate::checksum::fnv1a64;
use crate::layout::{FORMAT_VERSION, HEADER_SIZE, MAGIC, TOTAL_LEN_OFFSET, TRAILER_SIZE, VALUES_FORMAT_VERSION};
use crate::profile::{FunctionProfile, Profile};
use alloc::vec::Vec;

/// Encodes `profile`, writing its functions in canonical (name) order, so
/// that equal profiles encode to equal bytes. Function names must be
/// unique; the reader rejects a file in which they are not.
pub fn write(profile: &Profile) -> Vec<u8> {
    let mut functions: Vec<&FunctionProfile> = profile.functions.iter().collect();
    functions.sort_by(|a, b| a.name.cmp(&b.name));

    let capacity = HEADER_SIZE + TRAILER_SIZE + functions.iter().map(|f| encoded_size(f)).sum::<usize>();
    // Only a profile with value counts needs version 4.
    let with_values = functions.iter().any(|f| !f.values.is_empty());
    let version = if with_values { VALUES_FORMAT_VERSION } else { FORMAT_VERSION };
    let mut out = begin(capacity, version, 0, functions.len());
    for function in functions {
        write_function_head(&mut out, &function.name, function.checksum, &function.descriptor);
        out.extend_from_slice(&(function.counters.len() as u64).to_le_bytes());
        for counter in &function.counters {
            out.extend_from_slice(&counter.to_le_bytes());
        }
        out.extend_from_slice(&(function.paths.len() as u64).to_le_bytes());
        for &(number, count) in &function.paths {
            out.extend_from_slice(&number.to_le_bytes());
            out.extend_from_slice(&count.to_le_bytes());
        }
        if with_values {
            out.extend_from_slice(&(function.values.len() as u64).to_le_bytes());
            for value in &function.values {
                for word in [u64::from(value.site), value.value, value.count] {
                    out.extend_from_slice(&word.to_le_bytes());
                }
            }
        }
    }
    finish(out)
}

/// The header of a file of `functions` functions, in a buffer of
/// `capacity` bytes; [`finish`] fills in the total length.
pub(crate) fn begin(capacity: usize, version: u32, flags: u32, functions: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&0u64.to_le_bytes()); // The total length, patched by `finish`.
    out.extend_from_slice(&(functions as u64).to_le_bytes());
    out
}

/// What every function starts with: its name, checksum and descriptor.
pub(crate) fn write_function_head(out: &mut Vec<u8>, name: &str, checksum: u64, descriptor: &[u8]) {
    write_bytes(out, name.as_bytes());
    out.extend_from_slice(&checksum.to_le_bytes());
    write_bytes(out, descriptor);
}

/// Patches the total length into the header and appends the checksum.
pub(crate) fn finish(mut out: Vec<u8>) -> Vec<u8> {
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
    6 * 8 + function.name.len() + function.descriptor.len() + 8 * function.counters.len() + 16 * function.paths.len() + 24 * function.values.len()
}
