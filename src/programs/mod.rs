//! The real programs of issue 15: bzip2, zlib, Lua and SQLite, whose C
//! sources come from the `bzip2-sys`, `libz-sys`, `lua-src` and
//! `libsqlite3-sys` crates (nothing of them is committed), built with
//! any compiler and run on fixed workloads whose outputs are compared byte
//! for byte between builds.
//!
//! The parts, one per module: [`sources`] fetches the crates and finds
//! their source directories; [`program`] describes how each program is
//! built; [`build`] builds one with a given compiler and flags in a scratch
//! directory and collects the compiler's diagnostics; [`workload`] defines
//! the check, training and evaluation workloads; [`inputs`] generates their
//! deterministic input files; [`run`] runs a workload and captures what it
//! wrote; [`outcome`] judges one build configuration on one workload
//! against a reference build; [`process`] runs child processes under a
//! time limit, and measures the CPU time and peak memory of the compiler
//! commands.
//!
//! The harness files of our own (the zlib driver, the Lua main and the Lua
//! scripts, the SQLite driver and its SQL scripts, the manifest that names
//! the crates) live in `tests/programs/`.

pub mod build;
pub mod inputs;
pub mod outcome;
pub mod process;
pub mod program;
pub mod run;
pub mod sources;
pub mod workload;

pub use build::{build, Build, Compiler, Diagnostic};
pub use outcome::{build_and_run, Config, Outcome};
pub use process::Usage;
pub use program::{Program, ProgramId};
pub use run::{compare_outputs, run_workload, RunOptions, StepOutput, WorkloadOutput};
pub use sources::{harness_dir, Sources};
pub use workload::{Workload, WorkloadKind};
