//! `programs.csv`: one row per program and build of the programs tier,
//! with every measure and the ratios to the build's baseline
//! (`build ÷ baseline`: a PGO gain is the inverse).

use super::builds::Role;
use super::results::{ProgramResult, Status};
use serde::Serialize;
use std::path::Path;

#[derive(Serialize)]
struct Row<'a> {
    program: &'a str,
    build: &'a str,
    role: &'static str,
    command: String,
    baseline: &'a str,
    trained_by: &'a str,
    training: &'a str,
    evaluation: &'a str,
    status: &'static str,
    reason: &'a str,
    compile_wall_s: Option<f64>,
    compile_cpu_s: Option<f64>,
    compile_peak_mib: Option<f64>,
    instructions: Option<u64>,
    instructions_vs_baseline: Option<f64>,
    wall_ms: Option<f64>,
    baseline_wall_ms: Option<f64>,
    wall_vs_baseline: Option<f64>,
}

/// Writes `programs.csv` into `dir`.
pub fn write_csv(dir: &Path, results: &[ProgramResult]) -> Result<(), String> {
    let path = dir.join("programs.csv");
    let fail = |e: csv::Error| format!("cannot write {}: {e}", path.display());
    let mut writer = csv::Writer::from_path(&path).map_err(fail)?;
    for program in results {
        for result in &program.builds {
            let build = &result.build;
            let (role, trained_by) = match &build.role {
                Role::Plain => ("plain", ""),
                Role::Instrumented => ("instrumented", ""),
                Role::Optimized { trainer } => ("optimized", trainer.as_str()),
            };
            let (status, reason) = match &result.status {
                Status::Ok => ("ok", ""),
                Status::ProfileRejected(reason) => ("profile-rejected", reason.as_str()),
                Status::Failed(reason) => ("failed", reason.as_str()),
            };
            writer
                .serialize(Row {
                    program: &program.program,
                    build: &build.label,
                    role,
                    command: build.command(),
                    baseline: &build.baseline,
                    trained_by,
                    training: &program.training,
                    evaluation: &program.evaluation,
                    status,
                    reason,
                    compile_wall_s: result.compile.map(|c| c.wall_s),
                    compile_cpu_s: result.compile.and_then(|c| c.cpu_s),
                    compile_peak_mib: result.compile.and_then(|c| c.peak_mib),
                    instructions: result.instructions,
                    instructions_vs_baseline: program.instructions_ratio(result),
                    wall_ms: result.wall.map(|w| w.build_ms),
                    baseline_wall_ms: result.wall.map(|w| w.baseline_ms),
                    wall_vs_baseline: result.wall.and_then(|w| w.ratio()),
                })
                .map_err(fail)?;
        }
    }
    writer.flush().map_err(|e| format!("cannot write {}: {e}", path.display()))
}
