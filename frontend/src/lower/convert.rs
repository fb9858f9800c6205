//! Emitting IR for values: constants, loads and stores of C objects, and
//! the conversions between C scalar types (C11 §6.3).

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::span::Span;
use nissecc_midend::ir::{BinaryOp, Callee, FloatCC, InstData, IntCC, Signature, Type, UnaryOp, Value};

impl Lowerer {
    /// Appends a value-producing instruction to the current block.
    pub fn emit(&mut self, data: InstData, ty: Type) -> Value {
        let f = self.f();
        let block = f.current;
        f.func.note_source_line(block, f.line);
        f.func.append_value(block, data, ty)
    }

    /// Appends an instruction without a result to the current block.
    pub fn emit_effect(&mut self, data: InstData) {
        let f = self.f();
        let block = f.current;
        f.func.note_source_line(block, f.line);
        f.func.append_inst(block, data, None);
    }

    pub fn iconst(&mut self, ty: Type, imm: i64) -> Value {
        self.emit(InstData::Iconst { imm: ty.canonical_imm(imm) }, ty)
    }

    pub fn fconst(&mut self, ty: Type, value: f64) -> Value {
        self.emit(InstData::Fconst { value }, ty)
    }

    pub fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.f().func.value_type(a);
        self.emit(InstData::Binary { op, args: [a, b] }, ty)
    }

    /// The value of `value` when the instructions defining it are a
    /// constant written in the source: `fconst` or `iconst`, negated, or
    /// converted from an integer constant or between floating types
    /// (`-1.0`, `-1`, `(float)16777217`), each conversion rounded to its
    /// type as the machine rounds it.
    pub fn constant_float_value(&mut self, value: Value) -> Option<f64> {
        fn eval(func: &nissecc_midend::ir::Function, value: Value) -> Option<f64> {
            let nissecc_midend::ir::ValueDef::Result(inst) = func.values[value].def else { return None };
            let round = |x: f64| if func.value_type(value) == Type::F32 { x as f32 as f64 } else { x };
            match func.insts[inst] {
                InstData::Fconst { value: c } => Some(round(c)),
                InstData::Iconst { imm } => Some(imm as f64),
                InstData::Unary { op: UnaryOp::Fneg | UnaryOp::Ineg, arg } => eval(func, arg).map(|x| -x),
                InstData::Unary { op: UnaryOp::Fpromote | UnaryOp::Fdemote | UnaryOp::FcvtFromSint, arg } => eval(func, arg).map(round),
                _ => None,
            }
        }
        eval(&self.f().func, value)
    }

    /// Records that the instruction defining `value` is a signed addition
    /// or subtraction that never wraps in a correct program.
    pub fn mark_no_signed_wrap(&mut self, value: Value) {
        let func = &mut self.f().func;
        if let nissecc_midend::ir::ValueDef::Result(inst) = func.values[value].def {
            func.no_signed_wrap.insert(inst);
        }
    }

    pub fn unary(&mut self, op: UnaryOp, arg: Value, ty: Type) -> Value {
        self.emit(InstData::Unary { op, arg }, ty)
    }

    pub fn icmp(&mut self, cond: IntCC, a: Value, b: Value) -> Value {
        self.emit(InstData::Icmp { cond, args: [a, b] }, Type::I8)
    }

    pub fn fcmp(&mut self, cond: FloatCC, a: Value, b: Value) -> Value {
        self.emit(InstData::Fcmp { cond, args: [a, b] }, Type::I8)
    }

    /// `select cond, a, b` of two values of one type.
    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value) -> Value {
        let ty = self.value_type(if_true);
        self.emit(InstData::Select { cond, if_true, if_false }, ty)
    }

    pub fn value_type(&mut self, v: Value) -> Type {
        self.f().func.value_type(v)
    }

    /// `addr + offset` as a pointer.
    pub fn offset_address(&mut self, addr: Value, offset: i64) -> Value {
        if offset == 0 {
            return addr;
        }
        let k = self.iconst(Type::PTR, offset);
        self.binary(BinaryOp::Iadd, addr, k)
    }

    /// Loads a scalar of C type `ty` from `addr`.
    pub fn load(&mut self, ty: &CType, addr: Value) -> Value {
        let ir_ty = ty.ir_type().expect("a scalar type");
        self.emit(InstData::Load { addr, offset: 0 }, ir_ty)
    }

    pub fn store(&mut self, value: Value, addr: Value) {
        self.emit_effect(InstData::Store { value, addr, offset: 0 });
    }

    /// Stores `value`, of C type `ty`, to `addr`: a scalar directly, a
    /// `long double` or `__int128` (whose value is the address of its
    /// bytes) by copying.
    pub fn store_typed(&mut self, ty: &CType, value: Value, addr: Value) {
        if ty.is_sixteen_byte_scalar() {
            self.copy_sixteen_bytes(addr, value);
        } else if ty.is_complex() {
            self.copy_complex(ty, addr, value);
        } else if ty.is_vector() {
            let size = self.types.size_of(ty).unwrap_or(0);
            self.copy_vector_bytes(addr, value, size);
        } else {
            self.store(value, addr);
        }
    }

    /// The value of an operand after lvalue conversion and array/function
    /// decay (C11 §6.3.2.1). Struct operands yield their address.
    pub fn rvalue(&mut self, op: &Operand, span: Span) -> LowerResult<Value> {
        match (op.place, &op.ty) {
            (Place::Value(v), _) => Ok(v),
            (Place::Addr(a), CType::Array(..) | CType::Vla(..) | CType::Function(_) | CType::Record(_) | CType::LongDouble | CType::Int128 { .. } | CType::Complex(_) | CType::Vector(..)) => Ok(a),
            (Place::Addr(a), ty) if ty.is_scalar() => Ok(self.load(&ty.clone(), a)),
            (Place::BitField(a, bits, kind), ty) => Ok(self.load_bit_field(a, bits, kind, &ty.clone())),
            (Place::Atomic(a), ty) => Ok(self.atomic_load(&ty.clone(), a)),
            // An atomic object reached other than as an lvalue (a compound
            // literal of atomic type).
            (Place::Addr(a), CType::Atomic(inner)) if !inner.is_record() => Ok(self.atomic_load(&inner.clone(), a)),
            (Place::Addr(a), CType::Atomic(_)) => self.atomic_record_load(&op.ty, a, span),
            (Place::Addr(_), CType::Unsupported(what)) => Err(Diagnostic::unsupported(span, format!("{what} values"))),
            (Place::Addr(_), _) | (Place::Void, _) => {
                Err(Diagnostic::error_at(span, "void value not ignored as it ought to be"))
            }
        }
    }

    /// Converts a scalar value from one C type to another.
    pub fn convert(&mut self, v: Value, from: &CType, to: &CType, span: Span) -> LowerResult<Value> {
        let from = from.decay();
        if &from == to {
            return Ok(v);
        }
        if to.is_void() {
            return Ok(v);
        }
        if matches!(to, CType::Int(IntKind::Bool)) {
            return self.truth_value(v, &from);
        }
        if from.is_complex() || to.is_complex() {
            return self.complex_convert(v, &from, to, span);
        }
        // A `long double` or `__int128` is the address of its object (see
        // `x87` and `int128`).
        match (&from, to) {
            (CType::Int128 { .. }, _) => return self.int128_to_scalar(v, &from, to, span),
            (_, CType::Int128 { .. }) => return self.int128_from_scalar(v, &from, to, span),
            (CType::LongDouble, _) => return self.x87_to_scalar(v, to, span),
            (_, CType::LongDouble) => return self.x87_from_scalar(v, &from, span),
            _ => {}
        }
        let (Some(src), Some(dst)) = (from.ir_type(), to.ir_type()) else {
            return Err(Diagnostic::error_at(
                span,
                format!("cannot convert '{}' to '{}'", self.types.describe(&from), self.types.describe(to)),
            ));
        };
        let signed = from.is_signed_int();
        Ok(match (src.is_float(), dst.is_float()) {
            (false, false) => self.resize_int(v, src, dst, signed),
            (true, true) => match (src, dst) {
                (Type::F32, Type::F64) => self.unary(UnaryOp::Fpromote, v, dst),
                (Type::F64, Type::F32) => self.unary(UnaryOp::Fdemote, v, dst),
                _ => v,
            },
            (false, true) => {
                let wide = if src.bits() < 32 { self.resize_int(v, src, Type::I32, signed) } else { v };
                let op = if signed || src.bits() < 32 { UnaryOp::FcvtFromSint } else { UnaryOp::FcvtFromUint };
                self.unary(op, wide, dst)
            }
            (true, false) => {
                let target_signed = to.is_signed_int();
                // gcc folds the conversion of a constant (fold-const.cc,
                // `fold_convert_const_int_from_real`): a NaN is 0 and a value
                // out of range is the type's nearest limit; only a conversion
                // at run time gives `cvttsd2si`'s value (gcc.c-torture's
                // 20031003-1: `(int)2147483648.0f` is INT_MAX).
                if let Some(c) = self.constant_float_value(v).filter(|_| !matches!(to, CType::Int(IntKind::Bool))) {
                    return Ok(self.iconst(dst, saturated_integer(c, dst.bits(), target_signed)));
                }
                let wide = if dst.bits() < 32 { Type::I32 } else { dst };
                let op = if target_signed || dst.bits() < 32 { UnaryOp::FcvtToSint } else { UnaryOp::FcvtToUint };
                let r = self.unary(op, v, wide);
                self.resize_int(r, wide, dst, true)
            }
        })
    }

    /// An argument for a parameter of type `ty` as it travels (see
    /// `signature_of`): one narrower than `int` extended to 32 bits from
    /// its type.
    pub fn extend_narrow_argument(&mut self, v: Value, ty: &CType) -> Value {
        match (ty.ir_type(), ty.parameter_ir_type()) {
            (Some(own), Some(passed)) if own != passed => self.resize_int(v, own, passed, ty.is_signed_int()),
            _ => v,
        }
    }

    /// A parameter of type `ty` as the callee receives it (see
    /// `signature_of`): one narrower than `int` arrives as 32 bits, of
    /// which it keeps the low ones. A `_Bool` keeps its low byte, as
    /// gcc's callee reads it, rather than testing the 32 bits for zero.
    pub fn truncate_narrow_parameter(&mut self, v: Value, ty: &CType) -> Value {
        match (ty.ir_type(), ty.parameter_ir_type()) {
            (Some(own), Some(passed)) if own != passed => self.resize_int(v, passed, own, false),
            _ => v,
        }
    }

    /// Extends or truncates an integer between IR widths.
    pub fn resize_int(&mut self, v: Value, src: Type, dst: Type, signed: bool) -> Value {
        use std::cmp::Ordering;
        match src.bits().cmp(&dst.bits()) {
            Ordering::Equal => v,
            Ordering::Less => self.unary(if signed { UnaryOp::Sextend } else { UnaryOp::Uextend }, v, dst),
            Ordering::Greater => self.unary(UnaryOp::Ireduce, v, dst),
        }
    }

    /// `v != 0` as an `i8` 0/1 (the value of a `_Bool`).
    pub fn truth_value(&mut self, v: Value, ty: &CType) -> LowerResult<Value> {
        if matches!(ty, CType::LongDouble) {
            return Ok(self.x87_truth(v));
        }
        if matches!(ty, CType::Int128 { .. }) {
            return Ok(self.int128_truth(v));
        }
        if ty.is_complex() {
            return Ok(self.complex_truth(ty, v));
        }
        let ir_ty = self.value_type(v);
        if ir_ty.is_float() {
            let zero = self.fconst(ir_ty, 0.0);
            return Ok(self.fcmp(FloatCC::Ne, v, zero));
        }
        if matches!(ty, CType::Int(IntKind::Bool)) {
            return Ok(v);
        }
        let zero = self.iconst(ir_ty, 0);
        Ok(self.icmp(IntCC::Ne, v, zero))
    }

    /// Converts an operand to `to` as if by assignment, checking that the
    /// types are compatible enough (C11 §6.5.16.1).
    pub fn assign_convert(&mut self, op: &Operand, to: &CType, span: Span) -> LowerResult<Value> {
        // An atomic struct's value is read whole (`rvalue`).
        let from = op.ty.decay().unatomic().clone();
        for ty in [&from, to] {
            if let CType::Unsupported(what) = ty {
                return Err(Diagnostic::unsupported(span, format!("{what} values")));
            }
        }
        let ok = (super::complex::is_arithmetic_or_complex(&from) && super::complex::is_arithmetic_or_complex(to))
            || (from.is_pointer() && (to.is_pointer() || to.is_integer()))
            || (from.is_integer() && to.is_pointer())
            || (from.is_record() && &from == to)
            || self.vector_assignable(&from, to)
            || self.is_opaque_vector(op, to);
        if !ok {
            return Err(Diagnostic::error_at(
                span,
                format!(
                    "incompatible types: cannot assign '{}' to '{}'",
                    self.types.describe(&from),
                    self.types.describe(to)
                ),
            ));
        }
        let v = self.rvalue(op, span)?;
        if from.is_record() || from.is_vector() {
            return Ok(v);
        }
        self.convert(v, &from, to, span)
    }

    /// Whether an argument of type `arg` goes to a parameter of type
    /// `param` as a member of a transparent union (not the union itself).
    pub fn is_transparent_union_argument(&self, arg: &CType, param: &CType) -> bool {
        matches!(param, CType::Record(id) if self.types.records[*id].transparent) && arg.decay() != *param
    }

    /// An argument for a parameter of a transparent union type: converted
    /// to the first member's type (GCC accepts any member's type; they all
    /// share its representation) and stored in a temporary union, which
    /// is passed as unions are, like that member.
    pub fn transparent_union_argument(&mut self, op: &Operand, param: &CType, span: Span) -> LowerResult<Value> {
        let CType::Record(id) = param else { unreachable!("a transparent union is a record") };
        let first = self.types.records[*id].fields[0].ty.clone();
        let v = self.assign_convert(op, &first, span)?;
        let slot = self.local_slot(param, span)?;
        let addr = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        self.store(v, addr);
        Ok(addr)
    }

    /// GCC's cast to a union type (GCC manual, "Cast to a Union Type"):
    /// `(union u) x` is a temporary union whose member of `x`'s type holds
    /// `x`; the other bytes are unspecified. Returns the temporary's
    /// address.
    pub fn union_cast(&mut self, op: &Operand, union: &CType, span: Span) -> LowerResult<Value> {
        let CType::Record(id) = union else { unreachable!("a union is a record") };
        let from = op.ty.decay().unatomic().clone();
        let member = self.types.records[*id].fields.iter().find(|f| f.bits.is_none() && f.ty == from).map(|f| f.ty.clone());
        let Some(member) = member else {
            return Err(Diagnostic::error_at(
                span,
                format!("cast to union type from type '{}' not present in union", self.types.describe(&from)),
            ));
        };
        let v = self.rvalue(op, span)?;
        let slot = self.local_slot(union, span)?;
        let addr = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        if member.is_record() {
            let size = self.types.size_of(&member).unwrap_or(0);
            self.copy_bytes(addr, v, size);
        } else {
            self.store_typed(&member, v, addr);
        }
        Ok(addr)
    }

    /// Calls a C library helper such as `memcpy` or `memset` by name.
    pub fn call_helper(&mut self, name: &str, sig: Signature, args: Vec<Value>) -> Option<Value> {
        self.referenced_functions.entry(name.to_string()).or_insert_with(|| sig.clone());
        let ret = sig.ret;
        let data = InstData::Call { callee: Callee::Direct(name.to_string()), sig, args };
        match ret {
            Some(ty) => Some(self.emit(data, ty)),
            None => {
                self.emit_effect(data);
                None
            }
        }
    }

    /// Copies `size` bytes from `src` to `dst` (struct assignment).
    pub fn copy_bytes(&mut self, dst: Value, src: Value, size: u64) {
        let n = self.iconst(Type::I64, size as i64);
        let sig = Signature::scalars(vec![Type::I64; 3], Some(Type::I64), false);
        self.call_helper("memcpy", sig, vec![dst, src, n]);
    }

    /// Sets `size` bytes at `dst` to zero.
    pub fn zero_bytes(&mut self, dst: Value, size: u64) {
        let zero = self.iconst(Type::I32, 0);
        let n = self.iconst(Type::I64, size as i64);
        let sig = Signature::scalars(vec![Type::I64, Type::I32, Type::I64], Some(Type::I64), false);
        self.call_helper("memset", sig, vec![dst, zero, n]);
    }
}


/// `c` truncated toward zero to an integer of `bits` bits, saturated at
/// the type's limits, and 0 for a NaN, as gcc folds a constant's
/// conversion; returned as the bits of the result.
pub(super) fn saturated_integer(c: f64, bits: u32, signed: bool) -> i64 {
    if c.is_nan() {
        return 0;
    }
    let (low, high) = if signed { (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1) } else { (0, (1i128 << bits) - 1) };
    // `as` saturates at i128's limits, far beyond any C integer's.
    (c.trunc() as i128).clamp(low, high) as i64
}
