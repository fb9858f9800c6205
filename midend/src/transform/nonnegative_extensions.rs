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
//! - an `isub` without signed wrap, `a - b`, of two parameters of one
//!   block that every edge entering the block orders (`b <= a`): it is
//!   the taken side of a signed comparison of the arguments the edge
//!   passes for them. A binary search's `mid = lo + (hi - lo) / 2` in
//!   its loop `while (lo <= hi)`, rotated, is such a block (k010).
//!
//! The same facts are what LLVM's `InstCombine` uses to turn `sext` into
//! `zext nneg` (`computeKnownBits` of the sign bit), and what gcc's value
//! range propagation derives from the conditions of entering edges.
//!
//! - a number never below 0 by [`lower_bound`]: a counter that starts at
//!   0 and counts up, plus a constant (`(x + dx + 64) % 64` of a game of
//!   life on a torus, k062).
//!
//! A signed division or remainder of such a value by a power of two
//! becomes a shift or a mask ([`divide_nonnegatives`]): without the sign,
//! `x / 2` needs no rounding toward zero, which costs x86-64 three
//! instructions besides the shift. Other divisors stay signed: Cranelift's
//! unsigned division by a constant is not always cheaper (`i % 1000` of a
//! 64-bit counter cost k145 1.4%).
//! That rewrite runs before induction variables are widened, while loop
//! counters are still the 32-bit parameters whose bounds it can see.
//!
//! For the same reason an unsigned conversion to floating point of such a
//! value becomes a signed one: both give the same number, and x86-64
//! converts only signed 64-bit integers, so Cranelift's unsigned
//! conversion tests the sign bit and branches to halve the value first
//! (a random number generator's `(double)(r >> 11)`, k156).

use crate::analysis::cfg::Cfg;
use crate::ir::{BinaryOp, Function, Inst, InstData, IntCC, UnaryOp, Value, ValueDef};

/// Rewrites the sign extensions, and unsigned conversions to floating
/// point, of values that cannot be negative; returns how many.
pub fn zero_extend_nonnegatives(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let mut rewritten = Vec::new();
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            if let InstData::Unary { op: UnaryOp::Sextend | UnaryOp::FcvtFromUint, arg } = func.insts[inst] {
                if nonnegative(func, &cfg, arg, 6) {
                    rewritten.push(inst);
                }
            }
        }
    }
    for &inst in &rewritten {
        if let InstData::Unary { op, .. } = &mut func.insts[inst] {
            *op = if *op == UnaryOp::Sextend { UnaryOp::Uextend } else { UnaryOp::FcvtFromSint };
        }
    }
    rewritten.len()
}

/// Rewrites the signed divisions and remainders of values that cannot be
/// negative by powers of two as shifts and masks; returns how many.
pub fn divide_nonnegatives(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let mut rewritten = Vec::new();
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            let InstData::Binary { op: op @ (BinaryOp::Sdiv | BinaryOp::Srem), args: [x, d] } = func.insts[inst] else { continue };
            let Some(k) = func.constant_value(d).filter(|&k| k > 1 && k.count_ones() == 1) else { continue };
            if nonnegative(func, &cfg, x, 6) {
                rewritten.push((inst, op, x, k));
            }
        }
    }
    for &(inst, op, x, k) in &rewritten {
        let ty = func.value_type(x);
        let (op, imm) = if op == BinaryOp::Sdiv { (BinaryOp::Ushr, i64::from(k.trailing_zeros())) } else { (BinaryOp::Band, k - 1) };
        let block = func.block_of(inst).expect("a placed instruction");
        let constant = func.insert_before(block, inst, InstData::Iconst { imm }, ty);
        func.insts[inst] = InstData::Binary { op, args: [x, constant] };
    }
    rewritten.len()
}

/// Whether `v` is not negative as a signed number of its type's width,
/// looking at most `depth` definitions deep.
fn nonnegative(func: &Function, cfg: &Cfg, v: Value, depth: u32) -> bool {
    if lower_bound(func, cfg, v, depth).is_some_and(|low| low >= 0) {
        return true;
    }
    let ValueDef::Result(inst) = func.values[v].def else { return false };
    let constant = |x: Value| func.constant_value(x);
    let deeper = |x: Value| depth > 0 && nonnegative(func, cfg, x, depth - 1);
    match func.insts[inst] {
        InstData::Binary { op: BinaryOp::Isub, args: [a, b] } => func.no_signed_wrap.contains(inst) && ordered_parameters(func, cfg, b, a),
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

/// A number `v` is never below, as a signed number, looking at most
/// `depth` definitions deep: a constant; a sum or difference without
/// signed wrap of values with bounds (a constant subtrahend); a sign
/// extension; or a parameter, whose bound is the least of those of the
/// arguments entering it, not counting the arguments that only step it
/// up (`i + 1` on a loop's back edge, without signed wrap): a counter
/// that starts at 0 and counts up is never negative.
fn lower_bound(func: &Function, cfg: &Cfg, v: Value, depth: u32) -> Option<i64> {
    let deeper = |x: Value| if depth > 0 { lower_bound(func, cfg, x, depth - 1) } else { None };
    let inst = match func.values[v].def {
        ValueDef::Param(block, index) => {
            if func.entry() == Some(block) {
                return None;
            }
            let steps_up = |arg: Value| {
                arg == v || matches!(func.values[arg].def, ValueDef::Result(i)
                    if func.no_signed_wrap.contains(i)
                        && matches!(func.insts[i], InstData::Binary { op: BinaryOp::Iadd, .. })
                        && func.constant_offset(arg).is_some_and(|(base, step)| base == v && step >= 0))
            };
            let mut least: Option<i64> = None;
            for &edge in cfg.preds(block) {
                let e = cfg.edge(edge);
                let arg = func.successor_slot(e.branch, e.slot as usize).args[index as usize];
                if !steps_up(arg) {
                    let bound = deeper(arg)?;
                    least = Some(least.map_or(bound, |l| l.min(bound)));
                }
            }
            return least;
        }
        ValueDef::Result(inst) => inst,
    };
    let no_wrap = func.no_signed_wrap.contains(inst);
    match func.insts[inst] {
        InstData::Iconst { imm } => Some(imm),
        InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } if no_wrap => deeper(a)?.checked_add(deeper(b)?),
        InstData::Binary { op: BinaryOp::Isub, args: [a, b] } if no_wrap => deeper(a)?.checked_sub(func.constant_value(b)?),
        InstData::Unary { op: UnaryOp::Sextend, arg } => deeper(arg),
        _ => None,
    }
}

/// Whether `low` and `high` are parameters of one block and every edge
/// entering it is taken only when the arguments it passes for them are
/// ordered, `low <= high` as signed numbers.
fn ordered_parameters(func: &Function, cfg: &Cfg, low: Value, high: Value) -> bool {
    let (ValueDef::Param(block, i), ValueDef::Param(other, j)) = (func.values[low].def, func.values[high].def) else { return false };
    if block != other || func.entry() == Some(block) || cfg.preds(block).is_empty() {
        return false;
    }
    cfg.preds(block).iter().all(|&edge| {
        let e = cfg.edge(edge);
        let args = &func.successor_slot(e.branch, e.slot as usize).args;
        entering_orders(func, e.branch, e.slot, args[i as usize], args[j as usize])
    })
}

/// Whether slot `slot` of `branch` is taken only when `low <= high`
/// (signed): `branch` is a `brif` on a signed comparison of the two.
fn entering_orders(func: &Function, branch: Inst, slot: u32, low: Value, high: Value) -> bool {
    let InstData::Brif { cond, .. } = &func.insts[branch] else { return false };
    let ValueDef::Result(test) = func.values[*cond].def else { return false };
    let InstData::Icmp { cond: cc, args: [a, b] } = func.insts[test] else { return false };
    // The comparison that holds on this edge.
    let cc = if slot == 0 { cc } else { cc.inverse() };
    match cc {
        IntCC::Sle | IntCC::Slt => a == low && b == high,
        IntCC::Sge | IntCC::Sgt => a == high && b == low,
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

    fn divide(text: &str) -> String {
        let mut module = parse_module(text).unwrap();
        divide_nonnegatives(&mut module.functions[0]);
        module.functions[0].to_string()
    }

    /// A binary search's `(hi - lo) / 2` and `(hi - lo) % 4` in a block
    /// that both entering edges reach only when `lo <= hi` (the guard
    /// tests `lo <= hi`, the latch `hi >= lo`), and the same division in
    /// a block that a plain jump also enters.
    const ORDERED: &str = "function @f(i32, i32, i8) -> i32 local {
        block0(v0: i32, v1: i32, v2: i8):
            v3 = icmp sle v0, v1
            brif v3, block1(v0, v1), block3
        block1(v4: i32, v5: i32):
            v6 = isub nsw v5, v4
            v7 = iconst.i32 2
            v8 = sdiv v6, v7
            v9 = iconst.i32 4
            v10 = srem v6, v9
            v11 = isub v5, v4
            v12 = sdiv v11, v7
            v13 = iadd v8, v10
            v14 = iadd v13, v12
            v15 = iconst.i32 1
            v16 = iadd v4, v15
            v17 = icmp sge v5, v16
            brif v17, block1(v16, v5), block2(v16, v5)
        block2(v18: i32, v19: i32):
            v20 = isub nsw v19, v18
            v21 = sdiv v20, v7
            brif v2, block2(v18, v19), block3
        block3:
            return v0
        }";


    /// `(x + d + 64) % 64` and `(x + d + 48) / 16` of a counter `x` from
    /// 0 up and a counter `d` from -1 up (a torus neighbour, k062), and
    /// the same of counters that may go below their start: `y` counts
    /// down, `z` counts up with a step that may wrap.
    const COUNTERS: &str = "function @f(i32) -> i32 local {
        block0(v0: i32):
            v1 = iconst.i32 0
            v2 = iconst.i32 -1
            jump block1(v1, v2, v1, v1, v1)
        block1(v3: i32, v4: i32, v5: i32, v6: i32, v30: i32):
            v7 = iadd nsw v3, v4
            v8 = iconst.i32 64
            v9 = iadd nsw v7, v8
            v10 = srem v9, v8
            v11 = iconst.i32 48
            v12 = iadd nsw v7, v11
            v29 = iconst.i32 16
            v13 = sdiv v12, v29
            v14 = srem v5, v8
            v15 = srem v6, v8
            v16 = iconst.i32 1
            v17 = iadd nsw v3, v16
            v18 = iadd nsw v4, v16
            v19 = isub nsw v5, v16
            v20 = iadd v6, v16
            v21 = iadd v10, v13
            v22 = iadd v14, v15
            v31 = iadd v21, v22
            v32 = iadd v30, v31
            v23 = icmp slt v17, v0
            brif v23, block1(v17, v18, v19, v20, v32), block2
        block2:
            return v32
        }";

    /// Each function and what its divisions must become, with the reason
    /// for the ones that must stay.
    const DIVISIONS: [(&str, &[(&str, &str)]); 2] = [
        (
            ORDERED,
            &[
                ("v8 = ushr v6, v", "halved"),
                ("v10 = band v6, v", "masked"),
                ("v12 = sdiv v11, v7", "a subtraction that may wrap"),
                ("v21 = sdiv v20, v7", "the back edge of block2 orders nothing"),
            ],
        ),
        (
            COUNTERS,
            &[
                ("v10 = band v9, v", "masked"),
                ("v13 = ushr v12, v", "divided"),
                ("v14 = srem v5, v8", "a counter that counts down"),
                ("v15 = srem v6, v8", "a step that may wrap"),
            ],
        ),
    ];

    #[test]
    fn divisions_of_nonnegative_values_shift_and_mask() {
        for (text, expected) in DIVISIONS {
            let out = divide(text);
            for (line, why) in expected {
                assert!(out.contains(line), "{why}: expected `{line}` in\n{out}");
            }
        }
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

    #[test]
    fn unsigned_conversions_of_nonnegative_values_are_signed() {
        let out = rewrite(
            "function @f(i64) -> f64 local {
            block0(v0: i64):
                v1 = iconst.i64 11
                v2 = ushr v0, v1
                v3 = fcvt_from_uint.f64 v2
                v4 = fcvt_from_uint.f64 v0
                v5 = fadd v3, v4
                return v5
            }",
        );
        assert!(out.contains("v3 = fcvt_from_sint.f64 v2"), "{out}");
        assert!(out.contains("v4 = fcvt_from_uint.f64 v0"), "the sign bit may be set: {out}");
    }
}
