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
//!   first case, Figure 8a). The planner keeps it out of the spanning tree
//!   at no cost, so it is always a chord.
//! - **the variable is known wherever the count must be flushed**: on
//!   every loop exit edge, and before every call inside the loop that may
//!   not return (`exit()` deep in a callee would otherwise lose the
//!   count; see `rewrite.rs`).
//! - **no other counter already replaces that edge** ("if several SESE
//!   counters share a circuit, use one").

use super::detect::{Detection, SegmentMap, SeseCounter};
use crate::analysis::cfg::Cfg;
use crate::analysis::loops::LoopForest;
use crate::ir::{Edge, Function, Inst, Type, Value};
use crate::profile::{FlowGraph, Measure};
use std::collections::HashSet;

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
    /// On a loop exit edge, with the variable's value at its source.
    Exit { edge: Edge, value: Value },
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
}

/// The used counters, in detection order, and the reasons for the others.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    pub used: Vec<UsedCounter>,
    pub unused: Vec<(Value, Unused)>,
}

/// Chooses among `detection`'s counters. `call_sites` are the calls that
/// cut their blocks, with whether each may return.
pub fn select(
    func: &Function,
    cfg: &Cfg,
    loops: &LoopForest,
    graph: &FlowGraph,
    segments: &SegmentMap,
    detection: &Detection,
    call_sites: &[(Inst, bool)],
) -> Selection {
    let mut selection = Selection::default();
    let mut taken: HashSet<u32> = HashSet::new();
    for counter in &detection.counters {
        let outcome = use_counter(func, cfg, loops, graph, segments, counter, call_sites).and_then(|used| {
            if taken.insert(used.flow_edge) {
                Ok(used)
            } else {
                Err(Unused::SharesEdge)
            }
        });
        match outcome {
            Ok(used) => selection.used.push(used),
            Err(why) => selection.unused.push((counter.param, why)),
        }
    }
    selection
}

fn use_counter(
    func: &Function,
    cfg: &Cfg,
    loops: &LoopForest,
    graph: &FlowGraph,
    segments: &SegmentMap,
    counter: &SeseCounter,
    call_sites: &[(Inst, bool)],
) -> Result<UsedCounter, Unused> {
    if !cannot_wrap(counter) {
        return Err(Unused::MayWrap);
    }
    let flow_edge = counter
        .increments
        .iter()
        .find_map(|&inc| counting_edge(func, graph, segments, inc))
        .ok_or(Unused::NoCountingEdge)?;

    let data = loops.data(counter.lp);
    let mut flushes = Vec::new();
    for &edge in &data.exits {
        let from = cfg.edge(edge).from;
        let end = func.blocks[from].insts.len() - 1;
        let value = counter.current_before(func, from, end).ok_or(Unused::UnknownAtFlush)?;
        flushes.push(Flush::Exit { edge, value });
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
    Ok(UsedCounter { counter: counter.clone(), flow_edge, entry, flushes })
}

/// Whether the count recovered from `counter` is exact (module comment).
fn cannot_wrap(counter: &SeseCounter) -> bool {
    match counter.ty {
        Type::I64 => counter.no_signed_wrap || counter.step.trailing_zeros() <= MAX_STEP_TRAILING_ZEROS,
        _ => counter.no_signed_wrap,
    }
}

/// The flow edge whose count always equals the executions of increment
/// `inc`, if there is one.
fn counting_edge(func: &Function, graph: &FlowGraph, segments: &SegmentMap, inc: Inst) -> Option<u32> {
    let segment = segments.segment_of(inc);
    let countable = |e: &&u32| graph.measure(**e) == Measure::Countable;
    if let [into] = graph.preds(segment) {
        if graph.measure(*into) == Measure::Countable {
            return Some(*into);
        }
    }
    let block = func.block_of(inc).expect("the increment is placed");
    let last_segment = graph.block_exit(segments.position(block));
    let leaving: Vec<&u32> = graph.succs(segment).iter().filter(countable).collect();
    (segment == last_segment && leaving.len() == 1 && graph.succs(segment).len() == 1).then(|| *leaving[0])
}
