//! nissecc's profiling runtime (issues 3 and 18), a static library,
//! `libnissecc_runtime.a`, that the driver links into instrumented
//! programs.
//!
//! Instrumented code keeps its counters (`u64`) in its own data and
//! describes each function with a record in the `nisse_records` section
//! (see [`nissecc_profile_format::abi`]); the runtime never allocates a
//! counter and needs no registration code in the user program. A
//! constructor registers an `atexit` handler, so when the program returns
//! from `main` or calls `exit()`, from however deep in the call stack, the
//! runtime flushes stdio and writes the counters of every record to the
//! profile file:
//!
//! - `NISSE_PROFILE_FILE` names the file, `default.nprof` in the working
//!   directory by default; `%p` in it expands to the process id and `%m`
//!   merges this run into the file under an exclusive lock, so that
//!   concurrent processes lose nothing (see [`output_path`] and
//!   [`profile_file`]);
//! - a program that ends by `_exit`, `abort` or a fatal signal runs no
//!   `atexit` handler and writes no profile;
//! - a child created by `fork` inherits the counters counted so far and
//!   writes them again when it exits, so under `%m` a forking program
//!   counts the code before the fork once per process.
//!
//! Sampled programs (`-fprofile-sample`) update no counter themselves: the
//! runtime samples the program counter on a CPU-time timer and counts
//! each sample in its block's counter ([`sampler`]).
//!
//! Path profiles (`-fprofile-instr=path`) count small functions' paths in
//! their own arrays like counters, and larger functions' paths in a
//! lock-free hash table of the runtime ([`path_table`]); either way only
//! the paths that ran are written.
//!
//! Tracing builds (`-fprofile-instr=trace`) append tokens to a buffer
//! that goes to a trace file next to the profile ([`trace`]).
//!
//! Errors never unwind into the program; they are printed to stderr with
//! the prefix `nisse-runtime:`.
//!
//! # A small archive, as LLVM's
//!
//! The model is LLVM's profile runtime (compiler-rt's `lib/profile`,
//! `InstrProfiling*.c`): plain C against the C library, a few kilobytes in
//! the program, no dynamic relocations to speak of, and exit-time work
//! proportional to the counters written. A runtime that used Rust's
//! standard library cost an instrumented empty program 2,000 dynamic
//! relocations, `libgcc_s` (for unwinding) and five times the
//! instructions that clang's runtime adds, mostly in the dynamic loader
//! (issue 18). So this crate is `no_std`:
//!
//! - it needs `alloc` only, and calls the C library through functions
//!   declared by hand ([`sys`]); the allocator is `malloc`;
//! - no message goes through `core::fmt`: messages are byte pieces
//!   ([`nissecc_profile_format::text`]), so that formatting machinery is
//!   not linked in;
//! - the path table needs neither locks nor thread-local storage;
//! - the archive is built by the root package's `build.rs` with
//!   `panic=abort` and fat LTO, which leaves only what is used, and with
//!   `--cfg nisse_archive`, which adds the panic handler and the global
//!   allocator (`archive.rs`). Cargo builds this crate only as an rlib for
//!   its unit tests, which run with std (`cfg(test)`).

#![cfg_attr(not(test), no_std)]
// Fat LTO merges in core's bitcode, whose module flag `RtLibUseGOT` (core
// is built for full RELRO) makes LLVM mark every C library function it
// knows `nonlazybind`, so that each is called through the GOT and bound
// eagerly at start-up: one symbol lookup per function, ~20 of them, on
// every run. `no_builtins` keeps LLVM from treating this crate's C calls
// as known library functions, so that they go through the PLT (with
// `-Crelro-level=partial`) and bind lazily, on the first call at exit.
#![cfg_attr(nisse_archive, no_builtins)]

extern crate alloc;

#[cfg(nisse_archive)]
mod archive;
mod exit_hook;
mod output_path;
mod path_table;
mod profile_file;
mod records;
mod report;
mod sampler;
mod sys;
mod syscalls;
mod trace;
mod value_sites;
