//! Running one build on a workload: natively, to compare its output with
//! gcc `-O2`'s; under callgrind, for its instruction count (every step is
//! its own process, and the counts add up); and timed against another
//! build in paired samples (`timing.rs`), for its wall time.

use super::layout::{fresh, Layout};
use super::results::WallPair;
use crate::bench::callgrind;
use crate::bench::timing::paired_wall_times;
use crate::programs::{run_workload, Program, RunOptions, Workload, WorkloadOutput};
use std::path::Path;
use std::time::Duration;

/// How long one step may take natively.
const NATIVE_LIMIT: Duration = Duration::from_secs(300);
/// How long one step may take under valgrind.
const VALGRIND_LIMIT: Duration = Duration::from_secs(3600);

/// One build as a runnable thing: its label (naming its run directories),
/// its executable, and the environment of its runs (where an instrumented
/// build writes its profile).
#[derive(Clone, Copy, Debug)]
pub struct Runnable<'a> {
    pub label: &'a str,
    pub binary: &'a Path,
    pub env: &'a [(String, String)],
}

impl Runnable<'_> {
    fn options(&self, wrapper: Vec<String>, limit: Duration) -> RunOptions {
        RunOptions { env: self.env.to_vec(), wrapper, limit }
    }

    /// Runs `workload` natively in the run directory `what`; returns its
    /// output and that directory.
    pub fn run(&self, program: &Program, workload: &Workload, layout: &Layout, what: &str) -> Result<(WorkloadOutput, std::path::PathBuf), String> {
        let dir = layout.run_dir(self.label, what);
        let output = run_workload(workload, program, self.binary, &dir, &self.options(Vec::new(), NATIVE_LIMIT))?;
        Ok((output, dir))
    }

    /// The instructions of `workload`, all steps, under callgrind. Each
    /// step must end as it did in `expected`.
    pub fn instructions(&self, program: &Program, workload: &Workload, layout: &Layout, expected: &WorkloadOutput) -> Result<u64, String> {
        let out_dir = fresh(layout.run_dir(self.label, "callgrind-out"))?;
        let options = self.options(callgrind::wrapper(&out_dir), VALGRIND_LIMIT);
        let output = run_workload(workload, program, self.binary, &layout.run_dir(self.label, "callgrind"), &options)?;
        same_statuses(expected, &output)?;
        callgrind::total_instructions(&out_dir)
    }
}

/// The median wall times of `workload` with `build` and with `baseline`,
/// `runs` paired samples each; every run must end as `expected` did.
pub fn time_pair(
    program: &Program,
    workload: &Workload,
    layout: &Layout,
    build: Runnable,
    baseline: Runnable,
    runs: usize,
    expected: &WorkloadOutput,
) -> Result<WallPair, String> {
    let timed = |runnable: Runnable| -> Result<Duration, String> {
        let (output, _) = runnable.run(program, workload, layout, "timing")?;
        same_statuses(expected, &output)?;
        Ok(output.duration())
    };
    let (build_ms, baseline_ms) = paired_wall_times(&mut || timed(build), &mut || timed(baseline), runs)?;
    Ok(WallPair { build_ms, baseline_ms })
}

/// An error unless every step of `actual` ended with the status it had in
/// `expected` (a crash under valgrind, or in a timed run, would otherwise
/// go unnoticed).
fn same_statuses(expected: &WorkloadOutput, actual: &WorkloadOutput) -> Result<(), String> {
    let statuses = |output: &WorkloadOutput| output.steps.iter().map(|step| step.status).collect::<Vec<_>>();
    if statuses(expected) == statuses(actual) {
        return Ok(());
    }
    let (step, status) = expected
        .steps
        .iter()
        .zip(&actual.steps)
        .find(|(e, a)| e.status != a.status)
        .map_or(("(missing steps)".to_string(), None), |(e, a)| (e.label.clone(), a.status));
    Err(format!("{step}: exit status {status:?}, unlike the checked run; stderr: {}", stderr_of(actual, &step)))
}

/// The first line of what the step `label` of `output` wrote to stderr.
fn stderr_of(output: &WorkloadOutput, label: &str) -> String {
    output
        .steps
        .iter()
        .find(|step| step.label == label)
        .and_then(|step| String::from_utf8_lossy(&step.stderr).lines().next().map(str::to_string))
        .unwrap_or_default()
}
