//! Profiles of threaded programs (issue 18, `-fprofile-update`): eight
//! threads run shared and private loops at once
//! (`tests/threads/shared_and_private.c`). With atomic updates, which
//! `-pthread` selects as in gcc, no count may be lost, so every worker
//! function's edge profile must equal the one the same program counts
//! when it does the same work in one thread (argument `sequential`), and
//! every strategy must agree with the naive one. Only `main`, which takes
//! different branches in the two modes, is left out of the comparison.
//! Atomic objects shared by threads (`tests/threads/atomic_objects.c`)
//! must lose no update either.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The builds: a name, the flags, and whether the profile is a path
/// profile. The first is the naive ground truth. `path-hash` counts every
/// function's paths in the runtime's hash table, through its atomic entry.
const BUILDS: [(&str, &[&str], bool); 6] = [
    ("naive", &["-pthread", "-fprofile-instr=naive"], false),
    ("ks", &["-pthread", "-fprofile-instr=ks"], false),
    ("sese", &["-pthread", "-fprofile-instr=sese"], false),
    ("path", &["-pthread", "-fprofile-instr=path"], true),
    ("path-hash", &["-pthread", "-fprofile-instr=path", "-fpath-array-threshold=1"], true),
    ("ks-explicit", &["-fprofile-update=atomic", "-fprofile-instr=ks"], false),
];

const THREADS: u64 = 8;

fn source() -> PathBuf {
    project_root().join("tests/threads/shared_and_private.c")
}

/// Runs `exe` with `args`, writing its profile to `profile`, and returns
/// its output; a runtime complaint is a failure.
fn run_profiled(exe: &Path, args: &[&str], profile: &Path) -> Result<Vec<u8>, String> {
    let _ = std::fs::remove_file(profile);
    let mut cmd = Command::new(exe);
    cmd.args(args).env("NISSE_PROFILE_FILE", profile);
    let out = run_with_timeout(cmd, Duration::from_secs(120))?;
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!("{} {args:?} failed: {}", exe.display(), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(out.stdout)
}

/// The functions of an edge profile's JSON other than `main`.
fn workers(json: &str) -> Vec<serde_json::Value> {
    let profile: serde_json::Value = serde_json::from_str(json).expect("show --json prints JSON");
    let functions = profile["functions"].as_array().expect("a function list");
    functions.iter().filter(|f| f["name"] != "main").cloned().collect()
}

/// How many times the entry block of the static function `name` ran (the
/// profile names it `<file>;<name>`).
fn entry_count(workers: &[serde_json::Value], name: &str) -> u64 {
    let suffix = format!(";{name}");
    let function = workers.iter().find(|f| f["name"].as_str().is_some_and(|n| n.ends_with(&suffix))).unwrap_or_else(|| panic!("no counts for {name}"));
    let entry = function["blocks"].as_array().and_then(|blocks| blocks.iter().find(|b| b["id"] == 0));
    entry.and_then(|b| b["count"].as_u64()).unwrap_or_else(|| panic!("{name} has no entry count"))
}

#[test]
fn threads_lose_no_count_with_atomic_updates() {
    let dir = scratch_dir("threads");
    let gcc = dir.join("gcc");
    build_gcc(&[source()], &gcc, &["-O2", "-pthread"]).unwrap();
    let expected = run_program(&gcc, &[]).unwrap().stdout;
    let mut reference = None;
    for (label, flags, is_path) in BUILDS {
        let exe = dir.join(label);
        build_nissecc(&[source()], &exe, &[&["-O2"], flags].concat()).unwrap();
        let mut profiles = Vec::new();
        for mode in [&[][..], &["sequential"][..]] {
            let profile = dir.join(format!("{label}{}.nprof", mode.len()));
            let output = run_profiled(&exe, mode, &profile).unwrap();
            assert_eq!(output, expected, "{label} {mode:?}: the output differs from gcc's");
            profiles.push(workers(&edge_json(&profile, is_path).unwrap()));
        }
        let [threaded, sequential] = <[_; 2]>::try_from(profiles).expect("two runs");
        assert_eq!(threaded, sequential, "{label}: eight threads counted differently from one thread doing the same work");
        assert_eq!(entry_count(&threaded, "shared_work"), THREADS, "{label}: shared_work runs once per thread");
        match &reference {
            None => reference = Some(threaded),
            Some(naive) => assert_eq!(&threaded, naive, "{label}: the edge profile differs from the naive one"),
        }
    }
}

/// A trace of the eight threads (`-fprofile-instr=trace`, issue 19):
/// `nissecc-profdata trace` separates the threads' tokens again, lists
/// the main thread and eight workers, and the edge profile it folds from
/// them equals what one thread doing the same work counts, exactly.
#[test]
fn a_trace_of_eight_threads_regenerates_every_thread() {
    let dir = scratch_dir("threads-trace");
    let naive = dir.join("naive");
    build_nissecc(&[source()], &naive, &["-O2", "-pthread", "-fprofile-instr=naive"]).unwrap();
    run_profiled(&naive, &["sequential"], &dir.join("naive.nprof")).unwrap();
    let sequential = workers(&show_json(&dir.join("naive.nprof")).unwrap());
    let traced = dir.join("traced");
    build_nissecc(&[source()], &traced, &["-O2", "-pthread", "-fprofile-instr=trace"]).unwrap();
    let trace_file = dir.join("traced.ntrace");
    let _ = std::fs::remove_file(&trace_file);
    run_profiled(&traced, &[], &dir.join("traced.nprof")).unwrap();
    let folded = workers(&profdata_output(&["trace", "--edge-profile"], &trace_file).unwrap());
    assert_eq!(folded, sequential, "the threads' traces fold into other counts");
    let listing = profdata_output(&["trace"], &trace_file).unwrap();
    let threads = listing.lines().filter(|l| l.starts_with("thread ")).count() as u64;
    assert_eq!(threads, THREADS + 1, "the trace lists {threads} threads");
}

/// Atomic objects shared by four threads (`tests/threads/atomic_objects.c`):
/// `++`, compound assignments, the `<stdatomic.h>` functions and an
/// `atomic_flag` spin lock must lose no update, so nissecc's build prints
/// gcc's exact totals at `-O0` and `-O2`. (Built with plain loads and
/// stores, the totals come out short.)
#[test]
fn atomic_objects_lose_no_update() {
    let dir = scratch_dir("threads-atomics");
    let source = project_root().join("tests/threads/atomic_objects.c");
    let gcc = dir.join("gcc");
    build_gcc(std::slice::from_ref(&source), &gcc, &["-O2", "-pthread"]).unwrap();
    let expected = run_program(&gcc, &[]).unwrap();
    for level in ["-O0", "-O2"] {
        let exe = dir.join(format!("nissecc{level}"));
        build_nissecc(std::slice::from_ref(&source), &exe, &[level, "-pthread"]).unwrap();
        compare_runs(&format!("atomic_objects {level}"), &expected, &run_program(&exe, &[]).unwrap()).unwrap();
    }
}
