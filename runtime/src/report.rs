//! The runtime's only output channel besides the profile: one line on
//! stderr, prefixed `nisse-runtime:`, built without `core::fmt` and
//! written with one `write(2)`. Writing never fails visibly, even when
//! stderr is closed.

use crate::sys;
use alloc::vec::Vec;
use nissecc_profile_format::text::{self, Piece};

/// Prints `nisse-runtime: <pieces>` on stderr.
pub fn report(pieces: &[Piece<'_>]) {
    let mut line = Vec::with_capacity(256);
    line.extend_from_slice(b"nisse-runtime: ");
    text::push(&mut line, pieces);
    line.push(b'\n');
    sys::write_stderr(&line);
}
