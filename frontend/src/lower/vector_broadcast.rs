//! GCC's rules for a scalar operand of a vector operator (GCC manual,
//! "Using Vector Instructions through Built-in Functions": the scalar is
//! converted to the element type, and "it is an error if the conversion
//! would change the value"), as GCC's `scalar_to_vector` applies them:
//!
//! - a floating scalar never goes with integer elements;
//! - a constant goes when its type is no wider than the element type, or
//!   its value fits the element type (for floating elements: is exact);
//! - any other scalar goes when its type is no wider than the element
//!   type (for floating elements: its precision fits the significand).
//!
//! The count of a shift whose left operand is the vector is not broadcast
//! and takes any integer type.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::{BinaryOperator, Expression};
use lang_c::span::Node;

impl Lowerer {
    /// Checks that `scalar`, of type `scalar_ty`, may be broadcast to the
    /// vector type `vector_ty` as the operand of `op` (its right operand
    /// when `vector_on_left`).
    pub fn check_vector_broadcast(&mut self, op: &BinaryOperator, vector_ty: &CType, scalar_ty: &CType, scalar: &Node<Expression>, vector_on_left: bool) -> LowerResult<()> {
        let CType::Vector(elem, _) = vector_ty else { return Ok(()) };
        let scalar_ty = scalar_ty.decay();
        let shift_count = matches!(op, BinaryOperator::ShiftLeft | BinaryOperator::ShiftRight | BinaryOperator::AssignShiftLeft | BinaryOperator::AssignShiftRight);
        if !scalar_ty.is_arithmetic() || scalar_ty.is_sixteen_byte_scalar() || (shift_count && vector_on_left) {
            return Ok(());
        }
        if elem.is_integer() && scalar_ty.is_floating() {
            return Err(Diagnostic::error_at(scalar.span, "cannot convert value to a vector"));
        }
        let constant = match self.eval_const(scalar) {
            Ok(super::constant::ConstValue::Int(v, _)) => Some(Constant::Int(v)),
            Ok(super::constant::ConstValue::Float(v, _)) => Some(Constant::Float(v)),
            _ => None,
        };
        let scalar_bits = self.types.size_of(&scalar_ty).unwrap_or(8) * 8;
        let elem_bits = self.types.size_of(elem).unwrap_or(8) * 8;
        let fits = match (&**elem, constant) {
            (CType::Int(_), _) if scalar_bits <= elem_bits => true,
            (CType::Int(kind), Some(Constant::Int(v))) => {
                let bits = elem_bits as u32;
                if kind.is_signed() {
                    (-(1i128 << (bits - 1))..(1i128 << (bits - 1))).contains(&(v as i128))
                } else {
                    (0..(1i128 << bits)).contains(&(v as i128))
                }
            }
            (CType::Int(_), _) => false,
            (CType::Float, Some(Constant::Int(v))) => (v as f32) as i64 == v,
            (CType::Float, Some(Constant::Float(v))) => (v as f32) as f64 == v || v.is_nan(),
            (_, Some(_)) => true,
            (elem, None) => match scalar_ty {
                CType::Int(_) => scalar_bits <= significand_bits(elem),
                CType::Double => matches!(elem, CType::Double),
                _ => true,
            },
        };
        if fits {
            return Ok(());
        }
        Err(Diagnostic::error_at(scalar.span, format!(
            "conversion of scalar '{}' to vector '{}' involves truncation",
            self.types.describe(&scalar_ty),
            self.types.describe(vector_ty)
        )))
    }
}

/// The value of a constant scalar operand.
#[derive(Clone, Copy)]
enum Constant {
    Int(i64),
    Float(f64),
}

/// The bits of an integer a floating element holds exactly.
fn significand_bits(elem: &CType) -> u64 {
    match elem {
        CType::Float => 24,
        _ => 53,
    }
}
