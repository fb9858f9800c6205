//! `__int128` and `unsigned __int128` values (GCC's 128-bit integers).
//!
//! The IR has no 128-bit type, so, as for `long double` (see
//! `sixteen_byte_values`), a value of the type is a 16-byte object in
//! memory, 16-byte aligned, and an operand of the type holds its address:
//! the low 64 bits at offset 0 and the high 64 bits at offset 8
//! (little-endian, as GCC lays it out). Every result goes to a fresh
//! temporary.
//!
//! The cheap operations are inline on the two `i64` halves: addition and
//! subtraction propagate a carry or borrow from the low half, bitwise
//! operators work per half, comparisons compare the high halves (signed or
//! unsigned) and then the low halves (unsigned), and a multiplication
//! takes the high half of the low halves' product from `umulh`. A shift by
//! a variable amount selects between the cases below and from 64 bits,
//! since the IR's shifts take their amount modulo 64. Division, remainder
//! and conversions to and from floating types call libgcc's routines
//! (`__divti3`, `__floattidf` and kin), which `cc` always links.
//!
//! Across calls an `__int128` travels as the System V psABI (§3.2.3) says:
//! its class is INTEGER, INTEGER, like `struct { long lo, hi; }`, so it
//! takes two consecutive integer registers as an argument (or memory,
//! 16-byte aligned, when fewer than two remain) and `%rax:%rdx` as a
//! result. The lowering passes it like such a struct (a by-value aggregate
//! of the IR signature, see `TypeTable::sysv_aggregate`), which the
//! backend already places as gcc does.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::{BinaryOperator, UnaryOperator};
use lang_c::span::Span;
use nissecc_midend::ir::abi::Aggregate;
use nissecc_midend::ir::{BinaryOp, InstData, IntCC, Signature, Type, UnaryOp, Value};

/// A 128-bit integer as its two 64-bit halves, in IR values.
#[derive(Clone, Copy)]
pub(super) struct Wide {
    pub lo: Value,
    pub hi: Value,
}

/// The `__int128` type of signedness `signed`.
fn int128(signed: bool) -> CType {
    CType::Int128 { signed }
}

impl Lowerer {
    /// The halves of the value at `a`.
    fn halves(&mut self, a: Value) -> Wide {
        let lo = self.emit(InstData::Load { addr: a, offset: 0 }, Type::I64);
        let hi = self.emit(InstData::Load { addr: a, offset: 8 }, Type::I64);
        Wide { lo, hi }
    }

    /// A fresh temporary holding `h`.
    fn from_halves(&mut self, h: Wide) -> Value {
        let dst = self.sixteen_byte_temporary();
        self.emit_effect(InstData::Store { value: h.lo, addr: dst, offset: 0 });
        self.emit_effect(InstData::Store { value: h.hi, addr: dst, offset: 8 });
        dst
    }

    /// `value`, an integer of at most 64 bits, sign- or zero-extended to
    /// 128.
    pub(super) fn wide_from(&mut self, value: Value, signed: bool) -> Wide {
        let ty = self.value_type(value);
        let lo = self.resize_int(value, ty, Type::I64, signed);
        let hi = if signed {
            let k = self.iconst(Type::I64, 63);
            self.binary(BinaryOp::Sshr, lo, k)
        } else {
            self.iconst(Type::I64, 0)
        };
        Wide { lo, hi }
    }

    /// A condition (`i8` 0/1) widened to an `i64` 0/1.
    fn flag(&mut self, c: Value) -> Value {
        self.unary(UnaryOp::Uextend, c, Type::I64)
    }

    pub(super) fn wide_add(&mut self, a: Wide, b: Wide) -> Wide {
        let lo = self.binary(BinaryOp::Iadd, a.lo, b.lo);
        let carry = self.icmp(IntCC::Ult, lo, a.lo);
        let carry = self.flag(carry);
        let hi = self.binary(BinaryOp::Iadd, a.hi, b.hi);
        let hi = self.binary(BinaryOp::Iadd, hi, carry);
        Wide { lo, hi }
    }

    pub(super) fn wide_sub(&mut self, a: Wide, b: Wide) -> Wide {
        let lo = self.binary(BinaryOp::Isub, a.lo, b.lo);
        let borrow = self.icmp(IntCC::Ult, a.lo, b.lo);
        let borrow = self.flag(borrow);
        let hi = self.binary(BinaryOp::Isub, a.hi, b.hi);
        let hi = self.binary(BinaryOp::Isub, hi, borrow);
        Wide { lo, hi }
    }

    /// The low 128 bits of the product, the same for both signednesses.
    pub(super) fn wide_mul(&mut self, a: Wide, b: Wide) -> Wide {
        let lo = self.binary(BinaryOp::Imul, a.lo, b.lo);
        let carried = self.binary(BinaryOp::Umulh, a.lo, b.lo);
        let cross1 = self.binary(BinaryOp::Imul, a.lo, b.hi);
        let cross2 = self.binary(BinaryOp::Imul, a.hi, b.lo);
        let hi = self.binary(BinaryOp::Iadd, carried, cross1);
        let hi = self.binary(BinaryOp::Iadd, hi, cross2);
        Wide { lo, hi }
    }

    /// `a op b` for the arithmetic and bitwise operators, on operands
    /// already converted to `ty`, into a fresh temporary.
    pub fn int128_arithmetic(&mut self, op: &BinaryOperator, ty: &CType, a: Value, b: Value, span: Span) -> LowerResult<Value> {
        use BinaryOperator as B;
        let signed = ty.is_signed_int();
        let routine = match op {
            B::Divide => Some(if signed { "__divti3" } else { "__udivti3" }),
            B::Modulo => Some(if signed { "__modti3" } else { "__umodti3" }),
            _ => None,
        };
        if let Some(name) = routine {
            return Ok(self.int128_routine(name, &[(a, int128(signed)), (b, int128(signed))], &int128(signed)).expect("a result"));
        }
        let (x, y) = (self.halves(a), self.halves(b));
        let per_half = |this: &mut Self, irop| Wide { lo: this.binary(irop, x.lo, y.lo), hi: this.binary(irop, x.hi, y.hi) };
        let r = match op {
            B::Plus => self.wide_add(x, y),
            B::Minus => self.wide_sub(x, y),
            B::Multiply => self.wide_mul(x, y),
            B::BitwiseAnd => per_half(self, BinaryOp::Band),
            B::BitwiseOr => per_half(self, BinaryOp::Bor),
            B::BitwiseXor => per_half(self, BinaryOp::Bxor),
            _ => {
                let what = self.types.describe(ty);
                return Err(Diagnostic::error_at(span, format!("invalid operands to binary expression ('{what}')")));
            }
        };
        Ok(self.from_halves(r))
    }

    /// `a << n` or `a >> n` (arithmetic when `signed`), where `n` is an
    /// `i64`. C leaves shifts by 128 or more undefined; they shift by
    /// `n % 128` here.
    pub fn int128_shift(&mut self, left: bool, signed: bool, a: Value, n: Value) -> Value {
        let x = self.halves(a);
        let k63 = self.iconst(Type::I64, 63);
        let k64 = self.iconst(Type::I64, 64);
        let one = self.iconst(Type::I64, 1);
        let zero = self.iconst(Type::I64, 0);
        // The amount within a half, and whether the shift crosses a half.
        let m = self.binary(BinaryOp::Band, n, k63);
        let crossing = self.binary(BinaryOp::Band, n, k64);
        let big = self.icmp(IntCC::Ne, crossing, zero);
        // The bits that move from one half to the other in a shift by
        // `m < 64`: shifting by `1` and then by `63 - m` moves none when
        // `m` is 0, where a single shift by `64 - m` would move all.
        let back = self.binary(BinaryOp::Isub, k63, m);
        let r = if left {
            let lo = self.binary(BinaryOp::Ishl, x.lo, m);
            let spill = self.binary(BinaryOp::Ushr, x.lo, one);
            let spill = self.binary(BinaryOp::Ushr, spill, back);
            let hi = self.binary(BinaryOp::Ishl, x.hi, m);
            let hi = self.binary(BinaryOp::Bor, hi, spill);
            Wide { lo: self.select(big, zero, lo), hi: self.select(big, lo, hi) }
        } else {
            let hi = self.binary(if signed { BinaryOp::Sshr } else { BinaryOp::Ushr }, x.hi, m);
            let spill = self.binary(BinaryOp::Ishl, x.hi, one);
            let spill = self.binary(BinaryOp::Ishl, spill, back);
            let lo = self.binary(BinaryOp::Ushr, x.lo, m);
            let lo = self.binary(BinaryOp::Bor, lo, spill);
            let fill = if signed { self.binary(BinaryOp::Sshr, x.hi, k63) } else { zero };
            Wide { lo: self.select(big, hi, lo), hi: self.select(big, fill, hi) }
        };
        self.from_halves(r)
    }

    /// `-a` or `~a`, into a fresh temporary (`+a` is `a`).
    pub fn int128_unary(&mut self, op: &UnaryOperator, a: Value) -> Value {
        let x = self.halves(a);
        let r = match op {
            UnaryOperator::Minus => {
                let zero = self.iconst(Type::I64, 0);
                self.wide_sub(Wide { lo: zero, hi: zero }, x)
            }
            UnaryOperator::Complement => {
                Wide { lo: self.unary(UnaryOp::Bnot, x.lo, Type::I64), hi: self.unary(UnaryOp::Bnot, x.hi, Type::I64) }
            }
            _ => return a,
        };
        self.from_halves(r)
    }

    /// A comparison of two values of `ty` as an `i8` 0/1.
    pub fn int128_compare(&mut self, op: &BinaryOperator, ty: &CType, a: Value, b: Value) -> Value {
        use BinaryOperator as B;
        let (x, y) = (self.halves(a), self.halves(b));
        let signed = ty.is_signed_int();
        match op {
            B::Equals | B::NotEquals => {
                let lo = self.binary(BinaryOp::Bxor, x.lo, y.lo);
                let hi = self.binary(BinaryOp::Bxor, x.hi, y.hi);
                let diff = self.binary(BinaryOp::Bor, lo, hi);
                let zero = self.iconst(Type::I64, 0);
                self.icmp(if *op == B::Equals { IntCC::Eq } else { IntCC::Ne }, diff, zero)
            }
            // `a > b` is `b < a`; `a <= b` is not `b < a`; `a >= b` is
            // not `a < b`.
            B::Less => self.wide_less(x, y, signed),
            B::Greater => self.wide_less(y, x, signed),
            _ => {
                let (p, q) = if *op == B::LessOrEqual { (y, x) } else { (x, y) };
                let less = self.wide_less(p, q, signed);
                let one = self.iconst(Type::I8, 1);
                self.binary(BinaryOp::Bxor, less, one)
            }
        }
    }

    /// `a < b` as an `i8` 0/1: by the high halves, or by the low halves
    /// (unsigned) when the high ones are equal.
    fn wide_less(&mut self, a: Wide, b: Wide, signed: bool) -> Value {
        let high_less = self.icmp(if signed { IntCC::Slt } else { IntCC::Ult }, a.hi, b.hi);
        let high_equal = self.icmp(IntCC::Eq, a.hi, b.hi);
        let low_less = self.icmp(IntCC::Ult, a.lo, b.lo);
        let tie_less = self.binary(BinaryOp::Band, high_equal, low_less);
        self.binary(BinaryOp::Bor, high_less, tie_less)
    }

    /// `a != 0` as an `i8` 0/1.
    pub fn int128_truth(&mut self, a: Value) -> Value {
        let x = self.halves(a);
        let any = self.binary(BinaryOp::Bor, x.lo, x.hi);
        let zero = self.iconst(Type::I64, 0);
        self.icmp(IntCC::Ne, any, zero)
    }

    /// Converts the scalar `v` of type `from` to the 128-bit type `to`.
    pub fn int128_from_scalar(&mut self, v: Value, from: &CType, to: &CType, span: Span) -> LowerResult<Value> {
        let halves = match from {
            // The same bits, read with the other signedness.
            CType::Int128 { .. } => return Ok(v),
            CType::Int(_) | CType::Pointer(..) => {
                self.wide_from(v, from.is_signed_int())
            }
            CType::Float | CType::Double | CType::LongDouble => {
                let suffix = float_suffix(from);
                let name = if to.is_signed_int() { format!("__fix{suffix}ti") } else { format!("__fixuns{suffix}ti") };
                return Ok(self.int128_routine(&name, &[(v, from.clone())], to).expect("a result"));
            }
            other => {
                let message = format!("cannot convert '{}' to '{}'", self.types.describe(other), self.types.describe(to));
                return Err(Diagnostic::error_at(span, message));
            }
        };
        Ok(self.from_halves(halves))
    }

    /// Converts the value at `a`, of the 128-bit type `from`, to the
    /// scalar type `to`.
    pub fn int128_to_scalar(&mut self, a: Value, from: &CType, to: &CType, span: Span) -> LowerResult<Value> {
        Ok(match to {
            CType::Int128 { .. } => a,
            CType::Int(IntKind::Bool) => self.int128_truth(a),
            // Truncation keeps the low bits.
            CType::Int(_) | CType::Pointer(..) => {
                let lo = self.halves(a).lo;
                let ty = to.ir_type().expect("an integer or pointer type");
                self.resize_int(lo, Type::I64, ty, false)
            }
            CType::Float | CType::Double | CType::LongDouble => {
                let suffix = float_suffix(to);
                let name = if from.is_signed_int() { format!("__floatti{suffix}") } else { format!("__floatunti{suffix}") };
                self.int128_routine(&name, &[(a, from.clone())], to).expect("a result")
            }
            other => {
                let message = format!("cannot convert '{}' to '{}'", self.types.describe(from), self.types.describe(other));
                return Err(Diagnostic::error_at(span, message));
            }
        })
    }

    /// Calls the libgcc routine `name` with `args` (values and their C
    /// types) and returns its result of type `ret`: an `__int128` or a
    /// `long double` in a fresh temporary, a `float` or `double` as a
    /// value. Both 16-byte types travel as by-value aggregates, with the
    /// classification a C function of these types gets.
    fn int128_routine(&mut self, name: &str, args: &[(Value, CType)], ret: &CType) -> Option<Value> {
        let mut sig = Signature::default();
        let mut values = Vec::new();
        let result = if ret.is_memory_value() {
            let dst = self.sixteen_byte_temporary();
            sig.params.push(Type::PTR);
            sig.by_value_result = Some(self.types.sysv_result(ret));
            values.push(dst);
            Some(dst)
        } else {
            sig.ret = ret.ir_type();
            None
        };
        for (v, ty) in args {
            if ty.is_memory_value() {
                let aggregate: Aggregate = self.types.sysv_aggregate(ty);
                sig.by_value.push((sig.params.len(), aggregate));
                sig.params.push(Type::PTR);
            } else {
                sig.params.push(ty.ir_type().expect("a scalar argument"));
            }
            values.push(*v);
        }
        let value = self.call_helper(name, sig, values);
        result.or(value)
    }
}

/// The mode letters libgcc's conversion routines give a floating type:
/// `sf` for `float`, `df` for `double`, `xf` for the x87 `long double`.
fn float_suffix(ty: &CType) -> &'static str {
    match ty {
        CType::Float => "sf",
        CType::Double => "df",
        _ => "xf",
    }
}
