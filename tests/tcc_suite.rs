//! An oracle nobody here wrote: the test programs of the Tiny C Compiler
//! (`tests/tests2` of tcc 0.9.27, fetched from Debian's source package by
//! `scripts/fetch-tcc-tests.sh`, which `scripts/setup.sh` runs). Every
//! program gcc builds is built with nissecc at `-O0` and `-O2`; nissecc's
//! build must print what gcc's prints and exit alike, or stop with a clean
//! `error: unsupported: …` for C outside the subset (inline assembly,
//! `#pragma pack`, `long double` values, `$` in identifiers…). Any other
//! compile error, internal error, crash or difference fails the test, as
//! does a program of [`KNOWN_FAILURES`] that starts to pass.

mod common;

use common::*;
use std::path::PathBuf;

const LEVELS: [&str; 2] = ["-O0", "-O2"];

/// Programs nissecc is known to reject with a misleading error, and why.
const KNOWN_FAILURES: [(&str, &str); 2] = [
    ("82_attribs_position", "lang-c misparses `__attribute__` inside an abstract declarator, `(int (ATTR *)(void))`"),
    ("90_struct-init", "a compound literal as a member's value in a static initializer, `{ …, (empty_s){}, … }`"),
];

fn suite_dir() -> PathBuf {
    project_root().join("target/tcc-tests/tests2")
}

/// What nissecc did with one program at one level.
enum Verdict {
    Matches,
    Unsupported(String),
}

fn check(file: &PathBuf, dir: &std::path::Path) -> Result<Option<Vec<Verdict>>, String> {
    let name = file.file_stem().unwrap().to_string_lossy().into_owned();
    let reference_exe = dir.join(format!("{name}.gcc"));
    // Programs gcc rejects test tcc's own extensions or diagnostics.
    if build_gcc(std::slice::from_ref(file), &reference_exe, &["-O0"]).is_err() {
        return Ok(None);
    }
    let reference = run_program(&reference_exe, &[]).map_err(|e| format!("{name} (gcc): {e}"))?;
    let mut verdicts = Vec::new();
    for level in LEVELS {
        let exe = dir.join(format!("{name}{level}"));
        match build_nissecc(std::slice::from_ref(file), &exe, &[level]) {
            Ok(()) => {
                let actual = run_program(&exe, &[]).map_err(|e| format!("{name} {level}: {e}"))?;
                compare_runs(&format!("{name} {level}"), &reference, &actual)?;
                verdicts.push(Verdict::Matches);
            }
            Err(message) => {
                let first = message.lines().find(|l| l.contains("error")).unwrap_or("").to_string();
                if !first.contains("error: unsupported:") {
                    return Err(format!("{name} {level}: {first}"));
                }
                verdicts.push(Verdict::Unsupported(first));
            }
        }
    }
    Ok(Some(verdicts))
}

#[test]
fn tcc_test_programs_match_gcc_or_are_unsupported() {
    let dir = suite_dir();
    assert!(dir.is_dir(), "{} is missing: run scripts/fetch-tcc-tests.sh (scripts/setup.sh does)", dir.display());
    let files = c_files(&dir);
    assert!(files.len() >= 100, "expected about a hundred programs in {}, found {}", dir.display(), files.len());
    let scratch = scratch_dir("tcc-suite");
    let results = std::sync::Mutex::new(Vec::new());
    let failures = parallel_failures(&files, |file| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let known = KNOWN_FAILURES.iter().find(|(n, _)| *n == name);
        match (check(file, &scratch), known) {
            (Ok(verdicts), None) => {
                results.lock().unwrap().push((name, verdicts));
                Ok(())
            }
            (Ok(Some(_)), Some((_, why))) => Err(format!("{name} passes now; remove it from KNOWN_FAILURES ({why})")),
            (Ok(None), Some(_)) => Err(format!("{name}: gcc no longer builds it; remove it from KNOWN_FAILURES")),
            (Err(_), Some(_)) => Ok(()),
            (Err(e), None) => Err(e),
        }
    });
    let results = results.into_inner().unwrap();
    let built = results.iter().filter(|(_, v)| v.is_some()).count();
    let unsupported: Vec<String> = results
        .iter()
        .filter_map(|(name, v)| v.as_ref().and_then(|v| v.iter().find_map(|x| match x {
            Verdict::Unsupported(why) => Some(format!("{name}: {why}")),
            Verdict::Matches => None,
        })))
        .collect();
    eprintln!("tcc suite: {} programs, {built} built by gcc, {} unsupported by nissecc:", files.len(), unsupported.len());
    for line in &unsupported {
        eprintln!("  {line}");
    }
    assert!(built >= 90, "only {built} programs were built by gcc; the suite looks incomplete");
    assert_no_failures("tcc tests2", files.len(), failures);
}
