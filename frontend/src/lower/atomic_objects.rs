//! Atomic objects (C11 §6.2.6.1p9, §6.5.2.4p2, §6.5.16.2p3): `_Atomic T`,
//! `_Atomic(T)` and `<stdatomic.h>`'s `atomic_int` and the others. The
//! type of such an object is `CType::Atomic(T)`, with GCC's size and
//! alignment (`TypeTable::align_of`); an lvalue that designates one is an
//! operand of the unqualified type `T` at a `Place::Atomic`, so that every
//! other rule of the frontend sees an ordinary `T`. Reading that place is
//! a sequentially consistent atomic load, assigning to it an atomic store,
//! and `++`, `--` and compound assignments are one atomic read-modify-write:
//! an `atomic_rmw` for `+=`, `-=`, `&=`, `|=`, `^=` on integers (and `+=`,
//! `-=` on pointers) with an integer operand, where wrapping arithmetic in
//! the object's width gives what the conversion back to `T` would, and a
//! compare-and-exchange loop for the others (`*=`, `/=`, shifts, floating
//! operands, `_Bool`), as GCC does. Taking the address gives a pointer to
//! the atomic type again, which the atomic builtins accept.
//!
//! The IR's atomic operations work on integers of 1, 2, 4 or 8 bytes; a
//! `float` or `double` travels through them as its bits. An atomic type of
//! any other scalar (`long double`, `__int128`) stays an unsupported type
//! (`unsupported_types::atomic`). An atomic struct or union is read and
//! assigned whole (its members are not lvalues of their own here) by one
//! atomic load or store of an integer of its size; of a size other than 1,
//! 2, 4 or 8 bytes, for which GCC calls libatomic, that is an
//! `unsupported:` error.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind, TypeTable};
use lang_c::ast::BinaryOperator;
use lang_c::span::Span;
use nissecc_midend::ir::atomics::{AtomicOp, RmwOp};
use nissecc_midend::ir::{BinaryOp, BlockCall, InstData, IntCC, Type, UnaryOp, Value};
use std::rc::Rc;

/// The type `_Atomic ty`.
pub fn atomic_type(ty: &CType, types: &TypeTable) -> CType {
    match ty {
        CType::Atomic(_) => ty.clone(),
        CType::Record(_) => CType::Atomic(Rc::new(ty.clone())),
        _ if bits_type(ty).is_some() => CType::Atomic(Rc::new(ty.clone())),
        _ => super::unsupported_types::atomic(ty, types),
    }
}

/// The integer type whose atomic operations carry a value of scalar type
/// `ty`.
fn bits_type(ty: &CType) -> Option<Type> {
    match ty {
        CType::Int(_) | CType::Pointer(..) => ty.ir_type(),
        CType::Float => Some(Type::I32),
        CType::Double => Some(Type::I64),
        _ => None,
    }
}

/// The read-modify-write operation that a compound assignment's operator
/// is, when it has one.
fn rmw_of(kind: &BinaryOperator) -> Option<RmwOp> {
    Some(match kind {
        BinaryOperator::Plus => RmwOp::Add,
        BinaryOperator::Minus => RmwOp::Sub,
        BinaryOperator::BitwiseAnd => RmwOp::And,
        BinaryOperator::BitwiseOr => RmwOp::Or,
        BinaryOperator::BitwiseXor => RmwOp::Xor,
        _ => return None,
    })
}

impl Lowerer {
    /// The lvalue of type `ty` at address `a`: an atomic scalar object is
    /// an operand of its value type at a `Place::Atomic`.
    pub(super) fn object(&self, ty: CType, a: Value) -> Operand {
        match ty {
            CType::Atomic(inner) if !inner.is_record() => Operand { ty: (*inner).clone(), place: Place::Atomic(a) },
            ty => Operand { ty, place: Place::Addr(a) },
        }
    }

    /// Reads the atomic object of scalar type `ty` at `a`.
    pub(super) fn atomic_load(&mut self, ty: &CType, a: Value) -> Value {
        let bits = bits_type(ty).expect("an atomic scalar");
        let v = self.atomic_call(AtomicOp::Load, bits, vec![a]).expect("a result");
        self.from_bits(ty, v)
    }

    /// Stores `v`, of scalar type `ty`, into the atomic object at `a`.
    pub(super) fn atomic_store(&mut self, ty: &CType, v: Value, a: Value) {
        let bits = bits_type(ty).expect("an atomic scalar");
        let v = self.to_bits(ty, v);
        self.atomic_call(AtomicOp::Store, bits, vec![a, v]);
    }

    fn to_bits(&mut self, ty: &CType, v: Value) -> Value {
        match ty {
            CType::Float | CType::Double => self.unary(UnaryOp::Bitcast, v, bits_type(ty).expect("a float")),
            _ => v,
        }
    }

    fn from_bits(&mut self, ty: &CType, v: Value) -> Value {
        match ty {
            CType::Float | CType::Double => self.unary(UnaryOp::Bitcast, v, ty.ir_type().expect("a float")),
            _ => v,
        }
    }

    /// `target op= rhs`, or `++`/`--` as `target += 1` with `post` set
    /// for the postfix forms, on the atomic lvalue `target` as one atomic
    /// read-modify-write. The result is the new value, or the old one
    /// when `post` is set.
    pub(super) fn atomic_compound(&mut self, target: &Operand, kind: BinaryOperator, rhs: Operand, post: bool, span: Span) -> LowerResult<Operand> {
        let Place::Atomic(a) = target.place else { unreachable!("an atomic lvalue") };
        let ty = target.ty.clone();
        let bits = bits_type(&ty).expect("an atomic scalar");
        let result = |v: Value| Operand { ty: ty.clone(), place: Place::Value(v) };
        let integer_operand = rhs.ty.is_integer();
        let direct = match rmw_of(&kind) {
            Some(op) if integer_operand && ty.is_integer() && ty != CType::BOOL => Some(op),
            Some(op @ (RmwOp::Add | RmwOp::Sub)) if integer_operand && ty.is_pointer() => Some(op),
            _ => None,
        };
        if let Some(op) = direct {
            let r = self.rvalue(&rhs, span)?;
            let operand = if ty.is_pointer() {
                let count = self.convert(r, &rhs.ty, &CType::LONG, span)?;
                let size = self.element_size(&ty, span)?;
                let size = self.iconst(Type::I64, size as i64);
                self.binary(BinaryOp::Imul, count, size)
            } else {
                self.convert(r, &rhs.ty, &ty, span)?
            };
            let old = self.atomic_call(AtomicOp::Rmw(op), bits, vec![a, operand]).expect("a result");
            let new = self.rmw_new_value(op, old, operand, bits);
            return Ok(result(if post { old } else { new }));
        }
        // A compare-and-exchange loop: compute the new value from the old
        // one and store it if the object still holds the old one.
        let r = self.rvalue(&rhs, span)?;
        let rhs = Operand { ty: rhs.ty.decay(), place: if rhs.ty.is_memory_value() { Place::Addr(r) } else { Place::Value(r) } };
        let first = self.atomic_call(AtomicOp::Load, bits, vec![a]).expect("a result");
        let retry = self.new_block();
        let expected = self.f().func.append_block_param(retry, bits);
        self.emit_effect(InstData::Jump { dest: BlockCall::new(retry, vec![first]) });
        self.switch_to(retry);
        let old = self.from_bits(&ty, expected);
        let (computed_ty, computed) = self.arithmetic(kind, result(old), rhs, span)?;
        let new = self.convert(computed, &computed_ty, &ty, span)?;
        let desired = self.to_bits(&ty, new);
        let seen = self.atomic_call(AtomicOp::CompareExchange, bits, vec![a, expected, desired]).expect("a result");
        let stored = self.icmp(IntCC::Eq, seen, expected);
        let done = self.new_block();
        self.emit_effect(InstData::Brif { cond: stored, then_dest: BlockCall::new(done, vec![]), else_dest: BlockCall::new(retry, vec![seen]) });
        self.switch_to(done);
        Ok(result(if post { old } else { new }))
    }

    /// The integer type of an atomic struct or union's size, whose atomic
    /// loads and stores copy it whole; an error for other sizes, which GCC
    /// leaves to libatomic's locks.
    fn record_bits(&self, ty: &CType, span: Span) -> LowerResult<CType> {
        let size = self.types.size_of(ty).unwrap_or(0);
        let kind = match size {
            1 => IntKind::UChar,
            2 => IntKind::UShort,
            4 => IntKind::UInt,
            8 => IntKind::ULong,
            _ => return Err(Diagnostic::unsupported(span, format!("_Atomic values of {size} bytes ('{}')", self.types.describe(ty)))),
        };
        Ok(CType::Int(kind))
    }

    /// Reads the atomic struct or union of type `ty` at `a` into a new
    /// temporary, whose address is the value.
    pub(super) fn atomic_record_load(&mut self, ty: &CType, a: Value, span: Span) -> LowerResult<Value> {
        let bits = self.record_bits(ty, span)?;
        let v = self.atomic_load(&bits, a);
        let slot = self.local_slot(ty.unatomic(), span)?;
        let copy = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        self.store(v, copy);
        Ok(copy)
    }

    /// Assigns the struct or union at `from` to the atomic one of type
    /// `ty` at `a`.
    pub(super) fn atomic_record_store(&mut self, ty: &CType, a: Value, from: Value, span: Span) -> LowerResult<()> {
        let bits = self.record_bits(ty, span)?;
        let v = self.load(&bits, from);
        self.atomic_store(&bits, v, a);
        Ok(())
    }
}
