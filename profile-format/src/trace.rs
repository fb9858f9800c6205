//! The trace file (`.ntrace`) that a tracing build writes next to its
//! profile (`-fprofile-instr=trace`; Ball & Larus, TOPLAS 1994, §4), shared
//! by the runtime that writes it and `nissecc-profdata trace`, which reads
//! it. All numbers are unsigned LEB128 unless said otherwise.
//!
//! ```text
//! magic "NTRACE01" (8 bytes)
//! then sections, each a kind byte and its contents:
//!   FUNCTION: record number, name length, name, CFG checksum,
//!             descriptor length, descriptor
//!   TOKENS:   length, that many bytes of tokens
//! ```
//!
//! The FUNCTION sections come first, one per record of the program
//! (numbered by position in the records section); TOKENS sections follow
//! as the runtime's buffer fills, in time order. Tokens are LEB128 numbers
//! too: [`ENTER`] and a record number, [`RESUME`], [`LANDING`], a record
//! number and a call site, [`THREAD`] and a thread, or a witness
//! ([`token`]). A THREAD token says that the tokens after it, until the
//! next THREAD token, belong to that thread (one the program had when it
//! ran; a later thread may reuse the number of one that ended).

use crate::leb128::{self, put};
use alloc::string::String;
use alloc::vec::Vec;

/// The first 8 bytes of a trace file.
pub const MAGIC: &[u8; 8] = b"NTRACE01";
/// A FUNCTION section.
pub const SECTION_FUNCTION: u8 = 1;
/// A TOKENS section.
pub const SECTION_TOKENS: u8 = 2;

/// A function announced itself: its record number follows.
pub const ENTER: u64 = 0;
/// An opaque call returned.
pub const RESUME: u64 = 1;
/// A `setjmp` returned a second time: the record number of its function
/// and the call site follow.
pub const LANDING: u64 = 2;
/// The tokens that follow are the thread's that follows.
pub const THREAD: u64 = 3;
/// The first witness token.
const FIRST_WITNESS: u64 = 4;

/// The token of witness `i` (the edge `counters[i]` of the descriptor).
pub const fn token(i: u64) -> u64 {
    FIRST_WITNESS + i
}

/// The witness number of a token, if it is a witness.
pub const fn witness(token: u64) -> Option<u64> {
    if token >= FIRST_WITNESS {
        Some(token - FIRST_WITNESS)
    } else {
        None
    }
}

/// The FUNCTION section of record `number`.
pub fn function_section(out: &mut Vec<u8>, number: u64, name: &[u8], checksum: u64, descriptor: &[u8]) {
    out.push(SECTION_FUNCTION);
    put(out, number);
    put(out, name.len() as u64);
    out.extend_from_slice(name);
    put(out, checksum);
    put(out, descriptor.len() as u64);
    out.extend_from_slice(descriptor);
}

/// The header of a TOKENS section of `len` bytes.
pub fn tokens_header(out: &mut Vec<u8>, len: usize) {
    out.push(SECTION_TOKENS);
    put(out, len as u64);
}

/// A function of a trace file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedFunction {
    pub number: u64,
    pub name: String,
    pub checksum: u64,
    pub descriptor: Vec<u8>,
}

/// A decoded trace file: its functions and all its tokens, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceFile {
    pub functions: Vec<TracedFunction>,
    pub tokens: Vec<u64>,
}

/// Reads LEB128 numbers from a byte slice.
struct Cursor<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl Cursor<'_> {
    /// The next number; `Err` with the offset where it starts when it is
    /// truncated or too long.
    fn number(&mut self) -> Result<u64, usize> {
        let start = self.offset;
        leb128::read(self.bytes, &mut self.offset).map_err(|_| start)
    }

    fn take(&mut self, len: u64) -> Result<&[u8], usize> {
        let start = self.offset;
        let end = usize::try_from(len).ok().and_then(|len| start.checked_add(len)).filter(|&end| end <= self.bytes.len()).ok_or(start)?;
        self.offset = end;
        Ok(&self.bytes[start..end])
    }
}

/// Decodes a trace file; the error says what is wrong and where.
pub fn read(bytes: &[u8]) -> Result<TraceFile, String> {
    use alloc::format;
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a nissecc trace file (bad magic)".into());
    }
    let mut file = TraceFile::default();
    let mut r = Cursor { bytes, offset: MAGIC.len() };
    let truncated = |what: &str, at: usize| format!("truncated or corrupt trace file: {what} at byte {at}");
    while r.offset < bytes.len() {
        let kind = bytes[r.offset];
        r.offset += 1;
        match kind {
            SECTION_FUNCTION => {
                let number = r.number().map_err(|at| truncated("a function's number", at))?;
                let len = r.number().map_err(|at| truncated("a function's name length", at))?;
                let name = r.take(len).map_err(|at| truncated("a function's name", at))?;
                let name = String::from_utf8(name.to_vec()).map_err(|_| format!("a function name at byte {} is not UTF-8", r.offset))?;
                let checksum = r.number().map_err(|at| truncated("a checksum", at))?;
                let len = r.number().map_err(|at| truncated("a descriptor length", at))?;
                let descriptor = r.take(len).map_err(|at| truncated("a descriptor", at))?.to_vec();
                file.functions.push(TracedFunction { number, name, checksum, descriptor });
            }
            SECTION_TOKENS => {
                let len = r.number().map_err(|at| truncated("a token section's length", at))?;
                let section = r.take(len).map_err(|at| truncated("a token section", at))?;
                let mut tokens = Cursor { bytes: section, offset: 0 };
                while tokens.offset < section.len() {
                    file.tokens.push(tokens.number().map_err(|at| truncated("a token", at))?);
                }
            }
            other => return Err(format!("corrupt trace file: unknown section kind {other} at byte {}", r.offset - 1)),
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_round_trips_and_every_truncation_is_an_error() {
        let mut bytes = MAGIC.to_vec();
        function_section(&mut bytes, 3, b"main", 77, &[1, 2, 3]);
        // A file cut between sections is valid: a run that ended early.
        let boundary = bytes.len();
        let mut tokens = Vec::new();
        for t in [ENTER, 3, token(0), token(200), RESUME, THREAD, 1 << 40] {
            put(&mut tokens, t);
        }
        tokens_header(&mut bytes, tokens.len());
        bytes.extend_from_slice(&tokens);
        let file = read(&bytes).expect("a valid file");
        assert_eq!(file.functions, [TracedFunction { number: 3, name: "main".into(), checksum: 77, descriptor: alloc::vec![1, 2, 3] }]);
        assert_eq!(file.tokens, [ENTER, 3, token(0), token(200), RESUME, THREAD, 1 << 40]);
        assert_eq!(witness(token(200)), Some(200));
        assert_eq!(witness(RESUME), None);
        for len in (MAGIC.len() + 1..bytes.len()).filter(|&len| len != boundary) {
            assert!(read(&bytes[..len]).is_err(), "{len} bytes");
        }
        assert!(read(b"NPROF000").is_err());
    }
}
