//! Profile-guided inlining: a call site that ran often, to a small
//! function of the same module, is replaced by a copy of the callee's
//! body, which saves the call, the callee's prologue and epilogue and the
//! argument and result moves on every execution, and lets the later layout
//! transforms see the callee's branches in context (the inlining half of
//! Pettis & Hansen's motivation; the heuristic is the usual
//! "hot call site, small callee" of profile-guided inliners such as
//! Chang, Mahlke, Chen and Hwu, "Profile-guided automatic inline
//! expansion for C programs", SP&E 1992, §3).
//!
//! A site is inlined when its block ran at least [`HOT_SITE_FRACTION`] of
//! the module's hottest block count, and the callee is defined in the
//! module, has at most [`MAX_CALLEE_INSTS`] instructions, is not variadic
//! and does not call itself. One level only: calls inside an inlined body
//! stay calls. A very hot site, one that ran at least
//! [`VERY_HOT_SITE_FRACTION`] of the hottest count, may inline callees of
//! up to [`MAX_HOT_CALLEE_INSTS`] instructions, as LLVM's inliner raises
//! its threshold from 225 to 3000 for hot call sites (`InlineCost.cpp`,
//! `-hot-callsite-threshold`). Round 4 measured the pair (400, 10%) on
//! the kernels: k115's `ht_op` (118 instructions, called 150,000 times)
//! ×1.030 → ×1.248 over plain `-O2`, k159 ×1.017 → ×1.107, k052
//! ×1.005 → ×1.092, k122 ×1.000 → ×1.028. With 5% instead of 10%, k158's
//! `pq_op` (181 instructions, with its loops) was inlined into `main`'s
//! loop and cost 13%.
//!
//! A site that runs once per run is never hot, however small the profile,
//! as in GCC's `cgraph_edge::maybe_hot_p` (gcc/cgraph.cc): a callee
//! entered at most once, or a site that ran less than 1.5 times per entry
//! of a caller entered once (straight-line code of `main`), saves one
//! call's overhead at most. Its cost does not scale with the count: a
//! once-called function whose loop ran a few times on the training input
//! may run millions of times on another, and inlined into `main` it
//! competes for registers with `main`'s own values (k019: 1.7% slower
//! with the previous input's profile).
//!
//! The rewrite, in SSA with block parameters:
//! 1. the call's block is split after the call; the rest of the block
//!    moves to a continuation block whose one parameter (if the call had a
//!    result) replaces the call's result everywhere;
//! 2. the callee's blocks, values and stack slots are copied, and the
//!    copy's `return v` becomes `jump continuation(v)`;
//! 3. the call becomes `jump copy_of_entry(args)`: the copied entry keeps
//!    its parameters, so a callee that branches back to its entry works.
//!
//! The copied blocks and edges carry the callee's counts scaled by the
//! share of the callee's entries that came from this site (a nonzero
//! count stays nonzero, so only code that never ran becomes cold).

use super::annotate::{entry_count, hottest_block};
use crate::ir::{Block, BlockCall, Callee, Function, Inst, InstData, Linkage, Module, StackSlot, Value, ValueData, ValueDef};
use std::collections::HashMap;

/// The largest callee, in instructions, that is inlined at a hot site.
pub const MAX_CALLEE_INSTS: usize = 100;

/// The largest callee, in instructions, that is inlined at a very hot
/// site.
pub const MAX_HOT_CALLEE_INSTS: usize = 400;

/// A call site is hot when its block ran at least this fraction of the
/// module's hottest block count.
pub const HOT_SITE_FRACTION: f64 = 0.01;

/// A call site is very hot when its block ran at least this fraction of
/// the module's hottest block count.
pub const VERY_HOT_SITE_FRACTION: f64 = 0.1;

/// Inlines the hot call sites of every annotated function of `module`;
/// returns how many sites were inlined.
pub fn inline_hot_calls(module: &mut Module) -> usize {
    let hottest = module.functions.iter().filter_map(hottest_block).max().unwrap_or(0);
    if hottest == 0 {
        return 0;
    }
    let threshold = ((hottest as f64 * HOT_SITE_FRACTION).ceil() as u64).max(1);
    let very_hot = ((hottest as f64 * VERY_HOT_SITE_FRACTION).ceil() as u64).max(1);
    let candidates: HashMap<String, Function> =
        module.functions.iter().filter(|f| is_inlinable(f)).map(|f| (f.name.clone(), f.clone())).collect();
    let mut inlined = 0;
    for func in &mut module.functions {
        let sites = hot_call_sites(func, &candidates, threshold, very_hot);
        if sites.is_empty() {
            continue;
        }
        for (call, callee) in sites {
            inline_call(func, call, callee);
            inlined += 1;
        }
        if crate::pipeline::enabled("inline-cleanup") {
            clean_up(func);
        }
    }
    inlined
}

/// Specializes the copied bodies of `func` to their call sites. Every
/// copy begins with a block whose parameters are the call's arguments:
/// merged into the call's block, a constant argument folds the copy's
/// tests of it, a repeated computation is numbered as the caller's, and
/// a local whose address only the callee received becomes a value.
fn clean_up(func: &mut Function) {
    use crate::transform::{eliminate_dead_code, fold_address_offsets, fold_constants, mem2reg, number_values, simplify_cfg};
    simplify_cfg(func);
    if fold_constants(func) > 0 {
        simplify_cfg(func);
    }
    if !func.calls_returns_twice {
        mem2reg(func);
    }
    number_values(func);
    fold_address_offsets(func);
    eliminate_dead_code(func);
}

/// Whether `func` may be copied into its callers.
fn is_inlinable(func: &Function) -> bool {
    // A copy of a function that reads its frame would read its caller's.
    if func.layout.is_empty() || func.signature.variadic || func.calls_returns_twice || func.linkage == Linkage::Weak || crate::ir::frame::reads_frame(func) {
        return false;
    }
    let insts = func.size();
    let calls_itself = func.layout.iter().flat_map(|&b| &func.blocks[b].insts).any(|&inst| {
        matches!(&func.insts[inst], InstData::Call { callee: Callee::Direct(name), .. } if *name == func.name)
    });
    insts <= MAX_HOT_CALLEE_INSTS && !calls_itself
}

/// The hot direct calls of `func` to `candidates`, with their callees.
fn hot_call_sites<'c>(
    func: &Function,
    candidates: &'c HashMap<String, Function>,
    threshold: u64,
    very_hot: u64,
) -> Vec<(Inst, &'c Function)> {
    let mut sites = Vec::new();
    for &block in &func.layout {
        if func.blocks[block].count.unwrap_or(0) < threshold {
            continue;
        }
        for &inst in &func.blocks[block].insts {
            let InstData::Call { callee: Callee::Direct(name), sig, args } = &func.insts[inst] else { continue };
            let Some(callee) = candidates.get(name) else { continue };
            if runs_once_per_run(func, block, callee) {
                continue;
            }
            if callee.size() > MAX_CALLEE_INSTS && func.blocks[block].count.unwrap_or(0) < very_hot {
                continue;
            }
            let types_match = callee.signature.params.len() == args.len()
                && args.iter().zip(&callee.signature.params).all(|(&a, &t)| func.value_type(a) == t)
                && sig.ret == callee.signature.ret;
            if callee.name != func.name && types_match {
                sites.push((inst, callee));
            }
        }
    }
    sites
}

/// True when a call from `block` of `caller` to `callee` runs once per
/// run of the program (see the module comment): the callee was entered at
/// most once, or the caller was entered once and the site ran less than
/// 1.5 times as often as the caller.
fn runs_once_per_run(caller: &Function, block: Block, callee: &Function) -> bool {
    let site = caller.blocks[block].count.unwrap_or(0);
    let callee_entries = entry_count(callee).unwrap_or(0);
    let caller_entries = entry_count(caller).unwrap_or(0);
    callee_entries <= 1 || (caller_entries == 1 && 2 * site < 3 * caller_entries)
}

/// Replaces `call` in `func` by a copy of `callee` (see the module
/// comment).
fn inline_call(func: &mut Function, call: Inst, callee: &Function) {
    let block = func.block_of(call).expect("the call is placed");
    let site_count = func.blocks[block].count;
    let position = func.blocks[block].insts.iter().position(|&i| i == call).expect("the call is in its block");
    let InstData::Call { args, .. } = func.insts[call].clone() else { unreachable!("a call") };

    // 1. The continuation.
    let cont = func.blocks.push(Default::default());
    func.blocks[cont].count = site_count;
    func.block_lines[cont] = func.block_lines[block];
    let rest = func.blocks[block].insts.split_off(position + 1);
    func.blocks[block].insts.pop();
    for &inst in &rest {
        func.inst_block[inst] = cont.into();
    }
    func.blocks[cont].insts = rest;
    let result = func.inst_result(call).map(|r| {
        let param = func.append_block_param(cont, func.value_type(r));
        crate::transform::edit::replace_uses(func, |v| if v == r { param } else { v });
        param
    });
    // `replace_uses` only sees the layout's blocks.
    if let Some(param) = result {
        let r = func.inst_result(call).expect("the call has a result");
        for &inst in &func.blocks[cont].insts.clone() {
            func.insts[inst].map_uses(|v| if v == r { param } else { v });
        }
    }

    // 2. The copy of the callee.
    let scale = |count: Option<u64>| scaled(count, site_count, entry_count(callee));
    let mut slots: HashMap<StackSlot, StackSlot> = HashMap::new();
    let mut blocks: HashMap<Block, Block> = HashMap::new();
    let mut values: HashMap<Value, Value> = HashMap::new();
    for &b in &callee.layout {
        let copy = func.blocks.push(Default::default());
        func.blocks[copy].count = scale(callee.blocks[b].count);
        func.block_lines[copy] = callee.block_lines[b];
        for &param in &callee.blocks[b].params {
            values.insert(param, func.append_block_param(copy, callee.value_type(param)));
        }
        for &inst in &callee.blocks[b].insts {
            if let Some(r) = callee.inst_result(inst) {
                let placeholder = ValueDef::Param(copy, u32::MAX);
                values.insert(r, func.values.push(ValueData { ty: callee.value_type(r), def: placeholder }));
            }
        }
        blocks.insert(b, copy);
    }
    for &b in &callee.layout {
        let copy = blocks[&b];
        for &inst in &callee.blocks[b].insts {
            let mut data = callee.insts[inst].clone();
            data.map_uses(|v| values[&v]);
            for dest in data.successors_mut() {
                dest.block = blocks[&dest.block];
                dest.count = scale(dest.count);
            }
            if let InstData::StackAddr { slot, .. } = &mut data {
                let original = callee.stack_slots[*slot];
                *slot = *slots.entry(*slot).or_insert_with(|| func.create_stack_slot(original.size, original.align));
            }
            if let InstData::Return { value } = data {
                let mut dest = BlockCall::new(cont, value.iter().filter(|_| result.is_some()).copied().collect());
                dest.count = func.blocks[copy].count;
                data = InstData::Jump { dest };
            }
            let new = func.insts.push(data);
            if let Some(r) = callee.inst_result(inst) {
                let value = values[&r];
                func.results[new] = value.into();
                func.values[value].def = ValueDef::Result(new);
            }
            func.inst_block[new] = copy.into();
            func.blocks[copy].insts.push(new);
        }
    }

    // 3. The call becomes a jump into the copy.
    let entry = blocks[&callee.entry().expect("the callee has a body")];
    let mut dest = BlockCall::new(entry, args);
    dest.count = site_count;
    func.append_inst(block, InstData::Jump { dest }, None);
    let at = func.layout.iter().position(|&b| b == block).expect("the block is in the layout") + 1;
    let copies: Vec<Block> = callee.layout.iter().map(|b| blocks[b]).chain([cont]).collect();
    func.layout.splice(at..at, copies);
}

/// A callee's count scaled to one call site: `count × site / entries`,
/// rounded, but at least 1 when `count` is nonzero.
fn scaled(count: Option<u64>, site: Option<u64>, entries: Option<u64>) -> Option<u64> {
    let (count, site, entries) = (count?, site?, entries?);
    if count == 0 || entries == 0 {
        return Some(0);
    }
    let value = (count as u128 * site as u128 / entries as u128).max(1);
    Some(u64::try_from(value).unwrap_or(u64::MAX))
}
