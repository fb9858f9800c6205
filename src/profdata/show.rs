//! `nissecc-profdata show`: the block and edge counts of the functions in
//! a profile, as text (the default), JSON or Graphviz files, optionally
//! restricted to one function or to the N hottest; with `--paths`, the
//! hottest paths of a path profile instead.

use super::counts::{function_counts, shown_value, target_names, FunctionCounts};
use nissecc_midend::profile::reconstruct::INCONSISTENT;
use super::paths::{executed_paths, is_path_profile, potential_paths, ShownPath};
use super::{dot, json, load::load};
use super::targeted::{summaries, TppSummary};
use nissecc_midend::instrument::path::regenerate::{PathEnd, PathStart};
use nissecc_midend::instrument::tpp::compare::Attribution;
use nissecc_midend::profile::Strategy;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What `show` prints and which functions.
#[derive(Clone, Debug, Default)]
pub struct ShowOptions {
    /// Only the function with this name.
    pub function: Option<String>,
    /// Only the N hottest functions (see [`FunctionCounts::hotness`]),
    /// hottest first; with `paths`, the N hottest paths.
    pub topn: Option<usize>,
    /// List the executed paths of a path profile, hottest first.
    pub paths: bool,
    /// JSON instead of text.
    pub json: bool,
    /// Also write one Graphviz file per shown function into this directory.
    pub dot: Option<PathBuf>,
    /// With `paths` and a TPP profile: the Ball–Larus profile of a run on
    /// the same input, against which the attribution of definite flow is
    /// measured.
    pub reference: Option<PathBuf>,
}

/// What `show` prints: the listing, and a warning per function it left out
/// because its counts break flow conservation.
pub struct Shown {
    pub text: String,
    pub warnings: Vec<String>,
}

/// The text (or JSON) that `show` prints for the profile in `path`; writes
/// the Graphviz files as a side effect. A function whose counts decode but
/// are inconsistent (increments lost in a multithreaded run) is left out
/// with a warning rather than failing the whole listing.
pub fn show(path: &Path, options: &ShowOptions) -> Result<Shown, String> {
    if let nissecc_profile_format::AnyProfile::Combined(combined) = super::combine::load_any(path)? {
        return super::show_combined::show_combined(path, &combined, options);
    }
    let mut warnings = Vec::new();
    let mut functions = load_counts(path, options.function.as_deref(), Some(&mut warnings))?;
    // A TPP profile's counts are paths: its block and edge counts would be
    // the training run's.
    let targeted = functions.iter().any(|f| f.descriptor.strategy == Strategy::Tpp);
    if options.paths || targeted {
        let reference = options.reference.as_deref().map(load).transpose()?;
        let summaries = summaries(&functions, reference.as_ref()).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = if options.json { format!("{}\n", paths_json(&functions, &summaries)) } else { paths_text(path, &functions, options.topn, &summaries)? };
        return Ok(Shown { text, warnings });
    }
    if options.reference.is_some() {
        return Err("--reference compares a TPP profile's paths (show --paths of a -fprofile-instr=tpp profile)".into());
    }
    if let Some(n) = options.topn {
        // A stable sort keeps the name order among equally hot functions.
        functions.sort_by_key(|function| std::cmp::Reverse(function.hotness()));
        functions.truncate(n);
    }
    if let Some(dir) = &options.dot {
        dot::write_dot_files(dir, &functions)?;
    }
    let text = if options.json { format!("{}\n", json::to_json(&functions, true)) } else { text(&functions) };
    Ok(Shown { text, warnings })
}

/// The counts of every function of the profile in `path`, or only of the
/// one called `only`. With `inconsistent`, a function whose counts break
/// flow conservation is left out and named there; without it, it is an
/// error.
pub fn load_counts(path: &Path, only: Option<&str>, mut inconsistent: Option<&mut Vec<String>>) -> Result<Vec<FunctionCounts>, String> {
    let profile = load(path)?;
    let mut functions = Vec::new();
    for function in &profile.functions {
        if only.is_some_and(|name| name != function.name) {
            continue;
        }
        let message = |error: String| format!("{}: function `{}`: {error}", path.display(), function.name);
        match (function_counts(function), inconsistent.as_deref_mut()) {
            (Ok(counts), _) => functions.push(counts),
            (Err(error), Some(skipped)) if error.contains(INCONSISTENT) => {
                skipped.push(format!("{} (left out; increments are lost when threads run a function at once: build with -fprofile-update=atomic)", message(error)));
            }
            (Err(error), _) => return Err(message(error)),
        }
    }
    if let Some(name) = only {
        if functions.is_empty() {
            return Err(format!("{}: no function `{name}` in the profile", path.display()));
        }
    }
    Ok(functions)
}

/// `show --paths`: the executed paths of every path-profiled function,
/// hottest first (ties in function and path-number order), at most `topn`.
fn paths_text(path: &Path, functions: &[FunctionCounts], topn: Option<usize>, summaries: &[TppSummary]) -> Result<String, String> {
    let profiled: Vec<&FunctionCounts> = functions.iter().filter(|f| is_path_profile(f)).collect();
    if profiled.is_empty() {
        return Err(format!("{}: not a path profile (build with -fprofile-instr=path or tpp)", path.display()));
    }
    let mut out = String::new();
    let mut all: Vec<ShownPath> = Vec::new();
    let (mut executed, mut potential) = (0u64, 0u64);
    for function in &profiled {
        let paths = executed_paths(function);
        // Of a TPP profile, the counted hot paths: not its cold slots, nor
        // the paths derived from its training profile.
        executed += paths.iter().filter(|p| !p.derived).count() as u64;
        potential = potential.saturating_add(potential_paths(function));
        all.extend(paths);
    }
    let total: u128 = all.iter().map(|p| u128::from(p.count)).sum();
    all.sort_by_key(|p| std::cmp::Reverse(p.count));
    let shown = topn.unwrap_or(all.len()).min(all.len());
    let _ = writeln!(
        out,
        "{executed} executed paths of {potential} potential paths in {} functions; the {shown} hottest:",
        profiled.len()
    );
    if !summaries.is_empty() {
        out.push_str(&targeted_text(summaries));
    }
    for p in &all[..shown] {
        let share = if total == 0 { 0.0 } else { 100.0 * p.count as f64 / total as f64 };
        let lines = match p.lines {
            Some((lo, hi)) if lo == hi => format!("line {lo}"),
            Some((lo, hi)) => format!("lines {lo}-{hi}"),
            None => "no line information".to_string(),
        };
        let how = if summaries.is_empty() { "" } else if p.derived { " (derived)" } else { " (counted)" };
        let _ = writeln!(out, "  {} ({share:.1}%)  `{}` path {}{how}, {lines}", p.count, p.function, p.number);
        let start = match p.start {
            PathStart::Entry => "entry".to_string(),
            PathStart::LoopHeader { .. } => "loop header".to_string(),
            PathStart::Truncation { .. } => "after a truncation edge".to_string(),
            PathStart::SecondReturn { call, .. } => format!("second return of call {call} (a longjmp landed)"),
            PathStart::Disconnection { .. } => "after an edge into or out of a disconnected loop".to_string(),
        };
        let end = match p.end {
            PathEnd::Return => "return".to_string(),
            PathEnd::Latch { header } => format!("latch, back to block{header}"),
            PathEnd::EarlyExit { call } => format!("inside call {call}, which did not return"),
            PathEnd::Truncation { block } => format!("truncation edge to block{block}"),
            PathEnd::Disconnection { block } => format!("edge into or out of a disconnected loop, to block{block}"),
        };
        let blocks: Vec<String> = p.blocks.iter().map(|b| format!("block{b}")).collect();
        let _ = writeln!(out, "      {start}: {} -> {end}", blocks.join(" -> "));
    }
    Ok(out)
}

/// The per-function lines of a TPP profile: hot paths against
/// Ball–Larus's, path runs counted, derived and cold, and the attribution
/// of definite flow when a reference was given.
fn targeted_text(summaries: &[TppSummary]) -> String {
    let mut out = String::from("targeted path profile (tpp):\n");
    let mut total = Attribution::default();
    let (mut counted, mut derived, mut cold) = (0u64, 0u64, 0u64);
    for s in summaries {
        let aodf = s.attribution.map(|a| format!(", attribution of definite flow {:.2}%", 100.0 * a.aodf())).unwrap_or_default();
        let _ = writeln!(
            out,
            "  `{}`: {} hot paths of {} Ball-Larus; path runs {} counted, {} derived, {} cold ({:.2}% not attributed){aodf}",
            s.function,
            s.hot_paths,
            s.ball_larus_paths,
            s.counted,
            s.derived,
            s.cold,
            100.0 * s.cold_share()
        );
        if let Some(a) = s.attribution {
            total.add(a);
        }
        counted += s.counted;
        derived += s.derived;
        cold += s.cold;
    }
    let all = counted + derived + cold;
    let share = if all == 0 { 0.0 } else { 100.0 * cold as f64 / all as f64 };
    let _ = write!(out, "  total: path runs {counted} counted, {derived} derived, {cold} cold ({share:.2}% not attributed)");
    if summaries.iter().any(|s| s.attribution.is_some()) {
        let _ = write!(out, ", attribution of definite flow {:.2}%", 100.0 * total.aodf());
    }
    out.push('\n');
    out
}

/// `show --paths --json`: every path-profiled function's executed paths
/// (of a TPP profile, counted and derived ones, marked) and, for a TPP
/// profile, its summary.
fn paths_json(functions: &[FunctionCounts], summaries: &[TppSummary]) -> serde_json::Value {
    let list: Vec<serde_json::Value> = functions
        .iter()
        .filter(|f| is_path_profile(f))
        .map(|f| {
            let paths: Vec<serde_json::Value> = executed_paths(f)
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "number": p.number, "count": p.count, "derived": p.derived, "blocks": p.blocks,
                        "start": p.start_name(), "end": p.end_name(),
                    })
                })
                .collect();
            let mut value = serde_json::json!({ "name": f.name, "strategy": f.descriptor.strategy.name(), "potential_paths": potential_paths(f), "paths": paths });
            if let Some(s) = summaries.iter().find(|s| s.function == f.name) {
                value["tpp"] = serde_json::json!({
                    "ball_larus_paths": s.ball_larus_paths,
                    "counted": s.counted,
                    "derived": s.derived,
                    "cold": s.cold,
                    "cold_share": s.cold_share(),
                    "attribution_of_definite_flow": s.attribution.map(|a| a.aodf()),
                });
            }
            value
        })
        .collect();
    serde_json::json!({ "functions": list })
}

/// The human-readable listing.
/// The values of a value site that the text listing shows, the most
/// frequent first.
const VALUES_SHOWN: usize = 8;

fn text(functions: &[FunctionCounts]) -> String {
    let mut out = String::new();
    let names = target_names(functions);
    for function in functions {
        let counts = &function.counts;
        let descriptor = &function.descriptor;
        let _ = writeln!(
            out,
            "function `{}` (checksum {:#018x}): {} calls; {} counters ({})",
            function.name,
            function.checksum,
            counts.entries,
            function.counters.len(),
            descriptor.strategy
        );
        if is_path_profile(function) {
            let _ = writeln!(
                out,
                "  paths: {} executed of {} potential (see --paths)",
                function.paths.len(),
                potential_paths(function)
            );
        }
        let _ = writeln!(out, "  blocks:");
        for (b, count) in counts.blocks.iter().enumerate() {
            let line = function.line(b).map(|line| format!(" (line {line})")).unwrap_or_default();
            let _ = writeln!(out, "    block{b}{line}: {count}");
        }
        if function.edges_measured() {
            let _ = writeln!(out, "  edges:");
            for &(from, to, count) in &counts.edges {
                let _ = writeln!(out, "    block{from} -> block{to}: {count}");
            }
        } else {
            let _ = writeln!(out, "  edges: not measured (a vertex profile determines block counts only)");
        }
        if !function.values.is_empty() {
            let _ = writeln!(out, "  value sites:");
            for (i, site) in function.values.iter().enumerate() {
                let shown: Vec<String> =
                    site.values.iter().take(VALUES_SHOWN).map(|&(v, count)| format!("{}: {count}", shown_value(site.site.kind, v, &names))).collect();
                let more = if site.values.len() > VALUES_SHOWN { format!(", {} more values", site.values.len() - VALUES_SHOWN) } else { String::new() };
                let _ = writeln!(
                    out,
                    "    site{i} ({} in block{}): {} runs; {}{more}; {} uncounted",
                    site.site.kind.name(),
                    site.site.block,
                    site.executions,
                    shown.join(", "),
                    site.uncounted()
                );
            }
        }
        if counts.early_exits.iter().any(|exit| exit.count > 0) {
            let _ = writeln!(out, "  calls that did not return:");
            for exit in counts.early_exits.iter().filter(|exit| exit.count > 0) {
                let callee = if exit.callee.is_empty() { "(indirect)" } else { &exit.callee };
                let _ = writeln!(out, "    block{} call {} to {callee}: {}", exit.block, exit.inst, exit.count);
            }
        }
        if counts.second_returns.iter().any(|site| site.count > 0) {
            let _ = writeln!(out, "  calls of setjmp that returned again (longjmp):");
            for site in counts.second_returns.iter().filter(|site| site.count > 0) {
                let _ = writeln!(out, "    block{} call {} to {}: {}", site.block, site.inst, site.callee, site.count);
            }
        }
    }
    out
}
