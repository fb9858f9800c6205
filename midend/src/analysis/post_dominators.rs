//! The post-dominator tree.
//!
//! Block X post-dominates block Y when every path from Y to the function's
//! exit passes through X. A function may leave through several blocks, so
//! the tree is the dominator tree of the reversed CFG rooted at a virtual
//! exit node. This is the standard construction; Cytron et al.,
//! "Efficiently Computing Static Single Assignment Form and the Control
//! Dependence Graph", TOPLAS 1991, likewise give the CFG a unique Exit node
//! for control dependence. Immediate dominators come from the
//! Cooper–Harvey–Kennedy algorithm in `dominators.rs` (§3, Figure 3).
//!
//! Which blocks the virtual exit is connected from:
//! - every reachable block whose terminator is `return` or `unreachable`;
//! - for code that can reach neither (infinite loops), one block of every
//!   terminal strongly connected component of the blocks that cannot reach
//!   an exit: the component's first block in reverse postorder, which is
//!   the loop header when the loop is reducible. A terminal component has
//!   no edge to another component of those blocks, and every block that
//!   cannot reach an exit reaches one, so after these virtual edges every
//!   block reaches the exit. The choice depends only on the CFG and its
//!   depth-first order, so it is deterministic. (Tarjan's algorithm finds
//!   the components, via petgraph.)
//!
//! Unreachable blocks are not in the tree.

use super::cfg::Cfg;
use super::dominators::{render_tree, DenseDomTree};
use crate::ir::{Block, Function, InstData};
use cranelift_entity::{EntitySet, SecondaryMap};
use petgraph::graph::{DiGraph, NodeIndex};
use std::fmt::Write;

/// Dense node number of the virtual exit.
const EXIT: u32 = 0;

#[derive(Clone, Debug)]
pub struct PostDominatorTree {
    tree: DenseDomTree,
    /// Dense node number of each reachable block: one more than its
    /// reverse-postorder number, node 0 being the virtual exit.
    node: SecondaryMap<Block, u32>,
    /// The block of each dense node number but the exit's.
    blocks: Vec<Block>,
    /// Blocks ending in `return` or `unreachable`, in reverse postorder.
    exits: Vec<Block>,
    /// Blocks connected to the exit because they are in an infinite loop,
    /// in reverse postorder.
    loop_exits: Vec<Block>,
}

impl PostDominatorTree {
    pub fn compute(func: &Function, cfg: &Cfg) -> PostDominatorTree {
        let rpo = cfg.reverse_postorder();
        let mut node = SecondaryMap::with_default(u32::MAX);
        for (i, &b) in rpo.iter().enumerate() {
            node[b] = i as u32 + 1;
        }
        let exits: Vec<Block> = rpo.iter().copied().filter(|&b| is_exit(func, b)).collect();
        let loop_exits = loop_exits(cfg, &exits);

        let mut succs: Vec<Vec<u32>> = Vec::with_capacity(rpo.len() + 1);
        succs.push(exits.iter().chain(&loop_exits).map(|&b| node[b]).collect());
        succs.extend(
            rpo.iter()
                .map(|&b| cfg.pred_blocks(b).map(|p| node[p]).collect()),
        );
        PostDominatorTree {
            tree: DenseDomTree::compute(&succs),
            node,
            blocks: rpo.to_vec(),
            exits,
            loop_exits,
        }
    }

    fn block(&self, node: u32) -> Option<Block> {
        (node != EXIT).then(|| self.blocks[node as usize - 1])
    }

    /// The immediate post-dominator of `block`; `None` when it is the
    /// virtual exit or when `block` is unreachable.
    pub fn ipdom(&self, block: Block) -> Option<Block> {
        self.tree.idom(self.node[block]).and_then(|n| self.block(n))
    }

    /// True when `a` post-dominates `b` (reflexively); false when either
    /// is unreachable.
    pub fn post_dominates(&self, a: Block, b: Block) -> bool {
        self.tree.dominates(self.node[a], self.node[b])
    }

    /// True when `a` post-dominates `b` and differs from it.
    pub fn strictly_post_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.post_dominates(a, b)
    }

    /// The blocks that `block` immediately post-dominates.
    pub fn children(&self, block: Block) -> impl Iterator<Item = Block> + '_ {
        self.tree
            .children(self.node[block])
            .iter()
            .filter_map(|&n| self.block(n))
    }

    /// The blocks whose immediate post-dominator is the virtual exit.
    pub fn exit_children(&self) -> impl Iterator<Item = Block> + '_ {
        self.tree
            .children(EXIT)
            .iter()
            .filter_map(|&n| self.block(n))
    }

    /// Reachable blocks in preorder of the tree (the virtual exit, its
    /// root, left out).
    pub fn preorder(&self) -> impl Iterator<Item = Block> + '_ {
        self.tree.preorder().iter().filter_map(|&n| self.block(n))
    }

    /// Blocks ending in `return` or `unreachable`, in reverse postorder.
    pub fn exits(&self) -> &[Block] {
        &self.exits
    }

    /// The blocks of infinite loops that were connected to the virtual
    /// exit, one per terminal component, in reverse postorder.
    pub fn loop_exits(&self) -> &[Block] {
        &self.loop_exits
    }

    /// One line per reachable block in layout order naming its immediate
    /// post-dominator (`exit` for the virtual exit), then the blocks
    /// connected to the exit for infinite loops, if any.
    pub fn render(&self, cfg: &Cfg) -> String {
        let mut out = render_tree(cfg, "ipdom", |b| {
            self.tree
                .idom(self.node[b])
                .map(|n| self.block(n).map_or("exit".into(), |p| p.to_string()))
        });
        if !self.loop_exits.is_empty() {
            let _ = writeln!(out, "loop exits: {}", super::cfg::list(&self.loop_exits));
        }
        out
    }
}

/// True when `block` leaves the function: it ends in `return` or
/// `unreachable`, or has no terminator at all (a verifier error).
fn is_exit(func: &Function, block: Block) -> bool {
    match func.terminator(block) {
        Some(t) => matches!(
            func.insts[t],
            InstData::Return { .. } | InstData::Unreachable
        ),
        None => true,
    }
}

/// Picks the blocks to connect to the virtual exit for infinite loops, as
/// the module header describes.
fn loop_exits(cfg: &Cfg, exits: &[Block]) -> Vec<Block> {
    // Blocks that reach an exit, by a backward search from the exits.
    let mut reaches = EntitySet::new();
    let mut stack: Vec<Block> = exits.to_vec();
    for &b in exits {
        reaches.insert(b);
    }
    while let Some(b) = stack.pop() {
        for p in cfg.pred_blocks(b) {
            if reaches.insert(p) {
                stack.push(p);
            }
        }
    }
    let stuck: Vec<Block> = cfg
        .reverse_postorder()
        .iter()
        .copied()
        .filter(|&b| !reaches.contains(b))
        .collect();
    if stuck.is_empty() {
        return Vec::new();
    }

    // The successors of a stuck block are stuck too, so the stuck blocks
    // form a closed subgraph.
    let mut graph = DiGraph::<Block, ()>::with_capacity(stuck.len(), 0);
    let mut index: SecondaryMap<Block, u32> = SecondaryMap::new();
    for &b in &stuck {
        index[b] = graph.add_node(b).index() as u32;
    }
    for &b in &stuck {
        for s in cfg.succ_blocks(b) {
            graph.add_edge(
                NodeIndex::new(index[b] as usize),
                NodeIndex::new(index[s] as usize),
                (),
            );
        }
    }
    let components = petgraph::algo::tarjan_scc(&graph);
    let mut component = vec![0usize; stuck.len()];
    for (c, nodes) in components.iter().enumerate() {
        for n in nodes {
            component[n.index()] = c;
        }
    }
    let mut chosen: Vec<Block> = components
        .iter()
        .enumerate()
        .filter(|(c, nodes)| {
            nodes
                .iter()
                .all(|&n| graph.neighbors(n).all(|s| component[s.index()] == *c))
        })
        .map(|(_, nodes)| {
            let blocks = nodes.iter().map(|&n| graph[n]);
            blocks
                .min_by_key(|&b| cfg.rpo_number(b))
                .expect("components are not empty")
        })
        .collect();
    chosen.sort_by_key(|&b| cfg.rpo_number(b));
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::tests::{b, graph, random_graph};

    #[test]
    fn two_returns() {
        // 0 -> 1, 2; 1 -> 3; 2 returns; 3 returns.
        let f = graph(&[&[1, 2], &[3], &[], &[]]);
        let cfg = Cfg::compute(&f);
        let pdt = PostDominatorTree::compute(&f, &cfg);
        assert_eq!(pdt.ipdom(b(0)), None);
        assert_eq!(pdt.ipdom(b(1)), Some(b(3)));
        assert_eq!(pdt.ipdom(b(2)), None);
        assert!(pdt.post_dominates(b(3), b(1)) && !pdt.post_dominates(b(3), b(0)));
        assert_eq!(pdt.exits(), &[b(2), b(3)]);
        assert!(pdt.loop_exits().is_empty());
        let mut roots: Vec<Block> = pdt.exit_children().collect();
        roots.sort();
        assert_eq!(roots, vec![b(0), b(2), b(3)]);
    }

    #[test]
    fn infinite_loop_is_connected_at_its_header() {
        // 0 -> 1, 4; 1 -> 2; 2 -> 3; 3 -> 2 (stuck loop {2, 3}); 4 returns.
        let f = graph(&[&[1, 4], &[2], &[3], &[2], &[]]);
        let cfg = Cfg::compute(&f);
        let pdt = PostDominatorTree::compute(&f, &cfg);
        assert_eq!(pdt.loop_exits(), &[b(2)]);
        assert_eq!(pdt.ipdom(b(3)), Some(b(2)));
        assert_eq!(pdt.ipdom(b(1)), Some(b(2)));
        assert_eq!(pdt.ipdom(b(2)), None);
        assert_eq!(pdt.ipdom(b(0)), None);
    }

    #[test]
    fn a_self_loop_without_exit_everywhere() {
        // 0 -> 1; 1 -> 1: nothing returns.
        let f = graph(&[&[1], &[1]]);
        let cfg = Cfg::compute(&f);
        let pdt = PostDominatorTree::compute(&f, &cfg);
        assert_eq!(pdt.loop_exits(), &[b(1)]);
        assert_eq!(pdt.ipdom(b(0)), Some(b(1)));
        assert_eq!(pdt.preorder().collect::<Vec<_>>(), vec![b(1), b(0)]);
    }

    /// On random graphs every reachable block is in the tree, and the
    /// post-dominance relation matches its definition: X post-dominates Y
    /// iff removing X disconnects Y from the (virtual) exit.
    #[test]
    fn matches_the_definition() {
        for seed in 0..200 {
            let succs = random_graph(seed, 2 + (seed % 10) as u32);
            let refs: Vec<&[u32]> = succs.iter().map(|s| s.as_slice()).collect();
            let f = graph(&refs);
            let cfg = Cfg::compute(&f);
            let pdt = PostDominatorTree::compute(&f, &cfg);
            let sinks: Vec<Block> = pdt
                .exits()
                .iter()
                .chain(pdt.loop_exits())
                .copied()
                .collect();
            for &x in cfg.blocks() {
                for &y in cfg.blocks() {
                    // Search forward from y avoiding x; y escapes x when it
                    // reaches a block connected to the exit.
                    let mut seen = EntitySet::new();
                    let mut stack = vec![y];
                    let mut escapes = false;
                    if y != x {
                        seen.insert(y);
                        while let Some(n) = stack.pop() {
                            if sinks.contains(&n) {
                                escapes = true;
                                break;
                            }
                            for s in cfg.succ_blocks(n) {
                                if s != x && seen.insert(s) {
                                    stack.push(s);
                                }
                            }
                        }
                    }
                    assert_eq!(
                        pdt.post_dominates(x, y),
                        !escapes,
                        "seed {seed} {x} pdom {y}"
                    );
                }
            }
        }
    }
}
