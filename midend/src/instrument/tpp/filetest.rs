//! The `test tpp` filetest kind: the targeted path graph of every function
//! under an edge profile given on the test line, as
//! `test tpp calls=C e0=N e1=N ... [cold=PCT] [loop=TRIPS]`: the function
//! ran `C` times and CFG edge `i` (numbered as `test cfg` prints them) ran
//! `N` times; returns are derived by flow conservation. Every function of
//! the file gets the same counts. The output lists, per function, the path
//! counts, the loops disconnected, the code on every CFG edge and return,
//! and the paths derived from the profile.

use super::analysis::{Recording, TargetedPaths};
use super::disconnect::trip_milli;
use super::register_code;
use crate::analysis::noreturn::NoReturn;
use crate::instrument::path::increments::increments;
use crate::instrument::path::placement::{Count, EdgeCode, Start};
use crate::instrument::path::regenerate::block_path;
use crate::instrument::weights::heuristic_weights;
use crate::instrument::FlowView;
use crate::ir::Module;
use crate::profile::reconstruct::solve_flow;
use crate::profile::{FlowEdgeKind, TargetedProfile};
use std::fmt::Write;

pub fn tpp(module: &Module, args: &str) -> Result<String, String> {
    let mut cold = super::DEFAULT_COLD_PERCENT;
    let mut trips = super::DEFAULT_LOOP_DISCONNECT;
    let mut calls = None;
    let mut edges: Vec<(u32, u64)> = Vec::new();
    for arg in args.split_whitespace().filter(|a| *a != "precise-output") {
        let (key, value) = arg.split_once('=').ok_or_else(|| format!("test tpp: `{arg}` is not KEY=VALUE"))?;
        let number = |v: &str| v.parse::<f64>().map_err(|_| format!("test tpp: `{arg}` needs a number"));
        match key {
            "cold" => cold = number(value)?,
            "loop" => trips = number(value)?,
            "calls" => calls = Some(number(value)? as u64),
            _ => match key.strip_prefix('e').and_then(|i| i.parse::<u32>().ok()) {
                Some(i) => edges.push((i, number(value)? as u64)),
                None => return Err(format!("test tpp: unknown argument `{arg}`")),
            },
        }
    }
    let calls = calls.ok_or("test tpp: give the number of calls, calls=N")?;
    let noreturn = NoReturn::compute(module);
    let mut out = String::new();
    for func in module.functions.iter().filter(|f| !f.layout.is_empty()) {
        let FlowView { shape, graph, .. } = FlowView::of(func, &noreturn);
        let mut known = vec![None; graph.edges().len()];
        known[graph.edge_of(FlowEdgeKind::Entry).expect("an entry edge") as usize] = Some(calls);
        for &(i, count) in &edges {
            let e = graph.edge_of(FlowEdgeKind::Cfg(i)).ok_or_else(|| format!("test tpp: @{} has no CFG edge e{i}", func.name))?;
            known[e as usize] = Some(count);
        }
        for (e, edge) in graph.edges().iter().enumerate() {
            if matches!(edge.kind, FlowEdgeKind::Cfg(_)) && known[e].is_none() {
                known[e] = Some(0);
            }
        }
        let flow = solve_flow(&graph, &known).map_err(|e| format!("test tpp: @{}: the counts are inconsistent: {e}", func.name))?;
        let profile = TargetedProfile { cold_ppm: (cold * 10_000.0).round() as u32, loop_trip_milli: trip_milli(trips), flow, cold_slots: 1 };
        let paths = TargetedPaths::new(&graph, &profile);
        let inc = increments(&paths.numbering, &graph, &heuristic_weights(&shape, &graph));
        let (code, cold_slots) = register_code(&graph, &paths, &inc, false);
        let block = |v: u32| graph.describe(v);
        let _ = writeln!(out, "function @{}:", func.name);
        let _ = writeln!(out, "  paths: {} Ball-Larus, {} hot; cold slots {cold_slots}", paths.ball_larus_paths, paths.hot_paths());
        let headers: Vec<String> = paths.disconnected.iter().map(|&h| block(h)).collect();
        let _ = writeln!(out, "  disconnected loops: [{}]", headers.join(", "));
        let start = |s: Start| match s {
            Start::Const(c) => format!("start {c}"),
            Start::Poison => "start poisoned".to_string(),
            Start::Keep => "start kept".to_string(),
        };
        let count = |c: Count| match c {
            Count::Path(k) => format!("count path r+{k}"),
            Count::PathOrCold(k) => format!("count path min(r+{k}, cold)"),
            Count::Cold => "count cold".to_string(),
            Count::Nothing => "count nothing".to_string(),
        };
        for (f, edge) in graph.edges().iter().enumerate() {
            let what = match edge.kind {
                FlowEdgeKind::Cfg(i) => format!("e{i} {} -> {}", block(edge.from), block(edge.to)),
                FlowEdgeKind::Return(b) => format!("return block{b}"),
                _ => continue,
            };
            let described = match code.edges[f] {
                EdgeCode::Add(k) => format!("add {k}"),
                EdgeCode::Cut { end, start: s } => format!("cut: {}, {}", count(end), start(s)),
                EdgeCode::End(end) => count(end),
                EdgeCode::Restart(s) => start(s),
                EdgeCode::Poison => "poison".to_string(),
                EdgeCode::Keep => "keep".to_string(),
            };
            let _ = writeln!(out, "  {what} ({}): {described}", profile.flow[f]);
        }
        let ends: Vec<Recording> =
            paths.full.live_edges().filter(|&e| paths.full.edge(e).to == paths.full.exit()).map(|e| paths.recording[e as usize]).collect();
        let counting = ends.iter().filter(|&&r| r != Recording::Nothing).count();
        let _ = writeln!(out, "  recording points: {counting} counting, {} not", ends.len() - counting);
        for derived in &paths.derived {
            match derived.number.and_then(|n| block_path(&paths.numbering, &graph, n)) {
                Some(p) => {
                    let blocks: Vec<String> = p.blocks.iter().map(|b| format!("block{b}")).collect();
                    let _ = writeln!(out, "  derived path {}: {} ({})", derived.number.unwrap_or_default(), blocks.join(" -> "), derived.count);
                }
                None => {
                    let _ = writeln!(out, "  derived cold path ({})", derived.count);
                }
            }
        }
    }
    Ok(out)
}
