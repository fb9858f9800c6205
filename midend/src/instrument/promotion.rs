//! Counter promotion (issue 18): the counters updated inside a loop are
//! kept in registers while the loop runs and added to the counter array
//! when it exits, as LLVM's `PGOCounterPromoter` does
//! (`llvm/lib/Transforms/Instrumentation/InstrProfiling.cpp`).
//!
//! For every outermost loop that qualifies, each counter the loop updates
//! gets a private stack slot, the *register*:
//!
//! - on every edge into the loop the register is set to 0;
//! - inside the loop every update of the counter updates the register
//!   instead (a plain load, add and store, even under
//!   `-fprofile-update=atomic`, since the register belongs to one
//!   activation of one thread);
//! - on every exit edge the register is added to the counter, through
//!   [`CounterArray::insert_update`], so atomically when updates are.
//!
//! `mem2reg` then turns the registers into SSA values, block parameters
//! of the loop headers. Adding (rather than LLVM's load before the loop
//! and store after it) keeps the counts exact when the loop calls a
//! function that updates the same counters, a recursive call of this
//! function: its counts go to memory, this activation's to its register,
//! and the exit adds the two.
//!
//! **Exactness under `exit()`.** A loop qualifies only if it has no call
//! that may not return (`analysis::noreturn`): a program that ends inside
//! such a call would lose the registers. (A flush before each such call
//! would keep them, but it costs more than the increments it saves, which
//! is why the SESE counters of `sese::select` weigh the same calls.) A
//! function that calls `setjmp` is never promoted: a `longjmp` back into
//! its loop would bring back a stale register.
//!
//! **Limits.** A loop qualifies when it is reducible and has at most
//! [`MAX_EXITS`] exit edges (each needs a flush), and it promotes at most
//! [`MAX_PROMOTED`] counters, those of its deepest blocks first, since
//! every promoted counter holds a register through the loop. The
//! outermost loop that qualifies is promoted: when a nest does not, its
//! inner loops are tried.
//!
//! Counters are recognised by their memory accesses: nothing but the
//! instrumentation reads or writes the counter array, and every access is
//! part of an update (`counter_array`). Only edge counters are promoted:
//! the dense arrays of path profiles are indexed by the path register.

use super::counter_array::{CounterArray, ATOMIC_ADD_FUNCTION};
use super::placement::EdgeSplits;
use crate::analysis::cfg::Cfg;
use crate::analysis::loops::{Loop, LoopForest};
use crate::analysis::noreturn::{NoReturn, ReturnBehaviour};
use crate::ir::{BinaryOp, Block, Callee, Edge, Function, Inst, InstData, StackSlot, Type, Value, ValueDef};
use std::collections::{BTreeMap, HashMap};

/// The most exit edges a promoted loop may have.
pub const MAX_EXITS: usize = 8;
/// The most counters promoted in one loop nest.
pub const MAX_PROMOTED: usize = 8;

/// One access to the counter array inside a loop.
#[derive(Clone, Copy, Debug)]
enum Access {
    /// A `load` or `store` of the counter, at the instruction.
    Memory(Inst),
    /// A call of [`ATOMIC_ADD_FUNCTION`] adding its second argument.
    AtomicAdd(Inst),
}

/// Promotes the counters of `counters` updated in the loops of `func`
/// (see the module comment), and returns how many it promoted. The caller
/// runs `mem2reg` afterwards.
pub fn promote_counters(func: &mut Function, counters: CounterArray, noreturn: &NoReturn) -> usize {
    if func.calls_returns_twice {
        return 0;
    }
    let cfg = Cfg::compute(func);
    let loops = LoopForest::compute(&cfg);
    let mut plans = Vec::new();
    let mut nests: Vec<Loop> = loops.roots().collect();
    while let Some(lp) = nests.pop() {
        match plan_loop(func, &cfg, &loops, lp, counters.symbol, noreturn) {
            Ok(Some(plan)) => plans.push(plan),
            Ok(None) => {}
            // A nest that does not qualify as a whole may have inner
            // loops that do, as LLVM's promoter finds by iterating.
            Err(Disqualified) => nests.extend(loops.data(lp).children.iter().copied()),
        }
    }
    let mut promoted = 0;
    let mut splits = EdgeSplits::default();
    for plan in plans {
        promoted += plan.registers.len();
        apply(func, &cfg, counters, plan, &mut splits);
    }
    promoted
}

/// What promotion does to one loop nest.
struct LoopPlan {
    /// The edges into the loop and out of it.
    entries: Vec<Edge>,
    exits: Vec<Edge>,
    /// By counter index: the register and the accesses it takes over.
    registers: BTreeMap<usize, (StackSlot, Vec<Access>)>,
}

/// Why a loop nest is not promoted as a whole (its inner loops may be).
struct Disqualified;

/// The plan for the loop nest `lp`, `None` when it updates no counter, or
/// an error when it does not qualify (module comment).
fn plan_loop(func: &mut Function, cfg: &Cfg, loops: &LoopForest, lp: Loop, symbol: &str, noreturn: &NoReturn) -> Result<Option<LoopPlan>, Disqualified> {
    let data = loops.data(lp);
    if !data.is_reducible || data.exits.is_empty() || data.exits.len() > MAX_EXITS {
        return Err(Disqualified);
    }
    let mut by_counter: HashMap<usize, (u32, Vec<Access>)> = HashMap::new();
    for &block in &data.blocks {
        let depth = loops.loop_depth(block);
        for &inst in &func.blocks[block].insts {
            let data = &func.insts[inst];
            if is_atomic_add(data) {
                let counter = atomic_add_counter(func, data, symbol).ok_or(Disqualified)?;
                record(&mut by_counter, counter, depth, Access::AtomicAdd(inst));
                continue;
            }
            if matches!(noreturn.call(func, data), Some(ReturnBehaviour::MayNotReturn | ReturnBehaviour::NeverReturns)) {
                return Err(Disqualified);
            }
            if let Some(counter) = memory_counter(func, data, symbol) {
                record(&mut by_counter, counter, depth, Access::Memory(inst));
            }
        }
    }
    let mut chosen: Vec<(usize, (u32, Vec<Access>))> = by_counter.into_iter().collect();
    chosen.sort_by_key(|(counter, (depth, _))| (std::cmp::Reverse(*depth), *counter));
    chosen.truncate(MAX_PROMOTED);
    if chosen.is_empty() {
        return Ok(None);
    }
    let entries = cfg.preds(data.header).iter().copied().filter(|e| !data.back_edges.contains(e)).collect();
    let registers = chosen.into_iter().map(|(counter, (_, accesses))| (counter, (func.create_stack_slot(8, 8), accesses))).collect();
    Ok(Some(LoopPlan { entries, exits: data.exits.clone(), registers }))
}

/// Notes an access to `counter` in a block at loop depth `depth`.
fn record(by_counter: &mut HashMap<usize, (u32, Vec<Access>)>, counter: usize, depth: u32, access: Access) {
    let entry = by_counter.entry(counter).or_insert((depth, Vec::new()));
    entry.0 = entry.0.max(depth);
    entry.1.push(access);
}

fn is_atomic_add(data: &InstData) -> bool {
    matches!(data, InstData::Call { callee: Callee::Direct(name), .. } if name == ATOMIC_ADD_FUNCTION)
}

/// The counter that the `load` or `store` `data` accesses in the array
/// `symbol`, if it accesses that array.
fn memory_counter(func: &Function, data: &InstData, symbol: &str) -> Option<usize> {
    let (addr, offset) = data.memory_address()?;
    let base = symbol_offset(func, addr, symbol)?;
    Some(((base + i64::from(offset)) / 8) as usize)
}

/// The counter that the atomic add `data` updates; `None` (which keeps
/// the loop as it is) if its address is not an element of `symbol`.
fn atomic_add_counter(func: &Function, data: &InstData, symbol: &str) -> Option<usize> {
    let InstData::Call { args, .. } = data else { return None };
    let addr = *args.first()?;
    let offset = match func.constant_offset(addr) {
        Some((base, offset)) => symbol_offset(func, base, symbol)? + offset,
        None => symbol_offset(func, addr, symbol)?,
    };
    Some((offset / 8) as usize)
}

/// The offset within `symbol` of the address `value`, when it is a
/// `symbol_addr` of it.
fn symbol_offset(func: &Function, value: Value, symbol: &str) -> Option<i64> {
    let ValueDef::Result(inst) = func.values[value].def else { return None };
    match &func.insts[inst] {
        InstData::SymbolAddr { symbol: s, offset } if s == symbol => Some(*offset),
        _ => None,
    }
}

/// Rewrites the accesses of `plan` to its registers, zeroes them on entry
/// and flushes them on exit. `cfg` is the CFG before any promotion, and
/// `splits` the blocks that already split its edges (an exit of one loop
/// nest may enter the next).
fn apply(func: &mut Function, cfg: &Cfg, counters: CounterArray, plan: LoopPlan, splits: &mut EdgeSplits) {
    for (slot, accesses) in plan.registers.values() {
        for &access in accesses {
            redirect(func, *slot, access);
        }
    }
    for &edge in &plan.entries {
        let (block, index) = edge_code_site(func, cfg, edge, true, splits);
        let mut at = index;
        for (slot, _) in plan.registers.values() {
            let zero = func.insert_inst(block, at, InstData::Iconst { imm: 0 }, Some(Type::I64));
            let zero = func.inst_result(zero).expect("a constant");
            let addr = func.insert_inst(block, at + 1, InstData::StackAddr { slot: *slot, offset: 0 }, Some(Type::I64));
            let addr = func.inst_result(addr).expect("an address");
            func.insert_inst(block, at + 2, InstData::Store { value: zero, addr, offset: 0 }, None);
            at += 3;
        }
    }
    for &edge in &plan.exits {
        let (block, mut at) = edge_code_site(func, cfg, edge, false, splits);
        for (&counter, (slot, _)) in &plan.registers {
            let addr = func.insert_inst(block, at, InstData::StackAddr { slot: *slot, offset: 0 }, Some(Type::I64));
            let addr = func.inst_result(addr).expect("an address");
            let count = func.insert_inst(block, at + 1, InstData::Load { addr, offset: 0 }, Some(Type::I64));
            let count = func.inst_result(count).expect("a count");
            at = counters.insert_update(func, block, at + 2, counter, BinaryOp::Iadd, count);
        }
    }
}

/// Where code for `edge` goes, as a block and an index: before the
/// source's terminator when `at_source` and the edge is its only way out,
/// at the start of the target when the edge is its only way in, and
/// otherwise before the jump of the block that splits the edge (split
/// once, whoever asks first).
fn edge_code_site(func: &mut Function, cfg: &Cfg, edge: Edge, at_source: bool, splits: &mut EdgeSplits) -> (Block, usize) {
    let data = *cfg.edge(edge);
    if let Some(block) = splits.existing(edge) {
        return (block, func.blocks[block].insts.len() - 1);
    }
    if at_source && cfg.succs(data.from).len() == 1 {
        return (data.from, func.blocks[data.from].insts.len() - 1);
    }
    if !at_source && cfg.preds(data.to).len() == 1 {
        return (data.to, 0);
    }
    let block = splits.block_on(func, cfg, edge);
    (block, func.blocks[block].insts.len() - 1)
}

/// Makes `access` read and write the register `slot` instead of the
/// counter array.
fn redirect(func: &mut Function, slot: StackSlot, access: Access) {
    let (Access::Memory(inst) | Access::AtomicAdd(inst)) = access;
    let block = func.block_of(inst).expect("an access is placed");
    let register = func.insert_before(block, inst, InstData::StackAddr { slot, offset: 0 }, Type::I64);
    match access {
        Access::Memory(_) => {
            func.insts[inst].set_memory_address(register, 0);
        }
        Access::AtomicAdd(_) => {
            let InstData::Call { args, .. } = &func.insts[inst] else { unreachable!("an atomic add") };
            let delta = args[1];
            let old = func.insert_before(block, inst, InstData::Load { addr: register, offset: 0 }, Type::I64);
            let new = func.insert_before(block, inst, InstData::Binary { op: BinaryOp::Iadd, args: [old, delta] }, Type::I64);
            func.insts[inst] = InstData::Store { value: new, addr: register, offset: 0 };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::instrument::{instrument_module, InstrumentOptions, ProfileUpdate};
    use crate::ir::{InstData, Module, ValueDef};
    use crate::profile::Strategy;
    use crate::text::parse_module;
    use crate::verifier::{print_module_errors, verify_module};

    /// A loop that leaves from its header (when the variable reaches 7)
    /// and from its latch (when it reaches the bound), a loop that calls a
    /// function that may not return, and a loop that does so around an
    /// inner loop that does not.
    const PROGRAM: &str = r#"
declare @ext(i32) -> i32

function @two_exits(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 0
    jump block1(v1)
block1(v2: i32):
    v3 = iconst.i32 7
    v4 = icmp eq v2, v3
    brif v4, block3(v2), block2
block2:
    v5 = iconst.i32 1
    v6 = iadd v2, v5
    v7 = icmp slt v6, v0
    brif v7, block1(v6), block3(v6)
block3(v8: i32):
    return v8
}

function @outer_calls(i32) -> i32 export {
block0(v0: i32):
    jump block1(v0)
block1(v1: i32):
    v2 = call @ext(v1) : (i32) -> i32
    jump block2(v2)
block2(v3: i32):
    v4 = iconst.i32 1
    v5 = isub v3, v4
    brif v5, block2(v5), block3
block3:
    brif v1, block1(v5), block4
block4:
    return v1
}

function @calls_out(i32) -> i32 export {
block0(v0: i32):
    jump block1(v0)
block1(v1: i32):
    v2 = call @ext(v1) : (i32) -> i32
    brif v2, block1(v2), block2
block2:
    return v1
}
"#;

    fn instrumented(update: ProfileUpdate) -> Module {
        let mut module = parse_module(PROGRAM).unwrap_or_else(|e| panic!("{e}"));
        let options = InstrumentOptions { strategy: Strategy::Naive, weights: None, path_array_threshold: 0, tpp_cold_ppm: 0, tpp_loop_trip_milli: 0, update, promote: true, values: None };
        let report = instrument_module(&mut module, &options);
        if let Err(errors) = verify_module(&module) {
            panic!("{}", print_module_errors(&module, &errors));
        }
        let promoted = |name: &str| report.functions.iter().find(|f| f.name == name).expect("instrumented").promoted;
        // Naive counts every edge; of two_exits's, the two inside the
        // loop (header to latch, and the back edge, on a block that splits
        // it) have their counters in it. The two exits' counters sit on
        // blocks that split those edges, outside the loop.
        assert_eq!(promoted("two_exits"), 2);
        // ext may not return, so that loop keeps its counters in memory,
        // but the inner loop of outer_calls, which calls nothing, has its
        // back edge's counter promoted.
        assert_eq!(promoted("calls_out"), 0);
        assert_eq!(promoted("outer_calls"), 1);
        module
    }

    /// The counter-array accesses (loads, stores, atomic adds) of `name`,
    /// as the number of blocks that hold one.
    fn blocks_touching_counters(module: &Module, name: &str) -> usize {
        let func = module.function(name).expect("defined");
        let symbol = format!("__nisse_cnt.{name}");
        let is_counter = |v| matches!(func.values[v].def, ValueDef::Result(i) if matches!(&func.insts[i], InstData::SymbolAddr { symbol: s, .. } if *s == symbol));
        func.layout
            .iter()
            .filter(|&&b| {
                func.blocks[b].insts.iter().any(|&i| match &func.insts[i] {
                    InstData::Load { addr, .. } | InstData::Store { addr, .. } => is_counter(*addr),
                    InstData::Call { args, .. } => args.first().is_some_and(|&a| is_counter(a) || func.constant_offset(a).is_some_and(|(b, _)| is_counter(b))),
                    _ => false,
                })
            })
            .count()
    }

    #[test]
    fn promoted_counters_are_flushed_only_on_exits() {
        for update in [ProfileUpdate::Single, ProfileUpdate::Atomic] {
            let module = instrumented(update);
            // Only the entry block (its edge into the loop is counted), the
            // blocks on the two exits (the flushes, then each exit's own
            // counter) and the returning block (its edge to EXIT) touch the
            // array.
            assert_eq!(blocks_touching_counters(&module, "two_exits"), 4, "{update:?}\n{module}");
        }
    }
}
