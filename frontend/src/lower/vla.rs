//! Variable-length arrays (C11 §6.7.6.2p4-5, §6.5.3.4p2). A VLA's length
//! is evaluated when its declarator is reached and kept in a stack slot of
//! its own (see `CType::Vla`); `sizeof` and pointer arithmetic on its
//! elements read it at run time.
//!
//! Cranelift has no dynamic stack allocation (no `alloca`), and its frames
//! address stack slots from a fixed stack pointer, so a VLA object lives
//! on the heap: its declaration frees the allocation the same declaration
//! made on an earlier pass (a loop), then `malloc`s the new one, and every
//! `return` of the function frees what its VLA declarations hold. The
//! object thus lives at least as long as C requires. A `longjmp` out of
//! the function leaks it.

use super::scope::Symbol;
use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, InstData, Signature, StackSlot, Type, Value};
use std::rc::Rc;

impl Lowerer {
    /// The type `elem[size]` where `size` is not a constant: evaluates the
    /// length now and keeps it.
    pub fn variable_length_array(&mut self, elem: CType, size: &Node<Expression>) -> LowerResult<CType> {
        let op = self.lower_expr(size)?;
        if !op.ty.is_integer() {
            return Err(Diagnostic::error_at(size.span, "size of array has non-integer type"));
        }
        let v = self.rvalue(&op, size.span)?;
        let length = self.convert(v, &op.ty, &CType::LONG, size.span)?;
        let slot = self.f().func.create_stack_slot(8, 8);
        let at = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        self.store(length, at);
        Ok(CType::Vla(Rc::new(elem), slot))
    }

    /// The size in bytes of `ty` as an `i64` value, read at run time for
    /// variably modified array types.
    pub fn runtime_size(&mut self, ty: &CType, span: Span) -> LowerResult<Value> {
        let (count, elem) = match ty {
            CType::Vla(elem, slot) => {
                let at = self.emit(InstData::StackAddr { slot: *slot, offset: 0 }, Type::PTR);
                (self.load(&CType::LONG, at), elem)
            }
            CType::Array(elem, Some(n)) if elem.is_variably_modified() => (self.iconst(Type::I64, *n as i64), elem),
            _ => {
                let size = self.types.size_of(ty).ok_or_else(|| {
                    Diagnostic::error_at(span, format!("invalid application of 'sizeof' to incomplete type '{}'", self.types.describe(ty)))
                })?;
                return Ok(self.iconst(Type::I64, size as i64));
            }
        };
        let elem_size = self.runtime_size(&elem.clone(), span)?;
        Ok(self.binary(BinaryOp::Imul, count, elem_size))
    }

    /// Defines an automatic variable of variably modified array type: its
    /// slot holds the address of the heap object (see the module header).
    pub fn define_vla_local(&mut self, name: &str, ty: &CType, span: Span) -> LowerResult<()> {
        let slot = self.f().func.create_stack_slot(8, 8);
        self.null_at_entry(slot);
        self.f().vla_objects.push(slot);
        let at = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        let previous = self.load(&CType::ULONG, at);
        self.call_helper("free", Signature::scalars(vec![Type::PTR], None, false), vec![previous]);
        let size = self.runtime_size(ty, span)?;
        let object = self
            .call_helper("malloc", Signature::scalars(vec![Type::I64], Some(Type::PTR), false), vec![size])
            .expect("malloc returns a pointer");
        self.store(object, at);
        self.scopes.declare(name, Symbol::Local { slot, ty: ty.clone() });
        Ok(())
    }

    /// Stores a null pointer in `slot` at the start of the function.
    pub fn null_at_entry(&mut self, slot: StackSlot) {
        let func = &mut self.f().func;
        let entry = func.entry().expect("a function body");
        let null = func.insert_inst(entry, 0, InstData::Iconst { imm: 0 }, Some(Type::PTR));
        let null = func.inst_result(null).expect("a result");
        let at = func.insert_inst(entry, 1, InstData::StackAddr { slot, offset: 0 }, Some(Type::PTR));
        let at = func.inst_result(at).expect("a result");
        func.insert_inst(entry, 2, InstData::Store { value: null, addr: at, offset: 0 }, None);
    }

    /// Frees, before every `return` of the function being finished, the
    /// objects its VLA declarations hold.
    pub fn free_vla_objects_at_returns(&mut self) {
        let state = self.f();
        if state.vla_objects.is_empty() {
            return;
        }
        let slots = state.vla_objects.clone();
        let free = Signature::scalars(vec![Type::PTR], None, false);
        for slot in slots {
            self.call_before_returns("free", &free, slot);
        }
        self.referenced_functions.entry("free".into()).or_insert(free);
    }

    /// Inserts, before every `return` of the function being finished, a
    /// call of `callee` with the pointer that `slot` holds.
    pub fn call_before_returns(&mut self, callee: &str, sig: &Signature, slot: StackSlot) {
        let func = &mut self.f().func;
        for block in func.layout.clone() {
            let Some(&last) = func.blocks[block].insts.last() else { continue };
            if !matches!(func.insts[last], InstData::Return { .. }) {
                continue;
            }
            let at = func.insert_before(block, last, InstData::StackAddr { slot, offset: 0 }, Type::PTR);
            let object = func.insert_before(block, last, InstData::Load { addr: at, offset: 0 }, Type::PTR);
            let index = func.position_in_block(block, last);
            let call = InstData::Call { callee: nissecc_midend::ir::Callee::Direct(callee.into()), sig: sig.clone(), args: vec![object] };
            func.insert_inst(block, index, call, None);
        }
    }
}
