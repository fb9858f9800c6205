//! Benchmarking one kernel: compile it every way, run every selected
//! input natively and check the output against `gcc -O1` and every
//! strategy's profile against the naive one, then measure each build under
//! callgrind.

use super::builds::{Build, Compiler, REFERENCE};
use super::callgrind;
use super::code_size::code_size;
use super::compare::{profile_counts, profile_difference, run_difference};
use super::manifest::Kernel;
use super::own_functions::OwnFunctions;
use super::pgo;
use super::process::{run_checked, run_with_limit, RunResult};
use super::results::{BuildResult, KernelOutcome, KernelResult};
use super::BenchContext;
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// How long a compiler may take on one kernel.
const COMPILE_LIMIT: Duration = Duration::from_secs(300);
/// How long one native run may take.
pub const RUN_LIMIT: Duration = Duration::from_secs(120);

/// Benchmarks `kernel`; problems are collected, not returned, so that one
/// broken build does not hide the others.
pub fn bench_kernel(kernel: &Kernel, context: &BenchContext) -> KernelOutcome {
    let dir = context.scratch.join(&kernel.name);
    let mut outcome = KernelOutcome {
        result: KernelResult {
            name: kernel.name.clone(),
            tags: kernel.tags.clone(),
            long: kernel.long,
            inputs: kernel.selected.clone(),
            ..KernelResult::default()
        },
        failures: Vec::new(),
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        outcome.failures.push(format!("{}: cannot create {}: {e}", kernel.name, dir.display()));
        return outcome;
    }
    let mut executables: Vec<(&Build, PathBuf)> = Vec::new();
    for build in &context.builds {
        match compile(kernel, build, &context.toolchain.nissecc, &dir) {
            Ok(compiled) => {
                if let Some(stats) = compiled.stats {
                    outcome.result.stats.insert(build.label.clone(), stats);
                }
                outcome.result.builds.insert(build.label.clone(), BuildResult { compile_ms: compiled.millis, ..BuildResult::default() });
                executables.push((build, compiled.exe));
            }
            Err(e) => outcome.failures.push(format!("{} [{}]: {e}", kernel.name, build.label)),
        }
    }
    if !executables.iter().any(|(b, _)| b.label == REFERENCE) {
        let _ = std::fs::remove_dir_all(&dir);
        return outcome;
    }
    let own = own_functions(&outcome.result.stats);
    for (build, exe) in &executables {
        match code_size(exe, &own) {
            Ok(size) => outcome.result.builds.get_mut(&build.label).expect("compiled").size = size,
            Err(e) => outcome.failures.push(format!("{} [{}]: {e}", kernel.name, build.label)),
        }
    }
    for input in &kernel.selected {
        if let Err(e) = check_input(kernel, input, &executables, context, &dir) {
            outcome.failures.extend(e);
        }
    }
    if context.valgrind {
        let mut addresses: BTreeMap<String, HashSet<u64>> = BTreeMap::new();
        for input in &kernel.selected {
            for (build, exe) in &executables {
                let env = profile_env(build, &dir.join(format!("measured.{}.prof", build.label)));
                match callgrind::measure(exe, input, &env, &own, &dir) {
                    Ok(measurement) => {
                        let result = outcome.result.builds.get_mut(&build.label).expect("compiled");
                        result.instructions.push((input.clone(), measurement.instructions));
                        result.own_instructions = Some(result.own_instructions.unwrap_or(0) + measurement.own_instructions);
                        addresses.entry(build.label.clone()).or_default().extend(measurement.addresses);
                    }
                    Err(e) => outcome.failures.push(format!("{} input {input} [{}]: {e}", kernel.name, build.label)),
                }
            }
        }
        for (label, set) in addresses {
            outcome.result.builds.get_mut(&label).expect("compiled").distinct = Some(set.len());
        }
    }
    if let Some(pgo) = &context.pgo {
        match pgo::bench_pgo(kernel, &executables, pgo, context, &dir) {
            Ok(result) => outcome.result.pgo = result,
            Err(e) => outcome.failures.extend(e),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

/// A compiled build of a kernel.
struct Compiled {
    exe: PathBuf,
    millis: f64,
    /// `--stats=json` of an instrumented nissecc build.
    stats: Option<Value>,
}

/// Compiles `kernel` as `build` into `dir`.
fn compile(kernel: &Kernel, build: &Build, nissecc: &Path, dir: &Path) -> Result<Compiled, String> {
    let exe = dir.join(&build.label);
    let command = compile_command(build, nissecc, &kernel.source, &exe);
    let (output, elapsed) = run_checked(command, COMPILE_LIMIT, &format!("compiling with {}", build.flags.join(" ")))?;
    let stats = if build.strategy.is_some() { Some(stats_json(&output.stderr)?) } else { None };
    Ok(Compiled { exe, millis: elapsed.as_secs_f64() * 1000.0, stats })
}

/// The command that compiles `source` into `exe` as `build`.
pub fn compile_command(build: &Build, nissecc: &Path, source: &Path, exe: &Path) -> Command {
    let mut command = match &build.compiler {
        Compiler::Gcc => Command::new("gcc"),
        Compiler::Clang(clang) => Command::new(clang),
        Compiler::Nissecc => Command::new(nissecc),
    };
    if build.compiler != Compiler::Nissecc {
        command.args(["-w", "-std=gnu11"]);
    }
    command.args(&build.flags).arg(source).arg("-o").arg(exe);
    if build.compiler != Compiler::Nissecc {
        command.arg("-lm");
    }
    command
}

/// The `--stats=json` line of nissecc's stderr.
fn stats_json(stderr: &[u8]) -> Result<Value, String> {
    let text = String::from_utf8_lossy(stderr);
    let line = text.lines().rev().find(|l| l.starts_with('{')).ok_or_else(|| format!("nissecc printed no --stats=json line:\n{text}"))?;
    serde_json::from_str(line).map_err(|e| format!("bad --stats=json line ({e}): {line}"))
}

/// The functions the kernel's source defines: those every instrumented
/// build reports (all of them are instrumented).
fn own_functions(stats: &BTreeMap<String, Value>) -> OwnFunctions {
    let names = stats
        .values()
        .filter_map(|s| s.get("functions").and_then(Value::as_array))
        .flatten()
        .filter_map(|f| f.get("name").and_then(Value::as_str))
        .map(str::to_string);
    OwnFunctions::new(names)
}

/// The environment that sends an instrumented build's profile to `file`.
pub fn profile_env(build: &Build, file: &Path) -> Vec<(String, String)> {
    build.profile_env.map(|output| output.env(file)).unwrap_or_default()
}

/// Runs `exe input` natively.
pub fn run(exe: &Path, input: &str, env: &[(String, String)]) -> Result<RunResult, String> {
    let mut command = Command::new(exe);
    command.arg(input).envs(env.iter().map(|(k, v)| (k, v)));
    let output = run_with_limit(command, RUN_LIMIT, &format!("running {} {input}", exe.display()))?;
    Ok(RunResult { stdout: output.stdout, status: output.status.code() })
}

/// Runs one input of every build natively: each must print what `gcc -O1`
/// prints, and each strategy's profile must equal the naive one.
fn check_input(kernel: &Kernel, input: &str, executables: &[(&Build, PathBuf)], context: &BenchContext, dir: &Path) -> Result<(), Vec<String>> {
    let mut failures = Vec::new();
    let (_, reference_exe) = executables.iter().find(|(b, _)| b.label == REFERENCE).expect("reference compiled");
    let reference = run(reference_exe, input, &[]).map_err(|e| vec![format!("{} input {input} [{REFERENCE}]: {e}", kernel.name)])?;
    let mut profiles: Vec<(String, PathBuf)> = Vec::new();
    for (build, exe) in executables.iter().filter(|(b, _)| b.label != REFERENCE) {
        let profile = dir.join(format!("{}.{input}.prof", build.label));
        let _ = std::fs::remove_file(&profile);
        match run(exe, input, &profile_env(build, &profile)) {
            Ok(actual) => match run_difference(&reference, &actual) {
                Some(difference) => failures.push(format!("{} input {input} [{}]: output differs from {REFERENCE}: {difference}", kernel.name, build.label)),
                None => {
                    if let Some(strategy) = &build.strategy {
                        profiles.push((strategy.clone(), profile));
                    }
                }
            },
            Err(e) => failures.push(format!("{} input {input} [{}]: {e}", kernel.name, build.label)),
        }
    }
    let profdata = &context.toolchain.profdata;
    if let Some((_, naive_file)) = profiles.iter().find(|(s, _)| s == "naive") {
        match profile_counts(profdata, "naive", naive_file) {
            Ok(naive) => {
                for (strategy, file) in profiles.iter().filter(|(s, _)| s != "naive") {
                    let difference = profile_counts(profdata, strategy, file).map(|counts| profile_difference(&naive, strategy, &counts));
                    match difference {
                        Ok(None) => {}
                        Ok(Some(d)) => failures.push(format!("{} input {input} [{strategy}]: profile differs from naive: {d}", kernel.name)),
                        Err(e) => failures.push(format!("{} input {input} [{strategy}]: {e}", kernel.name)),
                    }
                }
            }
            Err(e) => failures.push(format!("{} input {input} [naive]: {e}", kernel.name)),
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}
