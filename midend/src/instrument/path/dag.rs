//! The acyclic graph whose ENTRY → EXIT paths a path profile counts (Ball &
//! Larus, "Efficient Path Profiling", MICRO 1996, §3.1; restated in
//! `../shared/notes/efficient-path-profiling.md`, "Acyclic paths").
//!
//! It is built on the flow graph (`profile/flow_graph.rs`), so blocks are
//! already cut after every call that may not return and every such call
//! has an early-exit edge to EXIT: a path open when the program ends inside
//! a call is the path that ends with that call's early-exit edge (Preuss,
//! "Implementation of Path Profiling in LLVM", §3.4). The edge EXIT → entry
//! is left out, and so are the continuations of calls that never return
//! (they never run). A `setjmp`'s re-entry edge EXIT → `v` becomes the
//! edge ENTRY → `v`: a path starts where a `longjmp` lands, as it starts
//! at a loop header after a cut back edge.
//!
//! A depth-first search from the entry, following edges in flow-edge order,
//! finds the back edges; vertices it does not reach (code after `exit()`)
//! are searched afterwards, so that the result is acyclic everywhere. Each
//! back edge `u → h` is *cut*: it leaves the graph and a pair of dummy
//! edges takes its place, `ENTRY → h` (a path may start at the header) and
//! `u → EXIT` (a path may end at the latch). Numbering may cut more edges
//! the same way to keep path numbers within 64 bits (see `numbering.rs`).
//!
//! Everything here is a pure function of the function's shape, so a tool
//! holding only the profile's descriptor rebuilds the same graph.

use crate::profile::{FlowEdgeKind, FlowGraph, Measure};

/// Why an edge was cut out of the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutReason {
    /// A depth-first back edge: the end of a loop iteration.
    BackEdge,
    /// Numbering cut it so that path numbers fit in 64 bits.
    Truncation,
    /// Targeted path profiling cut it to disconnect a loop that runs many
    /// iterations per entry (Joshi, Bond & Zilles, §4.2.1).
    Disconnection,
}

/// An edge replaced by a pair of dummy edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The flow-graph edge that was cut.
    pub flow_edge: u32,
    pub reason: CutReason,
}

/// What an edge of the acyclic graph stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DagEdgeKind {
    /// Flow-graph edge `e`.
    Flow(u32),
    /// ENTRY → target of cut `c`: a path starts after the cut edge ran.
    Start(u32),
    /// Source of cut `c` → EXIT: a path ends by running the cut edge.
    End(u32),
}

/// An edge of the acyclic graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DagEdge {
    pub from: u32,
    pub to: u32,
    pub kind: DagEdgeKind,
}

/// The acyclic graph of a flow graph; its vertices are the flow graph's.
#[derive(Clone, Debug)]
pub struct PathDag {
    /// Every edge ever created, including cut ones (which are in no
    /// successor list).
    edges: Vec<DagEdge>,
    /// The live out-edges of each vertex, in the order numbering gives
    /// them values.
    succs: Vec<Vec<u32>>,
    cuts: Vec<Cut>,
    entry: u32,
    exit: u32,
    /// The vertices in a topological order: ENTRY first, EXIT last.
    topological: Vec<u32>,
}

impl PathDag {
    /// The graph of `graph` with its depth-first back edges cut.
    pub fn new(graph: &FlowGraph) -> PathDag {
        let n = graph.num_vertices() as usize;
        let entry = graph.block_entry(0);
        let exit = graph.exit();
        let re_entry = |e: u32| matches!(graph.edge(e).kind, FlowEdgeKind::ReEntry(_));
        let in_dag = |e: u32| graph.edge(e).kind != FlowEdgeKind::Entry && !re_entry(e) && graph.measure(e) != Measure::KnownZero;

        // Iterative depth-first search; `state` 1 = on the stack, 2 = done.
        let mut state = vec![0u8; n];
        let mut back = vec![false; graph.edges().len()];
        let mut postorder = Vec::with_capacity(n);
        let roots = std::iter::once(entry).chain(0..n as u32);
        for root in roots {
            if state[root as usize] != 0 {
                continue;
            }
            state[root as usize] = 1;
            let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
            while let Some(top) = stack.len().checked_sub(1) {
                let (v, next) = stack[top];
                if let Some(&e) = graph.succs(v).get(next) {
                    stack[top].1 += 1;
                    if !in_dag(e) {
                        continue;
                    }
                    let to = graph.edge(e).to;
                    match state[to as usize] {
                        0 => {
                            state[to as usize] = 1;
                            stack.push((to, 0));
                        }
                        1 => back[e as usize] = true,
                        _ => {}
                    }
                } else {
                    state[v as usize] = 2;
                    postorder.push(v);
                    stack.pop();
                }
            }
        }

        let mut dag = PathDag { edges: Vec::new(), succs: vec![Vec::new(); n], cuts: Vec::new(), entry, exit, topological: Vec::new() };
        for (e, edge) in graph.edges().iter().enumerate() {
            if in_dag(e as u32) && !back[e] {
                dag.push_edge(edge.from, edge.to, DagEdgeKind::Flow(e as u32));
            } else if re_entry(e as u32) {
                // A path starts where a `longjmp` lands: from ENTRY, as
                // after a cut.
                dag.push_edge(entry, edge.to, DagEdgeKind::Flow(e as u32));
            }
        }
        for (e, _) in back.iter().enumerate().filter(|(_, &b)| b) {
            dag.cut(graph, e as u32, CutReason::BackEdge, None);
        }
        // Reverse postorder is topological for the edges kept; ENTRY has no
        // incoming edge and EXIT no outgoing one, so pinning them to the
        // ends keeps it so for every dummy edge, including later ones.
        dag.topological = postorder.into_iter().rev().filter(|&v| v != entry && v != exit).collect();
        dag.topological.insert(0, entry);
        dag.topological.push(exit);
        dag
    }

    fn push_edge(&mut self, from: u32, to: u32, kind: DagEdgeKind) -> u32 {
        let id = self.edges.len() as u32;
        self.edges.push(DagEdge { from, to, kind });
        self.succs[from as usize].push(id);
        id
    }

    /// Cuts flow edge `flow_edge`: its `End` dummy takes the place of the
    /// live edge `replacing` in its source's successor list (or is
    /// appended), and its `Start` dummy is appended to ENTRY's.
    pub(crate) fn cut(&mut self, graph: &FlowGraph, flow_edge: u32, reason: CutReason, replacing: Option<u32>) {
        let edge = *graph.edge(flow_edge);
        let c = self.cuts.len() as u32;
        self.cuts.push(Cut { flow_edge, reason });
        let end = self.edges.len() as u32;
        self.edges.push(DagEdge { from: edge.from, to: self.exit, kind: DagEdgeKind::End(c) });
        let list = &mut self.succs[edge.from as usize];
        match replacing.and_then(|old| list.iter().position(|&x| x == old)) {
            Some(at) => list[at] = end,
            None => list.push(end),
        }
        self.push_edge(self.entry, edge.to, DagEdgeKind::Start(c));
    }

    pub fn edge(&self, e: u32) -> &DagEdge {
        &self.edges[e as usize]
    }

    /// The number of edges ever created (live and cut).
    pub fn num_edges(&self) -> usize {
        self.edges.len()
    }

    /// The live out-edges of `v`, in numbering order.
    pub fn succs(&self, v: u32) -> &[u32] {
        &self.succs[v as usize]
    }

    pub fn cuts(&self) -> &[Cut] {
        &self.cuts
    }

    pub fn entry(&self) -> u32 {
        self.entry
    }

    pub fn exit(&self) -> u32 {
        self.exit
    }

    pub fn num_vertices(&self) -> u32 {
        self.succs.len() as u32
    }

    /// The vertices in topological order, ENTRY first and EXIT last.
    pub fn topological(&self) -> &[u32] {
        &self.topological
    }

    /// The live edges, in edge order.
    pub fn live_edges(&self) -> impl Iterator<Item = u32> + '_ {
        self.succs.iter().flatten().copied()
    }

    /// The same graph with only the live edges that `keep` accepts; edge
    /// numbers, cuts and the topological order are unchanged.
    pub fn filtered(&self, keep: impl Fn(u32) -> bool) -> PathDag {
        let mut dag = self.clone();
        for list in &mut dag.succs {
            list.retain(|&e| keep(e));
        }
        dag
    }

    /// The live in-edges of every vertex.
    pub fn preds(&self) -> Vec<Vec<u32>> {
        let mut preds = vec![Vec::new(); self.succs.len()];
        for e in self.live_edges() {
            preds[self.edges[e as usize].to as usize].push(e);
        }
        preds
    }

    /// The live edge that stands for flow edge `flow_edge`, if it is not
    /// cut.
    pub fn live_flow_edge(&self, flow_edge: u32) -> Option<u32> {
        self.live_edges().find(|&e| self.edges[e as usize].kind == DagEdgeKind::Flow(flow_edge))
    }

    /// The live dummy edge of `kind` (a `Start` or `End` of some cut).
    pub fn dummy(&self, kind: DagEdgeKind) -> u32 {
        self.edges.iter().position(|e| e.kind == kind).expect("every cut has both dummies") as u32
    }
}
