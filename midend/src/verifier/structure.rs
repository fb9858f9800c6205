//! Structural invariants S1 to S7: the layout, terminators, instruction
//! placement, definitions and references to entities that must exist.
//! After this phase the other phases may index every table.

use super::Errors;
use crate::ir::{Block, Function, Inst, InstData, ValueDef};
use crate::text::{has_result, Entity};
use cranelift_entity::{EntitySet, SecondaryMap};

/// Where each instruction of the layout sits: its block and its index in
/// that block.
#[derive(Default)]
pub(super) struct Placement {
    place: SecondaryMap<Inst, Option<(Block, usize)>>,
    in_layout: EntitySet<Block>,
}

impl Placement {
    pub fn of(&self, inst: Inst) -> Option<(Block, usize)> {
        self.place[inst]
    }

    pub fn in_layout(&self, block: Block) -> bool {
        self.in_layout.contains(block)
    }
}

pub(super) fn check(func: &Function, errors: &mut Errors) -> Placement {
    // S1.
    if func.layout.is_empty() {
        errors.report(Entity::Symbol, "a function definition needs at least one block");
    }
    if func.signature.variadic {
        errors.report(Entity::Symbol, "a defined function cannot be variadic");
    }
    // S7, for stack slots.
    for (slot, data) in func.stack_slots.iter() {
        if !data.align.is_power_of_two() {
            errors.report(Entity::StackSlot(slot), format!("alignment {} is not a power of two", data.align));
        }
    }

    // S2.
    let mut placement = Placement::default();
    let mut blocks = Vec::new();
    for &block in &func.layout {
        if !func.blocks.is_valid(block) {
            errors.report(Entity::Block(block), format!("{block} is in the layout but does not exist"));
        } else if !placement.in_layout.insert(block) {
            errors.report(Entity::Block(block), format!("{block} appears twice in the layout"));
        } else {
            blocks.push(block);
        }
    }
    for block in blocks {
        check_block(func, block, &mut placement, errors);
    }
    placement
}

/// S3 to S7 for one block of the layout.
fn check_block(func: &Function, block: Block, placement: &mut Placement, errors: &mut Errors) {
    let data = &func.blocks[block];
    for (n, &param) in data.params.iter().enumerate() {
        match func.values.get(param) {
            None => errors.report(Entity::Block(block), format!("parameter {param} does not exist")),
            Some(v) if v.def != ValueDef::Param(block, n as u32) => errors.report(
                Entity::Block(block),
                format!("parameter {n} is {param}, but the value table defines it as {:?}", v.def),
            ),
            Some(_) => {}
        }
    }

    if data.insts.is_empty() {
        errors.report(Entity::Block(block), "the block is empty: it must end in a terminator");
    }
    let last = data.insts.len().saturating_sub(1);
    for (index, &inst) in data.insts.iter().enumerate() {
        let Some(inst_data) = func.insts.get(inst) else {
            errors.report(Entity::Block(block), format!("{inst} does not exist"));
            continue;
        };
        let here = Entity::Inst(inst);
        if let Some((other, _)) = placement.place[inst] {
            errors.report(here, format!("{inst} is placed twice, in {other} and in {block}"));
            continue;
        }
        placement.place[inst] = Some((block, index));
        if func.inst_block[inst].expand() != Some(block) {
            let recorded = func.inst_block[inst].expand().map_or("no block".into(), |b| b.to_string());
            errors.report(here, format!("inst_block says {recorded}, but the instruction is in {block}"));
        }
        match (index == last, inst_data.is_terminator()) {
            (true, false) => errors.report(here, "the block does not end in a terminator"),
            (false, true) => errors.report(here, "a terminator must be the last instruction of its block"),
            _ => {}
        }
        check_references(func, inst, inst_data, placement, errors);
    }
}

/// S5 to S7 for one instruction.
fn check_references(
    func: &Function,
    inst: Inst,
    data: &InstData,
    placement: &Placement,
    errors: &mut Errors,
) {
    let here = Entity::Inst(inst);
    match (func.inst_result(inst), has_result(data)) {
        (None, Some(true)) => errors.report(here, "the instruction produces a value but has no result"),
        (Some(result), Some(false)) => {
            errors.report(here, format!("the instruction produces no value but has the result {result}"))
        }
        (Some(result), _) => match func.values.get(result) {
            None => errors.report(here, format!("the result {result} does not exist")),
            Some(v) if v.def != ValueDef::Result(inst) => errors.report(
                here,
                format!("the result is {result}, but the value table defines it as {:?}", v.def),
            ),
            Some(_) => {}
        },
        (None, _) => {}
    }
    for value in data.all_uses() {
        if !func.values.is_valid(value) {
            errors.report(here, format!("uses {value}, which does not exist"));
        }
    }
    for call in data.successors() {
        let target = call.block;
        if !func.blocks.is_valid(target) {
            errors.report(here, format!("branches to {target}, which does not exist"));
        } else if !placement.in_layout(target) {
            errors.report(here, format!("branches to {target}, which is not in the layout"));
        }
    }
    if let InstData::StackAddr { slot, .. } = data {
        if !func.stack_slots.is_valid(*slot) {
            errors.report(here, format!("{slot} does not exist"));
        }
    }
}
