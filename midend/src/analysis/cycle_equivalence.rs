//! Cycle equivalence of two vertices of a directed graph: every cycle
//! through one passes through the other.
//!
//! Johnson, Pearson and Pingali ("The Program Structure Tree: Computing
//! Control Regions in Linear Time", PLDI 1994, §2) show that in a CFG made
//! strongly connected by an edge END → START, two nodes are control
//! equivalent exactly when they are cycle equivalent. Frenot and Pereira
//! ("Reusing Loop Variables as Counters", CC 2024, Definition 3.2) use
//! that notion to decide which increments may share a SESE counter: its
//! third clause ("if a cycle contains ℓu, it contains ℓv and vice versa")
//! is what dominance and post-dominance alone miss, for instance for two
//! blocks of one loop iteration when a second path back to the header
//! skips the later one.
//!
//! The profiler's flow graph (`profile::flow_graph`) is such a strongly
//! connected graph: its EXIT → entry edge closes every path, and its
//! early-exit edges cut blocks at calls that may not return. The test here
//! is the direct one, linear per pair: `u` lies on a cycle that avoids `v`
//! exactly when some successor of `u` reaches `u` again in the graph
//! without `v`. Linear-time cycle-equivalence classes (Johnson et al. §3)
//! would pay off only for many pairs; SESE detection asks about a handful.

/// Whether vertices `u` and `v` of the graph with `num_vertices` vertices
/// and the given `(from, to)` edges are cycle equivalent.
pub fn cycle_equivalent(num_vertices: u32, edges: &[(u32, u32)], u: u32, v: u32) -> bool {
    if u == v {
        return true;
    }
    let mut succs = vec![Vec::new(); num_vertices as usize];
    for &(from, to) in edges {
        succs[from as usize].push(to);
    }
    !on_cycle_avoiding(&succs, u, v) && !on_cycle_avoiding(&succs, v, u)
}

/// Whether `start` lies on a cycle that does not pass through `avoid`.
fn on_cycle_avoiding(succs: &[Vec<u32>], start: u32, avoid: u32) -> bool {
    let mut seen = vec![false; succs.len()];
    seen[avoid as usize] = true;
    let mut stack: Vec<u32> = succs[start as usize].iter().copied().filter(|&s| s != avoid).collect();
    while let Some(x) = stack.pop() {
        if x == start {
            return true;
        }
        if std::mem::replace(&mut seen[x as usize], true) {
            continue;
        }
        stack.extend(succs[x as usize].iter().copied().filter(|&s| !seen[s as usize] || s == start));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_body_in_sequence_is_equivalent() {
        // 0 → 1 → 2 → 3 → 1, 1 → 4 → 0 (4 is EXIT, closed back to 0).
        let edges = [(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 0)];
        assert!(cycle_equivalent(5, &edges, 2, 3));
        assert!(!cycle_equivalent(5, &edges, 1, 2), "1 → 4 → 0 → 1 avoids 2");
        assert!(cycle_equivalent(5, &edges, 0, 4));
    }

    #[test]
    fn a_second_path_to_the_header_breaks_equivalence() {
        // The header 1 reaches u = 2; u goes on to v = 3 or straight back
        // to 1; only v leaves the loop. u dominates v and v post-dominates
        // u, yet the cycle 1 → 2 → 1 avoids v (Definition 3.2's clause 3).
        let edges = [(0, 1), (1, 2), (2, 3), (2, 1), (3, 1), (3, 4), (4, 0)];
        assert!(!cycle_equivalent(5, &edges, 2, 3));
    }

    #[test]
    fn branches_of_a_diamond_are_not_equivalent_but_its_ends_are() {
        let edges = [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (4, 0)];
        assert!(!cycle_equivalent(5, &edges, 1, 2));
        assert!(cycle_equivalent(5, &edges, 0, 3));
    }
}
