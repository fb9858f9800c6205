//! Edge weights that steer the maximum spanning tree, so that counters land
//! on rarely executed edges: the static heuristic of Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §5, or the
//! counts of an earlier profile ("profile-guided profiling", §6.4's exact
//! weighting).
//!
//! The heuristic assumes every loop iterates [`LOOP_MULTIPLIER`] times and
//! every branch is taken with equal probability. It visits the blocks in a
//! topological order of the CFG without its back edges, giving the entry a
//! weight of 1 (the edge EXIT → entry), and applies the paper's rules:
//!
//! 1. a block weighs the sum of its incoming edges that are not back edges;
//! 2. a loop header of weight W gives each of its loop's N exit edges the
//!    weight W/N, unless an enclosing loop's header already did;
//! 3. a block's remaining outgoing edges share its weight (times the loop
//!    multiplier at a header) minus what its loop exits already took.
//!
//! One refinement uses what the paper's CFGs did not show: code after a
//! call that never returns (`exit`) never runs, so a block holding such a
//! call gives its outgoing edges, and the continuations after that call,
//! no weight.
//!
//! Loops are the loop nesting forest's (Havlak's algorithm, which also
//! finds irreducible loops); their back edges are the depth-first back
//! edges, so the graph without them is acyclic. The flow graph adds to the
//! CFG a `return` edge per returning block, which leaves every loop it is
//! in like any other exit; a continuation edge inside a block, which
//! carries the block's whole weight; and the entry and early-exit edges,
//! which the planner fixes in the tree whatever they weigh.

use crate::analysis::{Cfg, LoopForest};
use crate::ir::{Block, Edge};
use crate::profile::{CallExit, CfgDescriptor, FlowEdgeKind, FlowGraph, FunctionShape};
use std::collections::{HashMap, VecDeque};

/// The number of times the heuristic assumes each loop iterates.
pub const LOOP_MULTIPLIER: f64 = 10.0;

/// The weight of a flow edge. The spanning tree prefers heavier edges,
/// comparing `primary` first and `secondary` to break ties.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Weight {
    pub primary: f64,
    pub secondary: f64,
}

impl Weight {
    /// Total order: by primary, then secondary weight.
    pub fn total_cmp(&self, other: &Weight) -> std::cmp::Ordering {
        self.primary.total_cmp(&other.primary).then(self.secondary.total_cmp(&other.secondary))
    }

    pub fn scaled(self, factor: f64) -> Weight {
        Weight { primary: self.primary * factor, secondary: self.secondary * factor }
    }

    pub fn plus(self, other: Weight) -> Weight {
        Weight { primary: self.primary + other.primary, secondary: self.secondary + other.secondary }
    }
}

/// The heuristic weight of every edge of `graph`, the flow graph of
/// `shape`, in flow-edge order.
pub fn heuristic_weights(shape: &FunctionShape, graph: &FlowGraph) -> Vec<Weight> {
    let skeleton = shape.skeleton();
    let cfg = Cfg::compute(&skeleton);
    let loops = LoopForest::compute(&cfg);
    let n = shape.num_blocks() as usize;
    let block = |b: Block| b.as_u32();
    let flow_edge = |kind| graph.edge_of(kind).expect("the shape has this edge") as usize;
    let cfg_edge = |e: Edge| flow_edge(FlowEdgeKind::Cfg(e.as_u32()));

    // The weighted outgoing edges of each block: its CFG edges and its
    // return, as flow-edge indices.
    let mut outgoing: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &(from, _)) in shape.edges.iter().enumerate() {
        outgoing[from as usize].push(flow_edge(FlowEdgeKind::Cfg(i as u32)));
    }
    for &b in &shape.returns {
        outgoing[b as usize].push(flow_edge(FlowEdgeKind::Return(b)));
    }
    // Whether each call site comes after a call that never returns, and
    // whether each block holds such a call.
    let mut after_never = Vec::with_capacity(shape.call_sites.len());
    let mut ends_early = vec![false; n];
    for site in &shape.call_sites {
        after_never.push(ends_early[site.block as usize]);
        ends_early[site.block as usize] |= site.exit == CallExit::NeverReturns;
    }
    let mut is_back = vec![false; shape.edges.len()];
    for lp in loops.loops() {
        for &e in &loops[lp].back_edges {
            is_back[e.as_u32() as usize] = true;
        }
    }

    let mut weight: Vec<Option<f64>> = vec![None; graph.edges().len()];
    let mut through = vec![0.0; n];
    for v in topological_order(&cfg, &is_back) {
        // Rule 1.
        let mut w: f64 = cfg.preds(v).iter().filter(|e| !is_back[e.as_u32() as usize]).map(|&e| weight[cfg_edge(e)].unwrap_or(0.0)).sum();
        if Some(v) == cfg.entry() {
            w += 1.0;
        }
        // Rule 2.
        if let Some(lp) = loops.loop_headed_by(v) {
            let data = &loops[lp];
            let mut exits: Vec<usize> = data.exits.iter().map(|&e| cfg_edge(e)).collect();
            exits.extend(data.blocks.iter().filter(|&&b| shape.returns.binary_search(&block(b)).is_ok()).map(|&b| flow_edge(FlowEdgeKind::Return(block(b)))));
            let share = w / exits.len().max(1) as f64;
            for e in exits {
                weight[e].get_or_insert(share);
            }
            w *= LOOP_MULTIPLIER;
        }
        // Rule 3.
        through[block(v) as usize] = w;
        let out = &outgoing[block(v) as usize];
        let taken: f64 = out.iter().filter_map(|&e| weight[e]).sum();
        let rest: Vec<usize> = out.iter().copied().filter(|&e| weight[e].is_none()).collect();
        let leaving = if ends_early[block(v) as usize] { 0.0 } else { w };
        let share = (leaving - taken).max(0.0) / rest.len().max(1) as f64;
        for e in rest {
            weight[e] = Some(share);
        }
    }

    graph
        .edges()
        .iter()
        .enumerate()
        .map(|(e, edge)| {
            let primary = match edge.kind {
                FlowEdgeKind::Cfg(_) | FlowEdgeKind::Return(_) => weight[e].unwrap_or(0.0),
                FlowEdgeKind::Continuation(i) if after_never[i as usize] => 0.0,
                FlowEdgeKind::Continuation(i) => through[shape.call_sites[i as usize].block as usize],
                FlowEdgeKind::Entry => 1.0,
                // A `longjmp` is rare: the re-entry should be a chord, so
                // that its conditional increment sits by the `setjmp`.
                FlowEdgeKind::EarlyExit(_) | FlowEdgeKind::ReEntry(_) => 0.0,
            };
            Weight { primary, secondary: 0.0 }
        })
        .collect()
}

/// Blocks in a topological order of the CFG without its back edges,
/// starting from the entry (Kahn's algorithm; ready blocks in reverse
/// postorder).
fn topological_order(cfg: &Cfg, is_back: &[bool]) -> Vec<Block> {
    let forward = |e: &&Edge| !is_back[e.as_u32() as usize];
    let mut waiting: HashMap<Block, usize> = cfg.blocks().iter().map(|&b| (b, cfg.preds(b).iter().filter(forward).count())).collect();
    let mut ready: VecDeque<Block> = cfg.reverse_postorder().iter().copied().filter(|b| waiting[b] == 0).collect();
    let mut order = Vec::with_capacity(cfg.num_blocks());
    while let Some(b) = ready.pop_front() {
        order.push(b);
        for e in cfg.succs(b).iter().filter(forward) {
            let to = cfg.edge(*e).to;
            let count = waiting.get_mut(&to).expect("a reachable block");
            *count -= 1;
            if *count == 0 {
                ready.push_back(to);
            }
        }
    }
    debug_assert_eq!(order.len(), cfg.num_blocks(), "the CFG without back edges is acyclic");
    order
}

/// Weights from an earlier profile of the same function: each edge weighs
/// its count in `old_flow`, the reconstructed flow of `old` (whose CFG
/// checksum matched). An edge the old profile lacks, such as the
/// continuation of a call site that the analysis now treats differently,
/// weighs its block's count. The heuristic weight breaks ties, which
/// matter among the many edges a profile saw zero times.
pub fn profile_weights(shape: &FunctionShape, graph: &FlowGraph, old: &CfgDescriptor, old_flow: &[u64]) -> Vec<Weight> {
    let old_graph = FlowGraph::new(&old.shape);
    let mut counts: HashMap<EdgeKey, u64> = HashMap::new();
    for (e, edge) in old_graph.edges().iter().enumerate() {
        if let Some(key) = EdgeKey::of(&old.shape, edge.kind) {
            counts.insert(key, old_flow[e]);
        }
    }
    let old_block = |b: u32| -> u64 {
        if b >= old.shape.num_blocks() {
            return 0;
        }
        old_graph.preds(old_graph.block_entry(b)).iter().map(|&e| old_flow[e as usize]).sum()
    };
    heuristic_weights(shape, graph)
        .into_iter()
        .zip(graph.edges())
        .map(|(heuristic, edge)| {
            let count = match EdgeKey::of(shape, edge.kind).and_then(|key| counts.get(&key)) {
                Some(&count) => count,
                None => match edge.kind {
                    FlowEdgeKind::Continuation(i) => old_block(shape.call_sites[i as usize].block),
                    _ => 0,
                },
            };
            Weight { primary: count as f64, secondary: heuristic.primary }
        })
        .collect()
}

/// A flow edge named independently of the call sites' numbering, so that
/// two shapes of one CFG can be matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum EdgeKey {
    Cfg(u32),
    Return(u32),
    /// The continuation of the call at (block, instruction index).
    Continuation(u32, u32),
    /// The second returns of the `setjmp` at (block, instruction index).
    ReEntry(u32, u32),
    Entry,
}

impl EdgeKey {
    fn of(shape: &FunctionShape, kind: FlowEdgeKind) -> Option<EdgeKey> {
        match kind {
            FlowEdgeKind::Cfg(i) => Some(EdgeKey::Cfg(i)),
            FlowEdgeKind::Return(b) => Some(EdgeKey::Return(b)),
            FlowEdgeKind::Continuation(i) => {
                let site = &shape.call_sites[i as usize];
                Some(EdgeKey::Continuation(site.block, site.inst))
            }
            FlowEdgeKind::ReEntry(i) => {
                let site = &shape.call_sites[i as usize];
                Some(EdgeKey::ReEntry(site.block, site.inst))
            }
            FlowEdgeKind::Entry => Some(EdgeKey::Entry),
            FlowEdgeKind::EarlyExit(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::CallExit;
    use crate::text::parse_module;

    /// The heuristic weights of the CFG edges and returns of the only
    /// function in `text`, by flow-edge kind.
    fn weights_of(text: &str) -> Vec<(FlowEdgeKind, f64)> {
        let module = parse_module(text).unwrap();
        let func = &module.functions[0];
        let cfg = Cfg::compute(func);
        let shape = FunctionShape::of(func, &cfg, |_| Some(CallExit::MayNotReturn));
        let graph = FlowGraph::new(&shape);
        heuristic_weights(&shape, &graph).iter().zip(graph.edges()).map(|(w, e)| (e.kind, w.primary)).collect()
    }

    #[test]
    fn a_branch_in_a_loop() {
        // block1 heads a loop left by e1 and closed by e4 and e5 (block2's
        // two arms both go back).
        let w = weights_of(
            "function @f(i32) -> i32 export {
            block0(v0: i32):
                jump block1
            block1:
                brif v0, block2, block3
            block2:
                brif v0, block1, block1
            block3:
                return v0
            }",
        );
        use FlowEdgeKind::*;
        assert_eq!(
            w,
            vec![
                (Cfg(0), 1.0),  // entry -> header: the entry weight
                (Cfg(1), 9.0),  // into the body: 10 iterations minus the exit
                (Cfg(2), 1.0),  // the loop exit: the header's weight
                (Cfg(3), 4.5),  // the two back edges share the body's weight
                (Cfg(4), 4.5),
                (Return(3), 1.0),
                (Entry, 1.0),
            ]
        );
    }

    #[test]
    fn nested_loops_share_an_exit() {
        // An outer loop (block1) around an inner loop (block2 and block4).
        // block2 -> block3 leaves both loops; the outer header, visited
        // first, assigns it, and the inner header's rule 2 leaves it alone.
        let w = weights_of(
            "function @f(i32) -> i32 export {
            block0(v0: i32):
                jump block1
            block1:
                brif v0, block2, block5
            block2:
                brif v0, block3, block4
            block3:
                return v0
            block4:
                brif v0, block2, block1
            block5:
                return v0
            }",
        );
        use FlowEdgeKind::*;
        let get = |k| w.iter().find(|(kind, _)| *kind == k).unwrap().1;
        // The outer loop's two exits share the outer header's weight 1.
        assert_eq!((get(Cfg(2)), get(Cfg(3))), (0.5, 0.5));
        // Into the inner loop: 10 iterations minus the exit taken at the
        // outer header.
        assert_eq!(get(Cfg(1)), 9.5);
        // The inner loop's exits are block2 -> block3 (already 0.5) and
        // block4 -> block1, which gets its share of the inner header's 9.5.
        assert_eq!(get(Cfg(6)), 4.75);
        // Inside the inner loop: 95 iterations' worth, minus the exits.
        assert_eq!(get(Cfg(4)), 94.5);
        assert_eq!(get(Cfg(5)), 89.75);
        assert_eq!((get(Return(3)), get(Return(5))), (0.5, 0.5));
    }
}
