//! Cold edges (Joshi, Bond & Zilles, "Targeted Path Profiling", §4.1.1).
//!
//! The criterion is local: an edge is cold when its count in the edge
//! profile is under a fraction of its source's count (`-ftpp-cold=PCT`),
//! or is zero. Edges that pass it can still be cold *transitively*: an
//! edge or vertex is hot only when some ENTRY → EXIT path of the acyclic
//! graph uses only hot edges, so the edges that no such path passes are
//! cold as well. [`prune`] computes that closure with one forward and one
//! backward search.

use crate::instrument::path::dag::PathDag;

/// Parts per million: the unit of `-ftpp-cold` in the descriptor.
pub const PPM: u64 = 1_000_000;

/// Whether an edge that ran `count` times out of a source that ran
/// `source` times passes the local criterion of `cold_ppm` parts per
/// million.
pub fn locally_hot(count: u64, source: u128, cold_ppm: u32) -> bool {
    count > 0 && u128::from(count) * u128::from(PPM) >= source.saturating_mul(u128::from(cold_ppm))
}

/// Keeps, of the live edges of `dag` that `hot` marks, only those on some
/// ENTRY → EXIT path of marked edges; returns the new marks by edge.
pub fn prune(dag: &PathDag, hot: &[bool]) -> Vec<bool> {
    let n = dag.num_vertices() as usize;
    let mut from_entry = vec![false; n];
    from_entry[dag.entry() as usize] = true;
    for &v in dag.topological() {
        if from_entry[v as usize] {
            for &e in dag.succs(v) {
                if hot[e as usize] {
                    from_entry[dag.edge(e).to as usize] = true;
                }
            }
        }
    }
    let mut to_exit = vec![false; n];
    to_exit[dag.exit() as usize] = true;
    for &v in dag.topological().iter().rev() {
        if dag.succs(v).iter().any(|&e| hot[e as usize] && to_exit[dag.edge(e).to as usize]) {
            to_exit[v as usize] = true;
        }
    }
    let mut kept = vec![false; dag.num_edges()];
    for e in dag.live_edges() {
        let edge = dag.edge(e);
        kept[e as usize] = hot[e as usize] && from_entry[edge.from as usize] && to_exit[edge.to as usize];
    }
    kept
}
