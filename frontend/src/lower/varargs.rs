//! Variadic function definitions and `<stdarg.h>` (C11 §7.16) in the
//! System V x86-64 ABI (AMD64 psABI §3.5.7). A variadic definition
//! receives the argument registers its named parameters leave free as
//! extra entry-block parameters (see `nissecc_midend::ir::varargs`) and
//! stores them into a 176-byte register save area: the six
//! general-purpose registers at offsets 0–47, the eight vector registers
//! at 48–175, sixteen bytes each. A `va_list` is the ABI's one-element
//! array of
//!
//! ```c
//! struct { unsigned gp_offset, fp_offset; void *overflow_arg_area, *reg_save_area; }
//! ```
//!
//! so that a `va_list` passes to `vfprintf` and its kin unchanged.
//! `va_arg` takes an integer or pointer from the save area while
//! `gp_offset < 48`, a `double` while `fp_offset < 176`, a struct or union
//! of INTEGER and SSE eightbytes while registers remain for all of them,
//! and otherwise, like a MEMORY struct, from the overflow area, where the
//! caller's stack arguments lie. Its choice is made with `select`s, not
//! branches, so the control flow the profilers see is the program's.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::{Expression, VaArgExpression};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::abi::{Eightbyte, GP_ARGUMENT_REGISTERS};
use nissecc_midend::ir::varargs::NamedArguments;
use nissecc_midend::ir::{BinaryOp, InstData, IntCC, Signature, StackSlot, Type, UnaryOp, Value};

/// The size of the register save area.
const SAVE_AREA_BYTES: u32 = 176;
/// Where the vector registers start in the save area.
const VECTOR_SAVE_OFFSET: i64 = 8 * GP_ARGUMENT_REGISTERS as i64;
/// The bytes a `va_list` object holds.
const VA_LIST_BYTES: u64 = 24;

/// What a variadic definition's `va_start` needs.
#[derive(Clone, Copy, Debug)]
pub struct VarargsFrame {
    save_area: StackSlot,
    named: NamedArguments,
}

/// The register class `va_arg` reads a value from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Integer,
    Vector,
}

impl Lowerer {
    /// Stores the free argument registers, the entry-block parameters
    /// after the named ones, into a new register save area.
    pub fn save_unnamed_registers(&mut self, sig: &Signature, registers: &[Value]) -> VarargsFrame {
        let named = NamedArguments::of(sig);
        let save_area = self.f().func.create_stack_slot(SAVE_AREA_BYTES, 16);
        let base = self.emit(InstData::StackAddr { slot: save_area, offset: 0 }, Type::PTR);
        let (mut gp, mut vector) = (named.gp_registers as i64, named.vector_registers as i64);
        for &register in registers {
            let offset = if self.value_type(register).is_float() {
                vector += 1;
                VECTOR_SAVE_OFFSET + 16 * (vector - 1)
            } else {
                gp += 1;
                8 * (gp - 1)
            };
            self.emit_effect(InstData::Store { value: register, addr: base, offset: offset as i32 });
        }
        VarargsFrame { save_area, named }
    }

    /// `__builtin_va_start(ap, last)`: points `ap` at the first unnamed
    /// argument.
    pub fn lower_va_start(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let Some(frame) = self.f().varargs else {
            return Err(Diagnostic::error_at(span, "'va_start' used in a function with fixed arguments"));
        };
        let list = self.va_list_address(args.first(), span)?;
        if let Some(last) = args.get(1) {
            // The second argument names the last parameter; it is not
            // evaluated, only checked.
            self.type_of_expression(last)?;
        }
        let gp_offset = self.iconst(Type::I32, 8 * frame.named.gp_registers as i64);
        let fp_offset = self.iconst(Type::I32, VECTOR_SAVE_OFFSET + 16 * frame.named.vector_registers as i64);
        let stack_args = self.emit(InstData::IncomingStackArgs, Type::PTR);
        let skip = self.iconst(Type::PTR, frame.named.stack_bytes as i64);
        let overflow = self.binary(BinaryOp::Iadd, stack_args, skip);
        let save_area = self.emit(InstData::StackAddr { slot: frame.save_area, offset: 0 }, Type::PTR);
        for (value, offset) in [(gp_offset, 0), (fp_offset, 4), (overflow, 8), (save_area, 16)] {
            self.emit_effect(InstData::Store { value, addr: list, offset });
        }
        Ok(Operand { ty: CType::Void, place: Place::Void })
    }

    /// `__builtin_va_copy(dest, src)`.
    pub fn lower_va_copy(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let dest = self.va_list_address(args.first(), span)?;
        let src = self.va_list_address(args.get(1), span)?;
        self.copy_bytes(dest, src, VA_LIST_BYTES);
        Ok(Operand { ty: CType::Void, place: Place::Void })
    }

    /// `__builtin_va_end(ap)`: nothing to release.
    pub fn lower_va_end(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        self.va_list_address(args.first(), span)?;
        Ok(Operand { ty: CType::Void, place: Place::Void })
    }

    /// `__builtin_va_arg(ap, type)`: the next unnamed argument.
    pub fn lower_va_arg(&mut self, va: &Node<VaArgExpression>, span: Span) -> LowerResult<Operand> {
        let list = self.va_list_address(Some(&va.node.va_list), span)?;
        let ty = self.type_name(&va.node.type_name)?;
        let class = match &ty {
            CType::Unsupported(what) => return Err(Diagnostic::unsupported(va.node.type_name.span, format!("va_arg of {what}"))),
            t if t.is_memory_value() => {
                let aggregate = self.by_value_argument(&ty, va.node.type_name.span)?;
                if aggregate.eightbytes.as_ref().is_some_and(|classes| classes.contains(&Eightbyte::SseUp)) {
                    return Err(Diagnostic::unsupported(va.node.type_name.span, "va_arg of a 16-byte vector"));
                }
                if aggregate.align > 16 {
                    return Err(Diagnostic::unsupported(va.node.type_name.span, "va_arg of a vector aligned beyond 16 bytes"));
                }
                return Ok(self.va_arg_aggregate(list, ty));
            }
            CType::Float | CType::Double => Class::Vector,
            t if t.is_scalar() => Class::Integer,
            _ => return Err(Diagnostic::error_at(va.node.type_name.span, format!("va_arg of type '{}'", self.types.describe(&ty)))),
        };
        let overflow = self.emit(InstData::Load { addr: list, offset: 8 }, Type::PTR);
        // From the save area while registers of the class remain.
        let (offset_field, limit, step) = match class {
            Class::Integer => (0, VECTOR_SAVE_OFFSET, 8),
            Class::Vector => (4, SAVE_AREA_BYTES as i64, 16),
        };
        let used = self.emit(InstData::Load { addr: list, offset: offset_field }, Type::I32);
        let limit = self.iconst(Type::I32, limit);
        let in_registers = self.icmp(IntCC::Ult, used, limit);
        let save_area = self.emit(InstData::Load { addr: list, offset: 16 }, Type::PTR);
        let used_wide = self.unary(UnaryOp::Uextend, used, Type::PTR);
        let in_save_area = self.binary(BinaryOp::Iadd, save_area, used_wide);
        let address = self.select(in_registers, in_save_area, overflow);
        let step = self.iconst(Type::I32, step);
        let used_next = self.binary(BinaryOp::Iadd, used, step);
        let used_next = self.select(in_registers, used_next, used);
        let eight = self.iconst(Type::PTR, 8);
        let overflow_next = self.binary(BinaryOp::Iadd, overflow, eight);
        let overflow_next = self.select(in_registers, overflow, overflow_next);
        self.emit_effect(InstData::Store { value: used_next, addr: list, offset: offset_field });
        self.emit_effect(InstData::Store { value: overflow_next, addr: list, offset: 8 });
        let value = match ty {
            // A `float` argument arrives promoted to `double`.
            CType::Float => {
                let wide = self.emit(InstData::Load { addr: address, offset: 0 }, Type::F64);
                self.unary(UnaryOp::Fdemote, wide, Type::F32)
            }
            _ => self.load(&ty, address),
        };
        Ok(Operand { ty, place: Place::Value(value) })
    }

    /// `va_arg` of a struct or union (psABI §3.5.7, the algorithm's
    /// steps for aggregates): one that travels in registers is taken from
    /// the save area when enough registers of each class remain for all
    /// of its eightbytes, which then sit apart (INTEGER ones eight bytes
    /// apart from `gp_offset`, SSE ones sixteen apart from `fp_offset`) and
    /// are gathered into a temporary; otherwise, like a MEMORY one, it is
    /// taken from the overflow area, aligned to its stack alignment.
    fn va_arg_aggregate(&mut self, list: Value, ty: CType) -> Operand {
        let aggregate = self.types.sysv_aggregate(&ty);
        let overflow = self.emit(InstData::Load { addr: list, offset: 8 }, Type::PTR);
        let stack_align = aggregate.stack_align() as i64;
        let in_memory = self.align_up(overflow, stack_align);
        let step = self.iconst(Type::PTR, aggregate.stack_size() as i64);
        let overflow_next = self.binary(BinaryOp::Iadd, in_memory, step);
        let Some(classes) = aggregate.eightbytes.clone() else {
            self.emit_effect(InstData::Store { value: overflow_next, addr: list, offset: 8 });
            return Operand { ty, place: Place::Addr(in_memory) };
        };
        let count = |class| classes.iter().filter(|&&c| c == class).count() as i64;
        let (gp, sse) = (count(Eightbyte::Integer), count(Eightbyte::Sse));
        let gp_offset = self.emit(InstData::Load { addr: list, offset: 0 }, Type::I32);
        let fp_offset = self.emit(InstData::Load { addr: list, offset: 4 }, Type::I32);
        let gp_limit = self.iconst(Type::I32, VECTOR_SAVE_OFFSET - 8 * gp);
        let fp_limit = self.iconst(Type::I32, SAVE_AREA_BYTES as i64 - 16 * sse);
        let gp_fits = self.icmp(IntCC::Ule, gp_offset, gp_limit);
        let fp_fits = self.icmp(IntCC::Ule, fp_offset, fp_limit);
        let in_registers = self.binary(BinaryOp::Band, gp_fits, fp_fits);
        let save_area = self.emit(InstData::Load { addr: list, offset: 16 }, Type::PTR);
        let slot = self.f().func.create_stack_slot(aggregate.stack_size() as u32, aggregate.align.max(8) as u32);
        let temporary = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        let (mut gp_next, mut fp_next) = (gp_offset, fp_offset);
        for (i, class) in classes.iter().enumerate() {
            let (current, stride) = match class {
                Eightbyte::NoClass | Eightbyte::X87 => continue,
                Eightbyte::SseUp => unreachable!("va_arg of a 16-byte vector is refused"),
                Eightbyte::Integer => (gp_next, 8),
                Eightbyte::Sse => (fp_next, 16),
            };
            let wide = self.unary(UnaryOp::Uextend, current, Type::PTR);
            let in_save_area = self.binary(BinaryOp::Iadd, save_area, wide);
            let stride = self.iconst(Type::I32, stride);
            let advanced = self.binary(BinaryOp::Iadd, current, stride);
            match class {
                Eightbyte::Integer => gp_next = advanced,
                _ => fp_next = advanced,
            }
            let eightbyte = self.iconst(Type::PTR, 8 * i as i64);
            let in_overflow = self.binary(BinaryOp::Iadd, in_memory, eightbyte);
            let source = self.select(in_registers, in_save_area, in_overflow);
            let bytes = self.emit(InstData::Load { addr: source, offset: 0 }, Type::I64);
            self.emit_effect(InstData::Store { value: bytes, addr: temporary, offset: 8 * i as i32 });
        }
        let gp_next = self.select(in_registers, gp_next, gp_offset);
        let fp_next = self.select(in_registers, fp_next, fp_offset);
        let overflow_next = self.select(in_registers, overflow, overflow_next);
        self.emit_effect(InstData::Store { value: gp_next, addr: list, offset: 0 });
        self.emit_effect(InstData::Store { value: fp_next, addr: list, offset: 4 });
        self.emit_effect(InstData::Store { value: overflow_next, addr: list, offset: 8 });
        Operand { ty, place: Place::Addr(temporary) }
    }

    /// The address of the `va_list` object an argument designates (a
    /// `va_list` variable, or a `va_list` parameter, which is a pointer).
    fn va_list_address(&mut self, arg: Option<&Node<Expression>>, span: Span) -> LowerResult<Value> {
        let arg = arg.ok_or_else(|| Diagnostic::error_at(span, "too few arguments to a va_list builtin"))?;
        let op = self.lower_expr(arg)?;
        if !op.ty.decay().is_pointer() {
            return Err(Diagnostic::error_at(arg.span, "the argument is not a va_list"));
        }
        self.rvalue(&op, arg.span)
    }

    /// `address` rounded up to a multiple of `align`, a power of two.
    fn align_up(&mut self, address: Value, align: i64) -> Value {
        if align <= 8 {
            return address;
        }
        let bump = self.iconst(Type::PTR, align - 1);
        let bumped = self.binary(BinaryOp::Iadd, address, bump);
        let mask = self.iconst(Type::PTR, -align);
        self.binary(BinaryOp::Band, bumped, mask)
    }
}
