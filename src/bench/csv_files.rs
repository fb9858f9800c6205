//! The CSV files of a run: `kernels.csv` (one row per kernel and build,
//! with the ratios to the build's baseline), `runs.csv` (one row per
//! kernel, input and build) and, when measured, `pgo.csv`.

use super::builds::Build;
use super::results::KernelResult;
use super::summary::Measure;
use serde::Serialize;
use std::path::Path;

#[derive(Serialize)]
struct KernelRow<'a> {
    kernel: &'a str,
    tags: String,
    long: bool,
    build: &'a str,
    baseline: &'a str,
    inputs: String,
    instructions: Option<u64>,
    kernel_code_instructions: Option<u64>,
    distinct_instructions: Option<usize>,
    code_bytes: u64,
    text_bytes: u64,
    compile_ms: f64,
    instructions_ratio: Option<f64>,
    kernel_code_instructions_ratio: Option<f64>,
    distinct_ratio: Option<f64>,
    code_bytes_ratio: Option<f64>,
}

#[derive(Serialize)]
struct RunRow<'a> {
    kernel: &'a str,
    input: &'a str,
    build: &'a str,
    instructions: u64,
}

#[derive(Serialize)]
struct PgoRow<'a> {
    kernel: &'a str,
    profile_from: &'static str,
    trained_on: &'a str,
    input: &'a str,
    base_instructions: Option<u64>,
    pgo_instructions: Option<u64>,
    base_wall_ms: f64,
    pgo_wall_ms: f64,
}

/// Writes the CSV files into `dir`.
pub fn write_csv(dir: &Path, results: &[KernelResult], builds: &[Build]) -> Result<(), String> {
    let open = |name: &str| csv::Writer::from_path(dir.join(name)).map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()));
    let fail = |e: csv::Error| format!("writing CSV: {e}");
    let mut kernels = open("kernels.csv")?;
    let mut runs = open("runs.csv")?;
    for kernel in results {
        for build in builds {
            let Some(result) = kernel.builds.get(&build.label) else { continue };
            let baseline = build.baseline.as_deref().and_then(|b| kernel.builds.get(b));
            let ratio = |m: Measure| Some(m.of(result)? / m.of(baseline?)?).filter(|r| r.is_finite());
            kernels
                .serialize(KernelRow {
                    kernel: &kernel.name,
                    tags: kernel.tags.join(","),
                    long: kernel.long,
                    build: &build.label,
                    baseline: build.baseline.as_deref().unwrap_or(""),
                    inputs: kernel.inputs.join(" "),
                    instructions: result.total_instructions(),
                    kernel_code_instructions: result.own_instructions,
                    distinct_instructions: result.distinct,
                    code_bytes: result.size.functions,
                    text_bytes: result.size.text,
                    compile_ms: result.compile_ms,
                    instructions_ratio: ratio(Measure::Instructions),
                    kernel_code_instructions_ratio: ratio(Measure::OwnInstructions),
                    distinct_ratio: ratio(Measure::Distinct),
                    code_bytes_ratio: ratio(Measure::Size),
                })
                .map_err(fail)?;
            for (input, instructions) in &result.instructions {
                runs.serialize(RunRow { kernel: &kernel.name, input, build: &build.label, instructions: *instructions }).map_err(fail)?;
            }
        }
    }
    kernels.flush().map_err(|e| e.to_string())?;
    runs.flush().map_err(|e| e.to_string())?;
    if results.iter().any(|k| k.pgo.is_some()) {
        let mut pgo = open("pgo.csv")?;
        for kernel in results {
            let Some(result) = &kernel.pgo else { continue };
            for (profile_from, m) in [("same input", &result.same), ("other input", &result.other)] {
                pgo.serialize(PgoRow {
                    kernel: &kernel.name,
                    profile_from,
                    trained_on: &m.trained_on,
                    input: &m.input,
                    base_instructions: m.base_instructions,
                    pgo_instructions: m.pgo_instructions,
                    base_wall_ms: m.base_wall_ms,
                    pgo_wall_ms: m.pgo_wall_ms,
                })
                .map_err(fail)?;
            }
        }
        pgo.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}
