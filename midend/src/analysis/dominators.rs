//! The dominator tree.
//!
//! Immediate dominators are computed with the iterative algorithm of
//! Keith D. Cooper, Timothy J. Harvey and Ken Kennedy, "A Simple, Fast
//! Dominance Algorithm", Software Practice and Experience 4, 2001, §3 and
//! its Figure 3: nodes are visited in reverse postorder, each node's
//! dominator is the intersection (the nearest common ancestor, found by
//! walking up with postorder numbers) of its processed predecessors'
//! dominators, until nothing changes.
//!
//! The algorithm runs on [`DenseDomTree`], a graph of dense node numbers,
//! so that the post-dominator tree (`post_dominators.rs`) reuses it on the
//! reversed CFG with a virtual exit node. Dominance queries take O(1) from
//! preorder numbers of the tree and the largest preorder number in each
//! subtree.

use super::cfg::Cfg;
use crate::ir::Block;
use cranelift_entity::SecondaryMap;
use std::fmt::Write;

/// Marks a node outside the tree (not reachable from the root).
const NONE: u32 = u32::MAX;

/// A dominator tree over nodes `0..n`, rooted at node 0.
#[derive(Clone, Debug, Default)]
pub(crate) struct DenseDomTree {
    /// Immediate dominator of each node; `NONE` for the root and for nodes
    /// the root does not reach.
    idom: Vec<u32>,
    /// Children of each node, ordered by the reverse postorder of the
    /// graph's depth-first search.
    children: Vec<Vec<u32>>,
    /// Nodes of the tree in preorder, children in the order above.
    preorder: Vec<u32>,
    /// Preorder number of each node, `NONE` outside the tree.
    pre: Vec<u32>,
    /// The largest preorder number in each node's subtree.
    last: Vec<u32>,
}

impl DenseDomTree {
    /// Computes the dominator tree of the graph whose node `i` has the
    /// successors `succs[i]` (in the order the depth-first search takes
    /// them), rooted at node 0.
    pub(crate) fn compute(succs: &[Vec<u32>]) -> DenseDomTree {
        let n = succs.len();
        if n == 0 {
            return DenseDomTree::default();
        }
        let postorder = postorder(succs);
        let mut po_number = vec![NONE; n];
        for (i, &node) in postorder.iter().enumerate() {
            po_number[node as usize] = i as u32;
        }
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (from, targets) in succs.iter().enumerate() {
            for &to in targets {
                preds[to as usize].push(from as u32);
            }
        }

        // CHK Figure 3. The root is its own dominator while iterating, as
        // in the paper, and gets `NONE` at the end.
        let mut idom = vec![NONE; n];
        idom[0] = 0;
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            while a != b {
                while po_number[a as usize] < po_number[b as usize] {
                    a = idom[a as usize];
                }
                while po_number[b as usize] < po_number[a as usize] {
                    b = idom[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &node in postorder.iter().rev().skip(1) {
                let mut new_idom = NONE;
                for &p in &preds[node as usize] {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new_idom = if new_idom == NONE {
                        p
                    } else {
                        intersect(&idom, p, new_idom)
                    };
                }
                if idom[node as usize] != new_idom {
                    idom[node as usize] = new_idom;
                    changed = true;
                }
            }
        }
        idom[0] = NONE;

        let mut children = vec![Vec::new(); n];
        for &node in postorder.iter().rev() {
            if idom[node as usize] != NONE {
                children[idom[node as usize] as usize].push(node);
            }
        }
        let mut tree = DenseDomTree {
            idom,
            children,
            preorder: Vec::new(),
            pre: vec![NONE; n],
            last: vec![NONE; n],
        };
        tree.number();
        tree
    }

    /// Numbers the tree in preorder and records each subtree's extent.
    fn number(&mut self) {
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        self.pre[0] = 0;
        self.preorder.push(0);
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&child) = self.children[node as usize].get(*next) {
                *next += 1;
                self.pre[child as usize] = self.preorder.len() as u32;
                self.preorder.push(child);
                stack.push((child, 0));
            } else {
                self.last[node as usize] = self.preorder.len() as u32 - 1;
                stack.pop();
            }
        }
    }

    pub(crate) fn idom(&self, node: u32) -> Option<u32> {
        let d = *self.idom.get(node as usize)?;
        (d != NONE).then_some(d)
    }

    pub(crate) fn children(&self, node: u32) -> &[u32] {
        self.children.get(node as usize).map_or(&[], |c| c)
    }

    pub(crate) fn preorder(&self) -> &[u32] {
        &self.preorder
    }

    pub(crate) fn contains(&self, node: u32) -> bool {
        self.pre.get(node as usize).is_some_and(|&p| p != NONE)
    }

    /// True when `a` dominates `b` (reflexively); false when either is
    /// outside the tree.
    pub(crate) fn dominates(&self, a: u32, b: u32) -> bool {
        if !self.contains(a) || !self.contains(b) {
            return false;
        }
        let (pa, pb) = (self.pre[a as usize], self.pre[b as usize]);
        pa <= pb && pb <= self.last[a as usize]
    }
}

/// The postorder of a depth-first search from node 0.
fn postorder(succs: &[Vec<u32>]) -> Vec<u32> {
    let mut visited = vec![false; succs.len()];
    let mut order = Vec::with_capacity(succs.len());
    let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
    visited[0] = true;
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        if let Some(&succ) = succs[node as usize].get(*next) {
            *next += 1;
            if !visited[succ as usize] {
                visited[succ as usize] = true;
                stack.push((succ, 0));
            }
        } else {
            order.push(node);
            stack.pop();
        }
    }
    order
}

/// The dominator tree of a function's reachable blocks.
#[derive(Clone, Debug)]
pub struct DominatorTree {
    tree: DenseDomTree,
    /// Dense node number of each block: its reverse-postorder number.
    node: SecondaryMap<Block, u32>,
    /// The block of each dense node number.
    blocks: Vec<Block>,
}

impl DominatorTree {
    pub fn compute(cfg: &Cfg) -> DominatorTree {
        let blocks = cfg.reverse_postorder().to_vec();
        let mut node = SecondaryMap::with_default(NONE);
        for (i, &b) in blocks.iter().enumerate() {
            node[b] = i as u32;
        }
        let succs: Vec<Vec<u32>> = blocks
            .iter()
            .map(|&b| cfg.succ_blocks(b).map(|s| node[s]).collect())
            .collect();
        DominatorTree {
            tree: DenseDomTree::compute(&succs),
            node,
            blocks,
        }
    }

    /// The entry block, unless the function has no body.
    pub fn root(&self) -> Option<Block> {
        self.blocks.first().copied()
    }

    /// The immediate dominator of `block`; `None` for the entry and for
    /// unreachable blocks.
    pub fn idom(&self, block: Block) -> Option<Block> {
        self.tree
            .idom(self.node[block])
            .map(|n| self.blocks[n as usize])
    }

    /// True when `a` dominates `b`. Every block dominates itself; an
    /// unreachable block neither dominates nor is dominated.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        self.tree.dominates(self.node[a], self.node[b])
    }

    /// True when `a` dominates `b` and differs from it.
    pub fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The blocks that `block` immediately dominates, in reverse postorder.
    pub fn children(&self, block: Block) -> impl Iterator<Item = Block> + '_ {
        self.tree
            .children(self.node[block])
            .iter()
            .map(|&n| self.blocks[n as usize])
    }

    /// Reachable blocks in preorder of the tree, the entry first.
    pub fn preorder(&self) -> impl Iterator<Item = Block> + '_ {
        self.tree
            .preorder()
            .iter()
            .map(|&n| self.blocks[n as usize])
    }

    /// True when `block` is reachable and thus in the tree.
    pub fn contains(&self, block: Block) -> bool {
        self.tree.contains(self.node[block])
    }

    /// One line per reachable block in layout order naming its immediate
    /// dominator, then the preorder, for tests and dumps.
    pub fn render(&self, cfg: &Cfg) -> String {
        let mut out = render_tree(cfg, "idom", |b| self.idom(b).map(|d| d.to_string()));
        let preorder: Vec<Block> = self.preorder().collect();
        let _ = writeln!(out, "preorder: {}", super::cfg::list(&preorder));
        out
    }
}

/// One line per reachable block in layout order: `block3: <what> block1`,
/// or `-` when `parent` returns nothing.
pub(crate) fn render_tree(
    cfg: &Cfg,
    what: &str,
    parent: impl Fn(Block) -> Option<String>,
) -> String {
    let mut out = String::new();
    for &b in cfg.blocks() {
        let _ = writeln!(
            out,
            "{b}: {what} {}",
            parent(b).unwrap_or_else(|| "-".into())
        );
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ir::{BlockCall, Function, InstData, Linkage, Signature, Type};

    /// Builds a function whose block `i` branches to the blocks `succs[i]`
    /// (a `jump`, a `brif` on its parameter or a `switch`), and returns
    /// with no successors. Every block but the entry takes one `i32`.
    pub(crate) fn graph(succs: &[&[u32]]) -> Function {
        let sig = Signature::scalars(vec![Type::I32], None, false);
        let mut f = Function::new("g", sig, Linkage::Export);
        let blocks: Vec<Block> = succs.iter().map(|_| f.create_block()).collect();
        let params: Vec<_> = blocks
            .iter()
            .map(|&b| f.append_block_param(b, Type::I32))
            .collect();
        for (i, targets) in succs.iter().enumerate() {
            let v = params[i];
            let call = |t: u32| BlockCall::new(blocks[t as usize], vec![v]);
            let data = match **targets {
                [] => InstData::Return { value: None },
                [t] => InstData::Jump { dest: call(t) },
                [t, e] => InstData::Brif {
                    cond: v,
                    then_dest: call(t),
                    else_dest: call(e),
                },
                [d, ref cases @ ..] => InstData::Switch {
                    arg: v,
                    default: call(d),
                    cases: cases
                        .iter()
                        .enumerate()
                        .map(|(k, &t)| (k as i64, call(t)))
                        .collect(),
                },
            };
            f.append_inst(blocks[i], data, None);
        }
        f
    }

    pub(crate) fn b(i: u32) -> Block {
        Block::from_u32(i)
    }

    #[test]
    fn diamond_with_loop() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> 4, 1; 4 returns; 5 unreachable.
        let f = graph(&[&[1, 2], &[3], &[3], &[4, 1], &[], &[4]]);
        let cfg = Cfg::compute(&f);
        let dt = DominatorTree::compute(&cfg);
        assert_eq!(dt.idom(b(0)), None);
        assert_eq!(dt.idom(b(1)), Some(b(0)));
        assert_eq!(dt.idom(b(3)), Some(b(0)));
        assert_eq!(dt.idom(b(4)), Some(b(3)));
        assert_eq!(dt.idom(b(5)), None);
        assert!(dt.dominates(b(0), b(4)) && dt.dominates(b(3), b(3)));
        assert!(!dt.dominates(b(1), b(3)) && !dt.strictly_dominates(b(3), b(3)));
        assert!(!dt.dominates(b(0), b(5)) && !dt.contains(b(5)));
        assert_eq!(
            dt.children(b(0)).collect::<Vec<_>>(),
            vec![b(2), b(1), b(3)]
        );
        assert_eq!(
            dt.preorder().collect::<Vec<_>>(),
            vec![b(0), b(2), b(1), b(3), b(4)]
        );
    }

    /// A deterministic pseudo-random graph of `n` nodes with up to three
    /// successors each (xorshift, so the test needs no crate).
    pub(crate) fn random_graph(seed: u64, n: u32) -> Vec<Vec<u32>> {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..n)
            .map(|_| {
                (0..next() % 4)
                    .map(|_| (next() % u64::from(n)) as u32)
                    .collect()
            })
            .collect()
    }

    /// Cross-checks the CHK implementation against petgraph's
    /// `simple_fast` (an independent implementation of the same paper) on
    /// random graphs.
    #[test]
    fn agrees_with_petgraph() {
        use petgraph::algo::dominators::simple_fast;
        use petgraph::graph::{DiGraph, NodeIndex};
        for seed in 0..300 {
            let succs = random_graph(seed, 2 + (seed % 12) as u32);
            let refs: Vec<&[u32]> = succs.iter().map(|s| s.as_slice()).collect();
            let f = graph(&refs);
            let cfg = Cfg::compute(&f);
            let dt = DominatorTree::compute(&cfg);

            let mut g = DiGraph::<(), ()>::new();
            let nodes: Vec<NodeIndex> = succs.iter().map(|_| g.add_node(())).collect();
            for (i, targets) in succs.iter().enumerate() {
                for &t in targets {
                    g.add_edge(nodes[i], nodes[t as usize], ());
                }
            }
            let expected = simple_fast(&g, nodes[0]);
            for i in 0..succs.len() as u32 {
                let want = expected
                    .immediate_dominator(nodes[i as usize])
                    .map(|n| b(n.index() as u32));
                assert_eq!(dt.idom(b(i)), want, "seed {seed} block{i}");
            }
        }
    }
}
