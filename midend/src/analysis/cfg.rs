//! The control-flow graph with first-class edges.
//!
//! An edge is one successor slot of one terminator, so that two edges
//! joining the same pair of blocks (a `switch` with two cases branching to
//! one block, or a `brif` whose arms agree) stay distinct. Edges are
//! numbered in layout order of their source blocks, then by successor slot;
//! every strategy that numbers edges (instrumentation, reconstruction,
//! profile use) therefore agrees on the numbering.
//!
//! Only blocks that are in the layout and reachable from the entry block
//! take part: an unreachable block has no edges, not even outgoing ones,
//! and appears in no order. The orders come from one depth-first search
//! from the entry that visits successors in slot order.
//!
//! The module also holds the phi view ([`Cfg::incoming`]), the CFG checksum
//! that profiles store to detect staleness ([`cfg_checksum`]), and the edge
//! splitting helper that instrumentation uses ([`split_edge`]).

use crate::ir::{Block, BlockCall, Edge, Function, Inst, InstData, Value};
use cranelift_entity::{packed_option::PackedOption, EntitySet, PrimaryMap, SecondaryMap};
use std::fmt::Write;

/// One CFG edge: successor slot `slot` of terminator `branch`, which ends
/// block `from` and targets block `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EdgeData {
    pub from: Block,
    pub to: Block,
    pub branch: Inst,
    pub slot: u32,
}

/// The CFG of the reachable part of a function.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    edges: PrimaryMap<Edge, EdgeData>,
    preds: SecondaryMap<Block, Vec<Edge>>,
    succs: SecondaryMap<Block, Vec<Edge>>,
    /// The edge of successor slot 0 of each terminator; the edge of slot
    /// `s` is `s` further on, because a terminator's edges are consecutive.
    first_edge: SecondaryMap<Inst, PackedOption<Edge>>,
    /// Reachable blocks in layout order.
    blocks: Vec<Block>,
    postorder: Vec<Block>,
    reverse_postorder: Vec<Block>,
    /// Position of each reachable block in `reverse_postorder`, and
    /// `u32::MAX` for the others.
    rpo_number: SecondaryMap<Block, u32>,
    reachable: EntitySet<Block>,
}

impl Cfg {
    /// Computes the CFG of `func`. A branch to a block outside the layout
    /// is a verifier error; such a target gets an incoming edge but is not
    /// searched further.
    pub fn compute(func: &Function) -> Cfg {
        let mut cfg = Cfg {
            rpo_number: SecondaryMap::with_default(u32::MAX),
            ..Cfg::default()
        };
        let Some(entry) = func.entry() else {
            return cfg;
        };
        let mut in_layout = EntitySet::with_capacity(func.blocks.len());
        for &b in &func.layout {
            in_layout.insert(b);
        }

        // Depth-first search from the entry, successors in slot order. Each
        // stack entry is a block, its successors and how many of them the
        // search has taken.
        let successors = |b: Block| {
            if in_layout.contains(b) {
                func.successors(b)
            } else {
                Vec::new()
            }
        };
        let mut stack: Vec<(Block, Vec<Block>, usize)> = vec![(entry, successors(entry), 0)];
        cfg.reachable.insert(entry);
        while let Some((block, succs, next)) = stack.last_mut() {
            if let Some(&succ) = succs.get(*next) {
                *next += 1;
                if cfg.reachable.insert(succ) {
                    stack.push((succ, successors(succ), 0));
                }
            } else {
                let block = *block;
                cfg.postorder.push(block);
                stack.pop();
            }
        }
        cfg.reverse_postorder = cfg.postorder.iter().rev().copied().collect();
        for (i, &b) in cfg.reverse_postorder.iter().enumerate() {
            cfg.rpo_number[b] = i as u32;
        }

        for &block in &func.layout {
            if !cfg.reachable.contains(block) {
                continue;
            }
            cfg.blocks.push(block);
            let Some(branch) = func.terminator(block) else {
                continue;
            };
            for (slot, call) in func.insts[branch].successors().into_iter().enumerate() {
                let edge = cfg.edges.push(EdgeData {
                    from: block,
                    to: call.block,
                    branch,
                    slot: slot as u32,
                });
                if slot == 0 {
                    cfg.first_edge[branch] = edge.into();
                }
                cfg.succs[block].push(edge);
                cfg.preds[call.block].push(edge);
            }
        }
        cfg
    }

    /// All edges, in edge order.
    pub fn edges(&self) -> impl ExactSizeIterator<Item = Edge> + '_ {
        self.edges.keys()
    }

    pub fn num_edges(&self) -> usize {
        self.edges.len()
    }

    /// The endpoints and branch slot of an edge.
    pub fn edge(&self, edge: Edge) -> &EdgeData {
        &self.edges[edge]
    }

    /// The edge of successor slot `slot` of terminator `branch`, if that
    /// terminator ends a reachable block.
    pub fn edge_at(&self, branch: Inst, slot: u32) -> Option<Edge> {
        let first = self.first_edge[branch].expand()?;
        let edge = Edge::from_u32(first.as_u32() + slot);
        let data = self.edges.get(edge)?;
        (data.branch == branch && data.slot == slot).then_some(edge)
    }

    /// Incoming edges of `block`, in edge order.
    pub fn preds(&self, block: Block) -> &[Edge] {
        &self.preds[block]
    }

    /// Outgoing edges of `block`, in slot order.
    pub fn succs(&self, block: Block) -> &[Edge] {
        &self.succs[block]
    }

    /// Source blocks of the incoming edges, one per edge (so a block may
    /// repeat).
    pub fn pred_blocks(&self, block: Block) -> impl Iterator<Item = Block> + '_ {
        self.preds[block].iter().map(|&e| self.edges[e].from)
    }

    /// Target blocks of the outgoing edges, one per edge.
    pub fn succ_blocks(&self, block: Block) -> impl Iterator<Item = Block> + '_ {
        self.succs[block].iter().map(|&e| self.edges[e].to)
    }

    /// Reachable blocks in layout order; the first is the entry.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    /// The entry block, unless the function has no body.
    pub fn entry(&self) -> Option<Block> {
        self.reverse_postorder.first().copied()
    }

    /// Reachable blocks in postorder of the depth-first search.
    pub fn postorder(&self) -> &[Block] {
        &self.postorder
    }

    /// Reachable blocks in reverse postorder: the entry first, and every
    /// block before its successors except along back edges.
    pub fn reverse_postorder(&self) -> &[Block] {
        &self.reverse_postorder
    }

    /// The position of a reachable block in [`Cfg::reverse_postorder`].
    pub fn rpo_number(&self, block: Block) -> Option<u32> {
        let n = self.rpo_number[block];
        (n != u32::MAX).then_some(n)
    }

    /// True when `block` is in the layout and reachable from the entry.
    pub fn reachable(&self, block: Block) -> bool {
        self.reachable.contains(block)
    }

    /// The blocks of `func`'s layout that the entry cannot reach, in
    /// layout order.
    pub fn unreachable_in_layout(&self, func: &Function) -> Vec<Block> {
        func.layout.iter().copied().filter(|&b| !self.reachable(b)).collect()
    }

    /// The branch target (block and arguments) that an edge stands for.
    pub fn block_call<'f>(&self, func: &'f Function, edge: Edge) -> &'f BlockCall {
        let e = &self.edges[edge];
        func.successor_slot(e.branch, e.slot as usize)
    }

    /// The phi view: the value passed for parameter `n` of `block` on each
    /// incoming edge, in edge order. This is the list of incoming values of
    /// the papers' n-th φ-function at `block`.
    pub fn incoming(&self, func: &Function, block: Block, n: usize) -> Vec<(Edge, Value)> {
        self.preds[block]
            .iter()
            .map(|&e| (e, self.block_call(func, e).args[n]))
            .collect()
    }

    /// A listing of the edges, per-block neighbours and orders, for tests
    /// and `--dump` output.
    pub fn render(&self, func: &Function) -> String {
        let mut out = String::new();
        for edge in self.edges() {
            let e = &self.edges[edge];
            let _ = writeln!(
                out,
                "{edge}: {} -> {} ({} slot {})",
                e.from, e.to, e.branch, e.slot
            );
        }
        for &block in &self.blocks {
            let _ = writeln!(
                out,
                "{block}: preds [{}] succs [{}]",
                list(self.preds(block)),
                list(self.succs(block))
            );
        }
        let _ = writeln!(out, "rpo: {}", list(&self.reverse_postorder));
        let _ = writeln!(out, "checksum: {:#018x}", cfg_checksum_of(self));
        let unreachable = self.unreachable_in_layout(func);
        if !unreachable.is_empty() {
            let _ = writeln!(out, "unreachable: {}", list(&unreachable));
        }
        out
    }
}

/// Joins displayable items with commas.
pub(crate) fn list<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The 64-bit FNV-1a hash of the CFG's shape, which profiles store so
/// that profile use can detect that a function changed since it was
/// profiled.
///
/// It covers exactly, in this order, each as a little-endian `u32`: the
/// number of reachable blocks; the number of edges; then for every edge in
/// edge order the position of its source block among the reachable blocks
/// in layout order, the position of its target block likewise, and its
/// successor slot. Positions rather than block numbers are hashed, so that
/// renumbering blocks (as a print/parse round trip may) leaves the checksum
/// unchanged, while reordering the layout changes it because it changes
/// the edge numbering that counters are indexed by.
///
/// It does not cover unreachable blocks, instructions other than the
/// terminators' targets, `switch` case values, block parameters and branch
/// arguments, stack slots, or the function's name and signature.
pub fn cfg_checksum(func: &Function) -> u64 {
    cfg_checksum_of(&Cfg::compute(func))
}

/// [`cfg_checksum`] of an already computed CFG.
pub fn cfg_checksum_of(cfg: &Cfg) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET_BASIS;
    let mut feed = |word: u32| {
        for byte in word.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    };
    let mut position: SecondaryMap<Block, u32> = SecondaryMap::new();
    for (i, &b) in cfg.blocks.iter().enumerate() {
        position[b] = i as u32;
    }
    feed(cfg.blocks.len() as u32);
    feed(cfg.edges.len() as u32);
    for e in cfg.edges.values() {
        feed(position[e.from]);
        // A target outside the layout (a verifier error) has no position.
        feed(if cfg.reachable(e.to) {
            position[e.to]
        } else {
            u32::MAX
        });
        feed(e.slot);
    }
    hash
}

/// Splits `edge` by inserting a new block on it, placed right after the
/// edge's source block in the layout, and returns the new block.
///
/// The new block has no parameters. The branch now targets it with no
/// arguments, and it ends in a `jump` to the old target that carries the
/// branch's former arguments, so the old target's incoming values are
/// unchanged. `cfg` is then stale, but the `branch` and `slot` of every
/// other edge still hold, so several edges of one `cfg` may be split in a
/// row as long as none is split twice.
pub fn split_edge(func: &mut Function, cfg: &Cfg, edge: Edge) -> Block {
    let EdgeData {
        from, branch, slot, ..
    } = *cfg.edge(edge);
    let new_block = func.create_block();
    // `create_block` appended the block; move it after the source block.
    func.layout.pop();
    let at = func
        .layout
        .iter()
        .position(|&b| b == from)
        .map_or(func.layout.len(), |i| i + 1);
    func.layout.insert(at, new_block);

    let call = func.successor_slot_mut(branch, slot as usize);
    let dest = std::mem::replace(call, BlockCall::new(new_block, Vec::new()));
    func.append_inst(new_block, InstData::Jump { dest }, None);
    new_block
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Linkage, Signature, Type};

    /// block0(v0): switch v0, block1, [1: block2(v0), 2: block2(v0)]
    /// block1: jump block2(v0);  block2(v1): return v1;  block3: jump block1
    fn switch_function() -> Function {
        let sig = Signature::scalars(vec![Type::I32], Some(Type::I32), false);
        let mut f = Function::new("f", sig, Linkage::Export);
        let b0 = f.create_block();
        let b1 = f.create_block();
        let b2 = f.create_block();
        let b3 = f.create_block();
        let v0 = f.append_block_param(b0, Type::I32);
        let v1 = f.append_block_param(b2, Type::I32);
        f.append_inst(
            b0,
            InstData::Switch {
                arg: v0,
                default: BlockCall::new(b1, vec![]),
                cases: vec![
                    (1, BlockCall::new(b2, vec![v0])),
                    (2, BlockCall::new(b2, vec![v0])),
                ],
            },
            None,
        );
        f.append_inst(
            b1,
            InstData::Jump {
                dest: BlockCall::new(b2, vec![v0]),
            },
            None,
        );
        f.append_inst(b2, InstData::Return { value: Some(v1) }, None);
        f.append_inst(
            b3,
            InstData::Jump {
                dest: BlockCall::new(b1, vec![]),
            },
            None,
        );
        f
    }

    #[test]
    fn parallel_edges_stay_distinct() {
        let f = switch_function();
        let cfg = Cfg::compute(&f);
        let b = |i| Block::from_u32(i);
        assert_eq!(cfg.num_edges(), 4);
        assert_eq!(cfg.num_blocks(), 3);
        assert_eq!(cfg.preds(b(2)).len(), 3);
        let e1 = cfg.edge(Edge::from_u32(1));
        let e2 = cfg.edge(Edge::from_u32(2));
        assert_eq!((e1.from, e1.to, e1.slot), (b(0), b(2), 1));
        assert_eq!((e2.from, e2.to, e2.slot), (b(0), b(2), 2));
        assert_eq!(cfg.edge_at(e2.branch, 2), Some(Edge::from_u32(2)));
        assert_eq!(cfg.edge_at(e2.branch, 3), None);
        assert!(!cfg.reachable(b(3)));
        assert!(cfg.preds(b(1)).iter().all(|&e| cfg.edge(e).from != b(3)));
        assert_eq!(cfg.reverse_postorder(), &[b(0), b(1), b(2)]);
        assert_eq!(cfg.postorder(), &[b(2), b(1), b(0)]);
        let incoming = cfg.incoming(&f, b(2), 0);
        assert_eq!(incoming.len(), 3);
        assert!(incoming.iter().all(|&(_, v)| v == Value::from_u32(0)));
    }

    #[test]
    fn checksum_ignores_numbering_and_sees_shape() {
        let f = switch_function();
        let sum = cfg_checksum(&f);
        assert_eq!(sum, cfg_checksum(&f.clone()));

        // Unreachable code does not count.
        let mut g = f.clone();
        g.retain_blocks(|b| b != Block::from_u32(3));
        assert_eq!(sum, cfg_checksum(&g));

        // Retargeting one switch case changes the shape.
        let mut h = f.clone();
        let branch = h.terminator(Block::from_u32(0)).unwrap();
        h.successor_slot_mut(branch, 2).block = Block::from_u32(1);
        h.successor_slot_mut(branch, 2).args.clear();
        assert_ne!(sum, cfg_checksum(&h));
    }

    #[test]
    fn split_edge_moves_arguments() {
        let mut f = switch_function();
        let cfg = Cfg::compute(&f);
        let (e1, e2) = (Edge::from_u32(1), Edge::from_u32(2));
        let n1 = split_edge(&mut f, &cfg, e1);
        let n2 = split_edge(&mut f, &cfg, e2);
        let b = |i| Block::from_u32(i);
        assert_eq!(f.layout, vec![b(0), n2, n1, b(1), b(2), b(3)]);
        let after = Cfg::compute(&f);
        assert_eq!(after.num_edges(), 6);
        assert_eq!(f.successors(b(0)), vec![b(1), n1, n2]);
        for n in [n1, n2] {
            assert!(f.blocks[n].params.is_empty());
            assert!(after.block_call(&f, after.preds(n)[0]).args.is_empty());
            let jump = after.succs(n)[0];
            assert_eq!(after.edge(jump).to, b(2));
            assert_eq!(after.block_call(&f, jump).args, vec![Value::from_u32(0)]);
        }
    }
}
