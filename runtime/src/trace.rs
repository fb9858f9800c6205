//! The runtime side of tracing (`-fprofile-instr=trace`; Ball & Larus,
//! TOPLAS 1994, §4 and §6.2; the tokens and the file are
//! [`nissecc_profile_format::trace`]'s, what instrumented code writes is
//! the midend's `instrument::trace`).
//!
//! Tokens go to one buffer of the process, under a spin lock: a THREAD
//! token marks each switch to another thread (by `pthread_self`), so that
//! `nissecc-profdata trace` separates every thread's trace again. The
//! buffer needs no thread-local storage, which a `no_std` archive cannot
//! declare, and a run without threads never contends for the lock. When
//! it fills, and at exit, the buffer is appended to the trace file, which
//! is created at the first flush with a FUNCTION section per record: the
//! file is named like the profile, with `.ntrace` for `.nprof` (`%p`
//! applies). A program that ends by `_exit`, `abort` or a signal loses
//! what the buffer holds, as it loses its profile; the tokens of
//! destructors that run after the exit handler are lost too, as are their
//! counts in a profile.

use crate::output_path;
use crate::records;
use crate::report::report;
use crate::sys::{self, File, O_CREAT, O_TRUNC, O_WRONLY};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use nissecc_profile_format::text::Piece::*;
use nissecc_profile_format::leb128;
use nissecc_profile_format::trace::{function_section, tokens_header, ENTER, LANDING, MAGIC, THREAD};

const CAPACITY: usize = 1 << 16;

/// Everything the lock protects.
struct Buffer {
    bytes: [u8; CAPACITY],
    len: usize,
    /// The thread whose tokens the buffer holds last; 0 before any.
    thread: u64,
    file: Option<File>,
    /// Set when the file could not be written: the trace is lost, and the
    /// failure was reported once.
    failed: bool,
}

static LOCK: AtomicBool = AtomicBool::new(false);
static mut BUFFER: Buffer = Buffer { bytes: [0; CAPACITY], len: 0, thread: 0, file: None, failed: false };

/// Runs `f` on the buffer under the lock.
fn locked(f: impl FnOnce(&mut Buffer)) {
    while LOCK.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
        core::hint::spin_loop();
    }
    // SAFETY: the lock gives this thread the only access to `BUFFER`.
    f(unsafe { &mut *core::ptr::addr_of_mut!(BUFFER) });
    LOCK.store(false, Ordering::Release);
}

/// Appends `tokens` for the calling thread.
fn append(tokens: &[u64]) {
    let thread = sys::thread_id();
    locked(|buffer| {
        if buffer.thread != thread {
            buffer.push(THREAD);
            buffer.push(thread);
            buffer.thread = thread;
        }
        for &token in tokens {
            buffer.push(token);
        }
    });
}

impl Buffer {
    fn push(&mut self, value: u64) {
        if self.len + leb128::MAX_LEN > CAPACITY {
            self.flush();
        }
        self.len += leb128::write(&mut self.bytes[self.len..], value);
    }

    /// Appends the buffer to the trace file, creating the file first.
    fn flush(&mut self) {
        let len = core::mem::replace(&mut self.len, 0);
        if len == 0 || self.failed {
            return;
        }
        let path = trace_path();
        if self.file.is_none() {
            let mut header = MAGIC.to_vec();
            for record in records::records() {
                if let Some((name, checksum, descriptor)) = records::identity(record) {
                    function_section(&mut header, records::number(record), name, checksum, descriptor);
                }
            }
            match File::open(&path, O_WRONLY | O_CREAT | O_TRUNC, 0o644).and_then(|file| file.write_all(&header).map(|()| file)) {
                Ok(file) => self.file = Some(file),
                Err(error) => return self.fail(&path, error),
            }
        }
        let mut section = Vec::with_capacity(len + 12);
        tokens_header(&mut section, len);
        section.extend_from_slice(&self.bytes[..len]);
        if let Some(Err(error)) = self.file.as_ref().map(|file| file.write_all(&section)) {
            self.fail(&path, error);
        }
    }

    fn fail(&mut self, path: &[u8], error: sys::Errno) {
        self.failed = true;
        report(&[Str("cannot write the trace "), Bytes(path), Str(": "), Bytes(error.text()), Str(" (os error "), Dec(error.0 as u64), Str(")")]);
    }
}

/// The trace file: the profile's name with `.ntrace` for `.nprof`, or
/// with `.ntrace` appended.
fn trace_path() -> Vec<u8> {
    let mut path = output_path::from_env().path;
    if path.ends_with(b".nprof") {
        path.truncate(path.len() - b".nprof".len());
    }
    path.extend_from_slice(b".ntrace");
    path
}

/// Writes what the buffer holds; the exit handler calls it before it
/// writes the profile.
pub fn flush_at_exit() {
    locked(Buffer::flush);
}

/// Appends one token (a witness or RESUME). The common case, a one-byte
/// token of the thread that wrote last into a buffer with room, takes a
/// few instructions inside the lock; the rest goes through [`append`].
#[no_mangle]
pub extern "C" fn __nisse_trace(token: u64) {
    let thread = sys::thread_id();
    let mut done = false;
    locked(|buffer| {
        if token < 0x80 && buffer.thread == thread && buffer.len < CAPACITY {
            buffer.bytes[buffer.len] = token as u8;
            buffer.len += 1;
            done = true;
        }
    });
    if !done {
        append(&[token]);
    }
}

/// Appends ENTER and the number of the calling function's record.
#[no_mangle]
pub extern "C" fn __nisse_trace_enter(record: usize) {
    append(&[ENTER, records::number(record)]);
}

/// After a `setjmp` at call site `site` of the function of `record`:
/// appends LANDING, the record's number and the site when the call
/// returned a second time (`result` is not 0).
#[no_mangle]
pub extern "C" fn __nisse_trace_setjmp(record: usize, site: u64, result: i64) {
    if result != 0 {
        append(&[LANDING, records::number(record), site]);
    }
}
