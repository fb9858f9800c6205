//! Why a profile could not be read or merged. Every message names the
//! problem precisely enough for a user to act on it; the tools prefix it
//! with the file's name.

use crate::text::{push, Piece::*};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// An error reading, decoding or merging profiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The bytes end at `offset`, but the header says (or the header itself
    /// needs) `expected` bytes.
    Truncated { offset: u64, expected: u64 },
    /// The file does not start with [`crate::MAGIC`].
    BadMagic,
    /// The file's format version is not one this crate reads
    /// ([`crate::layout::OLDEST_READABLE_VERSION`] to [`crate::layout::NEWEST_READABLE_VERSION`]).
    UnsupportedVersion { found: u32, expected: u32 },
    /// Bytes follow the end that the header announces.
    TrailingBytes { offset: u64, count: u64 },
    /// The stored whole-file checksum differs from the computed one.
    ChecksumMismatch { stored: u64, computed: u64 },
    /// The checksum matches, but the content is malformed (a writer bug
    /// or a deliberately crafted file).
    Corrupt { offset: u64, problem: String },
    /// A reader of counts got a combined profile, which holds statistics.
    IsCombined,
    /// Two combined profiles have histograms of different bin counts.
    BinCountMismatch { left: u64, right: u64 },
    /// Two profiles disagree about a function with the same name.
    FunctionMismatch { name: String, problem: MismatchKind },
}

/// How two profiles of a function with the same name disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MismatchKind {
    /// The CFG checksums differ: the profiles come from different builds.
    Checksum { left: u64, right: u64 },
    /// The numbers of counters differ.
    CounterCount { left: usize, right: usize },
    /// The CFG descriptors differ although the checksums agree.
    Descriptor,
}

impl FormatError {
    /// Appends the message to `out`, the text that `Display` prints, built
    /// without `core::fmt` (for the runtime).
    pub fn describe(&self, out: &mut Vec<u8>) {
        match self {
            FormatError::Truncated { offset, expected } => {
                push(out, &[Str("truncated at byte offset "), Dec(*offset), Str(" (expected "), Dec(*expected), Str(" bytes)")])
            }
            FormatError::BadMagic => push(out, &[Str("bad magic: not a nissecc profile (expected it to start with \"NPROF\\0\\0\\0\")")]),
            FormatError::UnsupportedVersion { found, expected } => push(
                out,
                &[
                    Str("unsupported format version (found "),
                    Dec(u64::from(*found)),
                    Str(", expected "),
                    Dec(u64::from(crate::layout::OLDEST_READABLE_VERSION)),
                    Str(" to "),
                    Dec(u64::from(*expected)),
                    Str(")"),
                ],
            ),
            FormatError::TrailingBytes { offset, count } => push(
                out,
                &[Str("corrupt: "), Dec(*count), Str(" unexpected bytes after the end of the profile at byte offset "), Dec(*offset)],
            ),
            FormatError::ChecksumMismatch { stored, computed } => push(
                out,
                &[Str("checksum mismatch (stored "), Hex64(*stored), Str(", computed "), Hex64(*computed), Str("): the file is corrupt")],
            ),
            FormatError::IsCombined => push(
                out,
                &[Str("a combined profile (statistics over runs, from `nissecc-profdata merge --combined`), not the counts of runs; this command does not read combined profiles")],
            ),
            FormatError::BinCountMismatch { left, right } => push(
                out,
                &[Str("histogram bin counts differ ("), Dec(*left), Str(" vs "), Dec(*right), Str("): combine profiles with the same --bins")],
            ),
            FormatError::Corrupt { offset, problem } => push(out, &[Str("corrupt at byte offset "), Dec(*offset), Str(": "), Str(problem)]),
            FormatError::FunctionMismatch { name, problem } => {
                push(out, &[Str("function `"), Str(name), Str("`: ")]);
                problem.describe(out);
            }
        }
    }
}

impl MismatchKind {
    /// Appends the message to `out`, as [`FormatError::describe`] does.
    pub fn describe(&self, out: &mut Vec<u8>) {
        match self {
            MismatchKind::Checksum { left, right } => push(
                out,
                &[Str("checksum mismatch ("), Hex64(*left), Str(" vs "), Hex64(*right), Str("): the profiles come from different builds")],
            ),
            MismatchKind::CounterCount { left, right } => {
                push(out, &[Str("counter count mismatch ("), Dec(*left as u64), Str(" vs "), Dec(*right as u64), Str(")")])
            }
            MismatchKind::Descriptor => push(out, &[Str("CFG descriptor mismatch under equal checksums")]),
        }
    }
}

/// Writes what `describe` appends.
fn display(describe: impl FnOnce(&mut Vec<u8>), f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut out = Vec::new();
    describe(&mut out);
    f.write_str(&String::from_utf8_lossy(&out))
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display(|out| self.describe(out), f)
    }
}

impl fmt::Display for MismatchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display(|out| self.describe(out), f)
    }
}

impl core::error::Error for FormatError {}
