//! The differential oracle: every program in `tests/c/` (including the
//! larger, independently written `tests/c/stress/` programs and the
//! `tests/c/longjmp/` ones) and every
//! jotai-subset kernel, built with nissecc at `-O0` and `-O2`, must print
//! the same stdout and exit with the same status as gcc's build of it.

mod common;

use common::*;
use std::path::PathBuf;

const LEVELS: [&str; 2] = ["-O0", "-O2"];

#[test]
fn feature_tests_match_gcc() {
    let mut files = c_files(&project_root().join("tests/c"));
    files.extend(c_files(&project_root().join("tests/c/stress")));
    files.extend(c_files(&project_root().join("tests/c/longjmp")));
    let dir = scratch_dir("features");
    let failures = parallel_failures(&files, |file| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let reference_exe = dir.join(format!("{name}.gcc"));
        build_gcc(std::slice::from_ref(file), &reference_exe, &["-O0"]).map_err(|e| format!("{name}: {e}"))?;
        let reference = run_program(&reference_exe, &[]).map_err(|e| format!("{name} (gcc): {e}"))?;
        for level in LEVELS {
            let exe = dir.join(format!("{name}{level}"));
            build_nissecc(std::slice::from_ref(file), &exe, &[level]).map_err(|e| format!("{name} {level}: {e}"))?;
            let actual = run_program(&exe, &[]).map_err(|e| format!("{name} {level}: {e}"))?;
            compare_runs(&format!("{name} {level}"), &reference, &actual)?;
        }
        Ok(())
    });
    assert_no_failures("tests/c", files.len(), failures);
}

#[test]
fn multi_file_programs_match_gcc() {
    let root = project_root().join("tests/c/multi");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    programs.sort();
    let dir = scratch_dir("multi");
    let failures = parallel_failures(&programs, |program| {
        let name = program.file_name().unwrap().to_string_lossy().into_owned();
        let sources = c_files(program);
        let reference_exe = dir.join(format!("{name}.gcc"));
        build_gcc(&sources, &reference_exe, &["-O0"]).map_err(|e| format!("{name}: {e}"))?;
        let reference = run_program(&reference_exe, &[]).map_err(|e| format!("{name} (gcc): {e}"))?;
        // One command for all files, and separate compilation with -c.
        let exe = dir.join(format!("{name}.one"));
        build_nissecc(&sources, &exe, &["-O2"]).map_err(|e| format!("{name}: {e}"))?;
        compare_runs(&format!("{name} (one command)"), &reference, &run_program(&exe, &[])?)?;
        let mut objects = Vec::new();
        for source in &sources {
            let object = dir.join(format!("{name}-{}.o", source.file_stem().unwrap().to_string_lossy()));
            let out = std::process::Command::new(nissecc()).arg("-c").arg("-O1").arg(source).arg("-o").arg(&object).output().unwrap();
            if !out.status.success() {
                return Err(format!("{name}: nissecc -c failed: {}", String::from_utf8_lossy(&out.stderr)));
            }
            objects.push(object);
        }
        let exe = dir.join(format!("{name}.sep"));
        build_nissecc(&objects, &exe, &[]).map_err(|e| format!("{name}: linking objects: {e}"))?;
        compare_runs(&format!("{name} (separate -c)"), &reference, &run_program(&exe, &[])?)
    });
    assert_no_failures("tests/c/multi", programs.len(), failures);
}

#[test]
fn jotai_kernels_match_gcc() {
    let kernels = kernels();
    let dir = scratch_dir("kernels");
    let failures = parallel_failures(&kernels, |k| {
        let reference_exe = dir.join(format!("{}.gcc", k.name));
        build_gcc(std::slice::from_ref(&k.path), &reference_exe, &["-O1"]).map_err(|e| format!("{}: {e}", k.name))?;
        let mut exes = Vec::new();
        for level in LEVELS {
            let exe = dir.join(format!("{}{level}", k.name));
            build_nissecc(std::slice::from_ref(&k.path), &exe, &[level]).map_err(|e| format!("{} {level}: {e}", k.name))?;
            exes.push((level, exe));
        }
        for input in &k.inputs {
            let reference = run_program(&reference_exe, &[input]).map_err(|e| format!("{} (gcc) {input}: {e}", k.name))?;
            for (level, exe) in &exes {
                let actual = run_program(exe, &[input]).map_err(|e| format!("{} {level} {input}: {e}", k.name))?;
                compare_runs(&format!("{} {level} input {input}", k.name), &reference, &actual)?;
            }
        }
        Ok(())
    });
    assert_no_failures("jotai-subset", kernels.len(), failures);
}
