//! The profile oracle (issue 3; Ball & Larus, "Optimally Profiling and
//! Tracing Programs", TOPLAS 1994, §3.2): every program in `tests/c/`
//! (single files and the multi-file programs) and every jotai-subset kernel
//! on every input is built without instrumentation, with
//! `-fprofile-instr=naive` (a counter on every edge: the ground truth), with
//! `-fprofile-instr=ks` (counters on the chords of a spanning tree) and with
//! `-fprofile-instr=sese` (loop variables replacing some of those counters;
//! Frenot and Pereira, CC 2024), and with two builds whose loops keep
//! their counters in registers (`instrument::promotion`): ks with
//! `-fprofile-counter-promotion` and sese with `-fprofile-update=atomic`,
//! which also makes every update an atomic add. Every instrumented build must print what
//! the plain build prints and exit with its status, and
//! `nissecc-profdata show --json` must print identical block, edge, call
//! and early-exit counts for every profile. Several test
//! programs call `exit()` from recursion and from inside loops, so the
//! early-termination counts of §3.2 are checked as well, and those of
//! `tests/c/longjmp/` leave functions by `longjmp` and re-enter them at
//! their `setjmp`s (the re-entry edges of `profile::flow_graph`).
//!
//! Value profiles (`-fprofile-values`) join it too: the naive build counts
//! every value of every value site in the runtime's hash table
//! (`-fprofile-values=naive`), which must add up to each site's block
//! count, and the ks-promoted, sese and sese-atomic builds count the first
//! eight values of each site in slots, which must have exactly the naive
//! build's counts (`common::value_profiles`). The naive profile, values
//! included, then feeds `-fprofile-use`, so the value-driven transforms
//! run on every program below.
//!
//! Vertex profiles (`-fprofile-instr=vertex`, Ball & Larus §3.3) join it
//! with their block, entry, early-exit and second-return counts: they
//! determine no edge counts, so `show --json` prints none, and the rest
//! must equal the naive profile's.
//!
//! Path profiles (issue 5) join the same oracle, as the verifier of
//! Preuss, "Implementation of Path Profiling in LLVM", §4.2.2: each
//! program is also built with `-fprofile-instr=path`, and with
//! `-fprofile-instr=path -fpath-array-threshold=1`, which sends every
//! function with more than one path to the runtime's hash table; both
//! must print what the plain build prints, and `nissecc-profdata
//! derive-edges` of their profiles must print exactly what `show --json`
//! prints for the naive profile.
//!
//! Profile inference (issue 17; He et al., "Profile Inference Revisited",
//! POPL 2022) joins it too. Each naive profile, sampled at rate 1 with
//! its edges (weights equal to the exact counts), must infer back to
//! exactly the naive counts, with profi and with mcf; and a simulated
//! sample at rate 1/100 must infer, with both, to counts that conserve
//! flow (`show` reconstructs an inferred profile like a naive one, which
//! checks conservation at every block), and profi's must leave no block
//! with a count in a function whose entry has none (§3.2's connectivity).
//! `-fprofile-use` with the sample profile of the first input must keep
//! every output.
//!
//! The same naive profiles then feed `-fprofile-use` (issue 7): a build
//! optimized with the profile of the first input, with the default
//! transforms and with all of them, must print what the plain build
//! prints on every input, the first (same-input profile) and the others
//! (cross-input profile).

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The instrumented builds: a name, the flags, and what the profile
/// measures (path profiles are compared through `derive-edges`, vertex
/// profiles without the edges). The first is the naive ground truth.
const BUILDS: [(&str, &[&str], Measured); 8] = [
    ("naive", &["-fprofile-instr=naive", "-fprofile-values=naive"], Measured::Edges),
    ("ks", &["-fprofile-instr=ks"], Measured::Edges),
    ("ks-promoted", &["-fprofile-instr=ks", "-fprofile-counter-promotion", "-fprofile-values"], Measured::Edges),
    ("sese", &["-fprofile-instr=sese", "-fprofile-values"], Measured::Edges),
    ("sese-atomic", &["-fprofile-instr=sese", "-fprofile-update=atomic", "-fprofile-values"], Measured::Edges),
    ("path", &["-fprofile-instr=path"], Measured::Paths),
    ("path-hash", &["-fprofile-instr=path", "-fpath-array-threshold=1"], Measured::Paths),
    ("vertex", &["-fprofile-instr=vertex"], Measured::Blocks),
];
const LEVEL: &str = "-O2";

/// Builds `sources` plainly and with each strategy, runs every build on
/// each input and compares (see the module comment).
fn check_program(dir: &Path, name: &str, sources: &[PathBuf], inputs: &[Vec<&str>]) -> Result<(), String> {
    let plain = dir.join(format!("{name}.plain"));
    build_nissecc(sources, &plain, &[LEVEL]).map_err(|e| format!("{name}: {e}"))?;
    let mut builds = Vec::new();
    for (label, flags, measured) in BUILDS {
        let exe = dir.join(format!("{name}.{label}"));
        build_nissecc(sources, &exe, &[&[LEVEL], flags].concat()).map_err(|e| format!("{name} {label}: {e}"))?;
        builds.push((label, exe, measured));
    }
    for (i, args) in inputs.iter().enumerate() {
        let what = format!("{name} input {args:?}");
        let reference = run_program(&plain, args).map_err(|e| format!("{what} (plain): {e}"))?;
        let mut shown = Vec::new();
        for (label, exe, measured) in &builds {
            let profile = dir.join(format!("{name}.{i}.{label}.nprof"));
            let actual = run_profiled(exe, args, &profile).map_err(|e| format!("{what} ({label}): {e}"))?;
            if actual != reference {
                return Err(format!(
                    "{what}: the {label} build printed or exited differently (status {:?} vs {:?})",
                    actual.status, reference.status
                ));
            }
            let json = measured.json(&profile).map_err(|e| format!("{what} ({label}): {e}"))?;
            shown.push(split_value_sites(&json).map_err(|e| format!("{what} ({label}): {e}"))?);
        }
        let (naive_json, naive_values) = &shown[0];
        for (k, (label, _, measured)) in builds.iter().enumerate().skip(1) {
            let expected = measured.expected(naive_json).map_err(|e| format!("{what}: the naive profile: {e}"))?;
            let (json, values) = &shown[k];
            if *json != expected {
                return Err(format!("{what}: the naive and {label} profiles differ:\nnaive: {expected}\n{label}: {json}"));
            }
            if !values.is_empty() {
                check_value_sites(naive_values, values).map_err(|e| format!("{what}: the naive and {label} value profiles differ: {e}"))?;
            }
        }
        // Comparing strategies cannot catch an error both share (such
        // as every counter counting twice), so check one absolute count:
        // one run enters `main` exactly once.
        let main_entries = main_entry_count(naive_json).map_err(|e| format!("{what}: {e}"))?;
        if main_entries != 1 {
            return Err(format!("{what}: main's entry block counted {main_entries} times in one run"));
        }
        let naive = dir.join(format!("{name}.{i}.naive.nprof"));
        check_inference(&naive, naive_json, i as u64).map_err(|e| format!("{what}: {e}"))?;
    }
    check_profile_use(dir, name, sources, inputs, &plain)?;
    check_sampled_profile_use(dir, name, sources, inputs, &plain)
}

/// Checks inference on the naive profile `naive`, whose `show --json` is
/// `exact` (see the module comment).
fn check_inference(naive: &Path, exact: &str, seed: u64) -> Result<(), String> {
    let path = |suffix: &str| naive.with_extension(suffix);
    let seed = seed.to_string();
    for (label, sample_args) in [("exact", &["--rate", "1", "--edges"][..]), ("sampled", &["--rate", "0.01", "--seed", &seed][..])] {
        let sample = path(&format!("{label}.sample.nprof"));
        profdata_output(&[&["sample"][..], sample_args, &["-o", sample.to_str().unwrap()]].concat(), naive)?;
        for objective in ["profi", "mcf"] {
            let inferred = path(&format!("{label}.{objective}.nprof"));
            profdata_output(&["infer", "--objective", objective, "-o", inferred.to_str().unwrap()], &sample)?;
            let shown = show_json(&inferred).map_err(|e| format!("{label} sample, {objective}: {e}"))?;
            // A sample has no value counts to infer.
            let (shown, _) = split_value_sites(&shown)?;
            if label == "exact" && shown != exact {
                return Err(format!("inference ({objective}) changed exact counts:\nnaive: {exact}\ninferred: {shown}"));
            }
            if label == "sampled" && objective == "profi" {
                if let Some(function) = stranded_function(&shown)? {
                    return Err(format!("profi left counts in `{function}` that its entry does not reach"));
                }
            }
        }
    }
    Ok(())
}

/// The first function, in `show --json` output, with a block that ran but
/// an entry block that did not: a flow island profi must have joined.
fn stranded_function(json: &str) -> Result<Option<String>, String> {
    let profile: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    for function in profile["functions"].as_array().ok_or("no functions in the JSON")? {
        let counts: Vec<u64> = function["blocks"].as_array().into_iter().flatten().filter_map(|b| b["count"].as_u64()).collect();
        if counts.first() == Some(&0) && counts.iter().any(|&c| c > 0) {
            return Ok(Some(function["name"].as_str().unwrap_or("?").to_string()));
        }
    }
    Ok(None)
}

/// Builds `sources` with `-fprofile-use` and the simulated sample profile
/// of the first input (inferred by the compiler), and checks that the
/// build behaves as the plain one on every input.
fn check_sampled_profile_use(dir: &Path, name: &str, sources: &[PathBuf], inputs: &[Vec<&str>], plain: &Path) -> Result<(), String> {
    let profile = dir.join(format!("{name}.0.naive.sampled.sample.nprof"));
    let optimized = dir.join(format!("{name}.use-sampled"));
    let flag = format!("-fprofile-use={}", profile.display());
    build_nissecc(sources, &optimized, &[LEVEL, &flag]).map_err(|e| format!("{name} -fprofile-use (sampled): {e}"))?;
    behaves_as_plain(name, &optimized, plain, inputs, "-fprofile-use with a sampled profile")
}

/// Builds `sources` with `-fprofile-use` and the naive profile of the
/// first input, once with the default transforms and once with every
/// transform (so that those only run when asked for are checked too), and
/// checks that each build behaves as the plain one on every input.
fn check_profile_use(dir: &Path, name: &str, sources: &[PathBuf], inputs: &[Vec<&str>], plain: &Path) -> Result<(), String> {
    let profile = dir.join(format!("{name}.0.naive.nprof"));
    let flag = format!("-fprofile-use={}", profile.display());
    for transforms in ["default", "all"] {
        let optimized = dir.join(format!("{name}.use-{transforms}"));
        let selection = format!("-fprofile-use-transforms={transforms}");
        build_nissecc(sources, &optimized, &[LEVEL, &flag, &selection]).map_err(|e| format!("{name} -fprofile-use ({transforms}): {e}"))?;
        behaves_as_plain(name, &optimized, plain, inputs, &format!("-fprofile-use, {transforms} transforms"))?;
    }
    Ok(())
}

/// Checks that `exe` prints what `plain` prints, and exits alike, on every
/// input.
fn behaves_as_plain(name: &str, exe: &Path, plain: &Path, inputs: &[Vec<&str>], label: &str) -> Result<(), String> {
    for args in inputs {
        let what = format!("{name} input {args:?}");
        let reference = run_program(plain, args).map_err(|e| format!("{what} (plain): {e}"))?;
        let actual = run_program(exe, args).map_err(|e| format!("{what} ({label}): {e}"))?;
        if actual != reference {
            return Err(format!(
                "{what}: the {label} build printed or exited differently (status {:?} vs {:?})",
                actual.status, reference.status
            ));
        }
    }
    Ok(())
}


/// A scratch directory of this process alone: concurrent test runs must
/// not delete each other's executables.
fn private_scratch(name: &str) -> PathBuf {
    scratch_dir(&format!("{name}-{}", std::process::id()))
}

#[test]
fn feature_tests_profile_exactly() {
    check_program_set(ProgramSet::FeatureTests, "oracle-features", "profile oracle, tests/c", &check_program);
}

#[test]
fn multi_file_programs_profile_exactly() {
    check_program_set(ProgramSet::MultiFile, "oracle-multi", "profile oracle, tests/c/multi", &check_program);
}

#[test]
fn jotai_kernels_profile_exactly() {
    check_program_set(ProgramSet::Kernels, "oracle-kernels", "profile oracle, jotai-subset", &check_program);
}

/// `nissecc` with `args`, returning its stderr.
fn nissecc_stderr(args: &[&str]) -> Result<String, String> {
    let out = Command::new(nissecc()).args(args).output().map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(format!("nissecc {args:?} failed:\n{stderr}"));
    }
    Ok(stderr)
}

/// Profile-guided profiling (`-fprofile-instr-weights`): a Knuth–Stevenson
/// build weighted by a naive profile, and path builds weighted by that
/// naive profile and then by their own path profile, still profile
/// exactly, `--stats` says which functions the profile weighted, and a
/// profile of another program only draws a warning.
#[test]
fn profile_weights_keep_profiles_exact() {
    let dir = private_scratch("oracle-weights");
    let root = project_root();
    let programs = [root.join("tests/c/exit_in_loop.c"), root.join("jotai-subset/k038_stack_vm.c")];
    let failures = parallel_failures(&programs, |source| {
        let name = source.file_stem().unwrap().to_string_lossy().into_owned();
        let path = |suffix: &str| dir.join(format!("{name}.{suffix}"));
        let s = |p: &Path| p.to_string_lossy().into_owned();
        build_nissecc(std::slice::from_ref(source), &path("naive"), &[LEVEL, "-fprofile-instr=naive"])?;
        let reference = run_profiled(&path("naive"), &["1"], &path("naive.nprof"))?;
        let weights = format!("-fprofile-instr-weights={}", s(&path("naive.nprof")));
        let stats = nissecc_stderr(&[LEVEL, "-fprofile-instr=ks", &weights, "--stats", &s(source), "-o", &s(&path("ks"))])?;
        if !stats.contains("profile") || stats.contains("warning") {
            return Err(format!("{name}: --stats does not show profile weights:\n{stats}"));
        }
        let actual = run_profiled(&path("ks"), &["1"], &path("ks.nprof"))?;
        if actual != reference {
            return Err(format!("{name}: the weighted build behaves differently"));
        }
        if show_json(&path("naive.nprof"))? != show_json(&path("ks.nprof"))? {
            return Err(format!("{name}: the weighted ks profile differs from the naive one"));
        }
        // Path profiling takes weights from an edge or a path profile.
        for (label, weights_file) in [("path", path("naive.nprof")), ("path2", path("path.nprof"))] {
            let weights = format!("-fprofile-instr-weights={}", s(&weights_file));
            let stats = nissecc_stderr(&[LEVEL, "-fprofile-instr=path", &weights, "--stats", &s(source), "-o", &s(&path(label))])?;
            if !stats.contains("profile") || stats.contains("warning") {
                return Err(format!("{name}: --stats does not show profile weights for {label}:\n{stats}"));
            }
            if run_profiled(&path(label), &["1"], &path(&format!("{label}.nprof")))? != reference {
                return Err(format!("{name}: the weighted {label} build behaves differently"));
            }
            if profdata_output(&["derive-edges"], &path(&format!("{label}.nprof")))? != show_json(&path("naive.nprof"))? {
                return Err(format!("{name}: the weighted {label} profile differs from the naive one"));
            }
        }
        Ok(())
    });
    // A profile of another program: every function falls back, with a
    // warning naming it.
    let stale = nissecc_stderr(&[
        "-c",
        "-fprofile-instr",
        &format!("-fprofile-instr-weights={}", dir.join("exit_in_loop.naive.nprof").display()),
        &project_root().join("tests/c/if_else.c").to_string_lossy(),
        "-o",
        &dir.join("if_else.o").to_string_lossy(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_no_failures("profile weights", programs.len(), failures);
    let stale = stale.unwrap();
    assert!(stale.contains("warning") && stale.contains("`main` is stale"), "{stale}");
}
