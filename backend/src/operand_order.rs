//! The operand order of commutative operations: the result takes the
//! register of the first operand, so the first should be the operand
//! whose register the result is best in.
//!
//! **Carried values.** The operand computed from a carried value comes
//! first, so that the result lands in the register the value is carried
//! in.
//! An x86 arithmetic instruction overwrites its first operand, and
//! Cranelift's x64 lowering makes the result reuse the register of the
//! first operand of `iadd`, `imul`, `band`, `bor` and `bxor` as written.
//! The CRC step `crc = table[(crc ^ *p) & 0xff] ^ (crc >> 8)` shifts
//! `crc` in its own register and then XORs it into the loaded entry's, so
//! the new `crc` ended up in the entry's register, and the back edge
//! needed a `mov` into `crc`'s register and a `jmp` of its own (k081).
//! With the operands swapped, the result overwrites the shifted `crc`,
//! which is where the loop carries it. This is the operand commutation
//! that two-address code generation does to avoid copies (Aho, Lam, Sethi
//! and Ullman, "Compilers", 2nd ed., §8.6.3, commutative operators in
//! register allocation for two-address machines).
//!
//! A value passed to a block parameter and computed from it through a
//! chain of operations is carried best when each operation of the chain
//! overwrites the operand that leads back to the parameter: a commutative
//! operation whose first operand does not lead back but whose second does
//! has its operands swapped.
//!
//! **Operands that die.** Off the carried chains, when the first operand is read again
//! later (further down its block, or in another block) and the second,
//! defined in the same block, is read only here, the second comes first: its
//! register is free to take the result, where the first would have been
//! copied before being overwritten (`crc ^ *p`, with `crc` shifted after,
//! cost a `mov` of `crc`). Constants stay where they are, since x86 takes
//! them as immediates, and so do addresses: Cranelift merges equal
//! address computations, and `a[i] -= 1` is one `subq` on memory only
//! while its load and store read one address (k038 +0.7% when an address
//! was swapped).

use nissecc_midend::ir::{BinaryOp, Block, Function, Inst, InstData, Value, ValueDef};
use std::collections::{HashMap, HashSet};

/// How far back a chain of operations is followed.
const MAX_CHAIN: u32 = 4;

/// The commutative instructions among those of `blocks` whose operands
/// should be swapped.
pub(crate) fn swapped_operands(ir: &Function, blocks: &[Block], uses: &HashMap<Value, usize>) -> HashSet<Inst> {
    let insts = || blocks.iter().filter_map(|&b| ir.blocks.get(b)).flat_map(|d| d.insts.iter().copied());
    let mut swapped = HashSet::new();
    // The carried chains: for every value passed to a block parameter
    // that it is computed from, the operations in between, each of
    // which should overwrite the operand that leads back to it.
    let mut on_chains: HashSet<Inst> = HashSet::new();
    for inst in insts() {
        for call in ir.insts[inst].successors() {
            for (&arg, &param) in call.args.iter().zip(&ir.blocks[call.block].params) {
                let mut chain = Vec::new();
                if carried_chain(ir, arg, param, 0, &mut chain) {
                    for (link, through_second) in chain {
                        on_chains.insert(link);
                        if through_second {
                            swapped.insert(link);
                        }
                    }
                }
            }
        }
    }
    // The values that loads and stores use as addresses.
    let addresses: HashSet<Value> = insts().filter_map(|inst| Some(ir.insts[inst].memory_address()?.0)).collect();
    // Where each value is read: the block and the position in it.
    let mut reads: HashMap<Value, Vec<(Block, usize)>> = HashMap::new();
    for &block in blocks {
        for (index, &inst) in ir.blocks[block].insts.iter().enumerate() {
            for v in ir.insts[inst].all_uses() {
                reads.entry(v).or_default().push((block, index));
            }
        }
    }
    // Whether `v` is read again after `inst`, at `index` of `block`:
    // later in the block, or in another block (which may run after it).
    let read_after = |block: Block, index: usize, v: Value| {
        reads.get(&v).is_some_and(|rs| rs.iter().any(|&(b, i)| b != block || i > index))
    };
    let constant = |v| ir.constant_value(v).is_some();
    // A value read once dies there only if it is defined in the same
    // block: one defined before a loop and read in it lives around it.
    let defined_in = |v: Value| match ir.values[v].def {
        ValueDef::Result(inst) => ir.block_of(inst),
        ValueDef::Param(block, _) => Some(block),
    };
    for &block in blocks {
        for (index, &inst) in ir.blocks[block].insts.iter().enumerate() {
            let InstData::Binary { op, args: [a, b] } = ir.insts[inst] else { continue };
            let Some(result) = ir.inst_result(inst) else { continue };
            let dies_second = is_commutative(op)
                && !on_chains.contains(&inst)
                && !constant(a)
                && !constant(b)
                && !addresses.contains(&result)
                && uses.get(&b) == Some(&1)
                && defined_in(b) == Some(block)
                && read_after(block, index, a);
            if dies_second {
                swapped.insert(inst);
            }
        }
    }
    swapped
}

fn is_commutative(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Iadd | BinaryOp::Imul | BinaryOp::Band | BinaryOp::Bor | BinaryOp::Bxor)
}

/// Whether `v` is computed from `param` through at most [`MAX_CHAIN`]
/// operations, each from the previous one's result as its first operand
/// or, for a commutative operation whose first operand does not lead
/// back, its second; the operations are appended to `chain`, each with
/// whether it goes through its second operand.
fn carried_chain(ir: &Function, v: Value, param: Value, depth: u32, chain: &mut Vec<(Inst, bool)>) -> bool {
    if v == param {
        return true;
    }
    if depth >= MAX_CHAIN {
        return false;
    }
    let ValueDef::Result(inst) = ir.values[v].def else { return false };
    match ir.insts[inst] {
        InstData::Binary { op, args: [first, second] } => {
            let mut link = Vec::new();
            if carried_chain(ir, first, param, depth + 1, &mut link) {
                chain.push((inst, false));
            } else if is_commutative(op) && carried_chain(ir, second, param, depth + 1, &mut link) {
                chain.push((inst, true));
            } else {
                return false;
            }
            chain.extend(link);
            true
        }
        InstData::Unary { arg, .. } => {
            let mut link = Vec::new();
            if !carried_chain(ir, arg, param, depth + 1, &mut link) {
                return false;
            }
            chain.push((inst, false));
            chain.extend(link);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::use_counts::use_counts;
    use nissecc_midend::text::parse_module;

    /// k081's CRC step: `v7 = crc ^ *p` is read only as an index and `crc`
    /// (`v3`) is shifted after it, so the load, which dies there, comes
    /// first; `v12 = table[...] ^ (crc >> 8)` is carried to `v3` through
    /// its second operand, so it is swapped too. `v14`'s second operand
    /// is read only there but defined before the loop, so it lives on;
    /// `v18` is an address.
    const CRC: &str = "
function @crc(i64, i64, i64) -> i32 export {
block0(v0: i64, v1: i64, v2: i64):
    v20 = iconst.i32 -1
    jump block1(v0, v20)
block1(v4: i64, v3: i32):
    v5 = load.i8 v4
    v6 = uextend.i32 v5
    v7 = bxor v3, v6
    v8 = iconst.i32 255
    v9 = band v7, v8
    v10 = uextend.i64 v9
    v11 = iconst.i64 2
    v16 = ishl v10, v11
    v18 = iadd v2, v16
    v13 = load.i32 v18
    v21 = iconst.i32 8
    v22 = ushr v3, v21
    v12 = bxor v13, v22
    v14 = iadd v4, v1
    v17 = iadd v4, v0
    v15 = icmp ult v17, v14
    v23 = iconst.i64 1
    v24 = iadd v4, v23
    brif v15, block1(v24, v12), block2
block2:
    return v12
}
";

    #[test]
    fn the_carried_and_the_dying_operand_come_first() {
        let module = parse_module(CRC).expect("the test module parses");
        let func = &module.functions[0];
        let uses = use_counts(func, &func.layout);
        let mut swapped: Vec<String> = swapped_operands(func, &func.layout, &uses)
            .iter()
            .map(|&inst| func.inst_result(inst).expect("a result").to_string())
            .collect();
        swapped.sort();
        assert_eq!(swapped, ["v12", "v7"]);
    }
}
