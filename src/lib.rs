//! The library half of the root package: what the driver binaries
//! (`nissecc`, `nissecc-profdata`) share. Like the binaries, it stays thin;
//! the work is done in the crates.

pub mod assembly_input;
pub mod bench;
pub mod fuzz;
pub mod gcc_flags;
pub mod profdata;
pub mod programs;
pub mod runtime_path;
