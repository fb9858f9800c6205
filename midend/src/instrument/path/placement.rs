//! The path-profiling rewrite of a function's IR (Ball & Larus, "Efficient
//! Path Profiling", MICRO 1996, §3.4–3.5; Preuss, "Implementation of Path
//! Profiling in LLVM", §3.4 for early termination).
//!
//! The path register `r` is SSA: every block but the entry gets one more
//! `i64` parameter, and every branch passes the register's value for that
//! successor, so an increment on an edge is an addition in the source (or
//! target) block and never needs a split edge. The register is tracked as
//! a constant as long as it is one, so increments after the
//! initialisation fold into it and a count at a known path number reads a
//! fixed address (the note's folding into the initialisation and the
//! count). Where `increments.rs` puts the additions:
//!
//! - the function starts with `r = 0`;
//! - a tree edge adds nothing; a chord adds `Inc` where `increment_site`
//!   says;
//! - a `return` counts path `r + Inc(return)`;
//! - a call that may not return counts path `r + Inc(early exit)` before
//!   the call and uncounts it after the call returns, so that a path open
//!   when the program ends inside the call (`exit()` from any depth) is
//!   counted as ending at that call site and no other is; a call that
//!   never returns just counts it;
//! - after a `setjmp`, the register is `r + Inc(continuation)` if the call
//!   returned 0 and `Inc(ENTRY → v)` of its re-entry edge otherwise: a
//!   `longjmp` landed, and a new path starts there (its previous path was
//!   counted at the call it left through);
//! - a cut edge (a back edge, or a truncation edge) counts path
//!   `r + Inc(u → EXIT dummy)` and restarts with `r = Inc(ENTRY → h
//!   dummy)`. Its code must run on that edge only, so a cut CFG edge from
//!   a block with several successors is split.
//!
//! Counting is `counts[r] += 1` on the function's dense array, updated
//! like the edge counters (`counter_array`: atomically or not, as
//! `-fprofile-update` says), or a call of the runtime's hash table,
//! [`HASH_COUNT_FUNCTION`] (or [`HASH_COUNT_ATOMIC_FUNCTION`]), when the
//! function has more paths than the array threshold.

use super::dag::DagEdgeKind;
use super::numbering::Numbering;
use super::increments::{increment_site, IncrementSite};
use crate::analysis::cfg::{split_edge, Cfg};
use crate::ir::{BinaryOp, Block, BlockCall, Callee, Function, Inst, InstData, IntCC, Signature, Type, UnaryOp, Value};
use crate::profile::{CallExit, FlowEdgeKind, FlowGraph, FunctionShape};
use crate::instrument::counter_array::{update_at, CounterArray, ProfileUpdate};
use nissecc_profile_format::abi::{HASH_COUNT_ATOMIC_FUNCTION, HASH_COUNT_FUNCTION};
use std::collections::HashMap;

/// Where a function's path counts live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Storage {
    /// A dense `u64` array with one count per path, at `symbol`.
    Array { symbol: String },
    /// The runtime's hash table, under the key `&symbol`.
    Hash { symbol: String },
}

impl Storage {
    /// The storage of a function with `paths` paths under
    /// `-fpath-array-threshold=array_threshold`, named by `counters`.
    pub fn for_paths(paths: u64, array_threshold: u64, counters: CounterArray) -> Storage {
        let symbol = counters.symbol.to_string();
        if paths > array_threshold {
            Storage::Hash { symbol }
        } else {
            Storage::Array { symbol }
        }
    }

    pub fn hashed(&self) -> bool {
        matches!(self, Storage::Hash { .. })
    }

    /// The record flags that tell the runtime how to read the counts.
    pub fn flags(&self) -> u64 {
        if self.hashed() {
            nissecc_profile_format::abi::FLAG_PATH_HASH
        } else {
            nissecc_profile_format::abi::FLAG_PATH_ARRAY
        }
    }
}

/// The runtime's entry point that counts a hashed path under `update`.
pub fn hash_count_function(update: ProfileUpdate) -> &'static str {
    match update {
        ProfileUpdate::Single => HASH_COUNT_FUNCTION,
        ProfileUpdate::Atomic => HASH_COUNT_ATOMIC_FUNCTION,
    }
}

/// The signature of [`HASH_COUNT_FUNCTION`] and its atomic twin:
/// `(key, path, delta)`.
pub fn hash_count_signature() -> Signature {
    Signature::scalars(vec![Type::I64, Type::I64, Type::I64], None, false)
}

/// What the path register does on one flow edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeCode {
    /// Adds the constant: a live edge of the numbered graph.
    Add(u64),
    /// Counts the path that ends on the edge and starts the next one: a
    /// cut edge (a back edge, a truncation or a disconnection).
    Cut { end: Count, start: Start },
    /// Ends the path at EXIT: a `return` or an early exit.
    End(Count),
    /// Starts a path where a `longjmp` landed: a re-entry after `setjmp`.
    Restart(Start),
    /// Becomes [`POISON`]: the edge is cold (targeted path profiling).
    Poison,
    /// Leaves the register alone: no count that uses it can follow.
    Keep,
}

/// What a path's end counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// The path whose number is the register plus the constant.
    Path(u64),
    /// The same, or the cold slot if the register may be poisoned there
    /// (targeted path profiling): the count goes to `min(r + k, paths)`.
    PathOrCold(u64),
    /// The cold slot (targeted path profiling).
    Cold,
    /// Nothing.
    Nothing,
}

/// The register's value where a path starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    Const(u64),
    Poison,
    /// Whatever it held: nothing that follows counts it.
    Keep,
}

/// The path-register code of a whole function.
#[derive(Clone, Debug)]
pub struct RegisterCode {
    /// By flow edge.
    pub edges: Vec<EdgeCode>,
    /// The register at the function's entry.
    pub entry: Start,
    /// With a cold slot, the number of hot paths: the slot's index, where
    /// [`Count::PathOrCold`] sends a poisoned register.
    pub clamp: Option<u64>,
    /// The value a poisoned register gets (targeted path profiling).
    pub poison: u64,
}

impl RegisterCode {
    /// The code of Ball–Larus path profiling for `numbering`, whose edges
    /// have the increments `inc`.
    pub fn ball_larus(graph: &FlowGraph, numbering: &Numbering, inc: &[u64]) -> RegisterCode {
        let dag = &numbering.dag;
        let mut edges = vec![EdgeCode::Keep; graph.edges().len()];
        for e in dag.live_edges() {
            if let DagEdgeKind::Flow(f) = dag.edge(e).kind {
                let k = inc[e as usize];
                edges[f as usize] = match graph.edge(f).kind {
                    FlowEdgeKind::Return(_) | FlowEdgeKind::EarlyExit(_) => EdgeCode::End(Count::Path(k)),
                    FlowEdgeKind::ReEntry(_) => EdgeCode::Restart(Start::Const(k)),
                    _ => EdgeCode::Add(k),
                };
            }
        }
        for (c, cut) in dag.cuts().iter().enumerate() {
            let c = c as u32;
            let end = Count::Path(inc[dag.dummy(DagEdgeKind::End(c)) as usize]);
            let start = Start::Const(inc[dag.dummy(DagEdgeKind::Start(c)) as usize]);
            edges[cut.flow_edge as usize] = EdgeCode::Cut { end, start };
        }
        RegisterCode { edges, entry: Start::Const(0), clamp: None, poison: 0 }
    }

    fn code(&self, f: u32) -> EdgeCode {
        self.edges[f as usize]
    }

    /// Whether the code of flow edge `f`, out of a block with several
    /// successors, gets a block of its own: a count must run on that edge
    /// alone, and a poison, which runs rarely, would otherwise materialize
    /// its constant before the branch every time the block runs.
    fn splits(&self, f: u32) -> bool {
        matches!(self.code(f), EdgeCode::Cut { end, .. } if end != Count::Nothing) || self.code(f) == EdgeCode::Poison
    }
}

/// The path register's value at some point: a known constant or an SSA
/// value.
#[derive(Clone, Copy, Debug)]
enum Register {
    Const(u64),
    Value(Value),
}

impl Register {
    fn start(start: Start, r: Register, poison: u64) -> Register {
        match start {
            Start::Const(c) => Register::Const(c),
            Start::Poison => Register::Const(poison),
            Start::Keep => r,
        }
    }
}

/// Rewrites `func` (whose CFG before instrumentation is `cfg` and whose
/// shape's flow graph is `graph`) to keep the path register as `code`
/// says and count paths in `storage`, and returns how many edges it split.
/// `calls[i]` is call site `i` of the shape.
#[allow(clippy::too_many_arguments)]
pub fn insert_path_counting(
    func: &mut Function,
    cfg: &Cfg,
    shape: &FunctionShape,
    graph: &FlowGraph,
    code: &RegisterCode,
    calls: &[Inst],
    storage: &Storage,
    update: ProfileUpdate,
) -> usize {
    let flow_of = |kind| graph.edge_of(kind).expect("the shape has this edge");

    // Edges that count a path (or poison the register) out of blocks with
    // several successors get a block of their own, which counts the ending
    // path and restarts the register (or poisons it).
    let mut splits: HashMap<Block, u32> = HashMap::new();
    for (i, edge) in cfg.edges().enumerate() {
        let f = flow_of(FlowEdgeKind::Cfg(i as u32));
        if code.splits(f) && cfg.succs(cfg.edge(edge).from).len() > 1 {
            splits.insert(split_edge(func, cfg, edge), f);
        }
    }

    let entry = func.entry().expect("an instrumented function has a body");
    let layout = func.layout.clone();
    let mut params = HashMap::new();
    for &block in layout.iter().filter(|&&b| b != entry) {
        params.insert(block, func.append_block_param(block, Type::I64));
    }
    let position: HashMap<Block, u32> = cfg.blocks().iter().enumerate().map(|(i, &b)| (b, i as u32)).collect();
    let sites_of_block = |b: u32| shape.call_sites.iter().enumerate().filter(move |(_, s)| s.block == b);

    for &block in &layout {
        let original = std::mem::take(&mut func.blocks[block].insts);
        let mut out = Emitter { func: &mut *func, block, insts: Vec::with_capacity(original.len() + 8), storage, update, clamp: code.clamp, poison: code.poison };
        let mut r = if block == entry { Register::start(code.entry, Register::Const(0), code.poison) } else { Register::Value(params[&block]) };
        let (body, terminator) = original.split_at(original.len() - 1);
        let terminator = terminator[0];

        if let Some(&f) = splits.get(&block) {
            r = out.run(r, code.code(f));
            out.insts.extend_from_slice(body);
            let value = out.materialize(r);
            out.finish(terminator, &[value]);
            continue;
        }
        let Some(&b) = position.get(&block) else {
            // Not in the CFG (unreachable): only keep the IR well formed.
            out.insts.extend_from_slice(body);
            let zero = out.materialize(Register::Const(0));
            let n = out.func.insts[terminator].successors().len();
            out.finish(terminator, &vec![zero; n]);
            continue;
        };

        // An increment deferred to this block by its only predecessor.
        if let [pred] = graph.preds(graph.block_entry(b)) {
            if let (FlowEdgeKind::Cfg(_), EdgeCode::Add(k), IncrementSite::Target) =
                (graph.edge(*pred).kind, code.code(*pred), increment_site(graph, *pred))
            {
                r = out.add(r, k);
            }
        }

        let mut sites = sites_of_block(b).peekable();
        for &inst in body {
            let Some((i, site)) = sites.next_if(|(i, _)| calls[*i] == inst) else {
                out.insts.push(inst);
                continue;
            };
            let i = i as u32;
            let continuation = code.code(flow_of(FlowEdgeKind::Continuation(i)));
            if site.exit == CallExit::ReturnsTwice {
                out.insts.push(inst);
                let EdgeCode::Restart(again) = code.code(flow_of(FlowEdgeKind::ReEntry(i))) else { unreachable!("a re-entry restarts") };
                r = out.after_setjmp(inst, r, continuation, again);
                continue;
            }
            let EdgeCode::End(end) = code.code(flow_of(FlowEdgeKind::EarlyExit(i))) else { unreachable!("an early exit ends a path") };
            let slot = out.slot(r, end);
            if let Some(slot) = slot {
                out.bump(slot, 1);
            }
            out.insts.push(inst);
            if site.exit == CallExit::MayNotReturn {
                if let Some(slot) = slot {
                    out.bump(slot, u64::MAX);
                }
                r = out.run(r, continuation);
            }
        }
        debug_assert!(sites.next().is_none(), "every call site of block {b} was found");

        let args: Vec<Value> = match &out.func.insts[terminator] {
            InstData::Return { .. } => {
                let EdgeCode::End(end) = code.code(flow_of(FlowEdgeKind::Return(b))) else { unreachable!("a return ends a path") };
                if let Some(slot) = out.slot(r, end) {
                    out.bump(slot, 1);
                }
                Vec::new()
            }
            data => {
                let slots = data.successors().len() as u32;
                let several = cfg.succs(block).len() > 1;
                (0..slots)
                    .map(|slot| {
                        let edge = cfg.edge_at(terminator, slot).expect("every successor slot is an edge");
                        let f = flow_of(FlowEdgeKind::Cfg(edge.as_u32()));
                        let value = match code.code(f) {
                            // The split block runs it.
                            _ if several && code.splits(f) => r,
                            EdgeCode::Add(_) if increment_site(graph, f) == IncrementSite::Target => r,
                            edge_code => out.run(r, edge_code),
                        };
                        out.materialize(value)
                    })
                    .collect()
            }
        };
        out.finish(terminator, &args);
    }
    splits.len()
}

/// Rebuilds one block's instruction list.
struct Emitter<'f> {
    func: &'f mut Function,
    block: Block,
    insts: Vec<Inst>,
    storage: &'f Storage,
    update: ProfileUpdate,
    clamp: Option<u64>,
    poison: u64,
}

/// Where one path's count lives, computed once for a count and its undo.
#[derive(Clone, Copy)]
enum CountSlot {
    /// The address of an array element: a value plus a byte offset.
    Address(Value, i32),
    /// The path number, for the hash table.
    Number(Value),
}

impl Emitter<'_> {
    fn emit(&mut self, data: InstData, ty: Option<Type>) -> Option<Value> {
        let inst = self.func.create_inst(data, ty);
        self.func.inst_block[inst] = self.block.into();
        self.insts.push(inst);
        self.func.inst_result(inst)
    }

    fn value(&mut self, data: InstData) -> Value {
        self.emit(data, Some(Type::I64)).expect("an i64 result")
    }

    fn materialize(&mut self, r: Register) -> Value {
        match r {
            Register::Const(c) => self.value(InstData::Iconst { imm: c as i64 }),
            Register::Value(v) => v,
        }
    }

    /// `r + k`, folded when `r` is a constant or `k` is 0.
    fn add(&mut self, r: Register, k: u64) -> Register {
        match r {
            _ if k == 0 => r,
            Register::Const(c) => Register::Const(c.wrapping_add(k)),
            Register::Value(v) => {
                let k = self.value(InstData::Iconst { imm: k as i64 });
                Register::Value(self.value(InstData::Binary { op: BinaryOp::Iadd, args: [v, k] }))
            }
        }
    }

    /// Where the count `end` of a path whose register is `r` lives, if it
    /// counts anything.
    fn slot(&mut self, r: Register, end: Count) -> Option<CountSlot> {
        match (end, self.clamp) {
            (Count::Nothing, _) => None,
            (Count::Path(k), _) => Some(self.path_slot(r, k)),
            (Count::Cold | Count::PathOrCold(_), None) => unreachable!("a cold slot exists only with a clamp"),
            (Count::Cold, Some(paths)) => Some(self.path_slot(Register::Const(paths), 0)),
            (Count::PathOrCold(k), Some(paths)) => Some(match self.add(r, k) {
                Register::Const(c) => self.path_slot(Register::Const(c.min(paths)), 0),
                Register::Value(number) => {
                    // A poisoned register is at least 2^63 (`tpp::POISON`):
                    // `min(number, paths)` sends it to the cold slot.
                    let limit = self.value(InstData::Iconst { imm: paths as i64 });
                    let hot = self.emit(InstData::Icmp { cond: IntCC::Ult, args: [number, limit] }, Some(Type::I8)).expect("a comparison");
                    let clamped = self.value(InstData::Select { cond: hot, if_true: number, if_false: limit });
                    self.path_slot(Register::Value(clamped), 0)
                }
            }),
        }
    }

    /// Where the count of path `r + k` lives. In an array, `k` folds into
    /// the address: a constant `r` into the symbol's offset, and otherwise
    /// into the load and store offset when it fits.
    fn path_slot(&mut self, r: Register, k: u64) -> CountSlot {
        let offset = (k as i64).checked_mul(8).and_then(|bytes| i32::try_from(bytes).ok());
        match (self.storage, r, offset) {
            // Only an array index in range may become a symbol offset;
            // anything else is in code that never runs, computed the
            // general way so that no odd relocation is emitted.
            (Storage::Array { symbol }, Register::Const(c), _) if c.wrapping_add(k) < 1 << 28 => {
                let counters = CounterArray { symbol, update: self.update };
                let (base, offset) = counters.element(c.wrapping_add(k) as usize);
                CountSlot::Address(self.value(InstData::SymbolAddr { symbol: symbol.clone(), offset: base }), offset)
            }
            (Storage::Array { symbol }, Register::Value(v), Some(offset)) => CountSlot::Address(self.element(symbol, v), offset),
            (Storage::Array { symbol }, _, _) => {
                let number = self.add(r, k);
                let number = self.materialize(number);
                CountSlot::Address(self.element(symbol, number), 0)
            }
            (Storage::Hash { .. }, _, _) => {
                let number = self.add(r, k);
                CountSlot::Number(self.materialize(number))
            }
        }
    }

    /// The address of element `index` of the array `symbol`.
    fn element(&mut self, symbol: &str, index: Value) -> Value {
        let base = self.value(InstData::SymbolAddr { symbol: symbol.to_string(), offset: 0 });
        let three = self.value(InstData::Iconst { imm: 3 });
        let offset = self.value(InstData::Binary { op: BinaryOp::Ishl, args: [index, three] });
        self.value(InstData::Binary { op: BinaryOp::Iadd, args: [base, offset] })
    }

    /// Adds `delta` (modulo 2^64) to a path's count.
    fn bump(&mut self, slot: CountSlot, delta: u64) {
        let delta = self.value(InstData::Iconst { imm: delta as i64 });
        self.bump_by(slot, delta);
    }

    /// Adds the `i64` value `delta` (modulo 2^64) to a path's count.
    fn bump_by(&mut self, slot: CountSlot, delta: Value) {
        match (slot, self.storage) {
            (CountSlot::Address(addr, offset), _) => {
                let update = self.update;
                update_at(&mut |data, ty| self.emit(data, ty), update, addr, offset, BinaryOp::Iadd, delta);
            }
            (CountSlot::Number(number), Storage::Hash { symbol }) => {
                let key = self.value(InstData::SymbolAddr { symbol: symbol.clone(), offset: 0 });
                let callee = Callee::Direct(hash_count_function(self.update).to_string());
                self.emit(InstData::Call { callee, sig: hash_count_signature(), args: vec![key, number, delta] }, None);
            }
            (CountSlot::Number(_), Storage::Array { .. }) => unreachable!("array slots are addresses"),
        }
    }

    /// The register after `call`, a `setjmp` whose continuation has the
    /// code `continuation`, given the register `r` before it. When the
    /// call returns 0 the path goes on along the continuation (which, if
    /// it is cut, counts the path ending there on that return only); when
    /// it returns again, a `longjmp` landed, whatever `r` held is stale,
    /// and a new path starts as `again` says.
    fn after_setjmp(&mut self, call: Inst, r: Register, continuation: EdgeCode, again: Start) -> Register {
        let result = self.func.inst_result(call).expect("setjmp returns an int");
        let ty = self.func.value_type(result);
        let zero = self.emit(InstData::Iconst { imm: 0 }, Some(ty)).expect("a constant");
        let first = self.emit(InstData::Icmp { cond: IntCC::Eq, args: [result, zero] }, Some(Type::I8)).expect("a comparison");
        let after_first = match continuation {
            EdgeCode::Cut { end, start } => {
                if let Some(slot) = self.slot(r, end) {
                    let once = self.value(InstData::Unary { op: UnaryOp::Uextend, arg: first });
                    self.bump_by(slot, once);
                }
                Register::start(start, r, self.poison)
            }
            code => self.run(r, code),
        };
        let if_true = self.materialize(after_first);
        let again = Register::start(again, Register::Const(0), self.poison);
        let if_false = self.materialize(again);
        Register::Value(self.value(InstData::Select { cond: first, if_true, if_false }))
    }

    /// Runs the code of an edge on the register `r`, counting a path that
    /// ends there, and returns the register after it.
    fn run(&mut self, r: Register, code: EdgeCode) -> Register {
        match code {
            EdgeCode::Add(k) => self.add(r, k),
            EdgeCode::Cut { end, start } => {
                if let Some(slot) = self.slot(r, end) {
                    self.bump(slot, 1);
                }
                Register::start(start, r, self.poison)
            }
            EdgeCode::Poison => Register::Const(self.poison),
            EdgeCode::Keep => r,
            EdgeCode::End(_) | EdgeCode::Restart(_) => unreachable!("no CFG edge ends or restarts a path"),
        }
    }

    /// Appends the terminator, with `args` added to its successors' block
    /// calls in slot order, and installs the new instruction list.
    fn finish(mut self, terminator: Inst, args: &[Value]) {
        for (call, &arg) in self.func.insts[terminator].successors_mut().into_iter().zip(args) {
            let BlockCall { args, .. } = call;
            args.push(arg);
        }
        self.insts.push(terminator);
        self.func.blocks[self.block].insts = self.insts;
    }
}
