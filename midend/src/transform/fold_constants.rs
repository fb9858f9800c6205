//! Constant folding: an integer instruction whose operands are all
//! constants becomes the constant it computes (the oldest optimization
//! there is; Aho, Lam, Sethi and Ullman, "Compilers", 2nd ed., §8.5.4 and
//! §9.4 for its propagation).
//!
//! Cranelift folds such arithmetic too, but only after the midend's
//! passes have looked at the code. C's macros leave a lot of it (Lua's
//! `MASK1(n, p)` is `~((~(Instruction)0) << n) << p`, zlib's
//! `MAX_MATCH + MIN_MATCH + 1`), and the passes that ask whether a value
//! is a constant (an address's offset, a mask's sign bit, a shift amount)
//! see through it only once it is folded here.
//!
//! An instruction is rewritten in place into an `iconst` of the same
//! result, so no use changes. Instructions are visited in reverse
//! postorder, in which every operand's definition comes first, so a chain
//! of constants folds in one pass. What would trap or is undefined is
//! left alone: division by zero and the one overflowing signed division.

use crate::analysis::cfg::Cfg;
use crate::ir::{BinaryOp, Function, InstData, IntCC, Type, UnaryOp};

/// Folds every integer instruction of constant operands; returns how many.
pub fn fold_constants(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let mut folded = 0;
    for &block in cfg.reverse_postorder() {
        for i in 0..func.blocks[block].insts.len() {
            let inst = func.blocks[block].insts[i];
            let Some(result) = func.inst_result(inst) else { continue };
            let ty = func.value_type(result);
            if !ty.is_int() || matches!(func.insts[inst], InstData::Iconst { .. }) {
                continue;
            }
            if let Some(imm) = evaluate(func, &func.insts[inst], ty) {
                func.insts[inst] = InstData::Iconst { imm };
                folded += 1;
            }
        }
    }
    folded
}

/// `value` (of type `ty`) as an unsigned number of its width.
fn unsigned(value: i64, ty: Type) -> u64 {
    (value as u64) & (u64::MAX >> (64 - ty.bits()))
}

/// What `data`, whose result has the integer type `ty`, computes when its
/// operands are constants.
fn evaluate(func: &Function, data: &InstData, ty: Type) -> Option<i64> {
    let value = match *data {
        InstData::Unary { op, arg } => {
            let from = func.value_type(arg);
            if !from.is_int() {
                return None;
            }
            unary(op, func.constant_value(arg)?, from)?
        }
        InstData::Binary { op, args: [a, b] } => binary(op, func.constant_value(a)?, func.constant_value(b)?, ty)?,
        InstData::Icmp { cond, args: [a, b] } => {
            i64::from(compare(cond, func.constant_value(a)?, func.constant_value(b)?, func.value_type(a)))
        }
        _ => return None,
    };
    Some(ty.canonical_imm(value))
}

/// Integer `op` of `a`, of the integer type `from`, before the result is
/// made canonical for its own type; `None` for an operation it does not
/// fold.
pub(crate) fn unary(op: UnaryOp, a: i64, from: Type) -> Option<i64> {
    Some(match op {
        UnaryOp::Ineg => a.wrapping_neg(),
        UnaryOp::Bnot => !a,
        // Stored sign-extended already.
        UnaryOp::Sextend | UnaryOp::Ireduce => a,
        UnaryOp::Uextend => unsigned(a, from) as i64,
        _ => return None,
    })
}

/// Integer `a op b` of type `ty`, before the result is made canonical;
/// `None` for what would trap (division by zero, the one overflowing
/// signed division) or an operation it does not fold.
pub(crate) fn binary(op: BinaryOp, a: i64, b: i64, ty: Type) -> Option<i64> {
    let (ua, ub) = (unsigned(a, ty), unsigned(b, ty));
    let amount = (ub % u64::from(ty.bits())) as u32;
    let min = ty.canonical_imm(1i64 << (ty.bits() - 1));
    Some(match op {
        BinaryOp::Iadd => a.wrapping_add(b),
        BinaryOp::Isub => a.wrapping_sub(b),
        BinaryOp::Imul => a.wrapping_mul(b),
        BinaryOp::Band => a & b,
        BinaryOp::Bor => a | b,
        BinaryOp::Bxor => a ^ b,
        BinaryOp::Ishl => a.wrapping_shl(amount),
        BinaryOp::Ushr => (ua >> amount) as i64,
        BinaryOp::Sshr => a >> amount,
        BinaryOp::Umulh => ((u128::from(ua) * u128::from(ub)) >> ty.bits()) as i64,
        BinaryOp::Udiv if ub != 0 => (ua / ub) as i64,
        BinaryOp::Urem if ub != 0 => (ua % ub) as i64,
        // `a` and `b` are sign-extended, so the one overflow is the
        // width's minimum divided by -1.
        BinaryOp::Sdiv if b != 0 && !(b == -1 && a == min) => a / b,
        BinaryOp::Srem if b != 0 && !(b == -1 && a == min) => a % b,
        _ => return None,
    })
}

/// Whether `a cond b` holds for operands of the integer type `ty`.
pub(crate) fn compare(cond: IntCC, a: i64, b: i64, ty: Type) -> bool {
    let (ua, ub) = (unsigned(a, ty), unsigned(b, ty));
    match cond {
        IntCC::Eq => a == b,
        IntCC::Ne => a != b,
        IntCC::Slt => a < b,
        IntCC::Sle => a <= b,
        IntCC::Sgt => a > b,
        IntCC::Sge => a >= b,
        IntCC::Ult => ua < ub,
        IntCC::Ule => ua <= ub,
        IntCC::Ugt => ua > ub,
        IntCC::Uge => ua >= ub,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    fn fold(text: &str) -> (usize, String) {
        let mut module = parse_module(text).unwrap();
        let n = fold_constants(&mut module.functions[0]);
        (n, module.functions[0].to_string())
    }

    #[test]
    fn chains_of_constants_fold_at_their_width() {
        let (n, out) = fold(
            "function @f(i32) -> i32 local {
            block0(v0: i32):
                v1 = iconst.i32 0
                v2 = bnot v1
                v3 = iconst.i32 8
                v4 = ishl v2, v3
                v5 = bnot v4
                v6 = iconst.i32 7
                v7 = ishl v5, v6
                v8 = ushr v2, v3
                v9 = iconst.i8 200
                v10 = uextend.i32 v9
                v11 = sextend.i32 v9
                v12 = icmp ult v11, v10
                v13 = uextend.i32 v12
                v14 = iadd v7, v0
                v15 = iadd v14, v8
                v16 = iadd v15, v13
                return v16
            }",
        );
        assert!(out.contains("v2 = iconst.i32 -1"), "{out}");
        assert!(out.contains("v5 = iconst.i32 255"), "{out}");
        assert!(out.contains("v7 = iconst.i32 32640"), "{out}");
        assert!(out.contains("v8 = iconst.i32 16777215"), "a logical shift of -1 as 32 bits: {out}");
        assert!(out.contains("v10 = iconst.i32 200"), "{out}");
        assert!(out.contains("v11 = iconst.i32 -56"), "{out}");
        assert!(out.contains("v12 = iconst.i8 0"), "-56 as unsigned is not below 200: {out}");
        assert!(out.contains("v14 = iadd v7, v0"), "{out}");
        assert_eq!(n, 9);
    }

    #[test]
    fn umulh_folds_to_the_high_half_of_the_unsigned_product() {
        let (n, out) = fold(
            "function @f() -> i64 local {
            block0:
                v0 = iconst.i64 -1
                v1 = umulh v0, v0
                v2 = iconst.i64 3
                v3 = umulh v2, v0
                v4 = iadd v1, v3
                return v4
            }",
        );
        assert!(out.contains("v1 = iconst.i64 -2"), "(2^64-1)^2 >> 64 is 2^64-2: {out}");
        assert!(out.contains("v3 = iconst.i64 2"), "{out}");
        assert_eq!(n, 3, "{out}");
    }

    #[test]
    fn what_would_trap_stays() {
        let (n, out) = fold(
            "function @f() -> i32 local {
            block0:
                v0 = iconst.i32 -2147483648
                v1 = iconst.i32 -1
                v2 = sdiv v0, v1
                v3 = iconst.i32 0
                v4 = udiv v1, v3
                v5 = iadd v2, v4
                return v5
            }",
        );
        assert_eq!(n, 0, "{out}");
    }
}
