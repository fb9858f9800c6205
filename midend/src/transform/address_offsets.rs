//! Constant parts of an address move into the load's or store's offset.
//!
//! `a[i + 1]` is computed as `a + (i + 1) * 4`. Cranelift folds a
//! constant into an x86 addressing mode only when it is added last
//! (`(a + i * 4) + 4` becomes `4(%rdi,%rsi,4)`), so without this pass every
//! `a[i + k]` costs a `lea` of its own, and `a[i]`, `a[i + 1]`, `a[i - 1]`
//! share no address computation. This is the reassociation of Cooper and
//! Torczon, "Engineering a Compiler", 2nd ed., §8.4.2 (reassociation that
//! exposes common subexpressions and constants), applied to addresses the
//! way gcc's and LLVM's address-mode selection does.
//!
//! The address of every load and store is split into a value and a
//! constant through `iadd`/`isub` of a constant, `iadd` of two values (the
//! constant may come from either), `imul` and `ishl` by a constant, and
//! `sextend` of a 32-bit `iadd nsw` or `isub nsw` of a constant (the `nsw`
//! says the sum did not wrap, so extending it equals adding to the
//! extension: `fail[k - 1]` reads `fail + sext(k) * 4` at offset -4). Integer
//! arithmetic wraps, so every other step is exact in any case. The new
//! instructions are placed just before the memory access; they are not in
//! `no_signed_wrap`, since the value they compute, the address minus the
//! constant, may lie outside the object. Value numbering, which runs next,
//! then sees that `a[i]` and `a[i + 1]` read one address at offsets 0 and
//! 4, and dead code elimination removes the old computation.

use crate::ir::{BinaryOp, Block, Function, Inst, InstData, Type, UnaryOp, Value, ValueDef};
use std::collections::HashSet;

/// How deep the split follows an address's operands.
const MAX_DEPTH: u32 = 6;

/// How to rebuild the part of an address that is not constant.
enum Rest {
    /// A value that already exists.
    Existing(Value),
    /// `op(rest, other)` (or `op(other, rest)` when `rest_first` is false),
    /// of the type `ty`.
    Binary { op: BinaryOp, rest: Box<Rest>, other: Value, rest_first: bool, ty: Type },
    /// The 64-bit sign extension of a 32-bit value.
    Sextend(Value),
}

impl Rest {
    /// Whether the path from the address to its constant passes through
    /// a multiplication, a shift or an extension.
    fn scales(&self) -> bool {
        match self {
            Rest::Existing(_) => false,
            Rest::Binary { op: BinaryOp::Imul | BinaryOp::Ishl, .. } | Rest::Sextend(_) => true,
            Rest::Binary { rest, .. } => rest.scales(),
        }
    }
}

/// Moves the constant part of every load's and store's address into its
/// offset; returns how many accesses changed. Only a constant found under a
/// multiplication, a shift or an extension moves: Cranelift's address-mode
/// matching already folds one reached through additions alone. An address that is also used
/// as a value (a pointer stored, passed or carried to the next iteration)
/// stays as it is: it is computed anyway, and Cranelift folds it into the
/// access (k115_chained_hash's `pp = &n->next; n = n->next` cost a `mov`
/// per step when the load read `n + 8` beside the `lea` of `pp`), except
/// that an address `p + c` of a block parameter `p` and a constant is read
/// as `p` at offset `c`. Cranelift folds `p + c` into the access either
/// way, but only when the access names `p` itself does its elaborator
/// place `p + c` after the access, where `p` dies: a rotated pointer walk
/// (`while (*p) p++`, whose latch computes `p + 1` and loads `*(p + 1)`)
/// otherwise keeps `p` and `p + 1` alive together, and its back edge needs a
/// `mov` and a `jmp` of its own (k036_strstr_naive −12.6% once its inner
/// loop is rotated, k100_fnv_dedup −4.3%).
pub fn fold_address_offsets(func: &mut Function) -> usize {
    let used_as_value = values_used_as_values(func);
    let mut folded = 0;
    for block in func.layout.clone() {
        let mut index = 0;
        while index < func.blocks[block].insts.len() {
            let inst = func.blocks[block].insts[index];
            index += 1;
            let Some((addr, offset)) = func.insts[inst].memory_address() else { continue };
            let split_off = if used_as_value.contains(&addr) {
                stepped_param(func, addr).map(|(base, c)| (Rest::Existing(base), c))
            } else {
                split(func, addr, 0).filter(|(rest, _)| rest.scales())
            };
            let Some((rest, constant)) = split_off else { continue };
            let Some(new_offset) = i32::try_from(constant).ok().and_then(|c| c.checked_add(offset)) else { continue };
            let mut position = index - 1;
            let new_addr = build(func, rest, block, &mut position);
            index = position + 1;
            func.insts[inst].set_memory_address(new_addr, new_offset);
            folded += 1;
        }
    }
    folded
}

/// The values that some instruction reads other than as a load's or a
/// store's address.
pub(crate) fn values_used_as_values(func: &Function) -> HashSet<Value> {
    let mut used = HashSet::new();
    for block in &func.layout {
        for &inst in &func.blocks[*block].insts {
            match func.insts[inst] {
                InstData::Load { .. } => {}
                InstData::Store { value, .. } => {
                    used.insert(value);
                }
                ref other => used.extend(other.all_uses()),
            }
        }
    }
    used
}

/// Splits `value` into a rest and a nonzero constant whose wrapping sum
/// is `value`, or `None` when no constant can be split off.
fn split(func: &Function, value: Value, depth: u32) -> Option<(Rest, i64)> {
    if depth > MAX_DEPTH {
        return None;
    }
    let ValueDef::Result(inst) = func.values[value].def else { return None };
    let ty = func.value_type(value);
    let deeper = |v| split(func, v, depth + 1);
    // `v + c`, where `v` may itself carry a constant.
    let plus = |v: Value, c: i64| match deeper(v) {
        Some((rest, k)) => (rest, k.wrapping_add(c)),
        None => (Rest::Existing(v), c),
    };
    let wrap = |rest, other, rest_first, op| Rest::Binary { op, rest: Box::new(rest), other, rest_first, ty };
    let (rest, constant) = match func.insts[inst] {
        InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } => match (func.constant_value(a), func.constant_value(b)) {
            (_, Some(c)) => plus(a, c),
            (Some(c), _) => plus(b, c),
            _ => match deeper(b) {
                Some((rest, k)) => (wrap(rest, a, false, BinaryOp::Iadd), k),
                None => {
                    let (rest, k) = deeper(a)?;
                    (wrap(rest, b, true, BinaryOp::Iadd), k)
                }
            },
        },
        InstData::Binary { op: BinaryOp::Isub, args: [a, b] } => match func.constant_value(b) {
            Some(c) => plus(a, c.wrapping_neg()),
            None => {
                let (rest, k) = deeper(a)?;
                (wrap(rest, b, true, BinaryOp::Isub), k)
            }
        },
        InstData::Binary { op: BinaryOp::Imul, args: [a, b] } => {
            let (v, factor, rest_first) = match (func.constant_value(a), func.constant_value(b)) {
                (_, Some(_)) => (a, b, true),
                (Some(_), _) => (b, a, false),
                _ => return None,
            };
            let (rest, k) = deeper(v)?;
            (wrap(rest, factor, rest_first, BinaryOp::Imul), k.wrapping_mul(func.constant_value(factor)?))
        }
        InstData::Binary { op: BinaryOp::Ishl, args: [a, b] } => {
            let shift = func.constant_value(b)?;
            if !(0..64).contains(&shift) || ty != Type::I64 {
                return None;
            }
            let (rest, k) = deeper(a)?;
            (wrap(rest, b, true, BinaryOp::Ishl), k.wrapping_shl(shift as u32))
        }
        InstData::Unary { op: UnaryOp::Sextend, arg } if ty == Type::I64 && func.value_type(arg) == Type::I32 => {
            let ValueDef::Result(sum) = func.values[arg].def else { return None };
            match func.insts[sum] {
                InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } if func.no_signed_wrap.contains(sum) => {
                    (Rest::Sextend(a), func.constant_value(b)?)
                }
                InstData::Binary { op: BinaryOp::Isub, args: [a, b] } if func.no_signed_wrap.contains(sum) => {
                    (Rest::Sextend(a), func.constant_value(b)?.checked_neg()?)
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    (constant != 0).then_some((rest, constant))
}

/// Materializes `rest` as instructions inserted at `*position` of `block`
/// (advancing it past them) and returns the value it computes.
fn build(func: &mut Function, rest: Rest, block: Block, position: &mut usize) -> Value {
    let (data, ty) = match rest {
        Rest::Existing(value) => return value,
        Rest::Binary { op, rest, other, rest_first, ty } => {
            let rest = build(func, *rest, block, position);
            let args = if rest_first { [rest, other] } else { [other, rest] };
            (InstData::Binary { op, args }, ty)
        }
        Rest::Sextend(arg) => (InstData::Unary { op: UnaryOp::Sextend, arg }, Type::I64),
    };
    let inst: Inst = func.insert_inst(block, *position, data, Some(ty));
    *position += 1;
    func.inst_result(inst).expect("the instruction was created with a result")
}

/// `(p, c)` when `v` is `iadd p, c` (or `iadd c, p`) with `p` a block
/// parameter and `c` a constant: a pointer stepped from one iteration to
/// the next, as a rotated loop's latch computes it (`p + 1`) and tests
/// what it points to (`*(p + 1)`).
fn stepped_param(func: &Function, v: Value) -> Option<(Value, i64)> {
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    let InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } = func.insts[inst] else { return None };
    let (p, c) = match (func.constant_value(a), func.constant_value(b)) {
        (_, Some(c)) => (a, c),
        (Some(c), _) => (b, c),
        _ => return None,
    };
    matches!(func.values[p].def, ValueDef::Param(..)).then_some((p, c))
}
