//! The C library functions that the runtime calls, declared by hand (the
//! runtime depends on nothing but the format crate), with thin wrappers
//! that turn `-1` and `errno` into [`Errno`] and own file descriptors.
//! Paths are byte strings without a NUL; the wrappers add it.
//!
//! The constants are Linux's (x86-64 and AArch64 agree on all of them);
//! `stat` and `fstat` are the real symbols that glibc exports since 2.33.

use crate::syscalls;
use alloc::vec::Vec;
use core::ffi::{c_char, c_int, c_void};

pub const O_RDWR: c_int = 0o2;
pub const O_WRONLY: c_int = 0o1;
pub const O_CREAT: c_int = 0o100;
pub const O_TRUNC: c_int = 0o1000;
const O_CLOEXEC: c_int = 0o2000000;
const LOCK_EX: c_int = 2;
const EINTR: c_int = 4;
const EIO: c_int = 5;
pub const ENOENT: c_int = 2;
pub const EEXIST: c_int = 17;

/// `struct stat`, of which only the device and inode numbers are read; the
/// rest is large enough for every Linux layout (x86-64's is 144 bytes).
#[repr(C)]
pub struct Stat {
    dev: u64,
    ino: u64,
    rest: [u64; 16],
}

extern "C" {
    fn getenv(name: *const c_char) -> *const c_char;
    fn strerror(errnum: c_int) -> *const c_char;
    fn strlen(text: *const c_char) -> usize;
    fn __errno_location() -> *mut c_int;
    pub fn atexit(callback: extern "C" fn()) -> c_int;
    pub fn fflush(stream: *mut c_void) -> c_int;
    fn sigaction(signal: c_int, action: *const SigAction, old: *mut SigAction) -> c_int;
    fn setitimer(which: c_int, new: *const ITimerVal, old: *mut ITimerVal) -> c_int;
    fn clock_gettime(clock: c_int, time: *mut TimeSpec) -> c_int;
    fn pthread_self() -> usize;
    fn pthread_atfork(prepare: Option<extern "C" fn()>, parent: Option<extern "C" fn()>, child: Option<extern "C" fn()>) -> c_int;
}

/// `SIGPROF`, which `ITIMER_PROF` raises.
const SIGPROF: c_int = 27;
const SA_SIGINFO: c_int = 4;
const SA_RESTART: c_int = 0x1000_0000;
const ITIMER_PROF: c_int = 2;
const CLOCK_PROCESS_CPUTIME_ID: c_int = 2;

/// A signal handler that receives the interrupted context
/// (`SA_SIGINFO`): the signal, its `siginfo_t` and its `ucontext_t`.
pub type SigInfoHandler = extern "C" fn(c_int, *mut c_void, *mut c_void);

/// The C library's `struct sigaction` (x86-64 and AArch64 glibc: the
/// handler, a 1024-bit mask, the flags, the restorer; 152 bytes).
#[repr(C)]
struct SigAction {
    handler: usize,
    mask: [u64; 16],
    flags: c_int,
    restorer: usize,
}

/// `struct timeval`.
#[repr(C)]
#[derive(Clone, Copy)]
struct TimeVal {
    sec: i64,
    usec: i64,
}

/// `struct timespec`.
#[repr(C)]
struct TimeSpec {
    sec: i64,
    nsec: i64,
}

/// `struct itimerval`: the reload interval and the time to the next
/// expiry.
#[repr(C)]
struct ITimerVal {
    interval: TimeVal,
    value: TimeVal,
}

/// Installs `handler` for `SIGPROF`, with `SA_SIGINFO` (it gets the
/// interrupted context) and `SA_RESTART` (interrupted system calls of the
/// program resume), blocking no other signal while it runs.
pub fn on_sigprof(handler: SigInfoHandler) -> Result<()> {
    let action = SigAction { handler: handler as usize, mask: [0; 16], flags: SA_SIGINFO | SA_RESTART, restorer: 0 };
    // SAFETY: `action` is a complete `struct sigaction`.
    check(unsafe { sigaction(SIGPROF, &action, core::ptr::null_mut()) }).map(drop)
}

/// Arms `ITIMER_PROF` to raise `SIGPROF` every `usec` microseconds of
/// the process's CPU time, or disarms it when `usec` is 0.
pub fn profiling_timer(usec: u64) -> Result<()> {
    let every = TimeVal { sec: (usec / 1_000_000) as i64, usec: (usec % 1_000_000) as i64 };
    let timer = ITimerVal { value: every, interval: every };
    // SAFETY: `timer` is a complete `struct itimerval`; the old value is
    // not wanted.
    check(unsafe { setitimer(ITIMER_PROF, &timer, core::ptr::null_mut()) }).map(drop)
}

/// The CPU time of the process, all threads together, in nanoseconds
/// (`CLOCK_PROCESS_CPUTIME_ID`; async-signal-safe). It leaves `errno`
/// as it was.
pub fn process_cpu_time_ns() -> u64 {
    let mut time = TimeSpec { sec: 0, nsec: 0 };
    // SAFETY: `__errno_location` returns the thread's `errno`, and `time`
    // is a complete `struct timespec`.
    unsafe {
        let errno = *__errno_location();
        let ok = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut time) == 0;
        *__errno_location() = errno;
        if ok {
            time.sec as u64 * 1_000_000_000 + time.nsec as u64
        } else {
            0
        }
    }
}

/// Registers `callback` to run in the child after every `fork`.
pub fn in_forked_children(callback: extern "C" fn()) -> Result<()> {
    // SAFETY: plain registration; `pthread_atfork` returns an error number.
    match unsafe { pthread_atfork(None, None, Some(callback)) } {
        0 => Ok(()),
        error => Err(Errno(error)),
    }
}

/// A failed call's `errno`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Errno(pub c_int);

pub type Result<T> = core::result::Result<T, Errno>;

impl Errno {
    /// The calling thread's current `errno`.
    pub(crate) fn last() -> Errno {
        // SAFETY: `__errno_location` returns the thread's `errno`.
        Errno(unsafe { *__errno_location() })
    }

    /// The C library's description (`strerror`).
    pub fn text(self) -> &'static [u8] {
        // SAFETY: `strerror` returns a NUL-terminated string that stays
        // valid until the next call; it is used at once.
        unsafe { c_bytes(strerror(self.0)) }
    }
}

/// The bytes of the NUL-terminated string at `text` (without the NUL).
///
/// # Safety
/// `text` is null or points at a NUL-terminated string that outlives the
/// use of the result.
unsafe fn c_bytes(text: *const c_char) -> &'static [u8] {
    if text.is_null() {
        return &[];
    }
    core::slice::from_raw_parts(text.cast(), strlen(text))
}

/// `bytes` followed by a NUL.
fn c_string(bytes: &[u8]) -> Vec<u8> {
    let mut c = Vec::with_capacity(bytes.len() + 1);
    c.extend_from_slice(bytes);
    c.push(0);
    c
}

/// `Ok(ret)`, or the `errno` if `ret` is negative.
fn check(ret: c_int) -> Result<c_int> {
    if ret < 0 {
        Err(Errno::last())
    } else {
        Ok(ret)
    }
}

/// An open file descriptor, closed when dropped (which releases a lock).
pub struct File(c_int);

impl File {
    /// Opens `path` with `flags` (and `O_CLOEXEC`), creating it with `mode` under `O_CREAT`.
    pub fn open(path: &[u8], flags: c_int, mode: u32) -> Result<File> {
        syscalls::open(c_string(path).as_ptr(), flags | O_CLOEXEC, mode).map(File)
    }

    /// Writes all of `bytes`.
    pub fn write_all(&self, bytes: &[u8]) -> Result<()> {
        write_all(self.0, bytes)
    }

    /// Appends the rest of the file to `out`.
    pub fn read_to_end(&self, out: &mut Vec<u8>) -> Result<()> {
        loop {
            out.reserve(16 * 1024);
            let spare = out.capacity() - out.len();
            // SAFETY: the `spare` bytes after `len` are allocated.
            match syscalls::read(self.0, unsafe { out.as_mut_ptr().add(out.len()) }, spare) {
                Ok(0) => return Ok(()),
                // SAFETY: `read` initialised the first `n` spare bytes.
                Ok(n) => unsafe { out.set_len(out.len() + n) },
                Err(Errno(EINTR)) => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Waits for an exclusive `flock` on the file.
    pub fn lock_exclusive(&self) -> Result<()> {
        loop {
            match syscalls::flock(self.0, LOCK_EX) {
                Err(Errno(EINTR)) => continue,
                result => return result,
            }
        }
    }

    /// The file's device and inode numbers.
    pub fn id(&self) -> Result<(u64, u64)> {
        let mut buf = Stat { dev: 0, ino: 0, rest: [0; 16] };
        syscalls::fstat(self.0, &mut buf).map(|_| (buf.dev, buf.ino))
    }
}

impl Drop for File {
    fn drop(&mut self) {
        syscalls::close(self.0);
    }
}

/// The device and inode numbers of the file that `path` names.
pub fn file_id(path: &[u8]) -> Result<(u64, u64)> {
    let mut buf = Stat { dev: 0, ino: 0, rest: [0; 16] };
    syscalls::stat(c_string(path).as_ptr(), &mut buf).map(|_| (buf.dev, buf.ino))
}

/// Renames `from` over `to`.
pub fn rename_file(from: &[u8], to: &[u8]) -> Result<()> {
    syscalls::rename(c_string(from).as_ptr(), c_string(to).as_ptr())
}

/// Removes the file `path`.
pub fn remove_file(path: &[u8]) -> Result<()> {
    syscalls::unlink(c_string(path).as_ptr())
}

/// Creates the directory `path` (mode 0777 before the umask).
pub fn make_dir(path: &[u8]) -> Result<()> {
    syscalls::mkdir(c_string(path).as_ptr(), 0o777)
}

/// The process id.
pub fn pid() -> u32 {
    syscalls::getpid()
}

/// The value of the environment variable `name`, if it is set.
pub fn env(name: &str) -> Option<&'static [u8]> {
    let name = c_string(name.as_bytes());
    // SAFETY: `name` is NUL-terminated; the program does not change its
    // environment while it exits.
    let value = unsafe { getenv(name.as_ptr().cast()) };
    // SAFETY: a non-null result is a NUL-terminated string.
    (!value.is_null()).then(|| unsafe { c_bytes(value) })
}

/// The calling thread, as `pthread_self` names it: never 0, and unique
/// among the threads alive at once. On x86-64 glibc `pthread_self` is the
/// thread control block's self pointer at `%fs:0x10`, read here without
/// the call (tracing reads it for every token).
#[cfg(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu"))]
pub fn thread_id() -> u64 {
    let id: u64;
    // SAFETY: glibc keeps the thread's own descriptor address at %fs:0x10
    // (`THREAD_SELF`) for every thread, the main one included.
    unsafe { core::arch::asm!("mov {}, qword ptr fs:[0x10]", out(reg) id, options(nostack, readonly, preserves_flags)) };
    id
}

/// The calling thread, as `pthread_self` names it.
#[cfg(not(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu")))]
pub fn thread_id() -> u64 {
    // SAFETY: `pthread_self` cannot fail.
    unsafe { pthread_self() as u64 }
}

/// Writes `bytes` on stderr, ignoring failures.
pub fn write_stderr(bytes: &[u8]) {
    let _ = write_all(2, bytes);
}

/// Writes all of `bytes` to `fd`, retrying after interruptions.
fn write_all(fd: c_int, mut bytes: &[u8]) -> Result<()> {
    while !bytes.is_empty() {
        match syscalls::write(fd, bytes.as_ptr(), bytes.len()) {
            // A zero-byte write of a non-empty buffer would loop forever.
            Ok(0) => return Err(Errno(EIO)),
            Ok(n) => bytes = &bytes[n.min(bytes.len())..],
            Err(Errno(EINTR)) => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}
