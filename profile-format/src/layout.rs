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
//! Version 3 is a combined profile (`nissecc-profdata merge --combined`,
//! [`crate::combined`]): the flags are [`FLAG_COMBINED`], and the
//! header is followed by the number of runs and the bin count (u64 each);
//! each function has the name, checksum and descriptor of version 2, then
//! its count summaries, its share summaries and its path summaries:
//!
//! ```text
//!      8  count summaries c (u64), then c summaries
//!      8  share summaries s (u64), then s summaries
//!      8  path summaries p (u64), then p pairs (path number (u64),
//!         summary), in strictly increasing path number order
//! a summary:
//!      8  runs n (u64)            8  mean (f64)
//!      8  M2, the sum of squared deviations (f64)
//!      8  smallest observation (f64)   8  largest observation (f64)
//!      4  bin width exponent k (i32; bins are 2^k wide)
//!      8  grid index of the first bin o (u64; it starts at o * 2^k)
//!      4  bins used u (u32), then u pairs (bin index (u32), runs (u64)),
//!         in strictly increasing bin order, no 0 runs, summing to n
//! ```
//!
//! Version 4 is a plain profile with value counts (`-fprofile-values`):
//! each function of version 2 is followed by
//!
//! ```text
//!      8  value counts v (u64), then v triples (site (u64, below 2^32),
//!         value (u64), count (u64)), in strictly increasing (site, value)
//!         order, no count 0
//! ```
//!
//! Plain profiles without value counts are still written as version 2, so
//! that the runtime's files and older readers are unaffected.
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
/// The format version of a combined profile.
pub const COMBINED_FORMAT_VERSION: u32 = 3;
/// The format version of a plain profile with value counts.
pub const VALUES_FORMAT_VERSION: u32 = 4;
/// The newest format version this crate reads.
pub const NEWEST_READABLE_VERSION: u32 = VALUES_FORMAT_VERSION;
/// The header flag of a combined profile (version 3 only).
pub const FLAG_COMBINED: u32 = 1;
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
