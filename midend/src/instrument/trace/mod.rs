//! Program tracing (`-fprofile-instr=trace` and `trace-naive`; Ball &
//! Larus, "Optimally Profiling and Tracing Programs", TOPLAS 1994, §4 and
//! §6.2): instrumented code appends *tokens* to a trace, from which
//! `nissecc-profdata trace` regenerates the exact sequence of blocks that
//! ran in every function, interleaved across calls.
//!
//! The tokens (`nissecc_profile_format::trace`), each an unsigned LEB128
//! number, so that a witness of a function with fewer than 125 witnessed
//! edges takes one byte (§6.2's byte-sized witnesses):
//!
//! - a *witness* when a witnessed edge runs (`plan`, with the blocking
//!   property of §4.2);
//! - ENTER and the function's record, at the start of a function that code
//!   writing no trace may call: one visible to other objects or whose
//!   address is taken (`main`, callbacks, constructors, thread start
//!   routines). Regeneration follows direct calls between traced functions
//!   of one module by their CFGs, as the paper's multi-procedure
//!   regeneration does, and needs no token for them;
//! - RESUME after a call that is *opaque* to regeneration: through a
//!   pointer, or to a function that writes no trace but may call traced
//!   code back (`qsort`, `exit` and its `atexit` handlers, another object's
//!   code). Whatever the callee's callbacks write lies between the call and
//!   its RESUME. Calls of C library functions known never to call back
//!   (`calls::writes_nothing`) write nothing;
//! - LANDING, the function's record and the call site, when a `setjmp`
//!   returns a second time, so that regeneration unwinds the frames that
//!   `longjmp` skipped.
//!
//! The runtime keeps one buffer for the process, tags each thread's
//! tokens with the thread (a THREAD token at each switch) and writes the
//! trace next to the profile (`.ntrace` for `.nprof`). The profile of a
//! tracing build holds the CFG descriptors that regeneration reads, with
//! the witnessed edges and the calls that write to the trace, and no
//! counts.

pub mod calls;
pub mod plan;

use super::placement::{position, site, EdgeSplits};
use super::weights::Weight;
use super::FlowView;
use crate::ir::{Function, InstData, Signature, Type, UnaryOp};
use crate::profile::{FlowGraph, TracedCall, Tracing};
use nissecc_profile_format::trace::{token, RESUME};

/// `void __nisse_trace(u64 token)`: appends one token.
pub const TRACE_FUNCTION: &str = "__nisse_trace";
/// `void __nisse_trace_enter(const void *record)`: appends ENTER and the
/// record's number.
pub const ENTER_FUNCTION: &str = "__nisse_trace_enter";
/// `void __nisse_trace_setjmp(const void *record, u64 site, i64 result)`:
/// appends LANDING, the record's number and the site when `result` is
/// not 0 (the `setjmp` returned a second time).
pub const SETJMP_FUNCTION: &str = "__nisse_trace_setjmp";

/// The runtime entry points, with their signatures.
pub fn runtime_functions() -> [(&'static str, Signature); 3] {
    [
        (TRACE_FUNCTION, Signature::scalars(vec![Type::I64], None, false)),
        (ENTER_FUNCTION, Signature::scalars(vec![Type::I64], None, false)),
        (SETJMP_FUNCTION, Signature::scalars(vec![Type::I64, Type::I64, Type::I64], None, false)),
    ]
}

/// What instrumenting one function for tracing did.
pub struct Traced {
    /// The witnessed flow edges, in witness order.
    pub witnessed: Vec<u32>,
    pub tracing: Tracing,
    pub split_edges: usize,
}

/// Instruments `func` (whose CFG before instrumentation `view` describes)
/// for tracing. `classify` tells, for a direct callee's name, whether it
/// is a traced function of this module (its profile name), and
/// `record_symbol` is the function's record.
pub fn instrument(
    func: &mut Function,
    view: &FlowView,
    weights: &[Weight],
    every_predicate: bool,
    announces: bool,
    traced_callee: impl Fn(&str) -> Option<String>,
    record_symbol: &str,
) -> Traced {
    let FlowView { cfg, shape, calls: sites, graph } = view;
    let calls = calls::traced_calls(func, cfg, &traced_callee);
    let mut call_vertex = vec![false; graph.num_vertices() as usize];
    for call in &calls {
        call_vertex[vertex_of_call(view, call) as usize] = true;
    }
    let witnessed = plan::plan(graph, weights, &call_vertex, every_predicate);

    // Witnesses first: a RESUME goes right after its call, before the
    // witness of the call's continuation.
    let mut splits = EdgeSplits::default();
    let insts: Vec<_> = calls.iter().map(|c| func.blocks[cfg.blocks()[c.block as usize]].insts[c.inst as usize]).collect();
    for (i, &e) in witnessed.iter().enumerate() {
        // `site` never gives a setjmp's returns (they are never witnessed)
        // nor a header start.
        let (block, index) = position(func, cfg, sites, &mut splits, site(graph, e));
        insert_call(func, block, index, TRACE_FUNCTION, &[Arg::Const(token(i as u64) as i64)]);
    }
    for (call, &inst) in calls.iter().zip(&insts) {
        if call.callee.is_none() {
            let block = func.block_of(inst).expect("the call is placed");
            let at = func.blocks[block].insts.iter().position(|&x| x == inst).expect("in its block") + 1;
            insert_call(func, block, at, TRACE_FUNCTION, &[Arg::Const(RESUME as i64)]);
        }
    }
    for (s, site) in shape.call_sites.iter().enumerate() {
        if site.exit == crate::profile::CallExit::ReturnsTwice {
            let call = sites[s];
            let result = func.inst_result(call).expect("setjmp returns an int");
            let block = func.block_of(call).expect("the call is placed");
            let at = func.blocks[block].insts.iter().position(|&x| x == call).expect("in its block") + 1;
            insert_call(func, block, at, SETJMP_FUNCTION, &[Arg::Symbol(record_symbol), Arg::Const(s as i64), Arg::Value(result)]);
        }
    }
    if announces {
        let entry = cfg.blocks()[0];
        insert_call(func, entry, 0, ENTER_FUNCTION, &[Arg::Symbol(record_symbol)]);
    }
    Traced { witnessed, tracing: Tracing { announces, calls }, split_edges: splits.len() }
}

/// The flow vertex that holds `call`: the segment of its block that it
/// lies in (a call that may not return ends its segment).
pub fn vertex_of_call(view: &FlowView, call: &TracedCall) -> u32 {
    segment_vertex(&view.graph, &view.shape.call_sites, call.block, call.inst)
}

/// The flow vertex of the segment of block `block` that holds instruction
/// `inst`: the number of call sites of the block before it.
pub fn segment_vertex(graph: &FlowGraph, sites: &[crate::profile::CallSite], block: u32, inst: u32) -> u32 {
    let before = sites.iter().filter(|s| s.block == block && s.inst < inst).count() as u32;
    graph.block_entry(block) + before
}

/// An argument of an inserted runtime call.
enum Arg<'a> {
    Const(i64),
    Symbol(&'a str),
    /// A value of the function, extended to 64 bits.
    Value(crate::ir::Value),
}

/// Inserts the call `name(args)` into `block` before instruction `index`.
fn insert_call(func: &mut Function, block: crate::ir::Block, index: usize, name: &str, args: &[Arg]) {
    let mut at = index;
    let mut values = Vec::new();
    for arg in args {
        let (data, ty) = match *arg {
            Arg::Const(imm) => (InstData::Iconst { imm }, Type::I64),
            Arg::Symbol(symbol) => (InstData::SymbolAddr { symbol: symbol.to_string(), offset: 0 }, Type::I64),
            Arg::Value(value) if func.value_type(value) == Type::I64 => {
                values.push(value);
                continue;
            }
            Arg::Value(value) => (InstData::Unary { op: UnaryOp::Sextend, arg: value }, Type::I64),
        };
        let inst = func.insert_inst(block, at, data, Some(ty));
        at += 1;
        values.push(func.inst_result(inst).expect("a value"));
    }
    let sig = runtime_functions().into_iter().find(|(n, _)| *n == name).expect("a runtime function").1;
    func.insert_inst(block, at, InstData::Call { callee: crate::ir::Callee::Direct(name.to_string()), sig, args: values }, None);
}
