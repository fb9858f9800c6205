//! nissecc's profiling runtime (issue 3), a static library that the driver
//! links into instrumented programs.
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
//! Path profiles (`-fprofile-instr=path`) count small functions' paths in
//! their own arrays like counters, and larger functions' paths in a hash
//! table of the runtime (`path_table.rs`); either way only the paths that
//! ran are written.
//!
//! Errors never unwind into the program; they are printed to stderr with
//! the prefix `nisse-runtime:`.

mod exit_hook;
mod output_path;
mod path_table;
mod profile_file;
mod records;
mod report;
