//! The `semantic` target (issue 21): a mutant of a `tests/c` program
//! (`semantic_mutation`) must behave under nissecc as it does under gcc,
//! and profile alike under every strategy.
//!
//! gcc decides first whether the mutant is worth checking. It is
//! *filtered* (set aside, not counted as checked) when gcc rejects it, or
//! when the reference build (`gcc -std=gnu11 -O0 -w`) times out or dies by
//! a signal; when a build with `-fsanitize=undefined,address` (and
//! `float-cast-overflow`, which `undefined` leaves out, and
//! `pointer-compare` and `pointer-subtract`, which see a relational
//! comparison or a difference of pointers into different objects, whose
//! result gcc and clang lay out differently; the string and memory
//! functions are called, not folded, so that the sanitizer sees what they
//! read) reports anything,
//! prints on stderr, or prints or exits otherwise than the reference;
//! when that build draws a warning no sanitizer can back up (see
//! [`suspicious_warning`]: a `printf` argument of the wrong width, a call
//! through a pointer to another function type, undefined behaviour in a
//! constant expression that gcc folds); when a second run of the
//! reference, with `MALLOC_PERTURB_` filling the heap and the stack moved
//! by a 4 KiB environment variable, prints otherwise (output that depends
//! on the run, on uninitialized heap or on what lies outside the
//! program's objects); or when a build with
//! `-ftrivial-auto-var-init=pattern` prints otherwise (uninitialized
//! locals, which no sanitizer of gcc's sees). The
//! sanitized build also moves every local (redzones), so output that
//! depends on where locals lie is filtered too.
//!
//! nissecc then builds it at `-O0`, at `-O2`, and at `-O2` with
//! `-fprofile-instr=naive`, `sese` and `path`, and runs each twice, the
//! second time with the stack moved: if the two runs print, exit or
//! profile differently, the mutant reads memory outside its objects in a
//! way no sanitizer saw (far past an array, `va_arg` past the arguments
//! or of another type), and it is filtered as `unstable`; a nissecc
//! miscompile that reads garbage would hide there too, which is the price
//! of not reporting undefined behaviour as bugs. It is *skipped* when a
//! build stops with an `unsupported:` error or another error at a place
//! in the source. A failure is a panic, an internal compiler error, a
//! crash or hang of nissecc or any other error of it (the backend's, the
//! linker's); a run that prints or exits otherwise than the reference,
//! prints on stderr or hangs; or a profile whose edge counts (`show
//! --json`, `derive-edges` for the path profile) differ from the naive
//! one's, or in which `main` was not entered exactly once. The note of a
//! run that differs says whether gcc at `-O2` and clang-19 at `-O0` agree
//! with the reference: where C leaves a choice to the implementation
//! (the order in which arguments are evaluated), nissecc follows gcc, and
//! clang may not.

use super::Verdict;
use crate::bench::compare::{profile_difference, run_difference};
use crate::bench::process::RunResult;
use crate::profdata::derive_edges::derive_edges;
use crate::profdata::show::{load_counts, show, ShowOptions};
use crate::programs::build::parse_diagnostics;
use crate::programs::process::run_limited;
use std::path::{Path, PathBuf};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::Duration;

/// The largest file a compiler or a mutant may write.
const FILE_SIZE_LIMIT: libc::rlim_t = 1 << 30;

/// How long the reference build may run: every seed finishes within 60 ms
/// at `-O0`, so a slower mutant is most likely looping.
const REFERENCE_LIMIT: Duration = Duration::from_secs(1);
/// How long the sanitized build and nissecc's builds may run.
const RUN_LIMIT: Duration = Duration::from_secs(10);
/// How long a compiler may take.
const COMPILE_LIMIT: Duration = Duration::from_secs(120);

/// What a nissecc build profiles, and so how its profile is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Profile {
    None,
    Edges,
    Paths,
}

/// nissecc's builds: a label, the flags and the profile. `naive` is the
/// ground truth the other profiles must equal.
const BUILDS: [(&str, &[&str], Profile); 5] = [
    ("O0", &["-O0"], Profile::None),
    ("O2", &["-O2"], Profile::None),
    ("naive", &["-O2", "-fprofile-instr=naive"], Profile::Edges),
    ("sese", &["-O2", "-fprofile-instr=sese"], Profile::Edges),
    ("path", &["-O2", "-fprofile-instr=path"], Profile::Paths),
];

/// The sanitizers' options: stop at the first report, no leak report (a
/// program that exits without freeing has no undefined behaviour), and
/// a report for pointers into different objects compared with `<` or
/// subtracted (C11 §6.5.8p5, §6.5.6p9), which `pointer-compare` and
/// `pointer-subtract` check only when asked.
const SANITIZER_ENV: [(&str, &str); 2] =
    [("UBSAN_OPTIONS", "halt_on_error=1"), ("ASAN_OPTIONS", "detect_leaks=0:detect_invalid_pointer_pairs=1")];

/// An environment variable that moves the stack (by its 4 KiB value) in a
/// second run of a build, and so what a read outside any object finds.
const STACK_SHIFT: &str = "NISSECC_FUZZ_STACK_SHIFT";

/// The string and memory functions that the sanitized build calls rather
/// than folds: gcc evaluates `memcmp ("abc", "abc", 2147483648)` at compile
/// time, and only the library call lets the address sanitizer see it read
/// past its objects. (`-fno-builtin` as a whole would also stop gcc from
/// checking `printf` formats, which the warnings filter needs.)
const UNFOLDED_LIBRARY_FUNCTIONS: [&str; 20] = [
    "-fno-builtin-memcmp",
    "-fno-builtin-bcmp",
    "-fno-builtin-memchr",
    "-fno-builtin-memcpy",
    "-fno-builtin-memmove",
    "-fno-builtin-memset",
    "-fno-builtin-strlen",
    "-fno-builtin-strnlen",
    "-fno-builtin-strcmp",
    "-fno-builtin-strncmp",
    "-fno-builtin-strcpy",
    "-fno-builtin-strncpy",
    "-fno-builtin-strcat",
    "-fno-builtin-strncat",
    "-fno-builtin-strchr",
    "-fno-builtin-strrchr",
    "-fno-builtin-strstr",
    "-fno-builtin-strspn",
    "-fno-builtin-strcspn",
    "-fno-builtin-strpbrk",
];

/// The second opinion on a mutant whose output differs.
const PEER: &str = "clang-19";

/// The semantic target: the nissecc it checks and a scratch directory of
/// its own, removed when it is dropped.
pub struct Semantic {
    nissecc: PathBuf,
    /// Held for its removal on drop; `dir` is inside it.
    _scratch: tempfile::TempDir,
    dir: PathBuf,
    /// The value of [`STACK_SHIFT`].
    shift: String,
}

/// A run: what it printed, on stdout and stderr, and how it ended.
struct Run {
    result: RunResult,
    stderr: Vec<u8>,
}

impl Semantic {
    /// The target checking `nissecc`, with a fresh scratch directory.
    pub fn new(nissecc: PathBuf) -> Result<Semantic, String> {
        if !nissecc.is_file() {
            return Err(format!("{}: no such compiler (build it: cargo build --release)", nissecc.display()));
        }
        let scratch =
            tempfile::Builder::new().prefix("nissecc-fuzz-semantic-").tempdir().map_err(|e| format!("a scratch directory: {e}"))?;
        let dir = scratch.path().join("mutant");
        Ok(Semantic { nissecc, _scratch: scratch, dir, shift: "x".repeat(4096) })
    }

    /// Checks the C program `source` (see the module comment); a panic
    /// (of the profile reader) is a failure too.
    pub fn check(&self, source: &[u8]) -> Verdict {
        super::guarded(|| self.check_program(source))
    }

    fn check_program(&self, source: &[u8]) -> Verdict {
        let _ = std::fs::remove_dir_all(&self.dir);
        let file = self.dir.join("mutant.c");
        if let Err(e) = std::fs::create_dir_all(&self.dir).and_then(|_| std::fs::write(&file, source)) {
            return Verdict::Failure(format!("cannot write {}: {e}", file.display()));
        }
        let reference = match self.reference(&file) {
            Ok(reference) => reference,
            Err(why) => return Verdict::Filtered(why),
        };
        for (label, flags, profile) in BUILDS {
            if let Err(verdict) = self.check_build(&file, label, flags, profile, &reference) {
                return verdict;
            }
        }
        match self.compare_profiles() {
            Ok(()) => Verdict::Handled,
            Err(verdict) => verdict,
        }
    }

    /// The reference run of the gcc build, or why the mutant is filtered.
    fn reference(&self, file: &Path) -> Result<RunResult, &'static str> {
        let (plain, _) = self.compile("gcc", file, "gcc", &["-w"]).ok_or("gcc rejects it")?;
        let reference = self.run(&plain, REFERENCE_LIMIT, &[]).ok_or("timeout")?;
        if reference.result.status.is_none() {
            return Err("signal");
        }
        let mut sanitizers = vec![
            "-Wformat",
            "-Wshift-negative-value",
            "-fsanitize=undefined,address,float-cast-overflow,pointer-compare,pointer-subtract",
            "-fno-sanitize-recover=all",
        ];
        sanitizers.extend(UNFOLDED_LIBRARY_FUNCTIONS);
        let (sanitized, warnings) = self.compile("gcc", file, "gcc-sanitized", &sanitizers).ok_or("gcc rejects it")?;
        if suspicious_warning(&warnings).is_some() {
            return Err("gcc warns");
        }
        let run = self.run(&sanitized, RUN_LIMIT, &SANITIZER_ENV).ok_or("sanitizer")?;
        if !run.stderr.is_empty() || run.result != reference.result {
            return Err("sanitizer");
        }
        let again = self.run(&plain, REFERENCE_LIMIT, &[("MALLOC_PERTURB_", "165"), (STACK_SHIFT, &self.shift)]).ok_or("timeout")?;
        if again.result != reference.result || !again.stderr.is_empty() {
            return Err("nondeterministic");
        }
        let (patterned, _) =
            self.compile("gcc", file, "gcc-pattern", &["-w", "-ftrivial-auto-var-init=pattern"]).ok_or("gcc rejects it")?;
        if self.run(&patterned, REFERENCE_LIMIT, &[]).is_none_or(|run| run.result != reference.result) {
            return Err("uninitialized");
        }
        Ok(reference.result)
    }

    /// What gcc at `-O2` and clang-19 at `-O0` make of a mutant on which
    /// nissecc and gcc disagree: each compiler's label and run (`Err` when
    /// it cannot build it or its build times out).
    fn second_opinions(&self, file: &Path) -> Vec<(String, Result<RunResult, &'static str>)> {
        [("gcc", "-O2"), (PEER, "-O0")]
            .into_iter()
            .map(|(compiler, level)| {
                let name = format!("{compiler}{level}");
                let run = match self.compile(compiler, file, &name, &["-w", level]) {
                    None => Err("cannot build it"),
                    Some((exe, _)) => self.run(&exe, RUN_LIMIT, &[]).map(|run| run.result).ok_or("times out"),
                };
                (format!("{compiler} {level}"), run)
            })
            .collect()
    }

    /// Builds `file` with `compiler -std=gnu11 -O0`, nissecc's feature
    /// macros and `flags` (a later
    /// `-O` wins) into the scratch directory as `name`: the executable and
    /// the compiler's stderr, or `None` if it fails.
    fn compile(&self, compiler: &str, file: &Path, name: &str, flags: &[&str]) -> Option<(PathBuf, String)> {
        let exe = self.dir.join(name);
        let mut command = self.confined(compiler);
        // The C locale: warnings quote with `'`, as `suspicious_warning` reads.
        // nissecc's feature macros: a program that tests `__STDC_NO_COMPLEX__`
        // (tests/c/missing_type_fallbacks.c) takes the path nissecc takes,
        // so a mutation of the other path cannot tell the two apart.
        command.env("LC_ALL", "C").args(["-std=gnu11", "-O0"]).args(nissecc_frontend::preprocess::feature_macros()).args(flags);
        command.arg(file).arg("-o").arg(&exe).arg("-lm");
        let output = run_limited(command, None, COMPILE_LIMIT, compiler).ok()?;
        output.status.success().then(|| (exe, String::from_utf8_lossy(&output.stderr).into_owned()))
    }

    /// A command for `program` that keeps its files small and in the
    /// scratch directory: a mutated array size can make a compiler or a
    /// program write tens of gigabytes (gcc's assembler did, into /tmp,
    /// until the disk was full), so files are limited to 1 GiB and
    /// temporary files go where the scratch directory's removal takes them.
    fn confined(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command.env("TMPDIR", &self.dir);
        // SAFETY: `setrlimit` is async-signal-safe, as code between fork
        // and exec must be.
        unsafe {
            command.pre_exec(|| {
                let limit = libc::rlimit { rlim_cur: FILE_SIZE_LIMIT, rlim_max: FILE_SIZE_LIMIT };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        command
    }

    /// Runs `exe` in the scratch directory with `env`; `None` if it did
    /// not finish within `limit`.
    fn run(&self, exe: &Path, limit: Duration, env: &[(&str, &str)]) -> Option<Run> {
        let mut command = self.confined(exe);
        command.current_dir(&self.dir).envs(env.iter().copied());
        let output = run_limited(command, None, limit, "run").ok()?;
        Some(Run { result: RunResult { stdout: output.stdout, status: output.status.code() }, stderr: output.stderr })
    }

    /// Builds `file` with nissecc and `flags`, runs it (writing its
    /// profile, if it has one, to `LABEL.nprof`) and compares the run with
    /// the reference. The error is the verdict: skipped or a failure.
    fn check_build(&self, file: &Path, label: &str, flags: &[&str], profile: Profile, reference: &RunResult) -> Result<(), Verdict> {
        let exe = self.dir.join(format!("nissecc-{label}"));
        let mut command = self.confined(&self.nissecc);
        command.args(flags).arg(file).arg("-o").arg(&exe);
        let what = format!("nissecc {}", flags.join(" "));
        let output = run_limited(command, None, COMPILE_LIMIT, &what).map_err(Verdict::Failure)?;
        if !output.status.success() {
            return Err(compile_error(&what, output.status.code(), &String::from_utf8_lossy(&output.stderr), &self.dir));
        }
        // Run twice, the second time with the stack moved: a program that
        // reads outside its objects (far past an array, `va_arg` past the
        // arguments) shows it here if no sanitizer saw it.
        let mut runs = Vec::new();
        for (suffix, shifted) in [("", false), ("-shifted", true)] {
            let profile_file = self.dir.join(format!("{label}{suffix}.nprof")).to_string_lossy().into_owned();
            let mut env = Vec::new();
            if profile != Profile::None {
                env.push(("NISSE_PROFILE_FILE", profile_file.as_str()));
            }
            if shifted {
                env.push((STACK_SHIFT, self.shift.as_str()));
            }
            let run =
                self.run(&exe, RUN_LIMIT, &env).ok_or_else(|| Verdict::Failure(format!("the {what} build timed out; gcc's finished")))?;
            runs.push(run);
        }
        if runs[0].result != runs[1].result || runs[0].stderr != runs[1].stderr {
            return Err(Verdict::Filtered("unstable"));
        }
        let run = &runs[0];
        if let Some(difference) = run_difference(reference, &run.result) {
            let opinions = self.second_opinions(file);
            // gcc disagreeing with itself across levels, where nissecc
            // agrees with one of the others, means that the output depends
            // on what C leaves to the implementation (such as the nonzero
            // value `signbit` returns).
            let gcc_disagrees = opinions.first().is_some_and(|(_, other)| other.as_ref().is_ok_and(|other| other != reference));
            if gcc_disagrees && opinions.iter().any(|(_, other)| other.as_ref().is_ok_and(|other| *other == run.result)) {
                return Err(Verdict::Filtered("implementation-defined"));
            }
            let note: Vec<String> = opinions
                .iter()
                .map(|(label, other)| match other {
                    Err(problem) => format!("{label} {problem}"),
                    Ok(other) if other == reference => format!("{label} agrees with gcc -O0"),
                    Ok(other) => format!("{label} differs too ({})", run_difference(reference, other).unwrap_or_default()),
                })
                .collect();
            return Err(Verdict::Failure(format!("the {what} build differs from gcc's: {difference}\n{}", note.join("; "))));
        }
        if !run.stderr.is_empty() {
            let stderr = String::from_utf8_lossy(&run.stderr);
            return Err(Verdict::Failure(format!("the {what} build printed on stderr: {}", stderr.lines().next().unwrap_or(""))));
        }
        Ok(())
    }

    /// Compares the sese and path builds' edge profiles with the naive
    /// one, and checks that `main` was entered once. A profile that the
    /// run with the stack moved changes filters the mutant out, as output
    /// would.
    fn compare_profiles(&self) -> Result<(), Verdict> {
        let profile = |label: &str| self.dir.join(format!("{label}.nprof"));
        let options = ShowOptions { json: true, ..ShowOptions::default() };
        let edges = |label: &str, kind: Profile| -> Result<String, String> {
            let path = profile(label);
            if kind == Profile::Paths {
                return derive_edges(&path).map_err(|e| format!("{label} profile: {e}"));
            }
            let shown = show(&path, &options).map_err(|e| format!("{label} profile: {e}"))?;
            match shown.warnings.first() {
                Some(warning) => Err(format!("{label} profile: {warning}")),
                None => Ok(shown.text),
            }
        };
        let mut shown = Vec::new();
        for (label, _, kind) in BUILDS.iter().filter(|(_, _, kind)| *kind != Profile::None) {
            let counts = edges(label, *kind).map_err(Verdict::Failure)?;
            if edges(&format!("{label}-shifted"), *kind).map_err(Verdict::Failure)? != counts {
                return Err(Verdict::Filtered("unstable"));
            }
            shown.push((label, counts));
        }
        let (_, naive) = &shown[0];
        for (label, other) in &shown[1..] {
            if other != naive {
                let parse = |text: &str| serde_json::from_str(text).unwrap_or_default();
                let difference = profile_difference(&parse(naive), label, &parse(other)).unwrap_or_else(|| "the JSON text differs".into());
                return Err(Verdict::Failure(format!("the {label} edge profile differs from the naive one: {difference}")));
            }
        }
        let main = load_counts(&profile("naive"), Some("main"), None).map_err(Verdict::Failure)?;
        let entries = main[0].counts.blocks.first().copied().unwrap_or(0);
        if entries != 1 {
            return Err(Verdict::Failure(format!("the naive profile has main's entry block run {entries} times in one run")));
        }
        Ok(())
    }
}

/// Warnings of gcc that a sanitizer cannot back up: a `printf` argument of
/// another width than its conversion wants (the callee reads whatever the
/// rest of the register holds); pointers converted to incompatible types,
/// to integers or back (a call through a pointer to another function type
/// passes arguments as neither side expects); and undefined behaviour in
/// constant expressions, which gcc folds before any sanitizer could see it
/// (`65535L << 127` in a static initializer, a signed overflow, a shift of
/// a negative value, a division by zero). The first such warning in
/// `stderr`, if any. A format warning between types of one width (`%llx`
/// for an `unsigned long`) is harmless and let through, as is
/// `-Woverflow`'s implementation-defined conversion of a constant.
fn suspicious_warning(stderr: &str) -> Option<&str> {
    const SUSPICIOUS: &[&str] = &[
        "[-Wincompatible-pointer-types]",
        "[-Wint-conversion]",
        "[-Wint-to-pointer-cast]",
        "[-Wpointer-to-int-cast]",
        "pointer type mismatch in conditional expression",
        "[-Wshift-count-overflow]",
        "[-Wshift-count-negative]",
        "[-Wshift-negative-value]",
        "integer overflow in expression",
        "[-Wdiv-by-zero]",
    ];
    stderr.lines().filter(|line| line.contains("warning:")).find(|line| {
        if line.contains("[-Wformat=]") {
            // format '%llx' expects argument of type 'T', but argument N has type 'U'
            let quoted: Vec<&str> = line.split('\'').skip(1).step_by(2).collect();
            let width = |t: &str| t.replace("long long", "long").replace("unsigned ", "").replace("signed ", "");
            return !(quoted.len() >= 3 && width(quoted[1]) == width(quoted[2]));
        }
        SUSPICIOUS.iter().any(|s| line.contains(s))
    })
}

/// The verdict on a nissecc build that failed with `status` and printed
/// `stderr`: skipped for an `unsupported:` error or an error at a place in
/// the source (exit status 1, no panic); a failure otherwise.
fn compile_error(what: &str, status: Option<i32>, stderr: &str, dir: &Path) -> Verdict {
    let internal = stderr.contains("panicked") || stderr.contains("internal compiler error");
    if status == Some(1) && !internal {
        if stderr.contains("error: unsupported:") {
            return Verdict::Skipped("unsupported");
        }
        if parse_diagnostics(stderr, "mutant.c", dir, false).iter().any(|d| d.line > 0) {
            return Verdict::Skipped("rejected");
        }
        // Static data past 2 GB puts the profiling runtime out of the small
        // code model's reach, for gcc's and clang's instrumented builds too.
        if nissecc_backend::beyond_small_code_model(stderr) {
            return Verdict::Skipped("beyond the small code model");
        }
    }
    let first = stderr.lines().find(|l| l.contains("error") || l.contains("panicked")).or_else(|| stderr.lines().next()).unwrap_or("");
    Verdict::Failure(format!("{what} failed (exit status {status:?}): {first}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_of_mismatched_widths_and_pointer_types_are_suspicious() {
        let format = |expected: &str, actual: &str| {
            format!("m.c:3:5: warning: format '%x' expects argument of type '{expected}', but argument 2 has type '{actual}' [-Wformat=]\n")
        };
        assert!(suspicious_warning(&format("int", "long int")).is_some());
        assert!(suspicious_warning(&format("long int", "unsigned int")).is_some());
        assert!(suspicious_warning(&format("long long unsigned int", "long unsigned int")).is_none());
        assert!(suspicious_warning(&format("unsigned int", "int")).is_none());
        assert!(suspicious_warning("m.c:9:1: warning: pointer type mismatch in conditional expression\n").is_some());
        assert!(suspicious_warning(
            "m.c:9:1: warning: initialization of 'int *' from incompatible pointer type 'long *' [-Wincompatible-pointer-types]\n"
        )
        .is_some());
        assert!(suspicious_warning("m.c:9:1: warning: unsigned conversion from 'int' to 'unsigned char' changes value [-Woverflow]\n")
            .is_none());
        assert!(suspicious_warning("m.c:16:23: warning: left shift count >= width of type [-Wshift-count-overflow]\n").is_some());
        assert!(suspicious_warning(
            "m.c:4:9: warning: integer overflow in expression of type 'int' results in '-2147483648' [-Woverflow]\n"
        )
        .is_some());
        assert!(suspicious_warning("").is_none());
    }

    #[test]
    fn compile_errors_are_skipped_or_failures() {
        let dir = Path::new("/tmp");
        assert_eq!(
            compile_error("nissecc", Some(1), "mutant.c:3:5: error: unsupported: inline assembly\n", dir),
            Verdict::Skipped("unsupported")
        );
        assert_eq!(compile_error("nissecc", Some(1), "/tmp/mutant.c:7:1: error: expected `;`\n", dir), Verdict::Skipped("rejected"));
        let far = "nissecc: error: linking x failed: failed to convert GOTPCREL relocation against '__nisse_cnt.main'; relink with --no-relax\n";
        assert_eq!(compile_error("nissecc", Some(1), far, dir), Verdict::Skipped("beyond the small code model"));
        for (status, stderr) in [
            (Some(70), "thread 'nissecc' panicked at midend/src/x.rs:1:1:\nboom\n"),
            (Some(1), "mutant.c: internal compiler error: invalid IR after gvn:\n"),
            (Some(1), "nissecc: error: backend: verifier errors\n"),
            (None, ""),
        ] {
            assert!(matches!(compile_error("nissecc", status, stderr, dir), Verdict::Failure(_)), "{status:?} {stderr}");
        }
    }
}
