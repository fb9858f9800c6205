//! The on-disk layout of a profile file (`.nprof`), version 2. Every
//! integer is little-endian; nothing is aligned.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "NPROF\0\0\0"
//!      8     4  format version (u32, = FORMAT_VERSION)
//!     12     4  flags (u32, = 0; reserved)
//!     16     8  total length of the file in bytes, trailer included (u64)
//!     24     8  number of functions (u64)
//!     32        the functions, sorted by name; each is
//!                 8  name length n (u64), then n bytes of UTF-8 name
//!                 8  CFG checksum (u64)
//!                 8  descriptor length d (u64), then d descriptor bytes
//!                 8  counter count c (u64), then c counters (u64 each)
//!                 8  path count p (u64), then p pairs (path number,
//!                    count), u64 each, in strictly increasing path
//!                    number order, no count 0 (version 2 only)
//! total-8     8  FNV-1a-64 of bytes [0, total-8) (u64)
//! ```
//!
//! Version 2 added the paths of path profiles (`-fprofile-instr=path`);
//! an edge profile has none. Version 1 files, which end each function
//! after its counters, are still read.
//!
//! The header carries the total length so that a reader tells a truncated
//! file from a corrupt one before it looks at the content: a short file is
//! reported as truncated, a changed byte as a checksum mismatch. The
//! descriptor makes the file self-describing: with the midend's decoder, a
//! tool prints every block and edge count without the source.

/// The first eight bytes of every profile file.
pub const MAGIC: [u8; 8] = *b"NPROF\0\0\0";
/// The format version this crate writes.
pub const FORMAT_VERSION: u32 = 2;
/// The oldest format version this crate still reads.
pub const OLDEST_READABLE_VERSION: u32 = 1;

pub(crate) const VERSION_OFFSET: usize = 8;
pub(crate) const FLAGS_OFFSET: usize = 12;
pub const TOTAL_LEN_OFFSET: usize = 16;
pub(crate) const NUM_FUNCTIONS_OFFSET: usize = 24;
/// The size of the fixed header that precedes the functions.
pub const HEADER_SIZE: usize = 32;
/// The size of the trailing checksum.
pub const TRAILER_SIZE: usize = 8;
