//! Running child processes (compilers, make, the built programs) under a
//! time limit, with stdin from a file and both output pipes captured.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `command` to completion with stdin from `stdin` (or empty), killing
/// it after `limit`. The error names `what` and says why the run did not
/// complete; a run that completes with a failure status is not an error.
pub fn run_limited(mut command: Command, stdin: Option<&Path>, limit: Duration, what: &str) -> Result<Output, String> {
    let input = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).map_err(|e| format!("{what}: {}: {e}", path.display()))?),
        None => Stdio::null(),
    };
    let mut child = command
        .stdin(input)
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
