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

/// Checks S1 to S7. Returns the placement of the instructions when the
/// function is sound enough for the other phases: every entity it refers
/// to exists, the layout is not empty, and blocks and instructions appear
/// once. The other errors of this phase do not stop the later phases.
pub(super) fn check(func: &Function, errors: &mut Errors) -> Option<Placement> {
    let mut checker = Checker {
        func,
        errors,
        placement: Placement::default(),
        sound: true,
    };
    checker.function();
    checker.sound.then_some(checker.placement)
}

struct Checker<'a, 'e> {
    func: &'a Function,
    errors: &'a mut Errors<'e>,
    placement: Placement,
    sound: bool,
}

impl Checker<'_, '_> {
    fn report(&mut self, location: Entity, message: impl Into<String>) {
        self.errors.report(location, message);
    }

    /// Reports an error that the later phases cannot live with.
    fn report_unsound(&mut self, location: Entity, message: impl Into<String>) {
        self.sound = false;
        self.errors.report(location, message);
    }

    fn function(&mut self) {
        let func = self.func;
        // S1.
        if func.layout.is_empty() {
            self.report_unsound(
                Entity::Symbol,
                "a function definition needs at least one block",
            );
        }
        // S7, for stack slots.
        for (slot, data) in func.stack_slots.iter() {
            if !data.align.is_power_of_two() {
                self.report(
                    Entity::StackSlot(slot),
                    format!("alignment {} is not a power of two", data.align),
                );
            }
        }
        // S2.
        let mut blocks = Vec::new();
        for &block in &func.layout {
            if !func.blocks.is_valid(block) {
                self.report_unsound(
                    Entity::Block(block),
                    format!("{block} is in the layout but does not exist"),
                );
            } else if !self.placement.in_layout.insert(block) {
                self.report_unsound(
                    Entity::Block(block),
                    format!("{block} appears twice in the layout"),
                );
            } else {
                blocks.push(block);
            }
        }
        for block in blocks {
            self.block(block);
        }
    }

    /// S3 to S7 for one block of the layout.
    fn block(&mut self, block: Block) {
        let func = self.func;
        let data = &func.blocks[block];
        for (n, &param) in data.params.iter().enumerate() {
            match func.values.get(param) {
                None => self.report_unsound(
                    Entity::Block(block),
                    format!("parameter {param} does not exist"),
                ),
                Some(v) if v.def != ValueDef::Param(block, n as u32) => self.report(
                    Entity::Block(block),
                    format!(
                        "parameter {n} is {param}, but the value table defines it as {:?}",
                        v.def
                    ),
                ),
                Some(_) => {}
            }
        }

        if data.insts.is_empty() {
            self.report(
                Entity::Block(block),
                "the block is empty: it must end in a terminator",
            );
        }
        let last = data.insts.len().saturating_sub(1);
        for (index, &inst) in data.insts.iter().enumerate() {
            let Some(inst_data) = func.insts.get(inst) else {
                self.report_unsound(Entity::Block(block), format!("{inst} does not exist"));
                continue;
            };
            let here = Entity::Inst(inst);
            if let Some((other, _)) = self.placement.place[inst] {
                self.report_unsound(
                    here,
                    format!("{inst} is placed twice, in {other} and in {block}"),
                );
                continue;
            }
            self.placement.place[inst] = Some((block, index));
            if func.inst_block[inst].expand() != Some(block) {
                let recorded = func.inst_block[inst]
                    .expand()
                    .map_or("no block".into(), |b| b.to_string());
                self.report(
                    here,
                    format!("inst_block says {recorded}, but the instruction is in {block}"),
                );
            }
            match (index == last, inst_data.is_terminator()) {
                (true, false) => self.report(here, "the block does not end in a terminator"),
                (false, true) => self.report(
                    here,
                    "a terminator must be the last instruction of its block",
                ),
                _ => {}
            }
            self.references(inst, inst_data);
        }
    }

    /// S5 to S7 for one instruction.
    fn references(&mut self, inst: Inst, data: &InstData) {
        let func = self.func;
        let here = Entity::Inst(inst);
        match (func.inst_result(inst), has_result(data)) {
            (None, Some(true)) => {
                self.report(here, "the instruction produces a value but has no result")
            }
            (Some(result), Some(false)) => self.report(
                here,
                format!("the instruction produces no value but has the result {result}"),
            ),
            (Some(result), _) => match func.values.get(result) {
                None => self.report_unsound(here, format!("the result {result} does not exist")),
                Some(v) if v.def != ValueDef::Result(inst) => self.report(
                    here,
                    format!(
                        "the result is {result}, but the value table defines it as {:?}",
                        v.def
                    ),
                ),
                Some(_) => {}
            },
            (None, _) => {}
        }
        for value in data.all_uses() {
            if !func.values.is_valid(value) {
                self.report_unsound(here, format!("uses {value}, which does not exist"));
            }
        }
        for call in data.successors() {
            let target = call.block;
            if !func.blocks.is_valid(target) {
                self.report_unsound(here, format!("branches to {target}, which does not exist"));
            } else if !self.placement.in_layout(target) {
                self.report(
                    here,
                    format!("branches to {target}, which is not in the layout"),
                );
            }
        }
        if let InstData::StackAddr { slot, .. } = data {
            if !func.stack_slots.is_valid(*slot) {
                self.report(here, format!("{slot} does not exist"));
            }
        }
    }
}
