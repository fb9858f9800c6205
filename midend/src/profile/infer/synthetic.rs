//! Synthetic inference problems, for tests and for the benchmark's
//! timing of inference on large CFGs: random shapes (a chain of blocks
//! with extra forward and backward edges, and early returns) and the exact
//! counts of random walks through them, the ground truth that samples are
//! drawn from; and the two small deterministic generators that the
//! tests, the benchmark and simulated sampling (`nissecc-profdata
//! sample`) draw from.

use crate::profile::flow_graph::{FlowEdgeKind, FlowGraph};
use crate::profile::reconstruct::{edge_profile, EdgeProfile};
use crate::profile::shape::FunctionShape;

/// A small deterministic generator (Knuth's MMIX LCG).
pub struct Lcg(pub u64);
impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): small, fast, the same on
/// every platform.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A random shape of `n` blocks: a chain with extra forward and backward
/// edges; blocks without successors return.
pub fn random_shape(rng: &mut Lcg, n: u32) -> FunctionShape {
    let mut edges = Vec::new();
    for b in 0..n - 1 {
        let mut targets = vec![b + 1];
        for _ in 0..rng.below(3) {
            let t = 1 + rng.below(u64::from(n - 1)) as u32;
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        if rng.below(5) == 0 && b > 0 {
            targets.clear(); // An early return.
        }
        edges.extend(targets.into_iter().map(|t| (b, t)));
    }
    let mut degree = vec![0; n as usize];
    for &(from, _) in &edges {
        degree[from as usize] += 1;
    }
    let returns = (0..n).filter(|&b| degree[b as usize] == 0).collect();
    FunctionShape { block_lines: (1..=n).collect(), edges, returns, call_sites: vec![] }
}

/// The exact counts of `runs` random walks through `shape`, forward edges
/// favoured so that walks end.
pub fn simulate(rng: &mut Lcg, shape: &FunctionShape, runs: u32) -> EdgeProfile {
    let graph = FlowGraph::new(shape);
    let mut flow = vec![0u64; graph.edges().len()];
    flow[graph.edge_of(FlowEdgeKind::Entry).unwrap() as usize] = u64::from(runs);
    let mut successors = vec![Vec::new(); shape.block_lines.len()];
    for (i, &(from, _)) in shape.edges.iter().enumerate() {
        successors[from as usize].push(i);
    }
    for _ in 0..runs {
        let mut b = 0u32;
        let mut steps = 0;
        loop {
            let outs = &successors[b as usize];
            if outs.is_empty() {
                flow[graph.edge_of(FlowEdgeKind::Return(b)).unwrap() as usize] += 1;
                break;
            }
            steps += 1;
            let forward: Vec<usize> = outs.iter().copied().filter(|&i| shape.edges[i].1 > b).collect();
            let pick = if steps > 200 || rng.below(3) > 0 {
                if forward.is_empty() { outs[0] } else { forward[rng.below(forward.len() as u64) as usize] }
            } else {
                outs[rng.below(outs.len() as u64) as usize]
            };
            flow[pick] += 1;
            b = shape.edges[pick].1;
        }
    }
    edge_profile(shape, &graph, &flow)
}

