//! The one definition of nissecc's profile data (issue 3), shared by the
//! runtime that writes profiles, the `nissecc-profdata` tool and the
//! compiler that reads them, as LLVM shares `InstrProfData.inc` between its
//! compiler and its runtime:
//!
//! - [`abi`]: the records that instrumented code emits for the runtime;
//! - [`layout`]: the versioned, checksummed `.nprof` file layout, with
//!   [`read`] and [`write`];
//! - [`merge()`]: summing profiles, associatively and commutatively;
//! - [`combined`]: combined profiles, the statistics of each counter over
//!   several runs (mean, variance, histogram; Preuss §3.5), which merge
//!   with each other and with single runs in any order
//!   ([`moments`], [`histogram`], [`summary`], [`read_any`],
//!   [`write_combined`]);
//! - [`file`]: replacing a profile file atomically (with the default
//!   feature `std` only);
//! - [`text`]: messages built without `core::fmt`;
//! - [`trace`]: the trace files of tracing builds.
//!
//! The crate has no dependencies, so the runtime (linked into user
//! programs) and the midend can both depend on it. It is `no_std` (it
//! needs `alloc` only) so that the runtime, a `no_std` archive, can use
//! it; the feature `std`, on by default, adds what the tools need on top
//! ([`file`]).

#![no_std]

extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod abi;
mod checksum;
pub mod combined;
mod combined_file;
mod decode;
mod encode;
mod error;
#[cfg(feature = "std")]
pub mod file;
pub mod histogram;
pub mod layout;
pub mod leb128;
mod merge;
pub mod moments;
mod profile;
pub mod summary;
pub mod text;
pub mod trace;

pub use checksum::fnv1a64;
pub use combined::{CombinedFunction, CombinedProfile};
pub use combined_file::{read_any, read_combined, write_combined, AnyProfile};
pub use decode::read;
pub use encode::write;
pub use error::{FormatError, MismatchKind};
pub use layout::{FORMAT_VERSION, MAGIC};
pub use merge::{add_into, merge, merge_weighted, scale};
pub use profile::{FunctionProfile, Profile, ValueCount};
