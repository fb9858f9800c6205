//! Ball–Larus path numbering and regeneration by brute force (Ball &
//! Larus, "Efficient Path Profiling", MICRO 1996, §3;
//! `../shared/notes/efficient-path-profiling.md`, "Checks worth making in
//! tests"), on many random small CFGs: DAGs, loops (including self-loops
//! and irreducible ones), switches with parallel edges, and calls that may
//! not return or never return.
//!
//! For each CFG, every ENTRY → EXIT path of the acyclic graph is
//! enumerated; the sums of `Val` along them must be exactly
//! `0..NumPaths`, regeneration must give each path back from its number,
//! and the spanning-tree increments must sum to the same number along
//! every path. Then random runs are simulated the way the instrumented
//! code counts (the register, the counts at returns, early exits and cut
//! edges), and the edge profile derived from the path counts must equal
//! the edge counts of the runs. The same checks run with tiny truncation
//! limits, which cut many edges.

use nissecc_midend::instrument::path::dag::DagEdgeKind;
use nissecc_midend::instrument::path::derive::derive_flow;
use nissecc_midend::instrument::path::increments::increments;
use nissecc_midend::instrument::path::numbering::{number, number_with_limit, Numbering};
use nissecc_midend::instrument::path::regenerate::{block_path, regenerate, PathEnd, PathStart};
use nissecc_midend::instrument::weights::{heuristic_weights, Weight};
use nissecc_midend::profile::{CallExit, CallSite, FlowEdgeKind, FlowGraph, FunctionShape, Measure};
use nissecc_midend::profile::infer::synthetic::SplitMix;
use std::collections::HashMap;

/// A random CFG shape in which every block is reachable from the entry.
/// `acyclic` keeps every edge going forward.
fn random_shape(rng: &mut SplitMix, acyclic: bool) -> FunctionShape {
    let n = 2 + rng.below(8) as u32;
    let mut succs: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
    // A spanning tree from the entry makes every block reachable.
    for b in 1..n {
        let from = rng.below(u64::from(b)) as u32;
        succs[from as usize].push(b);
    }
    for from in 0..n {
        let extra = rng.below(3);
        for _ in 0..extra {
            let to = if acyclic {
                if from + 1 >= n {
                    break;
                }
                from + 1 + rng.below(u64::from(n - from - 1)) as u32
            } else {
                1 + rng.below(u64::from(n - 1)) as u32
            };
            // A repeated target is a parallel edge, as in a switch whose
            // cases share a block.
            succs[from as usize].push(to);
        }
        let list = &mut succs[from as usize];
        for i in (1..list.len()).rev() {
            list.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    let mut shape = FunctionShape { block_lines: (0..n).map(|b| 10 + b).collect(), ..FunctionShape::default() };
    for (from, targets) in succs.iter().enumerate() {
        for &to in targets {
            shape.edges.push((from as u32, to));
        }
        if targets.is_empty() {
            shape.returns.push(from as u32);
        }
    }
    for b in 0..n {
        for inst in 0..rng.below(3) as u32 {
            let exit = match rng.below(6) {
                0 => CallExit::NeverReturns,
                1 | 2 => CallExit::MayNotReturn,
                _ => continue,
            };
            shape.call_sites.push(CallSite { block: b, inst, exit, callee: format!("f{b}_{inst}") });
        }
    }
    shape.validate().expect("the generator makes valid shapes");
    shape
}

/// Every ENTRY → EXIT path of the numbered graph, as edge lists, or
/// `None` when there are too many to enumerate.
fn all_paths(numbering: &Numbering) -> Option<Vec<Vec<u32>>> {
    if numbering.total() > 20_000 {
        return None;
    }
    let dag = &numbering.dag;
    let mut paths = Vec::new();
    let mut stack: Vec<(u32, Vec<u32>)> = vec![(dag.entry(), Vec::new())];
    while let Some((v, path)) = stack.pop() {
        if v == dag.exit() {
            paths.push(path);
            continue;
        }
        for &e in dag.succs(v) {
            let mut longer = path.clone();
            longer.push(e);
            stack.push((dag.edge(e).to, longer));
        }
    }
    Some(paths)
}

/// Random weights, so that many different spanning trees are tried.
fn random_weights(rng: &mut SplitMix, graph: &FlowGraph) -> Vec<Weight> {
    graph.edges().iter().map(|_| Weight { primary: rng.below(100) as f64, secondary: 0.0 }).collect()
}

/// Checks the numbering of one graph by brute force; returns how many
/// paths it enumerated.
fn check_numbering(what: &str, graph: &FlowGraph, numbering: &Numbering, inc: &[u64]) -> usize {
    let dag = &numbering.dag;
    // The graph is acyclic: the topological order respects every edge.
    let mut position = vec![usize::MAX; dag.num_vertices() as usize];
    for (i, &v) in dag.topological().iter().enumerate() {
        position[v as usize] = i;
    }
    assert!(position.iter().all(|&p| p != usize::MAX), "{what}: the order misses a vertex");
    for e in dag.live_edges() {
        let edge = dag.edge(e);
        assert!(position[edge.from as usize] < position[edge.to as usize], "{what}: edge {e} goes backwards");
    }
    let Some(paths) = all_paths(numbering) else { return 0 };
    let mut seen = vec![false; numbering.total() as usize];
    for path in &paths {
        let number: u64 = path.iter().map(|&e| numbering.val[e as usize]).sum();
        assert!(number < numbering.total(), "{what}: path number {number} out of range");
        assert!(!std::mem::replace(&mut seen[number as usize], true), "{what}: two paths numbered {number}");
        assert_eq!(regenerate(numbering, number).as_ref(), Some(path), "{what}: regenerating path {number}");
        let by_increments = path.iter().fold(0u64, |sum, &e| sum.wrapping_add(inc[e as usize]));
        assert_eq!(by_increments, number, "{what}: the increments along path {number}");
        let blocks = block_path(numbering, graph, number).expect("a valid number");
        assert!(!blocks.blocks.is_empty());
    }
    assert!(seen.iter().all(|&s| s), "{what}: some number in 0..{} has no path", numbering.total());
    assert_eq!(regenerate(numbering, numbering.total()), None, "{what}: a number past the end regenerates");
    paths.len()
}

/// Whether every vertex of `graph` reached from the entry can reach EXIT
/// without the entry edge, so that simulated runs always end.
fn every_run_ends(graph: &FlowGraph) -> Option<Vec<u32>> {
    let n = graph.num_vertices() as usize;
    let mut distance = vec![u32::MAX; n];
    distance[graph.exit() as usize] = 0;
    let mut queue = std::collections::VecDeque::from([graph.exit()]);
    while let Some(v) = queue.pop_front() {
        for &e in graph.preds(v) {
            let edge = graph.edge(e);
            if edge.kind == FlowEdgeKind::Entry || graph.measure(e) == Measure::KnownZero {
                continue;
            }
            if distance[edge.from as usize] == u32::MAX {
                distance[edge.from as usize] = distance[v as usize] + 1;
                queue.push_back(edge.from);
            }
        }
    }
    Some(distance)
}

/// Simulates `calls` calls of the function, counting paths as the
/// instrumented code does, and returns the path counts and the true count
/// of every flow edge.
fn simulate(graph: &FlowGraph, numbering: &Numbering, inc: &[u64], rng: &mut SplitMix, calls: usize) -> (Vec<(u64, u64)>, Vec<u64>) {
    let dag = &numbering.dag;
    let distance = every_run_ends(graph).expect("distances");
    let mut live_of_flow: HashMap<u32, u32> = HashMap::new();
    for e in dag.live_edges() {
        if let DagEdgeKind::Flow(f) = dag.edge(e).kind {
            live_of_flow.insert(f, e);
        }
    }
    let mut cut_of_flow: HashMap<u32, (u64, u64)> = HashMap::new();
    for (c, cut) in dag.cuts().iter().enumerate() {
        let end = inc[dag.dummy(DagEdgeKind::End(c as u32)) as usize];
        let start = inc[dag.dummy(DagEdgeKind::Start(c as u32)) as usize];
        cut_of_flow.insert(cut.flow_edge, (end, start));
    }
    let entry_edge = graph.edge_of(FlowEdgeKind::Entry).unwrap();
    let mut counts: HashMap<u64, u64> = HashMap::new();
    let mut truth = vec![0u64; graph.edges().len()];
    'calls: for _ in 0..calls {
        truth[entry_edge as usize] += 1;
        let mut v = graph.edge(entry_edge).to;
        let mut r = 0u64;
        for step in 0.. {
            let mut choices: Vec<u32> = graph.succs(v).iter().copied().filter(|&e| graph.measure(e) != Measure::KnownZero).collect();
            // After a while the run heads for EXIT.
            if step >= 60 {
                choices.retain(|&e| distance[graph.edge(e).to as usize] < distance[v as usize]);
            }
            // Early exits are rare, unless nothing else is possible.
            let normal: Vec<u32> = choices.iter().copied().filter(|&e| !matches!(graph.edge(e).kind, FlowEdgeKind::EarlyExit(_))).collect();
            if !normal.is_empty() && rng.below(40) != 0 {
                choices = normal;
            }
            let e = choices[rng.below(choices.len() as u64) as usize];
            truth[e as usize] += 1;
            let edge = *graph.edge(e);
            if let Some(&(end, start)) = cut_of_flow.get(&e) {
                *counts.entry(r.wrapping_add(end)).or_default() += 1;
                r = start;
            } else {
                r = r.wrapping_add(inc[live_of_flow[&e] as usize]);
                if edge.to == graph.exit() {
                    *counts.entry(r).or_default() += 1;
                    if matches!(edge.kind, FlowEdgeKind::EarlyExit(_)) {
                        break 'calls; // The program ended inside the call.
                    }
                    continue 'calls;
                }
            }
            v = edge.to;
        }
    }
    let mut paths: Vec<(u64, u64)> = counts.into_iter().filter(|&(_, c)| c != 0).collect();
    paths.sort_unstable();
    (paths, truth)
}

/// Whether every vertex reachable from the entry can reach EXIT.
fn terminates(graph: &FlowGraph) -> bool {
    let distance = every_run_ends(graph).unwrap();
    let mut seen = vec![false; graph.num_vertices() as usize];
    let mut stack = vec![graph.block_entry(0)];
    while let Some(v) = stack.pop() {
        if std::mem::replace(&mut seen[v as usize], true) {
            continue;
        }
        if distance[v as usize] == u32::MAX {
            return false;
        }
        for &e in graph.succs(v) {
            if graph.measure(e) != Measure::KnownZero && graph.edge(e).kind != FlowEdgeKind::Entry {
                stack.push(graph.edge(e).to);
            }
        }
    }
    true
}

fn check_shape(what: &str, shape: &FunctionShape, rng: &mut SplitMix, limit: Option<u64>) -> usize {
    let graph = FlowGraph::new(shape);
    let numbering = match limit {
        Some(limit) => number_with_limit(&graph, limit),
        None => number(&graph),
    };
    if let Some(limit) = limit {
        let dag = &numbering.dag;
        for v in 0..dag.num_vertices() {
            if v != dag.entry() {
                let bound = limit.max(dag.succs(v).len() as u64);
                assert!(numbering.num_paths[v as usize] <= bound, "{what}: vertex {v} has {} paths", numbering.num_paths[v as usize]);
            }
        }
    }
    let weights = if rng.below(2) == 0 { heuristic_weights(shape, &graph) } else { random_weights(rng, &graph) };
    let inc = increments(&numbering, &graph, &weights);
    let enumerated = check_numbering(what, &graph, &numbering, &inc);
    if terminates(&graph) {
        let (paths, truth) = simulate(&graph, &numbering, &inc, rng, 30);
        let derived = derive_flow(&numbering, &graph, &paths).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(derived, truth, "{what}: the derived edge counts");
    }
    enumerated
}

#[test]
fn numbering_is_a_bijection_and_derived_edges_are_exact() {
    let mut rng = SplitMix(0x5eed);
    let mut enumerated = 0;
    for i in 0..1500 {
        let shape = random_shape(&mut rng, i % 3 == 0);
        enumerated += check_shape(&format!("shape {i} {shape:?}"), &shape, &mut rng, None);
    }
    assert!(enumerated > 10_000, "only {enumerated} paths were enumerated");
}

#[test]
fn truncation_keeps_numbers_exact() {
    let mut rng = SplitMix(0x7a11);
    let mut truncated = 0;
    for i in 0..1500 {
        let shape = random_shape(&mut rng, i % 2 == 0);
        let limit = 2 + rng.below(4);
        let graph = FlowGraph::new(&shape);
        truncated += number_with_limit(&graph, limit).truncations();
        check_shape(&format!("shape {i}, limit {limit}: {shape:?}"), &shape, &mut rng, Some(limit));
    }
    assert!(truncated > 500, "only {truncated} edges were truncated");
}

/// 70 diamonds in a row have 2^70 paths: the default limit truncates them
/// so that numbers fit in 64 bits, and the numbers stay exact.
#[test]
fn a_long_chain_of_diamonds_is_truncated_to_64_bits() {
    let diamonds = 70u32;
    let mut shape = FunctionShape::default();
    for d in 0..diamonds {
        let top = 3 * d;
        shape.edges.extend([(top, top + 1), (top, top + 2)]);
        shape.edges.extend([(top + 1, top + 3), (top + 2, top + 3)]);
    }
    shape.block_lines = vec![0; (3 * diamonds + 1) as usize];
    shape.returns.push(3 * diamonds);
    shape.edges.sort();
    shape.validate().unwrap();
    let graph = FlowGraph::new(&shape);
    let numbering = number(&graph);
    assert!(numbering.truncations() > 0);
    let inc = increments(&numbering, &graph, &heuristic_weights(&shape, &graph));
    let mut rng = SplitMix(3);
    let (paths, truth) = simulate(&graph, &numbering, &inc, &mut rng, 50);
    assert_eq!(derive_flow(&numbering, &graph, &paths).unwrap(), truth);
    // Every number in range regenerates, and the ends agree with the cuts.
    for _ in 0..1000 {
        let n = rng.below(numbering.total());
        let path = block_path(&numbering, &graph, n).unwrap();
        assert!(matches!(path.start, PathStart::Entry | PathStart::Truncation { .. }));
        assert!(matches!(path.end, PathEnd::Return | PathEnd::Truncation { .. }));
    }
}
