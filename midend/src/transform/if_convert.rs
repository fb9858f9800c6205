//! If-conversion of small hammocks: `x = c ? a : b` written as branches
//! becomes a `select`, which Cranelift lowers to `cmov` or `setcc`.
//!
//! Allen, Kennedy, Porterfield and Warren, "Conversion of Control
//! Dependence to Data Dependence" (POPL 1983), restricted, as gcc's
//! `-fif-conversion` (on at -O1) is, to the two shapes that assign a value
//! in one or both arms of an `if`, with arms of at most [`MAX_ARM_INSTS`]
//! cheap instructions that may run speculatively:
//!
//! ```text
//!   diamond:  H: brif c, T, F    T: ...; jump J(t)    F: ...; jump J(f)
//!   triangle: H: brif c, T, J(f) T: ...; jump J(t)    (or mirrored)
//! ```
//!
//! Both become `H: ...T; ...F; jump J(select c, t, f)`, one `select` per
//! argument that differs. An arm qualifies when H is its only predecessor,
//! it has no parameters, and its instructions are pure and cannot trap
//! (no loads, no divisions). In `cost = a[i] == b[j] ? 0 : 1` and
//! `if (up + 1 < v) v = up + 1;` (k138) the branch, the jump around the
//! other arm and the constant move become a `setcc` or a `cmov`.
//!
//! A conditional step, `if (c) n++;` or `n = c ? n : n - 1`, becomes
//! `n + zext(c)` rather than `select c, n + 1, n` (`conditional_step`):
//! the `cmov` needs `n` and `n + 1` live at once, so the register
//! allocator cannot give the result `n`'s register and copies it on the
//! loop's back edge, where the addition updates `n` in place. gcc's
//! if-conversion does the same (`noce_try_addcc`, ifcvt.cc).

use super::unreachable::remove_unreachable_blocks;
use crate::analysis::cfg::Cfg;
use crate::ir::{BinaryOp, Block, BlockCall, Function, Inst, InstData, IntCC, Type, UnaryOp, Value, ValueDef};
use std::collections::HashSet;

/// The most instructions, terminator aside, an arm may have.
pub const MAX_ARM_INSTS: usize = 2;

/// The most `select`s one conversion may create.
const MAX_SELECTS: usize = 1;

/// Converts every qualifying hammock of `func`; returns how many.
///
/// Each sweep computes the CFG once and converts every hammock it finds
/// whose head and arms no earlier conversion of the sweep touched: a
/// conversion only removes edges (its arms become unreachable, its join
/// loses predecessors), so a hammock found on the sweep's CFG is still
/// one. A hammock that a conversion creates (an `if` whose arm was itself
/// an `if`) waits for the next sweep, so the number of sweeps is the
/// nesting depth, not the number of hammocks, and compile time stays
/// linear in the function's size.
pub fn if_convert(func: &mut Function) -> usize {
    let mut converted = 0;
    loop {
        let cfg = Cfg::compute(func);
        let mut touched: HashSet<Block> = HashSet::new();
        let mut found = 0;
        for h in func.layout.clone() {
            if touched.contains(&h) {
                continue;
            }
            let Some(hammock) = hammock(func, &cfg, h) else { continue };
            let arms = hammock.arms(func);
            if arms.iter().any(|b| touched.contains(b)) {
                continue;
            }
            touched.insert(h);
            touched.extend(arms);
            hammock.apply(func);
            found += 1;
        }
        if found == 0 {
            break;
        }
        converted += found;
        remove_unreachable_blocks(func);
    }
    converted
}

/// A hammock to convert: its head, the instructions its arms move into it,
/// the join, and for each join parameter the values from both sides.
struct Hammock {
    head: Block,
    branch: Inst,
    cond: Value,
    moved: Vec<Inst>,
    join: Block,
    args: Vec<(Value, Value)>,
}

/// The hammock headed by `head`, if it qualifies.
fn hammock(func: &Function, cfg: &Cfg, head: Block) -> Option<Hammock> {
    let branch = func.terminator(head)?;
    let InstData::Brif { cond, then_dest, else_dest } = &func.insts[branch] else { return None };
    // Each side: the arm's instructions and where and with what it jumps.
    let side = |dest: &BlockCall| -> Option<(Vec<Inst>, Block, Vec<Value>)> {
        if let Some((insts, join, args)) = arm(func, cfg, head, dest) {
            return Some((insts, join, args));
        }
        Some((Vec::new(), dest.block, dest.args.clone()))
    };
    let (then_insts, then_join, then_args) = side(then_dest)?;
    let (else_insts, else_join, else_args) = side(else_dest)?;
    let converts_an_arm = !then_insts.is_empty() || then_join != then_dest.block
        || !else_insts.is_empty() || else_join != else_dest.block;
    if then_join != else_join || !converts_an_arm || then_join == head {
        return None;
    }
    let args: Vec<(Value, Value)> = then_args.into_iter().zip(else_args).collect();
    if args.iter().filter(|(t, f)| t != f).count() > MAX_SELECTS {
        return None;
    }
    let moved = then_insts.into_iter().chain(else_insts).collect();
    Some(Hammock { head, branch, cond: *cond, moved, join: then_join, args })
}

/// For a branch target that is an arm (entered only from `head`, without
/// parameters, a few speculatable instructions, then a jump): its
/// instructions, and the block and arguments it jumps to.
fn arm(func: &Function, cfg: &Cfg, head: Block, dest: &BlockCall) -> Option<(Vec<Inst>, Block, Vec<Value>)> {
    let block = dest.block;
    if block == head || cfg.preds(block).len() != 1 || !func.blocks[block].params.is_empty() {
        return None;
    }
    let insts = &func.blocks[block].insts;
    let (&last, body) = insts.split_last()?;
    let InstData::Jump { dest: jump } = &func.insts[last] else { return None };
    let speculatable = |i: &Inst| func.insts[*i].is_pure() && !matches!(func.insts[*i], InstData::Load { .. });
    (body.len() <= MAX_ARM_INSTS && body.iter().all(speculatable) && jump.block != block)
        .then(|| (body.to_vec(), jump.block, jump.args.clone()))
}

impl Hammock {
    /// The blocks whose instructions move into the head.
    fn arms(&self, func: &Function) -> Vec<Block> {
        let mut arms: Vec<Block> = self.moved.iter().filter_map(|&i| func.block_of(i)).collect();
        if let InstData::Brif { then_dest, else_dest, .. } = &func.insts[self.branch] {
            arms.extend([then_dest.block, else_dest.block].into_iter().filter(|&b| b != self.join));
        }
        arms.sort();
        arms.dedup();
        arms
    }

    fn apply(self, func: &mut Function) {
        let position = func.blocks[self.head].insts.len() - 1;
        for (offset, &inst) in self.moved.iter().enumerate() {
            if let Some(block) = func.block_of(inst) {
                func.blocks[block].insts.retain(|&i| i != inst);
            }
            func.blocks[self.head].insts.insert(position + offset, inst);
            func.inst_block[inst] = self.head.into();
        }
        let mut args = Vec::with_capacity(self.args.len());
        for (if_true, if_false) in self.args {
            if if_true == if_false {
                args.push(if_true);
                continue;
            }
            let merged = match conditional_step(func, self.head, &self.moved, self.cond, if_true, if_false) {
                Some(step) => step,
                None => {
                    let ty = func.value_type(if_true);
                    let select = InstData::Select { cond: self.cond, if_true, if_false };
                    func.insert_before_terminator(self.head, select, ty)
                }
            };
            args.push(merged);
        }
        func.insts[self.branch] = InstData::Jump { dest: BlockCall::new(self.join, args) };
    }
}

/// `c ? n ± 1 : n` (or `c ? n : n ± 1`) as `n ± zext(c)` (or with `c`
/// negated), and `c ? 1 : 0` (or `c ? 0 : 1`) as `zext(c)`, built at the
/// end of `head`; `None` for any other pair.
///
/// Cranelift lowers `select c, x, y` as a copy of `y` that a `cmov`
/// overwrites with `x`, so `select c, n + 1, n` updates `n` in place, in
/// one instruction where the truth bit takes three, and stays. Only a
/// step in the `else` arm, `select c, n, n + 1`, is rewritten, and only
/// when it costs a copy: `n` must be a block parameter, a variable
/// carried around a loop or across a join, and `n ± 1` must come from an
/// arm (one of `moved`), or the `cmov` reuses a value the head computes
/// anyway (k094's `if (child + 1 < end && …) child++;`).
fn conditional_step(func: &mut Function, head: Block, moved: &[Inst], cond: Value, if_true: Value, if_false: Value) -> Option<Value> {
    let ty = func.value_type(if_true);
    if !matches!(ty, Type::I8 | Type::I16 | Type::I32 | Type::I64) {
        return None;
    }
    let from_arm = |v: Value| matches!(func.values[v].def, ValueDef::Result(inst) if moved.contains(&inst));
    let carried = |v: Value| matches!(func.values[v].def, ValueDef::Param(..));
    let (base, step, when_true) = match (func.constant_offset(if_true), func.constant_offset(if_false)) {
        (_, Some((base, step))) if base == if_true && from_arm(if_false) && carried(base) => (Some(base), step, false),
        _ => match (func.constant_value(if_true), func.constant_value(if_false)) {
            (Some(1), Some(0)) => (None, 1, true),
            (Some(0), Some(1)) => (None, 1, false),
            _ => return None,
        },
    };
    if !matches!(step, 1 | -1) {
        return None;
    }
    let bit = truth_bit(func, head, cond, when_true);
    let bit = if ty == Type::I8 { bit } else { func.insert_before_terminator(head, InstData::Unary { op: UnaryOp::Uextend, arg: bit }, ty) };
    let Some(base) = base else { return Some(bit) };
    let op = if step == 1 { BinaryOp::Iadd } else { BinaryOp::Isub };
    Some(func.insert_before_terminator(head, InstData::Binary { op, args: [base, bit] }, ty))
}

/// An `i8` that is 1 when `cond` is nonzero (when `when_true`) or zero
/// (otherwise), and 0 else: `cond` itself when a comparison defines it,
/// the inverse comparison, or a comparison of `cond` with zero.
fn truth_bit(func: &mut Function, head: Block, cond: Value, when_true: bool) -> Value {
    let compare = match func.values[cond].def {
        ValueDef::Result(inst) => func.insts[inst].clone(),
        ValueDef::Param(..) => InstData::Unreachable,
    };
    match compare {
        InstData::Icmp { .. } | InstData::Fcmp { .. } if when_true => cond,
        InstData::Icmp { cond: cc, args } => func.insert_before_terminator(head, InstData::Icmp { cond: cc.inverse(), args }, Type::I8),
        _ => {
            let zero = func.insert_before_terminator(head, InstData::Iconst { imm: 0 }, func.value_type(cond));
            let cc = if when_true { IntCC::Ne } else { IntCC::Eq };
            func.insert_before_terminator(head, InstData::Icmp { cond: cc, args: [cond, zero] }, Type::I8)
        }
    }
}
