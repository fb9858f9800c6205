//! Generic selection, `_Generic` (C11 §6.5.1.1): the association whose
//! type is compatible with the controlling expression's type, after lvalue
//! conversion, array and function decay, chooses the result; the
//! controlling expression is not evaluated.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::{
    DerivedDeclarator, Expression, GenericAssociation, GenericSelection, PointerQualifier, SpecifierQualifier,
    TypeName, UnaryOperator,
};
use std::rc::Rc;
use lang_c::span::Node;

/// Whether the type a type name denotes is itself qualified (`const
/// int`, `char *const`). The controlling expression's type is unqualified
/// after lvalue conversion, so such an association never matches (C11
/// §6.5.1.1p2 as amended by DR 481).
fn qualified_at_top(t: &TypeName) -> bool {
    let derived = t.declarator.as_ref().map(|d| d.node.derived.as_slice()).unwrap_or(&[]);
    match derived.last().map(|d| &d.node) {
        None => t.specifiers.iter().any(|s| matches!(s.node, SpecifierQualifier::TypeQualifier(_))),
        Some(DerivedDeclarator::Pointer(qualifiers)) => {
            qualifiers.iter().any(|q| matches!(q.node, PointerQualifier::TypeQualifier(_)))
        }
        Some(_) => false,
    }
}

impl Lowerer {
    /// The expression a generic selection chooses.
    pub fn generic_choice<'a>(&mut self, g: &'a Node<GenericSelection>) -> LowerResult<&'a Node<Expression>> {
        let controlling = self.controlling_type(&g.node.expression)?;
        let mut default = None;
        for association in &g.node.associations {
            match &association.node {
                GenericAssociation::Type(t) => {
                    let ty = self.type_name(&t.node.type_name)?;
                    if ty == controlling && !qualified_at_top(&t.node.type_name.node) {
                        return Ok(&t.node.expression);
                    }
                }
                GenericAssociation::Default(e) => default = Some(&**e),
            }
        }
        default.ok_or_else(|| {
            Diagnostic::error_at(g.span, format!("'_Generic' selector of type '{}' is not compatible with any association", self.types.describe(&controlling)))
        })
    }

    /// The type of the controlling expression after lvalue conversion and
    /// decay. Types keep the qualifiers of pointer targets only, so the
    /// qualifiers of a named object are looked up where `&x` or an array
    /// `x` points to them.
    fn controlling_type(&mut self, e: &Node<Expression>) -> LowerResult<CType> {
        let ty = self.type_of_expression(e)?;
        let named = |e: &Node<Expression>| match &e.node {
            Expression::Identifier(id) => Some(id.node.name.clone()),
            _ => None,
        };
        let pointee = match &e.node {
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Address => {
                named(&u.node.operand).map(|name| (name, self.type_of_expression(&u.node.operand)))
            }
            _ if ty.is_array() => named(e).map(|name| (name, Ok(ty.pointee().expect("an array").clone()))),
            _ => None,
        };
        match pointee {
            Some((name, target)) => Ok(CType::Pointer(Rc::new(target?), self.scopes.object_quals(&name))),
            None => Ok(ty.decay()),
        }
    }
}
