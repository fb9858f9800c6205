//! Arithmetic that C's integer promotions widened is done at the narrow
//! width again when only the narrow result is kept.
//!
//! `unsigned char b; b |= 0x80;` is `b = (unsigned char)((int)b | 0x80)`:
//! an extension, the operation and a truncation. The low `n` bits of a
//! sum, difference, product or bitwise operation depend only on the low
//! `n` bits of its operands (arithmetic modulo `2^n`; Warren, "Hacker's
//! Delight", 2nd ed., §2-1, "the rightmost bits of a result depend only on
//! the rightmost bits of the operands"), so
//!
//! ```text
//! ireduce.T (op (ext a) (ext b))  ==  op.T a b      (a, b of type T)
//! ```
//!
//! for `op` in `iadd isub imul band bor bxor`, either extension, and a
//! constant operand truncated to `T`, where `T` is `i8` or `i16` (`char`
//! and `short`; `int` arithmetic costs what `long` arithmetic does). The truncation is rewritten in place
//! into the narrow operation, so no use changes; the wide operation is
//! left to dead code elimination when nothing else reads it. This is
//! LLVM's `InstCombine` narrowing of a truncated binary operation
//! (`narrowBinOp`). One instruction where there were three lets
//! if-conversion take such an arm (k072's `if (v != 0) b |= 0x80;`).

use crate::analysis::cfg::Cfg;
use crate::ir::{BinaryOp, Function, InstData, Type, UnaryOp, Value, ValueDef};

/// Narrows every truncated operation of extended operands; returns how
/// many.
pub fn narrow_arithmetic(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let mut narrowed = 0;
    for &block in cfg.reverse_postorder() {
        let mut index = 0;
        while index < func.blocks[block].insts.len() {
            let inst = func.blocks[block].insts[index];
            index += 1;
            let InstData::Unary { op: UnaryOp::Ireduce, arg } = func.insts[inst] else { continue };
            let Some(result) = func.inst_result(inst) else { continue };
            let ty = func.value_type(result);
            // `int` arithmetic costs what `long` arithmetic does, and
            // induction-variable widening reads the 32-bit forms.
            if !matches!(ty, Type::I8 | Type::I16) {
                continue;
            }
            let ValueDef::Result(wide) = func.values[arg].def else { continue };
            let InstData::Binary { op, args: [a, b] } = func.insts[wide] else { continue };
            if !matches!(op, BinaryOp::Iadd | BinaryOp::Isub | BinaryOp::Imul | BinaryOp::Band | BinaryOp::Bor | BinaryOp::Bxor) {
                continue;
            }
            let (Some(a), Some(b)) = (narrow_operand(func, a, ty), narrow_operand(func, b, ty)) else { continue };
            let mut position = index - 1;
            let a = materialize(func, block, &mut position, a, ty);
            let b = materialize(func, block, &mut position, b, ty);
            index = position + 1;
            func.insts[inst] = InstData::Binary { op, args: [a, b] };
            narrowed += 1;
        }
    }
    narrowed
}

/// An operand at the narrow width: a value that already has it, or a
/// constant to create.
#[derive(Clone, Copy)]
enum Narrow {
    Value(Value),
    Constant(i64),
}

/// `v` at the narrow type `ty`, when `v` is an extension of a `ty` value
/// or a constant.
fn narrow_operand(func: &Function, v: Value, ty: Type) -> Option<Narrow> {
    if let Some(k) = func.constant_value(v) {
        return Some(Narrow::Constant(ty.canonical_imm(k)));
    }
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    match func.insts[inst] {
        InstData::Unary { op: UnaryOp::Uextend | UnaryOp::Sextend, arg } if func.value_type(arg) == ty => Some(Narrow::Value(arg)),
        _ => None,
    }
}

/// The value of `operand`, creating its constant at `*position` of
/// `block` when it is one.
fn materialize(func: &mut Function, block: crate::ir::Block, position: &mut usize, operand: Narrow, ty: Type) -> Value {
    match operand {
        Narrow::Value(v) => v,
        Narrow::Constant(imm) => {
            let inst = func.insert_inst(block, *position, InstData::Iconst { imm }, Some(ty));
            *position += 1;
            func.inst_result(inst).expect("a constant has a result")
        }
    }
}
