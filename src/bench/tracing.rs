//! The tracing tier (`nissecc-bench --tier tracing`; issue 19): the
//! optimal witness placement of Ball & Larus, "Optimally Profiling and
//! Tracing Programs", TOPLAS 1994, §4 (`-fprofile-instr=trace`), against
//! the every-predicate placement it improves on (`trace-naive`), as the
//! paper's Table 3 compares its "Old" and "New" tracing: trace bytes per
//! executed block, and run-time overhead in whole-process instructions
//! (under callgrind) over the plain -O2 build, on the long kernels' last
//! input.
//!
//! Every traced run must print what the plain build prints, and its trace
//! must fold (`nissecc-profdata trace --edge-profile`) into exactly the
//! naive profile of the same input; a difference fails the tier.

use super::kernel;
use super::manifest::Kernel;
use super::parallel::run_long_kernel_tier;
use super::options::Options;
use super::callgrind::process_instructions;
use super::process::compile_nissecc;
use super::summary::median_of;
use super::toolchain::Toolchain;
use crate::profdata::show::{show, ShowOptions};
use crate::profdata::trace::{trace_file, TraceOptions};
use std::fmt::Write as _;
use std::path::Path;

/// The two placements, by `-fprofile-instr` strategy.
const PLACEMENTS: [&str; 2] = ["trace-naive", "trace"];

/// What one kernel measured.
struct KernelResult {
    name: String,
    /// Blocks executed (from the naive profile).
    blocks: u64,
    /// Per placement: trace bytes, and instructions when measured.
    bytes: [u64; 2],
    instructions: Option<(u64, [u64; 2])>,
}

pub fn run(options: &Options) -> Result<(), String> {
    run_long_kernel_tier(options, "tracing", 3, measure, |results: &[KernelResult]| report(results))
}

/// The bytes of the tokens in the trace file at `path` (each an LEB128
/// number), without its header.
fn token_bytes(path: &Path) -> Result<u64, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = nissecc_profile_format::trace::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(file.tokens.iter().map(|&t| nissecc_profile_format::leb128::len(t) as u64).sum())
}

fn measure(kernel: &Kernel, toolchain: &Toolchain, valgrind: bool, dir: &Path) -> Result<KernelResult, String> {
    let nissecc = &toolchain.nissecc;
    let input = kernel.inputs.last().ok_or("the kernel has no input")?;
    let path = |name: &str| dir.join(name);
    compile_nissecc(nissecc, &["-O2"], &kernel.source, &path("plain"))?;
    compile_nissecc(nissecc, &["-O2", "-fprofile-instr=naive"], &kernel.source, &path("naive"))?;
    let reference = kernel::run(&path("plain"), input, &[])?;
    let env = |file: &str| vec![("NISSE_PROFILE_FILE".to_string(), path(file).display().to_string())];
    kernel::run(&path("naive"), input, &env("naive.nprof"))?;
    let naive = show(&path("naive.nprof"), &ShowOptions { json: true, ..ShowOptions::default() })?.text;
    let document: serde_json::Value = serde_json::from_str(&naive).map_err(|e| e.to_string())?;
    let blocks: u64 = document["functions"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|f| f["blocks"].as_array().into_iter().flatten())
        .filter_map(|b| b["count"].as_u64())
        .sum();
    let mut bytes = [0; 2];
    for (k, placement) in PLACEMENTS.iter().enumerate() {
        compile_nissecc(nissecc, &["-O2", &format!("-fprofile-instr={placement}")], &kernel.source, &path(placement))?;
        let _ = std::fs::remove_file(path(&format!("{placement}.ntrace")));
        let run = kernel::run(&path(placement), input, &env(&format!("{placement}.nprof")))?;
        if run != reference {
            return Err(format!("the {placement} build behaves differently from the plain one"));
        }
        let trace = path(&format!("{placement}.ntrace"));
        let folded = trace_file(&trace, &TraceOptions { edge_profile: true, ..TraceOptions::default() })?;
        if folded != naive {
            return Err(format!("the {placement} trace does not fold into the naive profile"));
        }
        bytes[k] = token_bytes(&trace)?;
    }
    let instructions = if valgrind {
        let plain = process_instructions(&path("plain"), input, &[], dir)?;
        let mut traced = [0; 2];
        for (k, placement) in PLACEMENTS.iter().enumerate() {
            traced[k] = process_instructions(&path(placement), input, &env(&format!("{placement}.m.nprof")), dir)?;
        }
        Some((plain, traced))
    } else {
        None
    };
    Ok(KernelResult { name: kernel.name.clone(), blocks, bytes, instructions })
}

fn report(results: &[KernelResult]) -> String {
    let mut out = String::from(
        "## nissecc-bench: tracing tier\n\nBall & Larus's every-predicate placement (`trace-naive`, the paper's \"Old\") against the optimal one (`trace`, \"New\"), on the long kernels' last input: trace bytes per executed block, and whole-process instructions over the plain -O2 build (callgrind).\n\n| kernel | blocks executed | bytes/block old | bytes/block new | overhead old | overhead new |\n|---|---:|---:|---:|---:|---:|\n",
    );
    let per_block = |r: &KernelResult, k: usize| r.bytes[k] as f64 / r.blocks.max(1) as f64;
    let overhead = |r: &KernelResult, k: usize| r.instructions.map(|(plain, traced)| traced[k] as f64 / plain.max(1) as f64);
    let show = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("×{x:.3}"));
    for r in results {
        let _ = writeln!(
            out,
            "| {} | {} | {:.3} | {:.3} | {} | {} |",
            r.name,
            r.blocks,
            per_block(r, 0),
            per_block(r, 1),
            show(overhead(r, 0)),
            show(overhead(r, 1))
        );
    }
    let medians = |f: &dyn Fn(&KernelResult) -> Option<f64>| median_of(results, f);
    let _ = writeln!(
        out,
        "| median | | {:.3} | {:.3} | {} | {} |",
        medians(&|r| Some(per_block(r, 0))).unwrap_or(f64::NAN),
        medians(&|r| Some(per_block(r, 1))).unwrap_or(f64::NAN),
        show(medians(&|r| overhead(r, 0))),
        show(medians(&|r| overhead(r, 1)))
    );
    out
}
