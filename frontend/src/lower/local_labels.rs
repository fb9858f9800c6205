//! The scopes of GCC's local labels (see `crate::local_labels`, which
//! takes the `__label__` declarations out of the text): each block that
//! declares some gives them names of their own while it is lowered, and
//! every mention of a label resolves its name through the innermost
//! scope that declares it.

use super::{LowerResult, Lowerer};
use crate::local_labels::scoped_name;
use lang_c::ast::BlockItem;
use lang_c::span::{Node, Span};
use std::collections::HashMap;

/// The local labels in scope, innermost last, each mapped to its name in
/// the function's label table.
#[derive(Default)]
pub struct LocalLabelScopes {
    scopes: Vec<HashMap<String, String>>,
    made: usize,
}

impl Lowerer {
    /// Runs `body`, which lowers the block `{ items }` at `span`, in a
    /// scope of its own for identifiers, cleanups and local labels.
    pub fn in_block<R>(&mut self, span: Span, items: &[Node<BlockItem>], body: impl FnOnce(&mut Self) -> LowerResult<R>) -> LowerResult<R> {
        self.scopes.push();
        let height = self.cleanup_height();
        let declares_labels = self.enter_local_labels(span, items);
        let result = body(self);
        if declares_labels {
            self.f().local_labels.scopes.pop();
        }
        self.end_cleanup_scope(height);
        self.scopes.pop();
        result
    }

    /// Opens a scope for the local labels declared at the head of the
    /// block (before its first item); whether there were any.
    fn enter_local_labels(&mut self, span: Span, items: &[Node<BlockItem>]) -> bool {
        let head_end = items.first().map_or(span.end, |item| item.span.start);
        let names: Vec<String> = self
            .local_labels
            .iter()
            .filter(|(at, _)| (span.start..head_end).contains(at))
            .flat_map(|(_, names)| names.iter().cloned())
            .collect();
        if names.is_empty() || self.func.is_none() {
            return false;
        }
        let state = &mut self.f().local_labels;
        state.made += 1;
        let scope = state.made;
        state.scopes.push(names.into_iter().map(|name| (name.clone(), scoped_name(&name, scope))).collect());
        true
    }

    /// The name under which the label written `name` is known here.
    pub fn resolve_label(&mut self, name: &str) -> String {
        let scopes = &self.f().local_labels.scopes;
        scopes.iter().rev().find_map(|scope| scope.get(name).cloned()).unwrap_or_else(|| name.to_string())
    }
}
