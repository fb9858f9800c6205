//! Running the compilers and the compiled kernels: a time limit on every
//! child, and what a run printed and how it ended.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What a program run printed and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub stdout: Vec<u8>,
    /// The exit status, or `None` when a signal ended the program.
    pub status: Option<i32>,
}

/// Runs `command` to completion, killing it after `limit`. The error
/// names `what` and says why the run did not complete.
pub fn run_with_limit(mut command: Command, limit: Duration, what: &str) -> Result<Output, String> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    // Drain both pipes on their own threads so that a chatty child cannot
    // block on a full pipe while this thread waits for it.
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| format!("{what}: {e}"))? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{what}: timed out after {}s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let collect = |handle: Option<std::thread::JoinHandle<Vec<u8>>>| handle.map(|h| h.join().unwrap_or_default()).unwrap_or_default();
    Ok(Output { status, stdout: collect(stdout), stderr: collect(stderr) })
}

fn drain(mut pipe: impl std::io::Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
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
