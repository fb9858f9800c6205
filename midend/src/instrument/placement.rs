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
//! **Header starts.** A counter on a critical edge `u → v` may instead go
//! at the start of `v`'s block, where it counts every entry of `v`, with a
//! decrement of the same counter on each of `v`'s other incoming edges,
//! where that edge's own counter would go, which takes their entries away
//! again ([`Site::HeaderStart`]). Between such a decrement and the
//! increment at `v` no instruction runs but jumps, so the counter equals
//! the edge's count at every moment, and a program that ends anywhere, by
//! `exit()` or a signal, still writes it exactly. The case it is for is
//! the back edge of a loop whose one block ends in its exit test: the
//! split block costs an increment and a jump on every iteration, the
//! header start an increment, and the decrement runs once per entry of
//! the loop. [`counter_site`] picks it when the cost model says so
//! ([`header_start_cost`]).
//!
//! What decides in practice is how Cranelift places the values the back
//! edge passes. Its e-graph computes a pure value in each block that uses
//! it, and rematerializes an `iadd i, 1` in every block that uses it other
//! than its own (`analysis::remat`). With a split back edge, a loop step
//! that the exit test also reads is computed twice per iteration, once
//! for the test and once in the split block
//! (k019_dot_product_float's `leaq 1(%r8), %rdx` and `leaq 1(%r8), %r8`);
//! without one, once. But a passed value that the loop's exit also uses
//! is better computed by each successor for itself, which takes a split
//! block; without it the value is live across the branch and costs moves
//! on every iteration. So a header start also needs the passed values to
//! stay in the edge's source block ([`insert_counters`]). Over the 59
//! long kernels, with the last input, this took the median ks overhead
//! from ×1.115 to ×1.104 and k073_matvec_float from ×1.393 to ×1.132.
//!
//! The naive strategy keeps the split, so that the oracle's reference
//! does not share this placement with the strategies it checks.
//!
//! The increment is plain IR, written by `counter_array`: `symbol_addr` of
//! the counter array, then `load.i64`, `iadd` of 1 and `store` at the
//! counter's offset (or one atomic add under `-fprofile-update=atomic`).

use crate::analysis::cfg::{split_edge, Cfg};
use crate::analysis::remat::remat_key;
use crate::instrument::counter_array::CounterArray;
use crate::instrument::weights::Weight;
use crate::ir::{BinaryOp, Block, Edge, Function, Inst, InstData, IntCC, Type, UnaryOp, Value, ValueDef};
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
    /// At the start of block `b`, with a decrement before the terminator
    /// of the source block of each other edge into `b` (see the module
    /// comment and [`counter_site`]).
    HeaderStart(u32),
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
    // Whether the edge is the only one measured out of its source; the
    // search stops at the second, as a switch may have 100,000 edges.
    let leaving = graph.succs(edge.from).iter().filter(|&&s| graph.measure(s) != Measure::Derived).take(2).count();
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

/// The site of the counter that counts flow edge `e`, which must be
/// countable: [`site`], or, with the edges' expected counts `weights`,
/// [`Site::HeaderStart`] instead of a split edge when that costs less per
/// run (by [`header_start_cost`]) and the values the edge passes stay in
/// its source block ([`keeps_passed_values_local`]).
fn counter_site(func: &Function, cfg: &Cfg, graph: &FlowGraph, weights: Option<&[Weight]>, e: u32) -> Site {
    let site = site(graph, e);
    let (Site::SplitEdge(_), Some(weights)) = (site, weights) else { return site };
    match header_start_cost(graph, weights, e) {
        Some(cost) if cost.primary < weights[e as usize].scaled(1.0 + JUMP_COST).primary && keeps_passed_values_local(func, cfg, graph, e) => {
            Site::HeaderStart(block_of(graph, graph.edge(e).to))
        }
        _ => site,
    }
}

/// What counting CFG edge `e` at the start of its target block costs per
/// run, or `None` when it cannot be counted there: the increment runs on
/// every entry of the target and a decrement on every entry over another
/// edge. Every other edge into the target must be a CFG edge, and its
/// decrement goes where its own counter would: before its source block's
/// terminator, or on the block that splits it, which costs a jump more.
fn header_start_cost(graph: &FlowGraph, weights: &[Weight], e: u32) -> Option<Weight> {
    let edge = graph.edge(e);
    if !matches!(edge.kind, FlowEdgeKind::Cfg(_)) {
        return None;
    }
    let mut cost = weights[e as usize];
    for &other in graph.preds(edge.to).iter().filter(|&&f| f != e) {
        let per_entry = match site(graph, other) {
            Site::BeforeTerminator(_) => 2.0,
            Site::SplitEdge(_) => 2.0 + JUMP_COST,
            _ => return None,
        };
        cost = cost.plus(weights[other as usize].scaled(per_entry));
    }
    Some(cost)
}

/// Whether the rematerialized values and the `select`s that flow edge
/// `e`, a CFG edge, passes to its target are used nowhere outside the
/// edge's source block but by the edge. A value that Cranelift's value
/// numbering makes the same one (`analysis::remat`) counts as a use.
///
/// A back edge counted at its header keeps no block of its own, so
/// Cranelift computes such a value before the branch. When the exit uses
/// it too, it stays live across the branch, and the register allocator
/// adds moves on every iteration: the step `i + 1` of k113_quicksort's
/// `do i++; while (a[i] < pivot);`, which the exit rematerializes from
/// `i`, and the conditional count of k106_prime_sieve's
/// `count += !sieve[k]`. With a split block, each of the two successors
/// computes the value for itself. Other pure values are left out of the
/// rule, by measurement: k019_dot_product_float's sum `acc + x[i] * y[i]`
/// is passed and returned, and computing it once before the branch is
/// the better code (×1.128 against ×1.331 with it in the rule).
fn keeps_passed_values_local(func: &Function, cfg: &Cfg, graph: &FlowGraph, e: u32) -> bool {
    let FlowEdgeKind::Cfg(i) = graph.edge(e).kind else { return false };
    let edge = *cfg.edge(Edge::from_u32(i));
    let placed_at_use = |v: Value| match func.values[v].def {
        ValueDef::Result(inst) => matches!(func.insts[inst], InstData::Select { .. }) || remat_key(func, v).is_some(),
        ValueDef::Param(..) => false,
    };
    let passed: Vec<Value> = func.successor_slot(edge.branch, edge.slot as usize).args.iter().copied().filter(|&v| placed_at_use(v)).collect();
    if passed.is_empty() {
        return true;
    }
    let steps: Vec<_> = passed.iter().filter_map(|&v| remat_key(func, v)).collect();
    let is_passed = |v: &Value| passed.contains(v) || remat_key(func, *v).is_some_and(|key| steps.contains(&key));
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            let data = &func.insts[inst];
            let outside = if inst == edge.branch {
                data.successors().iter().enumerate().filter(|&(slot, _)| slot != edge.slot as usize).flat_map(|(_, call)| call.args.clone()).collect()
            } else if block != edge.from {
                data.all_uses()
            } else {
                Vec::new()
            };
            if outside.iter().any(is_passed) {
                return false;
            }
        }
    }
    true
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
/// and `calls[i]` is call site `i`. With the edges' expected counts,
/// `weights`, counters go where [`counter_site`] says, except that a
/// header start also needs the values its edge passes to stay in the
/// edge's source block (`keeps_passed_values_local`); without them (the
/// naive strategy), where [`site`] says.
#[allow(clippy::too_many_arguments)]
pub fn insert_counters(
    func: &mut Function,
    cfg: &Cfg,
    graph: &FlowGraph,
    calls: &[Inst],
    counted: &[u32],
    weights: Option<&[Weight]>,
    filled: impl Fn(usize) -> bool,
    counters: CounterArray,
    splits: &mut EdgeSplits,
) {
    // Decided on the function before any counter goes in, since splits
    // move branch arguments into blocks of their own.
    let chosen_sites: Vec<Site> = counted.iter().map(|&e| counter_site(func, cfg, graph, weights, e)).collect();
    for (counter, &e) in counted.iter().enumerate().filter(|&(i, _)| !filled(i)) {
        let chosen = chosen_sites[counter];
        let (block, index) = match chosen {
            Site::AfterFirstReturn(i) | Site::AfterSecondReturn(i) => {
                let call = calls[i as usize];
                let (block, index) = position(func, cfg, calls, splits, Site::AfterCall(i));
                let cond = if matches!(chosen, Site::AfterFirstReturn(_)) { IntCC::Eq } else { IntCC::Ne };
                insert_return_test(func, call, block, index, cond, counters, counter);
                continue;
            }
            Site::HeaderStart(b) => {
                for &other in graph.preds(graph.edge(e).to).iter().filter(|&&f| f != e) {
                    let (block, index) = position(func, cfg, calls, splits, site(graph, other));
                    insert_constant_update(func, block, index, counters, counter, BinaryOp::Isub);
                }
                (cfg.blocks()[b as usize], 0)
            }
            other => position(func, cfg, calls, splits, other),
        };
        insert_constant_update(func, block, index, counters, counter, BinaryOp::Iadd);
    }
}

/// Where code placed at `site` goes in `func`: a block and the index of
/// the instruction it goes before. `cfg` is the CFG of `func` before
/// instrumentation and `calls[i]` call site `i`; a split edge is split
/// the first time through `splits`. A header start and a `setjmp`'s
/// returns are more than a position and have none.
pub fn position(func: &mut Function, cfg: &Cfg, calls: &[Inst], splits: &mut EdgeSplits, site: Site) -> (Block, usize) {
    match site {
        Site::AfterCall(i) => {
            let call = calls[i as usize];
            let block = func.block_of(call).expect("the call is placed");
            let at = func.blocks[block].insts.iter().position(|&x| x == call).expect("the call is in its block");
            (block, at + 1)
        }
        Site::BeforeTerminator(b) => {
            let block = cfg.blocks()[b as usize];
            (block, func.blocks[block].insts.len() - 1)
        }
        Site::BlockStart(b) => (cfg.blocks()[b as usize], 0),
        Site::SplitEdge(i) => (splits.block_on(func, cfg, Edge::from_u32(i)), 0),
        Site::AfterFirstReturn(_) | Site::AfterSecondReturn(_) | Site::HeaderStart(_) => unreachable!("{site:?} is not one position"),
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

/// Inserts `counters[counter] op= 1` into `block` before instruction
/// `index`; `op` is `iadd` or `isub`.
fn insert_constant_update(func: &mut Function, block: Block, index: usize, counters: CounterArray, counter: usize, op: BinaryOp) {
    let one_inst = func.insert_inst(block, index, InstData::Iconst { imm: 1 }, Some(Type::I64));
    let one = func.inst_result(one_inst).expect("a constant");
    counters.insert_update(func, block, index + 1, counter, op, one);
}

#[cfg(test)]
mod tests {
    use crate::instrument::{instrument_module, InstrumentOptions, ProfileUpdate};
    use crate::ir::{BinaryOp, Function, InstData, Module};
    use crate::profile::Strategy;
    use crate::text::parse_module;
    use crate::verifier::{print_module_errors, verify_module};

    /// `for (i = 0; i < n; i++) sum += a[i];` as one block that ends in
    /// its exit test, entered from a branch, named `name`; the exit passes
    /// `exit_value`: `v10`, the sum, or `v12`, the final `i`, so that the
    /// exit uses the step `i + 1`.
    fn loop_function(name: &str, exit_value: &str) -> String {
        format!(
            "
function @{name}(i64, i64) -> i64 export {{
block0(v0: i64, v1: i64):
    v2 = iconst.i64 0
    v3 = icmp slt v2, v1
    brif v3, block1(v2, v2), block2(v2)
block1(v4: i64, v5: i64):
    v6 = iconst.i64 8
    v7 = imul v4, v6
    v8 = iadd v0, v7
    v9 = load.i64 v8
    v10 = iadd v5, v9
    v11 = iconst.i64 1
    v12 = iadd v4, v11
    v13 = icmp slt v12, v1
    brif v13, block1(v12, v10), block2({exit_value})
block2(v14: i64):
    return v14
}}
"
        )
    }

    fn instrumented(strategy: Strategy) -> Module {
        let text = loop_function("sum", "v10") + &loop_function("last", "v12");
        let mut module = parse_module(&text).expect("the test IR parses");
        let options = InstrumentOptions { strategy, weights: None, path_array_threshold: 0, tpp_cold_ppm: 0, tpp_loop_trip_milli: 0, update: ProfileUpdate::Single, promote: false, values: None };
        instrument_module(&mut module, &options);
        if let Err(errors) = verify_module(&module) {
            panic!("{}", print_module_errors(&module, &errors));
        }
        module
    }

    /// How many counter decrements `func` has.
    fn decrements(func: &Function) -> usize {
        func.layout.iter().flat_map(|&b| &func.blocks[b].insts).filter(|&&i| matches!(func.insts[i], InstData::Binary { op: BinaryOp::Isub, .. })).count()
    }

    /// Whether the loop block, the one with two parameters besides the
    /// entry, starts with a counter update.
    fn loop_starts_counting(func: &Function) -> bool {
        let header = func.layout.iter().skip(1).copied().find(|&b| func.blocks[b].params.len() == 2).expect("the loop block");
        func.blocks[header].insts.iter().take(2).any(|&i| matches!(&func.insts[i], InstData::SymbolAddr { symbol, .. } if symbol.starts_with("__nisse_cnt.")))
    }

    #[test]
    fn a_back_edge_whose_step_stays_in_the_loop_is_counted_at_its_header() {
        let module = instrumented(Strategy::Ks);
        let sum = module.function("sum").unwrap();
        assert!(loop_starts_counting(sum), "{sum}");
        assert_eq!(decrements(sum), 1, "one decrement, on the loop's entry: {sum}");
    }

    #[test]
    fn a_back_edge_whose_step_the_exit_uses_keeps_its_split() {
        let module = instrumented(Strategy::Ks);
        let last = module.function("last").unwrap();
        assert!(!loop_starts_counting(last), "{last}");
        assert_eq!(decrements(last), 0, "{last}");
    }

    #[test]
    fn the_naive_strategy_keeps_every_split() {
        let module = instrumented(Strategy::Naive);
        for name in ["sum", "last"] {
            assert_eq!(decrements(module.function(name).unwrap()), 0);
        }
    }
}
