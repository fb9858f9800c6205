//! The library half of the root package: what its binaries (`nissecc`,
//! `nissecc-profdata`, `nissecc-bench`, `nissecc-fuzz`…) and the
//! integration tests in `tests/` share. The compiler's work is done in the
//! crates; here live the tools over its output (profdata's commands, the
//! bench, the real-programs harness, the fuzzer), here because the
//! integration tests drive them and can link only this package's library.

pub mod assembly_input;
pub mod bench;
pub mod fuzz;
pub mod gcc_flags;
pub mod profdata;
pub mod programs;
pub mod runtime_path;
