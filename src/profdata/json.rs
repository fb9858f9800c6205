//! `show --json`: the counts of every shown function as
//!
//! ```text
//! {"functions":[{"name":..,"checksum":..,"entries":..,
//!                "blocks":[{"id":..,"count":..}],
//!                "edges":[{"from":..,"to":..,"count":..}],
//!                "early_exits":[{"block":..,"inst":..,"callee":..,"count":..}]}]}
//! ```
//!
//! Only counts that every instrumentation strategy agrees on appear: the
//! raw counters and the strategy are left out on purpose, because the
//! oracle compares this output across strategies.

use super::counts::FunctionCounts;
use serde_json::{json, Value};

/// The JSON document for `functions`.
pub fn to_json(functions: &[FunctionCounts]) -> Value {
    json!({ "functions": functions.iter().map(function_json).collect::<Vec<_>>() })
}

fn function_json(function: &FunctionCounts) -> Value {
    let counts = &function.counts;
    json!({
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
    })
}
