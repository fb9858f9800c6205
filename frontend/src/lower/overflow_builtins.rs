//! GCC's checked arithmetic builtins (GCC manual, "Built-in Functions to
//! Perform Arithmetic with Overflow Checking"):
//! `__builtin_{add,sub,mul}_overflow(a, b, &r)` on any integer types, and
//! the typed forms `__builtin_{s,u}{add,sub,mul}{,l,ll}_overflow`. The
//! operands are taken in infinite precision, the result is stored into
//! `r`'s type, and the call returns whether the stored value differs from
//! the infinite-precision one.
//!
//! The `_p` forms `__builtin_{add,sub,mul}_overflow_p(a, b, c)` store
//! nothing: they return whether the result overflows the type of `c`,
//! whose value is not used (gnulib's `intprops.h` takes them whenever
//! `__has_builtin` says GCC has them).
//!
//! Every operand type has at most 64 bits (an `__int128` operand is
//! unsupported; an `__int128` result is not), so the exact result fits in
//! 128: the lowering computes it as a pair of 64-bit words (`hi`, `lo`)
//! with the operations of `__int128` (see `int128`), truncates it to the
//! result type and reports an overflow when extending the truncated value
//! back does not give the same pair.

use super::int128::Wide;
use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, InstData, IntCC, Type, UnaryOp, Value};

/// The operation of an overflow builtin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    Add,
    Sub,
    Mul,
}

/// What an overflow builtin's name asks for: the operation, and for the
/// typed forms (`__builtin_uaddl_overflow`) the one type of all three
/// operands.
pub fn overflow_builtin(base: &str) -> Option<(Arithmetic, Option<IntKind>)> {
    typed_overflow_builtin(base.strip_suffix("_overflow")?)
}

/// The operation of a `_p` overflow builtin (`add_overflow_p`…).
pub fn overflow_predicate_builtin(base: &str) -> Option<Arithmetic> {
    match typed_overflow_builtin(base.strip_suffix("_overflow_p")?)? {
        (op, None) => Some(op),
        _ => None,
    }
}

/// The operation and type of an overflow builtin's name without its
/// `_overflow` suffix (`add`, `uaddl`…).
fn typed_overflow_builtin(stem: &str) -> Option<(Arithmetic, Option<IntKind>)> {
    let op_of = |s: &str| match s {
        "add" => Some(Arithmetic::Add),
        "sub" => Some(Arithmetic::Sub),
        "mul" => Some(Arithmetic::Mul),
        _ => None,
    };
    if let Some(op) = op_of(stem) {
        return Some((op, None));
    }
    let (signed, rest) = match stem.split_at_checked(1)? {
        ("s", rest) => (true, rest),
        ("u", rest) => (false, rest),
        _ => return None,
    };
    let (op, suffix) = rest.split_at_checked(3)?;
    let kind = match (suffix, signed) {
        ("", true) => IntKind::Int,
        ("", false) => IntKind::UInt,
        ("l", true) => IntKind::Long,
        ("l", false) => IntKind::ULong,
        ("ll", true) => IntKind::LongLong,
        ("ll", false) => IntKind::ULongLong,
        _ => return None,
    };
    Some((op_of(op)?, Some(kind)))
}

/// An operand, of at most 64 bits, extended to 128.
struct Exact {
    value: Wide,
    signed: bool,
}

/// The type an overflow builtin's result is checked against.
#[derive(Clone, Copy)]
enum ResultType {
    Int(IntKind),
    Int128 { signed: bool },
}

/// The truncated result: a value of the result type, or both halves of
/// an `__int128`.
enum Stored {
    Word(Value),
    Wide(Wide),
}

impl Lowerer {
    /// Lowers `__builtin_<op>_overflow(a, b, r)`; `typed` is the type of
    /// the typed forms.
    pub fn lower_overflow_builtin(&mut self, op: Arithmetic, typed: Option<IntKind>, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let [a, b, r] = args else {
            return Err(Diagnostic::error_at(span, "an overflow builtin takes three arguments"));
        };
        let a = self.exact_operand(a, typed, span)?;
        let b = self.exact_operand(b, typed, span)?;
        let target = self.lower_expr(r)?;
        let result = match target.ty.decay() {
            CType::Pointer(pointee, _) => match (&*pointee, typed) {
                (CType::Int128 { signed }, None) => ResultType::Int128 { signed: *signed },
                (CType::Int(kind), None) if *kind != IntKind::Bool => ResultType::Int(*kind),
                (CType::Int(kind), Some(t)) if kind.size() == t.size() && kind.is_signed() == t.is_signed() => ResultType::Int(*kind),
                _ => return Err(Diagnostic::error_at(r.span, "the last argument of an overflow builtin must point to an integer of the operands' type")),
            },
            _ => return Err(Diagnostic::error_at(r.span, "the last argument of an overflow builtin must be a pointer to an integer")),
        };
        let address = self.rvalue(&target, span)?;
        let (stored, overflow) = self.checked_arithmetic(op, a, b, result);
        match stored {
            Stored::Word(v) => self.store(v, address),
            Stored::Wide(w) => {
                self.emit_effect(InstData::Store { value: w.lo, addr: address, offset: 0 });
                self.emit_effect(InstData::Store { value: w.hi, addr: address, offset: 8 });
            }
        }
        Ok(Operand { ty: CType::Int(IntKind::Bool), place: Place::Value(overflow) })
    }

    /// Lowers `__builtin_<op>_overflow_p(a, b, c)`: whether `a op b`
    /// overflows the type of `c`, which is evaluated for its side effects
    /// only.
    pub fn lower_overflow_predicate(&mut self, op: Arithmetic, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let [a, b, c] = args else {
            return Err(Diagnostic::error_at(span, "an overflow builtin takes three arguments"));
        };
        let a = self.exact_operand(a, None, span)?;
        let b = self.exact_operand(b, None, span)?;
        let result = match self.lower_expr(c)?.ty.decay() {
            CType::Int(kind) if kind != IntKind::Bool => ResultType::Int(kind),
            CType::Int128 { signed } => ResultType::Int128 { signed },
            _ => return Err(Diagnostic::error_at(c.span, "the last argument of an overflow builtin must have integer type")),
        };
        let (_, overflow) = self.checked_arithmetic(op, a, b, result);
        Ok(Operand { ty: CType::Int(IntKind::Bool), place: Place::Value(overflow) })
    }

    /// The exact `a op b` truncated to the result type, and whether that
    /// lost anything: extending the truncated value back does not give
    /// the exact one.
    fn checked_arithmetic(&mut self, op: Arithmetic, a: Exact, b: Exact, result: ResultType) -> (Stored, Value) {
        // Only the product of two unsigned operands reaches 2^127; every
        // other exact result lies strictly between -2^127 and 2^127, so
        // its 128 bits read as signed.
        let unsigned_exact = op == Arithmetic::Mul && !a.signed && !b.signed;
        let (a, b) = (a.value, b.value);
        let exact = match op {
            Arithmetic::Add => self.wide_add(a, b),
            Arithmetic::Sub => self.wide_sub(a, b),
            // The product modulo 2^128, which is the exact product: both
            // factors are below 2^64 in magnitude, and when both are
            // unsigned the result is read as unsigned too.
            Arithmetic::Mul => self.wide_mul(a, b),
        };
        let result_kind = match result {
            ResultType::Int(kind) => kind,
            ResultType::Int128 { signed } => {
                // The exact value is stored whole; it overflows when its
                // sign bit is set and means a value the type lacks: a
                // negative one for `unsigned __int128`, one from 2^127 for
                // `__int128`.
                let overflow = if signed == unsigned_exact {
                    let zero = self.iconst(Type::I64, 0);
                    self.icmp(IntCC::Slt, exact.hi, zero)
                } else {
                    self.iconst(Type::I8, 0)
                };
                return (Stored::Wide(exact), overflow);
            }
        };
        let result_ty = CType::Int(result_kind);
        let ir_ty = result_ty.ir_type().expect("an integer type");
        let truncated = if ir_ty == Type::I64 { exact.lo } else { self.unary(UnaryOp::Ireduce, exact.lo, ir_ty) };
        let back = self.wide_from(truncated, result_kind.is_signed());
        let lo_differs = self.icmp(IntCC::Ne, back.lo, exact.lo);
        let hi_differs = self.icmp(IntCC::Ne, back.hi, exact.hi);
        let overflow = self.binary(BinaryOp::Bor, lo_differs, hi_differs);
        (Stored::Word(truncated), overflow)
    }

    /// An operand in 128 bits: converted to `typed` for the typed forms,
    /// otherwise extended as its own type says.
    fn exact_operand(&mut self, e: &Node<Expression>, typed: Option<IntKind>, span: Span) -> LowerResult<Exact> {
        let v = self.lower_expr(e)?;
        if matches!(v.ty, CType::Int128 { .. }) {
            return Err(Diagnostic::unsupported(e.span, "an overflow builtin with an __int128 operand"));
        }
        let CType::Int(kind) = v.ty.decay() else {
            return Err(Diagnostic::error_at(e.span, "an operand of an overflow builtin must have integer type"));
        };
        let value = self.rvalue(&v, span)?;
        let kind = match typed {
            Some(t) => t,
            None => kind,
        };
        let value = self.convert(value, &v.ty, &CType::Int(kind), span)?;
        Ok(Exact { value: self.wide_from(value, kind.is_signed()), signed: kind.is_signed() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_operations_and_types() {
        assert_eq!(overflow_builtin("add_overflow"), Some((Arithmetic::Add, None)));
        assert_eq!(overflow_builtin("mul_overflow"), Some((Arithmetic::Mul, None)));
        assert_eq!(overflow_builtin("sadd_overflow"), Some((Arithmetic::Add, Some(IntKind::Int))));
        assert_eq!(overflow_builtin("usubl_overflow"), Some((Arithmetic::Sub, Some(IntKind::ULong))));
        assert_eq!(overflow_builtin("smulll_overflow"), Some((Arithmetic::Mul, Some(IntKind::LongLong))));
        assert_eq!(overflow_builtin("add_overflow_p"), None);
        assert_eq!(overflow_predicate_builtin("mul_overflow_p"), Some(Arithmetic::Mul));
        assert_eq!(overflow_predicate_builtin("uaddl_overflow_p"), None);
        assert_eq!(overflow_builtin("xadd_overflow"), None);
        assert_eq!(overflow_builtin("uaddx_overflow"), None);
    }
}
