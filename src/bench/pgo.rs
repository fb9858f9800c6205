//! The profile-guided-optimization columns (issue 7): when nissecc
//! accepts `-fprofile-use=FILE`, each kernel with at least two inputs is
//! trained on its first input with the naive build (the exact profile),
//! rebuilt with `-fprofile-use`, and measured against the plain `-O2`
//! build on the training input and on its second input, by dynamic
//! instructions (callgrind) and by wall time (the median of paired runs,
//! alternating which build goes first). The optimized build's output must
//! still equal `gcc -O1`'s.

use super::builds::{Build, BASE, REFERENCE};
use super::callgrind;
use super::compare::run_difference;
use super::kernel::{profile_env, run};
use super::manifest::Kernel;
use super::own_functions::OwnFunctions;
use super::process::run_checked;
use super::BenchContext;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How the PGO columns are measured.
#[derive(Clone, Debug)]
pub struct PgoSettings {
    /// Wall-time runs of each build per input (the median is kept).
    pub timing_runs: usize,
}

/// One input's comparison of the `-fprofile-use` build with plain `-O2`.
#[derive(Clone, Debug, Default)]
pub struct PgoMeasure {
    pub input: String,
    pub base_instructions: Option<u64>,
    pub pgo_instructions: Option<u64>,
    pub base_wall_ms: f64,
    pub pgo_wall_ms: f64,
}

/// A kernel's PGO results: trained on `same.input`, measured there and on
/// `other.input`.
#[derive(Clone, Debug, Default)]
pub struct PgoResult {
    pub compile_ms: f64,
    pub same: PgoMeasure,
    pub other: PgoMeasure,
}

/// True when nissecc builds a small program with `-fprofile-use` and a
/// profile of it; false when it rejects the flag.
pub fn probe(nissecc: &Path, scratch: &Path) -> bool {
    let dir = scratch.join("pgo-probe");
    let source = dir.join("probe.c");
    let profile = dir.join("probe.prof");
    let attempt = || -> Result<(), String> {
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        std::fs::write(&source, "int main(int argc, char **argv) { int s = 0; for (int i = 0; i < argc; i++) s += i; return s; }\n")
            .map_err(|e| e.to_string())?;
        let compile = |flags: &[String], exe: &Path| {
            let mut command = Command::new(nissecc);
            command.args(flags).arg(&source).arg("-o").arg(exe);
            run_checked(command, Duration::from_secs(60), "nissecc").map(|_| ())
        };
        compile(&["-O2".into(), "-fprofile-instr=naive".into()], &dir.join("instr"))?;
        let mut command = Command::new(dir.join("instr"));
        command.env("NISSE_PROFILE_FILE", &profile);
        run_checked(command, Duration::from_secs(60), "probe")?;
        compile(&["-O2".into(), format!("-fprofile-use={}", profile.display())], &dir.join("opt"))
    };
    let supported = attempt().is_ok();
    let _ = std::fs::remove_dir_all(&dir);
    supported
}

/// Measures `-fprofile-use` on `kernel`, or `None` when it has fewer than
/// two inputs.
pub fn bench_pgo(
    kernel: &Kernel,
    executables: &[(&Build, PathBuf)],
    settings: &PgoSettings,
    context: &BenchContext,
    dir: &Path,
) -> Result<Option<PgoResult>, Vec<String>> {
    let (train, other) = match kernel.inputs.as_slice() {
        [first, second, ..] => (first.clone(), second.clone()),
        _ => return Ok(None),
    };
    let fail = |what: String| vec![format!("{} [pgo]: {what}", kernel.name)];
    let find = |label: &str| executables.iter().find(|(b, _)| b.label == label).ok_or_else(|| fail(format!("no {label} build")));
    let (_, reference) = find(REFERENCE)?;
    let (_, base) = find(BASE)?;
    let (naive_build, naive) = find("naive")?;
    let profile = dir.join("pgo-train.prof");
    let _ = std::fs::remove_file(&profile);
    run(naive, &train, &profile_env(naive_build, &profile)).map_err(&fail)?;
    let optimized = dir.join("pgo");
    let mut command = Command::new(&context.toolchain.nissecc);
    command.arg("-O2").arg(format!("-fprofile-use={}", profile.display())).arg(&kernel.source).arg("-o").arg(&optimized);
    let (_, elapsed) = run_checked(command, Duration::from_secs(300), "nissecc -fprofile-use").map_err(&fail)?;
    let measure = |input: &str| -> Result<PgoMeasure, Vec<String>> {
        let expected = run(reference, input, &[]).map_err(&fail)?;
        let actual = run(&optimized, input, &[]).map_err(&fail)?;
        if let Some(difference) = run_difference(&expected, &actual) {
            return Err(fail(format!("input {input}: output differs from {REFERENCE}: {difference}")));
        }
        let mut result = PgoMeasure { input: input.to_string(), ..PgoMeasure::default() };
        if context.valgrind {
            let count = |exe: &Path| callgrind::measure(exe, input, &[], &OwnFunctions::default(), dir).map(|m| m.instructions).map_err(&fail);
            result.base_instructions = Some(count(base)?);
            result.pgo_instructions = Some(count(&optimized)?);
        }
        let (base_ms, pgo_ms) = paired_wall_times(base, &optimized, input, settings.timing_runs).map_err(&fail)?;
        result.base_wall_ms = base_ms;
        result.pgo_wall_ms = pgo_ms;
        Ok(result)
    };
    let same = measure(&train)?;
    let other = measure(&other)?;
    Ok(Some(PgoResult { compile_ms: elapsed.as_secs_f64() * 1000.0, same, other }))
}

/// The median wall times, in milliseconds, of `runs` runs of each
/// program, interleaved so that both see the same machine load; the
/// order within each pair alternates.
fn paired_wall_times(first: &Path, second: &Path, input: &str, runs: usize) -> Result<(f64, f64), String> {
    let time = |exe: &Path| -> Result<f64, String> {
        let start = Instant::now();
        run(exe, input, &[])?;
        Ok(start.elapsed().as_secs_f64() * 1000.0)
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for round in 0..runs.max(1) {
        if round % 2 == 0 {
            a.push(time(first)?);
            b.push(time(second)?);
        } else {
            b.push(time(second)?);
            a.push(time(first)?);
        }
    }
    Ok((super::summary::median(&a), super::summary::median(&b)))
}
