//! The MMX and SSE2 integer builtins behind gcc's `<mmintrin.h>`,
//! `<xmmintrin.h>` and `<emmintrin.h>` (gcc 12's headers, from
//! `gcc -print-file-name=include`): saturating arithmetic, bitwise
//! operations, comparisons, multiplications, averages, minima and maxima,
//! shifts, unpacking, packing, shuffles, element insertion and
//! extraction, byte masks, sums of absolute differences, and the
//! non-temporal and masked stores. Each is computed element by element
//! like the generic vectors (`vectors.rs`), on the vector's bytes in
//! memory, and each result is what the instruction of the same name
//! computes (Intel SDM, vol. 2: PADDSB, PAND, PCMPGTW, PMULHUW, PAVGB,
//! PMAXUB, PSRAD, PUNPCKLBW, PACKUSWB, PSHUFD, PINSRW, PMOVMSKB, PSADBW,
//! MASKMOVDQU…). The 8-byte forms are the MMX instructions, which gcc
//! computes in SSE registers on x86-64 (`__MMX_WITH_SSE__`) with the
//! same results. Shifts by a count in a register take the count as an
//! unsigned number (a vector count's low 64 bits, an `int` count's 32):
//! a count past the element's last bit gives 0, or the sign for the
//! arithmetic shifts. Non-temporal stores (`movntdq`…) are plain stores:
//! the hint changes no value. The helpers that the float builtins
//! (`sse_float_builtins.rs`) share are defined here.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, BlockCall, InstData, IntCC, Type, Value};
use std::rc::Rc;

/// The element type and count of one of the builtins' vectors.
#[derive(Clone, Copy, PartialEq)]
pub(super) struct Lanes {
    pub ir: Type,
    pub count: u64,
}

pub(super) const BYTES: Lanes = Lanes { ir: Type::I8, count: 16 };
pub(super) const WORDS: Lanes = Lanes { ir: Type::I16, count: 8 };
pub(super) const DWORDS: Lanes = Lanes { ir: Type::I32, count: 4 };
pub(super) const QWORDS: Lanes = Lanes { ir: Type::I64, count: 2 };

impl Lanes {
    /// The vector type gcc declares for the builtin's result (`__v16qi`,
    /// `__v4sf`, `__v2si`…).
    pub fn ctype(self) -> CType {
        let element = match self.ir {
            Type::I8 => CType::Int(IntKind::Char),
            Type::I16 => CType::Int(IntKind::Short),
            Type::I32 => CType::Int(IntKind::Int),
            Type::I64 => CType::Int(IntKind::LongLong),
            Type::F32 => CType::Float,
            Type::F64 => CType::Double,
        };
        CType::Vector(Rc::new(element), self.count)
    }

    /// The size of one element in bytes.
    pub fn width(self) -> u64 {
        u64::from(self.ir.bytes())
    }

    /// The vector's size in bytes.
    pub fn size(self) -> u64 {
        self.width() * self.count
    }

    /// Elements of type `ir` filling a vector of `size` bytes.
    pub fn of(ir: Type, size: u64) -> Lanes {
        Lanes { ir, count: size / u64::from(ir.bytes()) }
    }
}

/// The builtins this module computes, by their name without `__builtin_`.
pub fn is_sse_integer_builtin(base: &str) -> bool {
    integer_builtin(base).is_some()
}

/// The operation of a builtin and the size of its vectors (16 bytes for
/// SSE2's, 8 for MMX's).
fn integer_builtin(base: &str) -> Option<(&'static str, u64)> {
    const STEMS: &[&str] = &[
        "paddb", "paddw", "paddd", "paddq", "psubb", "psubw", "psubd", "psubq", "paddsb", "paddsw", "paddusb", "paddusw",
        "psubsb", "psubsw", "psubusb", "psubusw", "pand", "pandn", "por", "pxor", "pcmpeqb", "pcmpeqw", "pcmpeqd",
        "pcmpgtb", "pcmpgtw", "pcmpgtd", "pmullw", "pmulhw", "pmulhuw", "pmuludq", "pmaddwd", "pavgb", "pavgw", "pmaxsw",
        "pmaxub", "pminsw", "pminub", "pmovmskb", "psadbw", "psllw", "pslld", "psllq", "psrlw", "psrld", "psrlq", "psraw",
        "psrad", "psllwi", "pslldi", "psllqi", "psrlwi", "psrldi", "psrlqi", "psrawi", "psradi", "punpcklbw", "punpckhbw",
        "punpcklwd", "punpckhwd", "punpckldq", "punpckhdq", "punpcklqdq", "punpckhqdq", "packsswb", "packssdw",
        "packuswb",
    ];
    let name = base.strip_prefix("ia32_")?;
    let (stem, size) = match name.strip_suffix("128") {
        Some(stem) => (stem, 16),
        None => (name, 8),
    };
    if let Some(&stem) = STEMS.iter().find(|&&s| s == stem) {
        // The 16-byte `paddb`… and `pand`… are generic vector operators in
        // `<emmintrin.h>`; gcc has builtins of those names all the same.
        return Some((stem, size));
    }
    const OTHERS: &[(&str, u64)] = &[
        ("pshufd", 16),
        ("pshuflw", 16),
        ("pshufhw", 16),
        ("pshufw", 8),
        ("vec_set_v8hi", 16),
        ("vec_set_v4hi", 8),
        ("vec_ext_v4si", 16),
        ("vec_ext_v8hi", 16),
        ("vec_ext_v4hi", 8),
        ("vec_ext_v2si", 8),
        ("vec_init_v2si", 8),
        ("vec_init_v4hi", 8),
        ("vec_init_v8qi", 8),
        ("psrldqi128", 16),
        ("pslldqi128", 16),
        ("movq128", 16),
        ("maskmovdqu", 16),
        ("maskmovq", 8),
        ("movntdq", 16),
        ("movnti", 4),
        ("movnti64", 8),
        ("movntq", 8),
    ];
    OTHERS.iter().find(|(n, _)| *n == name).copied()
}

impl Lowerer {
    /// `__builtin_<base>(args…)` for a `base` that
    /// [`is_sse_integer_builtin`] accepts.
    pub fn lower_sse_integer_builtin(&mut self, base: &str, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let name = format!("__builtin_{base}");
        let arg = |i: usize| args.get(i).ok_or_else(|| Diagnostic::error_at(span, format!("too few arguments to '{name}'")));
        let (stem, size) = integer_builtin(base).expect("an SSE integer builtin");
        let of = |ir: Type| Lanes::of(ir, size);
        let (lanes, dst) = match stem {
            // Wrapping sums and differences.
            "paddb" | "paddw" | "paddd" | "paddq" | "psubb" | "psubw" | "psubd" | "psubq" => {
                let lanes = of(element_of_suffix(&stem[4..]));
                let op = if stem.starts_with("padd") { BinaryOp::Iadd } else { BinaryOp::Isub };
                let (a, b) = self.vector_pair(args, size, span)?;
                (lanes, self.map_lanes2(a, b, lanes, lanes, |s, x, y| s.binary(op, x, y)))
            }
            // Sums and differences saturated to the element's range,
            // signed (`s`) or unsigned (`us`).
            "paddsb" | "paddsw" | "paddusb" | "paddusw" | "psubsb" | "psubsw" | "psubusb" | "psubusw" => {
                let unsigned = stem[4..].starts_with("us");
                let lanes = of(if stem.ends_with('b') { Type::I8 } else { Type::I16 });
                let op = if stem.starts_with("padd") { BinaryOp::Iadd } else { BinaryOp::Isub };
                let bits = lanes.ir.bits();
                let (low, high) = if unsigned { (0, (1i64 << bits) - 1) } else { (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1) };
                let (a, b) = self.vector_pair(args, size, span)?;
                let dst = self.map_lanes2(a, b, lanes, lanes, |s, x, y| {
                    let x = s.resize_int(x, lanes.ir, Type::I32, !unsigned);
                    let y = s.resize_int(y, lanes.ir, Type::I32, !unsigned);
                    let r = s.binary(op, x, y);
                    let r = s.clamp(r, low, high);
                    s.resize_int(r, Type::I32, lanes.ir, false)
                });
                (lanes, dst)
            }
            // Bitwise operations on all the bits (`pandn` is `~a & b`).
            "pand" | "pandn" | "por" | "pxor" => {
                let (a, b) = self.vector_pair(args, size, span)?;
                let lanes = of(Type::I64);
                let dst = self.bitwise(a, b, lanes, stem);
                (if size == 8 { of(Type::I32) } else { lanes }, dst)
            }
            // Masks: all ones where equal, or where `a`'s signed element is
            // greater.
            "pcmpeqb" | "pcmpeqw" | "pcmpeqd" | "pcmpgtb" | "pcmpgtw" | "pcmpgtd" => {
                let lanes = of(element_of_suffix(&stem[6..]));
                let cc = if stem.starts_with("pcmpeq") { IntCC::Eq } else { IntCC::Sgt };
                let (a, b) = self.vector_pair(args, size, span)?;
                let dst = self.map_lanes2(a, b, lanes, lanes, |s, x, y| {
                    let c = s.icmp(cc, x, y);
                    s.mask(c, lanes.ir)
                });
                (lanes, dst)
            }
            // The low 16 bits of each product, or the high 16 bits of each
            // signed or unsigned 32-bit product.
            "pmullw" | "pmulhw" | "pmulhuw" => {
                let lanes = of(Type::I16);
                let signed = stem != "pmulhuw";
                let low = stem == "pmullw";
                let (a, b) = self.vector_pair(args, size, span)?;
                let dst = self.map_lanes2(a, b, lanes, lanes, |s, x, y| {
                    let x = s.resize_int(x, Type::I16, Type::I32, signed);
                    let y = s.resize_int(y, Type::I16, Type::I32, signed);
                    let p = s.binary(BinaryOp::Imul, x, y);
                    let p = if low {
                        p
                    } else {
                        let sixteen = s.iconst(Type::I32, 16);
                        s.binary(if signed { BinaryOp::Sshr } else { BinaryOp::Ushr }, p, sixteen)
                    };
                    s.resize_int(p, Type::I32, Type::I16, false)
                });
                (lanes, dst)
            }
            // The unsigned 64-bit products of the even 32-bit elements.
            "pmuludq" => {
                let (a, b) = self.vector_pair(args, size, span)?;
                let lanes = of(Type::I64);
                let dst = self.simd_temporary(lanes);
                for i in 0..lanes.count {
                    let x = self.lane(a, of(Type::I32), 2 * i);
                    let y = self.lane(b, of(Type::I32), 2 * i);
                    let x = self.resize_int(x, Type::I32, Type::I64, false);
                    let y = self.resize_int(y, Type::I32, Type::I64, false);
                    let p = self.binary(BinaryOp::Imul, x, y);
                    self.set_lane(dst, lanes, i, p);
                }
                (lanes, dst)
            }
            // Sums of adjacent signed 32-bit products (wrapping only for
            // two products of -32768 by -32768).
            "pmaddwd" => {
                let (a, b) = self.vector_pair(args, size, span)?;
                let lanes = of(Type::I32);
                let dst = self.simd_temporary(lanes);
                for i in 0..lanes.count {
                    let even = self.widened_product(a, b, 2 * i);
                    let odd = self.widened_product(a, b, 2 * i + 1);
                    let sum = self.binary(BinaryOp::Iadd, even, odd);
                    self.set_lane(dst, lanes, i, sum);
                }
                (lanes, dst)
            }
            // Unsigned averages rounded up: `(a + b + 1) >> 1`.
            "pavgb" | "pavgw" => {
                let lanes = of(if stem == "pavgb" { Type::I8 } else { Type::I16 });
                let (a, b) = self.vector_pair(args, size, span)?;
                let dst = self.map_lanes2(a, b, lanes, lanes, |s, x, y| {
                    let x = s.resize_int(x, lanes.ir, Type::I32, false);
                    let y = s.resize_int(y, lanes.ir, Type::I32, false);
                    let one = s.iconst(Type::I32, 1);
                    let sum = s.binary(BinaryOp::Iadd, x, y);
                    let sum = s.binary(BinaryOp::Iadd, sum, one);
                    let r = s.binary(BinaryOp::Ushr, sum, one);
                    s.resize_int(r, Type::I32, lanes.ir, false)
                });
                (lanes, dst)
            }
            // Signed words and unsigned bytes.
            "pmaxsw" | "pminsw" | "pmaxub" | "pminub" => {
                let words = stem.ends_with("sw");
                let lanes = of(if words { Type::I16 } else { Type::I8 });
                let cc = match (stem.starts_with("pmax"), words) {
                    (true, true) => IntCC::Sgt,
                    (true, false) => IntCC::Ugt,
                    (false, true) => IntCC::Slt,
                    (false, false) => IntCC::Ult,
                };
                let (a, b) = self.vector_pair(args, size, span)?;
                let dst = self.map_lanes2(a, b, lanes, lanes, |s, x, y| {
                    let c = s.icmp(cc, x, y);
                    s.select(c, x, y)
                });
                (lanes, dst)
            }
            // The top bit of each byte, byte `i`'s in bit `i` of an `int`.
            "pmovmskb" => {
                let a = self.vector_argument(arg(0)?, size, span)?;
                let bits = self.sign_bits(a, of(Type::I8));
                return Ok(Operand { ty: CType::INT, place: Place::Value(bits) });
            }
            // Each group of 8 bytes: the sum of the absolute differences of
            // its unsigned bytes, in the low 16 bits of a 64-bit element.
            "psadbw" => {
                let (a, b) = self.vector_pair(args, size, span)?;
                let lanes = of(Type::I64);
                let dst = self.simd_temporary(lanes);
                for group in 0..lanes.count {
                    let mut sum = self.iconst(Type::I64, 0);
                    for i in 8 * group..8 * group + 8 {
                        let x = self.lane(a, BYTES, i);
                        let y = self.lane(b, BYTES, i);
                        let x = self.resize_int(x, Type::I8, Type::I64, false);
                        let y = self.resize_int(y, Type::I8, Type::I64, false);
                        let above = self.icmp(IntCC::Ugt, x, y);
                        let (high, low) = (self.select(above, x, y), self.select(above, y, x));
                        let difference = self.binary(BinaryOp::Isub, high, low);
                        sum = self.binary(BinaryOp::Iadd, sum, difference);
                    }
                    self.set_lane(dst, lanes, group, sum);
                }
                (lanes, dst)
            }
            // Shifts by a vector's low 64 bits or by an `int`.
            "psllw" | "pslld" | "psllq" | "psrlw" | "psrld" | "psrlq" | "psraw" | "psrad" | "psllwi" | "pslldi" | "psllqi"
            | "psrlwi" | "psrldi" | "psrlqi" | "psrawi" | "psradi" => {
                let by_int = stem.ends_with('i');
                let lanes = of(element_of_suffix(&stem[4..5]));
                let a = self.vector_argument(arg(0)?, size, span)?;
                let count = if by_int {
                    let count = self.argument_as(arg(1)?, &CType::Int(IntKind::Int), span)?;
                    self.resize_int(count, Type::I32, Type::I64, false)
                } else {
                    let v = self.vector_argument(arg(1)?, size, span)?;
                    self.emit(InstData::Load { addr: v, offset: 0 }, Type::I64)
                };
                let op = match &stem[..4] {
                    "psll" => BinaryOp::Ishl,
                    "psrl" => BinaryOp::Ushr,
                    _ => BinaryOp::Sshr,
                };
                (lanes, self.shift_lanes(a, lanes, op, count))
            }
            "punpcklbw" | "punpckhbw" | "punpcklwd" | "punpckhwd" | "punpckldq" | "punpckhdq" | "punpcklqdq" | "punpckhqdq" => {
                let lanes = of(match &stem[7..] {
                    "bw" => Type::I8,
                    "wd" => Type::I16,
                    "dq" => Type::I32,
                    _ => Type::I64,
                });
                let (a, b) = self.vector_pair(args, size, span)?;
                (lanes, self.interleave(a, b, lanes, stem.starts_with("punpckh")))
            }
            // Signed elements narrowed to half their width, saturated to the
            // narrow type's range: `a`'s in the low half, `b`'s in the high.
            "packsswb" | "packssdw" | "packuswb" => {
                let (from, to, low, high) = match stem {
                    "packuswb" => (of(Type::I16), of(Type::I8), 0, 255),
                    "packsswb" => (of(Type::I16), of(Type::I8), -128, 127),
                    _ => (of(Type::I32), of(Type::I16), -32768, 32767),
                };
                let (a, b) = self.vector_pair(args, size, span)?;
                let dst = self.simd_temporary(to);
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
            // Each of the four elements (of all, or of the low or high
            // four words) picked by two bits of a constant.
            "pshufd" | "pshufw" | "pshuflw" | "pshufhw" => {
                let lanes = if stem == "pshufd" { DWORDS } else { of(Type::I16) };
                let a = self.vector_argument(arg(0)?, size, span)?;
                let order = self.constant_selector(arg(1)?, &name)?;
                let first = if stem == "pshufhw" { 4 } else { 0 };
                let dst = self.simd_temporary(lanes);
                self.copy_vector_bytes(dst, a, lanes.size());
                for i in 0..4 {
                    let x = self.lane(a, lanes, first + ((order >> (2 * i)) as u64 & 3));
                    self.set_lane(dst, lanes, first + i, x);
                }
                (lanes, dst)
            }
            // A copy with the word at a constant index replaced.
            "vec_set_v8hi" | "vec_set_v4hi" => {
                let lanes = of(Type::I16);
                let a = self.vector_argument(arg(0)?, size, span)?;
                let value = self.argument_as(arg(1)?, &CType::Int(IntKind::Int), span)?;
                let value = self.resize_int(value, Type::I32, Type::I16, false);
                let index = self.constant_selector(arg(2)?, &name)? as u64 % lanes.count;
                let dst = self.simd_temporary(lanes);
                self.copy_vector_bytes(dst, a, size);
                self.set_lane(dst, lanes, index, value);
                (lanes, dst)
            }
            // The element at a constant index.
            "vec_ext_v4si" | "vec_ext_v8hi" | "vec_ext_v4hi" | "vec_ext_v2si" => {
                let (lanes, ty) = if stem.ends_with("si") { (of(Type::I32), CType::INT) } else { (of(Type::I16), CType::Int(IntKind::Short)) };
                let a = self.vector_argument(arg(0)?, size, span)?;
                let index = self.constant_selector(arg(1)?, &name)? as u64 % lanes.count;
                let x = self.lane(a, lanes, index);
                return Ok(Operand { ty, place: Place::Value(x) });
            }
            // A vector of its arguments, the first in element 0.
            "vec_init_v2si" | "vec_init_v4hi" | "vec_init_v8qi" => {
                let lanes = of(match stem {
                    "vec_init_v2si" => Type::I32,
                    "vec_init_v4hi" => Type::I16,
                    _ => Type::I8,
                });
                if args.len() != lanes.count as usize {
                    return Err(Diagnostic::error_at(span, format!("'{name}' takes {} arguments", lanes.count)));
                }
                let dst = self.simd_temporary(lanes);
                for (i, e) in args.iter().enumerate() {
                    let x = self.argument_as(e, &CType::INT, span)?;
                    let x = self.resize_int(x, Type::I32, lanes.ir, false);
                    self.set_lane(dst, lanes, i as u64, x);
                }
                (lanes, dst)
            }
            // The 16 bytes moved by a constant number of bits (a multiple
            // of 8, as `_mm_srli_si128` passes it), zeros shifted in.
            "psrldqi128" | "pslldqi128" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let bytes = (self.constant_selector(arg(1)?, &name)? / 8) as u64;
                let right = stem == "psrldqi128";
                let dst = self.simd_temporary(BYTES);
                for i in 0..16u64 {
                    let from = if right { i.wrapping_add(bytes) } else { i.wrapping_sub(bytes) };
                    let x = if from < 16 { self.lane(a, BYTES, from) } else { self.iconst(Type::I8, 0) };
                    self.set_lane(dst, BYTES, i, x);
                }
                (QWORDS, dst)
            }
            // The low 64 bits, the high ones zeroed.
            "movq128" => {
                let a = self.vector_argument(arg(0)?, 16, span)?;
                let dst = self.simd_temporary(QWORDS);
                let low = self.lane(a, QWORDS, 0);
                let zero = self.iconst(Type::I64, 0);
                self.set_lane(dst, QWORDS, 0, low);
                self.set_lane(dst, QWORDS, 1, zero);
                (QWORDS, dst)
            }
            // The bytes of `a` whose byte in the mask has its top bit set,
            // stored at the pointer; the others are not written.
            "maskmovdqu" | "maskmovq" => {
                let (a, mask) = self.vector_pair(args, size, span)?;
                let pointer = self.pointer_argument(arg(2)?, span)?;
                for i in 0..size {
                    let m = self.lane(mask, BYTES, i);
                    let zero = self.iconst(Type::I8, 0);
                    let set = self.icmp(IntCC::Slt, m, zero);
                    let (store, next) = (self.new_block(), self.new_block());
                    self.emit_effect(InstData::Brif { cond: set, then_dest: BlockCall::new(store, vec![]), else_dest: BlockCall::new(next, vec![]) });
                    self.switch_to(store);
                    let x = self.lane(a, BYTES, i);
                    self.emit_effect(InstData::Store { value: x, addr: pointer, offset: i as i32 });
                    self.emit_effect(InstData::Jump { dest: BlockCall::new(next, vec![]) });
                    self.switch_to(next);
                }
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            }
            // Non-temporal stores of a vector or an integer.
            "movntdq" => {
                let pointer = self.pointer_argument(arg(0)?, span)?;
                let v = self.vector_argument(arg(1)?, 16, span)?;
                self.copy_vector_bytes(pointer, v, 16);
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            }
            "movnti" | "movnti64" | "movntq" => {
                let pointer = self.pointer_argument(arg(0)?, span)?;
                let ty = if size == 4 { CType::INT } else { CType::Int(IntKind::LongLong) };
                let x = self.argument_as(arg(1)?, &ty, span)?;
                self.emit_effect(InstData::Store { value: x, addr: pointer, offset: 0 });
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            }
            _ => unreachable!("not an SSE integer builtin: {base}"),
        };
        Ok(Operand { ty: lanes.ctype(), place: Place::Value(dst) })
    }

    /// The address of the bytes of a vector argument of `size` bytes,
    /// whatever its element type (the intrinsics cast their operands to
    /// the builtin's).
    pub(super) fn vector_argument(&mut self, e: &Node<Expression>, size: u64, span: Span) -> LowerResult<Value> {
        let op = self.lower_expr(e)?;
        if !op.ty.is_vector() || self.types.size_of(&op.ty) != Some(size) {
            return Err(Diagnostic::error_at(span, format!("incompatible type for argument: a {size}-byte vector is expected")));
        }
        self.rvalue(&op, span)
    }

    /// The first two arguments, both vectors of `size` bytes.
    pub(super) fn vector_pair(&mut self, args: &[Node<Expression>], size: u64, span: Span) -> LowerResult<(Value, Value)> {
        let [a, b, ..] = args else {
            return Err(Diagnostic::error_at(span, "too few arguments to the builtin"));
        };
        Ok((self.vector_argument(a, size, span)?, self.vector_argument(b, size, span)?))
    }

    /// A constant operand that selects elements or a shift, as the
    /// instruction's immediate byte.
    pub(super) fn constant_selector(&mut self, e: &Node<Expression>, name: &str) -> LowerResult<i64> {
        self.eval_int(e).map_err(|_| Diagnostic::error_at(e.span, format!("the last argument to '{name}' must be a constant")))
    }

    pub(super) fn simd_temporary(&mut self, lanes: Lanes) -> Value {
        self.vector_temporary(&lanes.ctype())
    }

    pub(super) fn lane(&mut self, vector: Value, lanes: Lanes, i: u64) -> Value {
        self.emit(InstData::Load { addr: vector, offset: (i * lanes.width()) as i32 }, lanes.ir)
    }

    pub(super) fn set_lane(&mut self, vector: Value, lanes: Lanes, i: u64, value: Value) {
        self.emit_effect(InstData::Store { value, addr: vector, offset: (i * lanes.width()) as i32 });
    }

    /// A fresh vector of `to` whose element `i` is `f` of the elements
    /// `i` of `a` and `b` (of `from`).
    pub(super) fn map_lanes2(&mut self, a: Value, b: Value, from: Lanes, to: Lanes, mut f: impl FnMut(&mut Self, Value, Value) -> Value) -> Value {
        let dst = self.simd_temporary(to);
        for i in 0..from.count {
            let x = self.lane(a, from, i);
            let y = self.lane(b, from, i);
            let r = f(self, x, y);
            self.set_lane(dst, to, i, r);
        }
        dst
    }

    /// `and`, `andn` (`~a & b`), `or` or `xor` of two vectors, 64 bits at
    /// a time; `op` ends with the operation's name.
    pub(super) fn bitwise(&mut self, a: Value, b: Value, lanes: Lanes, op: &str) -> Value {
        let lanes = Lanes::of(Type::I64, lanes.size());
        let not_a = op.ends_with("andn") || op.ends_with("andnps") || op.ends_with("andnpd");
        let binary = if op.contains("and") {
            BinaryOp::Band
        } else if op.contains("xor") {
            BinaryOp::Bxor
        } else {
            BinaryOp::Bor
        };
        self.map_lanes2(a, b, lanes, lanes, |s, x, y| {
            let x = if not_a { s.unary(nissecc_midend::ir::UnaryOp::Bnot, x, Type::I64) } else { x };
            s.binary(binary, x, y)
        })
    }

    /// All ones of integer type `ty` where the `i8` `c` is 1, else 0.
    pub(super) fn mask(&mut self, c: Value, ty: Type) -> Value {
        let ones = self.iconst(ty, -1);
        let zero = self.iconst(ty, 0);
        self.select(c, ones, zero)
    }

    /// The top bit of each element of `v` (integer `lanes`), element
    /// `i`'s in bit `i` of an `i32`.
    pub(super) fn sign_bits(&mut self, v: Value, lanes: Lanes) -> Value {
        let mut bits = self.iconst(Type::I32, 0);
        for i in 0..lanes.count {
            let x = self.lane(v, lanes, i);
            let zero = self.iconst(lanes.ir, 0);
            let negative = self.icmp(IntCC::Slt, x, zero);
            let bit = self.resize_int(negative, Type::I8, Type::I32, false);
            let shift = self.iconst(Type::I32, i as i64);
            let bit = self.binary(BinaryOp::Ishl, bit, shift);
            bits = self.binary(BinaryOp::Bor, bits, bit);
        }
        bits
    }

    /// Each element of `a` shifted by `count`, an unsigned `i64`: past
    /// the element's last bit, 0 for the logical shifts and the sign for
    /// the arithmetic one. The shift is done in 64 bits.
    fn shift_lanes(&mut self, a: Value, lanes: Lanes, op: BinaryOp, count: Value) -> Value {
        let arithmetic = op == BinaryOp::Sshr;
        let last = self.iconst(Type::I64, lanes.ir.bits() as i64 - 1);
        let past_end = self.icmp(IntCC::Ugt, count, last);
        let zero = self.iconst(Type::I64, 0);
        let shift = if arithmetic { self.select(past_end, last, count) } else { self.select(past_end, zero, count) };
        let dst = self.simd_temporary(lanes);
        for i in 0..lanes.count {
            let x = self.lane(a, lanes, i);
            let x = self.resize_int(x, lanes.ir, Type::I64, arithmetic);
            let r = self.binary(op, x, shift);
            let r = if arithmetic { r } else { self.select(past_end, zero, r) };
            let r = self.resize_int(r, Type::I64, lanes.ir, false);
            self.set_lane(dst, lanes, i, r);
        }
        dst
    }

    /// The elements of the low (or high) halves of `a` and `b`
    /// interleaved, `a`'s first (UNPCKLPS, PUNPCKLBW…).
    pub(super) fn interleave(&mut self, a: Value, b: Value, lanes: Lanes, high: bool) -> Value {
        let first = if high { lanes.count / 2 } else { 0 };
        let dst = self.simd_temporary(lanes);
        for i in 0..lanes.count / 2 {
            for (j, source) in [a, b].into_iter().enumerate() {
                let x = self.lane(source, lanes, first + i);
                self.set_lane(dst, lanes, 2 * i + j as u64, x);
            }
        }
        dst
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

/// The element type a builtin's suffix names: `b`, `w`, `d` or `q`.
fn element_of_suffix(suffix: &str) -> Type {
    match suffix.chars().next() {
        Some('b') => Type::I8,
        Some('w') => Type::I16,
        Some('d') => Type::I32,
        _ => Type::I64,
    }
}
