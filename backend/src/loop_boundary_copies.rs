//! Values that cross a call before or after a call-free loop are copied
//! at the loop's boundary, once Cranelift's e-graph pass is done (see
//! `compile` in [`crate::module_emit`]), so that the loop and the call
//! each have a live range of their own.
//!
//! regalloc2 (Cranelift's allocator) merges a block parameter's live range
//! with those of the values passed to it when they do not overlap, and a
//! value's range runs from its definition to its last use. A call forces
//! a range that crosses it into a callee-saved register or apart, and
//! regalloc2 split such ranges inside the loop that they also span:
//! - **after the loop** (`loop-exit-copies`): in `bst_insert` (k157) the
//!   loop walks `link` and counts `depth`, which the `malloc` after the
//!   loop must preserve; regalloc2 moved both into callee-saved registers
//!   on every iteration, and back on the back edge with a `jmp` of its
//!   own, where gcc moves nothing;
//! - **before the loop** (`loop-entry-copies`): in `sieve` (k029) the
//!   pointer `largest` crosses the `memset` before the counting loop that
//!   stores through it; regalloc2 kept it in its argument register inside
//!   the loop and in a callee-saved one at the header, a `mov` each way
//!   per iteration.
//!
//! A loop is exited at a block when control comes from the loop, directly
//! or through blocks that only forward it (one predecessor, one
//! successor), such as the block that counts the exit edge under
//! instrumentation; a block inside another loop (the next loop's header)
//! is not a place to copy, since the copy would run on every iteration.
//!
//! So a value that a block after a loop reads after a call there, and
//! that the loop computes or passes to that block, is copied at the top of
//! the block, and the block and what it dominates read the copy; so are
//! the parameters of a block that a loop which calls exits to (its ranges
//! span the loop's calls and then go where the exit sends them, such as
//! the return register: k012's `removed`, k026, k052); and a
//! value defined before a call that precedes a loop, which the loop uses
//! as an address and nothing reads after it, is copied at the end of the
//! block that dominates the loop's header, and the loop reads the copy.
//! (Copying every value the loop reads, a bound such as k106's `limit`
//! too, moved registers in another loop of the function and cost k106
//! 12.6%; the pointers a loop stores through are what regalloc2 split.) The copy runs once per
//! entry or exit, not per iteration. This is live-range splitting at a
//! loop's boundary (Cooper and Torczon, "Engineering a Compiler", §13.4.3,
//! splitting around loops), which the midend cannot express because
//! Cranelift's e-graph removes copies; `crate::invariant_carriers`'
//! `call-split-carriers` rule is the same idea for invariants read before
//! a later call, which a header parameter can carry. Entry copies are
//! for loops that call nothing: copying what a loop that calls reads
//! gained k012 ×0.89 but cost the recursive `queens` (k064) 29%; and
//! copying every exit parameter of loops that call nothing cost k108 and
//! k060 14% and 8% (measured in docs/measurements.md).
//!
//! A copy is `iadd v, 0`, one `lea`, unless a load or store reads it as
//! an address: selection folds `iadd v, 0` into the address, which would
//! read `v` itself after the call again, so those copies are `bor v, 0`.

use crate::schedule::is_live_out;
use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::dominator_tree::DominatorTree;
use cranelift_codegen::flowgraph::ControlFlowGraph;
use cranelift_codegen::ir::{Block, Function, Inst, InstBuilder, InstructionData, Value, ValueDef};
use cranelift_codegen::loop_analysis::{Loop, LoopAnalysis};
use std::collections::HashSet;

/// The most values copied into one loop at its entry, so that the copies,
/// which live alongside what the loop itself needs, do not add spills.
const MAX_ENTRY_COPIES: usize = 4;

/// Applies the enabled rules to `func`, whose dominator tree is
/// `domtree`; returns how many values were copied.
pub(crate) fn copy_at_loop_boundaries(func: &mut Function, domtree: &DominatorTree) -> usize {
    let cfg = ControlFlowGraph::with_function(func);
    let mut loops = LoopAnalysis::new();
    loops.compute(func, &cfg, domtree);
    let calling: HashSet<Loop> = loops
        .loops()
        .filter(|&lp| func.layout.blocks().any(|b| loops.is_in_loop(b, lp) && block_calls(func, b)))
        .collect();
    let mut copied = 0;
    if nissecc_midend::pipeline::enabled("loop-exit-copies") {
        copied += copy_at_exits(func, &cfg, domtree, &loops, &calling);
    }
    if nissecc_midend::pipeline::enabled("loop-entry-copies") {
        copied += copy_at_entries(func, domtree, &loops, &calling);
    }
    copied
}

/// The rule for values that cross a call after a loop, and for the
/// values a loop that calls passes to the block it exits to.
fn copy_at_exits(func: &mut Function, cfg: &ControlFlowGraph, domtree: &DominatorTree, loops: &LoopAnalysis, calling: &HashSet<Loop>) -> usize {
    let mut copied = 0;
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for block in blocks {
        let exited: Vec<Loop> = cfg
            .pred_iter(block)
            .flat_map(|pred| through_forwarding_blocks(cfg, pred.block))
            .filter_map(|source| loops.innermost_loop(source))
            .flat_map(|lp| std::iter::successors(Some(lp), |&l| loops.loop_parent(l)))
            .filter(|&lp| !loops.is_in_loop(block, lp))
            .collect();
        if exited.is_empty() {
            continue;
        }
        // A copy at the top of a block in a loop that the exited loops are
        // not part of (the header of the next loop) would run on every
        // iteration of that loop.
        if let Some(own) = loops.innermost_loop(block) {
            if !exited.iter().all(|&lp| loops.is_child_loop(lp, own)) {
                continue;
            }
        }
        let (calls_in_loop, quiet): (Vec<Loop>, Vec<Loop>) = exited.iter().partition(|lp| calling.contains(lp));
        let mut crossing: Vec<Value> = Vec::new();
        if !calls_in_loop.is_empty() {
            crossing.extend(func.dfg.block_params(block));
        }
        let first_call = func.layout.block_insts(block).find(|&i| func.dfg.insts[i].opcode().is_call());
        if let (false, Some(first_call)) = (quiet.is_empty(), first_call) {
            let in_quiet = |b: Block| quiet.iter().any(|&lp| loops.is_in_loop(b, lp));
            let from_loop = |func: &Function, v: Value| match func.dfg.value_def(v) {
                ValueDef::Param(b, _) => b == block || in_quiet(b),
                ValueDef::Result(i, _) => func.layout.inst_block(i).is_some_and(in_quiet),
                _ => false,
            };
            let mut after = func.layout.next_inst(first_call);
            let mut read_after_call: Vec<Value> = Vec::new();
            while let Some(inst) = after {
                read_after_call.extend(func.dfg.inst_values(inst));
                after = func.layout.next_inst(inst);
            }
            read_after_call.extend(func.dfg.block_params(block).iter().copied().filter(|&p| is_live_out(func, p, block)));
            crossing.extend(read_after_call.into_iter().filter(|&v| from_loop(func, v)));
        }
        let mut seen = HashSet::new();
        crossing.retain(|&v| seen.insert(v));
        let reached = |b: Block| domtree.block_dominates(block, b);
        let in_exited = |b: Block| exited.iter().any(|&lp| loops.is_in_loop(b, lp));
        crossing.retain(|&v| is_copyable(func, v) && read_only_in(func, v, |b| reached(b) || in_exited(b)));
        let Some(top) = func.layout.first_inst(block) else { continue };
        if crossing.is_empty() {
            continue;
        }
        let readers: Vec<Inst> = func.layout.blocks().filter(|&b| reached(b)).flat_map(|b| func.layout.block_insts(b)).collect();
        for v in crossing {
            copy_for(func, v, top, &readers);
            copied += 1;
        }
    }
    copied
}

/// The most forwarding blocks [`through_forwarding_blocks`] walks back.
const MAX_FORWARDING_BLOCKS: usize = 4;

/// The blocks that control entering a block from `pred` comes through:
/// `pred`, and while a block has one predecessor and one successor, its
/// predecessor too. Such a block only forwards control, as the block that
/// counts a loop's exit edge under instrumentation does, so a loop that
/// exits through it is exited at its successor (k157's `bst_insert` under
/// `ks`: the exit counter's block stood between the loop and the `malloc`
/// after it, and `depth` went to a callee-saved register and back on
/// every iteration).
fn through_forwarding_blocks(cfg: &ControlFlowGraph, pred: Block) -> Vec<Block> {
    let mut sources = vec![pred];
    let mut current = pred;
    while sources.len() <= MAX_FORWARDING_BLOCKS && the_only(cfg.succ_iter(current)).is_some() {
        let Some(pred) = the_only(cfg.pred_iter(current)) else { break };
        current = pred.block;
        sources.push(current);
    }
    sources
}

/// The one item `items` yields, if it yields exactly one. It looks at two
/// items at most: a block that ends in a jump table can have thousands of
/// successors.
fn the_only<T>(mut items: impl Iterator<Item = T>) -> Option<T> {
    let first = items.next()?;
    items.next().is_none().then_some(first)
}

/// The rule for values that cross a call before a loop.
fn copy_at_entries(func: &mut Function, domtree: &DominatorTree, loops: &LoopAnalysis, calling: &HashSet<Loop>) -> usize {
    let mut copied = 0;
    for lp in loops.loops().filter(|lp| !calling.contains(lp)).collect::<Vec<_>>() {
        let header = loops.loop_header(lp);
        let Some(entry) = domtree.idom(header) else { continue };
        let Some(end) = func.layout.last_inst(entry) else { continue };
        let inside: Vec<Block> = func.layout.blocks().filter(|&b| loops.is_in_loop(b, lp)).collect();
        let after = reachable_outside(func, &inside, header);
        let mut candidates: Vec<Value> = Vec::new();
        for &b in &inside {
            for inst in func.layout.block_insts(b) {
                for v in func.dfg.inst_values(inst) {
                    let outside = match func.dfg.value_def(v) {
                        ValueDef::Param(d, _) => !loops.is_in_loop(d, lp),
                        ValueDef::Result(i, _) => func.layout.inst_block(i).is_some_and(|d| !loops.is_in_loop(d, lp)),
                        _ => false,
                    };
                    if outside && !candidates.contains(&v) && is_copyable(func, v) && !is_constant(func, v) {
                        candidates.push(v);
                    }
                }
            }
        }
        let readers: Vec<Inst> = inside.iter().flat_map(|&b| func.layout.block_insts(b)).collect();
        candidates.retain(|&v| {
            addresses_memory(func, &readers, v) && crosses_a_call_before(func, domtree, v, entry, end) && read_only_in(func, v, |b| !after.contains(&b))
        });
        candidates.truncate(MAX_ENTRY_COPIES);
        for v in candidates {
            copy_for(func, v, end, &readers);
            copied += 1;
        }
    }
    copied
}

/// Inserts a copy of `v` before `at` and points the `readers` (other than
/// the copy) at it.
fn copy_for(func: &mut Function, v: Value, at: Inst, readers: &[Inst]) {
    let ty = func.dfg.value_type(v);
    let as_address = addresses_memory(func, readers, v);
    let mut cursor = FuncCursor::new(func).at_inst(at);
    let zero = cursor.ins().iconst(ty, 0);
    let copy = if as_address { cursor.ins().bor(v, zero) } else { cursor.ins().iadd(v, zero) };
    let copy_inst = func.dfg.value_def(copy).unwrap_inst();
    for &inst in readers.iter().filter(|&&i| i != copy_inst) {
        func.dfg.map_inst_values(inst, |u| if u == v { copy } else { u });
    }
}

/// Whether a load or store among `readers` takes its address from `v`.
fn addresses_memory(func: &Function, readers: &[Inst], v: Value) -> bool {
    readers.iter().any(|&i| match func.dfg.insts[i] {
        InstructionData::Load { arg, .. } => arg == v,
        InstructionData::Store { args: [_, address], .. } => address == v,
        _ => false,
    })
}

/// Whether `v` is defined before a call that runs before the end of
/// `entry` (at `end`) on every path: a call after `v`'s definition in one
/// of the blocks from `v`'s block down the dominator tree to `entry`.
fn crosses_a_call_before(func: &Function, domtree: &DominatorTree, v: Value, entry: Block, end: Inst) -> bool {
    let (def_block, def_inst) = match func.dfg.value_def(v) {
        ValueDef::Param(b, _) => (b, None),
        ValueDef::Result(i, _) => match func.layout.inst_block(i) {
            Some(b) => (b, Some(i)),
            None => return false,
        },
        _ => return false,
    };
    let mut block = Some(entry);
    while let Some(b) = block {
        let calls_here = func.layout.block_insts(b).any(|i| {
            func.dfg.insts[i].opcode().is_call()
                && def_inst.is_none_or(|d| b != def_block || func.layout.pp_cmp(d, i).is_lt())
                && (b != entry || func.layout.pp_cmp(i, end).is_lt())
        });
        if calls_here {
            return true;
        }
        if b == def_block {
            return false;
        }
        block = domtree.idom(b);
    }
    false
}

/// The blocks outside a loop, whose blocks are `inside`, that control
/// reaches from its `header`.
fn reachable_outside(func: &Function, inside: &[Block], header: Block) -> HashSet<Block> {
    let mut visited: HashSet<Block> = HashSet::new();
    let mut work = vec![header];
    while let Some(b) = work.pop() {
        if visited.insert(b) {
            work.extend(func.block_successors(b));
        }
    }
    visited.retain(|b| !inside.contains(b));
    visited
}

/// Whether every reader of `v` is in a block that `allowed` accepts.
fn read_only_in(func: &Function, v: Value, allowed: impl Fn(Block) -> bool) -> bool {
    func.layout
        .blocks()
        .all(|b| allowed(b) || !func.layout.block_insts(b).any(|i| func.dfg.inst_values(i).any(|u| u == v)))
}

/// Whether `v` is an integer of at most 64 bits, which one instruction
/// copies.
fn is_copyable(func: &Function, v: Value) -> bool {
    let ty = func.dfg.value_type(v);
    ty.is_int() && ty.bits() <= 64
}

/// Whether `v` is an `iconst`, which selection rematerializes anyway.
fn is_constant(func: &Function, v: Value) -> bool {
    matches!(func.dfg.value_def(v), ValueDef::Result(i, _) if func.dfg.insts[i].opcode() == cranelift_codegen::ir::Opcode::Iconst)
}

/// Whether `block` calls a function.
fn block_calls(func: &Function, block: Block) -> bool {
    func.layout.block_insts(block).any(|i| func.dfg.insts[i].opcode().is_call())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_codegen::ir::condcodes::IntCC;
    use cranelift_codegen::ir::{types, AbiParam, ExtFuncData, ExternalName, MemFlagsData, Opcode, Signature, UserExternalName};
    use cranelift_codegen::isa::{CallConv, TargetFrontendConfig};
    use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};

    /// A function of two `i64` parameters that `build` fills, given a
    /// builder and a callable `i64 -> i64` function.
    fn function(build: impl FnOnce(&mut FunctionBuilder, cranelift_codegen::ir::FuncRef, [Value; 2])) -> Function {
        let mut sig = Signature::new(CallConv::SystemV);
        sig.params.extend([AbiParam::new(types::I64), AbiParam::new(types::I64)]);
        sig.returns.push(AbiParam::new(types::I64));
        let mut func = Function::with_name_signature(Default::default(), sig);
        let mut context = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut func, &mut context);
        let mut callee_sig = Signature::new(CallConv::SystemV);
        callee_sig.params.push(AbiParam::new(types::I64));
        callee_sig.returns.push(AbiParam::new(types::I64));
        let signature = b.import_signature(callee_sig);
        let name = b.func.declare_imported_user_function(UserExternalName::new(0, 0));
        let callee = b.import_function(ExtFuncData { name: ExternalName::User(name), signature, colocated: false, patchable: false });
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let params = b.block_params(entry);
        let params = [params[0], params[1]];
        build(&mut b, callee, params);
        b.seal_all_blocks();
        b.finalize(TargetFrontendConfig {
            default_call_conv: CallConv::SystemV,
            pointer_width: target_lexicon::PointerWidth::U64,
            page_size_align_log2: 12,
        });
        func
    }

    fn copy(func: &mut Function) -> usize {
        let cfg = ControlFlowGraph::with_function(func);
        let domtree = DominatorTree::with_function(func, &cfg);
        copy_at_loop_boundaries(func, &domtree)
    }

    /// What the value `v` is computed by, and from what.
    fn definition(func: &Function, v: Value) -> (Opcode, Vec<Value>) {
        let inst = func.dfg.value_def(v).unwrap_inst();
        (func.dfg.insts[inst].opcode(), func.dfg.inst_args(inst).to_vec())
    }

    /// k157's shape: a loop walks a list from `link` and counts `depth`,
    /// then the exit block calls a function and stores through `link` and
    /// returns `depth` plus the call's result. With `loop_calls`, the loop
    /// calls the function too. Returns the function, the exit block's
    /// parameters and its store.
    fn walk_then_call(loop_calls: bool) -> (Function, [Value; 2], Inst) {
        let mut out = None;
        let func = function(|b, callee, [list, _]| {
            let (body, exit) = (b.create_block(), b.create_block());
            let zero = b.ins().iconst(types::I64, 0);
            b.ins().jump(body, &[zero.into(), list.into()]);
            let [depth, link] = [types::I64, types::I64].map(|ty| b.append_block_param(body, ty));
            let [d, l] = [types::I64, types::I64].map(|ty| b.append_block_param(exit, ty));
            b.switch_to_block(body);
            let one = b.ins().iconst(types::I64, 1);
            let deeper = b.ins().iadd(depth, one);
            let next = b.ins().load(types::I64, MemFlagsData::trusted(), link, 0);
            if loop_calls {
                b.ins().call(callee, &[deeper]);
            }
            b.ins().brif(next, body, &[deeper.into(), next.into()], exit, &[deeper.into(), link.into()]);
            b.switch_to_block(exit);
            let size = b.ins().iconst(types::I64, 24);
            let call = b.ins().call(callee, &[size]);
            let fresh = b.inst_results(call)[0];
            let store = b.ins().store(MemFlagsData::trusted(), fresh, l, 0);
            let sum = b.ins().iadd(d, fresh);
            b.ins().return_(&[sum]);
            out = Some(([d, l], store));
        });
        let (params, store) = out.unwrap();
        (func, params, store)
    }

    #[test]
    fn values_read_after_a_call_after_a_loop_are_copied_at_its_exit() {
        let (mut func, [depth, link], store) = walk_then_call(false);
        assert_eq!(copy(&mut func), 2);
        // The store's address is a copy of `link`, a `bor` that selection
        // cannot fold into the address; the sum reads a copy of `depth`.
        let address = func.dfg.inst_args(store)[1];
        assert_eq!(definition(&func, address).0, Opcode::Bor);
        assert_eq!(definition(&func, address).1[0], link);
        let ret = func.layout.last_inst(func.layout.inst_block(store).unwrap()).unwrap();
        let sum = func.dfg.inst_args(ret)[0];
        let read = definition(&func, sum).1[0];
        assert_eq!(definition(&func, read), (Opcode::Iadd, vec![depth, definition(&func, read).1[1]]));
        // Both copies precede the call.
        let call = func.layout.block_insts(func.layout.inst_block(store).unwrap()).find(|&i| func.dfg.insts[i].opcode().is_call()).unwrap();
        for v in [address, read] {
            assert!(func.layout.pp_cmp(func.dfg.value_def(v).unwrap_inst(), call).is_lt());
        }
    }

    #[test]
    fn the_parameters_a_loop_that_calls_exits_with_are_copied() {
        let (mut func, [depth, link], store) = walk_then_call(true);
        assert_eq!(copy(&mut func), 2);
        let address = func.dfg.inst_args(store)[1];
        assert_eq!(definition(&func, address).1[0], link);
        let block = func.layout.inst_block(store).unwrap();
        let copies: Vec<Value> = func.layout.block_insts(block).filter_map(|i| func.dfg.inst_results(i).first().copied()).collect();
        assert!(copies.iter().any(|&v| matches!(func.dfg.value_def(v), ValueDef::Result(i, _) if func.dfg.insts[i].opcode() == Opcode::Iadd && func.dfg.inst_args(i)[0] == depth)));
    }

    #[test]
    fn no_copy_where_no_call_follows_a_loop_that_calls_nothing() {
        // The same loop without a call in it or after it.
        let mut func = function(|b, _, [list, _]| {
            let (body, exit) = (b.create_block(), b.create_block());
            let zero = b.ins().iconst(types::I64, 0);
            b.ins().jump(body, &[zero.into(), list.into()]);
            let [depth, link] = [types::I64, types::I64].map(|ty| b.append_block_param(body, ty));
            let d = b.append_block_param(exit, types::I64);
            b.switch_to_block(body);
            let one = b.ins().iconst(types::I64, 1);
            let deeper = b.ins().iadd(depth, one);
            let next = b.ins().load(types::I64, MemFlagsData::trusted(), link, 0);
            b.ins().brif(next, body, &[deeper.into(), next.into()], exit, &[deeper.into()]);
            b.switch_to_block(exit);
            b.ins().return_(&[d]);
        });
        assert_eq!(copy(&mut func), 0);
    }

    /// k029's shape: `out` crosses a call before a loop that stores
    /// through it and compares with `n`. With `read_after`, the block
    /// after the loop stores through `out` too. Returns the function and
    /// the loop's store.
    fn call_then_store(read_after: bool) -> (Function, Inst) {
        let mut out = None;
        let func = function(|b, callee, [pointer, n]| {
            let (body, exit) = (b.create_block(), b.create_block());
            b.ins().call(callee, &[n]);
            let zero = b.ins().iconst(types::I64, 0);
            b.ins().jump(body, &[zero.into()]);
            let i = b.append_block_param(body, types::I64);
            b.switch_to_block(body);
            let store = b.ins().store(MemFlagsData::trusted(), i, pointer, 0);
            let one = b.ins().iconst(types::I64, 1);
            let next = b.ins().iadd(i, one);
            let more = b.ins().icmp(IntCC::SignedLessThan, next, n);
            b.ins().brif(more, body, &[next.into()], exit, &[]);
            b.switch_to_block(exit);
            if read_after {
                b.ins().store(MemFlagsData::trusted(), n, pointer, 0);
            }
            b.ins().return_(&[n]);
            out = Some(store);
        });
        (func, out.unwrap())
    }

    #[test]
    fn an_address_defined_before_a_call_before_a_loop_is_copied_at_its_entry() {
        let (mut func, store) = call_then_store(false);
        let pointer = func.dfg.inst_args(store)[1];
        // `n` crosses the call too, but the loop only compares with it.
        assert_eq!(copy(&mut func), 1);
        let address = func.dfg.inst_args(store)[1];
        assert_ne!(address, pointer);
        assert_eq!(definition(&func, address).0, Opcode::Bor);
        assert_eq!(definition(&func, address).1[0], pointer);
        let entry = func.layout.entry_block().unwrap();
        assert_eq!(func.layout.inst_block(func.dfg.value_def(address).unwrap_inst()), Some(entry));
    }

    #[test]
    fn an_address_read_after_the_loop_is_not_copied() {
        let (mut func, _) = call_then_store(true);
        assert_eq!(copy(&mut func), 0);
    }
}
