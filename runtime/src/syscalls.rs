//! The file system calls that writing a profile needs, made without the C
//! library on x86-64 Linux: each C function the runtime calls costs the
//! dynamic loader a symbol lookup when it is first called, about 650
//! instructions, which is a large part of what profiling adds to a short
//! run (`docs/lean-runtime.md`). Elsewhere they are the C library's.
//!
//! Every function returns the call's result or its error number; paths are
//! NUL-terminated.

use crate::sys::{Errno, Result, Stat};
use core::ffi::c_int;

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
mod calls {
    use super::{c_int, Errno, Result, Stat};

    const READ: usize = 0;
    const WRITE: usize = 1;
    const OPEN: usize = 2;
    const CLOSE: usize = 3;
    const STAT: usize = 4;
    const FSTAT: usize = 5;
    const GETPID: usize = 39;
    const FLOCK: usize = 73;
    const RENAME: usize = 82;
    const MKDIR: usize = 83;
    const UNLINK: usize = 87;

    /// System call `number` with three arguments (unused ones 0), as the
    /// kernel returns it: a negative error number on failure.
    fn syscall(number: usize, a: usize, b: usize, c: usize) -> isize {
        let ret: isize;
        // SAFETY: the callers pass valid pointers for the call; the kernel
        // clobbers only `rcx` and `r11` besides `rax`.
        unsafe {
            core::arch::asm!(
                "syscall",
                inlateout("rax") number as isize => ret,
                in("rdi") a,
                in("rsi") b,
                in("rdx") c,
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
        ret
    }

    fn result(ret: isize) -> Result<usize> {
        if ret < 0 {
            Err(Errno(-ret as c_int))
        } else {
            Ok(ret as usize)
        }
    }

    pub fn open(path: *const u8, flags: c_int, mode: u32) -> Result<c_int> {
        result(syscall(OPEN, path as usize, flags as usize, mode as usize)).map(|fd| fd as c_int)
    }

    pub fn read(fd: c_int, buf: *mut u8, len: usize) -> Result<usize> {
        result(syscall(READ, fd as usize, buf as usize, len))
    }

    pub fn write(fd: c_int, buf: *const u8, len: usize) -> Result<usize> {
        result(syscall(WRITE, fd as usize, buf as usize, len))
    }

    pub fn close(fd: c_int) {
        syscall(CLOSE, fd as usize, 0, 0);
    }

    pub fn stat(path: *const u8, buf: *mut Stat) -> Result<()> {
        result(syscall(STAT, path as usize, buf as usize, 0)).map(drop)
    }

    pub fn fstat(fd: c_int, buf: *mut Stat) -> Result<()> {
        result(syscall(FSTAT, fd as usize, buf as usize, 0)).map(drop)
    }

    pub fn flock(fd: c_int, operation: c_int) -> Result<()> {
        result(syscall(FLOCK, fd as usize, operation as usize, 0)).map(drop)
    }

    pub fn rename(from: *const u8, to: *const u8) -> Result<()> {
        result(syscall(RENAME, from as usize, to as usize, 0)).map(drop)
    }

    pub fn mkdir(path: *const u8, mode: u32) -> Result<()> {
        result(syscall(MKDIR, path as usize, mode as usize, 0)).map(drop)
    }

    pub fn unlink(path: *const u8) -> Result<()> {
        result(syscall(UNLINK, path as usize, 0, 0)).map(drop)
    }

    pub fn getpid() -> u32 {
        syscall(GETPID, 0, 0, 0) as u32
    }
}

#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
mod calls {
    use super::{c_int, Errno, Result, Stat};
    use core::ffi::{c_char, c_void};

    extern "C" {
        #[link_name = "open"]
        fn c_open(path: *const c_char, flags: c_int, ...) -> c_int;
        #[link_name = "read"]
        fn c_read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
        #[link_name = "write"]
        fn c_write(fd: c_int, buf: *const c_void, count: usize) -> isize;
        #[link_name = "close"]
        fn c_close(fd: c_int) -> c_int;
        #[link_name = "stat"]
        fn c_stat(path: *const c_char, buf: *mut Stat) -> c_int;
        #[link_name = "fstat"]
        fn c_fstat(fd: c_int, buf: *mut Stat) -> c_int;
        #[link_name = "flock"]
        fn c_flock(fd: c_int, operation: c_int) -> c_int;
        #[link_name = "rename"]
        fn c_rename(old: *const c_char, new: *const c_char) -> c_int;
        #[link_name = "mkdir"]
        fn c_mkdir(path: *const c_char, mode: u32) -> c_int;
        #[link_name = "unlink"]
        fn c_unlink(path: *const c_char) -> c_int;
        #[link_name = "getpid"]
        fn c_getpid() -> c_int;
    }

    fn result(ret: isize) -> Result<usize> {
        if ret < 0 {
            Err(Errno::last())
        } else {
            Ok(ret as usize)
        }
    }

    // SAFETY (every call below): the callers pass valid pointers.
    pub fn open(path: *const u8, flags: c_int, mode: u32) -> Result<c_int> {
        result(unsafe { c_open(path.cast(), flags, mode) } as isize).map(|fd| fd as c_int)
    }

    pub fn read(fd: c_int, buf: *mut u8, len: usize) -> Result<usize> {
        result(unsafe { c_read(fd, buf.cast(), len) })
    }

    pub fn write(fd: c_int, buf: *const u8, len: usize) -> Result<usize> {
        result(unsafe { c_write(fd, buf.cast(), len) })
    }

    pub fn close(fd: c_int) {
        unsafe { c_close(fd) };
    }

    pub fn stat(path: *const u8, buf: *mut Stat) -> Result<()> {
        result(unsafe { c_stat(path.cast(), buf) } as isize).map(drop)
    }

    pub fn fstat(fd: c_int, buf: *mut Stat) -> Result<()> {
        result(unsafe { c_fstat(fd, buf) } as isize).map(drop)
    }

    pub fn flock(fd: c_int, operation: c_int) -> Result<()> {
        result(unsafe { c_flock(fd, operation) } as isize).map(drop)
    }

    pub fn rename(from: *const u8, to: *const u8) -> Result<()> {
        result(unsafe { c_rename(from.cast(), to.cast()) } as isize).map(drop)
    }

    pub fn mkdir(path: *const u8, mode: u32) -> Result<()> {
        result(unsafe { c_mkdir(path.cast(), mode) } as isize).map(drop)
    }

    pub fn unlink(path: *const u8) -> Result<()> {
        result(unsafe { c_unlink(path.cast()) } as isize).map(drop)
    }

    pub fn getpid() -> u32 {
        unsafe { c_getpid() as u32 }
    }
}

pub use calls::*;
