//! `-fprofile-use` (issue 7): how the compiler treats a profile that does
//! not fit the program (stale, missing, damaged), and that the counts
//! reach the IR. That every program prints the same with and without a
//! profile is checked by `profile_oracle.rs`, which already builds the
//! naive profile of every test program and kernel.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A program whose `classify` has a branch that one input takes often.
const PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int classify(int x) {
    if (x % 3 == 0)
        return 1;
    return 2;
}
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100, s = 0;
    for (int i = 0; i < n; i++)
        s += classify(i);
    printf("%d\n", s);
    return 0;
}
"#;

/// The same program after an edit that changes `classify`'s CFG.
const EDITED: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int classify(int x) {
    if (x % 3 == 0)
        return 1;
    if (x % 5 == 0)
        return 3;
    return 2;
}
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100, s = 0;
    for (int i = 0; i < n; i++)
        s += classify(i);
    printf("%d\n", s);
    return 0;
}
"#;

fn s(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

fn nissecc_output(args: &[String]) -> Output {
    Command::new(nissecc()).args(args).output().expect("run nissecc")
}

/// Writes `PROGRAM` to `dir`, builds it with naive instrumentation, runs
/// it and returns the source and profile paths.
fn profiled_program(dir: &Path) -> (PathBuf, PathBuf) {
    profiled_with(dir, "naive")
}

/// `profiled_program` with `-fprofile-instr=strategy`.
fn profiled_with(dir: &Path, strategy: &str) -> (PathBuf, PathBuf) {
    let source = dir.join("prog.c");
    std::fs::write(&source, PROGRAM).unwrap();
    let instr = dir.join(format!("prog.{strategy}.instr"));
    build_nissecc(std::slice::from_ref(&source), &instr, &["-O2", &format!("-fprofile-instr={strategy}")]).unwrap();
    let profile = dir.join(format!("prog.{strategy}.nprof"));
    let status = Command::new(&instr).arg("300").env("NISSE_PROFILE_FILE", &profile).status().unwrap();
    assert!(status.success());
    (source, profile)
}

/// A build with `-fprofile-use=profile` plus `extra`.
fn use_build(source: &Path, profile: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["-O2".to_string(), format!("-fprofile-use={}", s(profile))];
    args.extend(extra.iter().map(|a| a.to_string()));
    args.extend([s(source), "-o".into(), s(out)]);
    nissecc_output(&args)
}

#[test]
fn counts_reach_the_ir() {
    let dir = scratch_dir(&format!("use-ir-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    let out = nissecc_output(&["-O2".into(), format!("-fprofile-use={}", s(&profile)), "--emit=ir".into(), s(&source)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ir = String::from_utf8_lossy(&out.stdout);
    // `classify` ran 300 times: its entry block says so, and the branch
    // on `x % 3 == 0` went 100 times one way and 200 the other.
    assert!(ir.contains("count 300:"), "{ir}");
    assert!(ir.contains("count 100") && ir.contains("count 200"), "{ir}");
    // The annotated IR parses back (the text format round-trips).
    let module = nissecc_midend::text::parse_module(&ir).expect("annotated IR parses");
    nissecc_midend::verifier::verify_module(&module).expect("annotated IR verifies");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every strategy's profile gives the same annotated IR as the naive one:
/// edge counters are reconstructed, path counts turned into edge counts.
#[test]
fn every_strategy_feeds_the_same_counts() {
    let dir = scratch_dir(&format!("use-strategies-{}", std::process::id()));
    let annotated = |strategy: &str| {
        let (source, profile) = profiled_with(&dir, strategy);
        let out = nissecc_output(&["-O2".into(), format!("-fprofile-use={}", s(&profile)), "--emit=ir".into(), s(&source)]);
        assert!(out.status.success(), "{strategy}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let naive = annotated("naive");
    assert!(naive.contains("count 300:"), "{naive}");
    for strategy in ["ks", "sese", "path"] {
        assert_eq!(annotated(strategy), naive, "the {strategy} profile annotates differently");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stale_functions_warn_and_werror_fails() {
    let dir = scratch_dir(&format!("use-stale-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    std::fs::write(&source, EDITED).unwrap();
    let exe = dir.join("edited");
    let out = use_build(&source, &profile, &exe, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "a stale profile must not fail the build:\n{stderr}");
    assert!(stderr.contains("warning") && stderr.contains("`classify`") && stderr.contains("stale"), "{stderr}");
    assert!(stderr.contains("dropped its"), "the warning says how many counts were dropped:\n{stderr}");
    assert!(!stderr.contains("`main`"), "main did not change:\n{stderr}");
    let run = run_program(&exe, &["30"]).unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "54\n");

    let out = use_build(&source, &profile, &dir.join("edited-werror"), &["-Werror=profile-mismatch"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error") && stderr.contains("`classify`") && stderr.contains("profile-mismatch"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_functions_are_silently_unoptimized() {
    let dir = scratch_dir(&format!("use-missing-{}", std::process::id()));
    let (_, profile) = profiled_program(&dir);
    let other = dir.join("other.c");
    std::fs::write(&other, "int twice(int x) { if (x > 0) return 2 * x; return 0; }\n").unwrap();
    let out = nissecc_output(&[
        "-O2".into(),
        "-c".into(),
        format!("-fprofile-use={}", s(&profile)),
        "-Werror=profile-mismatch".into(),
        s(&other),
        "-o".into(),
        s(&dir.join("other.o")),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_profiles_are_errors() {
    let dir = scratch_dir(&format!("use-damaged-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    let bytes = std::fs::read(&profile).unwrap();
    let mut corrupt = bytes.clone();
    let middle = corrupt.len() / 2;
    corrupt[middle] ^= 0x5a;
    let mut wrong_version = bytes.clone();
    wrong_version[8] = wrong_version[8].wrapping_add(7);
    let cases: [(&str, Vec<u8>, &str); 4] = [
        ("truncated", bytes[..bytes.len() / 2].to_vec(), "truncated"),
        ("corrupt", corrupt, "checksum"),
        ("version", wrong_version, "version"),
        ("not-a-profile", b"hello, world\n".to_vec(), "magic"),
    ];
    for (name, content, expected) in cases {
        let path = dir.join(format!("{name}.nprof"));
        std::fs::write(&path, content).unwrap();
        let out = use_build(&source, &path, &dir.join(name), &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains("error") && stderr.contains(&s(&path)) && stderr.contains(expected), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
    let out = use_build(&source, &dir.join("absent.nprof"), &dir.join("absent"), &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot read profile"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_transforms_and_instrumenting_are_rejected() {
    let dir = scratch_dir(&format!("use-flags-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    let out = use_build(&source, &profile, &dir.join("a"), &["-fprofile-use-transforms=orient,bogus"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown profile-guided transform 'bogus'"));
    let out = use_build(&source, &profile, &dir.join("c"), &["-fprofile-use-transforms=all,-inline,-order"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = use_build(&source, &profile, &dir.join("b"), &["-fprofile-instr"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be combined"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stats_report_what_each_transform_did() {
    let dir = scratch_dir(&format!("use-stats-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    let out = use_build(&source, &profile, &dir.join("stats"), &["--stats=json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stderr).expect("--stats=json prints one JSON value");
    let outcome = |name: &str| {
        report["functions"].as_array().unwrap().iter().find(|f| f["function"] == name).cloned().unwrap_or_else(|| panic!("no row for {name}: {report}"))
    };
    assert_eq!(outcome("classify")["outcome"], "optimized", "{report}");
    // The call ran 300 times and the loop 300 times per entry: `classify`
    // is inlined into `main`, whose loop is then unrolled.
    assert_eq!(report["inlined"], 1, "{report}");
    assert_eq!(outcome("main")["unrolled"], 1, "{report}");

    std::fs::write(&source, EDITED).unwrap();
    let out = use_build(&source, &profile, &dir.join("stats-stale"), &["--stats"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let row = stderr.lines().find(|l| l.starts_with("classify")).unwrap_or_else(|| panic!("no row for classify:\n{stderr}"));
    assert!(row.contains("stale"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A profile whose counts decode but break flow conservation, as lost
/// increments of a multithreaded run leave them (issue 21), warns and
/// leaves that function unoptimized instead of failing the build, as
/// gcc's `-fprofile-correction` does.
#[test]
fn inconsistent_functions_warn_and_stay_unoptimized() {
    let dir = scratch_dir(&format!("use-inconsistent-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    let mut counts = nissecc_profile_format::read(&std::fs::read(&profile).unwrap()).unwrap();
    let classify = counts.functions.iter_mut().find(|f| f.name.ends_with("classify")).expect("classify was profiled");
    // Naive counts every edge, so one lost increment unbalances a block.
    classify.counters[0] -= 1;
    let damaged = dir.join("inconsistent.nprof");
    std::fs::write(&damaged, nissecc_profile_format::write(&counts)).unwrap();
    let exe = dir.join("inconsistent");
    let out = use_build(&source, &damaged, &exe, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("warning") && stderr.contains("classify") && stderr.contains("inconsistent"), "{stderr}");
    let run = Command::new(&exe).arg("300").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), "500");
    let _ = std::fs::remove_dir_all(&dir);
}
