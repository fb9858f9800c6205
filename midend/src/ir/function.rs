//! A function in SSA form with block parameters.
//!
//! Blocks, instructions, values and stack slots live in primary maps
//! indexed by their typed entities. `layout` gives the block order; its
//! first block is the entry, whose parameters are the function's
//! parameters. Each block holds its instructions in order, the last being
//! its terminator.

use super::entities::{Block, Inst, StackSlot, Value};
use super::instructions::{BinaryOp, BlockCall, InstData};
use super::types::{Signature, Type};
use cranelift_entity::{packed_option::PackedOption, EntitySet, PrimaryMap, SecondaryMap};

/// Whether a symbol is visible to other object files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Linkage {
    /// Visible to the linker (`extern` functions and globals).
    Export,
    /// Local to this object (`static`).
    Local,
    /// Visible to the linker, but a strong definition in another object
    /// overrides it (`__attribute__((weak))`). The midend neither inlines
    /// nor otherwise assumes the body of a weak function, since the one
    /// that runs may be another object's.
    Weak,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub params: Vec<Value>,
    pub insts: Vec<Inst>,
    /// Set by profile-guided layout: the backend sinks cold blocks.
    pub cold: bool,
    /// How often the block ran in the profile that `-fprofile-use`
    /// applied (`pgo::annotate`); `None` without a profile.
    pub count: Option<u64>,
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The n-th parameter of a block.
    Param(Block, u32),
    /// The result of an instruction.
    Result(Inst),
}

#[derive(Clone, Copy, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackSlotData {
    pub size: u32,
    pub align: u32,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub signature: Signature,
    pub linkage: Linkage,
    pub blocks: PrimaryMap<Block, BlockData>,
    pub layout: Vec<Block>,
    pub insts: PrimaryMap<Inst, InstData>,
    pub results: SecondaryMap<Inst, PackedOption<Value>>,
    /// The block each instruction was appended to.
    pub inst_block: SecondaryMap<Inst, PackedOption<Block>>,
    pub values: PrimaryMap<Value, ValueData>,
    pub stack_slots: PrimaryMap<StackSlot, StackSlotData>,
    /// Source line of each block's first statement, when known; used by
    /// profile tools to show source ranges.
    pub block_lines: SecondaryMap<Block, u32>,
    /// The file holding the function's definition, as the preprocessor
    /// names it (empty when unknown): the file of `block_source_lines`.
    pub source_file: String,
    /// Every line of `source_file` with code in each block, in the order
    /// first met, for coverage listings (`nissecc-profdata annotate`): gcov
    /// counts a line by all the blocks on it, not only the block where its
    /// statement starts. Merging blocks merges their lines; other passes
    /// may leave a block's lines short, which only makes listings of
    /// optimized code approximate. The text format does not keep them.
    pub block_source_lines: SecondaryMap<Block, Vec<u32>>,
    /// The integer `iadd`, `isub` and `imul` instructions whose result
    /// does not overflow as a signed number (LLVM's `nsw`): C's signed
    /// arithmetic of `int` rank or wider, where overflow is undefined
    /// (C11 §6.5p5), and pointer arithmetic, which stays inside one object
    /// (§6.5.6p8). It only ever allows more: a pass may leave an
    /// instruction it creates out of the set (SESE counters and IV widening
    /// then lose precision, never correctness), but must not rewrite a
    /// member into an operation that may wrap. The text format prints it
    /// as `iadd nsw`.
    pub no_signed_wrap: EntitySet<Inst>,
    /// The function calls `setjmp` or another function that returns
    /// twice. Its locals must keep their values in memory across a
    /// `longjmp` (C11 §7.13.2.1p3), so SSA construction and the
    /// optimizing passes leave it as the frontend built it, every local
    /// in a stack slot, and the inliner does not copy it.
    pub calls_returns_twice: bool,
}

impl Function {
    /// A function with no blocks yet.
    pub fn new(name: impl Into<String>, signature: Signature, linkage: Linkage) -> Self {
        Function {
            name: name.into(),
            signature,
            linkage,
            blocks: PrimaryMap::new(),
            layout: Vec::new(),
            insts: PrimaryMap::new(),
            results: SecondaryMap::new(),
            inst_block: SecondaryMap::new(),
            values: PrimaryMap::new(),
            stack_slots: PrimaryMap::new(),
            block_lines: SecondaryMap::new(),
            source_file: String::new(),
            block_source_lines: SecondaryMap::new(),
            no_signed_wrap: EntitySet::new(),
            calls_returns_twice: false,
        }
    }

    /// The value of `v` when an `iconst` defines it.
    pub fn constant_value(&self, v: Value) -> Option<i64> {
        match self.values[v].def {
            ValueDef::Result(inst) => match self.insts[inst] {
                InstData::Iconst { imm } => Some(imm),
                _ => None,
            },
            ValueDef::Param(..) => None,
        }
    }

    /// `(base, c)` when `v` is `iadd base, c`, `iadd c, base` or
    /// `isub base, -c` with `c` an `iconst`: a value a constant away from
    /// another, such as an induction variable's step.
    pub fn constant_offset(&self, v: Value) -> Option<(Value, i64)> {
        let ValueDef::Result(inst) = self.values[v].def else { return None };
        let InstData::Binary { op, args: [a, b] } = self.insts[inst] else { return None };
        match op {
            BinaryOp::Iadd => match (self.constant_value(a), self.constant_value(b)) {
                (_, Some(c)) => Some((a, c)),
                (Some(c), _) => Some((b, c)),
                _ => None,
            },
            BinaryOp::Isub => Some((a, self.constant_value(b)?.checked_neg()?)),
            _ => None,
        }
    }

    /// The instructions of the function's blocks, terminators included.
    pub fn size(&self) -> usize {
        self.layout.iter().map(|&b| self.blocks[b].insts.len()).sum()
    }

    /// The block of `v`'s definition and the position right after it in
    /// that block: after its instruction, or the top of the block whose
    /// parameter it is. A placed definition is assumed.
    pub fn after_definition(&self, v: Value) -> (Block, usize) {
        match self.values[v].def {
            ValueDef::Param(block, _) => (block, 0),
            ValueDef::Result(inst) => {
                let block = self.block_of(inst).expect("the definition is placed");
                (block, self.position_in_block(block, inst) + 1)
            }
        }
    }

    /// The position of `inst` in `block`, which holds it.
    pub fn position_in_block(&self, block: Block, inst: Inst) -> usize {
        self.blocks[block].insts.iter().position(|&i| i == inst).expect("the instruction is in its block")
    }

    /// The entry block, if the function has a body.
    pub fn entry(&self) -> Option<Block> {
        self.layout.first().copied()
    }

    /// Creates a block and appends it to the layout.
    pub fn create_block(&mut self) -> Block {
        let block = self.blocks.push(BlockData::default());
        self.layout.push(block);
        block
    }

    /// Appends a parameter of type `ty` to `block`.
    pub fn append_block_param(&mut self, block: Block, ty: Type) -> Value {
        let index = self.blocks[block].params.len() as u32;
        let value = self.values.push(ValueData { ty, def: ValueDef::Param(block, index) });
        self.blocks[block].params.push(value);
        value
    }

    pub fn create_stack_slot(&mut self, size: u32, align: u32) -> StackSlot {
        self.stack_slots.push(StackSlotData { size, align })
    }

    /// Creates an instruction without placing it in a block.
    pub fn create_inst(&mut self, data: InstData, result: Option<Type>) -> Inst {
        let inst = self.insts.push(data);
        if let Some(ty) = result {
            let value = self.values.push(ValueData { ty, def: ValueDef::Result(inst) });
            self.results[inst] = value.into();
        }
        inst
    }

    /// Appends an instruction to the end of `block` and returns it.
    pub fn append_inst(&mut self, block: Block, data: InstData, result: Option<Type>) -> Inst {
        let inst = self.create_inst(data, result);
        self.blocks[block].insts.push(inst);
        self.inst_block[inst] = block.into();
        inst
    }

    /// Appends an instruction producing a value and returns that value.
    pub fn append_value(&mut self, block: Block, data: InstData, ty: Type) -> Value {
        let inst = self.append_inst(block, data, Some(ty));
        self.inst_result(inst).expect("instruction was created with a result")
    }

    /// Inserts an instruction into `block` at position `index`.
    pub fn insert_inst(&mut self, block: Block, index: usize, data: InstData, result: Option<Type>) -> Inst {
        let inst = self.create_inst(data, result);
        self.blocks[block].insts.insert(index, inst);
        self.inst_block[inst] = block.into();
        inst
    }

    /// Inserts an instruction producing a value of type `ty` right before
    /// the terminator of `block`, and returns that value.
    pub fn insert_before_terminator(&mut self, block: Block, data: InstData, ty: Type) -> Value {
        let at = self.blocks[block].insts.len() - 1;
        let inst = self.insert_inst(block, at, data, Some(ty));
        self.inst_result(inst).expect("the instruction was created with a result")
    }

    /// Inserts an instruction producing a value of type `ty` right before
    /// `inst`, which `block` holds, and returns that value.
    pub fn insert_before(&mut self, block: Block, inst: Inst, data: InstData, ty: Type) -> Value {
        let at = self.position_in_block(block, inst);
        let new = self.insert_inst(block, at, data, Some(ty));
        self.inst_result(new).expect("the instruction was created with a result")
    }

    /// Appends `data`, a rewritten copy of `original`, to `block`: its
    /// result has the type of `original`'s, and it keeps `original`'s
    /// membership of [`Function::no_signed_wrap`]. Returns the copy.
    pub fn append_copy(&mut self, block: Block, original: Inst, data: InstData) -> Inst {
        let ty = self.inst_result(original).map(|r| self.value_type(r));
        let copy = self.append_inst(block, data, ty);
        if self.no_signed_wrap.contains(original) {
            self.no_signed_wrap.insert(copy);
        }
        copy
    }

    pub fn inst_result(&self, inst: Inst) -> Option<Value> {
        self.results[inst].expand()
    }

    pub fn value_type(&self, value: Value) -> Type {
        self.values[value].ty
    }

    /// The block an instruction belongs to, if it was placed.
    pub fn block_of(&self, inst: Inst) -> Option<Block> {
        self.inst_block[inst].expand()
    }

    /// The terminator of a block, if the block is complete.
    pub fn terminator(&self, block: Block) -> Option<Inst> {
        let last = *self.blocks[block].insts.last()?;
        self.insts[last].is_terminator().then_some(last)
    }

    /// True when the block already ends in a terminator.
    pub fn is_terminated(&self, block: Block) -> bool {
        self.terminator(block).is_some()
    }

    /// The successor blocks of `block`, one per successor slot (so a block
    /// may appear twice).
    pub fn successors(&self, block: Block) -> Vec<Block> {
        match self.terminator(block) {
            Some(t) => self.insts[t].successors().iter().map(|bc| bc.block).collect(),
            None => Vec::new(),
        }
    }

    /// The blocks reachable from the entry in the reverse postorder of a
    /// depth-first search that follows each block's successor slots in
    /// order: the order the backend lowers blocks in, which is also the
    /// order Cranelift emits them in (before it sinks cold blocks).
    pub fn reverse_postorder(&self) -> Vec<Block> {
        let Some(entry) = self.entry() else { return Vec::new() };
        let mut visited: SecondaryMap<Block, bool> = SecondaryMap::new();
        let mut postorder = Vec::new();
        let mut stack = vec![(entry, self.successors(entry).into_iter())];
        visited[entry] = true;
        while let Some((block, successors)) = stack.last_mut() {
            let block = *block;
            match successors.next() {
                Some(succ) if !visited[succ] => {
                    visited[succ] = true;
                    stack.push((succ, self.successors(succ).into_iter()));
                }
                Some(_) => {}
                None => {
                    postorder.push(block);
                    stack.pop();
                }
            }
        }
        postorder.reverse();
        postorder
    }

    /// The branch target in successor slot `slot` of terminator `inst`.
    pub fn successor_slot(&self, inst: Inst, slot: usize) -> &BlockCall {
        self.insts[inst].successors()[slot]
    }

    /// Mutable access to successor slot `slot` of terminator `inst`.
    pub fn successor_slot_mut(&mut self, inst: Inst, slot: usize) -> &mut BlockCall {
        self.insts[inst].successor_mut(slot).expect("successor slot exists")
    }

    /// The phi view of `block`: its parameters are the papers' φ-functions.
    pub fn phis(&self, block: Block) -> &[Value] {
        &self.blocks[block].params
    }

    /// Records that `block` has code of source line `line` (0: unknown).
    pub fn note_source_line(&mut self, block: Block, line: u32) {
        let lines = &mut self.block_source_lines[block];
        if line != 0 && !lines.contains(&line) {
            lines.push(line);
        }
    }

    /// Removes blocks from the layout that `keep` rejects. Their entities
    /// stay allocated but are no longer part of the function.
    pub fn retain_blocks(&mut self, mut keep: impl FnMut(Block) -> bool) {
        self.layout.retain(|&b| keep(b));
    }
}
