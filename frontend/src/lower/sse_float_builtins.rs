//! The SSE and SSE2 floating-point builtins behind gcc's `<xmmintrin.h>`
//! and `<emmintrin.h>` (gcc 12's headers): arithmetic on the low element,
//! bitwise operations, comparisons giving masks, `comiss`/`ucomiss`
//! predicates, minima and maxima, moves, unpacking and shuffles, the
//! loads and stores of half a vector, sign masks, and the conversions
//! between floats, doubles and integers. Each is computed element by
//! element on the vector's bytes in memory (as `vectors.rs` computes
//! generic vectors), and each result is what the instruction of the same
//! name computes (Intel SDM, vol. 2: ADDSS, ANDNPS, CMPPS, COMISS,
//! MINPS, MOVHLPS, SHUFPS, MOVMSKPS, CVTPS2DQ, CVTTPD2DQ…):
//!
//! - the arithmetic is the IR's, which Cranelift emits as the SSE
//!   instruction itself, so the rounding mode and NaN operands give what
//!   they give in gcc's code;
//! - `min` and `max` return the second operand unless the first is
//!   strictly less (greater): a NaN in either operand, or two zeros of
//!   either sign, give the second;
//! - the comparisons are those of CMPPS's predicates (`neq`, `nlt`,
//!   `nle`, `ngt`, `nge` and `unord` true for a NaN operand, the others
//!   false), and the `comi`/`ucomi` builtins gcc 12's, which read
//!   COMISS's flags as they are (a NaN makes `eq`, `lt` and `le` true);
//! - conversions to integers round as the current rounding mode says
//!   (`rint`) or, for `cvtt`, truncate, and give the integer indefinite
//!   (0x80000000) for a NaN or a result out of range, as the backend's
//!   `cvttsd2si` does; conversions between floats and doubles, and from
//!   integers, are the IR's, which round as the mode says.
//!
//! Square roots, reciprocal approximations and the control-register
//! builtins run the instruction itself (`sse_instruction_helpers.rs`).

use super::sse_integer_builtins::Lanes;
use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{FloatCC, InstData, Signature, Type, UnaryOp, Value};

const FLOATS: Lanes = Lanes { ir: Type::F32, count: 4 };
const DOUBLES: Lanes = Lanes { ir: Type::F64, count: 2 };
const INTS: Lanes = Lanes { ir: Type::I32, count: 4 };
const MMX_INTS: Lanes = Lanes { ir: Type::I32, count: 2 };

/// The builtins this module computes, by their name without `__builtin_`.
pub fn is_sse_float_builtin(base: &str) -> bool {
    let Some(name) = base.strip_prefix("ia32_") else { return false };
    if let Some(rest) = name.strip_prefix("cmp") {
        return ["ps", "ss", "pd", "sd"].iter().any(|suffix| rest.strip_suffix(suffix).is_some_and(|p| predicate(p).is_some()));
    }
    if let Some(p) = comi_predicate(name) {
        return predicate(p).is_some();
    }
    matches!(
        name,
        "addss"
            | "subss"
            | "mulss"
            | "divss"
            | "addsd"
            | "subsd"
            | "mulsd"
            | "divsd"
            | "andps"
            | "andnps"
            | "orps"
            | "xorps"
            | "andpd"
            | "andnpd"
            | "orpd"
            | "xorpd"
            | "minps"
            | "maxps"
            | "minss"
            | "maxss"
            | "minpd"
            | "maxpd"
            | "minsd"
            | "maxsd"
            | "movss"
            | "movsd"
            | "movhlps"
            | "movlhps"
            | "unpcklps"
            | "unpckhps"
            | "unpcklpd"
            | "unpckhpd"
            | "shufps"
            | "shufpd"
            | "loadhps"
            | "loadlps"
            | "storehps"
            | "storelps"
            | "loadhpd"
            | "loadlpd"
            | "movntps"
            | "movntpd"
            | "movmskps"
            | "movmskpd"
            | "cvtsi2ss"
            | "cvtsi642ss"
            | "cvtsi2sd"
            | "cvtsi642sd"
            | "cvtpi2ps"
            | "cvtps2pi"
            | "cvttps2pi"
            | "cvtdq2pd"
            | "cvtdq2ps"
            | "cvtpd2dq"
            | "cvttpd2dq"
            | "cvtpd2pi"
            | "cvttpd2pi"
            | "cvtpd2ps"
            | "cvtpi2pd"
            | "cvtps2dq"
            | "cvttps2dq"
            | "cvtps2pd"
            | "cvtsd2ss"
            | "cvtss2sd"
    )
}

/// A comparison predicate: the IR's condition, whether the result is its
/// negation, and whether the operands are swapped. `ord` and `unord` are
/// `None` here and tested separately.
fn predicate(name: &str) -> Option<Option<(FloatCC, bool)>> {
    Some(Some(match name {
        "eq" => (FloatCC::Eq, false),
        "lt" => (FloatCC::Lt, false),
        "le" => (FloatCC::Le, false),
        "gt" => (FloatCC::Gt, false),
        "ge" => (FloatCC::Ge, false),
        "neq" => (FloatCC::Eq, true),
        "nlt" => (FloatCC::Lt, true),
        "nle" => (FloatCC::Le, true),
        "ngt" => (FloatCC::Gt, true),
        "nge" => (FloatCC::Ge, true),
        "ord" | "unord" => return Some(None),
        _ => return None,
    }))
}

/// The predicate of a `comi`/`ucomi` builtin (`comieq`, `ucomisdlt`…).
fn comi_predicate(name: &str) -> Option<&str> {
    let rest = name.strip_prefix('u').unwrap_or(name).strip_prefix("comi")?;
    let p = rest.strip_prefix("sd").unwrap_or(rest);
    matches!(p, "eq" | "lt" | "le" | "gt" | "ge" | "neq").then_some(p)
}

impl Lowerer {
    /// `__builtin_<base>(args…)` for a `base` that
    /// [`is_sse_float_builtin`] accepts.
    pub fn lower_sse_float_builtin(&mut self, base: &str, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let builtin = format!("__builtin_{base}");
        let arg = |i: usize| args.get(i).ok_or_else(|| Diagnostic::error_at(span, format!("too few arguments to '{builtin}'")));
        let name = base.strip_prefix("ia32_").expect("an ia32 builtin");
        // The element type the name ends with: `ps`/`ss` floats, `pd`/`sd`
        // doubles.
        let lanes = if name.ends_with('d') { DOUBLES } else { FLOATS };
        let scalar = name.ends_with("ss") || name.ends_with("sd");
        if let Some(rest) = name.strip_prefix("cmp") {
            let (a, b) = self.vector_pair(args, 16, span)?;
            let condition = predicate(&rest[..rest.len() - 2]).expect("a predicate");
            let unordered = rest.starts_with("unord");
            let dst = self.lanewise_or_low(a, b, lanes, scalar, |s, x, y| {
                let integer = if lanes.ir == Type::F32 { Type::I32 } else { Type::I64 };
                let c = s.float_predicate(condition, unordered, x, y);
                s.mask(c, integer)
            });
            return Ok(Operand { ty: lanes.ctype(), place: Place::Value(dst) });
        }
        if let Some(p) = comi_predicate(name) {
            let lanes = if name.contains("comisd") { DOUBLES } else { FLOATS };
            let (a, b) = self.vector_pair(args, 16, span)?;
            let x = self.lane(a, lanes, 0);
            let y = self.lane(b, lanes, 0);
            let c = self.comi_flags(p, x, y);
            let r = self.resize_int(c, Type::I8, Type::I32, false);
            return Ok(Operand { ty: CType::INT, place: Place::Value(r) });
        }
        let (result, dst) = match name {
            // The low element's sum, difference, product or quotient; the
            // others are `a`'s.
            "addss" | "subss" | "mulss" | "divss" | "addsd" | "subsd" | "mulsd" | "divsd" => {
                use nissecc_midend::ir::BinaryOp;
                let op = match &name[..3] {
                    "add" => BinaryOp::Fadd,
                    "sub" => BinaryOp::Fsub,
                    "mul" => BinaryOp::Fmul,
                    _ => BinaryOp::Fdiv,
                };
                let (a, b) = self.vector_pair(args, 16, span)?;
                (lanes, self.lanewise_or_low(a, b, lanes, true, |s, x, y| s.binary(op, x, y)))
            }
            "andps" | "andnps" | "orps" | "xorps" | "andpd" | "andnpd" | "orpd" | "xorpd" => {
                let (a, b) = self.vector_pair(args, 16, span)?;
                (lanes, self.bitwise(a, b, lanes, name))
            }
            // `a < b ? a : b` and `a > b ? a : b`, chosen by their bits.
            "minps" | "maxps" | "minss" | "maxss" | "minpd" | "maxpd" | "minsd" | "maxsd" => {
                let cc = if name.starts_with("min") { FloatCC::Lt } else { FloatCC::Gt };
                let (a, b) = self.vector_pair(args, 16, span)?;
                let integer = Lanes::of(if lanes.ir == Type::F32 { Type::I32 } else { Type::I64 }, 16);
                let dst = self.simd_temporary(lanes);
                self.copy_vector_bytes(dst, a, 16);
                for i in 0..if scalar { 1 } else { lanes.count } {
                    let x = self.lane(a, lanes, i);
                    let y = self.lane(b, lanes, i);
                    let c = self.fcmp(cc, x, y);
                    let x = self.lane(a, integer, i);
                    let y = self.lane(b, integer, i);
                    let r = self.select(c, x, y);
                    self.set_lane(dst, integer, i, r);
                }
                (lanes, dst)
            }
            // `b`'s low element with `a`'s others.
            "movss" | "movsd" => {
                let (a, b) = self.vector_pair(args, 16, span)?;
                (lanes, self.lanewise_or_low(a, b, lanes, true, |_, _, y| y))
            }
            // `b`'s high half then `a`'s high half; `a`'s low half then `b`'s.
            "movhlps" | "movlhps" => {
                let (a, b) = self.vector_pair(args, 16, span)?;
                let halves = Lanes::of(Type::I64, 16);
                let dst = self.simd_temporary(FLOATS);
                let (first, second) = if name == "movhlps" { ((b, 1), (a, 1)) } else { ((a, 0), (b, 0)) };
                let x = self.lane(first.0, halves, first.1);
                let y = self.lane(second.0, halves, second.1);
                self.set_lane(dst, halves, 0, x);
                self.set_lane(dst, halves, 1, y);
                (FLOATS, dst)
            }
            "unpcklps" | "unpckhps" | "unpcklpd" | "unpckhpd" => {
                let (a, b) = self.vector_pair(args, 16, span)?;
                (lanes, self.interleave(a, b, lanes, name.starts_with("unpckh")))
            }
            // The low half of the result from `a`, the high half from
            // `b`, each element picked by bits of a constant (two bits for
            // floats, one for doubles).
            "shufps" | "shufpd" => {
                let (a, b) = self.vector_pair(args, 16, span)?;
                let order = self.constant_selector(arg(2)?, &builtin)? as u64;
                let (bits, mask) = if lanes == FLOATS { (2, 3) } else { (1, 1) };
                let dst = self.simd_temporary(lanes);
                for i in 0..lanes.count {
                    let source = if i < lanes.count / 2 { a } else { b };
                    let x = self.lane(source, lanes, (order >> (bits * i)) & mask);
                    self.set_lane(dst, lanes, i, x);
                }
                (lanes, dst)
            }
            // Half of `a` replaced by 8 bytes from memory (`loadhps`
            // replaces the high half), or stored to memory.
            "loadhps" | "loadlps" | "loadhpd" | "loadlpd" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let pointer = self.pointer_argument(arg(1)?, span)?;
                let halves = Lanes::of(Type::I64, 16);
                let dst = self.simd_temporary(lanes);
                self.copy_vector_bytes(dst, a, 16);
                let x = self.emit(InstData::Load { addr: pointer, offset: 0 }, Type::I64);
                self.set_lane(dst, halves, u64::from(name.starts_with("loadh")), x);
                (lanes, dst)
            }
            "storehps" | "storelps" => {
                let pointer = self.pointer_argument(arg(0)?, span)?;
                let a = self.vector_argument(arg(1)?, 16, span)?;
                let x = self.lane(a, Lanes::of(Type::I64, 16), u64::from(name == "storehps"));
                self.emit_effect(InstData::Store { value: x, addr: pointer, offset: 0 });
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            }
            // A non-temporal store is a store.
            "movntps" | "movntpd" => {
                let pointer = self.pointer_argument(arg(0)?, span)?;
                let a = self.vector_argument(arg(1)?, 16, span)?;
                self.copy_vector_bytes(pointer, a, 16);
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            }
            // The sign bits, element `i`'s in bit `i`.
            "movmskps" | "movmskpd" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let integer = Lanes::of(if lanes.ir == Type::F32 { Type::I32 } else { Type::I64 }, 16);
                let bits = self.sign_bits(a, integer);
                return Ok(Operand { ty: CType::INT, place: Place::Value(bits) });
            }
            // An integer converted into the low element; the others `a`'s.
            "cvtsi2ss" | "cvtsi642ss" | "cvtsi2sd" | "cvtsi642sd" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let ty = if name.contains("64") { CType::Int(IntKind::LongLong) } else { CType::INT };
                let n = self.argument_as(arg(1)?, &ty, span)?;
                let x = self.unary(UnaryOp::FcvtFromSint, n, lanes.ir);
                let dst = self.simd_temporary(lanes);
                self.copy_vector_bytes(dst, a, 16);
                self.set_lane(dst, lanes, 0, x);
                (lanes, dst)
            }
            // Two `int`s of an MMX vector into the low floats; `a`'s high
            // ones kept.
            "cvtpi2ps" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let b = self.vector_argument(arg(1)?, 8, span)?;
                let dst = self.simd_temporary(FLOATS);
                self.copy_vector_bytes(dst, a, 16);
                self.convert_lanes(b, MMX_INTS, dst, FLOATS, 2, false);
                (FLOATS, dst)
            }
            // Floats or doubles to `int`s: the first two (to an MMX
            // vector, or to the low half with zeros above) or all four.
            "cvtps2pi" | "cvttps2pi" | "cvtpd2pi" | "cvttpd2pi" | "cvtpd2dq" | "cvttpd2dq" | "cvtps2dq" | "cvttps2dq" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let truncate = name.starts_with("cvtt");
                let lanes = if name.contains("pd2") { DOUBLES } else { FLOATS };
                let (to, count) = match name {
                    "cvtps2pi" | "cvttps2pi" | "cvtpd2pi" | "cvttpd2pi" => (MMX_INTS, 2),
                    "cvtpd2dq" | "cvttpd2dq" => (INTS, 2),
                    _ => (INTS, 4),
                };
                let dst = self.simd_temporary(to);
                if to.count > count {
                    let zero = self.iconst(Type::I64, 0);
                    self.set_lane(dst, Lanes::of(Type::I64, 16), 1, zero);
                }
                self.convert_lanes(a, lanes, dst, to, count, truncate);
                (to, dst)
            }
            // `int`s to floats or doubles, as many as fit.
            "cvtdq2ps" | "cvtdq2pd" | "cvtpi2pd" => {
                let size = if name == "cvtpi2pd" { 8 } else { 16 };
                let a = self.vector_argument(arg(0)?, size, span)?;
                let to = if name == "cvtdq2ps" { FLOATS } else { DOUBLES };
                let dst = self.simd_temporary(to);
                self.convert_lanes(a, Lanes::of(Type::I32, size), dst, to, to.count, false);
                (to, dst)
            }
            // Between floats and doubles: the two low floats to doubles, or
            // two doubles to the low floats with zeros above.
            "cvtps2pd" | "cvtpd2ps" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let (from, to) = if name == "cvtps2pd" { (FLOATS, DOUBLES) } else { (DOUBLES, FLOATS) };
                let dst = self.simd_temporary(to);
                if to == FLOATS {
                    let zero = self.iconst(Type::I64, 0);
                    self.set_lane(dst, Lanes::of(Type::I64, 16), 1, zero);
                }
                self.convert_lanes(a, from, dst, to, 2, false);
                (to, dst)
            }
            // `b`'s low element converted into `a`'s low element.
            "cvtsd2ss" | "cvtss2sd" => {
                let (a, b) = self.vector_pair(args, 16, span)?;
                let (from, to) = if name == "cvtss2sd" { (FLOATS, DOUBLES) } else { (DOUBLES, FLOATS) };
                let dst = self.simd_temporary(to);
                self.copy_vector_bytes(dst, a, 16);
                self.convert_lanes(b, from, dst, to, 1, false);
                (to, dst)
            }
            _ => unreachable!("not an SSE float builtin: {base}"),
        };
        Ok(Operand { ty: result.ctype(), place: Place::Value(dst) })
    }

    /// A fresh vector whose elements are `f` of `a`'s and `b`'s, or, for
    /// a scalar builtin, whose low element is and whose others are `a`'s.
    fn lanewise_or_low(&mut self, a: Value, b: Value, lanes: Lanes, low_only: bool, mut f: impl FnMut(&mut Self, Value, Value) -> Value) -> Value {
        let dst = self.simd_temporary(lanes);
        if low_only {
            self.copy_vector_bytes(dst, a, 16);
        }
        for i in 0..if low_only { 1 } else { lanes.count } {
            let x = self.lane(a, lanes, i);
            let y = self.lane(b, lanes, i);
            let r = f(self, x, y);
            self.set_lane(dst, lanes, i, r);
        }
        dst
    }

    /// gcc's `comi`/`ucomi` predicate `p` of `x` and `y`, as an `i8`
    /// 0/1: gcc 12 tests the flags that COMISS sets (ZF for `eq`, CF for
    /// `lt`, either for `le`, and their negations), and an unordered
    /// comparison sets all of them, so a NaN operand makes `eq`, `lt` and
    /// `le` true and `gt`, `ge` and `neq` false.
    fn comi_flags(&mut self, p: &str, x: Value, y: Value) -> Value {
        use nissecc_midend::ir::{BinaryOp, IntCC};
        let (cc, negate) = match p {
            "gt" => (FloatCC::Gt, false),
            "ge" => (FloatCC::Ge, false),
            "lt" => (FloatCC::Ge, true),
            "le" => (FloatCC::Gt, true),
            _ => {
                // `eq` is neither less nor greater; `neq` either.
                let less = self.fcmp(FloatCC::Lt, x, y);
                let greater = self.fcmp(FloatCC::Gt, x, y);
                let either = self.binary(BinaryOp::Bor, less, greater);
                if p == "neq" {
                    return either;
                }
                let zero = self.iconst(Type::I8, 0);
                return self.icmp(IntCC::Eq, either, zero);
            }
        };
        let c = self.fcmp(cc, x, y);
        if negate {
            let zero = self.iconst(Type::I8, 0);
            self.icmp(IntCC::Eq, c, zero)
        } else {
            c
        }
    }

    /// `x <cc> y` (negated when asked), or, for `condition` `None`,
    /// whether both are ordered (`unordered` false) or either is a NaN,
    /// as an `i8` 0/1.
    fn float_predicate(&mut self, condition: Option<(FloatCC, bool)>, unordered: bool, x: Value, y: Value) -> Value {
        use nissecc_midend::ir::{BinaryOp, IntCC};
        let (c, negate) = match condition {
            Some((cc, negate)) => (self.fcmp(cc, x, y), negate),
            None => {
                let x_ordered = self.fcmp(FloatCC::Eq, x, x);
                let y_ordered = self.fcmp(FloatCC::Eq, y, y);
                (self.binary(BinaryOp::Band, x_ordered, y_ordered), unordered)
            }
        };
        if negate {
            let zero = self.iconst(Type::I8, 0);
            self.icmp(IntCC::Eq, c, zero)
        } else {
            c
        }
    }

    /// Converts the first `count` elements of `src` (of `from`) into the
    /// elements of `dst` (of `to`): between floats, from `int`s, or to
    /// `int`s rounded by the rounding mode (or truncated), the integer
    /// indefinite for a NaN or a value out of range.
    fn convert_lanes(&mut self, src: Value, from: Lanes, dst: Value, to: Lanes, count: u64, truncate: bool) {
        for i in 0..count {
            let x = self.lane(src, from, i);
            let r = match (from.ir, to.ir) {
                (Type::I32, float) => self.unary(UnaryOp::FcvtFromSint, x, float),
                (Type::F32, Type::F64) => self.unary(UnaryOp::Fpromote, x, Type::F64),
                (Type::F64, Type::F32) => self.unary(UnaryOp::Fdemote, x, Type::F32),
                (float, _) => {
                    let x = if float == Type::F32 { self.unary(UnaryOp::Fpromote, x, Type::F64) } else { x };
                    let x = if truncate {
                        x
                    } else {
                        let signature = Signature::scalars(vec![Type::F64], Some(Type::F64), false);
                        self.call_helper("rint", signature, vec![x]).expect("a result")
                    };
                    self.unary(UnaryOp::FcvtToSint, x, Type::I32)
                }
            };
            self.set_lane(dst, to, i, r);
        }
    }
}
