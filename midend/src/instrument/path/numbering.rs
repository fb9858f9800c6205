//! Ball–Larus path numbering (Ball & Larus, "Efficient Path Profiling",
//! MICRO 1996, §3.2, Figure 5; `../shared/notes/efficient-path-profiling.md`,
//! "Numbering paths"), with truncation so that numbers fit in 64 bits.
//!
//! Visiting the vertices of the acyclic graph (`dag.rs`) in reverse
//! topological order, `NumPaths(EXIT) = 1`, and a vertex's out-edges
//! `e1..ek` get `Val(ei) = NumPaths(target(e1)) + ... +
//! NumPaths(target(e(i-1)))`; `NumPaths(v)` is the sum over all of them.
//! The sum of `Val` along an ENTRY → EXIT path is then a number in
//! `[0, NumPaths(ENTRY))`, different for every path.
//!
//! **Truncation.** The number of paths grows exponentially with a
//! sequence of branches (64 `if`s in a row give 2^64 paths). When a
//! vertex `v` other than ENTRY would get more than `limit` paths, each of
//! its out-edges to a vertex with more than one path is cut as a back edge
//! is: the path ends at `v` (a dummy `v → EXIT`) and the next one starts at
//! the edge's target (a dummy `ENTRY → target`). `v` then has as many
//! paths as out-edges, every vertex but ENTRY has at most
//! `max(limit, out-degree)` paths, and ENTRY, with at most one out-edge
//! per cut plus its own, at most `3 |E| · limit`. The default limit,
//! `u64::MAX / (3 |E| + 3)`, therefore keeps every number in 64 bits. At run
//! time a truncation edge is instrumented exactly like a back edge, so a
//! truncated profile still counts every edge exactly; it just records
//! shorter paths. (Preuss's LLVM implementation splits the DAG the same
//! way, at a threshold of 10^8 paths, §3.3.)

use super::dag::{CutReason, DagEdgeKind, PathDag};
use crate::profile::FlowGraph;

/// A numbered acyclic graph.
#[derive(Clone, Debug)]
pub struct Numbering {
    pub dag: PathDag,
    /// `NumPaths` of every vertex.
    pub num_paths: Vec<u64>,
    /// `Val` of every edge (0 for cut edges).
    pub val: Vec<u64>,
}

impl Numbering {
    /// The number of potential paths: `NumPaths(ENTRY)`.
    pub fn total(&self) -> u64 {
        self.num_paths[self.dag.entry() as usize]
    }

    /// How many edges truncation cut.
    pub fn truncations(&self) -> usize {
        self.dag.cuts().iter().filter(|c| c.reason == CutReason::Truncation).count()
    }
}

/// The largest `NumPaths` a vertex other than ENTRY may have in `graph`
/// so that ENTRY's still fits in 64 bits.
pub fn default_limit(graph: &FlowGraph) -> u64 {
    u64::MAX / (3 * graph.edges().len() as u64 + 3)
}

/// Numbers the paths of `graph`, truncating at the default limit.
pub fn number(graph: &FlowGraph) -> Numbering {
    number_with_limit(graph, default_limit(graph))
}

/// Numbers the paths of `graph`, cutting edges out of any vertex other
/// than ENTRY with more than `limit` paths. Panics if ENTRY's count does
/// not fit in 64 bits, which `default_limit` rules out.
pub fn number_with_limit(graph: &FlowGraph, limit: u64) -> Numbering {
    number_dag(PathDag::new(graph), graph, limit)
}

/// Numbers the paths of `dag`, an acyclic graph over `graph`'s vertices
/// (the depth-first one of [`PathDag::new`], or a part of it), cutting
/// edges out of any vertex other than ENTRY with more than `limit` paths.
/// Vertices from which EXIT cannot be reached get no paths.
pub fn number_dag(mut dag: PathDag, graph: &FlowGraph, limit: u64) -> Numbering {
    let mut num_paths = vec![0u64; dag.num_vertices() as usize];
    let order: Vec<u32> = dag.topological().to_vec();
    let exit = dag.exit();
    let paths_out = |dag: &PathDag, num_paths: &[u64], v: u32| -> u128 {
        dag.succs(v).iter().map(|&e| u128::from(num_paths[dag.edge(e).to as usize])).sum()
    };
    for &v in order.iter().rev() {
        if v == exit {
            num_paths[v as usize] = 1;
            continue;
        }
        let mut total = paths_out(&dag, &num_paths, v);
        if total > u128::from(limit) && v != dag.entry() {
            let cut: Vec<u32> = dag.succs(v).iter().copied().filter(|&e| num_paths[dag.edge(e).to as usize] > 1).collect();
            for e in cut {
                let DagEdgeKind::Flow(flow_edge) = dag.edge(e).kind else { unreachable!("only ENTRY has Start edges, and End edges lead to EXIT") };
                dag.cut(graph, flow_edge, CutReason::Truncation, Some(e));
            }
            total = paths_out(&dag, &num_paths, v);
        }
        num_paths[v as usize] = u64::try_from(total).expect("the number of paths fits in 64 bits");
    }
    let mut val = vec![0u64; dag.num_edges()];
    for v in 0..dag.num_vertices() {
        let mut next = 0u64;
        for &e in dag.succs(v) {
            val[e as usize] = next;
            next += num_paths[dag.edge(e).to as usize];
        }
    }
    Numbering { dag, num_paths, val }
}
