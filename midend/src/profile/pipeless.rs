//! Cycles of counter-free edges, and whether block counts survive them
//! (Ball & Larus, "Optimally Profiling and Tracing Programs", TOPLAS 1994,
//! §3.3.1).
//!
//! The paper's theorem: a set of counted edges determines every vertex
//! count iff each simple cycle of the uncounted edges is *pipeless*, that
//! is, its edges alternate directions as the cycle is walked, so that
//! every vertex on it is a fork (both cycle edges leave it) or a join
//! (both enter it), never a *pipe* (one enters, the other leaves). Adding
//! the same amount to the forward edges of a pipeless cycle and taking it
//! from the backward ones changes no vertex's inflow or outflow, which is
//! why the edges of such a cycle stay unknown while every vertex count is
//! exact.
//!
//! The vertex strategy's planner (`instrument::vertex`) and its
//! reconstruction (`reconstruct`) both look at the cycle that one edge
//! closes in a forest of uncounted edges: [`RootedForest::cycle`] finds
//! it in time proportional to its length, and [`is_pipeless`] tests it.

use super::flow_graph::FlowGraph;

/// An edge of a cycle, with whether the walk around the cycle traverses it
/// from its source to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleEdge {
    pub edge: u32,
    pub forward: bool,
}

/// A forest of flow-graph edges, each tree rooted at its lowest vertex, so
/// that the path between two vertices of one tree is found by climbing
/// from both to their common ancestor.
pub struct RootedForest {
    /// The edge to each vertex's parent, `None` at a root.
    parent_edge: Vec<Option<u32>>,
    parent: Vec<u32>,
    depth: Vec<u32>,
}

impl RootedForest {
    /// Roots the forest of `graph`'s edges `e` with `in_forest[e]`; those
    /// edges must form no cycle (a self-loop never belongs to a forest).
    pub fn new(graph: &FlowGraph, in_forest: &[bool]) -> RootedForest {
        let n = graph.num_vertices() as usize;
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (e, edge) in graph.edges().iter().enumerate() {
            if in_forest[e] {
                adjacent[edge.from as usize].push(e as u32);
                adjacent[edge.to as usize].push(e as u32);
            }
        }
        let mut forest = RootedForest { parent_edge: vec![None; n], parent: (0..n as u32).collect(), depth: vec![0; n] };
        let mut visited = vec![false; n];
        for root in 0..n {
            if visited[root] {
                continue;
            }
            visited[root] = true;
            let mut stack = vec![root as u32];
            while let Some(v) = stack.pop() {
                for &e in &adjacent[v as usize] {
                    let edge = graph.edge(e);
                    let other = if edge.from == v { edge.to } else { edge.from };
                    if !visited[other as usize] {
                        visited[other as usize] = true;
                        forest.parent_edge[other as usize] = Some(e);
                        forest.parent[other as usize] = v;
                        forest.depth[other as usize] = forest.depth[v as usize] + 1;
                        stack.push(other);
                    }
                }
            }
        }
        forest
    }

    /// The cycle that `chord` (an edge outside the forest) closes: the
    /// chord walked forwards, from its source to its target, then the
    /// forest path from its target back to its source. `None` when the
    /// chord's ends lie in different trees, so that it closes no cycle.
    pub fn cycle(&self, graph: &FlowGraph, chord: u32) -> Option<Vec<CycleEdge>> {
        let edge = graph.edge(chord);
        // Climb from the chord's target (the walk's next stop) and from
        // its source (where the walk ends) to their common ancestor.
        let (mut down, mut up) = (edge.to, edge.from);
        let (mut from_target, mut from_source) = (Vec::new(), Vec::new());
        while down != up {
            let deeper_is_target = self.depth[down as usize] >= self.depth[up as usize];
            let v = if deeper_is_target { down } else { up };
            let e = self.parent_edge[v as usize]?;
            let parent = self.parent[v as usize];
            if deeper_is_target {
                // The walk goes from `v` up to its parent.
                from_target.push(CycleEdge { edge: e, forward: graph.edge(e).from == v });
                down = parent;
            } else {
                // The walk comes down from the parent to `v`.
                from_source.push(CycleEdge { edge: e, forward: graph.edge(e).to == v });
                up = parent;
            }
        }
        let mut cycle = vec![CycleEdge { edge: chord, forward: true }];
        cycle.extend(from_target);
        cycle.extend(from_source.into_iter().rev());
        Some(cycle)
    }

    /// The vertices of `cycle` (a cycle this forest gave).
    pub fn vertices(graph: &FlowGraph, cycle: &[CycleEdge]) -> Vec<u32> {
        cycle.iter().map(|c| if c.forward { graph.edge(c.edge).from } else { graph.edge(c.edge).to }).collect()
    }
}

/// True when the edges of `cycle` alternate directions all the way round
/// (§3.3.1): no vertex of it is a pipe. A self-loop, a cycle of one edge,
/// is a directed cycle and so piped.
pub fn is_pipeless(cycle: &[CycleEdge]) -> bool {
    (0..cycle.len()).all(|i| cycle[i].forward != cycle[(i + 1) % cycle.len()].forward)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::shape::FunctionShape;

    /// The flow graph of a CFG with `edges` between `blocks` blocks, whose
    /// blocks in `returns` return.
    fn graph(blocks: u32, edges: &[(u32, u32)], returns: &[u32]) -> FlowGraph {
        let shape = FunctionShape {
            block_lines: vec![0; blocks as usize],
            edges: edges.to_vec(),
            returns: returns.to_vec(),
            ..FunctionShape::default()
        };
        shape.validate().expect("a valid shape");
        FlowGraph::new(&shape)
    }

    /// Marks the edges `forest` of `g` (the others, EXIT's included, are
    /// outside the forest).
    fn forest_of(g: &FlowGraph, forest: &[u32]) -> Vec<bool> {
        (0..g.edges().len() as u32).map(|e| forest.contains(&e)).collect()
    }

    #[test]
    fn a_guarded_do_while_loop_is_pipeless_and_its_back_edge_is_piped() {
        // The paper's Figure 4(c): 0 (a) branches to 1 (b) or 3 (f), 1 goes
        // to 2 (e), which branches back to 1 or on to 3; 3 returns. Edges:
        // 0: a -> b, 1: a -> f, 2: b -> e, 3: e -> b, 4: e -> f.
        let g = graph(4, &[(0, 1), (0, 3), (1, 2), (2, 1), (2, 3)], &[3]);
        let forest = RootedForest::new(&g, &forest_of(&g, &[0, 1, 3]));
        let cycle = forest.cycle(&g, 4).expect("a cycle");
        assert_eq!(cycle.iter().map(|c| (c.edge, c.forward)).collect::<Vec<_>>(), vec![(4, true), (1, false), (0, true), (3, false)]);
        assert!(is_pipeless(&cycle));
        let mut vertices = RootedForest::vertices(&g, &cycle);
        vertices.sort();
        assert_eq!(vertices, (0..4).map(|b| g.block_entry(b)).collect::<Vec<_>>());

        // With b -> e in the forest instead, the back edge e -> b closes a
        // directed cycle.
        let forest = RootedForest::new(&g, &forest_of(&g, &[0, 1, 2]));
        assert!(!is_pipeless(&forest.cycle(&g, 3).expect("a cycle")));
        // An edge between two trees closes no cycle.
        let forest = RootedForest::new(&g, &forest_of(&g, &[0]));
        assert_eq!(forest.cycle(&g, 4), None);
    }

    #[test]
    fn parallel_edges_are_pipeless_and_a_self_loop_is_not() {
        let g = graph(3, &[(0, 1), (0, 1), (1, 1), (1, 2)], &[2]);
        let forest = RootedForest::new(&g, &forest_of(&g, &[0, 3]));
        assert!(is_pipeless(&forest.cycle(&g, 1).expect("a cycle")));
        assert!(!is_pipeless(&forest.cycle(&g, 2).expect("a cycle")));
    }
}
