//! Running the compilers and the compiled kernels: a time limit on every
//! child, and what a run printed and how it ended.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// What a program run printed and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub stdout: Vec<u8>,
    /// The exit status, or `None` when a signal ended the program.
    pub status: Option<i32>,
}

/// Runs `command` to completion with an empty stdin, killing it after
/// `limit`: the programs harness's runner (`programs::process`). The error
/// names `what` and says why the run did not complete.
pub fn run_with_limit(command: Command, limit: Duration, what: &str) -> Result<Output, String> {
    crate::programs::process::run_limited(command, None, limit, what)
}

/// Runs a command that must succeed, returning its output and how long it
/// took; the error carries the command's stderr.
pub fn run_checked(command: Command, limit: Duration, what: &str) -> Result<(Output, Duration), String> {
    let start = Instant::now();
    let output = run_with_limit(command, limit, what)?;
    let elapsed = start.elapsed();
    if !output.status.success() {
        return Err(format!("{what} failed ({}):\n{}", output.status, String::from_utf8_lossy(&output.stderr).trim_end()));
    }
    Ok((output, elapsed))
}

/// Builds `source` into `exe` with nissecc and `flags`, within five
/// minutes; the error carries the compiler's stderr.
pub fn compile_nissecc(nissecc: &std::path::Path, flags: &[&str], source: &std::path::Path, exe: &std::path::Path) -> Result<(), String> {
    let mut command = Command::new(nissecc);
    command.args(flags).arg(source).arg("-o").arg(exe);
    let output = run_with_limit(command, Duration::from_secs(300), &format!("nissecc {flags:?}"))?;
    if !output.status.success() {
        return Err(format!("nissecc {flags:?} failed: {}", String::from_utf8_lossy(&output.stderr).trim_end()));
    }
    Ok(())
}
