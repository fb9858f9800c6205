//! `alloca` (`__builtin_alloca`): memory that lives until the calling
//! function returns. Cranelift has no dynamic stack allocation (see
//! `vla`), so each block comes from `malloc`, 16 bytes larger than asked:
//! the first eight bytes link it to the function's previous block, whose
//! address a stack slot holds, and the caller gets the address 16 bytes in
//! (keeping `malloc`'s 16-byte alignment). Before every `return` the
//! function calls the module's local helper `__nissecc_free_allocas`,
//! which frees the chain. A `longjmp` out of the function leaks it, as it
//! leaks VLAs.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, BlockCall, Callee, Function, InstData, IntCC, Linkage, Signature, Type};

/// The helper that frees a chain of `alloca` blocks.
const FREE_CHAIN: &str = "__nissecc_free_allocas";
/// The bytes before the caller's part of a block.
const HEADER_BYTES: i64 = 16;

/// The alignment of every block `malloc` returns on x86-64 glibc.
const MALLOC_ALIGNMENT: u64 = 16;

fn pointer_to_nothing() -> Signature {
    Signature::scalars(vec![Type::PTR], None, false)
}

impl Lowerer {
    /// `__builtin_alloca(size)`.
    pub fn lower_alloca(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        self.lower_aligned_alloca(args, MALLOC_ALIGNMENT, span)
    }

    /// `alloca (size)` whose block is aligned to `align` bytes
    /// (`__builtin_alloca_with_align`): beyond malloc's 16, the block is
    /// `align - 16` bytes longer, and the address past the header and
    /// that padding is rounded down to the alignment.
    pub fn lower_aligned_alloca(&mut self, args: &[Node<Expression>], align: u64, span: Span) -> LowerResult<Operand> {
        let [size] = args else {
            return Err(Diagnostic::error_at(span, "'alloca' takes one argument"));
        };
        let op = self.lower_expr(size)?;
        if !op.ty.is_integer() {
            return Err(Diagnostic::error_at(size.span, "the size given to 'alloca' is not an integer"));
        }
        let size = self.rvalue(&op, size.span)?;
        let size = self.convert(size, &op.ty, &CType::ULONG, span)?;
        let head = match self.f().alloca_chain {
            Some(slot) => slot,
            None => {
                let slot = self.f().func.create_stack_slot(8, 8);
                self.null_at_entry(slot);
                self.f().alloca_chain = Some(slot);
                slot
            }
        };
        let padding = align.saturating_sub(MALLOC_ALIGNMENT) as i64;
        let header = self.iconst(Type::I64, HEADER_BYTES + padding);
        let total = self.binary(BinaryOp::Iadd, size, header);
        let malloc = Signature::scalars(vec![Type::I64], Some(Type::PTR), false);
        let block = self.call_helper("malloc", malloc, vec![total]).expect("malloc returns a pointer");
        let head_address = self.emit(InstData::StackAddr { slot: head, offset: 0 }, Type::PTR);
        let previous = self.emit(InstData::Load { addr: head_address, offset: 0 }, Type::PTR);
        self.emit_effect(InstData::Store { value: previous, addr: block, offset: 0 });
        self.emit_effect(InstData::Store { value: block, addr: head_address, offset: 0 });
        let usable = self.binary(BinaryOp::Iadd, block, header);
        let usable = if padding > 0 {
            // Rounding down by at most `padding` bytes: the result lies at
            // least HEADER_BYTES past the block's start, and `size` bytes
            // from it still fit in the block.
            let mask = self.iconst(Type::I64, -(align as i64));
            self.binary(BinaryOp::Band, usable, mask)
        } else {
            usable
        };
        Ok(Operand { ty: CType::pointer_to(CType::Void), place: Place::Value(usable) })
    }

    /// Frees, before every `return` of the function being finished, the
    /// blocks its `alloca` calls made.
    pub fn free_allocas_at_returns(&mut self) {
        let Some(head) = self.f().alloca_chain else { return };
        self.call_before_returns(FREE_CHAIN, &pointer_to_nothing(), head);
        if !self.module.functions.iter().any(|f| f.name == FREE_CHAIN) {
            self.module.functions.push(free_chain_function());
            self.referenced_functions.entry("free".into()).or_insert_with(pointer_to_nothing);
        }
    }
}

/// `static void __nissecc_free_allocas(void *p) { while (p) { void *next
/// = *(void **)p; free(p); p = next; } }`
fn free_chain_function() -> Function {
    let mut func = Function::new(FREE_CHAIN, pointer_to_nothing(), Linkage::Local);
    let entry = func.create_block();
    let test = func.create_block();
    let body = func.create_block();
    let done = func.create_block();
    let first = func.append_block_param(entry, Type::PTR);
    func.append_inst(entry, InstData::Jump { dest: BlockCall::new(test, vec![first]) }, None);
    let block = func.append_block_param(test, Type::PTR);
    let null = func.append_value(test, InstData::Iconst { imm: 0 }, Type::PTR);
    let at_end = func.append_value(test, InstData::Icmp { cond: IntCC::Eq, args: [block, null] }, Type::I8);
    func.append_inst(test, InstData::Brif { cond: at_end, then_dest: BlockCall::new(done, vec![]), else_dest: BlockCall::new(body, vec![]) }, None);
    let next = func.append_value(body, InstData::Load { addr: block, offset: 0 }, Type::PTR);
    func.append_inst(body, InstData::Call { callee: Callee::Direct("free".into()), sig: pointer_to_nothing(), args: vec![block] }, None);
    func.append_inst(body, InstData::Jump { dest: BlockCall::new(test, vec![next]) }, None);
    func.append_inst(done, InstData::Return { value: None }, None);
    func
}
