//! Inline expansion of small, constant-size `memcpy` and `memset` calls
//! into loads and stores.
//!
//! The frontend copies structs (assignment, initialisation from another
//! struct) with `memcpy` and zeroes automatic aggregates with `memset`, so
//! a four-byte struct swap in a sort loop costs three library calls. gcc
//! expands such calls at every optimization level ("block move by pieces",
//! GCC internals manual, §"Standard Pattern Names", `cpymem`/`setmem`);
//! this pass does the same for sizes up to [`MAX_BYTES`]:
//!
//! - `memcpy(d, s, n)` becomes loads of `s` in pieces of 8, 4, 2 and 1
//!   bytes followed by the matching stores to `d`. Every load comes before
//!   every store, so the expansion is right even for overlapping objects.
//! - `memset(d, c, n)` with a constant `c` becomes stores of `c`'s low
//!   byte repeated over each piece.
//!
//! The call's result (the destination) is replaced by `d`. Running before
//! mem2reg lets a small struct temporary, whose only accesses are then
//! whole-slot loads and stores, be promoted to a register.

use super::edit::replace_uses;
use crate::ir::{Callee, Function, Inst, InstData, Type, Value};
use std::collections::HashMap;

/// The largest size expanded, in bytes: at most eight 8-byte pieces.
pub const MAX_BYTES: i64 = 64;

/// Expands the small constant-size `memcpy` and `memset` calls of `func`.
/// `is_library(name)` says whether `name` is the C library's function (a
/// module may define its own `memcpy`). Returns the number of calls
/// expanded.
pub fn inline_small_memops(func: &mut Function, is_library: impl Fn(&str) -> bool) -> usize {
    let mut expanded = 0;
    let mut replaced: HashMap<Value, Value> = HashMap::new();
    for index in 0..func.layout.len() {
        let block = func.layout[index];
        let old = std::mem::take(&mut func.blocks[block].insts);
        let mut new = Vec::with_capacity(old.len());
        for inst in old {
            let Some(op) = expansion(func, inst, &is_library) else {
                new.push(inst);
                continue;
            };
            for piece in op.emit(func) {
                func.inst_block[piece] = block.into();
                new.push(piece);
            }
            func.inst_block[inst] = None.into();
            if let Some(result) = func.inst_result(inst) {
                replaced.insert(result, op.dest);
            }
            expanded += 1;
        }
        func.blocks[block].insts = new;
    }
    if !replaced.is_empty() {
        replace_uses(func, |v| *replaced.get(&v).unwrap_or(&v));
    }
    expanded
}

/// A call the pass expands.
struct MemOp {
    dest: Value,
    kind: MemOpKind,
    bytes: i64,
}

enum MemOpKind {
    Copy { src: Value },
    Set { byte: u8 },
}

/// The expansion of `inst`, if it is a small constant-size `memcpy` or
/// `memset` of the C library.
fn expansion(func: &Function, inst: Inst, is_library: &impl Fn(&str) -> bool) -> Option<MemOp> {
    let InstData::Call { callee: Callee::Direct(name), args, sig } = &func.insts[inst] else {
        return None;
    };
    if sig.variadic || args.len() != 3 || !is_library(name) {
        return None;
    }
    let bytes = func.constant_value(args[2]).filter(|&n| (0..=MAX_BYTES).contains(&n))?;
    let kind = match name.as_str() {
        "memcpy" => MemOpKind::Copy { src: args[1] },
        "memset" => MemOpKind::Set { byte: func.constant_value(args[1])? as u8 },
        _ => return None,
    };
    Some(MemOp { dest: args[0], kind, bytes })
}

/// The pieces an access of `bytes` bytes splits into, as (offset, type),
/// largest first.
fn pieces_of(bytes: i64) -> Vec<(i32, Type)> {
    let mut pieces = Vec::new();
    let mut offset = 0;
    for size in [8, 4, 2, 1] {
        while bytes - offset >= size {
            let ty = Type::int_with_bytes(size as u32).expect("8, 4, 2 and 1 are integer widths");
            pieces.push((offset as i32, ty));
            offset += size;
        }
    }
    pieces
}

impl MemOp {
    /// Creates the instructions of the expansion, unplaced, in order.
    fn emit(&self, func: &mut Function) -> Vec<Inst> {
        let pieces = pieces_of(self.bytes);
        let mut values = Vec::with_capacity(pieces.len());
        let mut insts = Vec::with_capacity(2 * pieces.len());
        for &(offset, ty) in &pieces {
            let data = match self.kind {
                MemOpKind::Copy { src } => InstData::Load { addr: src, offset },
                MemOpKind::Set { byte } => {
                    let pattern = u64::from(byte).wrapping_mul(0x0101_0101_0101_0101) as i64;
                    InstData::Iconst { imm: ty.canonical_imm(pattern) }
                }
            };
            let inst = func.create_inst(data, Some(ty));
            values.push(func.inst_result(inst).expect("created with a result"));
            insts.push(inst);
        }
        for (&(offset, _), &value) in pieces.iter().zip(&values) {
            let store = InstData::Store { value, addr: self.dest, offset };
            insts.push(func.create_inst(store, None));
        }
        insts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_size_exactly() {
        for bytes in 0..=MAX_BYTES {
            let pieces = pieces_of(bytes);
            let mut next = 0;
            for (offset, ty) in pieces {
                assert_eq!(offset as i64, next);
                next += ty.bytes() as i64;
            }
            assert_eq!(next, bytes);
        }
        assert_eq!(pieces_of(7), vec![(0, Type::I32), (4, Type::I16), (6, Type::I8)]);
    }
}
