//! The targeted path profiling oracle (issue 16; Joshi, Bond & Zilles,
//! "Targeted Path Profiling"): every program in `tests/c/` (single files,
//! the stress and `longjmp` programs, the multi-file programs) and every
//! jotai-subset kernel is built with `-fprofile-instr=naive`,
//! `-fprofile-instr=path` (Ball–Larus) and `-fprofile-instr=tpp` trained
//! on the naive profile of the first input. On every input, the TPP build
//! must print what the naive build prints, and its profile must agree
//! exactly with the Ball–Larus profile of the same input, split at TPP's
//! cuts (`profdata::targeted::compare_profiles`, through
//! `tpp::compare::check_against`): every counted path has
//! Ball–Larus's count and every hot path ending at a counting point is
//! counted; the cold slot holds the flow of the cold paths; on the
//! training input, every path TPP derives from the edge profile has
//! Ball–Larus's count too. On the other inputs only the counted paths and
//! the cold slot must be exact.

mod common;

use common::*;
use nissecc::profdata::load::load;
use nissecc::profdata::targeted::compare_profiles;
use nissecc_midend::instrument::path::DEFAULT_ARRAY_THRESHOLD;
use std::path::{Path, PathBuf};

const LEVEL: &str = "-O2";

fn check_program(dir: &Path, name: &str, sources: &[PathBuf], inputs: &[Vec<&str>]) -> Result<(), String> {
    let exe = |label: &str| dir.join(format!("{name}.{label}"));
    let profile = |i: usize, label: &str| dir.join(format!("{name}.{i}.{label}.nprof"));
    for label in ["naive", "path"] {
        build_nissecc(sources, &exe(label), &[LEVEL, &format!("-fprofile-instr={label}")]).map_err(|e| format!("{name} {label}: {e}"))?;
    }
    let mut references = Vec::new();
    for (i, args) in inputs.iter().enumerate() {
        let what = format!("{name} input {args:?}");
        references.push(run_profiled(&exe("naive"), args, &profile(i, "naive")).map_err(|e| format!("{what} (naive): {e}"))?);
        let run = run_profiled(&exe("path"), args, &profile(i, "path")).map_err(|e| format!("{what} (path): {e}"))?;
        if run != references[i] {
            return Err(format!("{what}: the path build printed or exited differently"));
        }
    }
    let weights = format!("-fprofile-instr-weights={}", profile(0, "naive").display());
    build_nissecc(sources, &exe("tpp"), &[LEVEL, "-fprofile-instr=tpp", &weights]).map_err(|e| format!("{name} tpp: {e}"))?;
    for (i, args) in inputs.iter().enumerate() {
        let what = format!("{name} input {args:?}");
        let run = run_profiled(&exe("tpp"), args, &profile(i, "tpp")).map_err(|e| format!("{what} (tpp): {e}"))?;
        if run != references[i] {
            return Err(format!("{what}: the tpp build printed or exited differently (status {:?} vs {:?})", run.status, references[i].status));
        }
        let (tpp, path) = (load(&profile(i, "tpp"))?, load(&profile(i, "path"))?);
        compare_profiles(&tpp, &path, i == 0, DEFAULT_ARRAY_THRESHOLD).map_err(|e| format!("{what}: {e}"))?;
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

/// `show` of a TPP profile: the paths counted and derived, marked, the
/// cold share, the attribution of definite flow against `--reference`,
/// and the same in `--json`; and a damaged profile is an error that names
/// the function.
#[test]
fn show_lists_counted_and_derived_paths_and_rejects_damage() {
    let dir = scratch_dir(&format!("tpp-show-{}", std::process::id()));
    let source = project_root().join("tests/c/binary_search.c");
    let exe = |label: &str| dir.join(label);
    let profile = |label: &str| dir.join(format!("{label}.nprof"));
    for label in ["naive", "path"] {
        build_nissecc(std::slice::from_ref(&source), &exe(label), &[LEVEL, &format!("-fprofile-instr={label}")]).unwrap();
        run_profiled(&exe(label), &[], &profile(label)).unwrap();
    }
    let weights = format!("-fprofile-instr-weights={}", profile("naive").display());
    build_nissecc(std::slice::from_ref(&source), &exe("tpp"), &[LEVEL, "-fprofile-instr=tpp", &weights]).unwrap();
    run_profiled(&exe("tpp"), &[], &profile("tpp")).unwrap();

    let reference = format!("--reference={}", profile("path").display());
    let text = profdata_output(&["show", "--paths", &reference], &profile("tpp")).unwrap();
    assert!(text.contains("(counted)") && text.contains("(derived)"), "{text}");
    let total = text.lines().find(|l| l.trim_start().starts_with("total: path runs")).unwrap_or_else(|| panic!("no total line:\n{text}"));
    assert!(total.contains("attribution of definite flow"), "{total}");

    let json: serde_json::Value = serde_json::from_str(&profdata_output(&["show", "--paths", "--json", &reference], &profile("tpp")).unwrap()).unwrap();
    let functions = json["functions"].as_array().unwrap();
    let bsearch = functions.iter().find(|f| f["name"].as_str().is_some_and(|n| n.ends_with("isqrt"))).expect("isqrt is listed");
    let aodf = bsearch["tpp"]["attribution_of_definite_flow"].as_f64().unwrap();
    assert!(aodf > 0.5 && aodf <= 1.0, "{aodf}");
    let derived = functions.iter().flat_map(|f| f["paths"].as_array().unwrap()).filter(|p| p["derived"] == true).count();
    assert!(derived > 0, "no derived path in {json}");

    // A path number past the cold slot (the last, so that the numbers
    // stay sorted as the file format requires).
    let mut damaged = load(&profile("tpp")).unwrap();
    let function = damaged.functions.iter_mut().find(|f| !f.paths.is_empty()).unwrap();
    let name = function.name.clone();
    function.paths.last_mut().unwrap().0 = u64::MAX / 2;
    std::fs::write(profile("damaged"), nissecc_profile_format::write(&damaged)).unwrap();
    let error = profdata_output(&["show"], &profile("damaged")).unwrap_err();
    assert!(error.contains(&format!("`{name}`")) && error.contains("outside the"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}
