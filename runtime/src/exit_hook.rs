//! The runtime's entry points: the anchor that every record references,
//! the constructor that registers the exit handler, and the placeholder
//! record. They live in this one module, so in one object file of the
//! archive: the anchor reference that pulls this object into the link
//! brings the constructor (in `.init_array`) and the placeholder with it.

use crate::report::report;
use std::panic;

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
static mut PLACEHOLDER_RECORD: [u64; nissecc_profile_format::abi::RECORD_SIZE / 8] = [0; nissecc_profile_format::abi::RECORD_SIZE / 8];

/// Runs `nisse_init` when the program starts, before `main`. The runtime's
/// own unit-test binary does not register it, so it writes no profile.
#[cfg(not(test))]
#[used]
#[link_section = ".init_array"]
static INIT: extern "C" fn() = nisse_init;

extern "C" {
    fn atexit(callback: extern "C" fn()) -> i32;
    fn fflush(stream: *mut std::ffi::c_void) -> i32;
}

/// Registers [`nisse_dump`] to run at exit.
#[cfg_attr(test, allow(dead_code))]
extern "C" fn nisse_init() {
    // SAFETY: `atexit` accepts any `extern "C" fn()`.
    if unsafe { atexit(nisse_dump) } != 0 {
        report(format_args!("cannot register the exit handler; no profile will be written"));
    }
}

/// Flushes stdio, then writes the profile. A panic is caught here, so it
/// never unwinds into the program's `exit`.
extern "C" fn nisse_dump() {
    // SAFETY: `fflush(NULL)` flushes every open output stream.
    unsafe { fflush(std::ptr::null_mut()) };
    if panic::catch_unwind(crate::profile_file::write_at_exit).is_err() {
        report(format_args!("internal error while writing the profile"));
    }
}
