//! Which values Cranelift's e-graph rematerializes: it marks an `iadd`,
//! `isub`, `band`, `bor` or `bxor` with one constant operand, and a `bnot`
//! (`opts/remat.isle` of Cranelift 0.135), and its elaborator
//! (`egraph/elaborate.rs`, `maybe_remat_arg`) computes such a value anew in
//! every block that uses it other than its own. The midend and the backend
//! shape their IR around this: the backend's `invariant_carriers` keeps
//! loop-invariant candidates out of loops, and counter placement
//! (`instrument::placement`) keeps a loop's step in its own block.

use crate::ir::{BinaryOp, Function, InstData, UnaryOp, Value, ValueDef};

/// Whether Cranelift rematerializes `v` in every block that uses it.
pub fn is_rematerialized(func: &Function, v: Value) -> bool {
    remat_key(func, v).is_some()
}

/// What a rematerialized value computes, as Cranelift's value numbering
/// sees it: the operation, its one variable operand and its constant
/// (0 for `bnot`). Two values with the same key are one value to
/// Cranelift, whatever flags (`nsw`) or constant instructions the midend
/// gave them. `None` when Cranelift does not rematerialize `v`.
pub fn remat_key(func: &Function, v: Value) -> Option<(RematOp, Value, i64)> {
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    match &func.insts[inst] {
        InstData::Binary { op: op @ (BinaryOp::Iadd | BinaryOp::Isub | BinaryOp::Band | BinaryOp::Bor | BinaryOp::Bxor), args } => {
            let [a, b] = *args;
            let (variable, constant, swapped) = match (func.constant_value(a), func.constant_value(b)) {
                (None, Some(c)) => (a, c, false),
                (Some(c), None) => (b, c, true),
                _ => return None,
            };
            Some((RematOp::Binary(*op, swapped), variable, constant))
        }
        InstData::Unary { op: UnaryOp::Bnot, arg } if func.constant_value(*arg).is_none() => Some((RematOp::Bnot, *arg, 0)),
        _ => None,
    }
}

/// The operation of a rematerialized value: a binary operation (with
/// whether the constant is its first operand) or `bnot`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematOp {
    Binary(BinaryOp, bool),
    Bnot,
}
