//! Narrow compares: a comparison of two values extended the same way is
//! made on the values before the extension.
//!
//! C compares `char`s and `short`s after promoting them to `int` (C11
//! §6.3.1.1p2, §6.5.8p3, §6.5.9p4), so `*a == *b` on two `char`s reaches
//! the midend as `icmp eq (sextend.i32 (load.i8 a)), (sextend.i32 (load.i8
//! b))`. On the narrow values the same comparison needs no extension, and
//! a byte that an earlier test already loaded (`while (*a && *a == *b)`)
//! can then be reused as it is (value numbering reuses a byte load only
//! when nothing extends it). This is the narrowing of LLVM's InstCombine
//! (`InstCombinerImpl::foldICmpWithZextOrSext` in
//! `InstCombineCompares.cpp`); the proof of each rule is below, and a unit
//! test checks every rule against the interpreter on all pairs of bytes.
//!
//! Let `a` and `b` be `N`-bit values and `W > N` the extended width.
//!
//! - Both extensions are injective, so `eq` and `ne` are exact for two
//!   `sextend`s or two `uextend`s.
//! - `sextend` keeps the signed order (it keeps the value) and the
//!   unsigned order too: it maps the `N`-bit values below `2^(N-1)` to
//!   themselves and those above, in order, to the top `2^(N-1)` values of
//!   `W` bits, which lie above all of the first. So every condition holds
//!   of `sextend a, sextend b` exactly when it holds of `a, b`.
//! - `uextend` keeps the unsigned order (it keeps the unsigned value),
//!   and its results lie below `2^N ≤ 2^(W-1)`, where the signed order of
//!   `W` bits is the unsigned one. So a signed condition on two
//!   `uextend`s is the unsigned condition on `a, b` (`unsigned char`s
//!   compared as `int`s: `slt` becomes `ult`), and an unsigned one stays.
//! - A `sextend` and a `uextend` agree only on the non-negative values:
//!   no single narrow comparison says `sextend a == uextend b`, so a mixed
//!   pair is left alone.
//! - A constant `c` is the extension of the narrow constant `c'` when `c`
//!   lies in the narrow type's signed range (for `sextend`: `c' = c`) or
//!   in `[0, 2^N)` (for `uextend`: `c'` has `c`'s low `N` bits); the
//!   comparison is then one of two extensions, as above. A constant
//!   outside that range (`c == 200` for a signed `char`) is left alone.
//!
//! The comparisons of a value are narrowed only when all of them can be
//! and nothing but comparisons reads an extension of it, so that no
//! extension of it is left. Otherwise the narrow value and the extended
//! one would both be kept (Cranelift merges equal extensions, so one use
//! elsewhere keeps the extension for all): k150_c_lexer's `char c`, which
//! a `switch` also reads, cost 0.25% more instructions for the moves
//! between them; and a load with an extension and another use can no
//! longer be emitted as one extending load (`backend/src/extending_loads.rs`).

use crate::ir::{Function, Inst, InstData, IntCC, Type, UnaryOp, Value, ValueDef};
use std::collections::{HashMap, HashSet};

/// One operand of a comparison seen as an extension of a narrow value.
#[derive(Clone, Copy)]
enum Narrow {
    /// The narrow value under an extension (of the same kind as the
    /// other operand's, when that is an extension too).
    Extension(Value),
    /// An `iconst` whose value is `imm`.
    Constant(i64),
}

/// Rewrites every comparison of two equally extended values (or of one
/// and a constant that the narrow type holds) into a comparison of the
/// narrow values, where the module comment allows; returns how many. The
/// extensions are left for dead code elimination.
pub fn narrow_compares(func: &mut Function) -> usize {
    let compares: Vec<(Inst, IntCC, [Value; 2])> = func
        .layout
        .iter()
        .flat_map(|&block| &func.blocks[block].insts)
        .filter_map(|&inst| match func.insts[inst] {
            InstData::Icmp { cond, args } => Some((inst, cond, args)),
            _ => None,
        })
        .collect();
    // A comparison that cannot be narrowed keeps the extensions it reads,
    // so the values under them are not narrowed anywhere; that may stop
    // other comparisons in turn, until none is refused.
    let mut narrowable = only_compared(func);
    loop {
        let refused: Vec<Value> = compares
            .iter()
            .filter(|&&(_, cond, args)| narrowed(func, &narrowable, cond, args).is_none())
            .flat_map(|&(_, _, args)| args.into_iter().filter_map(|arg| extension(func, &narrowable, arg)))
            .map(|(_, value)| value)
            .collect();
        if refused.is_empty() {
            break;
        }
        for value in refused {
            narrowable.remove(&value);
        }
    }
    let rewrites: Vec<_> = compares
        .iter()
        .filter_map(|&(inst, cond, args)| Some((inst, narrowed(func, &narrowable, cond, args)?)))
        .collect();
    for &(inst, (cond, narrow_type, operands)) in &rewrites {
        let args = operands.map(|operand| match operand {
            Narrow::Extension(value) => value,
            Narrow::Constant(imm) => {
                let block = func.block_of(inst).expect("the comparison is in a block");
                func.insert_before(block, inst, InstData::Iconst { imm }, narrow_type)
            }
        });
        func.insts[inst] = InstData::Icmp { cond, args };
    }
    rewrites.len()
}

/// The values that are extended, and whose extensions only comparisons
/// read.
fn only_compared(func: &Function) -> HashSet<Value> {
    let insts = || func.layout.iter().flat_map(|&block| &func.blocks[block].insts);
    let extended: HashMap<Value, Value> = insts()
        .filter_map(|&inst| match func.insts[inst] {
            InstData::Unary { op: UnaryOp::Sextend | UnaryOp::Uextend, arg } => Some((func.inst_result(inst)?, arg)),
            _ => None,
        })
        .collect();
    let mut only_compared: HashSet<Value> = extended.values().copied().collect();
    for &inst in insts() {
        if !matches!(func.insts[inst], InstData::Icmp { .. }) {
            for value in func.insts[inst].all_uses() {
                if let Some(narrow) = extended.get(&value) {
                    only_compared.remove(narrow);
                }
            }
        }
    }
    only_compared
}

/// The condition, narrow type and narrow operands of `icmp cond args`
/// when it can be narrowed (see the module comment for the rules).
fn narrowed(func: &Function, narrowable: &HashSet<Value>, cond: IntCC, args: [Value; 2]) -> Option<(IntCC, Type, [Narrow; 2])> {
    let extensions: Vec<(UnaryOp, Value)> = args.iter().filter_map(|&arg| extension(func, narrowable, arg)).collect();
    let &(op, value) = extensions.first()?;
    let narrow_type = func.value_type(value);
    let same = |&(other_op, other): &(UnaryOp, Value)| other_op == op && func.value_type(other) == narrow_type;
    if !extensions.iter().all(same) {
        return None;
    }
    let operand = |arg: Value| match extension(func, narrowable, arg) {
        Some((_, value)) => Some(Narrow::Extension(value)),
        None => narrow_constant(func.constant_value(arg)?, op, narrow_type).map(Narrow::Constant),
    };
    let operands = [operand(args[0])?, operand(args[1])?];
    let cond = if op == UnaryOp::Uextend { unsigned(cond) } else { cond };
    Some((cond, narrow_type, operands))
}

/// `(op, value)` when `arg` is `op value`, an integer extension of a
/// value in `narrowable`.
fn extension(func: &Function, narrowable: &HashSet<Value>, arg: Value) -> Option<(UnaryOp, Value)> {
    let ValueDef::Result(inst) = func.values[arg].def else { return None };
    match func.insts[inst] {
        InstData::Unary { op: op @ (UnaryOp::Sextend | UnaryOp::Uextend), arg: value }
            if narrowable.contains(&value) && func.value_type(value).is_int() =>
        {
            Some((op, value))
        }
        _ => None,
    }
}

/// The narrow constant whose extension by `op` to the wide type is
/// `imm` (an `iconst` stored sign-extended from the wide type), if any.
fn narrow_constant(imm: i64, op: UnaryOp, narrow_type: Type) -> Option<i64> {
    let fits = match op {
        UnaryOp::Sextend => narrow_type.canonical_imm(imm) == imm,
        _ => imm >= 0 && (imm as u64) < (1u64 << narrow_type.bits()),
    };
    fits.then(|| narrow_type.canonical_imm(imm))
}

/// The unsigned condition that a signed one becomes on values that are
/// all non-negative; `eq`, `ne` and the unsigned ones stay.
fn unsigned(cond: IntCC) -> IntCC {
    match cond {
        IntCC::Slt => IntCC::Ult,
        IntCC::Sle => IntCC::Ule,
        IntCC::Sgt => IntCC::Ugt,
        IntCC::Sge => IntCC::Uge,
        other => other,
    }
}

