//! Shows verifier errors in the text of the IR, each as a `; error:` line
//! under the entity it concerns, as Cranelift's `print_errors.rs` does.
//!
//! An error about an entity that does not print (a block outside the
//! layout, an instruction in no block) goes under its symbol's header,
//! naming the entity; an error about a symbol that does not print goes at
//! the end.

use super::VerifierError;
use crate::ir::{Function, Module};
use crate::text::{print_function_annotated, print_module_annotated, Annotator, Entity};
use std::collections::{HashMap, HashSet};

/// The text of `func` with `errors` under the entities they concern.
pub fn print_errors(func: &Function, errors: &[VerifierError]) -> String {
    let printed = HashMap::from([(func.name.as_str(), printed_entities(func))]);
    let comments = ErrorComments { errors, printed };
    let text = print_function_annotated(func, &comments);
    text + &comments.leftovers()
}

/// The text of `module` with `errors` under the entities they concern.
pub fn print_module_errors(module: &Module, errors: &[VerifierError]) -> String {
    let mut printed: HashMap<&str, HashSet<Entity>> = HashMap::new();
    for func in &module.functions {
        printed.insert(&func.name, printed_entities(func));
    }
    for name in module
        .externs
        .iter()
        .map(|e| &e.name)
        .chain(module.data.iter().map(|d| &d.name))
    {
        printed.insert(name, HashSet::from([Entity::Symbol]));
    }
    let comments = ErrorComments { errors, printed };
    let text = print_module_annotated(module, &comments);
    text + &comments.leftovers()
}

/// The entities of `func` that the printer shows.
fn printed_entities(func: &Function) -> HashSet<Entity> {
    let mut printed = HashSet::from([Entity::Symbol]);
    printed.extend(func.stack_slots.keys().map(Entity::StackSlot));
    for &block in &func.layout {
        printed.insert(Entity::Block(block));
        if let Some(data) = func.blocks.get(block) {
            printed.extend(data.insts.iter().map(|&i| Entity::Inst(i)));
        }
    }
    printed
}

struct ErrorComments<'a> {
    errors: &'a [VerifierError],
    /// The entities that print, per symbol.
    printed: HashMap<&'a str, HashSet<Entity>>,
}

impl ErrorComments<'_> {
    /// The lines for the errors whose symbol does not print.
    fn leftovers(&self) -> String {
        self.errors
            .iter()
            .filter(|e| !self.printed.contains_key(e.symbol.as_str()))
            .map(|e| format!("; error: {e}\n"))
            .collect()
    }
}

impl Annotator for ErrorComments<'_> {
    fn below(&self, symbol: &str, entity: Entity) -> Vec<String> {
        let Some(printed) = self.printed.get(symbol) else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        for error in self.errors.iter().filter(|e| e.symbol == symbol) {
            if error.location == entity {
                lines.push(format!("error: {}", error.message));
            } else if entity == Entity::Symbol && !printed.contains(&error.location) {
                lines.push(format!("error: {}: {}", error.location, error.message));
            }
        }
        lines
    }
}
