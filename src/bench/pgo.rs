//! The profile-guided-optimization columns (issue 7): when nissecc
//! accepts `-fprofile-use=FILE`, each kernel with at least two inputs is
//! evaluated on its last listed input, the longest run by the manifest's
//! convention. It is built twice with `-fprofile-use`: with the naive
//! (exact) profile, values included (`-fprofile-values`), of that same
//! input, and with the profile of the input
//! listed before it, so that the profile and the measured run differ. Both
//! builds are measured against the plain `-O2` build by dynamic
//! instructions (callgrind) and by wall time (the median of paired runs,
//! alternating which build goes first), and both must print what `gcc -O1`
//! prints on every input. gcc's and clang's own PGO gains on the same
//! inputs are measured next to them ([`super::peer_pgo`]).

use super::builds::{Build, BASE, REFERENCE};
use super::callgrind;
use super::compare::run_difference;
use super::kernel::{profile_env, run};
use super::manifest::Kernel;
use super::own_functions::OwnFunctions;
use super::peer_pgo::{peer_gains, PeerGain};
use super::process::run_checked;
use super::timing::paired_wall_times;
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

/// The comparison of one `-fprofile-use` build with plain `-O2` on the
/// kernel's evaluation input.
#[derive(Clone, Debug, Default)]
pub struct PgoMeasure {
    /// The input the profile was collected on.
    pub trained_on: String,
    /// The input both builds were measured on.
    pub input: String,
    pub base_instructions: Option<u64>,
    pub pgo_instructions: Option<u64>,
    pub base_wall_ms: f64,
    pub pgo_wall_ms: f64,
}

/// A kernel's PGO results on its last listed input (the longest run in
/// the manifest's convention): with the profile of that same input, and
/// with the profile of the input listed before it.
#[derive(Clone, Debug, Default)]
pub struct PgoResult {
    /// The wall time of the same-input `-fprofile-use` build.
    pub compile_ms: f64,
    pub same: PgoMeasure,
    pub other: PgoMeasure,
    /// The plain build timed against itself in the same way (an A/A
    /// comparison): how far apart two identical builds' medians land,
    /// which is the noise floor of the wall-time speedups.
    pub base_vs_base_wall_ms: (f64, f64),
    /// gcc's and clang's PGO gains on the same inputs, by instructions
    /// ([`super::peer_pgo`]); empty without valgrind.
    pub peers: Vec<PeerGain>,
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
/// two inputs. Each `-fprofile-use` build must print what `gcc -O1`
/// prints on every input of the kernel.
pub fn bench_pgo(
    kernel: &Kernel,
    executables: &[(&Build, PathBuf)],
    settings: &PgoSettings,
    context: &BenchContext,
    dir: &Path,
) -> Result<Option<PgoResult>, Vec<String>> {
    let (other_input, evaluation) = match kernel.inputs.as_slice() {
        [.., other, last] => (other.clone(), last.clone()),
        _ => return Ok(None),
    };
    let fail = |what: String| vec![format!("{} [pgo]: {what}", kernel.name)];
    let find = |label: &str| executables.iter().find(|(b, _)| b.label == label).ok_or_else(|| fail(format!("no {label} build")));
    let (_, reference) = find(REFERENCE)?;
    let (_, base) = find(BASE)?;
    let (naive_build, _) = find("naive")?;
    // Trains on `input` and builds with the profile into `name`.
    // What `gcc -O1` prints on every input, and plain `-O2`'s instruction
    // count on the evaluation input: both builds are compared with them.
    let expected = kernel.inputs.iter().map(|input| run(reference, input, &[]).map_err(&fail)).collect::<Result<Vec<_>, _>>()?;
    let count = |exe: &Path| callgrind::measure(exe, &evaluation, &[], &OwnFunctions::default(), dir).map(|m| m.instructions).map_err(&fail);
    let base_instructions = if context.valgrind { Some(count(base)?) } else { None };
    // The training build: the naive build's counters, and the values of
    // divisors and switch operands (`-fprofile-values`) for the transforms
    // that read them.
    let training = dir.join("train");
    let mut command = Command::new(&context.toolchain.nissecc);
    command.args(["-O2", "-fprofile-instr=naive", "-fprofile-values"]).arg(&kernel.source).arg("-o").arg(&training);
    run_checked(command, Duration::from_secs(300), "nissecc -fprofile-values").map_err(&fail)?;
    let build = |input: &str, name: &str| -> Result<(PathBuf, Duration), Vec<String>> {
        let profile = dir.join(format!("{name}.prof"));
        let _ = std::fs::remove_file(&profile);
        run(&training, input, &profile_env(naive_build, &profile)).map_err(&fail)?;
        let optimized = dir.join(name);
        let mut command = Command::new(&context.toolchain.nissecc);
        command.arg("-O2").arg(format!("-fprofile-use={}", profile.display())).arg(&kernel.source).arg("-o").arg(&optimized);
        let (_, elapsed) = run_checked(command, Duration::from_secs(300), "nissecc -fprofile-use").map_err(&fail)?;
        for (input, expected) in kernel.inputs.iter().zip(&expected) {
            let actual = run(&optimized, input, &[]).map_err(&fail)?;
            if let Some(difference) = run_difference(expected, &actual) {
                return Err(fail(format!("trained on {name}, input {input}: output differs from {REFERENCE}: {difference}")));
            }
        }
        Ok((optimized, elapsed))
    };
    let measure = |optimized: &Path, trained_on: &str| -> Result<PgoMeasure, Vec<String>> {
        let mut result = PgoMeasure { trained_on: trained_on.to_string(), input: evaluation.clone(), ..PgoMeasure::default() };
        if context.valgrind {
            result.base_instructions = base_instructions;
            result.pgo_instructions = Some(count(optimized)?);
        }
        let (base_ms, pgo_ms) = paired_kernel_times(base, optimized, &evaluation, settings.timing_runs).map_err(&fail)?;
        result.base_wall_ms = base_ms;
        result.pgo_wall_ms = pgo_ms;
        Ok(result)
    };
    let (same_build, elapsed) = build(&evaluation, "pgo-same")?;
    let (other_build, _) = build(&other_input, "pgo-other")?;
    let same = measure(&same_build, &evaluation)?;
    let other = measure(&other_build, &other_input)?;
    let base_vs_base_wall_ms = paired_kernel_times(base, base, &evaluation, settings.timing_runs).map_err(&fail)?;
    let peers = if context.valgrind {
        peer_gains(kernel, executables, context, dir, (&other_input, &evaluation), &expected).map_err(&fail)?
    } else {
        Vec::new()
    };
    Ok(Some(PgoResult { compile_ms: elapsed.as_secs_f64() * 1000.0, same, other, base_vs_base_wall_ms, peers }))
}

/// The median wall times of `first` and `second` on `input`, in
/// milliseconds per run (see [`paired_wall_times`]).
fn paired_kernel_times(first: &Path, second: &Path, input: &str, runs: usize) -> Result<(f64, f64), String> {
    let timed = |exe: &Path| {
        let exe = exe.to_path_buf();
        move || -> Result<Duration, String> {
            let start = Instant::now();
            run(&exe, input, &[])?;
            Ok(start.elapsed())
        }
    };
    paired_wall_times(&mut timed(first), &mut timed(second), runs)
}
