//! The targeted path profiling oracle (issue 16; Joshi, Bond & Zilles,
//! "Targeted Path Profiling"): every program in `tests/c/` (single files,
//! the stress and `longjmp` programs, the multi-file programs) and every
//! jotai-subset kernel is built with `-fprofile-instr=naive`,
//! `-fprofile-instr=path` (Ball–Larus) and `-fprofile-instr=tpp` trained
//! on the naive profile of the first input. On every input, the TPP build
//! must print what the naive build prints, and its profile must agree
//! exactly with the Ball–Larus profile of the same input, split at TPP's
//! cuts (`tpp::compare::check_against`): every counted path has
//! Ball–Larus's count and every hot path ending at a counting point is
//! counted; the cold slot holds the flow of the cold paths; on the
//! training input, every path TPP derives from the edge profile has
//! Ball–Larus's count too. On the other inputs only the counted paths and
//! the cold slot must be exact.

mod common;

use common::*;
use nissecc_midend::instrument::path::numbering::number;
use nissecc_midend::instrument::tpp::analysis::TargetedPaths;
use nissecc_midend::instrument::tpp::compare::{check_against, split_ball_larus, Reported};
use nissecc_midend::profile::{decode_descriptor, FlowGraph, Strategy};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const LEVEL: &str = "-O2";

/// Runs `exe` with `args`, its profile going to `profile`; a complaint of
/// the runtime is a failure.
fn run_with_profile(exe: &Path, args: &[&str], profile: &Path) -> Result<RunResult, String> {
    let _ = std::fs::remove_file(profile);
    let mut cmd = Command::new(exe);
    cmd.args(args).env("NISSE_PROFILE_FILE", profile);
    let out = run_with_timeout(cmd, Duration::from_secs(60))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some(complaint) = stderr.lines().find(|l| l.starts_with("nisse-runtime:")) {
        return Err(complaint.to_string());
    }
    Ok(RunResult { stdout: out.stdout, status: out.status.code() })
}

fn read_profile(path: &Path) -> Result<nissecc_profile_format::Profile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    nissecc_profile_format::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks every function of the TPP profile `tpp` against the Ball–Larus
/// profile `path` of the same input, and returns how many paths were
/// compared.
fn check_profiles(tpp: &Path, path: &Path, same_input: bool) -> Result<usize, String> {
    let (tpp, path) = (read_profile(tpp)?, read_profile(path)?);
    let mut compared = 0;
    for function in &tpp.functions {
        let what = |e: String| format!("function `{}`: {e}", function.name);
        let descriptor = decode_descriptor(&function.descriptor).map_err(what)?;
        if descriptor.strategy != Strategy::Tpp {
            return Err(what(format!("a {} descriptor in a tpp build", descriptor.strategy)));
        }
        let graph = FlowGraph::new(&descriptor.shape);
        let paths = TargetedPaths::new(&graph, &descriptor.targeted);
        let reported = Reported::of(&paths, &function.paths).map_err(what)?;
        let reference_paths = path.function(&function.name).map(|f| f.paths.clone()).unwrap_or_default();
        let reference = split_ball_larus(&paths, &number(&graph), &reference_paths).map_err(what)?;
        check_against(&paths, &reported, &reference, same_input).map_err(what)?;
        compared += reference.len();
    }
    Ok(compared)
}

fn check_program(dir: &Path, name: &str, sources: &[PathBuf], inputs: &[Vec<&str>]) -> Result<(), String> {
    let exe = |label: &str| dir.join(format!("{name}.{label}"));
    let profile = |i: usize, label: &str| dir.join(format!("{name}.{i}.{label}.nprof"));
    for label in ["naive", "path"] {
        build_nissecc(sources, &exe(label), &[LEVEL, &format!("-fprofile-instr={label}")]).map_err(|e| format!("{name} {label}: {e}"))?;
    }
    let mut references = Vec::new();
    for (i, args) in inputs.iter().enumerate() {
        let what = format!("{name} input {args:?}");
        references.push(run_with_profile(&exe("naive"), args, &profile(i, "naive")).map_err(|e| format!("{what} (naive): {e}"))?);
        let run = run_with_profile(&exe("path"), args, &profile(i, "path")).map_err(|e| format!("{what} (path): {e}"))?;
        if run != references[i] {
            return Err(format!("{what}: the path build printed or exited differently"));
        }
    }
    let weights = format!("-fprofile-instr-weights={}", profile(0, "naive").display());
    build_nissecc(sources, &exe("tpp"), &[LEVEL, "-fprofile-instr=tpp", &weights]).map_err(|e| format!("{name} tpp: {e}"))?;
    for (i, args) in inputs.iter().enumerate() {
        let what = format!("{name} input {args:?}");
        let run = run_with_profile(&exe("tpp"), args, &profile(i, "tpp")).map_err(|e| format!("{what} (tpp): {e}"))?;
        if run != references[i] {
            return Err(format!("{what}: the tpp build printed or exited differently (status {:?} vs {:?})", run.status, references[i].status));
        }
        check_profiles(&profile(i, "tpp"), &profile(i, "path"), i == 0).map_err(|e| format!("{what}: {e}"))?;
    }
    Ok(())
}

#[test]
fn feature_tests_profile_targeted_paths_exactly() {
    check_program_set(ProgramSet::FeatureTests, "tpp-features", "TPP oracle, tests/c", &check_program);
}

#[test]
fn multi_file_programs_profile_targeted_paths_exactly() {
    check_program_set(ProgramSet::MultiFile, "tpp-multi", "TPP oracle, multi-file programs", &check_program);
}

#[test]
fn kernels_profile_targeted_paths_exactly_on_every_input() {
    check_program_set(ProgramSet::Kernels, "tpp-kernels", "TPP oracle, kernels", &check_program);
}
