//! Running child processes (compilers, make, the built programs) under a
//! time limit, with stdin from a file and both output pipes captured; and
//! measuring what compiler commands use by running them under GNU time.
//!
//! Why not `wait4`'s own `ru_maxrss`: a child that std spawns with
//! `posix_spawn` (a `vfork`) inherits, at its `exec`, the peak resident
//! size of the process that spawned it, so every child of a large harness
//! would look at least that large. GNU time forks its command from a small
//! process, and reports what the command and its descendants used.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Output, Stdio};
use std::time::Duration;

/// What a command and every descendant it waited for used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time.
    pub cpu: Duration,
    /// The largest resident set size of any one process of the tree, in
    /// KiB (`ru_maxrss`: the command's own or the largest of the
    /// descendants it reaped, such as `cc1` under `gcc`).
    pub peak_rss_kib: u64,
}

impl Usage {
    /// The usage of two commands that ran one after the other or side by
    /// side: CPU times add up, the peak is the larger one.
    pub fn combine(self, other: Usage) -> Usage {
        Usage { cpu: self.cpu + other.cpu, peak_rss_kib: self.peak_rss_kib.max(other.peak_rss_kib) }
    }
}

/// GNU time, which runs a command and appends what it used to a file.
const GNU_TIME: &str = "/usr/bin/time";

/// A command prefix that runs a command under GNU time, appending a line
/// `peak KiB,user s,system s` to `log` for each command; `None` when GNU
/// time is not installed. As a compiler command it measures every compile
/// and link of a build, make's included.
pub fn usage_wrapper(log: &Path) -> Option<Vec<String>> {
    Path::new(GNU_TIME).is_file().then(|| vec![GNU_TIME.into(), "-a".into(), "-o".into(), log.display().to_string(), "-f".into(), "%M,%U,%S".into()])
}

/// The usage of every command [`usage_wrapper`] logged into `log`: their
/// CPU times added up, the largest peak; `None` when nothing was logged.
pub fn read_usage_log(log: &Path) -> Option<Usage> {
    let text = std::fs::read_to_string(log).ok()?;
    let lines: Vec<Usage> = text
        .lines()
        .filter_map(|line| {
            // GNU time also logs `Command exited with non-zero status N`.
            let mut fields = line.split(',');
            let peak_rss_kib = fields.next()?.trim().parse().ok()?;
            let user: f64 = fields.next()?.trim().parse().ok()?;
            let system: f64 = fields.next()?.trim().parse().ok()?;
            Some(Usage { cpu: Duration::from_secs_f64(user + system), peak_rss_kib })
        })
        .collect();
    (!lines.is_empty()).then(|| lines.into_iter().fold(Usage::default(), Usage::combine))
}

/// Runs `command` to completion with stdin from `stdin` (or empty), killing
/// it after `limit`. The error names `what` and says why the run did not
/// complete; a run that completes with a failure status is not an error.
pub fn run_limited(mut command: Command, stdin: Option<&Path>, limit: Duration, what: &str) -> Result<Output, String> {
    let input = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).map_err(|e| format!("{what}: {}: {e}", path.display()))?),
        None => Stdio::null(),
    };
    // Its own process group, so that a timeout also ends what the child
    // started: a compiler driver's `as`, a Makefile's commands.
    let mut child = command
        .process_group(0)
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    // Drain both pipes on their own threads so that a chatty child cannot
    // block on a full pipe while this thread waits for it.
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    // A thread blocks in `waitpid`, so the run ends when the child does (a
    // polling loop would add up to its period to every timed step).
    let pid = child.id() as libc::pid_t;
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(wait(pid)));
    let status = match receiver.recv_timeout(limit) {
        Ok(status) => status.map_err(|e| format!("{what}: {e}"))?,
        Err(_) => {
            // SAFETY: `kill` only sends a signal, to the group the child leads.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            let _ = child.kill();
            let _ = receiver.recv();
            return Err(format!("{what}: timed out after {}s", limit.as_secs()));
        }
    };
    let collect = |handle: Option<std::thread::JoinHandle<Vec<u8>>>| handle.map(|h| h.join().unwrap_or_default()).unwrap_or_default();
    Ok(Output { status, stdout: collect(stdout), stderr: collect(stderr) })
}

/// Waits for the child `pid` to end and reaps it.
fn wait(pid: libc::pid_t) -> Result<ExitStatus, String> {
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: `status` is a live local; `pid` is our own child, which
        // std never reaps (it reaps only in `wait` and `try_wait`, which
        // are not called on it).
        if unsafe { libc::waitpid(pid, &mut status, 0) } == pid {
            return Ok(ExitStatus::from_raw(status));
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("waitpid: {error}"));
        }
    }
}

fn drain(mut pipe: impl std::io::Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_usage_log_adds_cpu_times_and_keeps_the_largest_peak() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let log = dir.path().join("usage.log");
        std::fs::write(&log, "1000,0.50,0.25\nCommand exited with non-zero status 1\n3000,1.00,0.00\n").expect("log");
        let usage = read_usage_log(&log).expect("two lines");
        assert_eq!(usage, Usage { cpu: Duration::from_millis(1750), peak_rss_kib: 3000 });
        assert_eq!(read_usage_log(&dir.path().join("missing.log")), None);
    }

    #[test]
    fn the_wrapper_logs_each_command_with_its_descendants() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let log = dir.path().join("usage.log");
        let wrapper = usage_wrapper(&log).expect("GNU time is installed (scripts/setup.sh)");
        // A shell whose child keeps the last 64 MiB of its input: the peak
        // is the grandchild's. The second command is small.
        for script in ["head -c 67108864 /dev/zero | tail -c 67108864 > /dev/null", "true"] {
            let mut command = Command::new(&wrapper[0]);
            command.args(&wrapper[1..]).args(["sh", "-c", script]);
            let output = run_limited(command, None, Duration::from_secs(60), "time sh").expect("runs");
            assert!(output.status.success());
        }
        assert_eq!(std::fs::read_to_string(&log).expect("log").lines().count(), 2);
        let usage = read_usage_log(&log).expect("logged");
        assert!(usage.peak_rss_kib >= 60 * 1024, "{usage:?}");
        assert!(usage.cpu > Duration::ZERO, "{usage:?}");
    }

    #[test]
    fn a_timed_out_child_is_an_error() {
        let mut command = Command::new("sleep");
        command.arg("10");
        let error = run_limited(command, None, Duration::from_millis(100), "sleep").expect_err("times out");
        assert!(error.contains("timed out"), "{error}");
    }
}
