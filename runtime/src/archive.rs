//! What only the archive needs, compiled only under `--cfg nisse_archive`
//! (the root package's `build.rs` builds the archive with it; the rlib
//! that cargo builds for the unit tests lives inside std's world and must
//! not define these): the panic handler and the global allocator.

use crate::sys;
use core::alloc::{GlobalAlloc, Layout};
use core::ffi::{c_int, c_void};

/// A panic (a bug in the runtime, or memory exhausted) reports and aborts
/// without formatting anything: the message would pull `core::fmt` in.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    sys::write_stderr(b"nisse-runtime: internal error\n");
    // SAFETY: `abort` may be called at any time.
    unsafe { abort() }
}

extern "C" {
    fn abort() -> !;
    fn malloc(size: usize) -> *mut c_void;
    fn calloc(count: usize, size: usize) -> *mut c_void;
    fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
    fn posix_memalign(out: *mut *mut c_void, align: usize, size: usize) -> c_int;
}

/// The alignment that `malloc` guarantees on x86-64 and AArch64 glibc.
const MALLOC_ALIGN: usize = 16;

/// The C library's allocator, so that the runtime's memory is the
/// program's, and no allocator of its own is linked in.
struct Malloc;

unsafe impl GlobalAlloc for Malloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            return malloc(layout.size()).cast();
        }
        let mut ptr = core::ptr::null_mut();
        if posix_memalign(&mut ptr, layout.align(), layout.size()) != 0 {
            return core::ptr::null_mut();
        }
        ptr.cast()
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            return calloc(1, layout.size()).cast();
        }
        let ptr = self.alloc(layout);
        if !ptr.is_null() {
            core::ptr::write_bytes(ptr, 0, layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _: Layout) {
        free(ptr.cast());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            return realloc(ptr.cast(), new_size).cast();
        }
        // `realloc` would lose the alignment: copy by hand.
        let new = self.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
        if !new.is_null() {
            core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
            free(ptr.cast());
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Malloc = Malloc;
