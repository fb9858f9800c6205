//! The TPP tier (`nissecc-bench --tier tpp`; issue 16): targeted path
//! profiling (Joshi, Bond & Zilles, "Targeted Path Profiling", §5, Tables
//! 2–4 and Figure 9) on the long kernels, trained on the naive profile of
//! the first input and run on the last:
//!
//! - its overhead in whole-process instructions over the plain -O2 build
//!   (callgrind), next to Ball–Larus (`path`), `ks` and `sese`;
//! - the functions whose paths count in an array and in the hash table,
//!   against Ball–Larus;
//! - the attribution of definite flow against the Ball–Larus profile of
//!   the last input, with the edge profile of the first input
//!   (cross-input) and of the last (same input).
//!
//! Every instrumented run must print what the plain build prints, and both
//! TPP profiles must pass the oracle's exact check
//! (`profdata::targeted::compare_profiles`); a failure fails the tier.

use super::callgrind::process_instructions;
use super::kernel;
use super::manifest::Kernel;
use super::options::Options;
use super::parallel::run_long_kernel_tier;
use super::process::compile_nissecc;
use super::summary::median_of;
use super::toolchain::Toolchain;
use crate::profdata::load::load;
use crate::profdata::targeted::{compare_profiles, Comparison};
use nissecc_midend::instrument::path::DEFAULT_ARRAY_THRESHOLD;
use std::fmt::Write as _;
use std::path::Path;

/// The builds whose overhead the tier reports: three strategies, then TPP
/// trained on the first input (`tpp`) and on the measured one
/// (`tpp-same`).
const STRATEGIES: [&str; 5] = ["path", "ks", "sese", "tpp", "tpp-same"];

/// What one kernel measured.
struct KernelResult {
    name: String,
    /// The same-input and cross-input comparisons.
    same: Comparison,
    cross: Comparison,
    /// Plain instructions, and each strategy's, when measured.
    instructions: Option<(u64, [u64; 5])>,
}

pub fn run(options: &Options) -> Result<(), String> {
    run_long_kernel_tier(options, "tpp", 3, measure, |results: &[KernelResult]| report(results))
}

fn measure(kernel: &Kernel, toolchain: &Toolchain, valgrind: bool, dir: &Path) -> Result<KernelResult, String> {
    let nissecc = &toolchain.nissecc;
    let (first, last) = (kernel.inputs.first().ok_or("the kernel has no input")?, kernel.inputs.last().ok_or("the kernel has no input")?);
    let path = |name: &str| dir.join(name);
    let env = |file: &str| vec![("NISSE_PROFILE_FILE".to_string(), path(file).display().to_string())];
    compile_nissecc(nissecc, &["-O2"], &kernel.source, &path("plain"))?;
    let expected = [kernel::run(&path("plain"), first, &[])?, kernel::run(&path("plain"), last, &[])?];
    let run = |exe: &str, input: &str, profile: &str| -> Result<(), String> {
        let reference = if input == first { &expected[0] } else { &expected[1] };
        if kernel::run(&path(exe), input, &env(profile))? != *reference {
            return Err(format!("the {exe} build behaves differently from the plain one on input {input}"));
        }
        Ok(())
    };
    compile_nissecc(nissecc, &["-O2", "-fprofile-instr=naive"], &kernel.source, &path("naive"))?;
    run("naive", first, "train-first.nprof")?;
    run("naive", last, "train-last.nprof")?;
    for strategy in &STRATEGIES[..3] {
        compile_nissecc(nissecc, &["-O2", &format!("-fprofile-instr={strategy}")], &kernel.source, &path(strategy))?;
    }
    for (exe, training) in [("tpp", "train-first.nprof"), ("tpp-same", "train-last.nprof")] {
        let weights = format!("-fprofile-instr-weights={}", path(training).display());
        compile_nissecc(nissecc, &["-O2", "-fprofile-instr=tpp", &weights], &kernel.source, &path(exe))?;
    }
    run("path", last, "path.nprof")?;
    run("tpp", last, "tpp.nprof")?;
    run("tpp-same", last, "tpp-same.nprof")?;
    let ball_larus = load(&path("path.nprof"))?;
    let same = compare_profiles(&load(&path("tpp-same.nprof"))?, &ball_larus, true, DEFAULT_ARRAY_THRESHOLD).map_err(|e| format!("same input: {e}"))?;
    let cross = compare_profiles(&load(&path("tpp.nprof"))?, &ball_larus, false, DEFAULT_ARRAY_THRESHOLD).map_err(|e| format!("cross input: {e}"))?;
    let instructions = if valgrind {
        let plain = process_instructions(&path("plain"), last, &[], dir)?;
        let mut measured = [0; 5];
        for (k, strategy) in STRATEGIES.iter().enumerate() {
            measured[k] = process_instructions(&path(strategy), last, &env(&format!("{strategy}.m.nprof")), dir)?;
        }
        Some((plain, measured))
    } else {
        None
    };
    Ok(KernelResult { name: kernel.name.clone(), same, cross, instructions })
}

fn report(results: &[KernelResult]) -> String {
    let mut out = String::from(
        "## nissecc-bench: TPP tier\n\nTargeted path profiling (`-fprofile-instr=tpp`, TPP(5, 6.67)) trained on the naive profile of each long kernel's first input and run on its last: whole-process instructions over the plain -O2 build (callgrind) next to Ball–Larus (`path`), `ks` and `sese`; functions counting paths in an array / the hash table under Ball–Larus and TPP; attribution of definite flow (AoDF) against the Ball–Larus profile of the last input, trained on the last input (same) and on the first (cross). Every TPP profile passed the exact check.\n\n| kernel | path | ks | sese | tpp | tpp ≤ path | tpp same input | BL array/hash | TPP array/hash | AoDF same | AoDF cross |\n|---|---:|---:|---:|---:|:---:|---:|---:|---:|---:|---:|\n",
    );
    let overhead = |r: &KernelResult, k: usize| r.instructions.map(|(plain, measured)| measured[k] as f64 / plain.max(1) as f64);
    let show = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("×{x:.3}"));
    for r in results {
        let cheaper = match (overhead(r, 3), overhead(r, 0)) {
            (Some(t), Some(p)) => {
                if t <= p {
                    "yes"
                } else {
                    "**no**"
                }
            }
            _ => "-",
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {cheaper} | {} | {}/{} | {}/{} | {:.2}% | {:.2}% |",
            r.name,
            show(overhead(r, 0)),
            show(overhead(r, 1)),
            show(overhead(r, 2)),
            show(overhead(r, 3)),
            show(overhead(r, 4)),
            r.cross.ball_larus_arrays,
            r.cross.ball_larus_hashed,
            r.cross.tpp_arrays,
            r.cross.tpp_hashed,
            100.0 * r.same.attribution.aodf(),
            100.0 * r.cross.attribution.aodf()
        );
    }
    let medians = |f: &dyn Fn(&KernelResult) -> Option<f64>| median_of(results, f);
    let sum = |f: &dyn Fn(&KernelResult) -> usize| results.iter().map(f).sum::<usize>();
    let _ = writeln!(
        out,
        "| median (totals) | {} | {} | {} | {} | | {} | {}/{} | {}/{} | {:.2}% | {:.2}% |",
        show(medians(&|r| overhead(r, 0))),
        show(medians(&|r| overhead(r, 1))),
        show(medians(&|r| overhead(r, 2))),
        show(medians(&|r| overhead(r, 3))),
        show(medians(&|r| overhead(r, 4))),
        sum(&|r| r.cross.ball_larus_arrays),
        sum(&|r| r.cross.ball_larus_hashed),
        sum(&|r| r.cross.tpp_arrays),
        sum(&|r| r.cross.tpp_hashed),
        100.0 * medians(&|r| Some(r.same.attribution.aodf())).unwrap_or(f64::NAN),
        100.0 * medians(&|r| Some(r.cross.attribution.aodf())).unwrap_or(f64::NAN)
    );
    let extra = |k: usize| medians(&|r| overhead(r, k).map(|x| x - 1.0));
    if let (Some(path), Some(tpp)) = (extra(0), extra(3)) {
        let costlier = |k: usize| results.iter().filter(|r| matches!((overhead(r, k), overhead(r, 0)), (Some(t), Some(p)) if t > p)).count();
        let _ = writeln!(
            out,
            "\nMedian extra instructions: Ball–Larus {:.1}%, TPP {:.1}% ({:.0}% of Ball–Larus's; target at most 50%), TPP trained on the same input {:.1}%; kernels where TPP costs more than Ball–Larus: {} (same input: {}); lowest AoDF same input {:.2}% (target at least 98% median).",
            100.0 * path,
            100.0 * tpp,
            100.0 * tpp / path.max(f64::MIN_POSITIVE),
            100.0 * extra(4).unwrap_or(f64::NAN),
            costlier(3),
            costlier(4),
            100.0 * results.iter().map(|r| r.same.attribution.aodf()).fold(f64::INFINITY, f64::min)
        );
    }
    out
}
