//! Choosing which SESE counters replace Knuth–Stevenson counters, and what
//! each needs at run time (Frenot and Pereira, "Reusing Loop Variables as
//! Counters", CC 2024, §3.1 and Theorem 3.11).
//!
//! A counter found by `detect.rs` is *used* when
//!
//! - **it cannot silently wrap.** The count is recovered as
//!   `(v_exit - v_entry) / step` in 64-bit modular arithmetic (see
//!   `rewrite.rs`), which is exact while the true count stays below
//!   `2^(64 - k)`, `k` being the number of trailing zero bits of `step`.
//!   A 64-bit variable (a pointer, a `long`) is accepted when `k <= 8`:
//!   its loop would have to run 2^56 times, over two years at one
//!   iteration per nanosecond, to wrap the count. Pointer arithmetic and
//!   signed `int`/`long` arithmetic cannot wrap at all in a correct
//!   program (C11 §6.5.6p8, §6.5p5), and the frontend marks the latter
//!   `nsw`, so such 64-bit variables are accepted whatever `k`. A variable
//!   narrower than 64 bits is accepted only when every increment is `nsw`
//!   (an `int` counter): an `unsigned` or `unsigned char` variable wraps
//!   legitimately after 2^32 or 256 steps, so it is rejected and a
//!   memory counter stays.
//! - **a flow edge counts exactly its increments' executions.** That is
//!   the single edge into an increment's block segment, or the single
//!   edge out of it when the segment ends the block; this is the edge
//!   whose Knuth–Stevenson counter the variable replaces (Theorem 3.11's
//!   first case, Figure 8a). A rotated loop (`rotate_loops`) has neither:
//!   its latch both increments and tests, so the increment's block has two
//!   ways in and two ways out. There the replaced edge is the latch's back
//!   edge, whose count is the increments' less one for every activation
//!   that leaves through the latch after incrementing (a case of Theorem
//!   3.11's `f_s = c1 ± c2`): the flushes on exits from the latch subtract
//!   one. This needs the increment in the latch's last segment and the
//!   latch's other edges to be exits. The planner keeps it out of the spanning tree
//!   at no cost, so it is always a chord.
//! - **the variable is known wherever the count must be flushed**: on
//!   every loop exit edge, and before every call inside the loop that may
//!   not return (`exit()` deep in a callee would otherwise lose the
//!   count; see `rewrite.rs`).
//! - **it is expected to be cheaper.** What it saves is not the replaced
//!   edge's weight: that edge is often heavy enough to sit in the
//!   Knuth–Stevenson spanning tree, and keeping it out moves a counter onto
//!   a lighter edge instead (in a loop whose body branches, onto one of
//!   the arms). The saving is the drop in the weight of the chords, which
//!   `plan::chord_cost` computes from the spanning trees with and without
//!   the edge. Against it stand the flushes: one costs about
//!   [`FLUSH_COST`] increments (a subtraction, then the same load, add and
//!   store), once per loop exit taken, and twice per call made (before and
//!   after). A rotated latch whose variable steps by one costs, besides,
//!   a register copy ([`COPY_COST`]) on every back edge: the count flushed
//!   on its exit is `v_old - v_entry` once Cranelift has rewritten
//!   `(v_new - v_entry) - 1`, so both values are live across the latch's
//!   branch (measured on the long kernels: k131 ×1.205 and k120 ×1.435
//!   against Knuth–Stevenson's ×1.020 and ×1.171 before this cost). The
//!   counter is used when the saving is at least the cost. With
//!   `-fprofile-instr-weights` the weights are real counts, which turns
//!   SESE counters down for loops that are entered often but iterate about
//!   once (the inner scans of a quicksort partition). The static heuristic
//!   cannot tell those apart from long loops, and its equal branch
//!   probabilities starve a latch behind several `break`s, so under it only
//!   the calls inside the loop are weighed: a call that may not return on
//!   every iteration makes flushing costlier than counting. One shape is
//!   recognised instead: an inner loop whose variable enters with the
//!   value of a parameter of the enclosing loop's header (or its
//!   extension, for a widened twin) *continues a scan* of the outer loop (`while (i <= j) { while (a[i] < p) i++; ...`
//!   in a partition), so each activation runs a few iterations at most and
//!   the heuristic keeps its counter.
//! - **it saves a counter.** The Knuth–Stevenson plan needs one counter
//!   per independent cycle, and a replaced edge is kept out of the
//!   spanning tree. If keeping it out, together with the edges already
//!   kept out, would split the rest of the graph into more pieces, the
//!   tree could not span them and another edge would need a counter
//!   instead: the variable would only move a counter, so it is not used. This is how "if several SESE
//!   counters share a circuit, use one" is decided, including variables
//!   like `i += 3` and `o += 4` incremented in different blocks of one
//!   iteration.

use super::detect::{Detection, SegmentMap, SeseCounter};
use crate::analysis::cfg::Cfg;
use crate::analysis::dominators::DominatorTree;
use crate::analysis::loops::LoopForest;
use crate::ir::{Block, Edge, Function, Inst, InstData, Type, UnaryOp, Value, ValueDef};
use crate::instrument::plan::{chord_cost, edge_mask};
use crate::instrument::spanning_tree::{maximum_spanning_forest, Priority};
use crate::instrument::weights::Weight;
use crate::profile::{FlowEdgeKind, FlowGraph, Measure};
use std::collections::HashSet;

/// The cost of one flush against one counter increment (module comment).
pub const FLUSH_COST: f64 = 1.5;

/// The cost of a register copy against one counter increment (see
/// [`cost`]).
pub const COPY_COST: f64 = 1.0;

/// The largest number of trailing zero bits of a 64-bit step that may
/// wrap (see the module comment).
pub const MAX_STEP_TRAILING_ZEROS: u32 = 8;

/// Where the variable's value on loop entry comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryValue {
    /// Every entry edge passes this value.
    Existing(Value),
    /// Entry edges pass different values: the header gets a parameter
    /// that holds the entry value through the loop.
    Snapshot,
}

/// A point where the count so far is added to the counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flush {
    /// On a loop exit edge, with the variable's value at its source; the
    /// count is one less when `less_one` (see the module comment). When
    /// `at_join`, the flush goes at the start of the exit's target, from a
    /// parameter (see [`flushes_at_join`] and `rewrite.rs`).
    Exit { edge: Edge, value: Value, less_one: bool, at_join: bool },
    /// Around a call that may not return: added before the call and, when
    /// the call can return, taken back after it.
    Call { call: Inst, value: Value, may_return: bool },
}

/// A SESE counter that replaces a Knuth–Stevenson counter.
#[derive(Clone, Debug)]
pub struct UsedCounter {
    pub counter: SeseCounter,
    /// The flow edge whose counter the variable replaces.
    pub flow_edge: u32,
    pub entry: EntryValue,
    pub flushes: Vec<Flush>,
}

/// Why a detected counter is not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unused {
    MayWrap,
    NoCountingEdge,
    UnknownAtFlush,
    SharesEdge,
    /// Flushing would cost more than the increments it saves.
    Costlier,
    /// Another used counter already covers the cycles this one is on.
    SharesCircuit,
}

/// The used counters, in detection order, and the reasons for the others.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    pub used: Vec<UsedCounter>,
    pub unused: Vec<(Value, Unused)>,
}

/// Chooses among `detection`'s counters. `call_sites` are the calls that
/// cut their blocks, in the shape's call-site order, with whether each may
/// return; `weights` are the planner's flow-edge weights, real counts
/// when `weights_from_profile`.
#[allow(clippy::too_many_arguments)]
pub fn select(
    func: &Function,
    cfg: &Cfg,
    loops: &LoopForest,
    graph: &FlowGraph,
    segments: &SegmentMap,
    detection: &Detection,
    call_sites: &[(Inst, bool)],
    weights: &[Weight],
    weights_from_profile: bool,
) -> Selection {
    let mut selection = Selection::default();
    let dominators = DominatorTree::compute(cfg);
    let mut excluded: Vec<u32> = Vec::new();
    let pieces = components(graph, &[]);
    // The chords' cost with the `excluded` edges kept out of the tree,
    // which changes only when a counter is used.
    let mut chords = chord_cost(graph, weights, &excluded);
    for counter in &detection.counters {
        let outcome = use_counter(func, cfg, &dominators, loops, graph, segments, counter, call_sites).and_then(|used| {
            if excluded.contains(&used.flow_edge) {
                return Err(Unused::SharesEdge);
            }
            if !weights_from_profile && continues_scan(func, loops, &used) {
                return Err(Unused::Costlier);
            }
            excluded.push(used.flow_edge);
            let without = chord_cost(graph, weights, &excluded);
            excluded.pop();
            if chords - without < cost(graph, &used, call_sites, weights, weights_from_profile) {
                return Err(Unused::Costlier);
            }
            excluded.push(used.flow_edge);
            if components(graph, &excluded) == pieces {
                chords = without;
                Ok(used)
            } else {
                excluded.pop();
                Err(Unused::SharesCircuit)
            }
        });
        match outcome {
            Ok(used) => selection.used.push(used),
            Err(why) => selection.unused.push((counter.param, why)),
        }
    }
    selection
}

#[allow(clippy::too_many_arguments)]
fn use_counter(
    func: &Function,
    cfg: &Cfg,
    dominators: &DominatorTree,
    loops: &LoopForest,
    graph: &FlowGraph,
    segments: &SegmentMap,
    counter: &SeseCounter,
    call_sites: &[(Inst, bool)],
) -> Result<UsedCounter, Unused> {
    if !cannot_wrap(counter) {
        return Err(Unused::MayWrap);
    }
    let data = loops.data(counter.lp);
    let (flow_edge, rotated_latch) = counter
        .increments
        .iter()
        .find_map(|&inc| counting_edge(func, cfg, graph, segments, counter, inc))
        .ok_or(Unused::NoCountingEdge)?;

    let mut flushes = Vec::new();
    for &edge in &data.exits {
        let from = cfg.edge(edge).from;
        let end = func.blocks[from].insts.len() - 1;
        let value = counter.current_before(func, from, end).ok_or(Unused::UnknownAtFlush)?;
        flushes.push(Flush::Exit { edge, value, less_one: rotated_latch == Some(from), at_join: false });
    }
    for &(call, may_return) in call_sites {
        let block = func.block_of(call).expect("the call is placed");
        if !loops.contains(counter.lp, block) {
            continue;
        }
        let index = func.blocks[block].insts.iter().position(|&i| i == call).expect("in its block");
        let value = counter.current_before(func, block, index).ok_or(Unused::UnknownAtFlush)?;
        flushes.push(Flush::Call { call, value, may_return });
    }

    let header = counter.header;
    let entries: HashSet<Value> = cfg
        .preds(header)
        .iter()
        .filter(|e| !data.back_edges.contains(e))
        .map(|&e| cfg.block_call(func, e).args[counter.param_index])
        .collect();
    let entry = match entries.len() {
        1 => EntryValue::Existing(*entries.iter().next().expect("one value")),
        _ => EntryValue::Snapshot,
    };
    let mut used = UsedCounter { counter: counter.clone(), flow_edge, entry, flushes };
    let at_join: Vec<bool> = used.flushes.iter().map(|f| matches!(*f, Flush::Exit { edge, .. } if flushes_at_join(func, cfg, dominators, &used, edge))).collect();
    for (flush, joins) in used.flushes.iter_mut().zip(at_join) {
        if let Flush::Exit { at_join, .. } = flush {
            *at_join = joins;
        }
    }
    Ok(used)
}

/// Whether `used`'s variable enters its loop with the value of a
/// parameter of the enclosing loop's header (module comment).
fn continues_scan(func: &Function, loops: &LoopForest, used: &UsedCounter) -> bool {
    let (EntryValue::Existing(entry), Some(parent)) = (used.entry, loops.data(used.counter.lp).parent) else {
        return false;
    };
    // Induction-variable widening gives the counter a 64-bit twin that
    // enters with the extended value.
    let entry = match func.values[entry].def {
        ValueDef::Result(inst) => match func.insts[inst] {
            InstData::Unary { op: UnaryOp::Sextend | UnaryOp::Uextend, arg } => arg,
            _ => entry,
        },
        ValueDef::Param(..) => entry,
    };
    func.blocks[loops.data(parent).header].params.contains(&entry)
}

/// What using `used` is expected to cost per run, in counter increments:
/// its flushes (module comment) and, for a rotated latch whose variable
/// steps by one, a register copy on every back edge. There the count
/// flushed on a latch exit, `(v_new - v_entry) - 1`, is `v_old - v_entry`,
/// and Cranelift's rewriting finds that form, so the value before the
/// step stays live beside the value after it across the latch's branch,
/// and the back edge must copy one into the other's register.
fn cost(graph: &FlowGraph, used: &UsedCounter, call_sites: &[(Inst, bool)], weights: &[Weight], weights_from_profile: bool) -> f64 {
    let flushes = FLUSH_COST * flush_weight(graph, used, call_sites, weights, weights_from_profile);
    let latch_exit_of_unit_step =
        used.counter.step.unsigned_abs() == 1 && used.flushes.iter().any(|f| matches!(f, Flush::Exit { less_one: true, at_join: false, .. }));
    let copies = if latch_exit_of_unit_step { COPY_COST * weights[used.flow_edge as usize].primary } else { 0.0 };
    flushes + copies
}

/// Whether the flush on the latch exit `edge` of `used` goes at the start
/// of the exit's target instead of on the edge, from a parameter that the
/// target gets (see `rewrite.rs`). On a block of its own, the flush reads
/// the variable after its step, `iadd v, step`, which Cranelift
/// rematerializes there from the value before the step, so both values
/// are live across the latch's branch ([`cost`]). A parameter with
/// different incoming values is opaque to Cranelift. So this takes
/// - any variable: the value passed on the target's other edges,
///   `entry + step`, counts 0 whatever it wraps to, because the join takes
///   the distance to `entry` in the variable's own width
///   (`rewrite::Cursor::count_modular`; a narrow variable is `nsw`, so on
///   a latch exit that distance is exact);
/// - a target with another incoming edge (a single one would make the
///   parameter a constant phi, which Cranelift removes);
/// - target edges that are this counter's latch exits (less one), or edges
///   from outside the loop where the entry value is known (a constant, or
///   defined in a block that dominates the edge's source).
fn flushes_at_join(func: &Function, cfg: &Cfg, dominators: &DominatorTree, used: &UsedCounter, edge: Edge) -> bool {
    let target = cfg.edge(edge).to;
    let EntryValue::Existing(entry) = used.entry else { return false };
    let is_latch_exit = used.flushes.iter().any(|f| matches!(*f, Flush::Exit { edge: e, less_one: true, .. } if e == edge));
    if !is_latch_exit || cfg.preds(target).len() < 2 {
        return false;
    }
    let entry_block = match func.values[entry].def {
        _ if func.constant_value(entry).is_some() => None,
        ValueDef::Param(block, _) => Some(block),
        ValueDef::Result(inst) => func.block_of(inst),
    };
    cfg.preds(target).iter().all(|&pred| {
        let from = cfg.edge(pred).from;
        if used.counter.blocks.contains(&from) {
            used.flushes.iter().any(|f| matches!(*f, Flush::Exit { edge, less_one: true, .. } if edge == pred))
        } else {
            entry_block.is_none_or(|b| dominators.dominates(b, from))
        }
    })
}

/// The flow edges of the latch exits that `selection`'s counters flush at
/// their targets' starts (`flushes_at_join`), each with what a counter on
/// it would cost besides its own increments: the counter would split the
/// edge, the variable's value would be read on the split block, and
/// Cranelift would rematerialize it there, costing a register copy per
/// iteration ([`COPY_COST`] times the replaced edge's weight). The planner
/// adds that to the edge's weight, so that the spanning tree keeps it
/// unless the alternative costs more.
pub fn join_exits(graph: &FlowGraph, selection: &Selection, weights: &[Weight]) -> Vec<(u32, f64)> {
    selection
        .used
        .iter()
        .flat_map(|used| used.flushes.iter().map(move |f| (used, f)))
        .filter_map(|(used, f)| match *f {
            Flush::Exit { edge, at_join: true, .. } => {
                let copies = COPY_COST * weights[used.flow_edge as usize].primary;
                graph.edge_of(FlowEdgeKind::Cfg(edge.as_u32())).map(|e| (e, copies))
            }
            _ => None,
        })
        .collect()
}

/// How often `used`'s flushes are expected to run, by the weights: a
/// call's flush runs twice when the call returns. Exits count only when
/// `with_exits` (module comment).
fn flush_weight(graph: &FlowGraph, used: &UsedCounter, call_sites: &[(Inst, bool)], weights: &[Weight], with_exits: bool) -> f64 {
    let weight = |kind| graph.edge_of(kind).map_or(0.0, |e| weights[e as usize].primary);
    used.flushes
        .iter()
        .map(|flush| match *flush {
            Flush::Exit { edge, .. } if with_exits => weight(FlowEdgeKind::Cfg(edge.as_u32())),
            Flush::Exit { .. } => 0.0,
            // A call that never returns ends the run: its flush runs once.
            Flush::Call { may_return: false, .. } => 0.0,
            Flush::Call { call, .. } => {
                let site = call_sites.iter().position(|&(c, _)| c == call).expect("a call site") as u32;
                2.0 * weight(FlowEdgeKind::Continuation(site))
            }
        })
        .sum()
}

/// The number of connected pieces, ignoring direction, of the flow graph
/// without the `excluded` edges and the edges known never to run (which
/// no spanning tree contains): a spanning forest of `n` vertices with `t`
/// edges has `n - t` trees.
fn components(graph: &FlowGraph, excluded: &[u32]) -> usize {
    let endpoints: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.from, e.to)).collect();
    let is_excluded = edge_mask(graph, excluded);
    let priority: Vec<Priority> = (0..endpoints.len() as u32)
        .map(|e| match graph.measure(e) {
            Measure::KnownZero => Priority::Excluded,
            _ if is_excluded[e as usize] => Priority::Excluded,
            _ => Priority::Weighted(Weight::default()),
        })
        .collect();
    let in_forest = maximum_spanning_forest(graph.num_vertices(), &endpoints, &priority);
    graph.num_vertices() as usize - in_forest.iter().filter(|&&t| t).count()
}

/// Whether the count recovered from `counter` is exact (module comment).
fn cannot_wrap(counter: &SeseCounter) -> bool {
    match counter.ty {
        Type::I64 => counter.no_signed_wrap || counter.step.trailing_zeros() <= MAX_STEP_TRAILING_ZEROS,
        _ => counter.no_signed_wrap,
    }
}

/// The flow edge whose count the executions of increment `inc` give, if
/// there is one, with the rotated latch whose exits count one less (module
/// comment).
fn counting_edge(
    func: &Function,
    cfg: &Cfg,
    graph: &FlowGraph,
    segments: &SegmentMap,
    counter: &SeseCounter,
    inc: Inst,
) -> Option<(u32, Option<Block>)> {
    let segment = segments.segment_of(inc);
    let countable = |e: &&u32| graph.measure(**e) == Measure::Countable;
    if let [into] = graph.preds(segment) {
        if graph.measure(*into) == Measure::Countable {
            return Some((*into, None));
        }
    }
    let block = func.block_of(inc).expect("the increment is placed");
    let last_segment = graph.block_exit(segments.position(block));
    if segment != last_segment {
        return None;
    }
    let leaving: Vec<&u32> = graph.succs(segment).iter().filter(countable).collect();
    if leaving.len() == 1 && graph.succs(segment).len() == 1 {
        return Some((*leaving[0], None));
    }
    // A rotated latch: one back edge, every other edge leaves the loop.
    let back: Vec<Edge> = cfg.succs(block).iter().copied().filter(|e| counter.back_edges.contains(e)).collect();
    let [back] = back[..] else { return None };
    let others_exit = cfg.succs(block).iter().all(|&e| e == back || !counter.blocks.contains(&cfg.edge(e).to));
    let returns = graph.succs(segment).iter().any(|&e| matches!(graph.edge(e).kind, FlowEdgeKind::Return(_)));
    if !others_exit || returns {
        return None;
    }
    graph.edge_of(FlowEdgeKind::Cfg(back.as_u32())).map(|e| (e, Some(block)))
}
