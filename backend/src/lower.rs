//! Lowers one IR function to a CLIF function.
//!
//! The mapping is 1:1: one CLIF block per reachable IR block, created in
//! IR layout order; one CLIF block parameter per IR block parameter; one
//! CLIF value per IR value. Blocks are filled in reverse postorder (see
//! [`block_order`](crate::block_order)) so that every operand is lowered
//! before its uses. The IR is already in SSA form, so the
//! `FunctionBuilder` serves only as an instruction builder and for
//! `Switch`; its `Variable` machinery is not used.
//!
//! Two places need extra CLIF blocks:
//! - CLIF forbids branches to the entry block, so when an IR function
//!   branches to its entry, a fresh CLIF entry block jumps to it.
//! - `Switch` targets take no block arguments, so a switch successor with
//!   arguments goes through a block that jumps on with them.
//!
//! Cold IR blocks become cold CLIF blocks, which Cranelift sinks to the end
//! of the function's code. In a sampled function, each block's
//! instructions carry the block's index as their source location
//! ([`pc_map`](crate::pc_map)).

use crate::block_order::reverse_postorder;
use crate::builtins::lower_builtin_call;
use crate::by_value;
use crate::x87;
use nissecc_midend::ir::abi::{Assignment, ResultPassing};
use crate::error::{BackendError, Result};
use crate::operand_order::swapped_operands;
use crate::doubled_indices::{doubled_indices, doubled_operand};
use crate::extending_loads::ExtendingLoads;
use crate::loop_branches::LoopBranches;
use cranelift_codegen::ir::condcodes::CondCode as _;
use crate::use_counts::use_counts;
use nissecc_midend::pipeline::enabled;
use std::collections::HashSet;
use crate::symbols::{SymbolRef, Symbols};
use crate::types::{clif_type, type_list, POINTER};
use nissecc_profile_format::abi::COUNTERS_PREFIX;
use cranelift_codegen::entity::packed_option::PackedOption;
use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::condcodes::{FloatCC as ClifFloatCC, IntCC as ClifIntCC};
use cranelift_codegen::ir::{
    self as clif, types, AliasRegionData, BlockArg, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind,
    TrapCode,
};
use cranelift_codegen::isa::TargetFrontendConfig;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Switch};
use nissecc_midend::ir::{
    BinaryOp, Block, BlockCall, Callee, FloatCC, Function, Inst, InstData, IntCC, Signature,
    StackSlot, Type, UnaryOp, Value, ValueDef,
};

/// The alignment of Cranelift's frames on x86-64, the largest it gives a
/// stack slot.
const FRAME_ALIGN: u32 = 16;

/// The trap code of `unreachable`.
const UNREACHABLE_TRAP: TrapCode = TrapCode::unwrap_user(1);

/// Lowers `ir` into `func`, whose signature must already be set.
pub(crate) fn lower_function(
    ir: &Function,
    symbols: &mut Symbols,
    func: &mut clif::Function,
    builder_ctx: &mut FunctionBuilderContext,
    frontend_config: TargetFrontendConfig,
    swap_loop_branches: bool,
    block_locations: SecondaryMap<Block, Option<clif::SourceLoc>>,
) -> Result<()> {
    let order = reverse_postorder(ir)?;
    let uses = use_counts(ir, &order);
    let mut lowering = Lowering {
        ir,
        builder: FunctionBuilder::new(func, builder_ctx),
        symbols,
        values: SecondaryMap::new(),
        blocks: SecondaryMap::new(),
        slots: SecondaryMap::new(),
        extending_loads: if enabled("extending-loads") {
            ExtendingLoads::plan(ir, &order, &uses)
        } else {
            ExtendingLoads::default()
        },
        swapped_operands: if enabled("operand-order") { swapped_operands(ir, &order, &uses) } else { HashSet::new() },
        doubled_indices: if enabled("doubled-indices") { doubled_indices(ir, &order) } else { HashSet::new() },
        frontend_config,
        assignment: by_value::assignment(&ir.signature, &ir.signature.params),
        result_slot: None,
        loop_branches: swap_loop_branches.then(|| LoopBranches::compute(ir)),
        block_locations,
    };
    lowering.create_stack_slots(&order)?;
    lowering.create_blocks(&order)?;
    for &block in &order {
        lowering
            .lower_block(block)
            .map_err(|e| BackendError::new(format!("in {block}: {e}")))?;
    }
    lowering.builder.seal_all_blocks();
    lowering.builder.finalize(frontend_config);
    Ok(())
}

struct Lowering<'a, 'f, 's, 'm> {
    ir: &'a Function,
    builder: FunctionBuilder<'f>,
    symbols: &'s mut Symbols<'m>,
    values: SecondaryMap<Value, PackedOption<clif::Value>>,
    blocks: SecondaryMap<Block, PackedOption<clif::Block>>,
    slots: SecondaryMap<StackSlot, PackedOption<clif::StackSlot>>,
    extending_loads: ExtendingLoads,
    /// The commutative operations emitted with their operands swapped
    /// ([`swapped_operands`]).
    swapped_operands: HashSet<Inst>,
    /// The doublings emitted as shifts ([`doubled_indices`]).
    doubled_indices: HashSet<Inst>,
    frontend_config: TargetFrontendConfig,
    /// How the function's own parameters and result are passed.
    assignment: Assignment,
    /// The slot a result returned in registers is assembled in.
    result_slot: Option<clif::Value>,
    /// The loops, when two-way branches that leave a loop from their
    /// `then` side are swapped (see [`crate::loop_branches`]).
    loop_branches: Option<LoopBranches>,
    /// The source location of each block's instructions in a sampled
    /// function (see [`crate::pc_map`]); empty otherwise.
    block_locations: SecondaryMap<Block, Option<clif::SourceLoc>>,
}

impl Lowering<'_, '_, '_, '_> {
    /// The flags of a load or store at `addr`. A profile counter, addressed
    /// from its array's symbol, is in Cranelift's opaque alias region (a
    /// vendored change): alias analysis must not keep a counter in a
    /// register between two of its updates, since a SESE counter's update
    /// on loop entry and the one on loop exit are meant to stay two
    /// instructions on memory (`midend::instrument::sese::rewrite`). Being
    /// a region of its own, a counter update no longer stops the program's
    /// own loads from being reused across it either.
    fn memory_flags(&mut self, addr: Value) -> MemFlagsData {
        let counter = match self.ir.values[addr].def {
            ValueDef::Result(inst) => {
                matches!(&self.ir.insts[inst], InstData::SymbolAddr { symbol, .. } if symbol.starts_with(COUNTERS_PREFIX))
            }
            ValueDef::Param(..) => false,
        };
        if !counter {
            return MemFlagsData::new();
        }
        let region = self.builder.func.dfg.alias_regions.insert(AliasRegionData {
            user_id: AliasRegionData::OPAQUE_USER_ID,
            description: "profile counters".into(),
        });
        MemFlagsData::new().with_alias_region(Some(region))
    }

    /// Declares the stack slots that the instructions of `blocks` address.
    /// The others (mem2reg leaves the slots it promoted in the IR) would
    /// only enlarge the frame: a leaf function without them needs no stack
    /// adjustment at all.
    fn create_stack_slots(&mut self, blocks: &[Block]) -> Result<()> {
        let ir = self.ir;
        let addressed: HashSet<StackSlot> = blocks
            .iter()
            .filter_map(|&b| ir.blocks.get(b))
            .flat_map(|data| data.insts.iter().filter_map(|&i| ir.insts.get(i)))
            .filter_map(|data| match data {
                InstData::StackAddr { slot, .. } => Some(*slot),
                _ => None,
            })
            .collect();
        let keep_unused = !enabled("unused-slots");
        for (slot, data) in self.ir.stack_slots.iter().filter(|(slot, _)| keep_unused || addressed.contains(slot)) {
            if !data.align.is_power_of_two() {
                return Err(BackendError::new(format!(
                    "{slot} has alignment {}, which is not a power of two",
                    data.align
                )));
            }
            // Cranelift aligns the frame, hence a slot, to 16 bytes at
            // most: a slot aligned beyond that (`_Alignas(64)`) gets the
            // room to be moved up to its alignment, which its address does
            // (see `slot_address`).
            let (size, align) = if data.align > FRAME_ALIGN {
                (data.size.checked_add(data.align - FRAME_ALIGN).ok_or_else(|| BackendError::new(format!("{slot} is too large")))?, FRAME_ALIGN)
            } else {
                (data.size, data.align)
            };
            let clif_slot = self.builder.create_sized_stack_slot(StackSlotData::new(
                StackSlotKind::ExplicitSlot,
                size,
                align.trailing_zeros() as u8,
            ));
            self.slots[slot] = clif_slot.into();
        }
        Ok(())
    }

    /// The address `offset` bytes into the IR stack slot `slot`.
    fn slot_address(&mut self, slot: StackSlot, offset: i32) -> Result<clif::Value> {
        let clif_slot = self.slots[slot].expand().ok_or_else(|| BackendError::new(format!("{slot} does not exist")))?;
        let align = self.ir.stack_slots[slot].align;
        if align > FRAME_ALIGN {
            // The first address of the over-sized slot (see
            // `create_stack_slots`) that `align` divides.
            let start = self.builder.ins().stack_addr(POINTER, clif_slot, 0);
            let up = self.builder.ins().iadd_imm_s(start, i64::from(align - 1));
            let aligned = self.builder.ins().band_imm_s(up, -i64::from(align));
            return Ok(if offset == 0 { aligned } else { self.builder.ins().iadd_imm_s(aligned, i64::from(offset)) });
        }
        // Cranelift's x64 lowering takes the offset as unsigned (it panics
        // on a negative one), and folding constant offsets may leave an
        // address before the slot that a later offset brings back inside
        // it.
        Ok(if offset < 0 {
            let start = self.builder.ins().stack_addr(POINTER, clif_slot, 0);
            self.builder.ins().iadd_imm_s(start, i64::from(offset))
        } else {
            self.builder.ins().stack_addr(POINTER, clif_slot, offset)
        })
    }

    /// Creates the CLIF blocks of the reachable IR blocks, in IR layout
    /// order, with their parameters.
    fn create_blocks(&mut self, order: &[Block]) -> Result<()> {
        let ir = self.ir;
        let entry = order[0];
        let mut reachable: SecondaryMap<Block, bool> = SecondaryMap::new();
        for &block in order {
            reachable[block] = true;
        }
        self.check_entry_params(entry)?;

        // CLIF's entry block must not be a branch target, and structs
        // passed by value arrive in machine parameters of their own.
        let entry_is_target = order.iter().any(|&b| ir.successors(b).contains(&entry));
        let by_value = !by_value::is_scalar_only(&self.assignment);
        let prologue = (entry_is_target || by_value).then(|| {
            let prologue = self.builder.create_block();
            self.builder.func.layout.append_block(prologue);
            self.builder
                .append_block_params_for_function_params(prologue);
            prologue
        });

        for &block in ir.layout.iter().filter(|&&b| reachable[b]) {
            let clif_block = self.builder.create_block();
            self.builder.func.layout.append_block(clif_block);
            for &param in &ir.blocks[block].params {
                let ty = self.ir_type(param)?;
                let clif_param = self.builder.append_block_param(clif_block, clif_type(ty));
                self.values[param] = clif_param.into();
            }
            let is_clif_entry = block == entry && prologue.is_none();
            if ir.blocks[block].cold && !is_clif_entry {
                self.builder.set_cold_block(clif_block);
            }
            self.blocks[block] = clif_block.into();
        }

        if let Some(prologue) = prologue {
            let params = self.builder.block_params(prologue).to_vec();
            self.builder.switch_to_block(prologue);
            let result_size = ir.signature.by_value_result.as_ref().map_or(0, |a| a.size);
            let entry_values = by_value::entry_values(&mut self.builder, &self.assignment, result_size, &params);
            self.result_slot = entry_values.result_slot;
            let args: Vec<BlockArg> = entry_values.values.into_iter().map(BlockArg::Value).collect();
            let entry_block = self.block(entry)?;
            self.builder.ins().jump(entry_block, &args);
        }
        Ok(())
    }

    /// The entry block's parameters are the function's parameters.
    fn check_entry_params(&self, entry: Block) -> Result<()> {
        let params = &self.ir.blocks[entry].params;
        let types: Vec<Type> = params
            .iter()
            .map(|&p| self.ir_type(p))
            .collect::<Result<_>>()?;
        let expected = nissecc_midend::ir::varargs::entry_params(&self.ir.signature);
        if types != expected {
            return Err(BackendError::new(format!(
                "the entry block {entry} has parameters {} but the signature has {}",
                type_list(&types),
                type_list(&expected)
            )));
        }
        Ok(())
    }

    fn lower_block(&mut self, block: Block) -> Result<()> {
        let insts = &self.ir.blocks[block].insts;
        if insts.is_empty() {
            return Err(BackendError::new(
                "the block is empty; it needs a terminator",
            ));
        }
        let clif_block = self.block(block)?;
        self.builder.switch_to_block(clif_block);
        if let Some(location) = self.block_locations[block] {
            self.builder.set_srcloc(location);
        }
        for (index, &inst) in insts.iter().enumerate() {
            let data = self
                .ir
                .insts
                .get(inst)
                .ok_or_else(|| BackendError::new(format!("{inst} does not exist")))?;
            let is_last = index + 1 == insts.len();
            if data.is_terminator() != is_last {
                let problem = if is_last {
                    format!("the last instruction {inst} is not a terminator")
                } else {
                    format!("the terminator {inst} is followed by more instructions")
                };
                return Err(BackendError::new(problem));
            }
            self.lower_inst(inst, data)
                .map_err(|e| BackendError::new(format!("{inst}: {e}")))?;
        }
        Ok(())
    }

    /// Lowers one instruction and records the CLIF value of its result.
    fn lower_inst(&mut self, inst: Inst, data: &InstData) -> Result<()> {
        if self.extending_loads.is_absorbed(inst) {
            // Its load defined the result.
            return Ok(());
        }
        if let (Some(fused), InstData::Load { addr, offset }) = (self.extending_loads.absorbed_by(inst).cloned(), data) {
            let addr = self.value(*addr)?;
            let (loaded, signed) = (self.result_type(inst)?, fused.op == UnaryOp::Sextend);
            let (ty, flags, ins) = (clif_type(fused.ty), MemFlagsData::new(), self.builder.ins());
            let value = match (loaded, signed) {
                (Type::I8, false) => ins.uload8(ty, flags, addr, *offset),
                (Type::I8, true) => ins.sload8(ty, flags, addr, *offset),
                (Type::I16, false) => ins.uload16(ty, flags, addr, *offset),
                (Type::I16, true) => ins.sload16(ty, flags, addr, *offset),
                (_, false) => ins.uload32(flags, addr, *offset),
                (_, true) => ins.sload32(flags, addr, *offset),
            };
            for result in fused.results {
                self.values[result] = value.into();
            }
            return Ok(());
        }
        let result = self.ir.inst_result(inst);
        let lowered = self.lower_inst_data(inst, data)?;
        match (result, lowered) {
            (Some(result), Some(value)) => {
                let expected = clif_type(self.ir_type(result)?);
                let actual = self.builder.func.dfg.value_type(value);
                if expected != actual {
                    return Err(BackendError::new(format!(
                        "the result {result} is declared {expected} but the operation yields {actual}"
                    )));
                }
                self.values[result] = value.into();
            }
            (Some(result), None) => {
                return Err(BackendError::new(format!(
                    "the result {result} has no value"
                )));
            }
            // A call may return a value that the IR ignores.
            (None, _) => {}
        }
        Ok(())
    }

    /// Emits the CLIF of one instruction and returns its result value.
    /// The complement of the comparison that defines `cond`, when an
    /// `icmp` or `fcmp` does: a branch on it with its targets swapped is
    /// the same branch.
    fn inverse_compare(&mut self, cond: Value) -> Option<Result<clif::Value>> {
        let ValueDef::Result(def) = self.ir.values[cond].def else { return None };
        self.compare(&self.ir.insts[def], true)
    }

    /// The `icmp` or `fcmp` that `data` is, or its complement; `None`
    /// for any other instruction. The complement of a float comparison
    /// includes the unordered case (`gt` becomes `ule`), so NaNs still
    /// take the other side.
    fn compare(&mut self, data: &InstData, complement: bool) -> Option<Result<clif::Value>> {
        let flip_int = |cc: clif::condcodes::IntCC| if complement { cc.complement() } else { cc };
        let flip_float = |cc: clif::condcodes::FloatCC| if complement { cc.complement() } else { cc };
        match data {
            InstData::Icmp { cond, args } => Some(self.values2(args).map(|[x, y]| self.builder.ins().icmp(flip_int(int_cc(*cond)), x, y))),
            InstData::Fcmp { cond, args } => Some(self.values2(args).map(|[x, y]| self.builder.ins().fcmp(flip_float(float_cc(*cond)), x, y))),
            _ => None,
        }
    }

    fn lower_inst_data(&mut self, inst: Inst, data: &InstData) -> Result<Option<clif::Value>> {
        let value = match data {
            InstData::Iconst { imm } => {
                let ty = self.int_result_type(inst)?;
                let bits = ty.bits();
                let imm = if bits < 64 {
                    imm & ((1i64 << bits) - 1)
                } else {
                    *imm
                };
                self.builder.ins().iconst(ty, imm)
            }
            InstData::IncomingStackArgs => {
                // The return address and the saved frame pointer lie
                // between the frame pointer and the caller's arguments. A
                // function that reads this holds a va_list register save
                // area on its stack, so Cranelift always gives it a frame.
                let frame = self.builder.ins().get_frame_pointer(POINTER);
                self.builder.ins().iadd_imm_s(frame, 16)
            }
            InstData::Fconst { value } => match self.result_type(inst)? {
                Type::F32 => self.builder.ins().f32const(*value as f32),
                Type::F64 => self.builder.ins().f64const(*value),
                ty => return Err(BackendError::new(format!("fconst cannot produce {ty}"))),
            },
            InstData::Unary { op, arg } => {
                let arg = self.value(*arg)?;
                self.unary(inst, *op, arg)?
            }
            InstData::Binary { op: BinaryOp::Imul, .. } if self.doubled_indices.contains(&inst) => {
                let doubled = doubled_operand(self.ir, inst).expect("a doubling");
                let x = self.value(doubled)?;
                let ty = self.builder.func.dfg.value_type(x);
                let one = self.builder.ins().iconst(ty, 1);
                self.builder.ins().ishl(x, one)
            }
            InstData::Binary { op: BinaryOp::Fmul, .. } if doubled_operand(self.ir, inst).is_some() => {
                // See `doubled_operand`: `x * 2.0` is `x + x`.
                let x = self.value(doubled_operand(self.ir, inst).expect("checked above"))?;
                self.builder.ins().fadd(x, x)
            }
            InstData::Binary { op, args } => {
                let [x, y] = self.values2(args)?;
                if self.swapped_operands.contains(&inst) {
                    self.binary(*op, y, x)
                } else {
                    self.binary(*op, x, y)
                }
            }
            InstData::Icmp { .. } | InstData::Fcmp { .. } => self.compare(data, false).expect("a comparison")?,
            InstData::Select {
                cond,
                if_true,
                if_false,
            } => {
                let (c, t, f) = (
                    self.value(*cond)?,
                    self.value(*if_true)?,
                    self.value(*if_false)?,
                );
                self.builder.ins().select(c, t, f)
            }
            InstData::Load { addr, offset } => {
                let ty = clif_type(self.result_type(inst)?);
                let flags = self.memory_flags(*addr);
                let addr = self.value(*addr)?;
                self.builder.ins().load(ty, flags, addr, *offset)
            }
            InstData::Store {
                value,
                addr,
                offset,
            } => {
                let flags = self.memory_flags(*addr);
                let (value, addr) = (self.value(*value)?, self.value(*addr)?);
                self.builder.ins().store(flags, value, addr, *offset);
                return Ok(None);
            }
            InstData::StackAddr { slot, offset } => self.slot_address(*slot, *offset)?,
            InstData::SymbolAddr { symbol, offset } => {
                let base = match self.symbols.symbol(self.builder.func, symbol)? {
                    SymbolRef::Func(f) => self.builder.ins().func_addr(POINTER, f),
                    SymbolRef::Data(gv) if is_thread_local(self.builder.func, gv) => self.builder.ins().tls_value(POINTER, gv),
                    SymbolRef::Data(gv) => self.builder.ins().symbol_value(POINTER, gv),
                };
                match offset {
                    0 => base,
                    _ => self.builder.ins().iadd_imm_s(base, *offset),
                }
            }
            InstData::Call { callee, sig, args } => return self.call(callee, sig, args),
            InstData::Jump { dest } => {
                let (block, args) = self.block_call(dest)?;
                self.builder.ins().jump(block, &args);
                return Ok(None);
            }
            InstData::Brif {
                cond,
                then_dest,
                else_dest,
            } => {
                let (mut then_dest, mut else_dest) = (then_dest, else_dest);
                let block = self.ir.block_of(inst).expect("a lowered branch is in a block");
                let swap = self.loop_branches.as_ref().is_some_and(|loops| loops.should_swap(block, then_dest.block, else_dest.block));
                let cond = match swap.then(|| self.inverse_compare(*cond)).flatten() {
                    Some(inverse) => {
                        std::mem::swap(&mut then_dest, &mut else_dest);
                        inverse?
                    }
                    None => self.value(*cond)?,
                };
                let (then_block, then_args) = self.block_call(then_dest)?;
                let (else_block, else_args) = self.block_call(else_dest)?;
                self.builder
                    .ins()
                    .brif(cond, then_block, &then_args, else_block, &else_args);
                return Ok(None);
            }
            InstData::Switch {
                arg,
                default,
                cases,
            } => {
                self.switch(*arg, default, cases)?;
                return Ok(None);
            }
            InstData::Return { value } => {
                self.ret(*value)?;
                return Ok(None);
            }
            InstData::Unreachable => {
                self.builder.ins().trap(UNREACHABLE_TRAP);
                return Ok(None);
            }
        };
        Ok(Some(value))
    }

    /// A one-operand operation; `inst`'s result type is the target type of
    /// conversions.
    fn unary(&mut self, inst: Inst, op: UnaryOp, arg: clif::Value) -> Result<clif::Value> {
        let ty = clif_type(self.result_type(inst)?);
        let ins = self.builder.ins();
        Ok(match op {
            UnaryOp::Ineg => ins.ineg(arg),
            UnaryOp::Bnot => ins.bnot(arg),
            UnaryOp::Fneg => ins.fneg(arg),
            UnaryOp::Sextend => ins.sextend(ty, arg),
            UnaryOp::Uextend => ins.uextend(ty, arg),
            UnaryOp::Ireduce => ins.ireduce(ty, arg),
            UnaryOp::Fpromote => ins.fpromote(ty, arg),
            UnaryOp::Fdemote => ins.fdemote(ty, arg),
            UnaryOp::FcvtToSint | UnaryOp::FcvtToUint => self.float_to_int(op, ty, arg),
            UnaryOp::FcvtFromSint => ins.fcvt_from_sint(ty, arg),
            UnaryOp::FcvtFromUint => ins.fcvt_from_uint(ty, arg),
            UnaryOp::Bitcast => ins.bitcast(ty, MemFlagsData::new(), arg),
            UnaryOp::Bswap => ins.bswap(arg),
            UnaryOp::Clz => ins.clz(arg),
            UnaryOp::Ctz => ins.ctz(arg),
            UnaryOp::Popcnt => ins.popcnt(arg),
        })
    }

    /// A float-to-integer conversion, computed as gcc's x86-64 code does,
    /// so that inputs out of the type's range (undefined behaviour in C,
    /// C11 §6.3.1.4p1) give gcc's values too. `fcvt_to_sint_sat` is one
    /// `cvttsd2si` in the vendored Cranelift (`vendor/README.md`), whose
    /// NaN and out-of-range result is the minimum of its 32 or 64 bits.
    /// - Signed results narrower than 32 bits are the low bits of a
    ///   32-bit conversion.
    /// - An `unsigned int` is the low half of a 64-bit signed conversion,
    ///   so a negative input wraps (`(unsigned)-2.5` is 4294967294).
    /// - An `unsigned long` is a 64-bit signed conversion below 2^63, and
    ///   above it the conversion of `x - 2^63` with the top bit flipped.
    fn float_to_int(&mut self, op: UnaryOp, ty: clif::Type, arg: clif::Value) -> clif::Value {
        if op == UnaryOp::FcvtToSint || ty.bits() < 32 {
            let wide = if ty.bits() < 32 { types::I32 } else { ty };
            let converted = self.builder.ins().fcvt_to_sint_sat(wide, arg);
            return if wide == ty { converted } else { self.builder.ins().ireduce(ty, converted) };
        }
        if ty == types::I32 {
            let converted = self.builder.ins().fcvt_to_sint_sat(types::I64, arg);
            return self.builder.ins().ireduce(types::I32, converted);
        }
        let float_ty = self.builder.func.dfg.value_type(arg);
        let two_63 = if float_ty == types::F32 { self.builder.ins().f32const(9223372036854775808.0f32) } else { self.builder.ins().f64const(9223372036854775808.0) };
        let high = self.builder.ins().fcmp(ClifFloatCC::GreaterThanOrEqual, arg, two_63);
        let low_part = self.builder.ins().fcvt_to_sint_sat(types::I64, arg);
        let reduced = self.builder.ins().fsub(arg, two_63);
        let high_part = self.builder.ins().fcvt_to_sint_sat(types::I64, reduced);
        let top_bit = self.builder.ins().iconst(types::I64, i64::MIN);
        let high_part = self.builder.ins().bxor(high_part, top_bit);
        self.builder.ins().select(high, high_part, low_part)
    }

    fn binary(&mut self, op: BinaryOp, x: clif::Value, y: clif::Value) -> clif::Value {
        let ins = self.builder.ins();
        match op {
            BinaryOp::Iadd => ins.iadd(x, y),
            BinaryOp::Isub => ins.isub(x, y),
            BinaryOp::Imul => ins.imul(x, y),
            BinaryOp::Sdiv => ins.sdiv(x, y),
            BinaryOp::Udiv => ins.udiv(x, y),
            BinaryOp::Srem => ins.srem(x, y),
            BinaryOp::Urem => ins.urem(x, y),
            BinaryOp::Band => ins.band(x, y),
            BinaryOp::Bor => ins.bor(x, y),
            BinaryOp::Bxor => ins.bxor(x, y),
            BinaryOp::Ishl => ins.ishl(x, y),
            BinaryOp::Sshr => ins.sshr(x, y),
            BinaryOp::Ushr => ins.ushr(x, y),
            BinaryOp::Umulh => ins.umulhi(x, y),
            BinaryOp::Fadd => ins.fadd(x, y),
            BinaryOp::Fsub => ins.fsub(x, y),
            BinaryOp::Fmul => ins.fmul(x, y),
            BinaryOp::Fdiv => ins.fdiv(x, y),
        }
    }

    fn call(
        &mut self,
        callee: &Callee,
        sig: &Signature,
        args: &[Value],
    ) -> Result<Option<clif::Value>> {
        let ir_args: Vec<clif::Value> =
            args.iter().map(|&v| self.value(v)).collect::<Result<_>>()?;
        let arg_types: Vec<Type> = args
            .iter()
            .map(|&v| self.ir_type(v))
            .collect::<Result<_>>()?;
        let assignment = by_value::assignment(sig, &arg_types);
        if let Callee::Direct(name) = callee {
            let module = self.symbols.module();
            if by_value::is_scalar_only(&assignment) {
                if let Some(result) =
                    lower_builtin_call(&mut self.builder, module, name, sig, &ir_args)
                {
                    return Ok(result);
                }
            }
        }
        let mut arg_values =
            by_value::call_arguments(&mut self.builder, self.frontend_config, &assignment, &ir_args);
        let call = match callee {
            Callee::Direct(name) => {
                let callee =
                    self.symbols
                        .direct_callee(self.builder.func, name, sig, &arg_types)?;
                self.builder.ins().call(callee, &arg_values)
            }
            Callee::Indirect(pointer) if sig.variadic => {
                // Through a thunk that sets %al, with the callee's address
                // in a free argument register (see `variadic_thunk`).
                let pointer_type = self.ir_type(*pointer)?;
                if pointer_type != Type::I64 {
                    return Err(BackendError::new(format!(
                        "the callee address {pointer} has type {pointer_type}, not i64"
                    )));
                }
                let (thunk, reg) =
                    self.symbols
                        .indirect_variadic_callee(self.builder.func, sig, &arg_types)?;
                let pointer = self.value(*pointer)?;
                let address = match reg.arg_type() {
                    Type::I64 => pointer,
                    ty => self
                        .builder
                        .ins()
                        .bitcast(clif_type(ty), MemFlagsData::new(), pointer),
                };
                arg_values.push(address);
                self.builder.ins().call(thunk, &arg_values)
            }
            Callee::Indirect(pointer) => {
                if arg_types != sig.params {
                    return Err(BackendError::new(format!(
                        "the indirect call passes {} to a signature that takes {}",
                        type_list(&arg_types),
                        type_list(&sig.params)
                    )));
                }
                let pointer = self.value(*pointer)?;
                let sig_ref = self
                    .builder
                    .import_signature(by_value::machine_signature(&assignment, [])?);
                self.builder
                    .ins()
                    .call_indirect(sig_ref, pointer, &arg_values)
            }
        };
        let results = self.builder.inst_results(call).to_vec();
        if let (ResultPassing::X87, Some(&dst)) = (&assignment.result, ir_args.first()) {
            // Before anything else: pop the result off the x87 stack.
            let store = self.symbols.st0_helper(self.builder.func, x87::STORE_ST0)?;
            self.builder.ins().call(store, &[dst]);
        }
        by_value::store_call_result(&mut self.builder, &assignment, &ir_args, &results);
        Ok(match assignment.result {
            ResultPassing::Scalar(_) => results.first().copied(),
            _ => None,
        })
    }

    fn ret(&mut self, value: Option<Value>) -> Result<()> {
        if let (result @ (ResultPassing::Registers(_) | ResultPassing::X87), Some(slot)) =
            (&self.assignment.result, self.result_slot)
        {
            if value.is_some() {
                return Err(BackendError::new("returns a value from a function whose struct result is written through its first parameter"));
            }
            let values = match result {
                ResultPassing::Registers(parts) => by_value::result_values(&mut self.builder, parts, slot),
                _ => {
                    // The last call before the return leaves the value in
                    // %st(0).
                    let load = self.symbols.st0_helper(self.builder.func, x87::LOAD_ST0)?;
                    self.builder.ins().call(load, &[slot]);
                    Vec::new()
                }
            };
            self.builder.ins().return_(&values);
            return Ok(());
        }
        match (value, self.ir.signature.ret) {
            (Some(value), Some(_)) => {
                let value = self.value(value)?;
                self.builder.ins().return_(&[value]);
            }
            (None, None) => {
                self.builder.ins().return_(&[]);
            }
            (Some(_), None) => {
                return Err(BackendError::new("returns a value from a void function"))
            }
            (None, Some(ty)) => {
                return Err(BackendError::new(format!(
                    "returns no value but the function returns {ty}"
                )))
            }
        }
        Ok(())
    }

    /// Lowers a switch with `cranelift_frontend::Switch`, which picks
    /// branches, jump tables or a mix. Case values are compared as
    /// unsigned numbers of the argument's width.
    fn switch(
        &mut self,
        arg: Value,
        default: &BlockCall,
        cases: &[(i64, BlockCall)],
    ) -> Result<()> {
        let arg = self.value(arg)?;
        let arg_type = self.builder.func.dfg.value_type(arg);
        if !arg_type.is_int() {
            return Err(BackendError::new(format!(
                "switch on a value of type {arg_type}"
            )));
        }
        let mask = u64::MAX >> (64 - arg_type.bits());

        // Successors with arguments get a block that jumps on with them;
        // it is filled once the switch itself is complete.
        let mut forwarders = Vec::new();
        let mut switch = Switch::new();
        let mut seen = std::collections::HashSet::new();
        for (value, dest) in cases {
            let key = *value as u64 & mask;
            if !seen.insert(key) {
                return Err(BackendError::new(format!(
                    "the switch has two cases for {value} as {arg_type}"
                )));
            }
            switch.set_entry(u128::from(key), self.switch_target(dest, &mut forwarders)?);
        }
        let otherwise = self.switch_target(default, &mut forwarders)?;
        match self.dense_table(arg, mask, cases, default, &forwarders)? {
            Some(()) => {}
            None => switch.emit(&mut self.builder, arg, otherwise),
        }

        for (forwarder, dest) in forwarders {
            let (block, args) = self.block_call(dest)?;
            self.builder.switch_to_block(forwarder);
            self.builder.ins().jump(block, &args);
        }
        Ok(())
    }

    /// Lowers a switch whose default is unreachable (a computed `goto`'s
    /// dispatch, or `default: __builtin_unreachable();`) and whose case
    /// values are small and dense to one `br_table` indexed by the value
    /// itself: a value that is no case is undefined behaviour, so a hole
    /// or the table's own default may go anywhere, and neither the range
    /// checks nor the subtraction of the smallest case that
    /// `cranelift_frontend::Switch` emits are needed. `None` when the
    /// switch is not of that kind. The case targets are already in
    /// `forwarders` or need none (`switch_target`).
    fn dense_table(
        &mut self,
        arg: clif::Value,
        mask: u64,
        cases: &[(i64, BlockCall)],
        default: &BlockCall,
        forwarders: &[(clif::Block, &BlockCall)],
    ) -> Result<Option<()>> {
        let default_block = &self.ir.blocks[default.block];
        let unreachable = matches!(default_block.insts.as_slice(), [only] if matches!(self.ir.insts[*only], InstData::Unreachable));
        if !unreachable || cases.len() < 4 {
            return Ok(None);
        }
        let keys: Vec<u64> = cases.iter().map(|(value, _)| *value as u64 & mask).collect();
        let largest = *keys.iter().max().expect("cases");
        if largest >= 4 * cases.len() as u64 + 16 {
            return Ok(None);
        }
        // Each case's target, as `switch_target` chose it: its forwarder
        // when it has arguments.
        let mut forwarded = forwarders.iter();
        let mut targets = Vec::with_capacity(cases.len());
        for (_, dest) in cases {
            let block = if dest.args.is_empty() {
                self.block(dest.block)?
            } else {
                forwarded.next().expect("a forwarder per case with arguments").0
            };
            targets.push(block);
        }
        let mut table = vec![targets[0]; largest as usize + 1];
        for (&key, &target) in keys.iter().zip(&targets) {
            table[key as usize] = target;
        }
        let dfg = &mut self.builder.func.dfg;
        let entries: Vec<_> = table.iter().map(|&block| dfg.block_call(block, &[])).collect();
        let fallback = dfg.block_call(targets[0], &[]);
        let jump_table = self.builder.create_jump_table(clif::JumpTableData::new(fallback, &entries));
        let index = match self.builder.func.dfg.value_type(arg).bits() {
            32 => arg,
            bits if bits > 32 => self.builder.ins().ireduce(clif::types::I32, arg),
            _ => self.builder.ins().uextend(clif::types::I32, arg),
        };
        self.builder.ins().br_table(index, jump_table);
        Ok(Some(()))
    }

    /// The block a `Switch` jumps to for `dest`: the target itself, or a new
    /// block, recorded in `forwarders`, that will jump on with the arguments.
    fn switch_target<'d>(
        &mut self,
        dest: &'d BlockCall,
        forwarders: &mut Vec<(clif::Block, &'d BlockCall)>,
    ) -> Result<clif::Block> {
        let block = self.block(dest.block)?;
        if dest.args.is_empty() {
            return Ok(block);
        }
        let forwarder = self.builder.create_block();
        if self.ir.blocks[dest.block].cold {
            self.builder.set_cold_block(forwarder);
        }
        forwarders.push((forwarder, dest));
        Ok(forwarder)
    }

    /// The CLIF target and arguments of a branch target.
    fn block_call(&self, dest: &BlockCall) -> Result<(clif::Block, Vec<BlockArg>)> {
        let block = self.block(dest.block)?;
        let params = self.ir.blocks[dest.block].params.len();
        if dest.args.len() != params {
            return Err(BackendError::new(format!(
                "the branch to {} passes {} arguments for {params} parameters",
                dest.block,
                dest.args.len()
            )));
        }
        let args = dest
            .args
            .iter()
            .map(|&v| self.value(v).map(BlockArg::Value))
            .collect::<Result<_>>()?;
        Ok((block, args))
    }

    fn block(&self, block: Block) -> Result<clif::Block> {
        self.blocks[block].expand().ok_or_else(|| {
            BackendError::new(format!("{block} is not a reachable block of the layout"))
        })
    }

    fn value(&self, value: Value) -> Result<clif::Value> {
        self.values[value].expand().ok_or_else(|| {
            BackendError::new(format!(
                "{value} is used where its definition does not dominate the use"
            ))
        })
    }

    fn values2(&self, values: &[Value; 2]) -> Result<[clif::Value; 2]> {
        Ok([self.value(values[0])?, self.value(values[1])?])
    }

    fn ir_type(&self, value: Value) -> Result<Type> {
        self.ir
            .values
            .get(value)
            .map(|v| v.ty)
            .ok_or_else(|| BackendError::new(format!("{value} does not exist")))
    }

    fn result_type(&self, inst: Inst) -> Result<Type> {
        let result = self
            .ir
            .inst_result(inst)
            .ok_or_else(|| BackendError::new("the instruction has no result"))?;
        self.ir_type(result)
    }

    fn int_result_type(&self, inst: Inst) -> Result<clif::Type> {
        match self.result_type(inst)? {
            ty if ty.is_int() => Ok(clif_type(ty)),
            ty => Err(BackendError::new(format!("iconst cannot produce {ty}"))),
        }
    }
}

fn int_cc(cond: IntCC) -> ClifIntCC {
    match cond {
        IntCC::Eq => ClifIntCC::Equal,
        IntCC::Ne => ClifIntCC::NotEqual,
        IntCC::Slt => ClifIntCC::SignedLessThan,
        IntCC::Sle => ClifIntCC::SignedLessThanOrEqual,
        IntCC::Sgt => ClifIntCC::SignedGreaterThan,
        IntCC::Sge => ClifIntCC::SignedGreaterThanOrEqual,
        IntCC::Ult => ClifIntCC::UnsignedLessThan,
        IntCC::Ule => ClifIntCC::UnsignedLessThanOrEqual,
        IntCC::Ugt => ClifIntCC::UnsignedGreaterThan,
        IntCC::Uge => ClifIntCC::UnsignedGreaterThanOrEqual,
    }
}

/// C's float comparisons: CLIF's ordered conditions are false on NaN, and
/// its `ne` is "unordered or not equal", true on NaN, as C's `!=` is.
fn float_cc(cond: FloatCC) -> ClifFloatCC {
    match cond {
        FloatCC::Eq => ClifFloatCC::Equal,
        FloatCC::Ne => ClifFloatCC::NotEqual,
        FloatCC::Lt => ClifFloatCC::LessThan,
        FloatCC::Le => ClifFloatCC::LessThanOrEqual,
        FloatCC::Gt => ClifFloatCC::GreaterThan,
        FloatCC::Ge => ClifFloatCC::GreaterThanOrEqual,
    }
}

/// Whether `gv` names a thread-local data object, whose address
/// `tls_value` computes for the running thread (`symbol_value` would give
/// its offset in the thread's block instead).
fn is_thread_local(func: &clif::Function, gv: clif::GlobalValue) -> bool {
    matches!(func.global_values[gv], clif::GlobalValueData::Symbol { tls: true, .. })
}
