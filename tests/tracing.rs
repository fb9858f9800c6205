//! The tracing oracle (issue 19; Ball & Larus, "Optimally Profiling and
//! Tracing Programs", TOPLAS 1994, §4): every program in `tests/c/` (single
//! files, the stress and `longjmp` programs, the multi-file programs) and
//! every jotai-subset kernel on every input is built with
//! `-fprofile-instr=naive`, `-fprofile-instr=trace` (the optimal witness
//! placement, with the blocking property) and `-fprofile-instr=trace-naive`
//! (a witness on every edge out of a branch). Both tracing builds must
//! print what the naive build prints, `nissecc-profdata trace
//! --edge-profile` of each trace must print exactly what `show --json`
//! prints for the naive profile (every block, edge, call, early exit and
//! second return, folded from the regenerated execution), and the two
//! regenerated traces must be equal block for block.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

const LEVEL: &str = "-O2";

/// `nissecc-profdata trace ARGS TRACE`.
fn trace(args: &[&str], trace: &Path) -> Result<String, String> {
    profdata_output(&[&["trace"], args].concat(), trace)
}

fn check_program(dir: &Path, name: &str, sources: &[PathBuf], inputs: &[Vec<&str>]) -> Result<(), String> {
    let builds = ["naive", "trace", "trace-naive"];
    for label in builds {
        let exe = dir.join(format!("{name}.{label}"));
        build_nissecc(sources, &exe, &[LEVEL, &format!("-fprofile-instr={label}")]).map_err(|e| format!("{name} {label}: {e}"))?;
    }
    for (i, args) in inputs.iter().enumerate() {
        let what = format!("{name} input {args:?}");
        let profile = |label: &str| dir.join(format!("{name}.{i}.{label}.nprof"));
        let trace_file = |label: &str| dir.join(format!("{name}.{i}.{label}.ntrace"));
        let reference = run_profiled(&dir.join(format!("{name}.naive")), args, &profile("naive")).map_err(|e| format!("{what} (naive): {e}"))?;
        let naive = show_json(&profile("naive")).map_err(|e| format!("{what}: {e}"))?;
        let mut listings = Vec::new();
        for label in ["trace", "trace-naive"] {
            let _ = std::fs::remove_file(trace_file(label));
            let run = run_profiled(&dir.join(format!("{name}.{label}")), args, &profile(label)).map_err(|e| format!("{what} ({label}): {e}"))?;
            if run != reference {
                return Err(format!("{what}: the {label} build printed or exited differently (status {:?} vs {:?})", run.status, reference.status));
            }
            if !trace_file(label).exists() {
                return Err(format!("{what}: the {label} build wrote no trace"));
            }
            let folded = trace(&["--edge-profile"], &trace_file(label)).map_err(|e| format!("{what} ({label}): {e}"))?;
            if folded != naive {
                return Err(format!("{what}: the {label} trace folds into another profile:\nnaive: {naive}\n{label}: {folded}"));
            }
            listings.push(trace(&[], &trace_file(label)).map_err(|e| format!("{what} ({label}): {e}"))?);
        }
        if listings[0] != listings[1] {
            let line = listings[0].lines().zip(listings[1].lines()).position(|(a, b)| a != b).map_or(0, |l| l + 1);
            return Err(format!("{what}: the trace and trace-naive executions differ from line {line}"));
        }
    }
    Ok(())
}

#[test]
fn feature_tests_trace_exactly() {
    check_program_set(ProgramSet::FeatureTests, "tracing-features", "tracing oracle, tests/c", &check_program);
}

#[test]
fn multi_file_programs_trace_exactly() {
    check_program_set(ProgramSet::MultiFile, "tracing-multi", "tracing oracle, tests/c/multi", &check_program);
}

#[test]
fn jotai_kernels_trace_exactly() {
    check_program_set(ProgramSet::Kernels, "tracing-kernels", "tracing oracle, jotai-subset", &check_program);
}

/// A damaged trace gets a one-line error naming the file and no panic:
/// every truncation of a real trace either regenerates what it holds (a
/// cut between sections, as a run killed between flushes leaves) or is
/// rejected, and a trace is rejected whose tokens the CFG cannot follow.
#[test]
fn damaged_traces_get_errors() {
    let dir = scratch_dir("tracing-damaged");
    let source = project_root().join("tests/c/qsort_callback.c");
    let exe = dir.join("traced");
    build_nissecc(&[source], &exe, &[LEVEL, "-fprofile-instr=trace"]).unwrap();
    run_profiled(&exe, &[], &dir.join("traced.nprof")).unwrap();
    let bytes = std::fs::read(dir.join("traced.ntrace")).unwrap();
    let damaged = dir.join("damaged.ntrace");
    let mut rejected = 0;
    for len in (0..bytes.len()).step_by(7) {
        std::fs::write(&damaged, &bytes[..len]).unwrap();
        let out = Command::new(profdata()).args(["trace", "--edge-profile"]).arg(&damaged).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code() == Some(0) || out.status.code() == Some(1), "{len} bytes: {:?} {stderr}", out.status);
        if !out.status.success() {
            assert!(stderr.starts_with("nissecc-profdata: error: ") && stderr.contains("damaged.ntrace") && stderr.lines().count() == 1, "{stderr}");
            rejected += 1;
        }
    }
    assert!(rejected > 0);
    // A witness changed into another one the function does not have.
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] = 0x7f;
    std::fs::write(&damaged, &flipped).unwrap();
    let out = Command::new(profdata()).args(["trace"]).arg(&damaged).output().unwrap();
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}
