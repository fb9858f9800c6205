//! Running a suite of independent test programs against gcc: each program
//! gcc builds is built with nissecc at `-O0` and `-O2`, and nissecc's
//! build must print what gcc's prints and exit alike, or stop with a clean
//! `error: unsupported: …` for C outside the subset. Any other compile
//! error, internal error, crash or difference is a failure, as is a
//! program of the suite's known failures that starts to pass.

use super::*;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const LEVELS: [&str; 2] = ["-O0", "-O2"];

/// A suite: its name, programs, and the programs nissecc is known to get
/// wrong, each with the reason.
pub struct Suite<'a> {
    pub name: &'a str,
    pub files: Vec<PathBuf>,
    pub known_failures: &'a [(&'a str, &'a str)],
}

/// What nissecc did with one program at one level.
enum Verdict {
    Matches,
    Unsupported(String),
}

/// Builds and runs one program; `None` when gcc does not build it or its
/// gcc build fails (such programs test another compiler's extensions or
/// targets).
fn check(file: &Path, dir: &Path) -> Result<Option<Vec<Verdict>>, String> {
    let name = file.file_stem().unwrap().to_string_lossy().into_owned();
    let reference_exe = dir.join(format!("{name}.gcc"));
    if build_gcc(&[file.to_path_buf()], &reference_exe, &["-O0"]).is_err() {
        return Ok(None);
    }
    let Ok(reference) = run_program(&reference_exe, &[]) else { return Ok(None) };
    if reference.status != Some(0) && reference.status != Some(1) {
        return Ok(None);
    }
    let mut verdicts = Vec::new();
    for level in LEVELS {
        let exe = dir.join(format!("{name}{level}"));
        match build_nissecc(&[file.to_path_buf()], &exe, &[level]) {
            Ok(()) => {
                let actual = run_program(&exe, &[]).map_err(|e| format!("{name} {level}: {e}"))?;
                compare_runs(&format!("{name} {level}"), &reference, &actual)?;
                verdicts.push(Verdict::Matches);
            }
            Err(message) => {
                let first = message.lines().find(|l| l.contains("error")).unwrap_or("").to_string();
                if !(first.contains("error:") && first.contains("unsupported:")) {
                    return Err(format!("{name} {level}: {first}"));
                }
                verdicts.push(Verdict::Unsupported(first));
            }
        }
    }
    Ok(Some(verdicts))
}

/// The programs of a suite that `scripts/<script>` fetched into
/// `target/<relative>`; panics if they are missing or fewer than `min`.
pub fn fetched_programs(relative: &str, script: &str, min: usize) -> Vec<PathBuf> {
    let dir = project_root().join("target").join(relative);
    assert!(dir.is_dir(), "{} is missing: run scripts/{script} (scripts/setup.sh does)", dir.display());
    let files = c_files(&dir);
    assert!(files.len() >= min, "expected at least {min} programs in {}, found {}", dir.display(), files.len());
    files
}

/// Runs the suite and panics with every failure; prints how many programs
/// matched and which were unsupported, and asserts that gcc built at least
/// `min_built` of them (fewer means the suite is incomplete).
pub fn run_suite(suite: &Suite, min_built: usize) {
    let scratch = scratch_dir(suite.name);
    let results = Mutex::new(Vec::new());
    let failures = parallel_failures(&suite.files, |file| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let known = suite.known_failures.iter().find(|(n, _)| *n == name);
        match (check(file, &scratch), known) {
            (Ok(verdicts), None) => {
                results.lock().unwrap().push((name, verdicts));
                Ok(())
            }
            (Ok(Some(_)), Some((_, why))) => Err(format!("{name} passes now; remove it from the known failures ({why})")),
            (Ok(None), Some(_)) => Err(format!("{name}: gcc no longer builds or runs it; remove it from the known failures")),
            (Err(_), Some(_)) => Ok(()),
            (Err(e), None) => Err(e),
        }
    });
    let results = results.into_inner().unwrap();
    let built: Vec<_> = results.iter().filter_map(|(name, v)| v.as_ref().map(|v| (name, v))).collect();
    let unsupported: Vec<String> = built
        .iter()
        .filter_map(|(name, v)| {
            v.iter().find_map(|x| match x {
                Verdict::Unsupported(why) => Some(format!("{name}: {why}")),
                Verdict::Matches => None,
            })
        })
        .collect();
    eprintln!(
        "{}: {} programs, {} built by gcc, {} known failures, {} unsupported by nissecc, {} matching:",
        suite.name,
        suite.files.len(),
        built.len() + suite.known_failures.len(),
        suite.known_failures.len(),
        unsupported.len(),
        built.len() - unsupported.len()
    );
    for line in &unsupported {
        eprintln!("  {line}");
    }
    assert!(built.len() >= min_built, "only {} programs were built by gcc; the suite looks incomplete", built.len());
    assert_no_failures(suite.name, suite.files.len(), failures);
}
