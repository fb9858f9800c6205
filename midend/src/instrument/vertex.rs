//! Vertex profiling with edge counters: the heuristic of Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §3.3.3
//! (Figure 11).
//!
//! Block counts need fewer counters than edge counts. By the theorem of
//! §3.3.1 a set of counted edges determines every vertex count iff each
//! simple cycle of the uncounted edges is pipeless (`profile::pipeless`).
//! The heuristic starts from the Knuth–Stevenson placement, the chords of
//! a maximum spanning tree, and visits the chords in decreasing order of
//! weight, the costliest counter first. A chord's counter goes when the
//! cycle it closes in the tree is pipeless and shares no vertex with a
//! cycle already opened: two pipeless cycles that touch can form a simple
//! piped one, and vertex-disjoint cycles cannot, since every simple cycle
//! of the counter-free edges is then one of them.
//!
//! One restriction of nissecc's own: a removed chord's cycle may hold CFG
//! and return edges only. The entry, continuation, early-exit and re-entry
//! edges then stay outside every counter-free cycle, so their counts (the
//! calls of the function, the early exits of §3.2, the second returns of
//! `setjmp`) are still exact, as the oracle checks.
//!
//! §3.3.2: for CFGs whose every cycle holds a pipe (those of `while` loops,
//! `if`/`else` and blocks) the spanning tree is already optimal and
//! nothing is removed; `do`/`while` loops and `break`s give the pipeless
//! cycles that the heuristic finds.

use super::plan;
use super::weights::Weight;
use crate::profile::pipeless::{is_pipeless, RootedForest};
use crate::profile::{FlowEdgeKind, FlowGraph, Strategy};

/// The counted flow edges of the vertex strategy, in counter order: the
/// Knuth–Stevenson chords less those §3.3.3's heuristic removes.
pub fn plan(graph: &FlowGraph, weights: &[Weight]) -> Vec<u32> {
    let chords = plan::plan(graph, Strategy::Ks, weights, &[]);
    let tree = plan::spanning_tree(graph, weights, &[]);
    let forest = RootedForest::new(graph, &tree);
    let mut by_weight = chords.clone();
    // Decreasing weight; ties to the lower edge, so the plan is
    // deterministic.
    by_weight.sort_by(|&a, &b| weights[b as usize].total_cmp(&weights[a as usize]).then(a.cmp(&b)));
    let mut marked = vec![false; graph.num_vertices() as usize];
    let mut removed = vec![false; graph.edges().len()];
    for chord in by_weight {
        let Some(cycle) = forest.cycle(graph, chord) else { continue };
        let only_cfg_and_returns = cycle.iter().all(|c| matches!(graph.edge(c.edge).kind, FlowEdgeKind::Cfg(_) | FlowEdgeKind::Return(_)));
        let vertices = RootedForest::vertices(graph, &cycle);
        if only_cfg_and_returns && is_pipeless(&cycle) && vertices.iter().all(|&v| !marked[v as usize]) {
            for v in vertices {
                marked[v as usize] = true;
            }
            removed[chord as usize] = true;
        }
    }
    chords.into_iter().filter(|&e| !removed[e as usize]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::reconstruct::{reconstruct_flow, solve_flow};
    use crate::profile::shape::FunctionShape;
    use crate::profile::CfgDescriptor;

    fn shape(blocks: u32, edges: &[(u32, u32)], returns: &[u32]) -> FunctionShape {
        let shape = FunctionShape { block_lines: vec![0; blocks as usize], edges: edges.to_vec(), returns: returns.to_vec(), ..FunctionShape::default() };
        shape.validate().expect("a valid shape");
        shape
    }

    fn even(graph: &FlowGraph) -> Vec<Weight> {
        vec![Weight { primary: 1.0, secondary: 0.0 }; graph.edges().len()]
    }

    /// Block counts of the flow `flow` (one count per flow edge).
    fn block_counts(graph: &FlowGraph, blocks: u32, flow: &[u64]) -> Vec<u64> {
        (0..blocks).map(|b| graph.preds(graph.block_entry(b)).iter().map(|&e| flow[e as usize]).sum()).collect()
    }

    /// A loop after loop rotation, as at -O2: a guard 0 branches to the
    /// body 1 or past the loop to 3, and the latch 2 branches back to 1 or
    /// on to 3; 3 returns. The guard, the body, the latch and the exit form
    /// the pipeless cycle of the paper's Figure 4(c).
    fn rotated_loop() -> FunctionShape {
        shape(4, &[(0, 1), (0, 3), (1, 2), (2, 1), (2, 3)], &[3])
    }

    #[test]
    fn a_rotated_loop_needs_one_counter_less() {
        let shape = rotated_loop();
        let graph = FlowGraph::new(&shape);
        let weights = even(&graph);
        let ks = plan::plan(&graph, Strategy::Ks, &weights, &[]);
        let vertex = plan(&graph, &weights);
        assert_eq!(vertex.len() + 1, ks.len(), "ks {ks:?}, vertex {vertex:?}");
    }

    #[test]
    fn while_loops_and_diamonds_keep_every_chord() {
        // §3.3.2: an if/else after a while loop; every cycle holds a pipe.
        let shape = shape(6, &[(0, 1), (1, 2), (1, 3), (2, 1), (3, 4), (3, 5), (4, 5)], &[5]);
        let graph = FlowGraph::new(&shape);
        let weights = even(&graph);
        assert_eq!(plan(&graph, &weights), plan::plan(&graph, Strategy::Ks, &weights, &[]));
    }

    /// Every flow of the rotated loop over up to four calls, each running
    /// the loop 0 to 3 times, reconstructs to its true block counts from
    /// the vertex plan's counters, although its edge counts may differ.
    #[test]
    fn reconstruction_gives_the_true_block_counts() {
        let shape = rotated_loop();
        let graph = FlowGraph::new(&shape);
        let counted = plan(&graph, &even(&graph));
        let desc = CfgDescriptor::new(Strategy::Vertex, shape.clone(), counted.iter().map(|&e| graph.edge(e).kind).collect());
        let edge = |from: u32, to: u32| shape.edges.iter().position(|&e| e == (from, to)).expect("an edge") as usize;
        let mut exact_edges = 0;
        for calls in 1..=4u32 {
            // Each call runs the loop `trips % 4` times, two bits per call.
            for trips in 0..(1u32 << (2 * calls)) {
                let mut cfg = vec![0u64; shape.edges.len()];
                for call in 0..calls {
                    match u64::from(trips >> (2 * call) & 3) {
                        0 => cfg[edge(0, 3)] += 1,
                        n => {
                            cfg[edge(0, 1)] += 1;
                            cfg[edge(1, 2)] += n;
                            cfg[edge(2, 1)] += n - 1;
                            cfg[edge(2, 3)] += 1;
                        }
                    }
                }
                let mut known: Vec<Option<u64>> = vec![None; graph.edges().len()];
                for (i, &count) in cfg.iter().enumerate() {
                    known[graph.edge_of(FlowEdgeKind::Cfg(i as u32)).expect("a CFG edge") as usize] = Some(count);
                }
                let truth = solve_flow(&graph, &known).expect("a consistent flow");
                let counters: Vec<u64> = counted.iter().map(|&e| truth[e as usize]).collect();
                let flow = reconstruct_flow(&desc, &graph, &counters).expect("reconstructs");
                assert_eq!(block_counts(&graph, 4, &flow), block_counts(&graph, 4, &truth), "{calls} calls, trips {trips:b}");
                // The calls of the function stay exact too.
                let entry = graph.edge_of(FlowEdgeKind::Entry).expect("an entry edge") as usize;
                assert_eq!(flow[entry], u64::from(calls));
                exact_edges += usize::from(flow == truth);
            }
        }
        // The edge counts are not determined: some flows reconstruct to
        // other edge counts with the same block counts.
        assert!(exact_edges < (1..=4).map(|calls| 1usize << (2 * calls)).sum::<usize>());
    }

    /// Random CFGs (chains with extra forward and back edges and early
    /// returns), weighted by the static heuristic, and random walks
    /// through them: the vertex plan's counters give every block count
    /// and the number of calls exactly, and the heuristic does remove
    /// counters.
    #[test]
    fn random_shapes_reconstruct_their_block_counts() {
        use crate::profile::infer::synthetic::{random_shape, simulate, Lcg};
        let mut rng = Lcg(19);
        let (mut ks_total, mut vertex_total) = (0, 0);
        for _ in 0..400 {
            let blocks = 3 + rng.below(28) as u32;
            let shape = random_shape(&mut rng, blocks);
            let graph = FlowGraph::new(&shape);
            let weights = crate::instrument::weights::heuristic_weights(&shape, &graph);
            let counted = plan(&graph, &weights);
            ks_total += plan::plan(&graph, Strategy::Ks, &weights, &[]).len();
            vertex_total += counted.len();
            let calls = 1 + rng.below(20) as u32;
            let runs = simulate(&mut rng, &shape, calls);
            let mut known: Vec<Option<u64>> = vec![None; graph.edges().len()];
            for (i, &(_, _, count)) in runs.edges.iter().enumerate() {
                known[graph.edge_of(FlowEdgeKind::Cfg(i as u32)).expect("a CFG edge") as usize] = Some(count);
            }
            known[graph.edge_of(FlowEdgeKind::Entry).expect("an entry edge") as usize] = Some(runs.entries);
            let truth = solve_flow(&graph, &known).expect("a consistent flow");
            let desc = CfgDescriptor::new(Strategy::Vertex, shape.clone(), counted.iter().map(|&e| graph.edge(e).kind).collect());
            let counters: Vec<u64> = counted.iter().map(|&e| truth[e as usize]).collect();
            let flow = reconstruct_flow(&desc, &graph, &counters).expect("reconstructs");
            assert_eq!(block_counts(&graph, blocks, &flow), runs.blocks, "{shape:?}");
            assert_eq!(flow[graph.edge_of(FlowEdgeKind::Entry).expect("an entry edge") as usize], runs.entries);
        }
        assert!(vertex_total < ks_total, "vertex {vertex_total} counters, ks {ks_total}");
    }
}
