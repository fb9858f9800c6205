//! A block parameter that receives truncations receives the wide values
//! instead, and is truncated once in its block.
//!
//! After induction-variable widening ([`super::widen_ivs`]), a 32-bit
//! counter that leaves a rotated loop reaches the exit through a 32-bit
//! block parameter, and every latch passes it `ireduce(w - 1)` of the
//! 64-bit twin `w`. Cranelift computes that as a second, 32-bit
//! subtraction on every iteration, and keeps the old counter alive past
//! the new one, so the back edge needs a move and a jump of its own
//! (insertion sort's `while (j >= 0 && a[j] > key) j--;` followed by
//! `a[j + 1] = key`). This is LLVM's `InstCombine` fold of a phi of casts
//! into a cast of a phi (`foldPHIArgOpIntoPHI`): the parameter becomes a
//! 64-bit one that receives `w - 1` itself, and the block starts with the
//! one truncation its readers need. An edge that passes a constant passes
//! it as a 64-bit constant; one that passes another value passes its sign
//! extension (`ireduce(sextend(x))` is `x`), which costs an instruction
//! each time the edge runs, so such edges must come from outside the
//! loops that the truncating edges run in: the entry into a search loop
//! (k015's `while (a[i] < pivot) i++;` ×0.916), not the other arm of an
//! `if` in the same loop (k121's `last = i`, ×1.102 when it was allowed).

use crate::analysis::cfg::{Cfg, EdgeData};
use crate::analysis::loops::LoopForest;
use crate::ir::{Block, Function, InstData, Type, UnaryOp, Value, ValueDef};
use super::edit::replace_uses;

/// Widens every parameter that some edge passes a truncation of a 64-bit
/// value; returns how many.
pub fn widen_truncated_parameters(func: &mut Function) -> usize {
    // Widening adds parameters, arguments and instructions but no edge, so
    // the CFG and its loops stay those of the function as it was.
    let cfg = Cfg::compute(func);
    let forest = LoopForest::compute(&cfg);
    let mut widened = 0;
    for block in func.layout.clone() {
        if Some(block) == func.entry() {
            continue;
        }
        let mut index = 0;
        while index < func.blocks[block].params.len() {
            if widen_parameter(func, &cfg, &forest, block, index) {
                widened += 1;
            }
            index += 1;
        }
    }
    widened
}

/// The 64-bit value that `v` truncates, if it is a truncation.
fn truncated(func: &Function, v: Value) -> Option<Value> {
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    match func.insts[inst] {
        InstData::Unary { op: UnaryOp::Ireduce, arg } if func.value_type(arg) == Type::I64 => Some(arg),
        _ => None,
    }
}

/// Widens the `index`-th parameter of `block` if some edge into it passes
/// a truncation and every other edge passes a constant or comes from a
/// block less deeply nested in loops than the deepest truncating edge.
fn widen_parameter(func: &mut Function, cfg: &Cfg, forest: &LoopForest, block: Block, index: usize) -> bool {
    let param = func.blocks[block].params[index];
    let ty = func.value_type(param);
    if !matches!(ty, Type::I8 | Type::I16 | Type::I32) {
        return false;
    }
    let edges: Vec<EdgeData> = cfg.preds(block).iter().map(|&e| *cfg.edge(e)).collect();
    let args: Vec<Value> = edges.iter().map(|e| func.successor_slot(e.branch, e.slot as usize).args[index]).collect();
    let depth = |b: Block| forest.loop_depth(b);
    let truncating_depth = edges
        .iter()
        .zip(&args)
        .filter(|&(_, &a)| truncated(func, a).is_some())
        .map(|(e, _)| depth(e.from))
        .max();
    let Some(truncating_depth) = truncating_depth else { return false };
    let cheap = |e: &EdgeData, a: Value| {
        truncated(func, a).is_some() || func.constant_value(a).is_some() || depth(e.from) < truncating_depth
    };
    if !edges.iter().zip(&args).all(|(e, &a)| cheap(e, a)) {
        return false;
    }
    let wide = func.append_block_param(block, Type::I64);
    for (edge, &arg) in edges.iter().zip(&args) {
        let at = func.blocks[edge.from].insts.len() - 1;
        let wide_arg = match (truncated(func, arg), func.constant_value(arg)) {
            (Some(x), _) => x,
            (None, Some(k)) => {
                let inst = func.insert_inst(edge.from, at, InstData::Iconst { imm: k }, Some(Type::I64));
                func.inst_result(inst).expect("a constant has a result")
            }
            (None, None) => {
                let inst = func.insert_inst(edge.from, at, InstData::Unary { op: UnaryOp::Sextend, arg }, Some(Type::I64));
                func.inst_result(inst).expect("an extension has a result")
            }
        };
        func.successor_slot_mut(edge.branch, edge.slot as usize).args.push(wide_arg);
    }
    let narrow = func.insert_inst(block, 0, InstData::Unary { op: UnaryOp::Ireduce, arg: wide }, Some(ty));
    let narrow = func.inst_result(narrow).expect("a truncation has a result");
    replace_uses(func, |v| if v == param { narrow } else { v });
    true
}
