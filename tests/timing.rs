//! Programs whose runs depend on timing (a signal's arrival, the
//! interleaving of threads), checked against gcc without the profile
//! oracle, since how often their loops run varies from run to run:
//! `tests/timing/*.c`, built with `-pthread` by nissecc at -O0 and -O2,
//! must finish and print what gcc's build prints. `run_program`'s time
//! limit turns a loop that never sees a signal's effect into a failure.

mod common;

use common::*;
use std::path::PathBuf;

#[test]
fn timing_dependent_programs_match_gcc() {
    let dir = project_root().join("tests/timing");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "c")).collect();
    sources.sort();
    assert!(!sources.is_empty(), "no programs in {}", dir.display());
    let scratch = scratch_dir("timing");
    let mut failures = Vec::new();
    for source in &sources {
        let name = source.file_stem().unwrap().to_string_lossy().into_owned();
        let check = || -> Result<(), String> {
            let reference_exe = scratch.join(format!("{name}.gcc"));
            build_gcc(std::slice::from_ref(source), &reference_exe, &["-O2", "-pthread"])?;
            let reference = run_program(&reference_exe, &[])?;
            for level in ["-O0", "-O2"] {
                let exe = scratch.join(format!("{name}{level}"));
                build_nissecc(std::slice::from_ref(source), &exe, &[level, "-pthread"])?;
                compare_runs(&format!("{name} {level}"), &reference, &run_program(&exe, &[])?)?;
            }
            Ok(())
        };
        if let Err(e) = check() {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
