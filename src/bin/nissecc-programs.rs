//! `nissecc-programs`: builds the real programs of issue 15 (bzip2, zlib,
//! Lua, SQLite) with gcc and with nissecc, runs a workload with each build and
//! prints, per program and build, `built`, `build-failed` (with the first
//! errors), `output-matches` or `output-differs` (see
//! `nissecc::programs`). The gcc build is the reference; its own check
//! (bzip2's `.ref` files, the expected outputs) must pass too.

use clap::Parser;
use nissecc::programs::{build_and_run, Compiler, Config, Outcome, Program, ProgramId, RunOptions, Sources, WorkloadKind};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "nissecc-programs", about = "Build bzip2, zlib, Lua and SQLite with gcc and nissecc and compare their outputs")]
struct Options {
    /// The nissecc driver (default: the one next to this executable).
    #[arg(long)]
    nissecc: Option<PathBuf>,
    /// The reference compiler command.
    #[arg(long, default_value = "gcc")]
    gcc: String,
    /// The reference build's flags.
    #[arg(long, default_value = "-O2", allow_hyphen_values = true)]
    gcc_flags: String,
    /// The programs, comma-separated.
    #[arg(long, default_value = "bzip2,zlib,lua,sqlite")]
    programs: String,
    /// nissecc's optimization levels, comma-separated; each is one build.
    #[arg(long, default_value = "-O0,-O2", allow_hyphen_values = true)]
    opt: String,
    /// Profiling strategies (naive, ks, sese, path), comma-separated; each
    /// adds a build at -O2 with -fprofile-instr=STRATEGY.
    #[arg(long, default_value = "")]
    instr: String,
    /// The workload: check, training or evaluation.
    #[arg(long, default_value = "check")]
    workload: String,
    /// Where the builds and runs go.
    #[arg(long, default_value = "target/programs")]
    out: PathBuf,
    /// Compile commands run at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Print every error of every failed build, not only the first lines.
    #[arg(long)]
    errors: bool,
    /// Print only the source directories the crates provide, then stop.
    #[arg(long)]
    sources: bool,
}

fn main() -> ExitCode {
    match run(&Options::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("nissecc-programs: error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs everything; true when every build of every program matched.
fn run(options: &Options) -> Result<bool, String> {
    let sources = Sources::get()?;
    if options.sources {
        for id in ProgramId::ALL {
            println!("{:<6} {}", id.name(), Program::new(id, sources).source_dir.display());
        }
        return Ok(true);
    }
    let kind = WorkloadKind::from_name(&options.workload).ok_or_else(|| format!("unknown workload {}", options.workload))?;
    let programs = split(&options.programs)
        .map(|name| ProgramId::from_name(name).ok_or_else(|| format!("unknown program {name}")))
        .collect::<Result<Vec<_>, _>>()?;
    let nissecc = match &options.nissecc {
        Some(path) => path.clone(),
        None => std::env::current_exe().map_err(|e| e.to_string())?.with_file_name("nissecc"),
    };
    let nissecc = nissecc.display().to_string();
    let reference = Config {
        name: format!("gcc{}", options.gcc_flags.replace(' ', "")),
        compiler: Compiler::parse(&options.gcc)?,
        flags: options.gcc_flags.split_whitespace().map(str::to_string).collect(),
    };
    let mut configs = Vec::new();
    for opt in split(&options.opt) {
        configs.push(Config::new(&format!("nissecc{opt}"), Compiler::parse(&nissecc)?, &[opt]));
    }
    for strategy in split(&options.instr) {
        let flag = format!("-fprofile-instr={strategy}");
        configs.push(Config::new(&format!("nissecc-O2-{strategy}"), Compiler::parse(&nissecc)?, &["-O2", &flag]));
    }
    // Absolute, since the steps run in their own directories and the
    // profile file names below must not depend on that.
    let out = std::path::absolute(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
    let mut all_passed = true;
    for id in programs {
        let program = Program::new(id, sources);
        let run_options = RunOptions::default();
        let gcc = build_and_run(&program, &reference, kind, &out, options.jobs, &run_options, None)?;
        report(id, &reference.name, &gcc, options.errors);
        all_passed &= gcc.passed();
        let reference_output = gcc.output();
        for config in &configs {
            let mut run_options = RunOptions::default();
            if config.flags.iter().any(|flag| flag.starts_with("-fprofile-instr")) {
                // Every step's counts merged into one file per workload.
                let dir = config.build_dir(&out, &program);
                let _ = std::fs::remove_file(dir.join(format!("{}.nprof", kind.name())));
                let profile = dir.join(format!("{}%m.nprof", kind.name()));
                run_options.env.push(("NISSE_PROFILE_FILE".into(), profile.display().to_string()));
            }
            let outcome = build_and_run(&program, config, kind, &out, options.jobs, &run_options, reference_output)?;
            report(id, &config.name, &outcome, options.errors);
            all_passed &= outcome.passed() && reference_output.is_some();
        }
    }
    Ok(all_passed)
}

fn split(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|item| !item.is_empty())
}

/// One line per program and configuration, then the explanation.
fn report(id: ProgramId, config: &str, outcome: &Outcome, all_errors: bool) {
    let build = outcome.build();
    let built = if build.binary.is_some() { "built" } else { "build-failed" };
    let seconds = build.duration.as_secs_f64();
    let verdict = match outcome {
        Outcome::BuildFailed(_) => String::new(),
        _ => format!(" {}", outcome.verdict()),
    };
    let run_time = outcome.output().map(|output| format!(", ran in {:.2}s", output.duration().as_secs_f64())).unwrap_or_default();
    println!("{:<6} {:<22} {built}{verdict} (built in {seconds:.1}s{run_time})", id.name(), config);
    if let Outcome::BuildFailed(build) = outcome {
        if build.failed_units.len() > 1 || all_errors {
            println!("       failed units: {}", build.failed_units.join(" "));
        }
        let lines = if all_errors { build.diagnostics.iter().map(|d| format!("[{}] {d}", d.unit)).collect() } else { outcome.details(3) };
        for line in lines {
            println!("       {line}");
        }
    } else {
        for line in outcome.details(if all_errors { usize::MAX } else { 5 }) {
            println!("       {line}");
        }
    }
}
