//! GCC's generic vector types: `__attribute__((vector_size(N)))` on an
//! integer or floating type (GCC manual, "Using Vector Instructions through
//! Built-in Functions").
//!
//! A vector of `N` bytes is `N / sizeof(element)` elements, a power of two,
//! laid out as an array, aligned to its size up to 16 bytes (GCC's
//! BIGGEST_ALIGNMENT without AVX). The IR has no SIMD types, so a vector is
//! lowered like a small aggregate: its values live in memory, an operand of
//! a vector type holds the address of its bytes (as for records, `long
//! double` and `__int128`), and every operation is a loop-free sequence of
//! element loads, scalar operations and stores into a fresh temporary. This
//! keeps the midend and its optimizations and profiling instrumentation
//! unchanged; Cranelift's SIMD types would be faster but would need vector
//! values threaded through the whole IR.
//!
//! The operators act element-wise: `+ - * / % & | ^ << >>`, unary `- + ~`,
//! and the comparisons, which give a vector of signed integers of the
//! element width holding -1 (true) or 0 (false). A scalar operand is
//! converted to the element type and used for every element. Element
//! arithmetic wraps, as the SIMD instructions GCC emits do. `v[i]` is the
//! element lvalue. A cast between a vector and a vector or integer of the
//! same size reinterprets the bytes; `__builtin_convertvector` converts
//! each element as a cast would.
//!
//! Across calls a vector travels as the System V psABI (§3.2.3) classifies
//! it: 8 bytes are one SSE eightbyte, 16 bytes are SSE and SSEUP, one whole
//! `%xmm` register; larger vectors (without AVX) are MEMORY (see
//! `TypeTable::sysv_aggregate`).

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::{BinaryOperator, Expression, UnaryOperator};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, InstData, Type, UnaryOp, Value};
use std::rc::Rc;

/// The shape of a vector type: its element type and count.
struct Shape {
    elem: CType,
    count: u64,
    elem_size: u64,
}

impl Lowerer {
    /// The vector type of `size` bytes of `elem`s, as `vector_size(size)`
    /// makes it, with GCC's errors for sizes it rejects.
    pub fn vector_type(&self, elem: CType, size: u64, span: Span) -> LowerResult<CType> {
        let valid = matches!(elem, CType::Int(k) if k != IntKind::Bool) || matches!(elem, CType::Float | CType::Double);
        if !valid {
            if self.is_system_header(span) {
                // The intrinsic headers' vectors of `_Float16` and kin.
                return Ok(super::unsupported_types::vector(size));
            }
            return match elem {
                CType::Int128 { .. } | CType::LongDouble | CType::Unsupported(_) => {
                    Err(Diagnostic::unsupported(span, format!("vectors of '{}'", self.types.describe(&elem))))
                }
                _ => Err(Diagnostic::error_at(span, "invalid vector type for attribute 'vector_size'")),
            };
        }
        let elem_size = self.types.size_of(&elem).unwrap_or(1);
        if size == 0 {
            return Err(Diagnostic::error_at(span, "zero vector size"));
        }
        if size % elem_size != 0 {
            return Err(Diagnostic::error_at(span, "vector size not an integral multiple of component size"));
        }
        let count = size / elem_size;
        if !count.is_power_of_two() {
            return Err(Diagnostic::error_at(span, format!("number of vector components {count} not a power of two")));
        }
        Ok(CType::Vector(Rc::new(elem), count))
    }

    fn shape(&self, ty: &CType) -> Shape {
        let CType::Vector(elem, count) = ty else { unreachable!("a vector type") };
        Shape { elem: (**elem).clone(), count: *count, elem_size: self.types.size_of(elem).unwrap_or(1) }
    }

    /// The address of a fresh temporary for a value of vector type `ty`.
    pub fn vector_temporary(&mut self, ty: &CType) -> Value {
        let size = self.types.size_of(ty).unwrap_or(0) as u32;
        let align = self.types.align_of(ty) as u32;
        let slot = self.f().func.create_stack_slot(size, align);
        self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR)
    }

    /// Copies the `size` bytes of a vector at `src` to `dst`, in the
    /// widest loads and stores that fit (a vector's size is a power of two).
    pub fn copy_vector_bytes(&mut self, dst: Value, src: Value, size: u64) {
        let piece = match size {
            1 => Type::I8,
            2 => Type::I16,
            4 => Type::I32,
            _ => Type::I64,
        };
        let step = u64::from(piece.bytes());
        for offset in (0..size).step_by(step as usize) {
            let v = self.emit(InstData::Load { addr: src, offset: offset as i32 }, piece);
            self.emit_effect(InstData::Store { value: v, addr: dst, offset: offset as i32 });
        }
    }

    /// True when a value of vector type `from` may be assigned to (or
    /// passed as, or initialize) an object of vector type `to`: only a
    /// vector of the same type (GCC rejects even one that differs in the
    /// signedness of its elements without a cast).
    pub fn vector_assignable(&self, from: &CType, to: &CType) -> bool {
        from.is_vector() && from == to
    }

    /// True when the operand is a comparison's result, of GCC's opaque
    /// vector type, which converts without a cast to any vector type of
    /// its size, keeping its bits (`v4sf mask = a < b;`).
    pub fn is_opaque_vector(&self, op: &Operand, to: &CType) -> bool {
        let Place::Value(v) = op.place else { return false };
        let opaque = self.func.as_ref().is_some_and(|f| f.opaque_vectors.contains(&v));
        opaque && to.is_vector() && self.types.size_of(&op.ty) == self.types.size_of(to)
    }

    /// A binary operator with a vector operand (see the module header).
    pub fn vector_arithmetic(&mut self, op: BinaryOperator, lhs: Operand, rhs: Operand, span: Span) -> LowerResult<(CType, Value)> {
        use BinaryOperator as B;
        let (lt, rt) = (lhs.ty.decay(), rhs.ty.decay());
        let invalid = |this: &Self| {
            Diagnostic::error_at(span, format!(
                "invalid operands to binary expression ('{}' and '{}')",
                this.types.describe(&lt),
                this.types.describe(&rt)
            ))
        };
        let ty = match (&lt, &rt) {
            // GCC lets the element types differ in signedness here.
            (CType::Vector(a, m), CType::Vector(b, n)) if m == n && same_but_signedness(a, b) => lt.clone(),
            (CType::Vector(..), CType::Vector(..)) => return Err(invalid(self)),
            (CType::Vector(..), s @ (CType::Int128 { .. } | CType::LongDouble)) | (s @ (CType::Int128 { .. } | CType::LongDouble), CType::Vector(..)) => {
                return Err(Diagnostic::unsupported(span, format!("a '{}' operand of a vector operator", self.types.describe(s))));
            }
            (CType::Vector(..), s) | (s, CType::Vector(..)) if s.is_arithmetic() => {
                if lt.is_vector() { lt.clone() } else { rt.clone() }
            }
            _ => return Err(invalid(self)),
        };
        let shape = self.shape(&ty);
        let integer_only = matches!(op, B::Modulo | B::ShiftLeft | B::ShiftRight | B::BitwiseAnd | B::BitwiseOr | B::BitwiseXor);
        if integer_only && !shape.elem.is_integer() {
            return Err(invalid(self));
        }
        let comparison = matches!(op, B::Less | B::Greater | B::LessOrEqual | B::GreaterOrEqual | B::Equals | B::NotEquals);
        let supported = comparison || integer_only || matches!(op, B::Plus | B::Minus | B::Multiply | B::Divide);
        if !supported {
            return Err(invalid(self));
        }
        let a = self.vector_operand(&lhs, &shape, span)?;
        let b = self.vector_operand(&rhs, &shape, span)?;
        let result_ty = if comparison { comparison_type(&shape) } else { ty.clone() };
        let result_elem = self.shape(&result_ty).elem;
        let dst = self.vector_temporary(&result_ty);
        // Element arithmetic wraps (see the module header).
        let wrapv = std::mem::replace(&mut self.wrapv, true);
        let mut result = Ok(());
        for i in 0..shape.count {
            let x = Operand { ty: shape.elem.clone(), place: Place::Value(a.element(self, &shape, i)) };
            let y = Operand { ty: shape.elem.clone(), place: Place::Value(b.element(self, &shape, i)) };
            let r = if comparison {
                self.compare_i8(op.clone(), x, y, span).map(|c| self.true_as_all_ones(c, &result_elem))
            } else {
                self.arithmetic(op.clone(), x, y, span).and_then(|(t, v)| self.convert(v, &t, &shape.elem, span))
            };
            match r {
                Ok(v) => self.emit_effect(InstData::Store { value: v, addr: dst, offset: (i * shape.elem_size) as i32 }),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.wrapv = wrapv;
        if comparison {
            self.f().opaque_vectors.insert(dst);
        }
        result.map(|()| (result_ty, dst))
    }

    /// A comparison's `i8` 0/1 as an element of a comparison's result:
    /// -1 or 0 in the signed integer type `elem`.
    fn true_as_all_ones(&mut self, c: Value, elem: &CType) -> Value {
        let ty = elem.ir_type().expect("an integer element");
        let wide = self.resize_int(c, Type::I8, ty, false);
        self.unary(UnaryOp::Ineg, wide, ty)
    }

    /// A vector operand, or a scalar one converted to the element type
    /// once (GCC broadcasts it to every element).
    fn vector_operand(&mut self, op: &Operand, shape: &Shape, span: Span) -> LowerResult<VectorOperand> {
        let v = self.rvalue(op, span)?;
        if op.ty.is_vector() {
            return Ok(VectorOperand::Elements(v));
        }
        Ok(VectorOperand::Broadcast(self.convert(v, &op.ty.decay(), &shape.elem, span)?))
    }

    /// Unary `-`, `+` or `~` of a vector.
    pub fn vector_unary(&mut self, operator: &UnaryOperator, op: &Operand, span: Span) -> LowerResult<Operand> {
        let shape = self.shape(&op.ty);
        if *operator == UnaryOperator::Complement && !shape.elem.is_integer() {
            return Err(Diagnostic::error_at(span, format!("wrong type argument to bit-complement ('{}')", self.types.describe(&op.ty))));
        }
        let src = self.rvalue(op, span)?;
        let dst = self.vector_temporary(&op.ty);
        let irt = shape.elem.ir_type().expect("a scalar element");
        for i in 0..shape.count {
            let offset = (i * shape.elem_size) as i32;
            let x = self.emit(InstData::Load { addr: src, offset }, irt);
            let r = match operator {
                UnaryOperator::Minus if irt.is_float() => self.unary(UnaryOp::Fneg, x, irt),
                UnaryOperator::Minus => self.unary(UnaryOp::Ineg, x, irt),
                UnaryOperator::Complement => self.unary(UnaryOp::Bnot, x, irt),
                _ => x,
            };
            self.emit_effect(InstData::Store { value: r, addr: dst, offset });
        }
        Ok(Operand { ty: op.ty.clone(), place: Place::Value(dst) })
    }

    /// `++v`, `--v`, `v++` or `v--` of the vector object at `a`: every
    /// element steps by one; the value is the new vector, or a copy of
    /// the old one.
    pub fn vector_increment(&mut self, increment: bool, post: bool, ty: &CType, a: Value, span: Span) -> LowerResult<Operand> {
        let old = self.vector_temporary(ty);
        let size = self.types.size_of(ty).unwrap_or(0);
        self.copy_vector_bytes(old, a, size);
        let one = self.iconst(Type::I32, 1);
        let op = if increment { BinaryOperator::Plus } else { BinaryOperator::Minus };
        let old_value = Operand { ty: ty.clone(), place: Place::Value(old) };
        let (_, new) = self.vector_arithmetic(op, old_value, Operand { ty: CType::INT, place: Place::Value(one) }, span)?;
        self.store_typed(ty, new, a);
        Ok(Operand { ty: ty.clone(), place: Place::Value(if post { old } else { new }) })
    }

    /// `v[i]` of a vector operand: the element lvalue.
    pub fn vector_element(&mut self, vector: &Operand, index: &Operand, span: Span) -> LowerResult<Operand> {
        if !index.ty.decay().is_integer() {
            return Err(Diagnostic::error_at(span, "array subscript is not an integer"));
        }
        let shape = self.shape(&vector.ty);
        let base = self.rvalue(vector, span)?;
        let i = self.rvalue(index, span)?;
        let i = self.convert(i, &index.ty.decay(), &CType::LONG, span)?;
        let size = self.iconst(Type::I64, shape.elem_size as i64);
        let scaled = self.binary(BinaryOp::Imul, i, size);
        let a = self.binary(BinaryOp::Iadd, base, scaled);
        Ok(Operand { ty: shape.elem, place: Place::Addr(a) })
    }

    /// A cast to or from a vector type: between a vector and a vector or
    /// integer of the same size it keeps the bytes; GCC rejects others.
    pub fn vector_cast(&mut self, op: &Operand, to: &CType, span: Span) -> LowerResult<Operand> {
        let from = op.ty.decay();
        let from_size = self.types.size_of(&from);
        let to_size = self.types.size_of(to);
        let same_size = from_size.is_some() && from_size == to_size;
        let describe = |this: &Self| (this.types.describe(&from), this.types.describe(to));
        match (from.is_vector(), to.is_vector()) {
            (true, true) if same_size => {
                let src = self.rvalue(op, span)?;
                let dst = self.vector_temporary(to);
                self.copy_vector_bytes(dst, src, to_size.unwrap_or(0));
                Ok(Operand { ty: to.clone(), place: Place::Value(dst) })
            }
            (true, true) => Err(Diagnostic::error_at(span, "can't convert between vector values of different size")),
            // An `__int128` is the address of its 16 bytes, as a vector is.
            (true, false) if same_size && matches!(to, CType::Int128 { .. }) => {
                let src = self.rvalue(op, span)?;
                let dst = self.sixteen_byte_temporary();
                self.copy_vector_bytes(dst, src, 16);
                Ok(Operand { ty: to.clone(), place: Place::Value(dst) })
            }
            (false, true) if same_size && matches!(from, CType::Int128 { .. }) => {
                let src = self.rvalue(op, span)?;
                let dst = self.vector_temporary(to);
                self.copy_vector_bytes(dst, src, 16);
                Ok(Operand { ty: to.clone(), place: Place::Value(dst) })
            }
            (true, false) if same_size && to.is_integer() => {
                let src = self.rvalue(op, span)?;
                let v = self.load(to, src);
                Ok(Operand { ty: to.clone(), place: Place::Value(v) })
            }
            (false, true) if same_size && from.is_integer() => {
                let v = self.rvalue(op, span)?;
                let dst = self.vector_temporary(to);
                self.store(v, dst);
                Ok(Operand { ty: to.clone(), place: Place::Value(dst) })
            }
            (true, false) => {
                let (f, t) = describe(self);
                Err(Diagnostic::error_at(span, format!("can't convert a vector of type '{f}' to type '{t}' which has different size")))
            }
            _ => {
                let (f, t) = describe(self);
                Err(Diagnostic::error_at(span, format!("can't convert a value of type '{f}' to vector type '{t}' which has different size")))
            }
        }
    }
}

impl Lowerer {
    /// `__builtin_convertvector(v, T)`: each element of `v` converted, as
    /// by a cast, to the element type of the vector type `T`, which has as
    /// many elements. lang-c reads `T` as an expression, so it must be a
    /// typedef name.
    pub fn lower_convertvector(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let [source, target] = args else {
            return Err(Diagnostic::error_at(span, "'__builtin_convertvector' takes a vector and a type"));
        };
        let target_ty = match &target.node {
            Expression::Identifier(id) => match self.scopes.lookup(&id.node.name) {
                Some(super::scope::Symbol::Typedef(ty)) => ty.clone(),
                _ => return Err(Diagnostic::unsupported(target.span, "'__builtin_convertvector' to a type other than a typedef name")),
            },
            _ => return Err(Diagnostic::unsupported(target.span, "'__builtin_convertvector' to a type other than a typedef name")),
        };
        let op = self.lower_expr(source)?;
        let (CType::Vector(from_elem, n), CType::Vector(_, m)) = (&op.ty, &target_ty) else {
            return Err(Diagnostic::error_at(span, "'__builtin_convertvector' first argument must be an integer or floating vector"));
        };
        if n != m {
            return Err(Diagnostic::error_at(span, "'__builtin_convertvector' number of elements of the first argument vector and the second argument vector type should be the same"));
        }
        let (from, to) = (self.shape(&op.ty), self.shape(&target_ty));
        let src = self.rvalue(&op, span)?;
        let dst = self.vector_temporary(&target_ty);
        let from_ir = from_elem.ir_type().expect("a scalar element");
        for i in 0..from.count {
            let x = self.emit(InstData::Load { addr: src, offset: (i * from.elem_size) as i32 }, from_ir);
            let y = self.convert(x, &from.elem, &to.elem, span)?;
            self.emit_effect(InstData::Store { value: y, addr: dst, offset: (i * to.elem_size) as i32 });
        }
        Ok(Operand { ty: target_ty, place: Place::Value(dst) })
    }
}

/// An operand of an element-wise operation.
enum VectorOperand {
    /// The address of a vector's elements.
    Elements(Value),
    /// A scalar used for every element.
    Broadcast(Value),
}

impl VectorOperand {
    fn element(&self, lowerer: &mut Lowerer, shape: &Shape, i: u64) -> Value {
        match *self {
            VectorOperand::Elements(a) => {
                let ty = shape.elem.ir_type().expect("a scalar element");
                lowerer.emit(InstData::Load { addr: a, offset: (i * shape.elem_size) as i32 }, ty)
            }
            VectorOperand::Broadcast(v) => v,
        }
    }
}

/// The type of a comparison of vectors of `shape`: as many signed
/// integers of the element's width.
fn comparison_type(shape: &Shape) -> CType {
    let elem = match shape.elem_size {
        1 => IntKind::SChar,
        2 => IntKind::Short,
        4 => IntKind::Int,
        _ => IntKind::Long,
    };
    CType::Vector(Rc::new(CType::Int(elem)), shape.count)
}

/// True for element types that are equal up to the signedness of integers.
fn same_but_signedness(a: &CType, b: &CType) -> bool {
    match (a, b) {
        (CType::Int(x), CType::Int(y)) => x.size() == y.size(),
        _ => a == b,
    }
}
