//! The flow graph on which counters are placed and counts reconstructed:
//! the CFG made strongly connected by an EXIT vertex, as in Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §2 (the edge
//! EXIT → root) and §3.2 (early termination).
//!
//! Execution counts obey Kirchhoff's law on this graph: at every vertex
//! the flow in equals the flow out. To make that hold exactly even when
//! the program calls `exit()` deep inside nested calls, a block is cut
//! after each call that may not return (see `FunctionShape::call_sites`)
//! into *segments*: segment `j` of a block runs up to and including its
//! `j`-th such call, and the last segment ends with the terminator. The
//! vertices are every block's segments, then EXIT. The edges, in this
//! order, are
//!
//! 1. the CFG edges, from the last segment of their source block to the
//!    first segment of their target, in CFG edge order;
//! 2. a *return* edge from the last segment of every returning block to
//!    EXIT, in block order;
//! 3. for every call site, a *continuation* edge from its segment to the
//!    next (the call returned) and an *early-exit* edge from its segment to
//!    EXIT (the call never returned: the program ended inside it, or
//!    `longjmp` skipped the frame). This is §3.2's edge `v → EXIT`, one per
//!    call site rather than per block;
//!    A call of `setjmp` (`CallExit::ReturnsTwice`) cuts its block too,
//!    but its two edges are the continuation (the call returned 0: it was
//!    called) and a *re-entry* edge EXIT → the next segment (it returned
//!    again because a `longjmp` landed). The frame that the `longjmp` left
//!    lies below a call of this function that did not return, so every
//!    re-entry is matched by an early exit, and flow is conserved at EXIT
//!    too: each `longjmp` that lands here leaves through an early-exit
//!    edge and comes back through the re-entry edge;
//! 4. the *entry* edge EXIT → entry, whose count is the number of calls of
//!    the function.
//!
//! Both edges after a `setjmp` are countable where they happen, because
//! `setjmp` returns 0 exactly when it was called: an increment of
//! `result == 0` after the call counts the continuation, and one of
//! `result != 0` counts the re-entries (`instrument::placement`).
//!
//! An early exit cannot be counted where it happens (the frame never runs
//! again), so it is never a counter: the planner keeps every early-exit
//! edge in the spanning tree, and reconstruction derives its count by flow
//! conservation. The continuation of a call that never returns is known to
//! be 0 and needs no counter either.

use super::shape::{CallExit, FunctionShape};

/// What a flow-graph edge stands for. The numbers index the shape's
/// edges, blocks and call sites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FlowEdgeKind {
    /// CFG edge `i`.
    Cfg(u32),
    /// The `return` of block `b`.
    Return(u32),
    /// Call site `i` returned.
    Continuation(u32),
    /// Call site `i` did not return.
    EarlyExit(u32),
    /// Call site `i`, a `setjmp`, returned again: EXIT → the segment after
    /// the call.
    ReEntry(u32),
    /// The function was called: EXIT → entry.
    Entry,
}

/// How a flow edge's count becomes known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// A counter can count it.
    Countable,
    /// It cannot be counted and must be derived (an early exit).
    Derived,
    /// It is always 0 (the continuation of a call that never returns).
    KnownZero,
}

/// A flow-graph edge between two vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlowEdge {
    pub from: u32,
    pub to: u32,
    pub kind: FlowEdgeKind,
}

/// A place of the flow graph: a block segment or EXIT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertex {
    /// Segment `segment` of block `block`.
    Segment { block: u32, segment: u32 },
    Exit,
}

/// The flow graph of a [`FunctionShape`].
#[derive(Clone, Debug)]
pub struct FlowGraph {
    edges: Vec<FlowEdge>,
    measure: Vec<Measure>,
    /// The first segment vertex of each block, plus one entry past the
    /// last block: block `b`'s segments are `first[b]..first[b + 1]`.
    first: Vec<u32>,
    preds: Vec<Vec<u32>>,
    succs: Vec<Vec<u32>>,
    num_cfg_edges: u32,
    returns: Vec<u32>,
    num_call_sites: u32,
}

impl FlowGraph {
    /// The flow graph of a valid shape (see [`FunctionShape::validate`]).
    pub fn new(shape: &FunctionShape) -> FlowGraph {
        let n = shape.num_blocks() as usize;
        let mut segments = vec![1u32; n];
        for site in &shape.call_sites {
            segments[site.block as usize] += 1;
        }
        let mut first = Vec::with_capacity(n + 1);
        let mut next = 0;
        for &count in &segments {
            first.push(next);
            next += count;
        }
        first.push(next);
        let exit = next;
        let last = |b: u32| first[b as usize + 1] - 1;

        let mut edges = Vec::new();
        let mut measure = Vec::new();
        let mut push = |from, to, kind, m| {
            edges.push(FlowEdge { from, to, kind });
            measure.push(m);
        };
        for (i, &(from, to)) in shape.edges.iter().enumerate() {
            push(last(from), first[to as usize], FlowEdgeKind::Cfg(i as u32), Measure::Countable);
        }
        for &b in &shape.returns {
            push(last(b), exit, FlowEdgeKind::Return(b), Measure::Countable);
        }
        let mut segment_of_site = first.clone();
        for (i, site) in shape.call_sites.iter().enumerate() {
            let vertex = segment_of_site[site.block as usize];
            segment_of_site[site.block as usize] += 1;
            let i = i as u32;
            match site.exit {
                CallExit::MayNotReturn | CallExit::NeverReturns => {
                    let continuation =
                        if site.exit == CallExit::MayNotReturn { Measure::Countable } else { Measure::KnownZero };
                    push(vertex, vertex + 1, FlowEdgeKind::Continuation(i), continuation);
                    push(vertex, exit, FlowEdgeKind::EarlyExit(i), Measure::Derived);
                }
                CallExit::ReturnsTwice => {
                    push(vertex, vertex + 1, FlowEdgeKind::Continuation(i), Measure::Countable);
                    push(exit, vertex + 1, FlowEdgeKind::ReEntry(i), Measure::Countable);
                }
            }
        }
        push(exit, first[0], FlowEdgeKind::Entry, Measure::Countable);

        let num_vertices = exit as usize + 1;
        let mut preds = vec![Vec::new(); num_vertices];
        let mut succs = vec![Vec::new(); num_vertices];
        for (i, e) in edges.iter().enumerate() {
            succs[e.from as usize].push(i as u32);
            preds[e.to as usize].push(i as u32);
        }
        FlowGraph {
            edges,
            measure,
            first,
            preds,
            succs,
            num_cfg_edges: shape.edges.len() as u32,
            returns: shape.returns.clone(),
            num_call_sites: shape.call_sites.len() as u32,
        }
    }

    /// All edges, in flow-edge order.
    pub fn edges(&self) -> &[FlowEdge] {
        &self.edges
    }

    pub fn edge(&self, e: u32) -> &FlowEdge {
        &self.edges[e as usize]
    }

    pub fn measure(&self, e: u32) -> Measure {
        self.measure[e as usize]
    }

    pub fn num_vertices(&self) -> u32 {
        self.preds.len() as u32
    }

    pub fn exit(&self) -> u32 {
        self.num_vertices() - 1
    }

    /// The edges into vertex `v`.
    pub fn preds(&self, v: u32) -> &[u32] {
        &self.preds[v as usize]
    }

    /// The edges out of vertex `v`.
    pub fn succs(&self, v: u32) -> &[u32] {
        &self.succs[v as usize]
    }

    /// The first segment of block `b`, where control enters it.
    pub fn block_entry(&self, b: u32) -> u32 {
        self.first[b as usize]
    }

    /// The last segment of block `b`, which holds its terminator.
    pub fn block_exit(&self, b: u32) -> u32 {
        self.first[b as usize + 1] - 1
    }

    /// What vertex `v` is.
    pub fn vertex(&self, v: u32) -> Vertex {
        if v == self.exit() {
            return Vertex::Exit;
        }
        let block = self.first.partition_point(|&f| f <= v) - 1;
        Vertex::Segment { block: block as u32, segment: v - self.first[block] }
    }

    /// The edge that stands for `kind`, if the shape has it.
    pub fn edge_of(&self, kind: FlowEdgeKind) -> Option<u32> {
        let returns = self.num_cfg_edges;
        let sites = returns + self.returns.len() as u32;
        let index = match kind {
            FlowEdgeKind::Cfg(i) => (i < self.num_cfg_edges).then_some(i),
            FlowEdgeKind::Return(b) => self.returns.binary_search(&b).ok().map(|k| returns + k as u32),
            FlowEdgeKind::Continuation(i) => (i < self.num_call_sites).then_some(sites + 2 * i),
            FlowEdgeKind::EarlyExit(i) | FlowEdgeKind::ReEntry(i) => (i < self.num_call_sites).then_some(sites + 2 * i + 1),
            FlowEdgeKind::Entry => Some(sites + 2 * self.num_call_sites),
        }?;
        // A call site has an early-exit edge or a re-entry edge, not both.
        (self.edges[index as usize].kind == kind).then_some(index)
    }

    /// Whether call site `i` is a `setjmp`, whose second edge is a
    /// re-entry rather than an early exit.
    pub fn returns_twice(&self, i: u32) -> bool {
        self.edge_of(FlowEdgeKind::ReEntry(i)).is_some()
    }

    /// How vertex `v` reads in messages: `block3`, `block3 (after call 1)`
    /// or `EXIT`.
    pub fn describe(&self, v: u32) -> String {
        match self.vertex(v) {
            Vertex::Exit => "EXIT".into(),
            Vertex::Segment { block, segment: 0 } => format!("block{block}"),
            Vertex::Segment { block, segment } => format!("block{block} (after its call {})", segment - 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::shape::CallSite;

    #[test]
    fn segments_and_virtual_edges() {
        // block0 -> block1, block2; block1 calls twice, then returns;
        // block2 returns.
        let site = |inst, exit| CallSite { block: 1, inst, exit, callee: "f".into() };
        let shape = FunctionShape {
            block_lines: vec![0; 3],
            edges: vec![(0, 1), (0, 2)],
            returns: vec![1, 2],
            call_sites: vec![site(0, CallExit::MayNotReturn), site(3, CallExit::NeverReturns)],
        };
        shape.validate().unwrap();
        let g = FlowGraph::new(&shape);
        // Vertices: block0, block1 x3, block2, EXIT.
        assert_eq!(g.num_vertices(), 6);
        assert_eq!((g.block_entry(1), g.block_exit(1)), (1, 3));
        assert_eq!(g.vertex(2), Vertex::Segment { block: 1, segment: 1 });
        assert_eq!(g.vertex(4), Vertex::Segment { block: 2, segment: 0 });
        let kinds: Vec<_> = g.edges().iter().map(|e| (e.from, e.to, e.kind)).collect();
        use FlowEdgeKind::*;
        assert_eq!(
            kinds,
            vec![
                (0, 1, Cfg(0)),
                (0, 4, Cfg(1)),
                (3, 5, Return(1)),
                (4, 5, Return(2)),
                (1, 2, Continuation(0)),
                (1, 5, EarlyExit(0)),
                (2, 3, Continuation(1)),
                (2, 5, EarlyExit(1)),
                (5, 0, Entry),
            ]
        );
        for (i, e) in g.edges().iter().enumerate() {
            assert_eq!(g.edge_of(e.kind), Some(i as u32));
        }
        assert_eq!(g.measure(6), Measure::KnownZero);
        assert_eq!(g.measure(5), Measure::Derived);
        assert_eq!(g.describe(2), "block1 (after its call 0)");
    }

    #[test]
    fn setjmp_has_a_re_entry_edge_instead_of_an_early_exit() {
        // block0 calls setjmp, then a function that may longjmp, and
        // returns.
        let site = |inst, exit, callee: &str| CallSite { block: 0, inst, exit, callee: callee.into() };
        let shape = FunctionShape {
            block_lines: vec![0],
            edges: vec![],
            returns: vec![0],
            call_sites: vec![site(1, CallExit::ReturnsTwice, "_setjmp"), site(4, CallExit::MayNotReturn, "work")],
        };
        shape.validate().unwrap();
        let g = FlowGraph::new(&shape);
        use FlowEdgeKind::*;
        let kinds: Vec<_> = g.edges().iter().map(|e| (e.from, e.to, e.kind)).collect();
        assert_eq!(
            kinds,
            vec![(2, 3, Return(0)), (0, 1, Continuation(0)), (3, 1, ReEntry(0)), (1, 2, Continuation(1)), (1, 3, EarlyExit(1)), (3, 0, Entry)]
        );
        assert!(g.returns_twice(0) && !g.returns_twice(1));
        assert_eq!(g.edge_of(EarlyExit(0)), None);
        assert_eq!(g.edge_of(ReEntry(1)), None);
        assert_eq!(g.measure(g.edge_of(ReEntry(0)).unwrap()), Measure::Countable);
        // One longjmp back to the setjmp: flow is conserved at every vertex.
        let flow = [1u64, 1, 1, 1, 1, 1];
        for v in 0..g.num_vertices() {
            let inflow: u64 = g.preds(v).iter().map(|&e| flow[e as usize]).sum();
            let outflow: u64 = g.succs(v).iter().map(|&e| flow[e as usize]).sum();
            assert_eq!(inflow, outflow, "at {}", g.describe(v));
        }
    }
}
