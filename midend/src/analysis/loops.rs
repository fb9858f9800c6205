//! The loop nesting forest, with reducible and irreducible loops.
//!
//! Loops are found with the algorithm of Paul Havlak, "Nesting of
//! Reducible and Irreducible Loops", TOPLAS 19(4):557–567, 1997 (its
//! procedure `analyze_loops`, an extension of Tarjan's "Testing Flow Graph
//! Reducibility", JCSS 1974): a depth-first search numbers the blocks in
//! preorder; blocks are then visited in reverse preorder, and each block w
//! with back edges (edges from its depth-first descendants) collects its
//! loop body by walking predecessors backwards from the back edges' sources,
//! collapsing already found inner loops with union-find. A predecessor
//! outside w's depth-first subtree is a second entry into the body: the
//! loop is then irreducible, and the entering edge is handed on to w so the
//! enclosing loop sees it. G. Ramalingam ("Identifying Loops in Almost
//! Linear Time", TOPLAS 21(2), 1999) showed that this hand-on can make
//! the algorithm quadratic in pathological graphs and how to avoid it; the
//! functions compiled here are small, so the plain version is kept.
//!
//! A loop's header is the body's first block in depth-first order. For a
//! reducible loop it is the natural loop's header, which dominates the
//! body. An irreducible loop (several entries) is flagged with
//! `is_reducible == false`: it is not a natural loop, its "header" is only
//! the entry the depth-first search met first, and code that needs natural
//! loops must use [`LoopForest::natural_loops`] or check the flag.
//!
//! Terms used below: the latches of a loop are its blocks with an edge to
//! the header, and those edges are its back edges; its exit edges leave the
//! body; its entries are the header and every other block with an incoming
//! edge from outside the body (only the header, when the loop is reducible).
//! Unreachable blocks are in no loop.

use super::cfg::{list, Cfg};
use crate::ir::{Block, Edge};
use cranelift_entity::{entity_impl, packed_option::PackedOption, PrimaryMap, SecondaryMap};
use std::fmt::Write;

/// A loop of a [`LoopForest`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loop(u32);
entity_impl!(Loop, "loop");

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopData {
    pub header: Block,
    /// Every block of the loop, nested loops' blocks included, in reverse
    /// postorder; the header comes first.
    pub blocks: Vec<Block>,
    /// Blocks of the loop with an edge to the header, in reverse postorder.
    pub latches: Vec<Block>,
    /// The edges from a latch to the header, in edge order.
    pub back_edges: Vec<Edge>,
    /// The edges from a block of the loop to a block outside it, in edge
    /// order. Empty for an infinite loop.
    pub exits: Vec<Edge>,
    /// The header and every other block entered from outside the loop, in
    /// reverse postorder.
    pub entries: Vec<Block>,
    /// The innermost loop that contains this one.
    pub parent: Option<Loop>,
    /// The loops whose parent this is.
    pub children: Vec<Loop>,
    /// 1 for an outermost loop, one more for each level of nesting.
    pub depth: u32,
    /// False for an irreducible loop, which has several entries and is not
    /// a natural loop.
    pub is_reducible: bool,
}

#[derive(Clone, Debug, Default)]
pub struct LoopForest {
    /// Loops ordered by their headers' depth-first preorder numbers, so a
    /// loop comes after the loops that contain it.
    loops: PrimaryMap<Loop, LoopData>,
    innermost: SecondaryMap<Block, PackedOption<Loop>>,
}

/// What Havlak's algorithm found out about a block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    NonHeader,
    /// The header of a loop made of itself alone.
    SelfLoop,
    Reducible,
    Irreducible,
}

impl LoopForest {
    pub fn compute(cfg: &Cfg) -> LoopForest {
        let dfs = Preorder::compute(cfg);
        let n = dfs.blocks.len();
        let num = |b: Block| dfs.number[b];

        // Split each block's predecessors into back-edge sources and the
        // others, as preorder numbers without duplicates.
        let mut back_preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut non_back_preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (w, &block) in dfs.blocks.iter().enumerate() {
            for v in cfg.pred_blocks(block).map(num) {
                let set = if dfs.is_ancestor(w as u32, v) {
                    &mut back_preds[w]
                } else {
                    &mut non_back_preds[w]
                };
                if !set.contains(&v) {
                    set.push(v);
                }
            }
        }

        let mut kind = vec![Kind::NonHeader; n];
        let mut header: Vec<Option<u32>> = vec![None; n];
        let mut sets = UnionFind::new(n);
        // `in_body[x] == w` marks x as collected into w's body.
        let mut in_body = vec![u32::MAX; n];
        for w in (0..n as u32).rev() {
            let mut body: Vec<u32> = Vec::new();
            for &v in &back_preds[w as usize] {
                if v == w {
                    kind[w as usize] = Kind::SelfLoop;
                    continue;
                }
                let x = sets.find(v);
                if in_body[x as usize] != w {
                    in_body[x as usize] = w;
                    body.push(x);
                }
            }
            if !body.is_empty() {
                kind[w as usize] = Kind::Reducible;
            }
            let mut worklist = body.clone();
            while let Some(x) = worklist.pop() {
                for i in 0..non_back_preds[x as usize].len() {
                    let y = sets.find(non_back_preds[x as usize][i]);
                    if !dfs.is_ancestor(w, y) {
                        // A second entry: hand the edge on to w.
                        kind[w as usize] = Kind::Irreducible;
                        if !non_back_preds[w as usize].contains(&y) {
                            non_back_preds[w as usize].push(y);
                        }
                    } else if y != w && in_body[y as usize] != w {
                        in_body[y as usize] = w;
                        body.push(y);
                        worklist.push(y);
                    }
                }
            }
            for x in body {
                header[x as usize] = Some(w);
                sets.union(x, w);
            }
        }

        // Loops in preorder of their headers, then the innermost loop of
        // every block, then each loop's blocks and edges.
        let mut forest = LoopForest::default();
        let mut loop_of: Vec<Option<Loop>> = vec![None; n];
        for w in 0..n {
            if kind[w] == Kind::NonHeader {
                continue;
            }
            let parent = header[w].map(|h| loop_of[h as usize].expect("outer headers come first"));
            let depth = parent.map_or(1, |p| forest.loops[p].depth + 1);
            let lp = forest.loops.push(LoopData {
                header: dfs.blocks[w],
                blocks: Vec::new(),
                latches: Vec::new(),
                back_edges: Vec::new(),
                exits: Vec::new(),
                entries: Vec::new(),
                parent,
                children: Vec::new(),
                depth,
                is_reducible: kind[w] != Kind::Irreducible,
            });
            if let Some(p) = parent {
                forest.loops[p].children.push(lp);
            }
            loop_of[w] = Some(lp);
        }
        for &block in cfg.reverse_postorder() {
            let w = num(block) as usize;
            let innermost = loop_of[w].or_else(|| header[w].and_then(|h| loop_of[h as usize]));
            forest.innermost[block] = innermost.into();
            let mut lp = innermost;
            while let Some(l) = lp {
                forest.loops[l].blocks.push(block);
                lp = forest.loops[l].parent;
            }
        }
        for lp in forest.loops.keys() {
            forest.describe_edges(cfg, lp);
        }
        forest
    }

    /// Fills in the latches, back edges, exits and entries of `lp`, whose
    /// blocks are known.
    fn describe_edges(&mut self, cfg: &Cfg, lp: Loop) {
        let header = self.loops[lp].header;
        let mut latches = Vec::new();
        let mut back_edges = Vec::new();
        let mut exits = Vec::new();
        let mut entries = Vec::new();
        for &block in &self.loops[lp].blocks {
            for &e in cfg.succs(block) {
                let to = cfg.edge(e).to;
                if to == header {
                    back_edges.push(e);
                    if latches.last() != Some(&block) {
                        latches.push(block);
                    }
                } else if !self.contains(lp, to) {
                    exits.push(e);
                }
            }
            if block == header || cfg.pred_blocks(block).any(|p| !self.contains(lp, p)) {
                entries.push(block);
            }
        }
        back_edges.sort();
        exits.sort();
        let data = &mut self.loops[lp];
        data.latches = latches;
        data.back_edges = back_edges;
        data.exits = exits;
        data.entries = entries;
    }

    /// All loops, outer loops before the loops they contain.
    pub fn loops(&self) -> impl ExactSizeIterator<Item = Loop> + '_ {
        self.loops.keys()
    }

    /// The reducible loops only: the natural loops of the CFG.
    pub fn natural_loops(&self) -> impl Iterator<Item = Loop> + '_ {
        self.loops.keys().filter(|&l| self.loops[l].is_reducible)
    }

    /// The outermost loops.
    pub fn roots(&self) -> impl Iterator<Item = Loop> + '_ {
        self.loops
            .keys()
            .filter(|&l| self.loops[l].parent.is_none())
    }

    pub fn num_loops(&self) -> usize {
        self.loops.len()
    }

    pub fn data(&self, lp: Loop) -> &LoopData {
        &self.loops[lp]
    }

    /// The innermost loop containing `block`, if any.
    pub fn innermost_loop(&self, block: Block) -> Option<Loop> {
        self.innermost[block].expand()
    }

    /// The number of loops containing `block`; 0 outside loops.
    pub fn loop_depth(&self, block: Block) -> u32 {
        self.innermost_loop(block)
            .map_or(0, |l| self.loops[l].depth)
    }

    /// The loop that `block` heads, if any.
    pub fn loop_headed_by(&self, block: Block) -> Option<Loop> {
        self.innermost_loop(block)
            .filter(|&l| self.loops[l].header == block)
    }

    /// True when `block` is in `lp` or in a loop nested in it.
    pub fn contains(&self, lp: Loop, block: Block) -> bool {
        let mut current = self.innermost_loop(block);
        while let Some(l) = current {
            if l == lp {
                return true;
            }
            current = self.loops[l].parent;
        }
        false
    }

    /// One line per loop, then one per block in a loop (in layout order)
    /// naming its innermost loop, for tests and dumps.
    pub fn render(&self, cfg: &Cfg) -> String {
        let mut out = String::new();
        for lp in self.loops() {
            let d = &self.loops[lp];
            let _ = write!(
                out,
                "{lp}: header {}, depth {}, {}",
                d.header,
                d.depth,
                if d.is_reducible {
                    "reducible"
                } else {
                    "irreducible"
                }
            );
            if let Some(p) = d.parent {
                let _ = write!(out, ", parent {p}");
            }
            let _ = writeln!(
                out,
                ", blocks [{}], latches [{}], back edges [{}], exits [{}], entries [{}]",
                list(&d.blocks),
                list(&d.latches),
                list(&d.back_edges),
                list(&d.exits),
                list(&d.entries)
            );
        }
        if self.loops.is_empty() {
            out.push_str("no loops\n");
        }
        for &b in cfg.blocks() {
            if let Some(lp) = self.innermost_loop(b) {
                let _ = writeln!(out, "{b}: innermost {lp}, depth {}", self.loops[lp].depth);
            }
        }
        out
    }
}

impl std::ops::Index<Loop> for LoopForest {
    type Output = LoopData;
    fn index(&self, lp: Loop) -> &LoopData {
        &self.loops[lp]
    }
}

/// A depth-first preorder numbering of the reachable blocks, successors in
/// slot order, with each subtree's extent for ancestor queries.
struct Preorder {
    blocks: Vec<Block>,
    number: SecondaryMap<Block, u32>,
    /// The largest preorder number in each block's depth-first subtree.
    last: Vec<u32>,
}

impl Preorder {
    fn compute(cfg: &Cfg) -> Preorder {
        let mut dfs = Preorder {
            blocks: Vec::new(),
            number: SecondaryMap::with_default(u32::MAX),
            last: Vec::new(),
        };
        let Some(entry) = cfg.entry() else { return dfs };
        dfs.visit(entry);
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        while let Some(&mut (block, ref mut next)) = stack.last_mut() {
            if let Some(&e) = cfg.succs(block).get(*next) {
                *next += 1;
                let succ = cfg.edge(e).to;
                if dfs.number[succ] == u32::MAX {
                    dfs.visit(succ);
                    stack.push((succ, 0));
                }
            } else {
                dfs.last[dfs.number[block] as usize] = dfs.blocks.len() as u32 - 1;
                stack.pop();
            }
        }
        dfs
    }

    fn visit(&mut self, block: Block) {
        self.number[block] = self.blocks.len() as u32;
        self.blocks.push(block);
        self.last.push(u32::MAX);
    }

    /// True when the block numbered `w` is a depth-first ancestor of (or
    /// is) the block numbered `v`.
    fn is_ancestor(&self, w: u32, v: u32) -> bool {
        w <= v && v <= self.last[w as usize]
    }
}

/// Disjoint sets of preorder numbers with path halving. `union(x, w)`
/// makes w the representative, as Havlak's algorithm needs: the
/// representative of a collapsed loop is its header.
struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
        }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grandparent = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grandparent;
            x = grandparent;
        }
        x
    }

    fn union(&mut self, x: u32, w: u32) {
        self.parent[x as usize] = w;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::tests::{b, graph, random_graph};
    use crate::analysis::dominators::DominatorTree;

    fn forest(succs: &[&[u32]]) -> (Cfg, LoopForest) {
        let f = graph(succs);
        let cfg = Cfg::compute(&f);
        let forest = LoopForest::compute(&cfg);
        (cfg, forest)
    }

    fn e(i: u32) -> Edge {
        Edge::from_u32(i)
    }

    #[test]
    fn nested_loops() {
        // 0 -> 1; 1 -> 2, 5; 2 -> 3; 3 -> 3, 4; 4 -> 1; 5 returns.
        let (_, lf) = forest(&[&[1], &[2, 5], &[3], &[3, 4], &[1], &[]]);
        assert_eq!(lf.num_loops(), 2);
        let outer = &lf[Loop::from_u32(0)];
        assert_eq!(outer.header, b(1));
        assert_eq!(outer.blocks, vec![b(1), b(2), b(3), b(4)]);
        assert_eq!(outer.latches, vec![b(4)]);
        assert_eq!(outer.exits, vec![e(2)]);
        assert_eq!(outer.entries, vec![b(1)]);
        assert!(outer.is_reducible);
        let inner = &lf[Loop::from_u32(1)];
        assert_eq!(
            (inner.header, inner.depth, inner.parent),
            (b(3), 2, Some(Loop::from_u32(0)))
        );
        assert_eq!(inner.blocks, vec![b(3)]);
        assert_eq!(inner.exits, vec![e(5)]);
        assert_eq!(lf.innermost_loop(b(2)), Some(Loop::from_u32(0)));
        assert_eq!(lf.innermost_loop(b(3)), Some(Loop::from_u32(1)));
        assert_eq!(lf.innermost_loop(b(5)), None);
        assert_eq!(lf.loop_depth(b(3)), 2);
    }

    #[test]
    fn two_entries_make_an_irreducible_loop() {
        // 0 -> 1, 2; 1 -> 2; 2 -> 1, 3; 3 returns.
        let (_, lf) = forest(&[&[1, 2], &[2], &[1, 3], &[]]);
        assert_eq!(lf.num_loops(), 1);
        let lp = &lf[Loop::from_u32(0)];
        assert!(!lp.is_reducible);
        assert_eq!(lp.header, b(1));
        assert_eq!(lp.entries, vec![b(1), b(2)]);
        assert_eq!(lf.natural_loops().count(), 0);
    }

    #[test]
    fn irreducible_region_inside_a_natural_loop() {
        // 0 -> 1; 1 -> 2, 3; 2 -> 3; 3 -> 2, 4; 4 -> 1, 5; 5 returns.
        let (_, lf) = forest(&[&[1], &[2, 3], &[3], &[2, 4], &[1, 5], &[]]);
        assert_eq!(lf.num_loops(), 2);
        let outer = &lf[Loop::from_u32(0)];
        assert!(outer.is_reducible);
        assert_eq!(outer.blocks.len(), 4);
        let inner = &lf[Loop::from_u32(1)];
        assert!(!inner.is_reducible);
        assert_eq!(inner.parent, Some(Loop::from_u32(0)));
        assert_eq!(inner.blocks, vec![b(2), b(3)]);
    }

    /// On random graphs, a loop is reducible exactly when its header
    /// dominates all its blocks, and then its blocks are the union of the
    /// natural loops of its back edges: the blocks that reach a latch
    /// without passing the header.
    #[test]
    fn reducible_loops_are_natural_loops() {
        for seed in 0..300 {
            let succs = random_graph(seed, 2 + (seed % 12) as u32);
            let refs: Vec<&[u32]> = succs.iter().map(|s| s.as_slice()).collect();
            let (cfg, lf) = forest(&refs);
            let dt = DominatorTree::compute(&cfg);
            for lp in lf.loops() {
                let d = &lf[lp];
                let dominated = d.blocks.iter().all(|&x| dt.dominates(d.header, x));
                assert_eq!(d.is_reducible, dominated, "seed {seed} {lp}");
                assert_eq!(d.is_reducible, d.entries == [d.header], "seed {seed} {lp}");
                if !d.is_reducible {
                    continue;
                }
                let mut natural = vec![d.header];
                let mut stack = d.latches.clone();
                while let Some(x) = stack.pop() {
                    if !natural.contains(&x) {
                        natural.push(x);
                        stack.extend(cfg.pred_blocks(x));
                    }
                }
                natural.sort();
                let mut blocks = d.blocks.clone();
                blocks.sort();
                assert_eq!(blocks, natural, "seed {seed} {lp}");
            }
            // Every cycle is inside some loop: each edge whose target
            // dominates its source is the back edge of a loop.
            for edge in cfg.edges() {
                let ed = cfg.edge(edge);
                if dt.dominates(ed.to, ed.from) {
                    let lp = lf
                        .loop_headed_by(ed.to)
                        .expect("back edge target heads a loop");
                    assert!(lf[lp].back_edges.contains(&edge), "seed {seed} {edge}");
                }
            }
        }
    }
}
