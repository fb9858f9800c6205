//! The SSE2 integer builtins behind `<emmintrin.h>`'s unpacking, packing,
//! shifting, shuffling and multiplying intrinsics (`_mm_unpacklo_epi8`,
//! `_mm_packus_epi16`, `_mm_srai_epi32`, `_mm_shuffle_epi32`,
//! `_mm_madd_epi16`…), computed element by element as the generic vectors
//! are (`vectors.rs`). Programs that use SIMD whenever they run on x86-64,
//! without asking for `__SSE2__` (stb_image's JPEG decoder, by
//! `STBI_SSE2`), reach them through the header's inline functions; each
//! result is what the instruction of the same name computes (Intel SDM,
//! vol. 2: PUNPCKLBW, PACKUSWB, PSRAD, PSHUFD, PMADDWD…). The other ia32
//! builtins stay `unsupported:`.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, InstData, IntCC, Type, Value};
use std::rc::Rc;

/// The element type and count of one of the builtins' 16-byte vectors.
#[derive(Clone, Copy)]
struct Lanes {
    kind: IntKind,
    ir: Type,
    count: u64,
}

const BYTES: Lanes = Lanes { kind: IntKind::Char, ir: Type::I8, count: 16 };
const WORDS: Lanes = Lanes { kind: IntKind::Short, ir: Type::I16, count: 8 };
const DWORDS: Lanes = Lanes { kind: IntKind::Int, ir: Type::I32, count: 4 };

impl Lanes {
    fn ctype(self) -> CType {
        CType::Vector(Rc::new(CType::Int(self.kind)), self.count)
    }

    fn width(self) -> u64 {
        16 / self.count
    }
}

/// The builtins this module computes, by their name without `__builtin_`.
pub fn is_sse2_integer_builtin(base: &str) -> bool {
    matches!(
        base,
        "ia32_punpcklbw128"
            | "ia32_punpckhbw128"
            | "ia32_punpcklwd128"
            | "ia32_punpckhwd128"
            | "ia32_punpckldq128"
            | "ia32_punpckhdq128"
            | "ia32_packuswb128"
            | "ia32_packsswb128"
            | "ia32_packssdw128"
            | "ia32_psrawi128"
            | "ia32_psradi128"
            | "ia32_psrlwi128"
            | "ia32_psrldi128"
            | "ia32_psllwi128"
            | "ia32_pslldi128"
            | "ia32_pshufd"
            | "ia32_pmulhw128"
            | "ia32_pmaddwd128"
            | "ia32_vec_set_v8hi"
            | "ia32_psrldqi128"
            | "ia32_pslldqi128"
    )
}

impl Lowerer {
    /// `__builtin_<base>(args…)` for a `base` that
    /// [`is_sse2_integer_builtin`] accepts.
    pub fn lower_sse2_integer_builtin(&mut self, base: &str, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let name = format!("__builtin_{base}");
        let arg = |i: usize| args.get(i).ok_or_else(|| Diagnostic::error_at(span, format!("too few arguments to '{name}'")));
        let (lanes, dst) = match base {
            "ia32_punpcklbw128" | "ia32_punpckhbw128" | "ia32_punpcklwd128" | "ia32_punpckhwd128" | "ia32_punpckldq128"
            | "ia32_punpckhdq128" => {
                let lanes = if base.contains("bw") {
                    BYTES
                } else if base.contains("wd") {
                    WORDS
                } else {
                    DWORDS
                };
                let (a, b) = (self.vector_argument(arg(0)?, span)?, self.vector_argument(arg(1)?, span)?);
                let first = if base.starts_with("ia32_punpckh") { lanes.count / 2 } else { 0 };
                let dst = self.sse2_temporary(lanes);
                for i in 0..lanes.count / 2 {
                    for (j, source) in [a, b].into_iter().enumerate() {
                        let x = self.lane(source, lanes, first + i);
                        self.set_lane(dst, lanes, 2 * i + j as u64, x);
                    }
                }
                (lanes, dst)
            }
            // Signed elements narrowed to half their width, saturated to the
            // narrow type's range: `a`'s in the low half, `b`'s in the high.
            "ia32_packuswb128" | "ia32_packsswb128" | "ia32_packssdw128" => {
                let (from, to, low, high) = match base {
                    "ia32_packuswb128" => (WORDS, BYTES, 0, 255),
                    "ia32_packsswb128" => (WORDS, BYTES, -128, 127),
                    _ => (DWORDS, WORDS, -32768, 32767),
                };
                let (a, b) = (self.vector_argument(arg(0)?, span)?, self.vector_argument(arg(1)?, span)?);
                let dst = self.sse2_temporary(to);
                for (half, source) in [a, b].into_iter().enumerate() {
                    for i in 0..from.count {
                        let x = self.lane(source, from, i);
                        let x = self.resize_int(x, from.ir, Type::I32, true);
                        let x = self.clamp(x, low, high);
                        let x = self.resize_int(x, Type::I32, to.ir, false);
                        self.set_lane(dst, to, half as u64 * from.count + i, x);
                    }
                }
                (to, dst)
            }
            // Shifts by a count in a register: a count past the element's
            // last bit gives 0 (logical shifts) or the sign (arithmetic ones).
            "ia32_psrawi128" | "ia32_psradi128" | "ia32_psrlwi128" | "ia32_psrldi128" | "ia32_psllwi128" | "ia32_pslldi128" => {
                let lanes = if base.contains("wi128") { WORDS } else { DWORDS };
                let a = self.vector_argument(arg(0)?, span)?;
                let count = self.argument_as(arg(1)?, &CType::Int(IntKind::Int), span)?;
                let last = self.iconst(Type::I32, lanes.width() as i64 * 8 - 1);
                let past_end = self.icmp(IntCC::Ugt, count, last);
                let arithmetic = base.starts_with("ia32_psra");
                // The shift itself takes a count within the element; the
                // logical shifts' results past the end are then replaced by 0.
                let zero = self.iconst(Type::I32, 0);
                let shift = if arithmetic { self.select(past_end, last, count) } else { self.select(past_end, zero, count) };
                let op = if arithmetic {
                    BinaryOp::Sshr
                } else if base.starts_with("ia32_psrl") {
                    BinaryOp::Ushr
                } else {
                    BinaryOp::Ishl
                };
                let dst = self.sse2_temporary(lanes);
                for i in 0..lanes.count {
                    let x = self.lane(a, lanes, i);
                    let x = self.resize_int(x, lanes.ir, Type::I32, arithmetic);
                    let r = self.binary(op, x, shift);
                    let r = if arithmetic { r } else { self.select(past_end, zero, r) };
                    let r = self.resize_int(r, Type::I32, lanes.ir, false);
                    self.set_lane(dst, lanes, i, r);
                }
                (lanes, dst)
            }
            // Each of the four elements picked by two bits of a constant.
            "ia32_pshufd" => {
                let a = self.vector_argument(arg(0)?, span)?;
                let order = self.constant_selector(arg(1)?, &name)?;
                let dst = self.sse2_temporary(DWORDS);
                for i in 0..4 {
                    let x = self.lane(a, DWORDS, (order >> (2 * i)) as u64 & 3);
                    self.set_lane(dst, DWORDS, i, x);
                }
                (DWORDS, dst)
            }
            // The high 16 bits of each signed 32-bit product.
            "ia32_pmulhw128" => {
                let (a, b) = (self.vector_argument(arg(0)?, span)?, self.vector_argument(arg(1)?, span)?);
                let dst = self.sse2_temporary(WORDS);
                let sixteen = self.iconst(Type::I32, 16);
                for i in 0..8 {
                    let product = self.widened_product(a, b, i);
                    let high = self.binary(BinaryOp::Sshr, product, sixteen);
                    let high = self.resize_int(high, Type::I32, Type::I16, false);
                    self.set_lane(dst, WORDS, i, high);
                }
                (WORDS, dst)
            }
            // Sums of adjacent signed 32-bit products (wrapping only for
            // two products of -32768 by -32768).
            "ia32_pmaddwd128" => {
                let (a, b) = (self.vector_argument(arg(0)?, span)?, self.vector_argument(arg(1)?, span)?);
                let dst = self.sse2_temporary(DWORDS);
                for i in 0..4 {
                    let even = self.widened_product(a, b, 2 * i);
                    let odd = self.widened_product(a, b, 2 * i + 1);
                    let sum = self.binary(BinaryOp::Iadd, even, odd);
                    self.set_lane(dst, DWORDS, i, sum);
                }
                (DWORDS, dst)
            }
            // A copy with the element at a constant index replaced.
            "ia32_vec_set_v8hi" => {
                let a = self.vector_argument(arg(0)?, span)?;
                let value = self.argument_as(arg(1)?, &CType::Int(IntKind::Int), span)?;
                let value = self.resize_int(value, Type::I32, Type::I16, false);
                let index = self.constant_selector(arg(2)?, &name)? as u64 & 7;
                let dst = self.sse2_temporary(WORDS);
                self.copy_vector_bytes(dst, a, 16);
                self.set_lane(dst, WORDS, index, value);
                (WORDS, dst)
            }
            // The 16 bytes moved by a constant number of bits (a multiple
            // of 8, as `_mm_srli_si128` passes it), zeros shifted in.
            "ia32_psrldqi128" | "ia32_pslldqi128" => {
                let a = self.vector_argument(arg(0)?, span)?;
                let bytes = (self.constant_selector(arg(1)?, &name)? / 8) as u64;
                let right = base == "ia32_psrldqi128";
                let dst = self.sse2_temporary(BYTES);
                for i in 0..16 {
                    let from = if right { i + bytes } else { i.wrapping_sub(bytes) };
                    let x = if from < 16 { self.lane(a, BYTES, from) } else { self.iconst(Type::I8, 0) };
                    self.set_lane(dst, BYTES, i, x);
                }
                let lanes = Lanes { kind: IntKind::LongLong, ir: Type::I64, count: 2 };
                (lanes, dst)
            }
            _ => unreachable!("not an SSE2 integer builtin: {base}"),
        };
        Ok(Operand { ty: lanes.ctype(), place: Place::Value(dst) })
    }

    /// The address of the bytes of a 16-byte vector argument, whatever its
    /// element type (the intrinsics cast their operands to the builtin's).
    fn vector_argument(&mut self, e: &Node<Expression>, span: Span) -> LowerResult<Value> {
        let op = self.lower_expr(e)?;
        if !op.ty.is_vector() || self.types.size_of(&op.ty) != Some(16) {
            return Err(Diagnostic::error_at(span, "incompatible type for argument: a 16-byte vector is expected"));
        }
        self.rvalue(&op, span)
    }

    /// A constant operand that selects elements or a shift, as the
    /// instruction's immediate byte.
    fn constant_selector(&mut self, e: &Node<Expression>, name: &str) -> LowerResult<i64> {
        self.eval_int(e).map_err(|_| Diagnostic::error_at(e.span, format!("the last argument to '{name}' must be a constant")))
    }

    fn sse2_temporary(&mut self, lanes: Lanes) -> Value {
        self.vector_temporary(&lanes.ctype())
    }

    fn lane(&mut self, vector: Value, lanes: Lanes, i: u64) -> Value {
        self.emit(InstData::Load { addr: vector, offset: (i * lanes.width()) as i32 }, lanes.ir)
    }

    fn set_lane(&mut self, vector: Value, lanes: Lanes, i: u64, value: Value) {
        self.emit_effect(InstData::Store { value, addr: vector, offset: (i * lanes.width()) as i32 });
    }

    /// The product of the signed 16-bit elements `i` of `a` and `b`, in 32 bits.
    fn widened_product(&mut self, a: Value, b: Value, i: u64) -> Value {
        let x = self.lane(a, WORDS, i);
        let y = self.lane(b, WORDS, i);
        let x = self.resize_int(x, Type::I16, Type::I32, true);
        let y = self.resize_int(y, Type::I16, Type::I32, true);
        self.binary(BinaryOp::Imul, x, y)
    }

    /// `x` (an `i32`) limited to `low..=high`.
    fn clamp(&mut self, x: Value, low: i64, high: i64) -> Value {
        let (low, high) = (self.iconst(Type::I32, low), self.iconst(Type::I32, high));
        let below = self.icmp(IntCC::Slt, x, low);
        let x = self.select(below, low, x);
        let above = self.icmp(IntCC::Sgt, x, high);
        self.select(above, high, x)
    }
}
