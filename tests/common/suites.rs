//! Running a suite of independent test programs against gcc: each program
//! gcc builds is built with nissecc at `-O0` and `-O2`, and nissecc's
//! build must print what gcc's prints and exit alike, or stop with a clean
//! `error: unsupported: …` for C outside the subset. A compile-only suite
//! (`gcc.c-torture/compile`) asks only that nissecc compile what gcc
//! compiles, at `-O0`, `-O2` and `-O2` instrumented, or say what is
//! unsupported. Any other compile error, internal error, crash or
//! difference is a failure, as is a program of the suite's known failures
//! that starts to pass.

use super::*;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The levels each program of a suite that runs is built at.
const LEVELS: [&[&str]; 2] = [&["-O0"], &["-O2"]];

/// The builds of each program of a compile-only suite: the levels, and
/// the instrumentation of profiling, which rewrites every function.
const COMPILE_BUILDS: [&[&str]; 3] = [&["-O0"], &["-O2"], &["-O2", "-fprofile-instr=sese"]];

/// A suite: its name, programs, and the programs nissecc is known to get
/// wrong, each with the reason.
pub struct Suite<'a> {
    pub name: &'a str,
    pub files: Vec<PathBuf>,
    pub known_failures: &'a [(&'a str, &'a str)],
    /// Whether the programs are only compiled, not linked and run.
    pub compile_only: bool,
    /// The flags a program asks both compilers for (a DejaGnu test's
    /// `dg-options`).
    pub flags: fn(&Path) -> Vec<String>,
}

impl<'a> Suite<'a> {
    /// A suite of programs that are run, with no flags of their own.
    pub fn of_programs(name: &'a str, files: Vec<PathBuf>, known_failures: &'a [(&'a str, &'a str)]) -> Self {
        Suite { name, files, known_failures, compile_only: false, flags: |_| Vec::new() }
    }
}

/// What nissecc did with one program at one level.
enum Verdict {
    Matches,
    Unsupported(String),
}

/// Builds and runs one program, or compiles it in a compile-only suite;
/// `None` when gcc does not build it or its gcc build fails (such
/// programs test another compiler's extensions or targets).
fn check(suite: &Suite, file: &Path, dir: &Path) -> Result<Option<Vec<Verdict>>, String> {
    let name = file.file_stem().unwrap().to_string_lossy().into_owned();
    let own_flags = (suite.flags)(file);
    let mut flags: Vec<&str> = own_flags.iter().map(String::as_str).collect();
    if suite.compile_only {
        flags.push("-c");
    }
    let reference_exe = dir.join(format!("{name}.gcc"));
    let gcc_flags: Vec<&str> = ["-O0"].into_iter().chain(flags.iter().copied()).collect();
    if build_gcc(&[file.to_path_buf()], &reference_exe, &gcc_flags).is_err() {
        return Ok(None);
    }
    let reference = if suite.compile_only {
        None
    } else {
        let Ok(reference) = run_program(&reference_exe, &[]) else { return Ok(None) };
        if reference.status != Some(0) && reference.status != Some(1) {
            return Ok(None);
        }
        Some(reference)
    };
    let builds: &[&[&str]] = if suite.compile_only { &COMPILE_BUILDS } else { &LEVELS };
    let mut verdicts = Vec::new();
    for build in builds {
        let what = format!("{name} {}", build.join(" "));
        let exe = dir.join(format!("{name}{}", build.concat()));
        let nissecc_flags: Vec<&str> = flags.iter().chain(build.iter()).copied().collect();
        match build_nissecc(&[file.to_path_buf()], &exe, &nissecc_flags) {
            Ok(()) => {
                if let Some(reference) = &reference {
                    let actual = run_program(&exe, &[]).map_err(|e| format!("{what}: {e}"))?;
                    compare_runs(&what, reference, &actual)?;
                }
                verdicts.push(Verdict::Matches);
            }
            Err(message) => {
                // A build that timed out or crashed has no `error:` line: report
                // what `build_nissecc` said instead.
                let first = message.lines().find(|l| l.contains("error:")).unwrap_or(message.trim()).to_string();
                if !(first.contains("error:") && first.contains("unsupported:")) {
                    return Err(format!("{what}: {first}"));
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

/// Runs, as a suite, the `dg-do run` tests among the programs that
/// `scripts/fetch-gcc-torture.sh` fetched into `target/gcc-torture/<relative>`
/// (at least `min_files` files), each built with the options its DejaGnu
/// directives ask for (see `dejagnu`); at least `min_run` of them must be
/// run tests, and gcc must build as many.
pub fn run_dejagnu_suite(name: &str, relative: &str, min_files: usize, min_run: usize, known_failures: &[(&str, &str)]) {
    let files: Vec<_> = fetched_programs(&format!("gcc-torture/{relative}"), "fetch-gcc-torture.sh", min_files)
        .into_iter()
        .filter(|f| super::dejagnu::run_test_flags(f).is_some())
        .collect();
    assert!(files.len() >= min_run, "only {} run tests were found in {relative}", files.len());
    let suite = Suite { flags: |f| super::dejagnu::run_test_flags(f).unwrap_or_default(), ..Suite::of_programs(name, files, known_failures) };
    run_suite(&suite, min_run);
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
        match (check(suite, file, &scratch), known) {
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
