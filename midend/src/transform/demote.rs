//! Demotion of SSA values to stack slots: the inverse of [`super::mem2reg`],
//! used by transforms that copy blocks and would otherwise have to place
//! block parameters themselves wherever the copies' values meet.
//!
//! A transform that duplicates a region (unrolling copies a loop body,
//! rotation copies a loop header) breaks the dominance of the region's
//! values over their uses elsewhere: a use after the region may now be
//! reached from the original or from a copy. Instead of an SSA updater,
//! the value is stored to a new stack slot right after its definition
//! (so every copy of the definition stores its own copy of the value) and
//! loaded back at each use outside the region; after the transform,
//! `mem2reg` turns the slot back into SSA values, with block parameters at
//! the iterated dominance frontier of the stores (Cytron et al., TOPLAS
//! 1991, §5.1). LLVM repairs SSA the same way with `DemoteRegToStack`
//! followed by `mem2reg`. No paper of the project's collection covers
//! this repair.

use crate::ir::{Block, Function, InstData, StackSlot, Type, Value};
use std::collections::HashSet;

/// The values defined in `blocks` (parameters and results) that some
/// instruction of a layout block outside `blocks` reads, in order of first
/// use.
pub fn values_used_outside(func: &Function, blocks: &[Block]) -> Vec<Value> {
    let inside: HashSet<Block> = blocks.iter().copied().collect();
    let mut defined: HashSet<Value> = HashSet::new();
    for &block in blocks {
        defined.extend(func.blocks[block].params.iter().copied());
        defined.extend(func.blocks[block].insts.iter().filter_map(|&i| func.inst_result(i)));
    }
    let mut used: Vec<Value> = Vec::new();
    for &block in func.layout.iter().filter(|b| !inside.contains(b)) {
        for &inst in &func.blocks[block].insts {
            for v in func.insts[inst].all_uses() {
                if defined.contains(&v) && !used.contains(&v) {
                    used.push(v);
                }
            }
        }
    }
    used
}

/// Stores each of `values` to a new stack slot right after its definition
/// (at the top of its block for a parameter), and replaces each of its uses
/// in a layout block outside `keep` by a load of the slot right before the
/// using instruction. Uses inside `keep` still read the value itself.
/// Returns the slot of each value, in the order of `values`; `mem2reg`
/// promotes them all back.
pub fn demote_values(func: &mut Function, values: &[Value], keep: &[Block]) -> Vec<StackSlot> {
    let kept: HashSet<Block> = keep.iter().copied().collect();
    let outside: Vec<Block> = func.layout.iter().copied().filter(|b| !kept.contains(b)).collect();
    let mut slots = Vec::with_capacity(values.len());
    for &value in values {
        let ty = func.value_type(value);
        let slot = func.create_stack_slot(ty.bytes(), ty.bytes());
        slots.push(slot);
        let (block, at) = func.after_definition(value);
        let addr = slot_address(func, block, at, slot);
        func.insert_inst(block, at + 1, InstData::Store { value, addr, offset: 0 }, None);
        for &block in &outside {
            let mut index = 0;
            while index < func.blocks[block].insts.len() {
                let inst = func.blocks[block].insts[index];
                if func.insts[inst].all_uses().contains(&value) {
                    let loaded = load_slot(func, block, index, slot, ty);
                    func.insts[inst].map_uses(|v| if v == value { loaded } else { v });
                    index += 2;
                }
                index += 1;
            }
        }
    }
    slots
}

/// Inserts `stack_addr slot` and a load of type `ty` from it at position
/// `index` of `block`, and returns the loaded value.
pub fn load_slot(func: &mut Function, block: Block, index: usize, slot: StackSlot, ty: Type) -> Value {
    let addr = slot_address(func, block, index, slot);
    let load_inst = func.insert_inst(block, index + 1, InstData::Load { addr, offset: 0 }, Some(ty));
    func.inst_result(load_inst).expect("load has a result")
}

/// Inserts `stack_addr slot` at position `index` of `block` and returns
/// the address.
fn slot_address(func: &mut Function, block: Block, index: usize, slot: StackSlot) -> Value {
    let inst = func.insert_inst(block, index, InstData::StackAddr { slot, offset: 0 }, Some(Type::PTR));
    func.inst_result(inst).expect("stack_addr has a result")
}
