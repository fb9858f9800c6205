//! The runtime's entry points: the anchor that every record references,
//! the constructor that registers the exit handler (and starts the
//! sampler), and the placeholder
//! record. They live in this one module, so in one object file of the
//! archive (which fat LTO makes a single object anyway): the anchor
//! reference that pulls this object into the link brings the constructor
//! (in `.init_array`) and the placeholder with it.

use crate::report::report;
use crate::sys;
use nissecc_profile_format::abi::RECORD_SIZE;
use nissecc_profile_format::text::Piece::Str;

/// Referenced by every record, so that linking any instrumented function
/// pulls this object, and with it the constructor, out of the archive.
#[no_mangle]
#[used]
pub static __nisse_runtime_anchor: u64 = 0;

/// An all-zero record, so that the `nisse_records` section, and with it
/// GNU ld's start and stop symbols, exists in every program that links the
/// runtime. The walk skips it (its ABI version is 0). It is mutable, as
/// the compiler's records are, so that the section is writable in every
/// object and needs no text relocations in a PIE.
#[used]
#[link_section = "nisse_records"]
static mut PLACEHOLDER_RECORD: [u64; RECORD_SIZE / 8] = [0; RECORD_SIZE / 8];

/// Runs `nisse_init` when the program starts, before `main`. The runtime's
/// own unit-test binary does not register it, so it writes no profile.
#[cfg(not(test))]
#[used]
#[link_section = ".init_array"]
static INIT: extern "C" fn() = nisse_init;

/// Registers [`nisse_dump`] to run at exit, then starts sampling if the
/// program has sampled functions.
#[cfg_attr(test, allow(dead_code))]
extern "C" fn nisse_init() {
    // SAFETY: `atexit` accepts any `extern "C" fn()`.
    if unsafe { sys::atexit(nisse_dump) } != 0 {
        report(&[Str("cannot register the exit handler; no profile will be written")]);
        return;
    }
    crate::sampler::start();
}

/// Flushes stdio, then writes the profile. Nothing here unwinds: the
/// archive is built with `panic=abort`, and its panic handler reports an
/// internal error and aborts.
extern "C" fn nisse_dump() {
    crate::sampler::stop();
    // SAFETY: `fflush(NULL)` flushes every open output stream.
    unsafe { sys::fflush(core::ptr::null_mut()) };
    crate::trace::flush_at_exit();
    crate::profile_file::write_at_exit();
}
