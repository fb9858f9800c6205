//! Whether two memory accesses can touch the same bytes: the
//! base-and-offset disambiguation that every compiler's alias analysis
//! starts from (Muchnick, "Advanced Compiler Design and Implementation",
//! §10.2; LLVM's `BasicAA` decomposes addresses into a base and constant
//! offsets the same way, `DecomposeGEPExpression`).
//!
//! An access's address is taken apart into a *base* and a constant byte
//! offset, by following `iadd` of a constant (or of arithmetic on
//! constants only, such as a constant index times the element size), and
//! the offsets of
//! `stack_addr` and `symbol_addr`. Two accesses are disjoint when
//!
//! - they have the same base value and their byte ranges do not overlap
//!   (`s->window` and `s->match_start` through one `s`);
//! - their bases are different stack slots, or different symbols: distinct
//!   objects, which no in-bounds offset reaches from one another.
//!
//! Anything else may alias: two different pointer values may point
//! anywhere, including into a stack slot whose address escaped. No type
//! information is used (C's effective-type rules would allow more, but
//! unions and `char` access make them easy to get wrong).

use crate::ir::{BinaryOp, Function, InstData, StackSlot, Type, UnaryOp, Value, ValueDef};

/// What an address is relative to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    /// An SSA value that the decomposition could not see through.
    Value(Value),
    Slot(StackSlot),
    Symbol(String),
}

/// An address as a base plus a constant byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub base: Base,
    pub offset: i64,
}

/// The address `addr + offset` taken apart.
pub fn decompose(func: &Function, addr: Value, offset: i32) -> Address {
    let mut value = addr;
    let mut total = i64::from(offset);
    // Bounded, so that a long chain costs little.
    for _ in 0..16 {
        let ValueDef::Result(inst) = func.values[value].def else { break };
        match &func.insts[inst] {
            InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } => match (constant(func, *a), constant(func, *b)) {
                (_, Some(k)) => {
                    total = total.wrapping_add(k);
                    value = *a;
                }
                (Some(k), _) => {
                    total = total.wrapping_add(k);
                    value = *b;
                }
                _ => break,
            },
            InstData::StackAddr { slot, offset } => {
                return Address { base: Base::Slot(*slot), offset: total.wrapping_add(i64::from(*offset)) };
            }
            InstData::SymbolAddr { symbol, offset } => {
                return Address { base: Base::Symbol(symbol.clone()), offset: total.wrapping_add(*offset) };
            }
            _ => break,
        }
    }
    Address { base: Base::Value(value), offset: total }
}

/// The value of `v` if constants alone compute it: an `iconst`, its
/// extension, or a sum, product or left shift of such values (the
/// frontend's `index * size` for a constant index), as a 64-bit number.
fn constant(func: &Function, v: Value) -> Option<i64> {
    constant_within(func, v, 8)
}

fn constant_within(func: &Function, v: Value, depth: u32) -> Option<i64> {
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    let operand = |x: Value| if depth == 0 { None } else { constant_within(func, x, depth - 1) };
    match func.insts[inst] {
        InstData::Iconst { imm } => Some(imm),
        // An `iconst` is stored sign-extended, so a sign extension keeps
        // it; a zero extension keeps it only when it is not negative.
        InstData::Unary { op: UnaryOp::Sextend, arg } => operand(arg),
        InstData::Unary { op: UnaryOp::Uextend, arg } => operand(arg).filter(|&k| k >= 0),
        InstData::Binary { op, args: [a, b] } if func.value_type(v) == Type::I64 => {
            let (a, b) = (operand(a)?, operand(b)?);
            match op {
                BinaryOp::Iadd => Some(a.wrapping_add(b)),
                BinaryOp::Imul => Some(a.wrapping_mul(b)),
                BinaryOp::Ishl if (0..64).contains(&b) => Some(a.wrapping_shl(b as u32)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether an access of `a_size` bytes at `a` and one of `b_size` bytes at
/// `b` can never touch a common byte.
pub fn disjoint(a: &Address, a_size: u32, b: &Address, b_size: u32) -> bool {
    match (&a.base, &b.base) {
        (x, y) if x == y => {
            let a_end = a.offset.saturating_add(i64::from(a_size));
            let b_end = b.offset.saturating_add(i64::from(b_size));
            a_end <= b.offset || b_end <= a.offset
        }
        (Base::Slot(_), Base::Slot(_)) | (Base::Symbol(_), Base::Symbol(_)) => true,
        (Base::Slot(_), Base::Symbol(_)) | (Base::Symbol(_), Base::Slot(_)) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    /// The decomposed addresses of the loads and stores of the only
    /// function in `text`, in order, with their sizes.
    fn accesses(text: &str) -> Vec<(Address, u32)> {
        let module = parse_module(text).unwrap();
        let func = &module.functions[0];
        let mut out = Vec::new();
        for &block in &func.layout {
            for &inst in &func.blocks[block].insts {
                match func.insts[inst] {
                    InstData::Load { addr, offset } => {
                        let ty = func.value_type(func.inst_result(inst).unwrap());
                        out.push((decompose(func, addr, offset), ty.bytes()));
                    }
                    InstData::Store { value, addr, offset } => out.push((decompose(func, addr, offset), func.value_type(value).bytes())),
                    _ => {}
                }
            }
        }
        out
    }

    #[test]
    fn fields_of_one_pointer_and_distinct_objects() {
        let found = accesses(
            "function @f(i64, i64) -> i32 local {
                ss0 = stack_slot size 8, align 8
                ss1 = stack_slot size 8, align 8
            block0(v0: i64, v1: i64):
                v2 = iconst.i64 96
                v3 = iadd v0, v2
                v4 = load.i64 v3
                v5 = iconst.i64 176
                v6 = iadd v5, v0
                v7 = iconst.i32 1
                store v7, v6
                v8 = load.i32 v0+100
                v9 = stack_addr ss0
                store v7, v9
                v10 = stack_addr ss1
                v11 = load.i32 v10
                v12 = load.i32 v1
                return v11
            }",
        );
        let [(window, 8), (match_start, 4), (overlapping, 4), (slot0, 4), (slot1, 4), (other, 4)] = found.as_slice() else {
            panic!("{found:?}")
        };
        assert_eq!(window.offset, 96);
        assert_eq!(match_start.offset, 176);
        assert!(disjoint(window, 8, match_start, 4));
        assert!(!disjoint(window, 8, overlapping, 4), "bytes 100..104 are inside 96..104");
        assert!(disjoint(slot0, 4, slot1, 4));
        assert!(!disjoint(window, 8, other, 4), "two pointers may point anywhere");
        assert!(!disjoint(slot0, 4, other, 4), "a slot's address may have escaped");
    }
}
