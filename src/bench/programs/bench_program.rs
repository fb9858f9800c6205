//! One program through the whole tier, in an order that keeps profiles
//! apart: compile the plain and instrumented builds; run gcc `-O2` on the
//! training and evaluation workloads (it must pass their own checks, and
//! its outputs are the references); train each optimized build's trainer
//! on the training workload (its output must be gcc's) and compile the
//! optimized build with that profile; run every build on the evaluation
//! workload and compare its output with gcc's; then count every build's
//! instructions under callgrind (`jobs` at a time) and time every build
//! against its baseline (one pair at a time, on an otherwise idle tier).

use super::builds::{ProgramBuild, Role, REFERENCE};
use super::compile::{compile, Compiled};
use super::layout::{fresh, Layout};
use super::measure::{time_pair, Runnable};
use super::profiles::{collect, placed_flags, run_env};
use super::results::{BuildResult, ProgramResult, Status};
use crate::bench::parallel::parallel_map;
use crate::bench::toolchain::Toolchain;
use crate::programs::run::check_expectations;
use crate::programs::workload::workload;
use crate::programs::{compare_outputs, Program, ProgramId, Sources, Workload, WorkloadKind, WorkloadOutput};
use std::path::{Path, PathBuf};

/// How the tier runs.
#[derive(Clone, Debug)]
pub struct TierSettings {
    /// The workload the profiles are collected on.
    pub training: WorkloadKind,
    /// The workload everything is checked and measured on.
    pub evaluation: WorkloadKind,
    /// Count instructions under callgrind.
    pub valgrind: bool,
    /// Paired samples per wall-time comparison.
    pub timing_runs: usize,
    /// Compile commands, and callgrind runs, at once.
    pub jobs: usize,
}

/// One program's state while the tier runs.
struct Bench<'a> {
    program: Program,
    layout: Layout,
    settings: &'a TierSettings,
    toolchain: &'a Toolchain,
    results: Vec<BuildResult>,
    binaries: Vec<Option<PathBuf>>,
    envs: Vec<Vec<(String, String)>>,
}

/// Benchmarks `builds` of the program `id` in `root/<program>/`. Problems
/// of a build are recorded in its result; the error is for a harness that
/// cannot start (the sources cannot be found).
pub fn bench_program(id: ProgramId, builds: &[ProgramBuild], settings: &TierSettings, toolchain: &Toolchain, root: &Path) -> Result<ProgramResult, String> {
    let program = Program::new(id, Sources::get()?);
    let layout = Layout::new(&root.join(id.name()))?;
    let mut bench = Bench {
        envs: builds.iter().map(|b| run_env(b, &layout)).collect(),
        results: builds.iter().map(BuildResult::new).collect(),
        binaries: vec![None; builds.len()],
        program,
        layout,
        settings,
        toolchain,
    };
    let training = workload(id, settings.training);
    let evaluation = workload(id, settings.evaluation);
    bench.compile_unprofiled();
    if let Some((reference_training, reference_evaluation)) = bench.references(&training, &evaluation) {
        bench.compile_optimized(&training, &reference_training);
        bench.check(&evaluation, &reference_evaluation);
        if settings.valgrind {
            bench.count_instructions(&evaluation, &reference_evaluation);
        }
        bench.time(&evaluation, &reference_evaluation);
    }
    Ok(ProgramResult { program: id.name().into(), training: training.name(), evaluation: evaluation.name(), builds: bench.results })
}

impl Bench<'_> {
    fn progress(&self, what: &str) {
        eprintln!("nissecc-bench: {}: {what}", self.program.id.name());
    }

    fn index(&self, label: &str) -> Option<usize> {
        self.results.iter().position(|r| r.build.label == label)
    }

    fn runnable(&self, index: usize) -> Option<Runnable<'_>> {
        let binary = self.binaries[index].as_deref().filter(|_| self.results[index].ok())?;
        Some(Runnable { label: &self.results[index].build.label, binary, env: &self.envs[index] })
    }

    fn record(&mut self, index: usize, compiled: Compiled) {
        let result = &mut self.results[index];
        result.compile = compiled.cost;
        result.status = compiled.status;
        self.binaries[index] = compiled.binary;
    }

    /// Compiles every build that needs no training profile.
    fn compile_unprofiled(&mut self) {
        for index in 0..self.results.len() {
            let build = self.results[index].build.clone();
            if matches!(build.role, Role::Optimized { .. }) {
                continue;
            }
            self.progress(&format!("compiling {} ({})", build.label, build.command()));
            let placed = placed_flags(&build, &self.layout, None);
            let compiled = compile(&self.program, &build, &placed, &self.toolchain.nissecc, &self.layout, self.settings.jobs);
            self.record(index, compiled);
        }
    }

    /// gcc `-O2`'s outputs on the training and evaluation workloads, which
    /// must pass the workloads' own checks; `None` (and the reference
    /// marked failed) when they do not.
    fn references(&mut self, training: &Workload, evaluation: &Workload) -> Option<(WorkloadOutput, WorkloadOutput)> {
        let index = self.index(REFERENCE)?;
        let outputs = self.runnable(index).ok_or_else(|| "no gcc -O2 build".to_string()).and_then(|reference| {
            let checked = |workload: &Workload, what: &str| -> Result<WorkloadOutput, String> {
                let (output, dir) = reference.run(&self.program, workload, &self.layout, what)?;
                let problems = check_expectations(workload, &output, &dir);
                if problems.is_empty() {
                    Ok(output)
                } else {
                    Err(format!("{} fails its own checks: {}", workload.name(), problems.join("; ")))
                }
            };
            Ok((checked(training, "training")?, checked(evaluation, "check")?))
        });
        match outputs {
            Ok(outputs) => Some(outputs),
            Err(error) => {
                self.results[index].fail(error);
                None
            }
        }
    }

    /// Trains each optimized build's trainer and compiles the build with
    /// the profile.
    fn compile_optimized(&mut self, training: &Workload, reference: &WorkloadOutput) {
        for index in 0..self.results.len() {
            let build = self.results[index].build.clone();
            let Role::Optimized { trainer } = &build.role else { continue };
            self.progress(&format!("training {trainer} on {}, then compiling {}", training.name(), build.label));
            let profile = self.train(trainer, training, reference);
            let compiled = match profile {
                Ok(profile) => {
                    let placed = placed_flags(&build, &self.layout, Some(&profile));
                    compile(&self.program, &build, &placed, &self.toolchain.nissecc, &self.layout, self.settings.jobs)
                }
                Err(error) => Compiled { binary: None, cost: None, status: Status::Failed(format!("training with {trainer}: {error}")) },
            };
            self.record(index, compiled);
        }
    }

    /// Runs the training workload with `trainer` into a fresh profile
    /// directory, and returns the profile.
    fn train(&mut self, trainer: &str, training: &Workload, reference: &WorkloadOutput) -> Result<super::profiles::Profile, String> {
        let index = self.index(trainer).ok_or_else(|| format!("no build {trainer}"))?;
        let runnable = self.runnable(index).ok_or_else(|| format!("{trainer} did not build"))?;
        fresh(self.layout.profile_dir(trainer))?;
        let (output, _) = runnable.run(&self.program, training, &self.layout, "training")?;
        let differences = compare_outputs(reference, &output);
        if !differences.is_empty() {
            let error = format!("{} output differs from {REFERENCE}'s: {}", training.name(), differences.join("; "));
            self.results[index].fail(error.clone());
            return Err(error);
        }
        collect(&self.results[index].build, &self.layout, self.toolchain)
    }

    /// Runs every build on the evaluation workload: its output must be gcc
    /// `-O2`'s.
    fn check(&mut self, evaluation: &Workload, reference: &WorkloadOutput) {
        for index in 0..self.results.len() {
            let Some(runnable) = self.runnable(index).filter(|r| r.label != REFERENCE) else { continue };
            let verdict = runnable.run(&self.program, evaluation, &self.layout, "check").and_then(|(output, _)| {
                let differences = compare_outputs(reference, &output);
                if differences.is_empty() {
                    Ok(())
                } else {
                    Err(format!("{} output differs from {REFERENCE}'s: {}", evaluation.name(), differences.join("; ")))
                }
            });
            if let Err(error) = verdict {
                self.results[index].fail(error);
            }
        }
    }

    /// Counts every good build's instructions on the evaluation workload,
    /// `jobs` builds at a time.
    fn count_instructions(&mut self, evaluation: &Workload, reference: &WorkloadOutput) {
        self.progress(&format!("counting instructions on {} under callgrind", evaluation.name()));
        let indices: Vec<usize> = (0..self.results.len()).filter(|&i| self.runnable(i).is_some()).collect();
        let counts = parallel_map(&indices, self.settings.jobs, |&index| {
            self.runnable(index).expect("filtered").instructions(&self.program, evaluation, &self.layout, reference)
        });
        for (index, count) in indices.into_iter().zip(counts) {
            match count {
                Ok(instructions) => self.results[index].instructions = Some(instructions),
                Err(error) => self.results[index].fail(format!("under callgrind: {error}")),
            }
        }
    }

    /// Times every good build against its baseline (gcc `-O2` against
    /// itself) on the evaluation workload.
    fn time(&mut self, evaluation: &Workload, reference: &WorkloadOutput) {
        self.progress(&format!("timing every build against its baseline on {}", evaluation.name()));
        for index in 0..self.results.len() {
            let Some(baseline) = self.index(&self.results[index].build.baseline) else { continue };
            let (Some(build), Some(base)) = (self.runnable(index), self.runnable(baseline)) else { continue };
            let pair = time_pair(&self.program, evaluation, &self.layout, build, base, self.settings.timing_runs, reference);
            match pair {
                Ok(pair) => self.results[index].wall = Some(pair),
                Err(error) => self.results[index].fail(format!("timed run: {error}")),
            }
        }
    }
}

