//! CFG simplification: folds branches whose outcome is known and merges
//! straight-line blocks.
//!
//! The classic clean-up of Keith D. Cooper and Linda Torczon, "Engineering
//! a Compiler" (2nd ed., §10.2.2, algorithm `Clean`), restricted to the
//! transformations that matter with block parameters:
//!
//! - *Fold a redundant branch*: a `brif` on an `iconst`, or whose two
//!   targets are the same block with the same arguments, becomes a `jump`.
//!   Blocks that no longer have a path from the entry are then dropped.
//! - *Combine blocks*: when block A ends in `jump B(args)` and that is
//!   B's only incoming edge, B's instructions move to the end of A and B's
//!   parameters are replaced by `args` everywhere.
//!
//! Empty-block removal ("hoist a branch") is left to Cranelift's machine
//! buffer, which threads jumps through empty blocks. The pass keeps every
//! loop a natural loop with its header parameters: a loop header has at
//! least two incoming edges, so it is never merged into a predecessor.

use super::edit::replace_uses;
use super::unreachable::remove_unreachable_blocks;
use crate::analysis::cfg::Cfg;
use crate::ir::{Block, Function, InstData, Value};
use cranelift_entity::{EntitySet, SecondaryMap};
use std::collections::HashMap;

/// Simplifies the CFG of `func`; returns true if it changed anything.
pub fn simplify_cfg(func: &mut Function) -> bool {
    let folded = fold_branches(func);
    let dropped = !remove_unreachable_blocks(func).is_empty();
    let merged = merge_blocks(func);
    folded || dropped || merged
}

/// Turns `brif`s with a known outcome into `jump`s.
fn fold_branches(func: &mut Function) -> bool {
    let mut changed = false;
    for index in 0..func.layout.len() {
        let block = func.layout[index];
        let Some(term) = func.terminator(block) else { continue };
        let InstData::Brif { cond, then_dest, else_dest } = &func.insts[term] else { continue };
        let dest = if then_dest == else_dest {
            then_dest.clone()
        } else {
            match func.constant_value(*cond) {
                Some(0) => else_dest.clone(),
                Some(_) => then_dest.clone(),
                None => continue,
            }
        };
        func.insts[term] = InstData::Jump { dest };
        changed = true;
    }
    changed
}

/// Merges every block into its predecessor when that predecessor jumps to
/// it and nothing else enters it.
fn merge_blocks(func: &mut Function) -> bool {
    let cfg = Cfg::compute(func);
    let entry = match func.entry() {
        Some(entry) => entry,
        None => return false,
    };
    let single_pred = |b: Block| cfg.preds(b).len() == 1;
    let mut removed: EntitySet<Block> = EntitySet::new();
    let mut substitution: HashMap<Value, Value> = HashMap::new();
    for index in 0..func.layout.len() {
        let block = func.layout[index];
        if removed.contains(block) {
            continue;
        }
        loop {
            let Some(term) = func.terminator(block) else { break };
            let InstData::Jump { dest } = &func.insts[term] else { break };
            let next = dest.block;
            if next == block || next == entry || !single_pred(next) || removed.contains(next) {
                break;
            }
            let args = dest.args.clone();
            for (&param, &arg) in func.blocks[next].params.iter().zip(&args) {
                substitution.insert(param, arg);
            }
            func.blocks[next].params.clear();
            let moved = std::mem::take(&mut func.blocks[next].insts);
            for &inst in &moved {
                func.inst_block[inst] = block.into();
            }
            func.inst_block[term] = None.into();
            for line in std::mem::take(&mut func.block_source_lines[next]) {
                func.note_source_line(block, line);
            }
            let insts = &mut func.blocks[block].insts;
            insts.pop();
            insts.extend(moved);
            removed.insert(next);
        }
    }
    if removed.is_empty() {
        return false;
    }
    func.retain_blocks(|b| !removed.contains(b));
    let resolved = resolve_chains(&substitution);
    replace_uses(func, |v| resolved[v].unwrap_or(v));
    true
}

/// Follows substitution chains (`a -> b -> c` becomes `a -> c`); a merged
/// block's argument may itself be a parameter of a block merged earlier.
fn resolve_chains(substitution: &HashMap<Value, Value>) -> SecondaryMap<Value, Option<Value>> {
    let mut resolved: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    for (&from, &to) in substitution {
        let mut target = to;
        while let Some(&next) = substitution.get(&target) {
            target = next;
        }
        resolved[from] = Some(target);
    }
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;
    use crate::transform::eval::{run, Outcome};

    #[test]
    fn merging_keeps_behaviour() {
        let text = "function @f(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 1
    jump block1(v0)
block1(v2: i32):
    v3 = iadd v2, v1
    jump block2(v3)
block2(v4: i32):
    v5 = icmp slt v4, v1
    brif v5, block3, block3
block3:
    return v4
}";
        let module = parse_module(text).unwrap();
        let mut func = module.functions[0].clone();
        assert!(simplify_cfg(&mut func));
        assert_eq!(func.layout.len(), 1);
        for x in [-3, 0, 7] {
            assert_eq!(run(&func, &[x], 10), run(&module.functions[0], &[x], 10));
            assert_eq!(run(&func, &[x], 10), Outcome::Returned(Some(x as i64 + 1)));
        }
    }
}
