//! `__builtin_shuffle` on GCC's generic vectors (GCC manual, "Using Vector
//! Instructions through Built-in Functions"): `__builtin_shuffle(a, mask)`
//! picks `a[mask[i] % N]` for each element, and `__builtin_shuffle(a, b,
//! mask)` picks from the 2N elements of `a` followed by `b`, `mask[i] %
//! 2N`. The mask is a vector of integers of the elements' width and count;
//! the result has `a`'s type. As N is a power of two, the index is the
//! mask element's low bits. The operands are copied side by side into one
//! temporary so that every pick is one load at a computed address.
//!
//! `__builtin_shufflevector(a, b, i0, i1, …)` takes constant indices into
//! the elements of `a` followed by `b`, one per element of the result, a
//! vector of `a`'s element type; an index of -1 leaves its element
//! unspecified (here, as in gcc's code, the element at the same position
//! of `a` and `b` side by side).

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, InstData, Type};

impl Lowerer {
    /// `__builtin_shuffle(a, mask)` or `__builtin_shuffle(a, b, mask)`.
    pub fn lower_vector_shuffle(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        if !(2..=3).contains(&args.len()) {
            return Err(Diagnostic::error_at(span, "'__builtin_shuffle' takes two or three arguments"));
        }
        let mut operands = Vec::new();
        for arg in args {
            operands.push(self.lower_expr(arg)?);
        }
        let mask = operands.pop().expect("two or three arguments");
        let ty = operands[0].ty.clone();
        let (CType::Vector(elem, count), CType::Vector(mask_elem, mask_count)) = (&ty, &mask.ty) else {
            return Err(Diagnostic::error_at(span, "'__builtin_shuffle' arguments must be vectors"));
        };
        let elem_size = self.types.size_of(elem).unwrap_or(1);
        let fits = mask_elem.is_integer() && mask_count == count && self.types.size_of(mask_elem) == Some(elem_size);
        if !fits {
            return Err(Diagnostic::error_at(span, "'__builtin_shuffle' argument vector(s) inner type must have the same size as inner type of the mask"));
        }
        if operands.iter().any(|op| op.ty != ty) {
            return Err(Diagnostic::error_at(span, "'__builtin_shuffle' argument vectors must be of the same type"));
        }
        let (count, elem) = (*count, (**elem).clone());
        let size = elem_size * count;
        // The operands side by side, as one vector of `choices` elements.
        let choices = count * operands.len() as u64;
        let sources = self.vector_temporary(&CType::Vector(std::rc::Rc::new(elem.clone()), choices));
        for (i, op) in operands.iter().enumerate() {
            let src = self.rvalue(op, span)?;
            let at = self.offset_address(sources, (i as u64 * size) as i64);
            self.copy_vector_bytes(at, src, size);
        }
        let mask_addr = self.rvalue(&mask, span)?;
        let dst = self.vector_temporary(&ty);
        let elem_ir = elem.ir_type().expect("a scalar element");
        let mask_ir = mask_elem.ir_type().expect("an integer mask element");
        for i in 0..count {
            let offset = (i * elem_size) as i32;
            let m = self.emit(InstData::Load { addr: mask_addr, offset }, mask_ir);
            let m = self.resize_int(m, mask_ir, Type::I64, false);
            let low_bits = self.iconst(Type::I64, choices as i64 - 1);
            let index = self.binary(BinaryOp::Band, m, low_bits);
            let width = self.iconst(Type::I64, elem_size as i64);
            let scaled = self.binary(BinaryOp::Imul, index, width);
            let from = self.binary(BinaryOp::Iadd, sources, scaled);
            let picked = self.emit(InstData::Load { addr: from, offset: 0 }, elem_ir);
            self.emit_effect(InstData::Store { value: picked, addr: dst, offset });
        }
        Ok(Operand { ty, place: Place::Value(dst) })
    }
}

impl Lowerer {
    /// `__builtin_shufflevector(a, b, indices…)`.
    pub fn lower_vector_shufflevector(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        if args.len() < 3 {
            return Err(Diagnostic::error_at(span, "'__builtin_shufflevector' needs two vectors and at least one index"));
        }
        let a = self.lower_expr(&args[0])?;
        let b = self.lower_expr(&args[1])?;
        let CType::Vector(elem, count) = a.ty.clone() else {
            return Err(Diagnostic::error_at(args[0].span, "'__builtin_shufflevector' arguments must be vectors"));
        };
        if !b.ty.is_vector() || self.types.size_of(&b.ty) != self.types.size_of(&a.ty) || !matches!(&b.ty, CType::Vector(e, _) if *e == elem) {
            return Err(Diagnostic::error_at(args[1].span, "'__builtin_shufflevector' argument vectors must have the same element type"));
        }
        let result_count = (args.len() - 2) as u64;
        if !result_count.is_power_of_two() {
            return Err(Diagnostic::error_at(span, format!("number of elements of the result of '__builtin_shufflevector' ({result_count}) is not a power of two")));
        }
        let mut indices = Vec::new();
        for index in &args[2..] {
            let i = self.eval_int(index)?;
            if i < -1 || i >= 2 * count as i64 {
                return Err(Diagnostic::error_at(index.span, "'__builtin_shufflevector' argument index out of range"));
            }
            // An index of -1 leaves the element unspecified; gcc's code
            // takes the element of the same position of the two operands
            // side by side, which is what programs then print.
            indices.push(if i == -1 { indices.len() as i64 % (2 * count as i64) } else { i });
        }
        let elem_size = self.types.size_of(&elem).unwrap_or(1);
        let (a, b) = (self.rvalue(&a, span)?, self.rvalue(&b, span)?);
        let ty = CType::Vector(elem.clone(), result_count);
        let dst = self.vector_temporary(&ty);
        let elem_ir = elem.ir_type().expect("a scalar element");
        for (i, &index) in indices.iter().enumerate() {
            let offset = (i as u64 * elem_size) as i32;
            let index = index as u64;
            let picked = if index < count {
                self.emit(InstData::Load { addr: a, offset: (index * elem_size) as i32 }, elem_ir)
            } else {
                self.emit(InstData::Load { addr: b, offset: ((index - count) * elem_size) as i32 }, elem_ir)
            };
            self.emit_effect(InstData::Store { value: picked, addr: dst, offset });
        }
        Ok(Operand { ty, place: Place::Value(dst) })
    }
}
