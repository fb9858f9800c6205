//! What the programs tier measured: per program, per build, how the build
//! fared, what compiling it cost, and its instructions and wall time on
//! the evaluation workload.

use super::builds::ProgramBuild;
use crate::programs::Build;

/// How a build fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Built, and (for a measured build) ran the evaluation workload with
    /// gcc `-O2`'s output.
    Ok,
    /// nissecc refused the training profile: reported in the tables, not a
    /// failure of the run (Lua's `longjmp` edges are not modelled yet).
    ProfileRejected(String),
    /// Anything else: the build failed, a workload could not run, an
    /// output differs from gcc `-O2`'s. Also a failure of the run.
    Failed(String),
}

/// What compiling a build cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CompileCost {
    /// Wall time of the whole build (units compile `--jobs` at a time).
    pub wall_s: f64,
    /// CPU time of the compiler commands (compiles and links, each with
    /// the processes it ran), when GNU time measured them.
    pub cpu_s: Option<f64>,
    /// The peak resident memory of the largest of those processes.
    pub peak_mib: Option<f64>,
}

impl CompileCost {
    /// The cost of a finished build.
    pub fn of(build: &Build) -> CompileCost {
        CompileCost {
            wall_s: build.duration.as_secs_f64(),
            cpu_s: build.usage.map(|u| u.cpu.as_secs_f64()),
            peak_mib: build.usage.map(|u| u.peak_rss_kib as f64 / 1024.0),
        }
    }
}

/// Two builds timed against each other (see `timing.rs`): the medians in
/// milliseconds of one evaluation workload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallPair {
    pub build_ms: f64,
    pub baseline_ms: f64,
}

/// One build of one program.
#[derive(Clone, Debug)]
pub struct BuildResult {
    pub build: ProgramBuild,
    pub status: Status,
    pub compile: Option<CompileCost>,
    /// Instructions of the evaluation workload, all steps, under callgrind.
    pub instructions: Option<u64>,
    /// Wall time against the baseline build.
    pub wall: Option<WallPair>,
}

impl BuildResult {
    pub fn new(build: &ProgramBuild) -> BuildResult {
        BuildResult { build: build.clone(), status: Status::Ok, compile: None, instructions: None, wall: None }
    }

    /// Records a failure unless one is recorded already (the first cause
    /// is the one worth reporting).
    pub fn fail(&mut self, reason: String) {
        if self.status == Status::Ok {
            self.status = Status::Failed(reason);
        }
    }

    pub fn ok(&self) -> bool {
        self.status == Status::Ok
    }
}

/// One program's results.
#[derive(Clone, Debug)]
pub struct ProgramResult {
    pub program: String,
    /// The workload the profiles were collected on.
    pub training: String,
    /// The workload everything was measured on.
    pub evaluation: String,
    pub builds: Vec<BuildResult>,
}

impl ProgramResult {
    pub fn get(&self, label: &str) -> Option<&BuildResult> {
        self.builds.iter().find(|b| b.build.label == label)
    }

    /// `build ÷ baseline` of the instruction counts, when both were measured.
    pub fn instructions_ratio(&self, result: &BuildResult) -> Option<f64> {
        let baseline = self.get(&result.build.baseline)?.instructions? as f64;
        Some(result.instructions? as f64 / baseline).filter(|r| r.is_finite())
    }

    /// The failures of the run: every build that failed, as
    /// `program [build]: reason`.
    pub fn failures(&self) -> Vec<String> {
        self.builds
            .iter()
            .filter_map(|b| match &b.status {
                Status::Failed(reason) => Some(format!("{} [{}]: {reason}", self.program, b.build.label)),
                _ => None,
            })
            .collect()
    }
}

impl WallPair {
    /// `build ÷ baseline`.
    pub fn ratio(&self) -> Option<f64> {
        Some(self.build_ms / self.baseline_ms).filter(|r| r.is_finite())
    }
}
