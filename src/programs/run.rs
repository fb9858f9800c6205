//! Running a workload with a built binary: the inputs are written into a
//! fresh run directory, the steps run there in order, and each step's
//! exit status, stdout, stderr and output files are captured, so that two
//! builds' outputs can be compared byte for byte and checked against the
//! workload's expectations.

use super::process::run_limited;
use super::program::Program;
use super::sources::harness_dir;
use super::workload::{Expect, Workload};
use std::path::Path;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::{Duration, Instant};

/// How the steps run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Variables added to each step's environment (`NISSE_PROFILE_FILE`).
    pub env: Vec<(String, String)>,
    /// A command that runs the binary (`valgrind --tool=callgrind`), or
    /// nothing to run it directly.
    pub wrapper: Vec<String>,
    /// How long one step may take.
    pub limit: Duration,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions { env: Vec::new(), wrapper: Vec::new(), limit: Duration::from_secs(120) }
    }
}

/// What one step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepOutput {
    /// The step as a command line (`bzip2 -d < sample1.bz2`).
    pub label: String,
    /// The exit status, or `None` when a signal ended the program.
    pub status: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// The files the step names as outputs, in its order, with their
    /// contents (`None` when the step did not write the file).
    pub files: Vec<(String, Option<Vec<u8>>)>,
    /// Wall time of the step; never compared.
    pub duration: Duration,
}

/// What a workload did, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkloadOutput {
    pub workload: String,
    pub steps: Vec<StepOutput>,
}

impl WorkloadOutput {
    /// The total wall time of the steps.
    pub fn duration(&self) -> Duration {
        self.steps.iter().map(|step| step.duration).sum()
    }
}

/// Runs `workload` with `binary` (a build of `program`) in `run_dir`,
/// which is emptied first. The error is for a step that could not run to
/// its end (it could not start, or timed out); a step that fails or prints
/// something unexpected is reported by [`check_expectations`] and
/// [`compare_outputs`].
pub fn run_workload(
    workload: &Workload,
    program: &Program,
    binary: &Path,
    run_dir: &Path,
    options: &RunOptions,
) -> Result<WorkloadOutput, String> {
    if run_dir.exists() {
        std::fs::remove_dir_all(run_dir).map_err(|e| format!("cannot empty {}: {e}", run_dir.display()))?;
    }
    std::fs::create_dir_all(run_dir).map_err(|e| format!("cannot create {}: {e}", run_dir.display()))?;
    for input in &workload.inputs {
        let bytes = input.source.bytes(program)?;
        std::fs::write(run_dir.join(&input.name), bytes).map_err(|e| format!("cannot write input {}: {e}", input.name))?;
    }
    let binary = std::path::absolute(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    let mut steps = Vec::new();
    for step in &workload.steps {
        let label = step.label(program.binary);
        let mut command = match options.wrapper.split_first() {
            Some((wrapper, args)) => {
                let mut command = Command::new(wrapper);
                command.args(args).arg(&binary);
                command
            }
            None => {
                // The program sees the same `argv[0]` whatever directory the
                // build is in: bzip2 scans it for its name, and the profiles
                // of builds in different directories must be comparable.
                let mut command = Command::new(&binary);
                command.arg0(program.binary);
                command
            }
        };
        command.current_dir(run_dir).args(&step.args);
        for (name, value) in &options.env {
            command.env(name, value);
        }
        let stdin = step.stdin.as_ref().map(|name| run_dir.join(name));
        let start = Instant::now();
        let output = run_limited(command, stdin.as_deref(), options.limit, &format!("{}: {label}", workload.name()))?;
        let duration = start.elapsed();
        let files = step.outputs.iter().map(|name| (name.clone(), std::fs::read(run_dir.join(name)).ok())).collect();
        steps.push(StepOutput {
            label,
            status: output.status.code(),
            stdout: output.stdout,
            stderr: output.stderr,
            files,
            duration,
        });
    }
    Ok(WorkloadOutput { workload: workload.name(), steps })
}

/// The ways in which `output` breaks `workload`'s expectations: a wrong
/// exit status, a stdout that differs from the expected file, an output
/// file not written. Files named by the expectations are read from
/// `run_dir` (where the workload ran) or `tests/programs/`.
pub fn check_expectations(workload: &Workload, output: &WorkloadOutput, run_dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (step, out) in workload.steps.iter().zip(&output.steps) {
        if out.status != Some(step.status) {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let first = stderr.lines().next().unwrap_or("");
            problems.push(format!("{}: exit status {:?}, expected {} ({first})", out.label, out.status, step.status));
        }
        for (name, contents) in &out.files {
            if contents.is_none() {
                problems.push(format!("{}: did not write {name}", out.label));
            }
        }
        for expect in &step.expect {
            let (path, what) = match expect {
                Expect::StdoutEqualsFile(name) => (run_dir.join(name), name.clone()),
                Expect::StdoutEqualsHarnessFile(path) => (harness_dir().join(path), format!("tests/programs/{path}")),
            };
            match std::fs::read(&path) {
                Ok(expected) if expected == out.stdout => {}
                Ok(expected) => problems.push(format!("{}: stdout differs from {what}: {}", out.label, first_difference(&out.stdout, &expected))),
                Err(e) => problems.push(format!("{}: cannot read {what}: {e}", out.label)),
            }
        }
    }
    if output.steps.len() != workload.steps.len() {
        problems.push(format!("{} steps ran, {} expected", output.steps.len(), workload.steps.len()));
    }
    problems
}

/// The differences between two runs of the same workload (a reference
/// build's and another's), one line per differing stream: exit status,
/// stdout, stderr and output files, byte for byte. Empty when they agree.
pub fn compare_outputs(reference: &WorkloadOutput, other: &WorkloadOutput) -> Vec<String> {
    let mut differences = Vec::new();
    if reference.steps.len() != other.steps.len() {
        differences.push(format!("{} steps against {}", other.steps.len(), reference.steps.len()));
    }
    for (a, b) in reference.steps.iter().zip(&other.steps) {
        if a.status != b.status {
            differences.push(format!("{}: exit status {:?} instead of {:?}", a.label, b.status, a.status));
        }
        if a.stdout != b.stdout {
            differences.push(format!("{}: stdout {}", a.label, first_difference(&b.stdout, &a.stdout)));
        }
        if a.stderr != b.stderr {
            differences.push(format!("{}: stderr {}", a.label, first_difference(&b.stderr, &a.stderr)));
        }
        for ((name, x), (_, y)) in a.files.iter().zip(&b.files) {
            match (x, y) {
                (Some(x), Some(y)) if x != y => differences.push(format!("{}: {name} {}", a.label, first_difference(y, x))),
                (Some(_), None) => differences.push(format!("{}: {name} not written", a.label)),
                (None, Some(_)) => differences.push(format!("{}: {name} written, but not by the reference", a.label)),
                _ => {}
            }
        }
    }
    differences
}

/// Where `actual` first departs from `expected`, with both sides' lines
/// there when the bytes are text.
pub fn first_difference(actual: &[u8], expected: &[u8]) -> String {
    let at = actual.iter().zip(expected).position(|(a, b)| a != b).unwrap_or(actual.len().min(expected.len()));
    let line_of = |bytes: &[u8]| -> String {
        let start = bytes[..at.min(bytes.len())].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let end = bytes[start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| start + p);
        let line = &bytes[start..end.min(start + 120)];
        String::from_utf8(line.to_vec()).map(|s| format!("{s:?}")).unwrap_or_else(|_| "(binary)".into())
    };
    format!(
        "differs at byte {at} ({} bytes against {}): {} instead of {}",
        actual.len(),
        expected.len(),
        line_of(actual),
        line_of(expected)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_shows_the_lines() {
        let text = first_difference(b"a\nbXc\n", b"a\nbYc\n");
        assert!(text.contains("byte 3"), "{text}");
        assert!(text.contains("\"bXc\" instead of \"bYc\""), "{text}");
        assert!(first_difference(b"ab", b"abc").contains("byte 2"));
    }
}
