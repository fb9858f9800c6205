//! A maximum spanning forest of an undirected multigraph, by Kruskal's
//! algorithm with union-find (Ball & Larus, "Optimally Profiling and
//! Tracing Programs", TOPLAS 1994, §3.2: the edges outside a maximum
//! spanning tree are the cheapest set of counters that determines every
//! edge count; Tarjan's "Data Structures and Network Algorithms" for the
//! algorithm).
//!
//! Edge direction does not matter, parallel edges stay distinct (they are
//! given by index, not by endpoints), and a self-loop never enters the
//! tree. Some edges are *forced* into the tree before any other, as the
//! paper seeds the tree with EXIT → root; the planner forces the edges it
//! cannot count. *Excluded* edges are left out of the tree whatever they
//! weigh. The rest enter in order of decreasing weight, ties going to the
//! lower index so the result is deterministic.

use super::weights::Weight;

/// How an edge takes part in the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Priority {
    /// Enters the tree first; forced edges must not form a cycle.
    Forced,
    /// Competes by weight.
    Weighted(Weight),
    /// Never enters the tree.
    Excluded,
}

/// Whether each edge `(from, to)` of a graph with `num_vertices` vertices
/// is in a maximum spanning forest.
pub fn maximum_spanning_forest(num_vertices: u32, edges: &[(u32, u32)], priority: &[Priority]) -> Vec<bool> {
    assert_eq!(edges.len(), priority.len());
    let mut order: Vec<usize> = (0..edges.len()).filter(|&e| priority[e] == Priority::Forced).collect();
    let mut weighted: Vec<(usize, Weight)> = priority
        .iter()
        .enumerate()
        .filter_map(|(e, p)| match p {
            Priority::Weighted(w) => Some((e, *w)),
            _ => None,
        })
        .collect();
    weighted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    order.extend(weighted.into_iter().map(|(e, _)| e));

    let mut sets = UnionFind::new(num_vertices as usize);
    let mut in_tree = vec![false; edges.len()];
    for e in order {
        let (from, to) = edges[e];
        if sets.union(from as usize, to as usize) {
            in_tree[e] = true;
        } else {
            debug_assert!(priority[e] != Priority::Forced, "forced edge {e} closes a cycle");
        }
    }
    in_tree
}

/// Disjoint sets of vertices, with path halving and union by size.
struct UnionFind {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n).collect(), size: vec![1; n] }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; false when they were one set already.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(primary: f64) -> Priority {
        Priority::Weighted(Weight { primary, secondary: 0.0 })
    }

    #[test]
    fn keeps_the_heaviest_edges_and_parallel_edges_apart() {
        // A triangle 0-1-2 plus a parallel edge 0-1 and a self-loop at 2.
        let edges = [(0, 1), (1, 2), (2, 0), (0, 1), (2, 2)];
        let tree = maximum_spanning_forest(3, &edges, &[w(1.0), w(5.0), w(3.0), w(4.0), w(9.0)]);
        assert_eq!(tree, vec![false, true, false, true, false]);
    }

    #[test]
    fn forced_and_excluded_edges() {
        let edges = [(0, 1), (1, 2), (2, 0)];
        let tree = maximum_spanning_forest(3, &edges, &[Priority::Forced, w(5.0), w(3.0)]);
        assert_eq!(tree, vec![true, true, false]);
        let tree = maximum_spanning_forest(3, &edges, &[w(1.0), Priority::Excluded, w(3.0)]);
        assert_eq!(tree, vec![true, false, true]);
        // Ties go to the lower index; a vertex left alone is its own tree.
        let tree = maximum_spanning_forest(4, &edges, &[w(2.0), w(2.0), w(2.0)]);
        assert_eq!(tree, vec![true, true, false]);
    }
}
