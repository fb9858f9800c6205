//! The exact profilers side by side (issue 18): every nissecc strategy
//! against nissecc's plain `-O2`, gcc's `-fprofile-arcs` against gcc's
//! `-O2`, and clang's `-fprofile-generate` against clang's `-O2`, as the
//! median and the worst per-kernel ratio of whole-process instructions
//! and of instructions in the kernel's own code, over the long kernels and
//! over all of them; and nissecc's plain `-O2` against gcc's and clang's
//! (issue 20) in the same shape.

use super::builds::Build;
use super::results::KernelResult;
use super::summary::{median, ratios, Measure};
use std::fmt::Write;

/// The builds that write a profile, with the build they are measured
/// against.
fn profilers(builds: &[Build]) -> impl Iterator<Item = (&Build, &str)> {
    builds.iter().filter(|b| b.profile_env.is_some()).filter_map(|b| Some((b, b.baseline.as_deref()?)))
}

/// `median (worst: kernel ×ratio)` of `build`'s ratios against `baseline`
/// over `kernels`, or `n/a`.
fn cell(kernels: &[KernelResult], build: &str, baseline: &str, measure: Measure) -> String {
    let per_kernel = ratios(kernels, build, baseline, measure);
    let Some((worst, worst_ratio)) = per_kernel.iter().max_by(|a, b| a.1.total_cmp(&b.1)) else { return "n/a".into() };
    let values: Vec<f64> = per_kernel.iter().map(|(_, r)| *r).collect();
    format!("×{:.3} (worst {worst} ×{worst_ratio:.3})", median(&values))
}

/// The plain builds side by side (issue 20): nissecc's `-O2` against
/// gcc's and clang's `-O2`, as [`table`] shows the profilers.
pub fn plain_table(results: &[KernelResult], builds: &[Build]) -> String {
    let peers = ["gcc-O2", "clang-O2"].into_iter().filter(|peer| builds.iter().any(|b| b.label == *peer));
    ratio_table(results, "build", peers.map(|peer| ("nissecc -O2", super::builds::BASE, peer)))
}

/// The markdown table.
pub fn table(results: &[KernelResult], builds: &[Build]) -> String {
    ratio_table(results, "profiler", profilers(builds).map(|(build, baseline)| (build.label.as_str(), build.label.as_str(), baseline)))
}

/// A table with a row per `(shown name, build, baseline)` of `rows`: the
/// median and worst ratio of `build` to `baseline`, by whole-process and
/// kernel-code instructions, over the long kernels and over all.
fn ratio_table<'a>(results: &[KernelResult], heading: &str, rows: impl Iterator<Item = (&'a str, &'a str, &'a str)>) -> String {
    let long: Vec<KernelResult> = results.iter().filter(|k| k.long).cloned().collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| {heading} | vs | long kernels ({}): instrs. | long kernels: kernel-code instrs. | all kernels ({}): instrs. | all kernels: kernel-code instrs. |",
        long.len(),
        results.len()
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|");
    for (shown, build, baseline) in rows {
        let cells: Vec<String> = [(&long[..], Measure::Instructions), (&long[..], Measure::OwnInstructions), (results, Measure::Instructions), (results, Measure::OwnInstructions)]
            .into_iter()
            .map(|(kernels, measure)| cell(kernels, build, baseline, measure))
            .collect();
        let _ = writeln!(out, "| {shown} | {baseline} | {} |", cells.join(" | "));
    }
    out
}
