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
    assert!(stderr.contains("blocks matched"), "the warning says how many blocks matched:\n{stderr}");
    assert!(!stderr.contains("`main`"), "main did not change:\n{stderr}");
    let run = run_program(&exe, &["30"]).unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "54\n");

    let out = use_build(&source, &profile, &dir.join("edited-werror"), &["-Werror=profile-mismatch"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error") && stderr.contains("`classify`") && stderr.contains("profile-mismatch"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A profile written before descriptors stored block hashes: a stale
/// function's counts are dropped whole, as they were then.
#[test]
fn profiles_without_block_hashes_drop_stale_functions() {
    let dir = scratch_dir(&format!("use-stale-old-{}", std::process::id()));
    let (source, profile) = profiled_program(&dir);
    let mut counts = nissecc_profile_format::read(&std::fs::read(&profile).unwrap()).unwrap();
    for function in &mut counts.functions {
        let mut descriptor = nissecc_midend::profile::decode_descriptor(&function.descriptor).unwrap();
        assert!(!descriptor.block_hashes.is_empty(), "{} has no block hashes", function.name);
        descriptor.block_hashes.clear();
        function.descriptor = descriptor.encode();
    }
    let old = dir.join("old.nprof");
    std::fs::write(&old, nissecc_profile_format::write(&counts)).unwrap();
    std::fs::write(&source, EDITED).unwrap();
    let exe = dir.join("edited");
    let out = use_build(&source, &old, &exe, &["--stats"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("`classify` is stale") && stderr.contains("dropped its"), "{stderr}");
    let row = stderr.lines().find(|l| l.starts_with("classify")).unwrap_or_else(|| panic!("no row for classify:\n{stderr}"));
    assert!(row.contains("stale"), "{stderr}");
    let run = run_program(&exe, &["30"]).unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "54\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program with a loop in `score` and a two-part condition in `pick`.
const SCORED: &str = r#"
#include <stdio.h>
#include <stdlib.h>

static int weights[64];

int score(int x) {
    int s = 0;
    for (int i = 0; i < 8; i++) {
        if ((x >> i) & 1)
            s += weights[i];
        else
            s -= 1;
    }
    if (s > 10)
        s = 10;
    return s;
}

int pick(int a, int b) {
    if (a > 3 && b < 7)
        return a * b;
    if (a == b)
        return 0;
    return a - b;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    for (int i = 0; i < 64; i++)
        weights[i] = i % 5;
    long total = 0;
    for (int i = 0; i < n; i++) {
        total += score(i);
        total += pick(i % 11, i % 13);
    }
    printf("%ld\n", total);
    return 0;
}
"#;

/// `SCORED` after two small edits: a statement added at the end of
/// `score`, and `pick`'s `a > 3 && b < 7` split into nested `if`s.
fn scored_edited() -> String {
    let edited = SCORED
        .replace("        s = 10;\n    return s;", "        s = 10;\n    if (x % 7 == 0)\n        printf(\"seven %d\\n\", x);\n    return s;")
        .replace("    if (a > 3 && b < 7)\n        return a * b;", "    if (a > 3) {\n        if (b < 7)\n            return a * b;\n    }");
    assert!(edited.contains("seven") && edited.contains("if (a > 3) {"), "the edits apply");
    edited
}

/// `N of M blocks matched, K inferred` in the warning about `name`.
fn matched_and_inferred(stderr: &str, name: &str) -> (usize, usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.contains("warning") && l.contains(&format!("`{name}` is stale")))
        .unwrap_or_else(|| panic!("no stale warning for {name}:\n{stderr}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.windows(2).position(|w| w == ["blocks", "matched,"]).unwrap_or_else(|| panic!("no block counts: {line}"));
    let number = |i: usize| words[i].trim_end_matches(',').parse::<usize>().unwrap_or_else(|_| panic!("not a number in: {line}"));
    assert_eq!((words[at - 2], words[at + 3]), ("of", "inferred"), "{line}");
    (number(at - 3), number(at - 1), number(at + 2))
}

/// Stale profiles (issue 17): a function edited since it was profiled
/// keeps the counts of the blocks that still match the profiled ones by
/// their hashes, and inference supplies the others.
#[test]
fn stale_profiles_are_matched_by_block_hashes() {
    let dir = scratch_dir(&format!("use-stale-match-{}", std::process::id()));
    let source = dir.join("scored.c");
    std::fs::write(&source, SCORED).unwrap();
    let instr = dir.join("scored.instr");
    build_nissecc(std::slice::from_ref(&source), &instr, &["-O2", "-fprofile-instr=naive"]).unwrap();
    let profile = dir.join("scored.nprof");
    assert!(Command::new(&instr).arg("500").env("NISSE_PROFILE_FILE", &profile).status().unwrap().success());

    std::fs::write(&source, scored_edited()).unwrap();
    // How many blocks each edited function has, as instrumentation counts
    // them at the point of the pipeline where the profile is matched.
    let out = nissecc_output(&["-O2".into(), "-fprofile-instr=naive".into(), "--stats=json".into(), "-c".into(), s(&source), "-o".into(), s(&dir.join("stats.o"))]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stats: serde_json::Value = serde_json::from_slice(&out.stderr).expect("--stats=json prints one JSON value");
    let blocks = |name: &str| {
        let row = stats["functions"].as_array().unwrap().iter().find(|f| f["name"] == name).unwrap_or_else(|| panic!("no row for {name}: {stats}"));
        row["blocks"].as_u64().unwrap() as usize
    };

    let exe = dir.join("edited");
    let out = use_build(&source, &profile, &exe, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "a stale profile must not fail the build:\n{stderr}");
    for name in ["score", "pick"] {
        let (matched, total, inferred) = matched_and_inferred(&stderr, name);
        assert!(matched > 1, "{name}: more than the entry matches:\n{stderr}");
        assert!(inferred > 0, "{name}: the edit added blocks to infer:\n{stderr}");
        assert_eq!((total, matched + inferred), (blocks(name), blocks(name)), "{name}:\n{stderr}");
    }
    assert!(!stderr.contains("`main`"), "main did not change:\n{stderr}");

    let reference = dir.join("edited.gcc");
    build_gcc(std::slice::from_ref(&source), &reference, &["-O0"]).unwrap();
    for input in ["500", "77"] {
        let expected = run_program(&reference, &[input]).unwrap();
        compare_runs(&format!("edited program on {input}"), &expected, &run_program(&exe, &[input]).unwrap()).unwrap();
    }

    let out = use_build(&source, &profile, &dir.join("edited-werror"), &["-Werror=profile-mismatch"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for name in ["score", "pick"] {
        assert!(stderr.contains("error") && stderr.contains(&format!("`{name}` is stale")) && stderr.contains("blocks matched"), "{stderr}");
    }
    assert!(stderr.contains("profile-mismatch"), "{stderr}");
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
    assert!(row.contains("recovered"), "{stderr}");
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

/// The value transforms (`-fprofile-use-transforms=values`) act on a
/// `-fprofile-values` profile, and only when asked for: on
/// `tests/c/value_profile_sites.c`, `quotient`'s division by a divisor
/// that is 8 in most runs is specialized, `apply_all`'s indirect call
/// through a table whose first entry is hot is promoted, and `classify`'s
/// switch, whose hot value 5 falls between its cases, gets a test for it;
/// the default set does none of that. Both builds print what the plain
/// build prints.
#[test]
fn value_profiles_drive_the_value_transforms() {
    let dir = scratch_dir(&format!("use-values-{}", std::process::id()));
    let source = project_root().join("tests/c/value_profile_sites.c");
    let sources = std::slice::from_ref(&source);
    let (plain, instr, profile) = (dir.join("plain"), dir.join("instr"), dir.join("values.nprof"));
    build_nissecc(sources, &plain, &["-O2"]).unwrap();
    build_nissecc(sources, &instr, &["-O2", "-fprofile-instr=naive", "-fprofile-values"]).unwrap();
    let status = Command::new(&instr).env("NISSE_PROFILE_FILE", &profile).status().unwrap();
    assert!(status.success());
    let expected = run_program(&plain, &[]).unwrap();
    for (transforms, acts) in [("default,values", true), ("default", false)] {
        let exe = dir.join(transforms.replace(',', "-"));
        let out = use_build(&source, &profile, &exe, &[&format!("-fprofile-use-transforms={transforms}"), "--stats=json"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let report: serde_json::Value = serde_json::from_slice(&out.stderr).expect("--stats=json prints one JSON value");
        let field = |name: &str, key: &str| {
            let row = report["functions"].as_array().unwrap().iter().find(|f| f["function"] == name);
            row.and_then(|f| f[key].as_u64()).unwrap_or_else(|| panic!("no {key} for {name}: {report}"))
        };
        let fired = [field("quotient", "specialized") > 0, field("apply_all", "promoted") > 0, field("classify", "peeled") > 0];
        assert_eq!(fired, [acts; 3], "{transforms}: {report}");
        assert_eq!(run_program(&exe, &[]).unwrap(), expected, "{transforms}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
