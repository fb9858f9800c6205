//! Name resolution: turns a parsed function body, whose blocks and values
//! are still the names the text used, into a [`Function`].
//!
//! The text may use a value before its definition (a loop's back edge
//! passes a value defined further down), so resolution runs after the
//! whole body is parsed. It checks that every name is defined exactly
//! once, infers the result types the text leaves implicit, and then
//! allocates the entities so that each gets the index its name states:
//! `v7` in the text becomes `Value` 7. Names the text skips still need an
//! index below the largest one. A skipped block becomes an empty block
//! outside the layout; a skipped value becomes the result of an `iconst`
//! that is in no block. Transforms leave the same kind of unused entities
//! behind, so the rest of the compiler already ignores them.

use super::lexer::Pos;
use super::parser::ParseError;
use super::{implied_result_type, Entity, SourceMap};
use crate::ir::{
    Block, BlockData, Function, Inst, InstData, Linkage, Signature, StackSlotData, Type, Value,
    ValueData, ValueDef,
};
use cranelift_entity::EntityRef;
use std::collections::{HashMap, HashSet};

/// A function as parsed, before its names are resolved.
pub(super) struct ParsedFunction {
    pub name: String,
    pub signature: Signature,
    pub linkage: Linkage,
    pub pos: Pos,
    pub slots: Vec<(StackSlotData, Pos)>,
    pub blocks: Vec<ParsedBlock>,
}

pub(super) struct ParsedBlock {
    pub block: Block,
    pub pos: Pos,
    pub params: Vec<(Value, Type, Pos)>,
    /// The source line of the C code, 0 when unknown.
    pub line: u32,
    /// The profile count, when the block was annotated.
    pub count: Option<u64>,
    pub cold: bool,
    pub insts: Vec<ParsedInst>,
}

pub(super) struct ParsedInst {
    pub pos: Pos,
    pub result: Option<(Value, Pos)>,
    /// The `.type` suffix of the opcode.
    pub suffix: Option<Type>,
    pub data: InstData,
    /// The `nsw` flag of an integer addition, subtraction or multiplication.
    pub no_signed_wrap: bool,
    /// Every value the instruction reads, where the text names it.
    pub uses: Vec<(Value, Pos)>,
    /// Every branch target, where the text names it.
    pub targets: Vec<(Block, Pos)>,
}

/// Where a value is defined: a block parameter, or the result of the
/// instruction with the given position in text order.
#[derive(Clone, Copy)]
enum Def {
    Param(Block, u32),
    Result(usize),
}

struct Definition {
    def: Def,
    ty: Option<Type>,
    pos: Pos,
}

/// Resolves the names of `parsed` and records where each entity was
/// defined in `source_map`.
pub(super) fn resolve(
    parsed: ParsedFunction,
    source_map: &mut SourceMap,
) -> Result<Function, ParseError> {
    let mut defined_blocks = HashSet::new();
    for block in &parsed.blocks {
        if !defined_blocks.insert(block.block) {
            return Err(ParseError::at(
                block.pos,
                format!("{} is defined twice", block.block),
            ));
        }
    }
    let mut defs = collect_definitions(&parsed)?;
    check_names_defined(&parsed, &defs, &defined_blocks)?;
    infer_result_types(&parsed, &mut defs)?;
    Ok(allocate(parsed, &defs, source_map))
}

/// Every value definition, with the types the text states.
fn collect_definitions(parsed: &ParsedFunction) -> Result<HashMap<Value, Definition>, ParseError> {
    let mut defs = HashMap::new();
    let mut define = |value: Value, def: Def, ty: Option<Type>, pos: Pos| match defs
        .insert(value, Definition { def, ty, pos })
    {
        Some(_) => Err(ParseError::at(pos, format!("{value} is defined twice"))),
        None => Ok(()),
    };
    let mut index = 0;
    for block in &parsed.blocks {
        for (n, &(value, ty, pos)) in block.params.iter().enumerate() {
            define(value, Def::Param(block.block, n as u32), Some(ty), pos)?;
        }
        for inst in &block.insts {
            if let Some((value, pos)) = inst.result {
                define(value, Def::Result(index), inst.suffix, pos)?;
            }
            index += 1;
        }
    }
    Ok(defs)
}

fn check_names_defined(
    parsed: &ParsedFunction,
    defs: &HashMap<Value, Definition>,
    blocks: &HashSet<Block>,
) -> Result<(), ParseError> {
    for inst in parsed.blocks.iter().flat_map(|b| &b.insts) {
        if let Some(&(value, pos)) = inst.uses.iter().find(|(v, _)| !defs.contains_key(v)) {
            return Err(ParseError::at(pos, format!("undefined value {value}")));
        }
        if let Some(&(block, pos)) = inst.targets.iter().find(|(b, _)| !blocks.contains(b)) {
            return Err(ParseError::at(pos, format!("undefined block {block}")));
        }
    }
    Ok(())
}

/// Gives a type to every result without a type suffix. An operand may be
/// defined further down the text, so this repeats until nothing changes.
fn infer_result_types(
    parsed: &ParsedFunction,
    defs: &mut HashMap<Value, Definition>,
) -> Result<(), ParseError> {
    let insts: Vec<&ParsedInst> = parsed.blocks.iter().flat_map(|b| &b.insts).collect();
    let mut progress = true;
    while progress {
        progress = false;
        for inst in &insts {
            let Some((value, _)) = inst.result else {
                continue;
            };
            if defs[&value].ty.is_some() {
                continue;
            }
            let ty = implied_result_type(&inst.data, |v| defs.get(&v).and_then(|d| d.ty));
            if ty.is_some() {
                defs.get_mut(&value).expect("results are definitions").ty = ty;
                progress = true;
            }
        }
    }
    match defs
        .iter()
        .filter(|(_, d)| d.ty.is_none())
        .min_by_key(|(v, _)| **v)
    {
        Some((value, d)) => Err(ParseError::at(
            d.pos,
            format!("cannot infer the type of {value}: it depends on itself"),
        )),
        None => Ok(()),
    }
}

/// Builds the function, giving each entity the index its name states.
fn allocate(
    parsed: ParsedFunction,
    defs: &HashMap<Value, Definition>,
    source_map: &mut SourceMap,
) -> Function {
    let name = parsed.name;
    let mut func = Function::new(name.clone(), parsed.signature, parsed.linkage);
    source_map.add(parsed.pos.line, &name, Entity::Symbol);
    for (data, pos) in parsed.slots {
        let slot = func.stack_slots.push(data);
        source_map.add(pos.line, &name, Entity::StackSlot(slot));
    }

    let block_count = parsed
        .blocks
        .iter()
        .map(|b| b.block.index() + 1)
        .max()
        .unwrap_or(0);
    for _ in 0..block_count {
        func.blocks.push(BlockData::default());
    }

    // Values, with a result of an unplaced instruction for each skipped
    // name; those instructions come after the ones of the text.
    let inst_count: usize = parsed.blocks.iter().map(|b| b.insts.len()).sum();
    let value_count = defs.keys().map(|v| v.index() + 1).max().unwrap_or(0);
    let mut skipped = Vec::new();
    for index in 0..value_count {
        let value = Value::new(index);
        let data = match defs.get(&value) {
            Some(d) => {
                let def = match d.def {
                    Def::Param(block, n) => ValueDef::Param(block, n),
                    Def::Result(i) => ValueDef::Result(Inst::new(i)),
                };
                ValueData {
                    ty: d.ty.expect("types are inferred"),
                    def,
                }
            }
            None => {
                skipped.push(value);
                ValueData {
                    ty: Type::I64,
                    def: ValueDef::Result(Inst::new(inst_count + skipped.len() - 1)),
                }
            }
        };
        func.values.push(data);
    }

    for parsed_block in parsed.blocks {
        let block = parsed_block.block;
        source_map.add(parsed_block.pos.line, &name, Entity::Block(block));
        func.layout.push(block);
        func.block_lines[block] = parsed_block.line;
        func.blocks[block].cold = parsed_block.cold;
        func.blocks[block].count = parsed_block.count;
        func.blocks[block].params = parsed_block.params.iter().map(|&(v, _, _)| v).collect();
        for parsed_inst in parsed_block.insts {
            let inst = func.insts.push(parsed_inst.data);
            if parsed_inst.no_signed_wrap {
                func.no_signed_wrap.insert(inst);
            }
            if let Some((value, _)) = parsed_inst.result {
                func.results[inst] = value.into();
            }
            func.inst_block[inst] = block.into();
            func.blocks[block].insts.push(inst);
            source_map.add(parsed_inst.pos.line, &name, Entity::Inst(inst));
        }
    }
    for value in skipped {
        let inst = func.insts.push(InstData::Iconst { imm: 0 });
        func.results[inst] = value.into();
    }
    func
}
