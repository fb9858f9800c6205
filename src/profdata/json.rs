//! `show --json`: the counts of every shown function as
//!
//! ```text
//! {"functions":[{"name":..,"checksum":..,"entries":..,
//!                "blocks":[{"id":..,"count":..}],
//!                "edges":[{"from":..,"to":..,"count":..}],
//!                "early_exits":[{"block":..,"inst":..,"callee":..,"count":..}],
//!                "paths":[{"number":..,"count":..,"blocks":[..],"start":..,"end":..}]}]}
//! ```
//!
//! Only counts that every instrumentation strategy agrees on appear: the
//! raw counters and the strategy are left out on purpose, because the
//! oracle compares this output across strategies. `paths` appears only
//! for a path profile (and not in `derive-edges`, whose output is compared
//! with an edge profile's); `start` is `entry`, `loop-header` or
//! `truncation`, and `end` is `return`, `latch`, `early-exit` or
//! `truncation`.

use super::counts::FunctionCounts;
use super::paths::{executed_paths, is_path_profile};
use serde_json::{json, Value};

/// The JSON document for `functions`, with the paths of path profiles
/// when `with_paths` is set.
pub fn to_json(functions: &[FunctionCounts], with_paths: bool) -> Value {
    json!({ "functions": functions.iter().map(|f| function_json(f, with_paths)).collect::<Vec<_>>() })
}

fn function_json(function: &FunctionCounts, with_paths: bool) -> Value {
    let counts = &function.counts;
    let mut value = json!({
        "name": function.name,
        "checksum": function.checksum,
        "entries": counts.entries,
        "blocks": counts.blocks.iter().enumerate().map(|(id, count)| json!({ "id": id, "count": count })).collect::<Vec<_>>(),
        "edges": counts.edges.iter().map(|&(from, to, count)| json!({ "from": from, "to": to, "count": count })).collect::<Vec<_>>(),
        "early_exits": counts
            .early_exits
            .iter()
            .map(|exit| json!({ "block": exit.block, "inst": exit.inst, "callee": exit.callee, "count": exit.count }))
            .collect::<Vec<_>>(),
    });
    if with_paths && is_path_profile(function) {
        value["paths"] = executed_paths(function)
            .iter()
            .map(|p| json!({ "number": p.number, "count": p.count, "blocks": p.blocks, "start": p.start_name(), "end": p.end_name() }))
            .collect();
    }
    value
}
