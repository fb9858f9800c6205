//! Decoding the bytes of a profile file (see [`crate::layout`]) into a
//! [`Profile`]. The checks run from the outside in, so that each kind of
//! damage gets its own error: the magic, the version, the announced total
//! length (truncation or trailing bytes), the whole-file checksum, and
//! only then the structure of the content. Nothing here panics or
//! allocates more than the input's size, whatever the input.

use crate::checksum::fnv1a64;
use crate::error::FormatError;
use crate::layout::{
    FLAGS_OFFSET, FORMAT_VERSION, HEADER_SIZE, MAGIC, NUM_FUNCTIONS_OFFSET, OLDEST_READABLE_VERSION, TOTAL_LEN_OFFSET, TRAILER_SIZE, VERSION_OFFSET,
};
use crate::profile::{FunctionProfile, Profile};
use crate::text::{concat, Piece::*};
use alloc::collections::BTreeSet;
use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

/// Decodes a profile file.
pub fn read(bytes: &[u8]) -> Result<Profile, FormatError> {
    check_magic(bytes)?;
    let header = Cursor { bytes, offset: 0, has_paths: false };
    let version = u32::from_le_bytes(header.fixed(VERSION_OFFSET)?);
    if !(OLDEST_READABLE_VERSION..=FORMAT_VERSION).contains(&version) {
        return Err(FormatError::UnsupportedVersion { found: version, expected: FORMAT_VERSION });
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
    if flags != 0 {
        return Err(FormatError::Corrupt { offset: FLAGS_OFFSET as u64, problem: concat(&[Str("unknown flags "), Hex(u64::from(flags))]) });
    }
    let count = u64::from_le_bytes(header.fixed(NUM_FUNCTIONS_OFFSET)?);
    let mut body = Cursor { bytes: &bytes[..body_end], offset: HEADER_SIZE, has_paths: version >= 2 };
    let mut names = BTreeSet::new();
    let mut functions = Vec::new();
    for _ in 0..count {
        let start = body.offset as u64;
        let function = body.function()?;
        if !names.insert(function.name.clone()) {
            return Err(FormatError::Corrupt { offset: start, problem: concat(&[Str("function `"), Str(&function.name), Str("` appears twice")]) });
        }
        functions.push(function);
    }
    if body.offset != body_end {
        return Err(FormatError::Corrupt { offset: body.offset as u64, problem: concat(&[Dec((body_end - body.offset) as u64), Str(" bytes after the last function")]) });
    }
    Ok(Profile { functions })
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
struct Cursor<'a> {
    bytes: &'a [u8],
    offset: usize,
    /// Whether functions end with their paths (format version 2).
    has_paths: bool,
}

impl<'a> Cursor<'a> {
    /// `N` bytes at `at`, without moving.
    fn fixed<const N: usize>(&self, at: usize) -> Result<[u8; N], FormatError> {
        self.bytes
            .get(at..at.saturating_add(N))
            .and_then(|slice| slice.try_into().ok())
            .ok_or_else(|| self.overrun(at, N as u64, "field"))
    }

    fn u64(&mut self) -> Result<u64, FormatError> {
        let value = u64::from_le_bytes(self.fixed(self.offset)?);
        self.offset += 8;
        Ok(value)
    }

    /// `len` bytes at the current position, checked against what remains
    /// before anything is allocated.
    fn take(&mut self, len: u64, what: &str) -> Result<&'a [u8], FormatError> {
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
        let name_offset = self.offset as u64;
        let name = core::str::from_utf8(self.bytes_field("function name")?)
            .map_err(|_| FormatError::Corrupt { offset: name_offset, problem: String::from("function name is not UTF-8") })?
            .to_owned();
        let checksum = self.u64()?;
        let descriptor = self.bytes_field("CFG descriptor")?.to_vec();
        let count = self.u64()?;
        let raw = self.take(count.saturating_mul(8), "counters")?;
        let counters = raw.chunks_exact(8).map(|chunk| u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]))).collect();
        let paths = if self.has_paths { self.paths()? } else { Vec::new() };
        Ok(FunctionProfile { name, checksum, descriptor, counters, paths })
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

    fn overrun(&self, at: usize, len: u64, what: &str) -> FormatError {
        FormatError::Corrupt { offset: at as u64, problem: concat(&[Str(what), Str(" of "), Dec(len), Str(" bytes runs past the end of the content")]) }
    }
}
