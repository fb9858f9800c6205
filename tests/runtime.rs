//! The profiling runtime end to end, without the compiler (issue 3): C
//! programs that declare the ABI records by hand (`tests/runtime/`) are
//! built with gcc, linked with `libnissecc_runtime.a`, and run; the
//! profiles they write are read back with the format crate.

mod common;
#[path = "runtime/support.rs"]
mod support;

use nissecc_profile_format::{abi, read, FunctionProfile, Profile};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// `tests/runtime/counting.c`, built once.
fn counting() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| build("counting", &[]))
}

/// Builds `tests/runtime/<name>.c` with the runtime and `extra` flags.
fn build(name: &str, extra: &[&str]) -> PathBuf {
    let dir = common::scratch_dir(&format!("runtime-build-{name}"));
    let source = common::project_root().join("tests/runtime").join(format!("{name}.c"));
    support::build_c(&source, &dir, name, extra)
}

/// Runs `exe` in `dir` with `NISSE_PROFILE_FILE` set to `profile_file`
/// (or unset).
fn run(exe: &Path, dir: &Path, profile_file: Option<&str>, args: &[&str]) -> Output {
    let mut command = Command::new(exe);
    command.args(args).current_dir(dir);
    match profile_file {
        Some(name) => command.env(abi::PROFILE_FILE_ENV, name),
        None => command.env_remove(abi::PROFILE_FILE_ENV),
    };
    command.output().expect("run the test program")
}

fn load(path: &Path) -> Profile {
    read(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn counters(profile: &Profile, name: &str) -> Vec<u64> {
    profile.function(name).unwrap_or_else(|| panic!("no `{name}` in {profile:?}")).counters.clone()
}

/// The counters that `counting N` leaves in `work`.
fn work_counts(n: u64) -> Vec<u64> {
    (0..3).map(|i| (n + 2 - i) / 3).collect()
}

#[test]
fn return_from_main_writes_default_nprof_with_every_record() {
    let dir = common::scratch_dir("runtime-default");
    let out = run(counting(), &dir, None, &["10"]);
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(0), b"done 10".as_slice()));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let profile = load(&dir.join(abi::DEFAULT_PROFILE_FILE));
    assert_eq!(
        profile.functions,
        vec![
            FunctionProfile { name: "down".into(), checksum: 0x3333, descriptor: vec![5, 6], counters: vec![0], paths: vec![], values: vec![] },
            FunctionProfile { name: "main".into(), checksum: 0x1111, descriptor: vec![1, 2, 3], counters: vec![1, 10], paths: vec![], values: vec![] },
            FunctionProfile { name: "work".into(), checksum: 0x2222, descriptor: vec![4], counters: work_counts(10), paths: vec![], values: vec![] },
        ]
    );
}

#[test]
fn exit_from_nested_calls_writes_the_profile() {
    let dir = common::scratch_dir("runtime-exit");
    let out = run(counting(), &dir, Some("deep.nprof"), &["4", "deep"]);
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(7), b"done 4".as_slice()));
    let profile = load(&dir.join("deep.nprof"));
    assert_eq!(counters(&profile, "down"), vec![20]);
    assert_eq!(counters(&profile, "main"), vec![1, 4]);
}

#[test]
fn underscore_exit_loses_the_profile() {
    let dir = common::scratch_dir("runtime-underscore-exit");
    let out = run(counting(), &dir, None, &["3", "_exit"]);
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(0), b"done 3".as_slice()));
    assert!(!dir.join(abi::DEFAULT_PROFILE_FILE).exists());
}

#[test]
fn without_merge_the_file_is_overwritten_and_parents_are_created() {
    let dir = common::scratch_dir("runtime-overwrite");
    for n in ["5", "2"] {
        assert!(run(counting(), &dir, Some("sub/dir/p.nprof"), &[n]).status.success());
    }
    assert_eq!(counters(&load(&dir.join("sub/dir/p.nprof")), "main"), vec![1, 2]);
    assert_eq!(std::fs::read_dir(dir.join("sub/dir")).unwrap().count(), 1, "a temporary file was left behind");
}

#[test]
fn percent_p_names_the_file_after_the_pid() {
    let dir = common::scratch_dir("runtime-pid");
    let child = Command::new(counting())
        .arg("3")
        .current_dir(&dir)
        .env(abi::PROFILE_FILE_ENV, "run-%p.nprof")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    assert!(child.wait_with_output().unwrap().status.success());
    assert_eq!(counters(&load(&dir.join(format!("run-{pid}.nprof"))), "main"), vec![1, 3]);
}

#[test]
fn concurrent_merging_writers_sum_exactly() {
    let dir = common::scratch_dir("runtime-concurrent");
    let runs: Vec<u64> = (1..=12).collect();
    for round in 0..3 {
        let children: Vec<_> = runs
            .iter()
            .map(|n| {
                Command::new(counting())
                    .arg(n.to_string())
                    .current_dir(&dir)
                    .env(abi::PROFILE_FILE_ENV, "merged-%m.nprof")
                    .stdout(std::process::Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
        }
        let rounds = round + 1;
        let profile = load(&dir.join("merged-.nprof"));
        assert_eq!(counters(&profile, "main"), vec![rounds * runs.len() as u64, rounds * runs.iter().sum::<u64>()], "round {round}");
        let work: Vec<u64> = (0..3).map(|i| rounds * runs.iter().map(|&n| work_counts(n)[i]).sum::<u64>()).collect();
        assert_eq!(counters(&profile, "work"), work, "round {round}");
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "temporary or side files were left behind");
}

#[test]
fn a_corrupt_file_is_kept_and_the_run_is_written_next_to_it() {
    let dir = common::scratch_dir("runtime-corrupt");
    std::fs::write(dir.join("p.nprof"), b"NPROF\0\0\0garbage").unwrap();
    let child = Command::new(counting())
        .arg("2")
        .current_dir(&dir)
        .env(abi::PROFILE_FILE_ENV, "p.nprof%m")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("nisse-runtime: warning: p.nprof: truncated at byte offset 15"), "{stderr}");
    assert!(stderr.contains(&format!("p.nprof.{pid}")), "{stderr}");
    assert_eq!(std::fs::read(dir.join("p.nprof")).unwrap(), b"NPROF\0\0\0garbage");
    assert_eq!(counters(&load(&dir.join(format!("p.nprof.{pid}"))), "main"), vec![1, 2]);
}

#[test]
fn a_program_without_records_writes_nothing() {
    let dir = common::scratch_dir("runtime-empty");
    let exe = build("no_records", &["-Wl,-u,__nisse_runtime_anchor"]);
    let out = run(&exe, &dir, None, &[]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!dir.join(abi::DEFAULT_PROFILE_FILE).exists());
}
