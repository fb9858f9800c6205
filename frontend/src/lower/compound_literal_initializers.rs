//! GCC's extension of initializers by compound literals: an object, static
//! or not, initialized by a compound literal of its own type (`static
//! struct point origin = (struct point){0, 0};`, as a macro for a constant
//! value gives it, `static int a[] = (int[]){1, 2, 3};` or `static double
//! d = (double){4};`) is initialized
//! as if by the literal's braced list alone, which is then a constant
//! initializer where C11 §6.7.9p4 would have none (GCC's manual,
//! "Compound Literals"). An array takes the literal's length when the
//! literal has one; GCC rejects a length that differs from the object's,
//! and so does nissecc ("array initializer must be…").

use super::redeclaration::compatible;
use super::{LowerResult, Lowerer};
use crate::types::CType;
use lang_c::ast::{Expression, InitializerListItem};
use lang_c::span::Node;

impl Lowerer {
    /// When `e` is a compound literal whose type matches `ty`, the type its
    /// list initializes (an array of unknown length completed by the
    /// literal's) and the list.
    pub(super) fn compound_literal_list<'a>(&mut self, ty: &CType, e: &'a Node<Expression>) -> LowerResult<Option<(CType, &'a [Node<InitializerListItem>])>> {
        let Expression::CompoundLiteral(literal) = &e.node else { return Ok(None) };
        let literal_ty = self.type_name(&literal.node.type_name)?;
        let list = literal.node.initializer_list.as_slice();
        let initialized = match (ty, &literal_ty) {
            (CType::Array(elem, n), CType::Array(literal_elem, m)) if compatible(&self.types, elem, literal_elem) => match (n, m) {
                (None, _) => CType::Array(elem.clone(), *m),
                (Some(n), Some(m)) if n == m => ty.clone(),
                _ => return Ok(None),
            },
            (CType::Record(_), CType::Record(_)) if compatible(&self.types, ty, &literal_ty) => ty.clone(),
            // `(double){4}`: a braced scalar initializer, `{4}`.
            _ if ty.is_scalar() && compatible(&self.types, ty, &literal_ty) => ty.clone(),
            _ => return Ok(None),
        };
        Ok(Some((initialized, list)))
    }
}
