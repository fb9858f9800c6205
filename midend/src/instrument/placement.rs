//! Where a counter's increment goes, and the rewriting that puts it there
//! (Ball & Larus, "Optimally Profiling and Tracing Programs", TOPLAS 1994,
//! §6.3).
//!
//! A counter counts one flow-graph edge `u → v` (see
//! `profile/flow_graph.rs`). Its increment goes
//!
//! 1. at the end of `u` when `u` has one outgoing edge besides early
//!    exits: before the terminator of a block's last segment, or right
//!    after the call that ends any other segment (an early exit leaves
//!    from inside that call, so the increment still counts exactly the
//!    edge);
//! 2. otherwise at the start of `v`'s block when `v` is the block's first
//!    segment and has one incoming edge;
//! 3. otherwise on a new block that splits the edge (`split_edge`); only
//!    a CFG edge from a block with several successors to a block with
//!    several predecessors (a critical edge) gets here.
//!
//! The two edges after a `setjmp` both enter the segment after the call:
//! its continuation (the call returned 0) and its re-entry (it returned
//! again, after a `longjmp`). Both counters go right after the call and
//! add the comparison of its result with 0 instead of 1.
//!
//! **Jump optimization.** The paper moves a counter from the outgoing edge
//! of a vertex with one incoming and one outgoing edge to its incoming
//! edge, because its instrumented edges become code blocks that must jump
//! over one another in a fixed linear layout. This IR has no fall-through:
//! every block ends in an explicit terminator and the backend chooses the
//! layout. An increment placed by rules 1 and 2 sits inside an existing
//! block and costs no jump; only a split edge adds a block and a jump. So
//! the paper's case is already covered by rule 1, and what remains of the
//! optimization is to avoid splits: the planner charges a critical edge
//! [`JUMP_COST`] more per execution than another edge (the paper's cost
//! model of §6.1, increments plus extra jumps), so that the spanning tree
//! prefers to keep critical edges and put counters elsewhere when the
//! weights are otherwise close.
//!
//! The increment is plain IR, written by `counter_array`: `symbol_addr` of
//! the counter array, then `load.i64`, `iadd` of 1 and `store` at the
//! counter's offset (or one atomic add under `-fprofile-update=atomic`).

use crate::analysis::cfg::{split_edge, Cfg};
use crate::instrument::counter_array::CounterArray;
use crate::ir::{BinaryOp, Block, Edge, Function, Inst, InstData, IntCC, Type, UnaryOp};
use crate::profile::flow_graph::Vertex;
use crate::profile::{FlowEdgeKind, FlowGraph, Measure};
use std::collections::HashMap;

/// The relative cost of the jump that a split edge adds, per execution,
/// against an increment's cost of 1: with optimization Cranelift lowers an
/// increment to two x86-64 instructions (the counter array's address and
/// an `add` to memory), and the jump is one.
pub const JUMP_COST: f64 = 0.5;

/// Where the increment of one counter goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// Right after call site `i` (by the shape's numbering).
    AfterCall(u32),
    /// Right after call site `i`, a `setjmp`, counting its returns of 0.
    AfterFirstReturn(u32),
    /// Right after call site `i`, a `setjmp`, counting its nonzero
    /// returns.
    AfterSecondReturn(u32),
    /// Before the terminator of block `b`.
    BeforeTerminator(u32),
    /// At the start of block `b`.
    BlockStart(u32),
    /// On a new block splitting CFG edge `i`.
    SplitEdge(u32),
}

/// The site of the counter that counts flow edge `e`, which must be
/// countable.
pub fn site(graph: &FlowGraph, e: u32) -> Site {
    let edge = graph.edge(e);
    debug_assert_eq!(graph.measure(e), Measure::Countable);
    match edge.kind {
        FlowEdgeKind::Continuation(i) if graph.returns_twice(i) => return Site::AfterFirstReturn(i),
        FlowEdgeKind::ReEntry(i) => return Site::AfterSecondReturn(i),
        _ => {}
    }
    let exit = graph.exit();
    let leaving = graph.succs(edge.from).iter().filter(|&&s| graph.measure(s) != Measure::Derived).count();
    if edge.from != exit && leaving == 1 {
        return match edge.kind {
            FlowEdgeKind::Continuation(i) => Site::AfterCall(i),
            _ => Site::BeforeTerminator(block_of(graph, edge.from)),
        };
    }
    if edge.to != exit && graph.preds(edge.to).len() == 1 {
        return Site::BlockStart(block_of(graph, edge.to));
    }
    match edge.kind {
        FlowEdgeKind::Cfg(i) => Site::SplitEdge(i),
        other => unreachable!("a {other:?} edge always has a site in a block"),
    }
}

/// The block of segment vertex `v`.
fn block_of(graph: &FlowGraph, v: u32) -> u32 {
    match graph.vertex(v) {
        Vertex::Segment { block, .. } => block,
        Vertex::Exit => unreachable!("EXIT holds no code"),
    }
}

/// The blocks that split CFG edges, so that every piece of
/// instrumentation that needs an edge of its own shares one split.
#[derive(Debug, Default)]
pub struct EdgeSplits {
    blocks: HashMap<Edge, Block>,
}

impl EdgeSplits {
    /// The block on `edge` of `cfg` (the CFG before instrumentation),
    /// splitting the edge the first time.
    pub fn block_on(&mut self, func: &mut Function, cfg: &Cfg, edge: Edge) -> Block {
        *self.blocks.entry(edge).or_insert_with(|| split_edge(func, cfg, edge))
    }

    /// The block on `edge`, if the edge was split already.
    pub fn existing(&self, edge: Edge) -> Option<Block> {
        self.blocks.get(&edge).copied()
    }

    /// How many edges were split.
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }
}

/// Inserts an increment of counter `i` of the array `counters` for each
/// counted flow edge `counted[i]`, except those for which `filled(i)` says
/// that something else fills the counter in. `cfg` is the CFG of `func`
/// before instrumentation, whose blocks and edges the flow graph numbers,
/// and `calls[i]` is call site `i`.
#[allow(clippy::too_many_arguments)]
pub fn insert_counters(
    func: &mut Function,
    cfg: &Cfg,
    graph: &FlowGraph,
    calls: &[Inst],
    counted: &[u32],
    filled: impl Fn(usize) -> bool,
    counters: CounterArray,
    splits: &mut EdgeSplits,
) {
    for (counter, &e) in counted.iter().enumerate().filter(|&(i, _)| !filled(i)) {
        let after_call = |func: &Function, i: u32| {
            let call = calls[i as usize];
            let block = func.block_of(call).expect("the call is placed");
            let at = func.blocks[block].insts.iter().position(|&x| x == call).expect("the call is in its block");
            (call, block, at + 1)
        };
        let (block, index) = match site(graph, e) {
            Site::AfterCall(i) => {
                let (_, block, index) = after_call(func, i);
                (block, index)
            }
            Site::AfterFirstReturn(i) | Site::AfterSecondReturn(i) => {
                let (call, block, index) = after_call(func, i);
                let cond = if matches!(site(graph, e), Site::AfterFirstReturn(_)) { IntCC::Eq } else { IntCC::Ne };
                insert_return_test(func, call, block, index, cond, counters, counter);
                continue;
            }
            Site::BeforeTerminator(b) => {
                let block = cfg.blocks()[b as usize];
                (block, func.blocks[block].insts.len() - 1)
            }
            Site::BlockStart(b) => (cfg.blocks()[b as usize], 0),
            Site::SplitEdge(i) => (splits.block_on(func, cfg, Edge::from_u32(i)), 0),
        };
        insert_increment(func, block, index, counters, counter);
    }
}

/// Inserts `counters[counter] += (result cond 0)` into `block` before
/// instruction `index`, where `result` is what `call` (a `setjmp`)
/// returned.
fn insert_return_test(func: &mut Function, call: Inst, block: Block, index: usize, cond: IntCC, counters: CounterArray, counter: usize) {
    let result = func.inst_result(call).expect("setjmp returns an int");
    let ty = func.value_type(result);
    let zero_inst = func.insert_inst(block, index, InstData::Iconst { imm: 0 }, Some(ty));
    let zero = func.inst_result(zero_inst).expect("a constant");
    let test_inst = func.insert_inst(block, index + 1, InstData::Icmp { cond, args: [result, zero] }, Some(Type::I8));
    let test = func.inst_result(test_inst).expect("a comparison");
    let amount_inst = func.insert_inst(block, index + 2, InstData::Unary { op: UnaryOp::Uextend, arg: test }, Some(Type::I64));
    let amount = func.inst_result(amount_inst).expect("an extension");
    counters.insert_update(func, block, index + 3, counter, BinaryOp::Iadd, amount);
}

/// Inserts `counters[counter] += 1` into `block` before instruction
/// `index`.
fn insert_increment(func: &mut Function, block: Block, index: usize, counters: CounterArray, counter: usize) {
    let one_inst = func.insert_inst(block, index, InstData::Iconst { imm: 1 }, Some(Type::I64));
    let one = func.inst_result(one_inst).expect("a constant");
    counters.insert_update(func, block, index + 1, counter, BinaryOp::Iadd, one);
}
