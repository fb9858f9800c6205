//! Sign extensions of values that cannot be negative become zero
//! extensions, which x86-64 gets for free: every 32-bit operation clears
//! the upper half of its register, so Cranelift lowers the `uextend` of
//! its result to nothing, while a `sextend` costs a `movslq`.
//!
//! C code indexes with `int`s that are masks and shifts of unsigned
//! fields (Lua's `GETARG_A(i)` is `(int)((i >> 7) & 0xff)`, then
//! `base + a`), and the pointer arithmetic sign-extends them. A value is
//! known not to be negative (as a signed number of its width) when it is
//!
//! - a constant that is not negative;
//! - a `band` with such a value (the sign bit is clear in the mask);
//! - a `ushr` by a constant that is not 0 modulo the width, a `udiv` by a constant above 1, or a
//!   `urem` by a constant that is not negative;
//! - a `uextend` (of a narrower value, so the new sign bit is 0).
//!
//! The same facts are what LLVM's `InstCombine` uses to turn `sext` into
//! `zext nneg` (`computeKnownBits` of the sign bit).

use crate::ir::{BinaryOp, Function, InstData, UnaryOp, Value, ValueDef};

/// Rewrites the sign extensions of values that cannot be negative;
/// returns how many.
pub fn zero_extend_nonnegatives(func: &mut Function) -> usize {
    let mut rewritten = Vec::new();
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            if let InstData::Unary { op: UnaryOp::Sextend, arg } = func.insts[inst] {
                if nonnegative(func, arg, 6) {
                    rewritten.push(inst);
                }
            }
        }
    }
    for &inst in &rewritten {
        if let InstData::Unary { op, .. } = &mut func.insts[inst] {
            *op = UnaryOp::Uextend;
        }
    }
    rewritten.len()
}

/// Whether `v` is not negative as a signed number of its type's width,
/// looking at most `depth` definitions deep.
fn nonnegative(func: &Function, v: Value, depth: u32) -> bool {
    let ValueDef::Result(inst) = func.values[v].def else { return false };
    let constant = |x: Value| func.constant_value(x);
    let deeper = |x: Value| depth > 0 && nonnegative(func, x, depth - 1);
    match func.insts[inst] {
        InstData::Iconst { imm } => imm >= 0,
        InstData::Unary { op: UnaryOp::Uextend, .. } => true,
        InstData::Binary { op: BinaryOp::Band, args: [a, b] } => deeper(a) || deeper(b),
        // Shift amounts are taken modulo the width.
        InstData::Binary { op: BinaryOp::Ushr, args: [_, b] } => {
            constant(b).is_some_and(|k| k.rem_euclid(i64::from(func.value_type(v).bits())) >= 1)
        }
        InstData::Binary { op: BinaryOp::Udiv, args: [_, b] } => constant(b).is_some_and(|k| k > 1),
        InstData::Binary { op: BinaryOp::Urem, args: [_, b] } => constant(b).is_some_and(|k| k >= 0),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    fn rewrite(text: &str) -> String {
        let mut module = parse_module(text).unwrap();
        zero_extend_nonnegatives(&mut module.functions[0]);
        module.functions[0].to_string()
    }

    #[test]
    fn masks_and_shifts_extend_with_zeros() {
        let out = rewrite(
            "function @f(i32, i32) -> i64 local {
            block0(v0: i32, v1: i32):
                v2 = iconst.i32 7
                v3 = ushr v0, v2
                v4 = iconst.i32 255
                v5 = band v3, v4
                v6 = sextend.i64 v5
                v7 = sextend.i64 v3
                v8 = sextend.i64 v1
                v15 = iconst.i32 32
                v16 = ushr v0, v15
                v17 = sextend.i64 v16
                v9 = iconst.i32 -2
                v10 = band v1, v9
                v11 = sextend.i64 v10
                v12 = iadd v6, v7
                v13 = iadd v12, v8
                v14 = iadd v13, v11
                v18 = iadd v14, v17
                return v18
            }",
        );
        assert!(out.contains("v6 = uextend.i64 v5"), "{out}");
        assert!(out.contains("v7 = uextend.i64 v3"), "{out}");
        assert!(out.contains("v8 = sextend.i64 v1"), "{out}");
        assert!(out.contains("v17 = sextend.i64 v16"), "a shift by the width shifts by 0: {out}");
        assert!(out.contains("v11 = sextend.i64 v10"), "a mask with the sign bit set keeps the sign: {out}");
    }
}
