//! SSA invariants D1 and D2: every use is defined in the layout, and its
//! definition dominates it. Dominators come from
//! [`crate::analysis::dominators`]; the structure phase has already made
//! sure that the CFG it builds on is sound.

use super::structure::Placement;
use super::Errors;
use crate::analysis::{Cfg, DominatorTree};
use crate::ir::{Block, Function, Value, ValueDef};
use crate::text::Entity;

/// Where a value becomes available: at the top of a block (a parameter),
/// or after the instruction at some index of a block.
#[derive(Clone, Copy)]
enum DefPoint {
    Top(Block),
    After(Block, usize),
}

pub(super) fn check(func: &Function, placement: &Placement, errors: &mut Errors) {
    let cfg = Cfg::compute(func);
    let domtree = DominatorTree::compute(&cfg);
    for &block in &func.layout {
        for (index, &inst) in func.blocks[block].insts.iter().enumerate() {
            for value in func.insts[inst].all_uses() {
                let Some(def) = def_point(func, placement, value) else {
                    errors.report(
                        Entity::Inst(inst),
                        format!("uses {value}, whose definition is not in the layout"),
                    );
                    continue;
                };
                if !available(def, block, index, &domtree) {
                    errors.report(
                        Entity::Inst(inst),
                        format!("uses {value}, whose definition does not dominate it"),
                    );
                }
            }
        }
    }
}

/// D1: where `value` is defined, if that is in the layout and agrees with
/// the block or instruction it names.
fn def_point(func: &Function, placement: &Placement, value: Value) -> Option<DefPoint> {
    match func.values[value].def {
        ValueDef::Param(block, n) => {
            let defines = func.blocks.get(block)?.params.get(n as usize) == Some(&value);
            (defines && placement.in_layout(block)).then_some(DefPoint::Top(block))
        }
        ValueDef::Result(inst) => {
            let (block, index) = placement.of(inst)?;
            (func.inst_result(inst) == Some(value)).then_some(DefPoint::After(block, index))
        }
    }
}

/// D2: whether a value defined at `def` is available to the instruction
/// at `index` of `block`. Branch arguments need no special case: the
/// terminator that passes them is the last instruction of its block.
fn available(def: DefPoint, block: Block, index: usize, domtree: &DominatorTree) -> bool {
    let def_block = match def {
        DefPoint::Top(b) => b,
        DefPoint::After(b, _) => b,
    };
    if def_block == block {
        return match def {
            DefPoint::Top(_) => true,
            DefPoint::After(_, def_index) => def_index < index,
        };
    }
    !domtree.contains(block) || domtree.dominates(def_block, block)
}
