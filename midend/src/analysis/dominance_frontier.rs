//! Dominance frontiers and iterated dominance frontiers.
//!
//! The dominance frontier of a block X is the set of blocks Y such that X
//! dominates a predecessor of Y but does not strictly dominate Y (Ron
//! Cytron, Jeanne Ferrante, Barry K. Rosen, Mark N. Wegman and F. Kenneth
//! Zadeck, "Efficiently Computing Static Single Assignment Form and the
//! Control Dependence Graph", TOPLAS 13(4), 1991, §4). It is computed with
//! the join-point walk of Cooper, Harvey and Kennedy, "A Simple, Fast
//! Dominance Algorithm", 2001, §4 and Figure 5: for each incoming edge of a
//! block Y, walk up the dominator tree from the edge's source to Y's
//! immediate dominator, adding Y to the frontier of every block passed.
//!
//! The iterated frontier DF⁺(S) of Cytron et al. §5.1 is where φ-functions
//! (here: block parameters) go for a variable assigned in the blocks S.

use super::cfg::{list, Cfg};
use super::dominators::DominatorTree;
use crate::ir::Block;
use cranelift_entity::{EntitySet, SecondaryMap};
use std::fmt::Write;

#[derive(Clone, Debug, Default)]
pub struct DominanceFrontiers {
    /// The frontier of each block, sorted by block number.
    frontier: SecondaryMap<Block, Vec<Block>>,
}

impl DominanceFrontiers {
    pub fn compute(cfg: &Cfg, domtree: &DominatorTree) -> DominanceFrontiers {
        let mut frontier: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
        for &join in cfg.blocks() {
            // CHK skip blocks with fewer than two predecessors, whose walk
            // stops at once; the entry is the exception (its implicit
            // incoming edge from outside counts), so every block walks.
            let stop = domtree.idom(join);
            for pred in cfg.pred_blocks(join) {
                let mut runner = Some(pred);
                while let Some(r) = runner {
                    if Some(r) == stop {
                        break;
                    }
                    // Pushes for one join happen together, so checking the
                    // last entry suffices to avoid duplicates.
                    if frontier[r].last() != Some(&join) {
                        frontier[r].push(join);
                    }
                    runner = domtree.idom(r);
                }
            }
        }
        for &b in cfg.blocks() {
            frontier[b].sort();
        }
        DominanceFrontiers { frontier }
    }

    /// The dominance frontier of `block`, sorted by block number.
    pub fn frontier(&self, block: Block) -> &[Block] {
        &self.frontier[block]
    }

    /// One line per reachable block in layout order with its frontier, for
    /// tests and dumps.
    pub fn render(&self, cfg: &Cfg) -> String {
        let mut out = String::new();
        for &b in cfg.blocks() {
            let _ = writeln!(out, "{b}: frontier [{}]", list(self.frontier(b)));
        }
        out
    }

    /// The iterated dominance frontier DF⁺ of a set of blocks, sorted by
    /// block number.
    pub fn iterated(&self, blocks: impl IntoIterator<Item = Block>) -> Vec<Block> {
        let mut result = EntitySet::new();
        let mut worklist: Vec<Block> = blocks.into_iter().collect();
        while let Some(b) = worklist.pop() {
            for &y in self.frontier(b) {
                if result.insert(y) {
                    worklist.push(y);
                }
            }
        }
        let mut out: Vec<Block> = result.iter().collect();
        out.sort();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::tests::{b, graph};

    #[test]
    fn frontiers_of_a_loop_with_a_diamond() {
        // 0 -> 1; 1 -> 2, 3; 2 -> 4; 3 -> 4; 4 -> 1, 5; 5 returns.
        let f = graph(&[&[1], &[2, 3], &[4], &[4], &[1, 5], &[]]);
        let cfg = Cfg::compute(&f);
        let dt = DominatorTree::compute(&cfg);
        let df = DominanceFrontiers::compute(&cfg, &dt);
        assert_eq!(df.frontier(b(0)), &[] as &[Block]);
        assert_eq!(df.frontier(b(1)), &[b(1)]);
        assert_eq!(df.frontier(b(2)), &[b(4)]);
        assert_eq!(df.frontier(b(3)), &[b(4)]);
        assert_eq!(df.frontier(b(4)), &[b(1)]);
        assert_eq!(df.frontier(b(5)), &[] as &[Block]);
        assert_eq!(df.iterated([b(2)]), vec![b(1), b(4)]);
    }

    #[test]
    fn branch_back_to_the_entry() {
        // 0 -> 1; 1 -> 0, 2; 2 returns.
        let f = graph(&[&[1], &[0, 2], &[]]);
        let cfg = Cfg::compute(&f);
        let dt = DominatorTree::compute(&cfg);
        let df = DominanceFrontiers::compute(&cfg, &dt);
        assert_eq!(df.frontier(b(0)), &[b(0)]);
        assert_eq!(df.frontier(b(1)), &[b(0)]);
    }

    /// Checks the definition directly on random graphs: Y is in DF(X) iff
    /// X dominates some predecessor of Y and does not strictly dominate Y.
    #[test]
    fn matches_the_definition() {
        use crate::analysis::dominators::tests::random_graph;
        for seed in 0..200 {
            let succs = random_graph(seed, 2 + (seed % 10) as u32);
            let refs: Vec<&[u32]> = succs.iter().map(|s| s.as_slice()).collect();
            let f = graph(&refs);
            let cfg = Cfg::compute(&f);
            let dt = DominatorTree::compute(&cfg);
            let df = DominanceFrontiers::compute(&cfg, &dt);
            for &x in cfg.blocks() {
                let mut want: Vec<Block> = cfg
                    .blocks()
                    .iter()
                    .copied()
                    .filter(|&y| {
                        cfg.pred_blocks(y).any(|p| dt.dominates(x, p))
                            && !dt.strictly_dominates(x, y)
                    })
                    .collect();
                want.sort();
                assert_eq!(df.frontier(x), want.as_slice(), "seed {seed} {x}");
            }
        }
    }
}
