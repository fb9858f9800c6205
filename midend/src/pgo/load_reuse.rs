//! Load reuse across a branch: a block with one predecessor reads a value
//! its predecessor has just loaded from the same address, with no store or
//! call in between; the second load is replaced by the first one's value.
//!
//! This is not profile-guided in itself. It is here because branch
//! orientation exposed it: Cranelift's redundant-load elimination
//! (`alias_analysis.rs`) keys each load on the last store before it, which
//! a worklist pass computes. When a loop's test block and body are turned
//! so that the body comes right after the test, the worklist reaches the
//! body before the enclosing loop's state is final, gives the body a
//! "last store" of its own, and so keeps the body's reload of the value
//! the test just compared (insertion sort's `a[j]`: k092 lost 8% of its
//! instructions, shell sort k093 4%). Doing the reuse in the midend makes
//! the result independent of the order. The rule is the classic
//! available-expressions one (Aho, Lam, Sethi and Ullman, "Compilers:
//! Principles, Techniques, and Tools", 2nd ed., §9.2.6), restricted to a
//! predecessor-successor pair so that no dataflow analysis is needed.
//!
//! Two addresses are the same when they are the same value or the same
//! pure computation (constants, integer arithmetic, symbol and stack
//! addresses) of the same values, compared to a small depth.

use crate::ir::{Block, Function, Inst, InstData, Value, ValueDef};
use std::collections::HashMap;

/// How deep two address computations are compared.
const ADDRESS_DEPTH: u32 = 4;

/// Replaces the loads that reload what the block's only predecessor just
/// loaded; returns how many were removed.
pub fn reuse_loads(func: &mut Function) -> usize {
    let mut predecessors: HashMap<Block, Vec<Block>> = HashMap::new();
    for &block in &func.layout {
        for succ in func.successors(block) {
            predecessors.entry(succ).or_default().push(block);
        }
    }
    let mut replaced: HashMap<Value, Value> = HashMap::new();
    let mut removed = 0;
    let mut dead_loads: Vec<(Block, Vec<Inst>)> = Vec::new();
    for block in func.layout.clone() {
        let Some([pred]) = predecessors.get(&block).map(Vec::as_slice) else { continue };
        if *pred == block {
            continue;
        }
        let available = loads_available_at_end(func, *pred);
        if available.is_empty() {
            continue;
        }
        let mut dead: Vec<Inst> = Vec::new();
        for &inst in &func.blocks[block].insts {
            match &func.insts[inst] {
                InstData::Load { addr, offset } => {
                    let Some(result) = func.inst_result(inst) else { continue };
                    let ty = func.value_type(result);
                    let earlier = available.iter().find(|&&(a, o, v)| {
                        o == *offset && func.value_type(v) == ty && same_value(func, a, *addr, ADDRESS_DEPTH)
                    });
                    if let Some(&(_, _, value)) = earlier {
                        replaced.insert(result, value);
                        dead.push(inst);
                    }
                }
                InstData::Store { .. } | InstData::Call { .. } => break,
                _ => {}
            }
        }
        removed += dead.len();
        dead_loads.push((block, dead));
    }
    // Removed only now, so that a reused load still makes its value
    // available to the block after it.
    for (block, dead) in dead_loads {
        func.blocks[block].insts.retain(|inst| !dead.contains(inst));
    }
    if !replaced.is_empty() {
        // A reused load may itself have been replaced by an earlier one.
        let resolve = |mut v: Value| {
            while let Some(&earlier) = replaced.get(&v) {
                v = earlier;
            }
            v
        };
        for block in func.layout.clone() {
            for inst in func.blocks[block].insts.clone() {
                func.insts[inst].map_uses(resolve);
            }
        }
    }
    removed
}

/// The loads of `block` after its last store or call, as (address,
/// offset, result).
fn loads_available_at_end(func: &Function, block: Block) -> Vec<(Value, i32, Value)> {
    let mut available = Vec::new();
    for &inst in func.blocks[block].insts.iter().rev() {
        match &func.insts[inst] {
            InstData::Load { addr, offset } => {
                if let Some(result) = func.inst_result(inst) {
                    available.push((*addr, *offset, result));
                }
            }
            InstData::Store { .. } | InstData::Call { .. } => break,
            _ => {}
        }
    }
    available
}

/// Whether `a` and `b` are the same value or the same pure computation of
/// the same values, looking at most `depth` instructions deep.
fn same_value(func: &Function, a: Value, b: Value, depth: u32) -> bool {
    if a == b {
        return true;
    }
    if depth == 0 || func.value_type(a) != func.value_type(b) {
        return false;
    }
    let (ValueDef::Result(x), ValueDef::Result(y)) = (func.values[a].def, func.values[b].def) else { return false };
    let same = |p: Value, q: Value| same_value(func, p, q, depth - 1);
    match (&func.insts[x], &func.insts[y]) {
        (InstData::Iconst { imm: i }, InstData::Iconst { imm: j }) => i == j,
        (InstData::SymbolAddr { symbol: s, offset: o }, InstData::SymbolAddr { symbol: t, offset: p }) => s == t && o == p,
        (InstData::StackAddr { slot: s, offset: o }, InstData::StackAddr { slot: t, offset: p }) => s == t && o == p,
        (InstData::Unary { op: f, arg: p }, InstData::Unary { op: g, arg: q }) => f == g && same(*p, *q),
        (InstData::Binary { op: f, args: [p1, p2] }, InstData::Binary { op: g, args: [q1, q2] }) => {
            f == g && !f.is_float() && same(*p1, *q1) && same(*p2, *q2)
        }
        _ => false,
    }
}
