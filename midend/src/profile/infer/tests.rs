//! Tests of inference on the CFG shapes of real functions' kinds: random
//! CFGs with loops, with counts from simulated executions as ground truth.

use super::*;
use crate::profile::flow_graph::{FlowEdgeKind, FlowGraph, Measure};
use crate::profile::reconstruct::solve_flow;
use crate::profile::shape::{CallExit, CallSite};
use super::synthetic::{random_shape, simulate, Lcg};

/// Checks that `counts` conserve flow on `shape`'s flow graph.
fn assert_consistent(shape: &FunctionShape, counts: &EdgeProfile) {
    let graph = FlowGraph::new(shape);
    let mut known: Vec<Option<u64>> = vec![None; graph.edges().len()];
    for (i, &(_, _, c)) in counts.edges.iter().enumerate() {
        known[graph.edge_of(FlowEdgeKind::Cfg(i as u32)).unwrap() as usize] = Some(c);
    }
    known[graph.edge_of(FlowEdgeKind::Entry).unwrap() as usize] = Some(counts.entries);
    for (e, k) in known.iter_mut().enumerate() {
        if k.is_none() && graph.measure(e as u32) == Measure::KnownZero {
            *k = Some(0);
        }
    }
    // With returns and early exits unknown (a forest of edges into EXIT),
    // solving checks conservation everywhere else and derives them.
    let flow = solve_flow(&graph, &known).expect("the inferred counts conserve flow");
    assert_eq!(edge_profile(shape, &graph, &flow), *counts);
}

const OBJECTIVES: [Objective; 2] = [Objective::Profi, Objective::Mcf];

#[test]
fn exact_counts_come_back_unchanged() {
    let mut rng = Lcg(1);
    for n in (2..40).chain([100, 300]) {
        let shape = random_shape(&mut rng, n);
        let runs = 1 + rng.below(50) as u32;
        let truth = simulate(&mut rng, &shape, runs);
        for objective in OBJECTIVES {
            assert_eq!(infer(&shape, &Weights::of_counts(&truth), objective).unwrap(), truth, "{objective:?} on {shape:?}");
        }
    }
}

#[test]
fn block_counts_of_a_tree_shaped_cfg_determine_its_edges() {
    // entry → {1, 2} → 3: the block counts fix every edge.
    let shape = FunctionShape { block_lines: vec![1, 2, 3, 4], edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)], returns: vec![3], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(10), Some(7), Some(3), Some(10)];
    for objective in OBJECTIVES {
        let counts = infer(&shape, &weights, objective).unwrap();
        assert_eq!(counts.edges, vec![(0, 1, 7), (0, 2, 3), (1, 3, 7), (2, 3, 3)]);
        assert_eq!(counts.entries, 10);
    }
}

#[test]
fn noisy_and_partial_weights_give_a_consistent_flow() {
    let mut rng = Lcg(2);
    for n in 2..60 {
        let shape = random_shape(&mut rng, n);
        let truth = simulate(&mut rng, &shape, 20);
        let mut weights = Weights::of_counts(&truth);
        for w in weights.blocks.iter_mut().chain(weights.edges.iter_mut()) {
            *w = match rng.below(4) {
                0 => None,
                1 => w.map(|c| c / 2 + rng.below(3)),
                _ => w.map(|c| c + rng.below(5)),
            };
        }
        for objective in OBJECTIVES {
            let counts = infer(&shape, &weights, objective).unwrap();
            assert_consistent(&shape, &counts);
        }
    }
}

#[test]
fn a_loop_sampled_hot_behind_a_cold_block_is_joined_to_the_entry() {
    // 0 → 1 → 2 ⇄ 3, 2 → 4 (return): block 1 was never sampled, the loop
    // was. The cheapest flow keeps the loop as an island; profi joins it.
    let shape = FunctionShape { block_lines: vec![1, 2, 3, 4, 5], edges: vec![(0, 1), (0, 4), (1, 2), (2, 3), (2, 4), (3, 2)], returns: vec![4], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(5), Some(0), Some(1000), Some(1000), Some(5)];
    let profi = infer(&shape, &weights, Objective::Profi).unwrap();
    assert_consistent(&shape, &profi);
    assert!(profi.blocks[1] > 0, "the way into the loop carries flow: {profi:?}");
    assert!(profi.blocks[2] >= 999, "the loop stays hot: {profi:?}");
    let mcf = infer(&shape, &weights, Objective::Mcf).unwrap();
    assert_eq!(mcf.blocks[1], 0, "mcf leaves the island: {mcf:?}");
}

#[test]
fn profi_splits_flow_evenly_where_mcf_picks_one_side() {
    // Figure 2b: two leaves under-sampled by the same amount.
    let shape = FunctionShape { block_lines: vec![1, 2, 3, 4], edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)], returns: vec![3], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(3000), None, None, Some(3000)];
    let profi = infer(&shape, &weights, Objective::Profi).unwrap();
    assert_eq!((profi.blocks[1], profi.blocks[2]), (1500, 1500));
    let mcf = infer(&shape, &weights, Objective::Mcf).unwrap();
    assert!(mcf.blocks[1] == 3000 || mcf.blocks[2] == 3000, "{mcf:?}");
}

#[test]
fn early_exits_carry_flow_only_where_the_weights_need_it() {
    // Block 1 calls exit() on one of its paths: 10 enter it, 4 reach 2.
    let shape = FunctionShape {
        block_lines: vec![1, 2, 3],
        edges: vec![(0, 1), (1, 2)],
        returns: vec![2],
        call_sites: vec![CallSite { block: 1, inst: 0, exit: CallExit::MayNotReturn, callee: "maybe_exit".into() }],
    };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(10), Some(10), Some(4)];
    for objective in OBJECTIVES {
        let counts = infer(&shape, &weights, objective).unwrap();
        assert_consistent(&shape, &counts);
        assert_eq!(counts.blocks, vec![10, 10, 4]);
        assert_eq!(counts.early_exits[0].count, 6);
    }
}

#[test]
fn unlikely_blocks_are_avoided() {
    let shape = FunctionShape { block_lines: vec![1, 2, 3, 4], edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)], returns: vec![3], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(100), None, None, Some(100)];
    weights.unlikely[2] = true;
    for objective in OBJECTIVES {
        let counts = infer(&shape, &weights, objective).unwrap();
        assert_eq!((counts.blocks[1], counts.blocks[2]), (100, 0));
    }
}

#[test]
fn huge_weights_are_scaled_not_overflowed() {
    let shape = FunctionShape { block_lines: vec![1, 2], edges: vec![(0, 1)], returns: vec![1], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(u64::MAX / 2), Some(u64::MAX / 2)];
    let counts = infer(&shape, &weights, Objective::Profi).unwrap();
    assert_consistent(&shape, &counts);
    assert!(counts.entries > u64::MAX / 4);
}

#[test]
fn weights_of_the_wrong_size_are_an_error() {
    let shape = FunctionShape { block_lines: vec![1, 2], edges: vec![(0, 1)], returns: vec![1], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks.push(Some(1));
    assert!(infer(&shape, &weights, Objective::Profi).unwrap_err().contains("3 blocks"));
}

#[test]
fn profi_spreads_a_raise_of_weighed_blocks_evenly_where_mcf_picks_one() {
    // Figure 2b with both leaves weighed: 2,000 units are missing below
    // the entry, and raising either leaf costs the same. Rebalancing does
    // not apply (no block dangles), so only §4.2's even split spreads it.
    let shape = FunctionShape { block_lines: vec![1, 2, 3, 4], edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)], returns: vec![3], call_sites: vec![] };
    let mut weights = Weights::unknown(&shape);
    weights.blocks = vec![Some(3000), Some(900), Some(100), Some(3000)];
    let profi = infer(&shape, &weights, Objective::Profi).unwrap();
    assert_eq!((profi.blocks[1], profi.blocks[2]), (1900, 1100), "{profi:?}");
    let mcf = infer(&shape, &weights, Objective::Mcf).unwrap();
    assert!(mcf.blocks[1] == 2900 || mcf.blocks[2] == 2100, "{mcf:?}");
}
