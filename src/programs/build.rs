//! Building a program with a given compiler command and flags in a scratch
//! directory: the sources are copied there first, so nothing is ever built
//! inside cargo's registry. A build that fails to compile is not an error
//! of the harness: it is a [`Build`] without a binary, with every
//! compiler diagnostic collected from the compiler's output.

use super::process::{read_usage_log, run_limited, usage_wrapper, Usage};
use super::program::{Program, ProgramId, Recipe};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long one compiler or linker command may take.
const COMMAND_LIMIT: Duration = Duration::from_secs(900);
/// How long a whole `make` may take.
const MAKE_LIMIT: Duration = Duration::from_secs(3600);

/// A compiler command: the program and the arguments that always come
/// first, such as `gcc`, or `/path/to/nissecc -fprofile-instr=sese`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiler {
    pub program: String,
    pub args: Vec<String>,
}

impl Compiler {
    /// A compiler from a command line split at white space.
    pub fn parse(command: &str) -> Result<Compiler, String> {
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words.next().ok_or("empty compiler command")?;
        Ok(Compiler { program, args: words.collect() })
    }

    /// The command as one line, as `make CC=...` receives it.
    pub fn display(&self) -> String {
        std::iter::once(&self.program).chain(&self.args).map(String::as_str).collect::<Vec<_>>().join(" ")
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command.args(&self.args);
        command
    }
}

/// One message of a compiler or linker: an error with its place, or an
/// internal compiler error (a panic), or an undefined symbol at link time.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Diagnostic {
    /// The translation unit being compiled (`lvm.c`), or `link`.
    pub unit: String,
    /// The file the message names (a header, possibly), relative to the
    /// build directory when inside it; the unit when the message has no
    /// place.
    pub file: String,
    /// The line, or 0 when the message has no place.
    pub line: u32,
    /// `error`, `fatal error`, `internal compiler error` or `link error`.
    pub severity: String,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}: {}", self.file, self.line, self.severity, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.severity, self.message)
        }
    }
}

/// The result of building one program.
#[derive(Clone, Debug)]
pub struct Build {
    pub program: ProgramId,
    /// The scratch directory holding the copied sources, the objects and
    /// the binary.
    pub dir: PathBuf,
    /// The executable, when the build produced one.
    pub binary: Option<PathBuf>,
    /// Every command run and everything it printed, in order.
    pub log: String,
    /// The translation units (and `link`) whose command failed.
    pub failed_units: Vec<String>,
    /// The errors of the failed commands, without duplicates, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// Wall time of the whole build.
    pub duration: Duration,
    /// What the compiler commands used (CPU time added up, the largest
    /// peak memory), measured by GNU time; `None` without it.
    pub usage: Option<Usage>,
}

impl Build {
    /// The first `n` lines of the log that carry errors, for a short report.
    pub fn first_errors(&self, n: usize) -> Vec<String> {
        if !self.diagnostics.is_empty() {
            return self.diagnostics.iter().take(n).map(ToString::to_string).collect();
        }
        self.log.lines().filter(|line| line.contains("error") || line.contains("Error")).take(n).map(str::to_string).collect()
    }
}

/// Builds `program` with `compiler` and `flags` into `dir`, which is
/// emptied first. Every compiler command runs under GNU time when it is
/// installed, so that the build's usage is the compilers' alone (make also
/// runs `ar` and `ranlib`, and binutils' `ranlib` can outgrow a compiler). `jobs` compile commands run at once for programs built
/// from a file list (make runs one at a time: bzip2 is small, and its
/// messages stay in order). The error is for failures of the
/// harness (sources that cannot be copied, a compiler that cannot start).
pub fn build(program: &Program, compiler: &Compiler, flags: &[String], dir: &Path, jobs: usize) -> Result<Build, String> {
    let start = Instant::now();
    prepare_dir(program, dir)?;
    let usage_log = std::path::absolute(dir.join(".compiler-usage.log")).map_err(|e| format!("{}: {e}", dir.display()))?;
    let measured;
    let compiler = match usage_wrapper(&usage_log) {
        Some(wrapper) => {
            let mut args: Vec<String> = wrapper[1..].to_vec();
            args.push(compiler.program.clone());
            args.extend(compiler.args.iter().cloned());
            measured = Compiler { program: wrapper[0].clone(), args };
            &measured
        }
        None => compiler,
    };
    let (log, failed_units, diagnostics) = match &program.recipe {
        Recipe::Make { target, cflags_suffix } => build_with_make(compiler, flags, dir, target, cflags_suffix)?,
        Recipe::Files { units, defines, libs } => build_files(program, compiler, flags, dir, units, defines, libs, jobs)?,
    };
    let binary = dir.join(program.binary);
    let binary = (failed_units.is_empty() && binary.is_file()).then_some(binary);
    let usage = read_usage_log(&usage_log);
    Ok(Build { program: program.id, dir: dir.to_path_buf(), binary, log, failed_units, diagnostics, duration: start.elapsed(), usage })
}

/// Empties `dir` and copies the program's source files and our harness
/// files into it.
fn prepare_dir(program: &Program, dir: &Path) -> Result<(), String> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let sources = program.source_files.iter().map(|name| program.source_dir.join(name));
    for from in sources.chain(program.harness_files.iter().cloned()) {
        let to = dir.join(from.file_name().ok_or("a source file without a name")?);
        std::fs::copy(&from, &to).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    Ok(())
}

/// `make -k` with the program's Makefile; returns the log, the failed
/// units and their diagnostics.
fn build_with_make(
    compiler: &Compiler,
    flags: &[String],
    dir: &Path,
    target: &str,
    cflags_suffix: &str,
) -> Result<(String, Vec<String>, Vec<Diagnostic>), String> {
    let cc = compiler.display();
    let cflags = flags.iter().map(String::as_str).chain([cflags_suffix]).collect::<Vec<_>>().join(" ");
    let mut make = Command::new("make");
    make.current_dir(dir).arg("-k").arg(format!("CC={cc}")).arg(format!("CFLAGS={cflags}")).arg(target);
    let output = run_limited(make, None, MAKE_LIMIT, "make")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let log = format!("$ make -k CC='{cc}' CFLAGS='{cflags}' {target}\n{stdout}{stderr}");
    let mut failed = failed_make_targets(&stderr);
    if !output.status.success() && failed.is_empty() {
        failed.push("make".into());
    }
    let default_unit = failed.first().cloned().unwrap_or_else(|| "make".into());
    Ok((log, failed, parse_diagnostics(&stderr, &default_unit, dir, true)))
}

/// The units whose targets failed, from make's `make: *** [Makefile:41:
/// blocksort.o] Error 1` lines: `blocksort.c` for an object, `link` for
/// anything else.
fn failed_make_targets(stderr: &str) -> Vec<String> {
    let mut failed = Vec::new();
    for line in stderr.lines().filter(|line| line.contains("*** [") && line.contains("] Error")) {
        let inside = &line[line.find("*** [").unwrap() + 5..line.find("] Error").unwrap()];
        let target = inside.rsplit(": ").next().unwrap_or(inside).trim();
        let unit = target.strip_suffix(".o").map(|stem| format!("{stem}.c")).unwrap_or_else(|| "link".into());
        if !failed.contains(&unit) {
            failed.push(unit);
        }
    }
    failed
}

/// What compiling one unit printed, whether it succeeded, and its errors.
#[derive(Clone)]
struct Compiled {
    log: String,
    ok: bool,
    diagnostics: Vec<Diagnostic>,
}

/// Compiles each unit, then links; returns the log, the failed units and
/// their diagnostics.
#[allow(clippy::too_many_arguments)]
fn build_files(
    program: &Program,
    compiler: &Compiler,
    flags: &[String],
    dir: &Path,
    units: &[String],
    defines: &[&str],
    libs: &[&str],
    jobs: usize,
) -> Result<(String, Vec<String>, Vec<Diagnostic>), String> {
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<Result<Compiled, String>>>> = Mutex::new(vec![None; units.len()]);
    let compile = |unit: &String| -> Result<Compiled, String> {
        let object = Path::new(unit).with_extension("o");
        let mut command = compiler.command();
        command.current_dir(dir).args(flags).args(defines).arg("-I.").arg("-c").arg(unit).arg("-o").arg(&object);
        let line = format!("$ {} {} {} -I. -c {unit} -o {}\n", compiler.display(), flags.join(" "), defines.join(" "), object.display());
        let output = run_limited(command, None, COMMAND_LIMIT, &format!("compiling {unit}"))?;
        let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        let ok = output.status.success() && dir.join(&object).is_file();
        let diagnostics = if ok { Vec::new() } else { parse_diagnostics(&text, unit, dir, false) };
        Ok(Compiled { log: format!("{line}{text}"), ok, diagnostics })
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let index = {
                    let mut next = next.lock().unwrap();
                    let index = *next;
                    *next += 1;
                    index
                };
                let Some(unit) = units.get(index) else { break };
                let result = compile(unit);
                results.lock().unwrap()[index] = Some(result);
            });
        }
    });
    let mut log = String::new();
    let mut failed = Vec::new();
    let mut diagnostics = Vec::new();
    for (unit, result) in units.iter().zip(results.into_inner().unwrap()) {
        let Compiled { log: text, ok, diagnostics: unit_diagnostics } = result.expect("every unit compiled")?;
        log.push_str(&text);
        if !ok {
            failed.push(unit.clone());
            if unit_diagnostics.is_empty() {
                diagnostics.push(Diagnostic {
                    unit: unit.clone(),
                    file: unit.clone(),
                    line: 0,
                    severity: "error".into(),
                    message: "the compiler failed without a message".into(),
                });
            }
            diagnostics.extend(unit_diagnostics);
        }
    }
    if failed.is_empty() {
        let objects: Vec<PathBuf> = units.iter().map(|unit| Path::new(unit).with_extension("o")).collect();
        let mut command = compiler.command();
        command.current_dir(dir).args(flags).args(&objects).arg("-o").arg(program.binary).args(libs);
        log.push_str(&format!("$ {} {} <objects> -o {} {}\n", compiler.display(), flags.join(" "), program.binary, libs.join(" ")));
        let output = run_limited(command, None, COMMAND_LIMIT, "linking")?;
        let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        log.push_str(&text);
        if !output.status.success() {
            failed.push("link".into());
            diagnostics.extend(parse_diagnostics(&text, "link", dir, false));
        }
    }
    dedup_in_order(&mut diagnostics);
    Ok((log, failed, diagnostics))
}

/// The error messages in a compiler's output: `file:line[:col]: error:
/// message` lines (gcc's and nissecc's form; `fatal error` too), panics
/// of a Rust compiler (`panicked at` and the message on the next line),
/// place-less `error:` lines and the linker's undefined references.
/// `by_file` attributes each message to the unit its file names (for
/// make, whose output mixes units) instead of to `unit`.
pub fn parse_diagnostics(text: &str, unit: &str, dir: &Path, by_file: bool) -> Vec<Diagnostic> {
    let dir_prefix = format!("{}/", dir.display());
    let mut diagnostics = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_end();
        let relative = |file: &str| file.strip_prefix(&dir_prefix).unwrap_or(file).trim_start_matches("./").to_string();
        if let Some(diagnostic) = located_error(line) {
            let file = relative(&diagnostic.0);
            let owner = if by_file && file.ends_with(".c") { file.clone() } else { unit.to_string() };
            diagnostics.push(Diagnostic { unit: owner, file, line: diagnostic.1, severity: diagnostic.2, message: diagnostic.3 });
        } else if line.contains("panicked at") {
            let message = lines.get(i + 1).map(|next| next.trim()).unwrap_or("");
            diagnostics.push(Diagnostic {
                unit: unit.into(),
                file: unit.into(),
                line: 0,
                severity: "internal compiler error".into(),
                message: format!("panic: {message}"),
            });
        } else if let Some(message) = line.strip_prefix("error: ").or_else(|| line.strip_prefix("nissecc: error: ")) {
            diagnostics.push(Diagnostic {
                unit: unit.into(),
                file: unit.into(),
                line: 0,
                severity: "error".into(),
                message: message.to_string(),
            });
        } else if let Some(at) = line.find("undefined reference to") {
            diagnostics.push(Diagnostic {
                unit: unit.into(),
                file: "link".into(),
                line: 0,
                severity: "link error".into(),
                message: line[at..].to_string(),
            });
        }
    }
    dedup_in_order(&mut diagnostics);
    diagnostics
}

/// Splits `file:line[:col]: severity: message` when severity is an error.
fn located_error(line: &str) -> Option<(String, u32, String, String)> {
    for severity in ["fatal error", "internal compiler error", "error"] {
        let marker = format!(": {severity}: ");
        let Some(at) = line.find(&marker) else { continue };
        let place = &line[..at];
        let message = line[at + marker.len()..].to_string();
        let mut parts = place.rsplitn(3, ':');
        let (last, middle, first) = (parts.next()?, parts.next(), parts.next());
        // file:line:col or file:line.
        let (file, line_number) = match (middle, first) {
            (Some(l), Some(f)) if l.parse::<u32>().is_ok() && last.parse::<u32>().is_ok() => (f.to_string(), l.parse().ok()?),
            (Some(f), _) if last.parse::<u32>().is_ok() => {
                let file = match first {
                    Some(first) => format!("{first}:{f}"),
                    None => f.to_string(),
                };
                (file, last.parse().ok()?)
            }
            _ => continue,
        };
        return Some((file, line_number, severity.to_string(), message));
    }
    None
}

fn dedup_in_order(diagnostics: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::new();
    diagnostics.retain(|diagnostic| seen.insert(diagnostic.clone()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn located_errors_of_gcc_and_nissecc() {
        let dir = Path::new("/tmp/build");
        let text = "/tmp/build/lvm.c:12:5: error: unsupported: setjmp\n   |\n12 | x\nbzlib.c:40: error: old style\nfoo.h:3:1: fatal error: bar.h: No such file\n";
        let found = parse_diagnostics(text, "lvm.c", dir, false);
        assert_eq!(found.len(), 3);
        assert_eq!((found[0].file.as_str(), found[0].line, found[0].message.as_str()), ("lvm.c", 12, "unsupported: setjmp"));
        assert_eq!((found[1].file.as_str(), found[1].line), ("bzlib.c", 40));
        assert_eq!(found[2].severity, "fatal error");
    }

    #[test]
    fn panics_and_placeless_errors() {
        let text = "thread 'main' panicked at frontend/src/x.rs:1:2:\nindex out of bounds\nerror: cannot link\n";
        let found = parse_diagnostics(text, "ldo.c", Path::new("/b"), false);
        assert_eq!(found[0].severity, "internal compiler error");
        assert_eq!(found[0].message, "panic: index out of bounds");
        assert_eq!(found[1].message, "cannot link");
    }
}
