//! Generic selection, `_Generic` (C11 §6.5.1.1): the association whose
//! type is compatible with the controlling expression's type, after lvalue
//! conversion, array and function decay, chooses the result; the
//! controlling expression is not evaluated.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use lang_c::ast::{Expression, GenericAssociation, GenericSelection};
use lang_c::span::Node;

impl Lowerer {
    /// The expression a generic selection chooses.
    pub fn generic_choice<'a>(&mut self, g: &'a Node<GenericSelection>) -> LowerResult<&'a Node<Expression>> {
        let controlling = self.type_of_expression(&g.node.expression)?.decay();
        let mut default = None;
        for association in &g.node.associations {
            match &association.node {
                GenericAssociation::Type(t) => {
                    if self.type_name(&t.node.type_name)? == controlling {
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
}
