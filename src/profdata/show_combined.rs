//! `nissecc-profdata show` of a combined profile (`merge --combined`):
//! per function, every block, edge and call-site count as its mean ±
//! standard deviation over the runs, with its range and each edge's mean
//! share of its block; then the histograms of the hottest counts. With
//! `--json`, the full statistics of every count and path:
//!
//! ```text
//! {"runs":..,"bins":..,"functions":[{"name":..,"checksum":..,"entries":S,
//!    "blocks":[{"id":..,"stats":S}],
//!    "edges":[{"from":..,"to":..,"stats":S,"share":S}],
//!    "early_exits":[{"block":..,"inst":..,"callee":..,"stats":S}],
//!    "second_returns":[..as early_exits..],
//!    "paths":[{"number":..,"stats":S}]}]}
//! S = {"runs":..,"mean":..,"variance":..,"std_dev":..,"m2":..,"min":..,"max":..,
//!      "histogram":{"width":..,"lower":..,"bins":[..]}}
//! ```
//!
//! The variance is the population variance `M2 / runs` (Preuss §3.5.2).

use super::show::{ShowOptions, Shown};
use nissecc_midend::profile::combined::{summarized_profile, SummarizedProfile};
use nissecc_midend::profile::{decode_descriptor, CallSiteCount};
use nissecc_profile_format::summary::Summary;
use nissecc_profile_format::{CombinedFunction, CombinedProfile};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::Path;

/// How many of the hottest counts `show` prints the histogram of.
pub const HISTOGRAMS_SHOWN: usize = 10;

/// One function of a combined profile with its counts' summaries in the
/// shape of its block and edge counts.
struct ShownFunction<'a> {
    function: &'a CombinedFunction,
    counts: SummarizedProfile<&'a Summary>,
}

/// What `show` prints for the combined profile `profile`, read from
/// `path`.
pub fn show_combined(path: &Path, profile: &CombinedProfile, options: &ShowOptions) -> Result<Shown, String> {
    if options.paths || options.dot.is_some() {
        return Err(format!("{}: --paths and --dot read the counts of runs, not a combined profile", path.display()));
    }
    let mut functions = Vec::new();
    for function in &profile.functions {
        if options.function.as_ref().is_some_and(|name| *name != function.name) {
            continue;
        }
        let message = |error: String| format!("{}: function `{}`: {error}", path.display(), function.name);
        let descriptor = decode_descriptor(&function.descriptor).map_err(message)?;
        let counts = summarized_profile(&descriptor, function, |summary| summary).map_err(message)?;
        functions.push(ShownFunction { function, counts });
    }
    if let Some(name) = &options.function {
        if functions.is_empty() {
            return Err(format!("{}: no function `{name}` in the profile", path.display()));
        }
    }
    if let Some(n) = options.topn {
        functions.sort_by(|a, b| hotness(b).total_cmp(&hotness(a)));
        functions.truncate(n);
    }
    let text = if options.json { format!("{}\n", to_json(profile, &functions)) } else { text(profile, &functions) };
    Ok(Shown { text, warnings: Vec::new() })
}

/// A function's largest mean block count.
fn hotness(function: &ShownFunction<'_>) -> f64 {
    function.counts.blocks.iter().map(|summary| summary.moments.mean).fold(0.0, f64::max)
}

fn to_json(profile: &CombinedProfile, functions: &[ShownFunction<'_>]) -> Value {
    json!({ "runs": profile.runs, "bins": profile.bins, "functions": functions.iter().map(function_json).collect::<Vec<_>>() })
}

fn function_json(shown: &ShownFunction<'_>) -> Value {
    let counts = &shown.counts;
    let sites = |summaries: &[&Summary], sites: &[CallSiteCount]| -> Value {
        sites.iter().zip(summaries).map(|(site, s)| json!({ "block": site.block, "inst": site.inst, "callee": site.callee, "stats": stats_json(s) })).collect()
    };
    json!({
        "name": shown.function.name,
        "checksum": shown.function.checksum,
        "entries": stats_json(counts.entries),
        "blocks": counts.blocks.iter().enumerate().map(|(id, s)| json!({ "id": id, "stats": stats_json(s) })).collect::<Vec<_>>(),
        "edges": counts.edges.iter().zip(&shown.function.shares)
            .map(|(&(from, to, s), share)| json!({ "from": from, "to": to, "stats": stats_json(s), "share": stats_json(share) }))
            .collect::<Vec<_>>(),
        "early_exits": sites(&counts.early_exits, &counts.template.early_exits),
        "second_returns": sites(&counts.second_returns, &counts.template.second_returns),
        "paths": shown.function.paths.iter().map(|(number, s)| json!({ "number": number, "stats": stats_json(s) })).collect::<Vec<_>>(),
    })
}

/// Everything about one summary.
fn stats_json(summary: &Summary) -> Value {
    let m = &summary.moments;
    let histogram = &summary.histogram;
    json!({
        "runs": m.n, "mean": m.mean, "variance": m.variance(), "std_dev": m.std_dev(), "m2": m.m2, "min": summary.min, "max": summary.max,
        "histogram": { "width": histogram.width(), "lower": histogram.lower(0), "bins": histogram.bins },
    })
}

/// `mean ± sd [min, max]`.
fn spread(summary: &Summary) -> String {
    format!("{:.1} ± {:.1} [{}, {}]", summary.moments.mean, summary.moments.std_dev(), summary.min, summary.max)
}

/// The human-readable listing.
fn text(profile: &CombinedProfile, functions: &[ShownFunction<'_>]) -> String {
    let mut out = format!("combined profile of {} runs ({} histogram bins); counts are mean ± standard deviation [min, max]\n", profile.runs, profile.bins);
    // Every block and edge count of the shown functions, for the histograms.
    let mut hottest: Vec<(String, &Summary)> = Vec::new();
    for shown in functions {
        let (function, counts) = (shown.function, &shown.counts);
        let _ = writeln!(out, "function `{}` (checksum {:#018x}): {} calls", function.name, function.checksum, spread(counts.entries));
        let _ = writeln!(out, "  blocks:");
        for (b, summary) in counts.blocks.iter().enumerate() {
            let _ = writeln!(out, "    block{b}: {}", spread(summary));
            hottest.push((format!("`{}` block{b}", function.name), summary));
        }
        let _ = writeln!(out, "  edges:");
        for (&(from, to, summary), share) in counts.edges.iter().zip(&function.shares) {
            let taken = if share.runs() > 0 {
                format!("; {:.1}% ± {:.1}% of block{from}", 100.0 * share.moments.mean, 100.0 * share.moments.std_dev())
            } else {
                String::new()
            };
            let _ = writeln!(out, "    block{from} -> block{to}: {}{taken}", spread(summary));
            hottest.push((format!("`{}` block{from} -> block{to}", function.name), summary));
        }
        for (label, sites, summaries) in [
            ("calls that did not return", &counts.template.early_exits, &counts.early_exits),
            ("calls of setjmp that returned again", &counts.template.second_returns, &counts.second_returns),
        ] {
            if summaries.iter().any(|s| s.max > 0.0) {
                let _ = writeln!(out, "  {label}:");
                for (site, summary) in sites.iter().zip(summaries).filter(|(_, s)| s.max > 0.0) {
                    let _ = writeln!(out, "    block{} call {}: {}", site.block, site.inst, spread(summary));
                }
            }
        }
        if !function.paths.is_empty() {
            let mut paths: Vec<&(u64, Summary)> = function.paths.iter().collect();
            paths.sort_by(|a, b| b.1.moments.mean.total_cmp(&a.1.moments.mean));
            let _ = writeln!(out, "  paths ({} ran; the {} hottest):", paths.len(), paths.len().min(HISTOGRAMS_SHOWN));
            for (number, summary) in paths.iter().take(HISTOGRAMS_SHOWN) {
                let _ = writeln!(out, "    path {number}: {}", spread(summary));
            }
        }
    }
    // A stable sort keeps the listing order among equally hot counts.
    hottest.sort_by(|a, b| b.1.moments.mean.total_cmp(&a.1.moments.mean));
    let _ = writeln!(out, "histograms of the {} hottest counts (runs per bin):", hottest.len().min(HISTOGRAMS_SHOWN));
    for (label, summary) in hottest.iter().take(HISTOGRAMS_SHOWN) {
        let _ = writeln!(out, "  {label}: {}", spread(summary));
        let histogram = &summary.histogram;
        let used = histogram.bins.iter().rposition(|&runs| runs > 0).map_or(0, |last| last + 1);
        for (i, &runs) in histogram.bins.iter().enumerate().take(used) {
            let _ = writeln!(out, "    [{}, {}): {runs:>4} {}", histogram.lower(i), histogram.lower(i + 1), "#".repeat(runs.min(60) as usize));
        }
    }
    out
}
