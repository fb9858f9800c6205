//! The inference tier (`nissecc-bench --tier inference`, issue 17): how
//! well profile inference (He et al., "Profile Inference Revisited", POPL
//! 2022) recovers exact counts, measured against the exact naive profile
//! of the same run, which nissecc has for every function (the paper had
//! ground truth for SPEC only, §5.3).
//!
//! For every long kernel, on the input that runs the most blocks:
//!
//! - **Accuracy** (§5.3's vertex overlap, edge overlap and coverage,
//!   through `nissecc-profdata overlap`'s code): simulated sampling of the
//!   naive profile at several rates, with blocks hidden and with edge
//!   samples; the real sampler (`-fprofile-sample`) at two rates when
//!   nissecc has it; each inferred with profi and with mcf.
//! - **Time**: inference time per function against its block count, and
//!   on synthetic CFGs of 1,000 and 10,000 blocks.
//! - **PGO**: the gain (plain ÷ optimized, whole-process instructions
//!   under callgrind) of `-fprofile-use` with the exact profile and with
//!   the sampled one (inferred by the compiler), next to each other.
//!
//! The report goes to `inference.md` in the output directory and to
//! stdout. Any build that prints differently from the plain build is a
//! failure.

use super::callgrind;
use super::kernel;
use super::manifest::Kernel;
use super::parallel::{callgrind_available, measure_kernels, publish, selected_long_kernels};
use super::options::Options;
use super::process::{compile_nissecc, run_with_limit};
use super::summary::median;
use super::toolchain::Toolchain;
use crate::profdata::counts::{function_counts, FunctionCounts};
use crate::profdata::infer::infer_function;
use crate::profdata::load::load;
use crate::profdata::overlap::{compare, coverage, measures, percent, weighted, Measures};
use nissecc_midend::pgo::stale::recover;
use crate::profdata::sample::{sample_profile, SampleOptions};
use nissecc_midend::profile::infer::synthetic::{random_shape, simulate, Lcg};
use nissecc_midend::profile::infer::{infer_flow, sample_weights, Objective, Weights};
use nissecc_midend::profile::{decode_descriptor, CfgDescriptor, FlowGraph};
use nissecc_profile_format::file::write_atomically;
use nissecc_profile_format::{write, FunctionProfile, Profile};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const OBJECTIVES: [Objective; 2] = [Objective::Profi, Objective::Mcf];
/// The default rate of `nissecc-profdata sample`, the one the PGO columns
/// and the time measurements use.
const DEFAULT_RATE: f64 = 0.01;
/// The real sampler's rates (`NISSE_SAMPLE_HZ`).
const SAMPLER_HZ: [u32; 2] = [1000, 250];
/// How long the real sampler's runs of one kernel take in all, at least.
const SAMPLED_CPU: Duration = Duration::from_secs(2);
const MAX_SAMPLED_RUNS: u32 = 2000;

/// One way of getting an inexact profile.
#[derive(Clone, Debug)]
enum Case {
    Simulated { rate: f64, drop_blocks: f64, edges: bool },
    Sampler { hz: u32 },
}

impl Case {
    fn label(&self) -> String {
        match self {
            Case::Simulated { rate, drop_blocks, edges } => {
                let mut label = format!("simulated, rate {rate}");
                if *drop_blocks > 0.0 {
                    let _ = write!(label, ", {drop_blocks}% of blocks hidden");
                }
                if *edges {
                    label += ", with edge samples";
                }
                label
            }
            Case::Sampler { hz } => format!("-fprofile-sample, {hz} Hz"),
        }
    }
}

fn cases(sampler: bool) -> Vec<Case> {
    let mut cases: Vec<Case> = [0.1, DEFAULT_RATE, 0.001].iter().map(|&rate| Case::Simulated { rate, drop_blocks: 0.0, edges: false }).collect();
    cases.push(Case::Simulated { rate: DEFAULT_RATE, drop_blocks: 30.0, edges: false });
    cases.push(Case::Simulated { rate: DEFAULT_RATE, drop_blocks: 0.0, edges: true });
    if sampler {
        cases.extend(SAMPLER_HZ.iter().map(|&hz| Case::Sampler { hz }));
    }
    cases
}

/// A change between the profiled build and the build that uses the
/// profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    /// A statement added at the top of `main`: `if (argc > 1000) return 99;`.
    AddedStatement,
    /// The first `if (A && B)` without nested parentheses becomes
    /// `if ((A) ? (B) : 0)`, the same condition with another CFG.
    SplitCondition,
    /// The profile was taken at -O0 and is used at -O2.
    OtherLevel,
}

impl Edit {
    const ALL: [Edit; 3] = [Edit::AddedStatement, Edit::SplitCondition, Edit::OtherLevel];

    fn label(self) -> &'static str {
        match self {
            Edit::AddedStatement => "a statement added to main",
            Edit::SplitCondition => "an `&&` condition rewritten as `?:`",
            Edit::OtherLevel => "profiled at -O0, used at -O2",
        }
    }

    /// The edited source, or `None` when the kernel has no place for the
    /// edit.
    fn apply(self, source: &str) -> Option<String> {
        match self {
            Edit::AddedStatement => {
                let main = source.find("int main(int argc")?;
                let brace = main + source[main..].find('{')?;
                Some(format!("{}\n    if (argc > 1000) return 99;{}", &source[..=brace], &source[brace + 1..]))
            }
            Edit::SplitCondition => {
                let mut at = 0;
                while let Some(found) = source[at..].find("if (") {
                    let open = at + found + 3;
                    let close = open + source[open..].find(')')?;
                    let inner = &source[open + 1..close];
                    if !inner.contains('(') && inner.matches("&&").count() == 1 && !inner.contains("||") {
                        let (a, b) = inner.split_once("&&")?;
                        return Some(format!("{}(({}) ? ({}) : 0){}", &source[..open], a.trim(), b.trim(), &source[close + 1..]));
                    }
                    at = close;
                }
                None
            }
            Edit::OtherLevel => Some(source.to_string()),
        }
    }
}

/// One stale function: how many of its blocks matched, of how many, and
/// how close the recovered counts are to the exact counts of the edited
/// build (`None` when nothing but the entry matched and the counts were
/// dropped).
struct StaleFunction {
    edit: Edit,
    matched: usize,
    blocks: usize,
    measures: Option<Measures>,
}

/// What one kernel measured.
#[derive(Default)]
struct KernelResult {
    stale: Vec<StaleFunction>,
    name: String,
    /// The input measured: the one that runs the most blocks.
    input: String,
    /// (case index, objective, total measures over the kernel's functions).
    accuracy: Vec<(usize, Objective, Measures)>,
    /// (case index, the coverage of the samples themselves).
    sampled: Vec<(usize, f64)>,
    /// (blocks, profi time, mcf time) per function.
    times: Vec<(usize, Duration, Duration)>,
    /// Whole-process instructions: plain, exact-profile and
    /// sampled-profile builds.
    pgo: Option<(u64, u64, u64)>,
}

/// Runs the tier.
pub fn run(options: &Options) -> Result<(), String> {
    let toolchain = Toolchain::discover()?;
    let kernels = selected_long_kernels(options, 2)?;
    let scratch = tempfile::Builder::new().prefix("nissecc-bench-inference-").tempdir().map_err(|e| e.to_string())?;
    let sampler = accepts_sampling(&toolchain.nissecc, scratch.path());
    let valgrind = callgrind_available(options);
    let cases = cases(sampler);
    eprintln!(
        "nissecc-bench: inference: {} long kernels; real sampler: {}; PGO under callgrind: {}",
        kernels.len(),
        if sampler { "yes" } else { "no (nissecc does not accept -fprofile-sample)" },
        if valgrind { "yes" } else { "no" }
    );
    let (results, failures) =
        measure_kernels(&kernels, options, scratch.path(), |kernel, dir| measure_kernel(kernel, &toolchain, &cases, valgrind, dir));
    let results: Vec<KernelResult> = results.into_iter().map(|(_, result)| result).collect();
    // Quick mode (CI) skips the 10,000-block CFG, which takes seconds.
    let sizes: &[u32] = if options.quick { &[1_000] } else { &[1_000, 10_000] };
    let report = report(&results, &cases, &synthetic_times(sizes));
    publish(options, "inference.md", &report, failures)
}

/// Whether nissecc builds a sampling binary.
fn accepts_sampling(nissecc: &Path, dir: &Path) -> bool {
    let source = dir.join("probe.c");
    std::fs::write(&source, "int main(void) { return 0; }\n").is_ok()
        && Command::new(nissecc).arg("-fprofile-sample").arg(&source).arg("-o").arg(dir.join("probe")).output().is_ok_and(|o| o.status.success())
}

/// Runs `exe input` with `env` (through the kernel tier's runner); its
/// stdout.
fn run_input(exe: &Path, input: &str, env: &[(&str, String)]) -> Result<Vec<u8>, String> {
    let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    Ok(kernel::run(exe, input, &env)?.stdout)
}

fn measure_kernel(kernel: &Kernel, toolchain: &Toolchain, cases: &[Case], valgrind: bool, dir: &Path) -> Result<KernelResult, String> {
    let nissecc = &toolchain.nissecc;
    let path = |name: &str| dir.join(name);
    compile_nissecc(nissecc, &["-O2"], &kernel.source, &path("plain"))?;
    compile_nissecc(nissecc, &["-O2", "-fprofile-instr=naive"], &kernel.source, &path("naive"))?;
    // The input that runs the most blocks: the kernel's long run.
    let mut heaviest: Option<(u128, &str, Vec<u8>)> = None;
    for (i, input) in kernel.inputs.iter().enumerate() {
        let expected = run_input(&path("plain"), input, &[])?;
        let file = path(&format!("exact.{i}.nprof"));
        if run_input(&path("naive"), input, &[("NISSE_PROFILE_FILE", file.display().to_string())])? != expected {
            return Err(format!("input {input}: the naive build printed differently"));
        }
        let total: u128 = counts_of(&load(&file)?)?.iter().flat_map(|f| &f.counts.blocks).map(|&c| u128::from(c)).sum();
        if heaviest.as_ref().is_none_or(|(most, _, _)| total > *most) {
            std::fs::copy(&file, path("exact.nprof")).map_err(|e| e.to_string())?;
            heaviest = Some((total, input, expected));
        }
    }
    let (_, input, expected) = heaviest.ok_or("the kernel has no input")?;
    let exact_file = path("exact.nprof");
    let exact = load(&exact_file)?;
    let truth = counts_of(&exact)?;
    let mut result = KernelResult { name: kernel.name.clone(), input: input.to_string(), ..KernelResult::default() };
    for (index, case) in cases.iter().enumerate() {
        let sample = match case {
            Case::Simulated { rate, drop_blocks, edges } => {
                let options = SampleOptions { rate: *rate, seed: 1, edges: *edges, drop_blocks: *drop_blocks, drop_edges: 0.0 };
                sample_profile(&exact, &options)?
            }
            Case::Sampler { hz } => {
                let exe = path("sampling");
                if !exe.exists() {
                    compile_nissecc(nissecc, &["-O2", "-fprofile-sample"], &kernel.source, &exe)?;
                }
                // A kernel runs for milliseconds, and a CPU-time timer ticks
                // at most at the kernel's tick rate: the runs are repeated,
                // merged under `%m`, until they have run SAMPLED_CPU.
                let file = path(&format!("sampler.{hz}.nprof"));
                let env = [
                    ("NISSE_PROFILE_FILE", path(&format!("sampler.{hz}%m.nprof")).display().to_string()),
                    ("NISSE_SAMPLE_HZ", hz.to_string()),
                ];
                let started = Instant::now();
                let mut runs = 0u32;
                while runs == 0 || (started.elapsed() < SAMPLED_CPU && runs < MAX_SAMPLED_RUNS) {
                    if run_input(&exe, input, &env)? != expected {
                        return Err("the -fprofile-sample build printed differently".into());
                    }
                    runs += 1;
                }
                // The compiler infers the real samples' counts too, and
                // the build it optimizes with them must behave.
                let optimized = path(&format!("use-sampler-{hz}"));
                compile_nissecc(nissecc, &["-O2", &format!("-fprofile-use={}", file.display())], &kernel.source, &optimized)?;
                if run_input(&optimized, input, &[])? != expected {
                    return Err(format!("the build optimized with the {hz} Hz sample profile printed differently"));
                }
                // The samples of many runs against the counts of one: the
                // measures compare shares, so the scale does not matter.
                load(&file)?
            }
        };
        result.sampled.push((index, samples_coverage(&truth, &sample)?));
        for objective in OBJECTIVES {
            let inferred = Profile {
                functions: sample.functions.iter().map(|f| infer_function(f, objective)).collect::<Result<_, _>>()?,
            };
            let report = compare(&truth, &counts_of(&inferred)?);
            let total = report.total.ok_or_else(|| format!("{}: no function to compare", case.label()))?;
            result.accuracy.push((index, objective, total));
        }
        if matches!(case, Case::Simulated { rate, drop_blocks, edges: false } if *rate == DEFAULT_RATE && *drop_blocks == 0.0) {
            result.times = function_times(&sample)?;
            let file = path("sampled.nprof");
            write_atomically(&file, &write(&sample)).map_err(|e| format!("{}: {e}", file.display()))?;
            result.pgo = pgo_instructions(nissecc, kernel, input, &expected, &exact_file, &file, valgrind, dir)?;
        }
    }
    for edit in Edit::ALL {
        result.stale.extend(stale_functions(kernel, nissecc, input, &exact, edit, dir)?);
    }
    Ok(result)
}

/// The stale functions of `edit` applied to the kernel: the profile
/// `exact` of the original, matched by block hashes and inferred
/// (`pgo::stale::recover`, as `-fprofile-use` does) against the exact
/// profile of the edited build on the same input.
fn stale_functions(kernel: &Kernel, nissecc: &Path, input: &str, exact: &Profile, edit: Edit, dir: &Path) -> Result<Vec<StaleFunction>, String> {
    let original = std::fs::read_to_string(&kernel.source).map_err(|e| format!("{}: {e}", kernel.source.display()))?;
    let Some(edited) = edit.apply(&original) else { return Ok(Vec::new()) };
    let stem = format!("edit-{edit:?}");
    let source = dir.join(format!("{stem}.c"));
    std::fs::write(&source, edited).map_err(|e| e.to_string())?;
    let old = match edit {
        Edit::OtherLevel => {
            let exe = dir.join("naive-O0");
            compile_nissecc(nissecc, &["-O0", "-fprofile-instr=naive"], &kernel.source, &exe)?;
            let file = dir.join("exact-O0.nprof");
            run_input(&exe, input, &[("NISSE_PROFILE_FILE", file.display().to_string())])?;
            load(&file)?
        }
        _ => exact.clone(),
    };
    let exe = dir.join(&stem);
    compile_nissecc(nissecc, &["-O2", "-fprofile-instr=naive"], &source, &exe)?;
    let file = dir.join(format!("{stem}.nprof"));
    run_input(&exe, input, &[("NISSE_PROFILE_FILE", file.display().to_string())])?;
    let truth = counts_of(&load(&file)?)?;
    let old = counts_of(&old)?;
    let mut stale = Vec::new();
    for now in &truth {
        let Some(before) = old.iter().find(|f| f.name == now.name) else { continue };
        if before.checksum == now.checksum && before.descriptor.shape == now.descriptor.shape {
            continue;
        }
        let (old_desc, new_desc) = (&before.descriptor, &now.descriptor);
        let recovered = recover(&old_desc.shape, &old_desc.block_hashes, &before.counts, &new_desc.shape, &new_desc.block_hashes)?;
        stale.push(StaleFunction {
            edit,
            matched: recovered.as_ref().map_or(0, |r| r.matched),
            blocks: new_desc.shape.block_lines.len(),
            measures: recovered.map(|r| measures(&now.counts, &r.counts)),
        });
    }
    Ok(stale)
}

/// The coverage of a sample profile before inference: the share of the
/// blocks that ran (in `truth`) that carry a non-zero weight, per function,
/// weighted as the other totals are. Inference can only add to it the
/// blocks that flow conservation forces; a block that ran a few times in a
/// long run and drew no sample is beyond what any inference can see.
fn samples_coverage(truth: &[FunctionCounts], sample: &Profile) -> Result<f64, String> {
    let mut pairs = Vec::new();
    for (function, _, weights) in weighed_functions(sample)? {
        let Some(exact) = truth.iter().find(|f| f.name == function.name && f.counts.blocks.len() == weights.blocks.len()) else { continue };
        let weighed: Vec<u64> = weights.blocks.iter().map(|w| w.unwrap_or(0)).collect();
        pairs.push((exact.total(), coverage(&exact.counts.blocks, &weighed)));
    }
    Ok(weighted(pairs.into_iter()).unwrap_or(1.0))
}

/// Every function of a sample profile with its decoded descriptor and the
/// weights its samples give.
fn weighed_functions(sample: &Profile) -> Result<Vec<(&FunctionProfile, CfgDescriptor, Weights)>, String> {
    sample
        .functions
        .iter()
        .map(|function| {
            let desc = decode_descriptor(&function.descriptor)?;
            let weights = sample_weights(&desc, &function.counters)?;
            Ok((function, desc, weights))
        })
        .collect()
}

fn counts_of(profile: &Profile) -> Result<Vec<FunctionCounts>, String> {
    profile.functions.iter().map(function_counts).collect()
}

/// Inference time of every function of a sample profile, the best of
/// three, with each objective.
fn function_times(sample: &Profile) -> Result<Vec<(usize, Duration, Duration)>, String> {
    let mut times = Vec::new();
    for (_, desc, weights) in weighed_functions(sample)? {
        let time = |objective| best_time(&desc.shape, &weights, objective);
        times.push((desc.shape.block_lines.len(), time(Objective::Profi)?, time(Objective::Mcf)?));
    }
    Ok(times)
}

fn best_time(shape: &nissecc_midend::profile::FunctionShape, weights: &Weights, objective: Objective) -> Result<Duration, String> {
    let graph = FlowGraph::new(shape);
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        infer_flow(shape, &graph, weights, objective)?;
        best = best.min(started.elapsed());
    }
    Ok(best)
}

/// Inference time on synthetic CFGs: (blocks, profi, mcf).
fn synthetic_times(sizes: &[u32]) -> Vec<(usize, Duration, Duration)> {
    sizes
        .iter()
        .filter_map(|&n| {
            let mut rng = Lcg(u64::from(n));
            let shape = random_shape(&mut rng, n);
            let truth = simulate(&mut rng, &shape, 200);
            // Samples at rate 1/100 of counts scaled up by 100: weights of
            // the same size as the truth with sampling noise.
            let mut weights = Weights::of_counts(&truth);
            weights.edges.iter_mut().for_each(|w| *w = None);
            for w in weights.blocks.iter_mut() {
                *w = w.map(|c| (c * 100 + rng.below(50)).saturating_sub(25));
            }
            let profi = best_time(&shape, &weights, Objective::Profi).ok()?;
            let mcf = best_time(&shape, &weights, Objective::Mcf).ok()?;
            Some((n as usize, profi, mcf))
        })
        .collect()
}

/// Whole-process instructions of the plain build and of the builds
/// optimized with the exact and the sampled profile, after checking their
/// output; `None` without valgrind.
#[allow(clippy::too_many_arguments)]
fn pgo_instructions(
    nissecc: &Path,
    kernel: &Kernel,
    input: &str,
    expected: &[u8],
    exact: &Path,
    sampled: &Path,
    valgrind: bool,
    dir: &Path,
) -> Result<Option<(u64, u64, u64)>, String> {
    let mut counts = Vec::new();
    for (label, profile) in [("plain", None), ("use-exact", Some(exact)), ("use-sampled", Some(sampled))] {
        let exe: PathBuf = dir.join(label);
        if let Some(profile) = profile {
            compile_nissecc(nissecc, &["-O2", &format!("-fprofile-use={}", profile.display())], &kernel.source, &exe)?;
            if run_input(&exe, input, &[])? != expected {
                return Err(format!("the {label} build printed differently"));
            }
        }
        if valgrind {
            let out = dir.join(format!("callgrind-{label}"));
            std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
            let wrapper = callgrind::wrapper(&out);
            let mut command = Command::new(&wrapper[0]);
            command.args(&wrapper[1..]).arg(&exe).arg(input);
            run_with_limit(command, Duration::from_secs(900), &format!("valgrind {label}"))?;
            counts.push(callgrind::total_instructions(&out)?);
        }
    }
    Ok(valgrind.then(|| (counts[0], counts[1], counts[2])))
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        f64::NAN
    } else {
        sum / n as f64
    }
}

fn micros(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e6)
}

fn report(results: &[KernelResult], cases: &[Case], synthetic: &[(usize, Duration, Duration)]) -> String {
    let mut out = format!("## nissecc-bench: profile inference, {} long kernels (each on its heaviest input)\n\n", results.len());
    out += "### Accuracy against the exact naive profile of the same run (He et al. §5.3)\n\n";
    out += "Mean over kernels of each kernel's total (functions weighted by their exact block counts); in brackets the worst kernel.\n\n";
    out += "*Samples' coverage* is the coverage of the samples themselves, before inference: the share of the blocks that ran that drew a sample (or a weight). Inference adds to it only the blocks that flow conservation forces.\n\n";
    out += "| case | samples' coverage | profi vertex | profi edge | profi coverage | mcf vertex | mcf edge | mcf coverage |\n|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (index, case) in cases.iter().enumerate() {
        let _ = write!(out, "| {} ", case.label());
        let sampled: Vec<f64> = results.iter().flat_map(|r| r.sampled.iter().filter(|(i, _)| *i == index).map(|&(_, c)| c)).collect();
        let _ = write!(out, "| {} ({}) ", percent(mean(sampled.iter().copied())), percent(sampled.iter().copied().fold(f64::INFINITY, f64::min)));
        for objective in OBJECTIVES {
            let of = |pick: fn(&Measures) -> f64| -> Vec<f64> {
                results.iter().flat_map(|r| r.accuracy.iter().filter(|(i, o, _)| *i == index && *o == objective).map(|(_, _, m)| pick(m))).collect()
            };
            for pick in [|m: &Measures| m.vertex, |m: &Measures| m.edge, |m: &Measures| m.coverage] {
                let values = of(pick);
                let worst = values.iter().copied().fold(f64::INFINITY, f64::min);
                let _ = write!(out, "| {} ({}) ", percent(mean(values.iter().copied())), percent(worst));
            }
        }
        out += "|\n";
    }
    out += "\n### Inference time per function (rate 0.01 samples, best of 3)\n\n";
    out += "| blocks | functions | profi mean µs | profi max µs | mcf mean µs | mcf max µs |\n|---|---:|---:|---:|---:|---:|\n";
    let times: Vec<&(usize, Duration, Duration)> = results.iter().flat_map(|r| r.times.iter()).collect();
    for (low, high) in [(1, 10), (11, 50), (51, 200), (201, usize::MAX)] {
        let bucket: Vec<_> = times.iter().filter(|(b, _, _)| (low..=high).contains(b)).collect();
        if bucket.is_empty() {
            continue;
        }
        let range = if high == usize::MAX { format!("{low}+") } else { format!("{low}–{high}") };
        let stats = |pick: fn(&(usize, Duration, Duration)) -> Duration| {
            let values: Vec<f64> = bucket.iter().map(|t| pick(t).as_secs_f64() * 1e6).collect();
            (mean(values.iter().copied()), values.iter().copied().fold(0.0, f64::max))
        };
        let (profi_mean, profi_max) = stats(|t| t.1);
        let (mcf_mean, mcf_max) = stats(|t| t.2);
        let _ = writeln!(out, "| {range} | {} | {profi_mean:.1} | {profi_max:.1} | {mcf_mean:.1} | {mcf_max:.1} |", bucket.len());
    }
    for (blocks, profi, mcf) in synthetic {
        let _ = writeln!(out, "| synthetic CFG, {blocks} blocks | 1 | {} | {} | {} | {} |", micros(*profi), micros(*profi), micros(*mcf), micros(*mcf));
    }
    out += "\n### Stale profiles: block matching by hash, then profi (as -fprofile-use does)\n\n";
    out += "Against the exact profile of the edited build on the same input; a function whose counts are dropped (only the entry matched) counts as 0% here.\n\n";
    out += "| edit | stale functions | blocks matched | recovered | vertex | edge | coverage |\n|---|---:|---:|---:|---:|---:|---:|\n";
    for edit in Edit::ALL {
        let stale: Vec<&StaleFunction> = results.iter().flat_map(|r| &r.stale).filter(|f| f.edit == edit).collect();
        if stale.is_empty() {
            let _ = writeln!(out, "| {} | 0 | - | - | - | - | - |", edit.label());
            continue;
        }
        let (matched, blocks): (usize, usize) = stale.iter().fold((0, 0), |(m, b), f| (m + f.matched, b + f.blocks));
        let recovered = stale.iter().filter(|f| f.measures.is_some()).count();
        let zero = Measures { vertex: 0.0, edge: 0.0, coverage: 0.0 };
        let of = |pick: fn(&Measures) -> f64| percent(mean(stale.iter().map(|f| pick(f.measures.as_ref().unwrap_or(&zero)))));
        let _ = writeln!(
            out,
            "| {} | {} | {matched}/{blocks} | {recovered} | {} | {} | {} |",
            edit.label(),
            stale.len(),
            of(|m| m.vertex),
            of(|m| m.edge),
            of(|m| m.coverage)
        );
    }
    let pgo: Vec<(&str, &str, (u64, u64, u64))> = results.iter().filter_map(|r| r.pgo.map(|p| (r.name.as_str(), r.input.as_str(), p))).collect();
    if !pgo.is_empty() {
        out += "\n### PGO gain (plain -O2 ÷ -O2 -fprofile-use, whole-process instructions, trained and measured on the heaviest input)\n\n";
        let gains = |pick: fn(&(u64, u64, u64)) -> u64| -> Vec<f64> { pgo.iter().map(|(_, _, p)| p.0 as f64 / pick(p) as f64).collect() };
        let (exact, sampled) = (gains(|p| p.1), gains(|p| p.2));
        let geomean = |v: &[f64]| (v.iter().map(|g| g.ln()).sum::<f64>() / v.len() as f64).exp();
        let share = |s: f64, e: f64| if e > 1.0 { format!("{:.0}%", 100.0 * (s - 1.0) / (e - 1.0)) } else { "-".to_string() };
        out += "| profile | median gain | geometric mean gain | best gain |\n|---|---:|---:|---:|\n";
        for (label, gains) in [("exact (naive)", &exact), ("sampled at 0.01, inferred by profi", &sampled)] {
            let best = gains.iter().copied().fold(0.0, f64::max);
            let _ = writeln!(out, "| {label} | ×{:.3} | ×{:.3} | ×{best:.3} |", median(&gains), geomean(gains));
        }
        let _ = writeln!(
            out,
            "\nThe sampled profile's gain is {} of the exact profile's (geometric means, gain − 1).",
            share(geomean(&sampled), geomean(&exact))
        );
        out += "\n| kernel | input | plain | exact | sampled | exact gain | sampled gain |\n|---|---|---:|---:|---:|---:|---:|\n";
        for ((name, input, p), (e, s)) in pgo.iter().zip(exact.iter().zip(&sampled)) {
            let _ = writeln!(out, "| {name} | {input} | {} | {} | {} | ×{e:.3} | ×{s:.3} |", p.0, p.1, p.2);
        }
    }
    out
}
