//! The programs tier of `nissecc-bench` (issue 15): bzip2, zlib, Lua and
//! SQLite, built through the real-programs harness (`crate::programs`)
//! with gcc `-O2` (the reference), clang `-O2` when clang is installed, and
//! nissecc `-O2`, each plain, instrumented for profiling, and optimized with a
//! profile of the training workload; every build is checked and measured
//! on the evaluation workload, a different one. It reports, side by side:
//! the plain builds' instructions and wall time against gcc's, the
//! instrumentation overhead of every nissecc strategy, of `clang
//! -fprofile-generate` and of gcc's `-fprofile-arcs` and
//! `-fprofile-generate`, the PGO gain of each compiler, and what each
//! build cost to compile (time and peak memory).
//!
//! The parts: [`builds`] says what is built; [`layout`] where; [`profiles`]
//! how each compiler's profiles are written and read back; [`compile`]
//! builds one; [`measure`] runs one (natively, under callgrind, timed);
//! [`bench_program`] puts them in order for one program; [`results`],
//! [`report`] and [`csv_file`] hold and write what was found.

pub mod bench_program;
pub mod builds;
pub mod compile;
pub mod csv_file;
pub mod layout;
pub mod measure;
pub mod profiles;
pub mod report;
pub mod results;

use super::options::Options;
use super::toolchain::{version_line, Toolchain};
use crate::programs::{ProgramId, WorkloadKind};
use bench_program::{bench_program, TierSettings};
use std::time::Instant;

/// Runs the tier on `programs`; `Err` carries the failures, one per line.
pub fn run(options: &Options, programs: &[ProgramId]) -> Result<(), String> {
    let started = Instant::now();
    let toolchain = Toolchain::discover()?;
    let valgrind = super::use_valgrind(options)?;
    if !toolchain.strategies.contains(&options.train_strategy) {
        return Err(format!("--train-strategy {}: nissecc's strategies are {}", options.train_strategy, toolchain.strategies.join(", ")));
    }
    let scratch = tempfile::Builder::new()
        .prefix("nissecc-bench-programs-")
        .tempdir()
        .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let pgo = !options.no_pgo && super::pgo::probe(&toolchain.nissecc, scratch.path());
    let (training, evaluation) =
        if options.quick { (WorkloadKind::Check, WorkloadKind::Check) } else { (WorkloadKind::Training, WorkloadKind::Evaluation) };
    let settings = TierSettings { training, evaluation, valgrind, timing_runs: options.timing_runs, jobs: options.jobs() };
    let builds = builds::all_builds(&toolchain, &options.train_strategy, pgo);
    let names: Vec<&str> = programs.iter().map(|id| id.name()).collect();
    let mut tools = vec![version_line("gcc")];
    tools.extend(toolchain.clang.iter().chain(&toolchain.llvm_profdata).map(|tool| version_line(&tool.display().to_string())));
    if valgrind {
        tools.push(version_line("valgrind"));
    }
    eprintln!(
        "nissecc-bench: programs tier: {}; {} builds each: {}; PGO: {}; training on {}, measuring on {}",
        names.join(", "),
        builds.len(),
        builds.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(", "),
        if pgo { "yes" } else if options.no_pgo { "skipped (--no-pgo)" } else { "skipped (nissecc does not accept -fprofile-use)" },
        training.name(),
        evaluation.name(),
    );
    let mut results = Vec::new();
    for &id in programs {
        results.push(bench_program(id, &builds, &settings, &toolchain, scratch.path())?);
    }
    let failures: Vec<String> = results.iter().flat_map(|r| r.failures()).collect();
    let report = format!(
        "## nissecc-bench: programs tier{}: {}\n\nTrained on the {} workload, measured on the {} workload; instructions from callgrind ({}), wall times the medians of {} paired samples. Tools: {}.\n\n{}\nWall time of the tier: {:.1} s on {} jobs.\n",
        if options.quick { " (quick)" } else { "" },
        names.join(", "),
        training.name(),
        evaluation.name(),
        if valgrind { "all steps" } else { "not measured: --no-valgrind" },
        options.timing_runs.max(1),
        tools.join("; "),
        report::tables(&results),
        started.elapsed().as_secs_f64(),
        options.jobs(),
    );
    print!("{report}");
    let out = options.out_dir();
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    std::fs::write(out.join("programs.md"), &report).map_err(|e| format!("cannot write programs.md: {e}"))?;
    csv_file::write_csv(&out, &results)?;
    eprintln!("nissecc-bench: wrote programs.md and programs.csv to {}", out.display());
    for failure in &failures {
        eprintln!("FAIL {failure}");
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} failure(s):\n{}", failures.len(), failures.join("\n")))
    }
}
