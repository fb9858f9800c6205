//! Why a profile could not be read or merged. Every message names the
//! problem precisely enough for a user to act on it; the tools prefix it
//! with the file's name.

use std::fmt;

/// An error reading, decoding or merging profiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The bytes end at `offset`, but the header says (or the header itself
    /// needs) `expected` bytes.
    Truncated { offset: u64, expected: u64 },
    /// The file does not start with [`crate::MAGIC`].
    BadMagic,
    /// The file's format version is not one this crate reads
    /// ([`crate::layout::OLDEST_READABLE_VERSION`] to [`crate::FORMAT_VERSION`]).
    UnsupportedVersion { found: u32, expected: u32 },
    /// Bytes follow the end that the header announces.
    TrailingBytes { offset: u64, count: u64 },
    /// The stored whole-file checksum differs from the computed one.
    ChecksumMismatch { stored: u64, computed: u64 },
    /// The checksum matches, but the content is malformed (a writer bug
    /// or a deliberately crafted file).
    Corrupt { offset: u64, problem: String },
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

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Truncated { offset, expected } => {
                write!(f, "truncated at byte offset {offset} (expected {expected} bytes)")
            }
            FormatError::BadMagic => write!(f, "bad magic: not a nissecc profile (expected it to start with \"NPROF\\0\\0\\0\")"),
            FormatError::UnsupportedVersion { found, expected } => {
                write!(f, "unsupported format version (found {found}, expected {} to {expected})", crate::layout::OLDEST_READABLE_VERSION)
            }
            FormatError::TrailingBytes { offset, count } => {
                write!(f, "corrupt: {count} unexpected bytes after the end of the profile at byte offset {offset}")
            }
            FormatError::ChecksumMismatch { stored, computed } => {
                write!(f, "checksum mismatch (stored {stored:#018x}, computed {computed:#018x}): the file is corrupt")
            }
            FormatError::Corrupt { offset, problem } => write!(f, "corrupt at byte offset {offset}: {problem}"),
            FormatError::FunctionMismatch { name, problem } => write!(f, "function `{name}`: {problem}"),
        }
    }
}

impl fmt::Display for MismatchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MismatchKind::Checksum { left, right } => {
                write!(f, "checksum mismatch ({left:#018x} vs {right:#018x}): the profiles come from different builds")
            }
            MismatchKind::CounterCount { left, right } => write!(f, "counter count mismatch ({left} vs {right})"),
            MismatchKind::Descriptor => write!(f, "CFG descriptor mismatch under equal checksums"),
        }
    }
}

impl std::error::Error for FormatError {}
