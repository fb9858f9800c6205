//! `show --json`: the counts of every shown function as
//!
//! ```text
//! {"functions":[{"name":..,"checksum":..,"entries":..,
//!                "blocks":[{"id":..,"count":..}],
//!                "edges":[{"from":..,"to":..,"count":..}],
//!                "early_exits":[{"block":..,"inst":..,"callee":..,"count":..}],
//!                "second_returns":[{"block":..,"inst":..,"callee":..,"count":..}],
//!                "paths":[{"number":..,"count":..,"blocks":[..],"start":..,"end":..}],
//!                "value_sites":[{"site":..,"block":..,"kind":..,"executions":..,
//!                                "values":[{"value":..,"count":..}],"uncounted":..}]}]}
//! ```
//!
//! `value_sites` appears only for a function whose values were profiled
//! (`-fprofile-values`); a value is printed as the signed number it was
//! at the site (a call target's with `"function"`, its function's name),
//! and `values` lists the most frequent first.
//!
//! Only counts that every instrumentation strategy agrees on appear: the
//! raw counters and the strategy are left out on purpose, because the
//! oracle compares this output across strategies. A vertex profile
//! (`-fprofile-instr=vertex`) has no `edges`: it measures block counts
//! only. `paths` appears only
//! for a path profile (and not in `derive-edges`, whose output is compared
//! with an edge profile's), and `second_returns` (how often each `setjmp`
//! returned again after a `longjmp`) only for a function that calls
//! `setjmp`; `start` is `entry`, `loop-header`, `truncation` or
//! `second-return`, and `end` is `return`, `latch`, `early-exit` or
//! `truncation`.

use super::counts::{shown_value, target_names, FunctionCounts};
use nissecc_midend::profile::value_sites::ValueKind;
use std::collections::HashMap;
use super::paths::{executed_paths, is_path_profile};
use serde_json::{json, Value};

/// The JSON document for `functions`, with the paths of path profiles
/// when `with_paths` is set.
pub fn to_json(functions: &[FunctionCounts], with_paths: bool) -> Value {
    let names = target_names(functions);
    json!({ "functions": functions.iter().map(|f| function_json(f, with_paths, &names)).collect::<Vec<_>>() })
}

fn function_json(function: &FunctionCounts, with_paths: bool, names: &HashMap<u64, &str>) -> Value {
    let counts = &function.counts;
    let mut value = json!({
        "name": function.name,
        "checksum": function.checksum,
        "entries": counts.entries,
        "blocks": counts.blocks.iter().enumerate().map(|(id, count)| json!({ "id": id, "count": count })).collect::<Vec<_>>(),
        "early_exits": site_counts(&counts.early_exits),
    });
    if function.edges_measured() {
        value["edges"] = counts.edges.iter().map(|&(from, to, count)| json!({ "from": from, "to": to, "count": count })).collect();
    }
    if !counts.second_returns.is_empty() {
        value["second_returns"] = site_counts(&counts.second_returns);
    }
    if with_paths && is_path_profile(function) {
        value["paths"] = executed_paths(function)
            .iter()
            .map(|p| json!({ "number": p.number, "count": p.count, "blocks": p.blocks, "start": p.start_name(), "end": p.end_name() }))
            .collect();
    }
    if !function.values.is_empty() {
        value["value_sites"] = function
            .values
            .iter()
            .enumerate()
            .map(|(i, site)| {
                json!({
                    "site": i,
                    "block": site.site.block,
                    "kind": site.site.kind.name(),
                    "executions": site.executions,
                    "values": site.values.iter().map(|&(v, count)| value_json(site.site.kind, v, count, names)).collect::<Vec<_>>(),
                    "uncounted": site.uncounted(),
                })
            })
            .collect();
    }
    value
}

/// One value of a value site: the value as the signed number it was, and
/// for a call target, the function's name when the profile has it.
fn value_json(kind: ValueKind, value: u64, count: u64, names: &HashMap<u64, &str>) -> Value {
    let mut object = json!({ "value": value as i64, "count": count });
    if kind == ValueKind::CallTarget {
        object["function"] = json!(shown_value(kind, value, names));
    }
    object
}

/// One JSON object per call site's count.
fn site_counts(sites: &[nissecc_midend::profile::CallSiteCount]) -> Value {
    sites.iter().map(|site| json!({ "block": site.block, "inst": site.inst, "callee": site.callee, "count": site.count })).collect()
}
