//! Decoding the bytes of a profile file (see [`crate::layout`]) into a
//! [`Profile`]. The checks run from the outside in, so that each kind of
//! damage gets its own error: the magic, the version, the announced total
//! length (truncation or trailing bytes), the whole-file checksum, and
//! only then the structure of the content. Nothing here panics or
//! allocates more than the input's size, whatever the input.

use crate::checksum::fnv1a64;
use crate::error::FormatError;
use crate::layout::{
    COMBINED_FORMAT_VERSION, FLAGS_OFFSET, FLAG_COMBINED, HEADER_SIZE, MAGIC, NEWEST_READABLE_VERSION, NUM_FUNCTIONS_OFFSET, OLDEST_READABLE_VERSION,
    TOTAL_LEN_OFFSET, TRAILER_SIZE, VALUES_FORMAT_VERSION, VERSION_OFFSET,
};
use crate::profile::{FunctionProfile, Profile, ValueCount};
use crate::text::{concat, Piece::*};
use alloc::collections::BTreeSet;
use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

/// Decodes a profile file. A combined profile is an error
/// ([`FormatError::IsCombined`]): it holds statistics, not counts; read it
/// with [`crate::read_any`].
pub fn read(bytes: &[u8]) -> Result<Profile, FormatError> {
    let envelope = check_envelope(bytes)?;
    if envelope.combined {
        return Err(FormatError::IsCombined);
    }
    let mut body = Cursor {
        bytes: &bytes[..envelope.body_end],
        offset: HEADER_SIZE,
        has_paths: envelope.version >= 2,
        has_values: envelope.version == VALUES_FORMAT_VERSION,
    };
    let mut names = BTreeSet::new();
    let mut functions = Vec::new();
    for _ in 0..envelope.functions {
        let start = body.offset as u64;
        let function = body.function()?;
        check_unique(&mut names, &function.name, start)?;
        functions.push(function);
    }
    body.check_end()?;
    Ok(Profile { functions })
}

/// What the header of a file that passed [`check_envelope`] says.
pub(crate) struct Envelope {
    pub version: u32,
    /// Whether the header flags a combined profile (version 3).
    pub combined: bool,
    /// The number of functions.
    pub functions: u64,
    /// Where the checksummed content ends.
    pub body_end: usize,
}

/// Checks everything but the content: the magic, the version, the
/// announced total length, the whole-file checksum and the flags.
pub(crate) fn check_envelope(bytes: &[u8]) -> Result<Envelope, FormatError> {
    check_magic(bytes)?;
    let header = Cursor { bytes, offset: 0, has_paths: false, has_values: false };
    let version = u32::from_le_bytes(header.fixed(VERSION_OFFSET)?);
    if !(OLDEST_READABLE_VERSION..=NEWEST_READABLE_VERSION).contains(&version) {
        return Err(FormatError::UnsupportedVersion { found: version, expected: NEWEST_READABLE_VERSION });
    }
    let total = u64::from_le_bytes(header.fixed(TOTAL_LEN_OFFSET)?);
    let len = bytes.len() as u64;
    if len < total {
        return Err(FormatError::Truncated { offset: len, expected: total });
    }
    if len > total {
        return Err(FormatError::TrailingBytes { offset: total, count: len - total });
    }
    if total < (HEADER_SIZE + TRAILER_SIZE) as u64 {
        return Err(FormatError::Corrupt { offset: TOTAL_LEN_OFFSET as u64, problem: concat(&[Str("total length "), Dec(total), Str(" is shorter than a header and a trailer")]) });
    }
    let body_end = bytes.len() - TRAILER_SIZE;
    let stored = u64::from_le_bytes(header.fixed(body_end)?);
    let computed = fnv1a64(&bytes[..body_end]);
    if stored != computed {
        return Err(FormatError::ChecksumMismatch { stored, computed });
    }
    let flags = u32::from_le_bytes(header.fixed(FLAGS_OFFSET)?);
    // Version 3 is the combined profile, and only it carries the flag.
    let expected_flags = if version == COMBINED_FORMAT_VERSION { FLAG_COMBINED } else { 0 };
    if flags != expected_flags {
        return Err(FormatError::Corrupt { offset: FLAGS_OFFSET as u64, problem: concat(&[Str("unknown flags "), Hex(u64::from(flags)), Str(" for format version "), Dec(u64::from(version))]) });
    }
    let functions = u64::from_le_bytes(header.fixed(NUM_FUNCTIONS_OFFSET)?);
    Ok(Envelope { version, combined: flags == FLAG_COMBINED, functions, body_end })
}

/// Records `name`, the name of the function that starts at `start`,
/// failing if an earlier function had it.
pub(crate) fn check_unique(names: &mut BTreeSet<String>, name: &str, start: u64) -> Result<(), FormatError> {
    if !names.insert(name.to_owned()) {
        return Err(FormatError::Corrupt { offset: start, problem: concat(&[Str("function `"), Str(name), Str("` appears twice")]) });
    }
    Ok(())
}

/// Checks the magic, calling a file that is a strict prefix of it
/// truncated rather than foreign.
fn check_magic(bytes: &[u8]) -> Result<(), FormatError> {
    let n = bytes.len().min(MAGIC.len());
    if bytes[..n] != MAGIC[..n] {
        return Err(FormatError::BadMagic);
    }
    if bytes.len() < HEADER_SIZE {
        return Err(FormatError::Truncated { offset: bytes.len() as u64, expected: HEADER_SIZE as u64 });
    }
    Ok(())
}

/// A reading position in the checksummed content, where running past the
/// end means a malformed (not a truncated) file.
pub(crate) struct Cursor<'a> {
    pub bytes: &'a [u8],
    pub offset: usize,
    /// Whether functions end with their paths (format version 2).
    pub has_paths: bool,
    /// Whether the paths are followed by value counts (format version 4).
    pub has_values: bool,
}

impl<'a> Cursor<'a> {
    /// `N` bytes at `at`, without moving.
    fn fixed<const N: usize>(&self, at: usize) -> Result<[u8; N], FormatError> {
        self.bytes
            .get(at..at.saturating_add(N))
            .and_then(|slice| slice.try_into().ok())
            .ok_or_else(|| self.overrun(at, N as u64, "field"))
    }

    pub fn u64(&mut self) -> Result<u64, FormatError> {
        let value = u64::from_le_bytes(self.fixed(self.offset)?);
        self.offset += 8;
        Ok(value)
    }

    pub fn u32(&mut self) -> Result<u32, FormatError> {
        let value = u32::from_le_bytes(self.fixed(self.offset)?);
        self.offset += 4;
        Ok(value)
    }

    pub fn f64(&mut self) -> Result<f64, FormatError> {
        self.u64().map(f64::from_bits)
    }

    /// Fails unless every byte of the content has been read.
    pub fn check_end(&self) -> Result<(), FormatError> {
        if self.offset != self.bytes.len() {
            let left = (self.bytes.len() - self.offset) as u64;
            return Err(FormatError::Corrupt { offset: self.offset as u64, problem: concat(&[Dec(left), Str(" bytes after the last function")]) });
        }
        Ok(())
    }

    /// `len` bytes at the current position, checked against what remains
    /// before anything is allocated.
    pub fn take(&mut self, len: u64, what: &str) -> Result<&'a [u8], FormatError> {
        let remaining = (self.bytes.len() - self.offset) as u64;
        if len > remaining {
            return Err(self.overrun(self.offset, len, what));
        }
        let slice = &self.bytes[self.offset..self.offset + len as usize];
        self.offset += len as usize;
        Ok(slice)
    }

    /// A length-prefixed byte string.
    fn bytes_field(&mut self, what: &str) -> Result<&'a [u8], FormatError> {
        let len = self.u64()?;
        self.take(len, what)
    }

    fn function(&mut self) -> Result<FunctionProfile, FormatError> {
        let (name, checksum, descriptor) = self.function_head()?;
        let count = self.u64()?;
        let raw = self.take(count.saturating_mul(8), "counters")?;
        let counters = raw.chunks_exact(8).map(|chunk| u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]))).collect();
        let paths = if self.has_paths { self.paths()? } else { Vec::new() };
        let values = if self.has_values { self.values()? } else { Vec::new() };
        Ok(FunctionProfile { name, checksum, descriptor, counters, paths, values })
    }

    /// What every function starts with, in plain and combined profiles:
    /// its name, CFG checksum and descriptor.
    pub fn function_head(&mut self) -> Result<(String, u64, Vec<u8>), FormatError> {
        let name_offset = self.offset as u64;
        let name = core::str::from_utf8(self.bytes_field("function name")?)
            .map_err(|_| FormatError::Corrupt { offset: name_offset, problem: String::from("function name is not UTF-8") })?
            .to_owned();
        let checksum = self.u64()?;
        let descriptor = self.bytes_field("CFG descriptor")?.to_vec();
        Ok((name, checksum, descriptor))
    }

    /// A function's `(path number, count)` pairs, checked to be in
    /// strictly increasing path order with no zero count.
    fn paths(&mut self) -> Result<Vec<(u64, u64)>, FormatError> {
        let count = self.u64()?;
        let start = self.offset;
        let raw = self.take(count.saturating_mul(16), "paths")?;
        let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let paths: Vec<(u64, u64)> = raw.chunks_exact(16).map(|pair| (word(&pair[..8]), word(&pair[8..]))).collect();
        for (i, &(number, count)) in paths.iter().enumerate() {
            let offset = (start + 16 * i) as u64;
            if i > 0 && number <= paths[i - 1].0 {
                return Err(FormatError::Corrupt { offset, problem: concat(&[Str("path "), Dec(number), Str(" is out of order (paths are sorted by number)")]) });
            }
            if count == 0 {
                return Err(FormatError::Corrupt { offset, problem: concat(&[Str("path "), Dec(number), Str(" has count 0")]) });
            }
        }
        Ok(paths)
    }

    /// A function's value counts, checked to be in strictly increasing
    /// (site, value) order with no zero count and sites below 2^32.
    fn values(&mut self) -> Result<Vec<ValueCount>, FormatError> {
        let count = self.u64()?;
        let start = self.offset;
        let raw = self.take(count.saturating_mul(24), "value counts")?;
        let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mut values: Vec<ValueCount> = Vec::new();
        for (i, triple) in raw.chunks_exact(24).enumerate() {
            let offset = (start + 24 * i) as u64;
            let (site, value, count) = (word(&triple[..8]), word(&triple[8..16]), word(&triple[16..]));
            let Ok(site) = u32::try_from(site) else {
                return Err(FormatError::Corrupt { offset, problem: concat(&[Str("value site "), Dec(site), Str(" is out of range")]) });
            };
            if values.last().is_some_and(|last| (last.site, last.value) >= (site, value)) {
                return Err(FormatError::Corrupt {
                    offset,
                    problem: concat(&[Str("value "), Dec(value), Str(" of site "), Dec(site.into()), Str(" is out of order (value counts are sorted by site and value)")]),
                });
            }
            if count == 0 {
                return Err(FormatError::Corrupt { offset, problem: concat(&[Str("value "), Dec(value), Str(" of site "), Dec(site.into()), Str(" has count 0")]) });
            }
            values.push(ValueCount { site, value, count });
        }
        Ok(values)
    }

    fn overrun(&self, at: usize, len: u64, what: &str) -> FormatError {
        FormatError::Corrupt { offset: at as u64, problem: concat(&[Str(what), Str(" of "), Dec(len), Str(" bytes runs past the end of the content")]) }
    }
}
