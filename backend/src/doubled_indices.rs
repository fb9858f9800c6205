//! Indices doubled for an address: `imul x, 2` whose product only ever
//! becomes part of a load's or store's address is emitted as `ishl x, 1`.
//!
//! Cranelift's e-graph rewrites `x * 2` as `x + x` (`opts/arithmetic.isle`),
//! and x64's address-mode matching absorbs a shift by 1 to 3 as the scale
//! of `(base, index, scale)` but not an `x + x`, so every access to an
//! array of 2-byte elements (`short a[]`, k009's insertion sort) cost a
//! `lea` of its own. A product used otherwise keeps the multiplication:
//! `2 * i + 1` is one `lea 1(%rax,%rax)` as `x + x`, and a shift and an add
//! as `x << 1` (heap sort's child index, k059 ×1.159 when every doubling
//! was a shift).

use nissecc_midend::ir::{BinaryOp, Block, Function, Inst, InstData, Value, ValueDef};
use std::collections::{HashMap, HashSet};

/// The doublings among the instructions of `blocks` whose every use is an
/// `iadd` that only loads and stores use as their address.
pub(crate) fn doubled_indices(ir: &Function, blocks: &[Block]) -> HashSet<Inst> {
    let insts = || blocks.iter().filter_map(|&b| ir.blocks.get(b)).flat_map(|d| d.insts.iter().copied());
    let mut users: HashMap<Value, Vec<Inst>> = HashMap::new();
    for inst in insts() {
        for v in ir.insts[inst].all_uses() {
            users.entry(v).or_default().push(inst);
        }
    }
    let only_addresses = |v: Value| {
        users.get(&v).is_some_and(|us| {
            us.iter().all(|&u| match ir.insts[u] {
                InstData::Load { addr, .. } => addr == v,
                InstData::Store { addr, value, .. } => addr == v && value != v,
                _ => false,
            })
        })
    };
    let feeds_addresses_only = |product: Value| {
        users.get(&product).is_some_and(|us| {
            us.iter().all(|&u| {
                matches!(ir.insts[u], InstData::Binary { op: BinaryOp::Iadd, .. })
                    && ir.inst_result(u).is_some_and(only_addresses)
            })
        })
    };
    insts()
        .filter(|&inst| matches!(ir.insts[inst], InstData::Binary { op: BinaryOp::Imul, .. }))
        .filter(|&inst| doubled_operand(ir, inst).is_some())
        .filter(|&inst| ir.inst_result(inst).is_some_and(feeds_addresses_only))
        .collect()
}

/// The operand that `inst` multiplies by the constant 2, if it does: an
/// `imul` by 2 or an `fmul` by 2.0. The backend emits the latter as
/// `x + x`, which is exact in IEEE arithmetic (infinities, NaNs and signed
/// zeros included) and needs no constant, where Cranelift materializes a
/// float constant in every block that uses it (k141's `2.0 * zr * zi`).
pub(crate) fn doubled_operand(ir: &Function, inst: Inst) -> Option<Value> {
    let InstData::Binary { op: op @ (BinaryOp::Imul | BinaryOp::Fmul), args: [a, b] } = ir.insts[inst] else { return None };
    let two = |v: Value| match ir.values[v].def {
        ValueDef::Result(i) => match ir.insts[i] {
            InstData::Iconst { imm } => op == BinaryOp::Imul && imm == 2,
            InstData::Fconst { value } => op == BinaryOp::Fmul && value == 2.0,
            _ => false,
        },
        ValueDef::Param(..) => false,
    };
    if two(b) {
        Some(a)
    } else if two(a) {
        Some(b)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nissecc_midend::text::parse_module;

    /// `a[j]` of `short`s doubles `j` for its address only; heap sort's
    /// child index `2 * i + 1` is a value; a doubled index also stored as
    /// a value stays a multiplication.
    const SOURCE: &str = "
function @f(i64, i64) -> i64 export {
block0(v0: i64, v1: i64):
    v2 = iconst.i64 2
    v3 = imul v1, v2
    v4 = iadd v0, v3
    v5 = load.i16 v4
    v6 = imul v2, v1
    v7 = iconst.i64 1
    v8 = iadd v6, v7
    v9 = imul v1, v2
    v10 = iadd v0, v9
    store v10, v0
    v11 = sextend.i64 v5
    v12 = iadd v8, v11
    return v12
}
";

    #[test]
    fn only_doublings_that_become_addresses_are_shifts() {
        let module = parse_module(SOURCE).expect("the test module parses");
        let func = &module.functions[0];
        let doubled = doubled_indices(func, &func.layout);
        let results: Vec<String> =
            doubled.iter().map(|&inst| func.inst_result(inst).expect("a result").to_string()).collect();
        assert_eq!(results, ["v3"]);
        let product = |name: &str| {
            func.layout
                .iter()
                .flat_map(|&b| func.blocks[b].insts.iter().copied())
                .find(|&i| func.inst_result(i).is_some_and(|v| v.to_string() == name))
                .expect("the instruction exists")
        };
        assert_eq!(doubled_operand(func, product("v6")).map(|v| v.to_string()), Some("v1".to_string()));
        assert_eq!(doubled_operand(func, product("v8")), None);
    }
}
