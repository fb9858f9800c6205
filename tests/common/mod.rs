//! Shared machinery of the end-to-end tests: building C programs with
//! nissecc and with gcc, running them, and comparing what they print.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

mod profiles;
mod program_sets;
mod value_profiles;
pub mod dejagnu;
pub mod suites;
#[allow(unused_imports)]
pub use profiles::*;
#[allow(unused_imports)]
pub use program_sets::*;
#[allow(unused_imports)]
pub use value_profiles::*;

pub fn nissecc() -> &'static str {
    env!("CARGO_BIN_EXE_nissecc")
}

pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch directory under `target/`.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = project_root().join("target").join("test-scratch").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// What a program run printed and how it ended.
#[derive(Debug, PartialEq, Eq)]
pub struct RunResult {
    pub stdout: Vec<u8>,
    /// The exit status, or `None` when killed by a signal or timed out.
    pub status: Option<i32>,
}

/// Runs a command with a time limit.
pub fn run_with_timeout(mut cmd: Command, limit: Duration) -> Result<Output, String> {
    use std::process::Stdio;
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(|e| e.to_string())?;
    // Both pipes are drained while the child runs: a child that writes
    // more than a pipe holds (64 KiB; tests/c/sse_intrinsics.c prints 2
    // MB) would otherwise block on it until the time limit.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            let stdout = stdout.join().unwrap_or_default();
            let stderr = stderr.join().unwrap_or_default();
            return Ok(Output { status, stdout, stderr });
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("timed out after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Runs an executable with arguments, in its own directory, so that a
/// program that writes a file by a relative name (tcc's `40_stdio` writes
/// `fred.txt`) leaves it in scratch space rather than in the checkout.
pub fn run_program(exe: &Path, args: &[&str]) -> Result<RunResult, String> {
    // Absolute, so that the new working directory cannot change which
    // file runs.
    let exe = std::fs::canonicalize(exe).map_err(|e| format!("{}: {e}", exe.display()))?;
    let mut cmd = Command::new(&exe);
    cmd.args(args);
    if let Some(dir) = exe.parent() {
        cmd.current_dir(dir);
    }
    let out = run_with_timeout(cmd, Duration::from_secs(30))?;
    Ok(RunResult { stdout: out.stdout, status: out.status.code() })
}

/// Compiles sources with nissecc into `exe`.
pub fn build_nissecc(sources: &[PathBuf], exe: &Path, flags: &[&str]) -> Result<(), String> {
    let mut cmd = Command::new(nissecc());
    cmd.args(flags).args(sources).arg("-o").arg(exe);
    let out = run_with_timeout(cmd, Duration::from_secs(120))?;
    if !out.status.success() {
        return Err(format!("nissecc {flags:?} failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(())
}

/// Compiles sources with gcc (the reference) into `exe`.
pub fn build_gcc(sources: &[PathBuf], exe: &Path, flags: &[&str]) -> Result<(), String> {
    // gcc calls libatomic for compound assignments to `_Atomic` floating
    // objects (nissecc inlines a compare-and-exchange loop).
    // With a time limit: gcc 12 at -O0 never finishes some of its own
    // torture tests (`gcc.c-torture/compile/asmgoto-5`, which its
    // testsuite skips at -O0).
    let mut cmd = Command::new("gcc");
    cmd.args(["-w", "-std=gnu11"]).args(flags).args(sources).arg("-o").arg(exe).args(["-lm", "-latomic"]);
    let out = run_with_timeout(cmd, Duration::from_secs(60))?;
    if !out.status.success() {
        return Err(format!("gcc failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(())
}

/// Describes the first difference between two runs.
pub fn compare_runs(what: &str, reference: &RunResult, actual: &RunResult) -> Result<(), String> {
    if reference == actual {
        return Ok(());
    }
    let expected = String::from_utf8_lossy(&reference.stdout);
    let got = String::from_utf8_lossy(&actual.stdout);
    let line = expected.lines().zip(got.lines()).position(|(a, b)| a != b);
    let detail = match line {
        Some(i) => format!("first differing line {}: gcc `{}` vs nissecc `{}`", i + 1, expected.lines().nth(i).unwrap_or(""), got.lines().nth(i).unwrap_or("")),
        None => format!("gcc printed {} lines, nissecc {}", expected.lines().count(), got.lines().count()),
    };
    Err(format!("{what}: exit status gcc {:?} vs nissecc {:?}; {detail}", reference.status, actual.status))
}

/// Runs `job` over `items` on all cores and collects the failures.
pub fn parallel_failures<T: Sync>(items: &[T], job: impl Fn(&T) -> Result<(), String> + Sync) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).max(2);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                if let Err(e) = job(item) {
                    failures.lock().unwrap().push(e);
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    failures
}

/// Fails the test with every failure listed.
pub fn assert_no_failures(what: &str, total: usize, failures: Vec<String>) {
    assert!(total > 0, "{what}: no test inputs were found");
    if !failures.is_empty() {
        panic!("{what}: {} of {total} failed:\n{}", failures.len(), failures.join("\n"));
    }
}

/// The `.c` files directly inside a directory, sorted.
pub fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// A jotai-subset kernel and its inputs, as `jotai-subset/manifest.tsv`
/// lists them (`name<TAB>inputs<TAB>tags<TAB>long|short`).
pub struct Kernel {
    pub path: PathBuf,
    pub name: String,
    pub inputs: Vec<String>,
    pub tags: Vec<String>,
    pub long: bool,
}

/// Every kernel of the manifest; fails if a kernel file is missing from
/// it or a listed kernel has no file.
pub fn kernels() -> Vec<Kernel> {
    let dir = project_root().join("jotai-subset");
    let manifest = std::fs::read_to_string(dir.join("manifest.tsv")).expect("read jotai-subset/manifest.tsv");
    let kernels: Vec<Kernel> = manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert!(cols.len() >= 4, "malformed manifest line `{line}`");
            let path = dir.join(format!("{}.c", cols[0]));
            assert!(path.exists(), "manifest lists {} but {} does not exist", cols[0], path.display());
            Kernel {
                path,
                name: cols[0].to_string(),
                inputs: cols[1].split_whitespace().map(str::to_string).collect(),
                tags: cols[2].split(',').map(|t| t.trim().to_string()).collect(),
                long: cols[3].trim() == "long",
            }
        })
        .collect();
    for file in c_files(&dir) {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(kernels.iter().any(|k| k.name == name), "{} is not in jotai-subset/manifest.tsv", file.display());
    }
    kernels
}
