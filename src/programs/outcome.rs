//! One build configuration (a compiler command and flags) applied to one
//! program and one workload, and what came of it: the build failed, or the
//! workload ran and either agreed with the reference build byte for byte or
//! did not. The CLI (`nissecc-programs`) and `tests/real_programs.rs` both
//! report through this.

use super::build::{build, Build, Compiler};
use super::program::Program;
use super::run::{check_expectations, compare_outputs, run_workload, RunOptions, WorkloadOutput};
use super::workload::{workload, WorkloadKind};
use std::path::{Path, PathBuf};

/// A named way of building: `gcc-O2`, `nissecc-O0`.
#[derive(Clone, Debug)]
pub struct Config {
    pub name: String,
    pub compiler: Compiler,
    pub flags: Vec<String>,
}

impl Config {
    pub fn new(name: &str, compiler: Compiler, flags: &[&str]) -> Config {
        Config { name: name.into(), compiler, flags: flags.iter().map(|flag| flag.to_string()).collect() }
    }

    /// The build directory of `program` under `root`: `root/<config>/<program>`.
    pub fn build_dir(&self, root: &Path, program: &Program) -> PathBuf {
        root.join(&self.name).join(program.id.name())
    }
}

/// What became of a program under a configuration.
#[derive(Debug)]
pub enum Outcome {
    /// The build failed; the build holds the diagnostics.
    BuildFailed(Build),
    /// The build succeeded but a step could not run to its end.
    RunFailed { build: Build, error: String },
    /// The workload ran. `problems` are broken expectations (wrong exit
    /// status, stdout not equal to a reference file); `differences` are
    /// the ways the output differs from the reference build's (empty when
    /// there was no reference or it matched).
    Ran { build: Build, output: WorkloadOutput, problems: Vec<String>, differences: Vec<String> },
}

impl Outcome {
    /// `build-failed`, `run-failed`, `output-differs` or `output-matches`
    /// (`expectation-failed` when the output broke an expectation but
    /// agrees with the reference).
    pub fn verdict(&self) -> &'static str {
        match self {
            Outcome::BuildFailed(_) => "build-failed",
            Outcome::RunFailed { .. } => "run-failed",
            Outcome::Ran { differences, .. } if !differences.is_empty() => "output-differs",
            Outcome::Ran { problems, .. } if !problems.is_empty() => "expectation-failed",
            Outcome::Ran { .. } => "output-matches",
        }
    }

    /// Whether the build ran the workload with nothing wrong.
    pub fn passed(&self) -> bool {
        self.verdict() == "output-matches"
    }

    pub fn build(&self) -> &Build {
        match self {
            Outcome::BuildFailed(build) | Outcome::RunFailed { build, .. } | Outcome::Ran { build, .. } => build,
        }
    }

    pub fn output(&self) -> Option<&WorkloadOutput> {
        match self {
            Outcome::Ran { output, .. } => Some(output),
            _ => None,
        }
    }

    /// The lines that explain the verdict, at most `n`.
    pub fn details(&self, n: usize) -> Vec<String> {
        match self {
            Outcome::BuildFailed(build) => build.first_errors(n),
            Outcome::RunFailed { error, .. } => vec![error.clone()],
            Outcome::Ran { problems, differences, .. } => differences.iter().chain(problems).take(n).cloned().collect(),
        }
    }
}

/// Builds `program` under `config` in `root/<config>/<program>/`, runs the
/// workload of `kind` in `.../run-<kind>/` and judges it against its
/// expectations and, when given, the reference output.
pub fn build_and_run(
    program: &Program,
    config: &Config,
    kind: WorkloadKind,
    root: &Path,
    jobs: usize,
    options: &RunOptions,
    reference: Option<&WorkloadOutput>,
) -> Result<Outcome, String> {
    let dir = config.build_dir(root, program);
    let build = build(program, &config.compiler, &config.flags, &dir.join("build"), jobs)?;
    let Some(binary) = build.binary.clone() else { return Ok(Outcome::BuildFailed(build)) };
    let work = workload(program.id, kind);
    let run_dir = dir.join(format!("run-{}", kind.name()));
    let output = match run_workload(&work, program, &binary, &run_dir, options) {
        Ok(output) => output,
        Err(error) => return Ok(Outcome::RunFailed { build, error }),
    };
    let problems = check_expectations(&work, &output, &run_dir);
    let differences = reference.map(|reference| compare_outputs(reference, &output)).unwrap_or_default();
    Ok(Outcome::Ran { build, output, problems, differences })
}
