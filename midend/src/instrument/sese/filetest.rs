//! The `test sese` filetest kind: for every function, each loop-header
//! parameter that is a SESE counter (Frenot and Pereira, CC 2024,
//! Definition 3.5) with its step and increments, whether it replaces a
//! counter and on which edge, and why every other header parameter of a
//! reducible loop is not one.

use super::select::Flush;
use crate::analysis::loops::LoopForest;
use crate::analysis::noreturn::NoReturn;
use crate::instrument::FlowView;
use crate::ir::Module;
use crate::profile::flow_graph::Vertex;
use crate::profile::FlowEdgeKind;
use std::fmt::Write;

pub fn sese(module: &Module, _args: &str) -> Result<String, String> {
    let noreturn = NoReturn::compute(module);
    let mut out = String::new();
    for func in module.functions.iter().filter(|f| !f.layout.is_empty()) {
        let FlowView { cfg, shape, calls, graph } = FlowView::of(func, &noreturn);
        let loops = LoopForest::compute(&cfg);
        let weights = crate::instrument::weights::heuristic_weights(&shape, &graph);
        let (detection, selection) = super::find(func, &cfg, &shape, &calls, &graph, &loops, &weights, false);
        let _ = writeln!(out, "function @{}:", func.name);
        for counter in &detection.counters {
            let increments: Vec<String> = counter.increments.iter().map(|&i| func.inst_result(i).expect("a value").to_string()).collect();
            let _ = write!(
                out,
                "  counter {} of {}: step {}, increments [{}]",
                counter.param,
                counter.header,
                counter.step,
                increments.join(", ")
            );
            match selection.used.iter().find(|u| u.counter.param == counter.param) {
                Some(used) => {
                    let edge = graph.edge(used.flow_edge);
                    let describe = |v: u32| match graph.vertex(v) {
                        Vertex::Segment { block, segment } => format!("{}.{segment}", cfg.blocks()[block as usize]),
                        Vertex::Exit => "exit".to_string(),
                    };
                    let kind = match edge.kind {
                        FlowEdgeKind::Cfg(_) => "",
                        FlowEdgeKind::Continuation(_) => " (call returned)",
                        _ => " (other)",
                    };
                    let exits = used.flushes.iter().filter(|f| matches!(f, Flush::Exit { .. })).count();
                    let less_one = used.flushes.iter().filter(|f| matches!(f, Flush::Exit { less_one: true, .. })).count();
                    let at_joins = used.flushes.iter().filter(|f| matches!(f, Flush::Exit { at_join: true, .. })).count();
                    let calls = used.flushes.len() - exits;
                    let _ = writeln!(
                        out,
                        "; replaces {} -> {}{kind}; entry {:?}; flushed at {exits} exits ({less_one} less one, {at_joins} at a join) and {calls} calls",
                        describe(edge.from),
                        describe(edge.to),
                        used.entry
                    );
                }
                None => {
                    let why = selection.unused.iter().find(|(p, _)| *p == counter.param).map(|(_, why)| *why);
                    let _ = writeln!(out, "; unused: {}", why.map_or("?".to_string(), |w| format!("{w:?}")));
                }
            }
        }
        for (param, why) in &detection.rejected {
            let _ = writeln!(out, "  rejected {param}: {why:?}");
        }
    }
    Ok(out)
}
