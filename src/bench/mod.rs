//! `nissecc-bench`: the benchmark of issue 6. It compiles every selected
//! jotai-subset kernel with `gcc -O1` (the reference output), `gcc -O2`,
//! nissecc `-O2` without and with every profiling strategy the compiler
//! lists, and clang's `-fprofile-generate` when clang is installed; runs
//! every input; fails on any output or profile mismatch; measures
//! dynamic and distinct instructions under callgrind, code size and
//! compile time; and reports them in the layout of Figure 13 of Frenot &
//! Pereira, "Reusing Affine Variables to Reduce the Cost of Exact
//! Profiling" (CC'24, §4.1–4.4), with CSV files and box plots like its
//! Figures 9–11, the prevalence statistics of its §4.2, and the PGO
//! columns of issue 7 when nissecc accepts `-fprofile-use`. Its programs
//! tier ([`programs`], `--tier programs`) does the same for the real
//! programs of issue 15 against gcc and clang: plain builds,
//! instrumentation overhead, PGO gain and compile cost. Its inference
//! tier ([`inference`], `--tier inference`) measures profile inference
//! against exact profiles (issue 17).

pub mod builds;
pub mod callgrind;
pub mod code_size;
pub mod compare;
pub mod csv_files;
pub mod fixed_cost;
pub mod inference;
pub mod kernel;
pub mod manifest;
pub mod options;
pub mod parallel;
pub mod peer_pgo;
pub mod own_functions;
pub mod pgo;
pub mod plots;
pub mod profiler_overhead;
pub mod process;
pub mod programs;
pub mod report;
pub mod results;
pub mod scale;
pub mod summary;
pub mod timing;
pub mod toolchain;
pub mod tpp;
pub mod tracing;

use builds::Build;
use indicatif::{ProgressBar, ProgressStyle};
use options::{Options, Tier};
use results::KernelOutcome;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use toolchain::Toolchain;

/// What every kernel job shares.
pub struct BenchContext {
    pub toolchain: Toolchain,
    pub builds: Vec<Build>,
    pub valgrind: bool,
    /// Set when nissecc accepts `-fprofile-use` and PGO is not turned off.
    pub pgo: Option<pgo::PgoSettings>,
    /// The run's scratch directory (removed at the end).
    pub scratch: PathBuf,
}

/// Runs the benchmark's tiers; `Err` carries the failures (or the reason
/// it could not start), one per line.
pub fn run(options: &Options) -> Result<(), String> {
    let programs = options.program_ids()?;
    match options.tier {
        Tier::Kernels => run_kernel_tier(options),
        Tier::Programs => programs::run(options, &programs),
        Tier::Scale => scale::run(options),
        Tier::Inference => inference::run(options),
        Tier::Tracing => tracing::run(options),
        Tier::Tpp => tpp::run(options),
        Tier::All => {
            let errors: Vec<String> = [run_kernel_tier(options), programs::run(options, &programs)].into_iter().filter_map(Result::err).collect();
            if errors.is_empty() {
                Ok(())
            } else {
                Err(errors.join("\n"))
            }
        }
    }
}

/// Whether to measure under valgrind: unless `--no-valgrind`, valgrind
/// must be installed.
fn use_valgrind(options: &Options) -> Result<bool, String> {
    let valgrind = !options.no_valgrind;
    if valgrind && std::process::Command::new("valgrind").arg("--version").output().is_err() {
        return Err("valgrind is not installed (install it, or pass --no-valgrind for a correctness-only run)".into());
    }
    Ok(valgrind)
}

/// The kernel tier: every selected kernel, every build.
fn run_kernel_tier(options: &Options) -> Result<(), String> {
    let started = Instant::now();
    let toolchain = Toolchain::discover()?;
    let mut kernels = manifest::read_manifest(&options.kernels_dir())?;
    if let Some(filter) = &options.filter {
        kernels = manifest::filter(kernels, filter);
    }
    if options.quick {
        kernels = manifest::quick_sample(kernels);
    }
    if kernels.is_empty() {
        return Err("no kernel matches the selection".into());
    }
    let valgrind = use_valgrind(options)?;
    let scratch = tempfile::Builder::new().prefix("nissecc-bench-").tempdir().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let pgo_supported = !options.no_pgo && pgo::probe(&toolchain.nissecc, scratch.path());
    let context = BenchContext {
        builds: builds::all_builds(&toolchain),
        toolchain,
        valgrind,
        pgo: pgo_supported.then_some(pgo::PgoSettings { timing_runs: options.timing_runs }),
        scratch: scratch.path().to_path_buf(),
    };
    let inputs: usize = kernels.iter().map(|k| k.selected.len()).sum();
    eprintln!(
        "nissecc-bench: {} kernels, {inputs} inputs; strategies: {}; valgrind: {}; clang peer: {}; PGO: {}",
        kernels.len(),
        context.toolchain.strategies.join(", "),
        if valgrind { "yes" } else { "no (--no-valgrind)" },
        context.toolchain.clang.as_ref().map_or("skipped (no clang-19 or clang on PATH)".to_string(), |c| c.display().to_string()),
        if pgo_supported { "yes" } else if options.no_pgo { "skipped (--no-pgo)" } else { "skipped (nissecc does not accept -fprofile-use)" },
    );
    let outcomes = run_kernels(&kernels, &context, options.jobs());
    let failures: Vec<String> = outcomes.iter().flat_map(|o| o.failures.iter().cloned()).collect();
    let results: Vec<_> = outcomes.into_iter().map(|o| o.result).collect();
    let elapsed = started.elapsed();
    let mut report = format!(
        "## nissecc-bench: {} kernels, {inputs} inputs{}\n\n{}\n### Prevalence (`nissecc --stats=json`)\n\n{}",
        results.len(),
        if options.quick { " (quick sample)" } else { "" },
        report::figure13(&results, &context.builds),
        report::prevalence_table(&results, &context.toolchain.strategies),
    );
    report.push_str(&format!("\n### Exact profilers: instrumented ÷ the same compiler's -O2, per kernel\n\n{}", profiler_overhead::table(&results, &context.builds)));
    report.push_str(&format!("\n### Plain code: nissecc -O2 ÷ gcc -O2 and ÷ clang -O2, per kernel\n\n{}", profiler_overhead::plain_table(&results, &context.builds)));
    if valgrind {
        let table = fixed_cost::table(&context.builds, &context.toolchain.nissecc, &context.scratch.join("fixed-cost"))?;
        report.push_str(&format!("\n### Fixed cost: an empty main under each profiler\n\n{table}"));
    }
    if let Some(pgo) = report::pgo_table(&results) {
        report.push_str(&format!("\n### PGO: plain -O2 ÷ -O2 -fprofile-use (above 1 is faster)\n\n{pgo}"));
    }
    report.push_str(&format!("\nWall time of the run: {:.1} s on {} jobs.\n", elapsed.as_secs_f64(), options.jobs()));
    print!("{report}");
    if options.per_kernel {
        print!("\n### Per-kernel dynamic-instruction ratios\n\n{}", report::per_kernel_table(&results, &context.builds));
    }
    let out = options.out_dir();
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    std::fs::write(out.join("summary.md"), &report).map_err(|e| format!("cannot write summary.md: {e}"))?;
    csv_files::write_csv(&out, &results, &context.builds)?;
    let plots = plots::write_plots(&out, &results, &context.builds)?;
    eprintln!("nissecc-bench: wrote summary.md, CSV files and {} plots to {}", plots.len(), out.display());
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} failure(s):\n{}", failures.len(), failures.join("\n")))
    }
}

/// Benchmarks the kernels on `jobs` threads, with a progress bar, and
/// returns the outcomes in the kernels' order.
fn run_kernels(kernels: &[manifest::Kernel], context: &BenchContext, jobs: usize) -> Vec<KernelOutcome> {
    let bar = ProgressBar::new(kernels.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} kernels {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Option<KernelOutcome>>> = Mutex::new(vec![None; kernels.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(kernel) = kernels.get(index) else { break };
                let outcome = kernel::bench_kernel(kernel, context);
                // `suspend` prints even when the bar is hidden (stderr is
                // not a terminal), unlike `println`.
                for failure in &outcome.failures {
                    bar.suspend(|| eprintln!("FAIL {failure}"));
                }
                bar.set_message(kernel.name.clone());
                bar.inc(1);
                outcomes.lock().expect("no job panicked")[index] = Some(outcome);
            });
        }
    });
    bar.finish_and_clear();
    outcomes.into_inner().expect("no job panicked").into_iter().map(|o| o.expect("every kernel ran")).collect()
}
