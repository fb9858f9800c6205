//! Editing operations that several transforms share. They are free
//! functions over `Function` and touch only the blocks in the layout.

use crate::analysis::cfg::Cfg;
use crate::ir::{Block, Function, Inst, Value, ValueDef};
use std::collections::HashMap;
use cranelift_entity::packed_option::PackedOption;

/// Removes from the layout's blocks every instruction that `keep`
/// rejects. A removed instruction no longer belongs to a block; its
/// entity, like its result value, stays allocated but unused.
pub fn retain_insts(func: &mut Function, mut keep: impl FnMut(&Function, Inst) -> bool) {
    for i in 0..func.layout.len() {
        let block = func.layout[i];
        let insts = std::mem::take(&mut func.blocks[block].insts);
        let mut kept = Vec::with_capacity(insts.len());
        for inst in insts {
            if keep(func, inst) {
                kept.push(inst);
            } else {
                func.inst_block[inst] = PackedOption::default();
            }
        }
        func.blocks[block].insts = kept;
    }
}

/// Rewrites every value read by an instruction of the layout's blocks
/// (operands and branch arguments) through `f`.
pub fn replace_uses(func: &mut Function, mut f: impl FnMut(Value) -> Value) {
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            func.insts[inst].map_uses(&mut f);
        }
    }
}

/// Removes the parameters of `block` whose index `keep` rejects, together
/// with the matching argument on every incoming edge of `cfg`, and
/// renumbers the remaining parameters' definitions. The removed values
/// must have no uses left. `cfg` must list every edge into `block`, which
/// holds when the block's incoming edges have not changed since it was
/// computed and the blocks branching to it are reachable.
pub fn remove_block_params(
    func: &mut Function,
    cfg: &Cfg,
    block: Block,
    keep: impl Fn(usize) -> bool,
) {
    for &edge in cfg.preds(block) {
        let e = cfg.edge(edge);
        let call = func.successor_slot_mut(e.branch, e.slot as usize);
        let mut index = 0;
        call.args.retain(|_| {
            index += 1;
            keep(index - 1)
        });
    }
    let params = std::mem::take(&mut func.blocks[block].params);
    let kept: Vec<Value> = params
        .iter()
        .enumerate()
        .filter(|&(i, _)| keep(i))
        .map(|(_, &v)| v)
        .collect();
    for (i, &v) in kept.iter().enumerate() {
        func.values[v].def = ValueDef::Param(block, i as u32);
    }
    func.blocks[block].params = kept;
}

/// Appends to `into` a copy of every instruction of `from` but its
/// terminator, each reading `renamed`'s value in place of a key (the
/// caller maps `from`'s parameters), and records each copied result in
/// `renamed`, so the caller can copy the terminator's arguments too.
/// Returns `from`'s terminator.
pub fn copy_body(func: &mut Function, from: Block, into: Block, renamed: &mut HashMap<Value, Value>) -> Inst {
    let insts: Vec<Inst> = func.blocks[from].insts.clone();
    let (&term, body) = insts.split_last().expect("a block ends in its terminator");
    for &inst in body {
        let mut data = func.insts[inst].clone();
        data.map_uses(|v| renamed.get(&v).copied().unwrap_or(v));
        let copy = func.append_copy(into, inst, data);
        if let (Some(old), Some(new)) = (func.inst_result(inst), func.inst_result(copy)) {
            renamed.insert(old, new);
        }
    }
    term
}
