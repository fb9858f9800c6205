//! `nissecc-profdata overlap A B`: how closely profile B matches profile
//! A, a general profile diff in the manner of `llvm-profdata overlap`,
//! with the measures of He et al., "Profile Inference Revisited" (POPL
//! 2022), §5.3. A is the reference (the ground truth, say a naive
//! profile), B the profile under test (another strategy, another input, an
//! inferred profile).
//!
//! For one function, over its CFG:
//!
//! - the *vertex overlap* is Σ_v min(fA(v)/Σ fA, fB(v)/Σ fB) over its
//!   blocks: 1 when the block counts are proportional, less as they part;
//! - the *edge overlap* is the same over its CFG edges;
//! - the *coverage* is the share of the blocks non-zero in A that are
//!   non-zero in B (the paper's zero-count errors); 1 when no block of A
//!   ran.
//!
//! A function that ran in neither profile overlaps fully (1), one that ran
//! in only one overlaps not at all (0). All three are fractions in [0, 1];
//! the text shows them as percentages.
//!
//! The paper measures one CFG at a time. The *total* here is the weighted
//! mean of the per-function measures, each function weighted by its total
//! block count in A (Σ_v fA(v)), so that a function weighs as much as A
//! says it ran (when A counts nothing at all, the plain mean).
//!
//! Counts come from any strategy's profile through
//! [`function_counts`] (a path profile's edges are derived from its
//! paths), numbered as in the IR before instrumentation, so naive, ks,
//! sese and path profiles of one build compare. Functions are matched by
//! name; a function whose CFG differs (checksum, block count or edges) is
//! not comparable and is listed with the reason, as are the functions in
//! only one profile. A function whose counts break flow conservation is
//! left out with a warning, as `show` does.
//!
//! `--json` prints
//!
//! ```text
//! {"weighting":..,"total":{"vertex":..,"edge":..,"coverage":..} or null,
//!  "compared":..,"only_in_a":[names],"only_in_b":[names],
//!  "different_cfg":[{"name":..,"reason":..}],
//!  "functions":[{"name":..,"weight":..,"vertex":..,"edge":..,"coverage":..}]}
//! ```
//!
//! with `functions` in the order of the text (by A's hotness) and
//! `weight` the function's total block count in A.

use super::counts::{function_counts, FunctionCounts};
use super::load::load;
use super::show::Shown;
use nissecc_midend::profile::reconstruct::INCONSISTENT;
use nissecc_midend::profile::EdgeProfile;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;

/// The three measures of one comparison, each a fraction in [0, 1].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measures {
    pub vertex: f64,
    pub edge: f64,
    pub coverage: f64,
}

/// The measures of B's counts against A's, for one function whose CFG is
/// the same in both (same blocks, same edges in the same order).
pub fn measures(a: &EdgeProfile, b: &EdgeProfile) -> Measures {
    let edge_counts = |profile: &EdgeProfile| profile.edges.iter().map(|&(_, _, count)| count).collect::<Vec<u64>>();
    Measures {
        vertex: overlap(&a.blocks, &b.blocks),
        edge: overlap(&edge_counts(a), &edge_counts(b)),
        coverage: coverage(&a.blocks, &b.blocks),
    }
}

/// Σ_i min(a_i / Σa, b_i / Σb) for two count vectors of one length: 1 when
/// both are all zero, 0 when only one is. Exact where it can be: the sum
/// of min(a_i Σb, b_i Σa) over Σa Σb in 128-bit integers, so proportional
/// counts give exactly 1; in floating point only when Σa Σb does not fit.
pub fn overlap(a: &[u64], b: &[u64]) -> f64 {
    let sum = |counts: &[u64]| counts.iter().map(|&count| u128::from(count)).sum::<u128>();
    let (sum_a, sum_b) = (sum(a), sum(b));
    if sum_a == 0 || sum_b == 0 {
        return if sum_a == sum_b { 1.0 } else { 0.0 };
    }
    let pairs = a.iter().zip(b).map(|(&x, &y)| (u128::from(x), u128::from(y)));
    match sum_a.checked_mul(sum_b) {
        // Each term is at most x Σb <= Σa Σb, and so is their sum.
        Some(whole) => pairs.map(|(x, y)| (x * sum_b).min(y * sum_a)).sum::<u128>() as f64 / whole as f64,
        None => pairs.map(|(x, y)| (x as f64 / sum_a as f64).min(y as f64 / sum_b as f64)).sum::<f64>().min(1.0),
    }
}

/// The share of the blocks non-zero in `a` that are non-zero in `b`; 1
/// when no block of `a` is non-zero.
pub fn coverage(a: &[u64], b: &[u64]) -> f64 {
    let ran = a.iter().filter(|&&count| count > 0).count();
    if ran == 0 {
        return 1.0;
    }
    let kept = a.iter().zip(b).filter(|&(&x, &y)| x > 0 && y > 0).count();
    kept as f64 / ran as f64
}

/// One compared function.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionOverlap {
    pub name: String,
    pub measures: Measures,
    /// Its total block count in A: its weight in the total.
    pub weight: u128,
    /// Its largest block count in A, which orders the listing.
    pub hotness: u64,
}

/// A function in both profiles whose CFGs differ, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DifferentCfg {
    pub name: String,
    pub reason: String,
}

/// The comparison of two profiles.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The compared functions, hottest in A first (ties in A's order).
    pub functions: Vec<FunctionOverlap>,
    /// The weighted mean of their measures; `None` when none compared.
    pub total: Option<Measures>,
    /// Functions only in A, or only in B, in their profile's order.
    pub only_in_a: Vec<String>,
    pub only_in_b: Vec<String>,
    /// Functions in both that are not comparable, in A's order.
    pub different_cfg: Vec<DifferentCfg>,
}

/// Compares the functions of profile B with those of profile A, matched
/// by name.
pub fn compare(a: &[FunctionCounts], b: &[FunctionCounts]) -> Report {
    let by_name: HashMap<&str, &FunctionCounts> = b.iter().map(|function| (function.name.as_str(), function)).collect();
    let in_a: HashSet<&str> = a.iter().map(|function| function.name.as_str()).collect();
    let mut report = Report::default();
    for function in a {
        let name = function.name.clone();
        let Some(other) = by_name.get(name.as_str()) else {
            report.only_in_a.push(name);
            continue;
        };
        match cfg_difference(function, other) {
            Some(reason) => report.different_cfg.push(DifferentCfg { name, reason }),
            None => report.functions.push(FunctionOverlap {
                name,
                measures: measures(&function.counts, &other.counts),
                weight: function.total(),
                hotness: function.hotness(),
            }),
        }
    }
    report.only_in_b = b.iter().filter(|function| !in_a.contains(function.name.as_str())).map(|function| function.name.clone()).collect();
    // A stable sort keeps A's order among equally hot functions.
    report.functions.sort_by_key(|function| std::cmp::Reverse(function.hotness));
    report.total = weighted_mean(&report.functions);
    report
}

/// Why the counts of `a` and `b` cannot be compared block for block, if
/// they cannot.
fn cfg_difference(a: &FunctionCounts, b: &FunctionCounts) -> Option<String> {
    let shape = |function: &FunctionCounts| function.counts.edges.iter().map(|&(from, to, _)| (from, to)).collect::<Vec<_>>();
    let (blocks_a, blocks_b) = (a.counts.blocks.len(), b.counts.blocks.len());
    if a.checksum != b.checksum {
        Some(format!("CFG checksum {:#018x} in A, {:#018x} in B", a.checksum, b.checksum))
    } else if blocks_a != blocks_b {
        Some(format!("{blocks_a} blocks in A, {blocks_b} in B"))
    } else if shape(a) != shape(b) {
        Some(format!("the same {blocks_a} blocks, but different edges"))
    } else if !a.edges_measured() || !b.edges_measured() {
        Some("a vertex profile has no edge counts, which the edge overlap needs".to_string())
    } else {
        None
    }
}

/// The mean of the functions' measures weighted by their total block
/// counts in A (unweighted if A counts nothing); `None` for no function.
fn weighted_mean(functions: &[FunctionOverlap]) -> Option<Measures> {
    let mean = |measure: fn(&Measures) -> f64| weighted(functions.iter().map(|function| (function.weight, measure(&function.measures))));
    Some(Measures { vertex: mean(|m| m.vertex)?, edge: mean(|m| m.edge)?, coverage: mean(|m| m.coverage)? })
}

/// The mean of `(weight, value)` pairs weighted by their weights (the plain
/// mean if every weight is 0); `None` for no pair. Values that are all
/// exactly 1 give exactly 1.
pub fn weighted(pairs: impl Iterator<Item = (u128, f64)> + Clone) -> Option<f64> {
    let unweighted = pairs.clone().all(|(weight, _)| weight == 0);
    let weight = |w: u128| if unweighted { 1.0 } else { w as f64 };
    let whole: f64 = pairs.clone().map(|(w, _)| weight(w)).sum();
    // The weighted sum adds in the order `whole` does.
    let sum: f64 = pairs.map(|(w, value)| weight(w) * value).sum();
    (whole > 0.0).then(|| sum / whole)
}

/// What `overlap` prints and which functions.
#[derive(Clone, Debug, Default)]
pub struct OverlapOptions {
    /// Only the function with this name.
    pub function: Option<String>,
    /// JSON instead of text.
    pub json: bool,
}

/// The text (or JSON) that `overlap` prints for profile `b` against the
/// reference `a`, with a warning per function left out because its
/// counts break flow conservation (in either profile).
pub fn overlap_files(a: &Path, b: &Path, options: &OverlapOptions) -> Result<Shown, String> {
    let only = options.function.as_deref();
    let mut warnings = Vec::new();
    let (mut counts_a, mut left_out) = load_side(a, only, &mut warnings)?;
    let (mut counts_b, left_out_b) = load_side(b, only, &mut warnings)?;
    if let Some(name) = only {
        if counts_a.is_empty() && counts_b.is_empty() && left_out.is_empty() && left_out_b.is_empty() {
            return Err(format!("no function `{name}` in {} or {}", a.display(), b.display()));
        }
    }
    // Left out of one profile is left out of both, not `only in`.
    left_out.extend(left_out_b);
    counts_a.retain(|function| !left_out.contains(&function.name));
    counts_b.retain(|function| !left_out.contains(&function.name));
    let report = compare(&counts_a, &counts_b);
    let text = if options.json { format!("{}\n", to_json(&report)) } else { text(&report) };
    Ok(Shown { text, warnings })
}

/// The counts of the functions of the profile in `path` (all, or only the
/// one called `only`), and the names of those whose counts break flow
/// conservation, each with a warning. Any other problem is an error.
fn load_side(path: &Path, only: Option<&str>, warnings: &mut Vec<String>) -> Result<(Vec<FunctionCounts>, Vec<String>), String> {
    let (mut counted, mut inconsistent) = (Vec::new(), Vec::new());
    for function in load(path)?.functions.iter().filter(|function| only.is_none_or(|name| name == function.name)) {
        match function_counts(function) {
            Ok(counts) => counted.push(counts),
            Err(error) if error.contains(INCONSISTENT) => {
                warnings.push(format!("{}: function `{}`: {error} (left out of the overlap)", path.display(), function.name));
                inconsistent.push(function.name.clone());
            }
            Err(error) => return Err(format!("{}: function `{}`: {error}", path.display(), function.name)),
        }
    }
    Ok((counted, inconsistent))
}

/// `fraction` as a percentage with two decimals, where only an exact 1
/// shows as 100.00% and only an exact 0 as 0.00%.
pub fn percent(fraction: f64) -> String {
    let shown = format!("{:.2}%", fraction * 100.0);
    match shown.as_str() {
        "100.00%" if fraction < 1.0 => "99.99%".to_string(),
        "0.00%" if fraction > 0.0 => "0.01%".to_string(),
        _ => shown,
    }
}

fn measures_text(measures: &Measures) -> String {
    format!("vertex {:>7}  edge {:>7}  coverage {:>7}", percent(measures.vertex), percent(measures.edge), percent(measures.coverage))
}

/// The listing: a header line with the totals, a line per compared
/// function, hottest in A first, then the functions not compared.
fn text(report: &Report) -> String {
    let mut out = String::new();
    let total = report.total.as_ref().map_or_else(|| "no function compared".to_string(), measures_text);
    let _ = writeln!(
        out,
        "total: {total}  ({} functions compared, weighted by their block counts in A; {} only in A, {} only in B, {} with a different CFG)",
        report.functions.len(),
        report.only_in_a.len(),
        report.only_in_b.len(),
        report.different_cfg.len()
    );
    for function in &report.functions {
        let _ = writeln!(out, "  {}  {}", measures_text(&function.measures), function.name);
    }
    for (side, names) in [("A", &report.only_in_a), ("B", &report.only_in_b)] {
        if !names.is_empty() {
            let _ = writeln!(out, "only in {side}: {}", names.join(", "));
        }
    }
    for function in &report.different_cfg {
        let _ = writeln!(out, "different CFG: {}: {}", function.name, function.reason);
    }
    out
}

fn measures_json(measures: &Measures) -> Value {
    json!({ "vertex": measures.vertex, "edge": measures.edge, "coverage": measures.coverage })
}

/// The JSON document of `report` (see the module comment).
fn to_json(report: &Report) -> Value {
    let functions: Vec<Value> = report
        .functions
        .iter()
        .map(|function| {
            let mut value = measures_json(&function.measures);
            value["name"] = json!(function.name);
            // A total beyond 2^64 - 1 (only possible summed over blocks)
            // is shown as that.
            value["weight"] = json!(u64::try_from(function.weight).unwrap_or(u64::MAX));
            value
        })
        .collect();
    json!({
        "weighting": "mean of the per-function measures, weighted by each function's total block count in A",
        "total": report.total.as_ref().map(measures_json),
        "compared": report.functions.len(),
        "only_in_a": report.only_in_a,
        "only_in_b": report.only_in_b,
        "different_cfg": report.different_cfg.iter().map(|f| json!({ "name": f.name, "reason": f.reason })).collect::<Vec<_>>(),
        "functions": functions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nissecc_midend::profile::{CfgDescriptor, FunctionShape, Strategy};

    /// A profile of blocks `blocks` and edges `(from, to, count)`.
    fn profile(blocks: &[u64], edges: &[(u32, u32, u64)]) -> EdgeProfile {
        EdgeProfile { blocks: blocks.to_vec(), edges: edges.to_vec(), entries: blocks.first().copied().unwrap_or(0), ..EdgeProfile::default() }
    }

    /// The counts of function `name` with CFG checksum `checksum`.
    fn function(name: &str, checksum: u64, counts: EdgeProfile) -> FunctionCounts {
        let shape = FunctionShape {
            block_lines: vec![0; counts.blocks.len()],
            edges: counts.edges.iter().map(|&(from, to, _)| (from, to)).collect(),
            ..FunctionShape::default()
        };
        let descriptor = CfgDescriptor::new(Strategy::Naive, shape, vec![]);
        FunctionCounts { name: name.into(), checksum, counters: vec![], descriptor, counts, paths: vec![], values: vec![] }
    }

    /// A loop: block0 -> block1; block1 -> block2 (body) or block3;
    /// block2 -> block1; run `calls` times for `iterations` in all.
    fn loop_counts(calls: u64, iterations: u64) -> EdgeProfile {
        profile(&[calls, calls + iterations, iterations, calls], &[(0, 1, calls), (1, 2, iterations), (1, 3, calls), (2, 1, iterations)])
    }

    const ALL: Measures = Measures { vertex: 1.0, edge: 1.0, coverage: 1.0 };

    #[test]
    fn identical_profiles_overlap_fully() {
        let counts = loop_counts(3, 17);
        assert_eq!(measures(&counts, &counts), ALL);
        let a = [function("f", 1, counts.clone()), function("g", 2, loop_counts(1, 0))];
        let report = compare(&a, &a);
        assert_eq!(report.total, Some(ALL));
        assert!(report.functions.iter().all(|f| f.measures == ALL));
        assert!(text(&report).starts_with("total: vertex 100.00%  edge 100.00%  coverage 100.00%  (2 functions compared"), "{}", text(&report));
    }

    #[test]
    fn a_two_block_example_computed_by_hand() {
        // block0 loops on itself, then goes to block1.
        // A: blocks 4, 1 (shares 4/5, 1/5); edges 3, 1 (3/4, 1/4).
        // B: blocks 2, 1 (2/3, 1/3);        edges 1, 1 (1/2, 1/2).
        let a = profile(&[4, 1], &[(0, 0, 3), (0, 1, 1)]);
        let b = profile(&[2, 1], &[(0, 0, 1), (0, 1, 1)]);
        let m = measures(&a, &b);
        // min(4/5, 2/3) + min(1/5, 1/3) = 2/3 + 1/5 = 13/15.
        assert!((m.vertex - 13.0 / 15.0).abs() < 1e-15, "{m:?}");
        // min(3/4, 1/2) + min(1/4, 1/2) = 3/4.
        assert_eq!(m.edge, 0.75);
        assert_eq!(m.coverage, 1.0);
        assert_eq!(measures_text(&m), "vertex  86.67%  edge  75.00%  coverage 100.00%");
        // The measure is symmetric.
        assert_eq!(measures(&b, &a).edge, 0.75);
    }

    #[test]
    fn scaled_profiles_overlap_fully() {
        let a = loop_counts(2, 9);
        let b = loop_counts(6, 27);
        assert_eq!(measures(&a, &b), ALL);
        // Even where the exact sum would not fit in 128 bits.
        let huge = |k: u64| profile(&[k * (u64::MAX / 4); 8], &[]);
        assert!((overlap(&huge(1).blocks, &huge(3).blocks) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn coverage_counts_blocks_zero_in_b_but_not_in_a() {
        // Blocks 0, 2 and 3 ran in A; of them, only block 0 ran in B.
        assert_eq!(coverage(&[5, 0, 2, 1], &[7, 3, 0, 0]), 1.0 / 3.0);
        // A block that ran only in B costs overlap, not coverage.
        assert_eq!(coverage(&[5, 0], &[5, 5]), 1.0);
        assert_eq!(overlap(&[5, 0], &[5, 5]), 0.5);
        assert_eq!(coverage(&[0, 0], &[1, 0]), 1.0);
    }

    #[test]
    fn zero_profiles_overlap_fully_with_zero_and_not_at_all_with_counts() {
        assert_eq!(overlap(&[0, 0], &[0, 0]), 1.0);
        assert_eq!(overlap(&[0, 0], &[1, 0]), 0.0);
        assert_eq!(overlap(&[0, 1], &[0, 0]), 0.0);
        assert_eq!(overlap(&[], &[]), 1.0);
    }

    #[test]
    fn the_total_weighs_functions_by_their_block_counts_in_a() {
        // f runs 40 blocks in A and overlaps fully; g runs 10 and overlaps
        // half: the total is (40 * 1 + 10 * 1/2) / 50.
        let a = [function("g", 2, profile(&[5, 5], &[])), function("f", 1, profile(&[10, 30], &[]))];
        let b = [function("f", 1, profile(&[1, 3], &[])), function("g", 2, profile(&[5, 0], &[]))];
        let report = compare(&a, &b);
        let total = report.total.unwrap();
        assert_eq!(total.vertex, 0.9);
        assert_eq!(total.coverage, (40.0 + 10.0 * 0.5) / 50.0);
        assert_eq!(report.functions.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["f", "g"], "hottest in A first");
        assert_eq!(report.functions[0].weight, 40);
        // With no count at all in A, the plain mean.
        let zero = [function("f", 1, profile(&[0, 0], &[])), function("g", 2, profile(&[0, 0], &[]))];
        assert_eq!(compare(&zero, &b).total.unwrap().vertex, 0.0);
        assert_eq!(compare(&zero, &[zero[0].clone()]).total.unwrap().vertex, 1.0);
    }

    #[test]
    fn functions_in_one_profile_or_with_another_cfg_are_listed_not_compared() {
        let a = [
            function("same", 1, loop_counts(1, 2)),
            function("only_a", 2, loop_counts(1, 2)),
            function("rebuilt", 3, loop_counts(1, 2)),
            function("grown", 4, loop_counts(1, 2)),
            function("rewired", 5, profile(&[1, 1], &[(0, 1, 1)])),
        ];
        let b = [
            function("only_b", 6, loop_counts(1, 2)),
            function("rewired", 5, profile(&[1, 1], &[(1, 0, 1)])),
            function("grown", 4, profile(&[1, 1, 1], &[])),
            function("rebuilt", 7, loop_counts(1, 2)),
            function("same", 1, loop_counts(5, 10)),
        ];
        let report = compare(&a, &b);
        assert_eq!(report.functions.len(), 1);
        assert_eq!((report.only_in_a.as_slice(), report.only_in_b.as_slice()), (&["only_a".to_string()][..], &["only_b".to_string()][..]));
        let reasons: Vec<(&str, &str)> = report.different_cfg.iter().map(|f| (f.name.as_str(), f.reason.as_str())).collect();
        assert_eq!(
            reasons,
            [
                ("rebuilt", "CFG checksum 0x0000000000000003 in A, 0x0000000000000007 in B"),
                ("grown", "4 blocks in A, 3 in B"),
                ("rewired", "the same 2 blocks, but different edges"),
            ]
        );
        let listing = text(&report);
        assert!(listing.contains("1 only in A, 1 only in B, 3 with a different CFG"), "{listing}");
        assert!(listing.contains("\ndifferent CFG: grown: 4 blocks in A, 3 in B\n"), "{listing}");
        let json = to_json(&report);
        assert_eq!(json["compared"], 1);
        assert_eq!(json["different_cfg"][2], json!({ "name": "rewired", "reason": "the same 2 blocks, but different edges" }));
        // Nothing comparable: no total.
        let none = compare(&a[1..2], &b[..1]);
        assert_eq!(none.total, None);
        assert_eq!(to_json(&none)["total"], Value::Null);
        assert!(text(&none).starts_with("total: no function compared  (0 functions compared"));
    }

    #[test]
    fn only_exact_values_show_as_100_or_0_percent() {
        assert_eq!(percent(1.0), "100.00%");
        assert_eq!(percent(0.99999), "99.99%");
        assert_eq!(percent(0.0), "0.00%");
        assert_eq!(percent(0.00001), "0.01%");
        assert_eq!(percent(0.125), "12.50%");
    }
}
