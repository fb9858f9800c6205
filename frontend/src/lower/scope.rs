//! Nested scopes for ordinary identifiers and for struct, union and enum
//! tags (C11 §6.2.1, §6.2.3).

use crate::types::{CType, Quals, RecordId};
use nissecc_midend::ir::StackSlot;
use std::collections::HashMap;

/// What an ordinary identifier names.
#[derive(Clone, Debug)]
pub enum Symbol {
    /// A local variable in a stack slot.
    Local { slot: StackSlot, ty: CType },
    /// A global object, static local or function, by C name in
    /// `Lowerer::globals`, or directly by symbol for static locals.
    Global { symbol: String, ty: CType },
    /// An enumeration constant: its value and type (`int`, or for a
    /// value outside `int`'s range its enumerated type, as in GCC).
    EnumConstant(i64, crate::types::IntKind),
    Typedef(CType),
}

/// What a tag names.
#[derive(Clone, Copy, Debug)]
pub enum Tag {
    Record(RecordId),
    /// An enumeration, with its compatible integer kind.
    Enum(crate::types::IntKind),
}

#[derive(Default)]
struct Scope {
    symbols: HashMap<String, Symbol>,
    tags: HashMap<String, Tag>,
    /// The qualifiers of the qualified objects among `symbols`.
    object_quals: HashMap<String, Quals>,
    /// The alignment written on typedef names among `symbols`
    /// (`typedef struct {…} V __attribute__((aligned(8)));`).
    typedef_aligns: HashMap<String, u64>,
}

/// The declarations of a closed scope: a function definition's parameter
/// list, whose tags and enumeration constants its body sees.
#[derive(Default)]
pub struct KeptScope(Scope);

/// The stack of scopes; index 0 is file scope.
pub struct Scopes {
    stack: Vec<Scope>,
}

impl Scopes {
    pub fn new() -> Self {
        Scopes { stack: vec![Scope::default()] }
    }

    pub fn push(&mut self) {
        self.stack.push(Scope::default());
    }

    pub fn pop(&mut self) {
        self.stack.pop();
    }

    /// Closes the innermost scope and keeps what it declared.
    pub fn pop_kept(&mut self) -> KeptScope {
        KeptScope(self.stack.pop().unwrap_or_default())
    }

    /// Declares again, in the innermost scope, what a closed scope held.
    pub fn restore(&mut self, kept: KeptScope) {
        let scope = self.stack.last_mut().expect("a scope");
        scope.symbols.extend(kept.0.symbols);
        scope.tags.extend(kept.0.tags);
    }


    pub fn declare(&mut self, name: &str, symbol: Symbol) {
        self.stack.last_mut().expect("a scope").symbols.insert(name.to_string(), symbol);
    }

    pub fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.stack.iter().rev().find_map(|s| s.symbols.get(name))
    }

    /// Records the qualifiers of the object just declared as `name` in
    /// the innermost scope.
    pub fn set_object_quals(&mut self, name: &str, quals: Quals) {
        let scope = self.stack.last_mut().expect("a scope");
        if quals == Quals::default() {
            scope.object_quals.remove(name);
        } else {
            scope.object_quals.insert(name.to_string(), quals);
        }
    }

    /// Records the alignment written on the typedef just declared as
    /// `name` in the innermost scope.
    pub fn set_typedef_align(&mut self, name: &str, align: Option<u64>) {
        let scope = self.stack.last_mut().expect("a scope");
        match align {
            Some(align) => scope.typedef_aligns.insert(name.to_string(), align),
            None => scope.typedef_aligns.remove(name),
        };
    }

    /// The alignment written on the typedef `name` where it is visible.
    pub fn typedef_align(&self, name: &str) -> Option<u64> {
        let scope = self.stack.iter().rev().find(|s| s.symbols.contains_key(name))?;
        scope.typedef_aligns.get(name).copied()
    }

    /// The qualifiers of the object `name` denotes where it is visible.
    pub fn object_quals(&self, name: &str) -> Quals {
        let scope = self.stack.iter().rev().find(|s| s.symbols.contains_key(name));
        scope.and_then(|s| s.object_quals.get(name).copied()).unwrap_or_default()
    }

    /// Declares `name` at file scope, whatever scope is open.
    pub fn declare_global(&mut self, name: &str, symbol: Symbol) {
        self.stack[0].symbols.insert(name.to_string(), symbol);
    }

    /// The symbol declared in the innermost scope only.
    pub fn lookup_current(&self, name: &str) -> Option<&Symbol> {
        self.stack.last().and_then(|s| s.symbols.get(name))
    }

    pub fn declare_tag(&mut self, name: &str, tag: Tag) {
        self.stack.last_mut().expect("a scope").tags.insert(name.to_string(), tag);
    }

    pub fn lookup_tag(&self, name: &str) -> Option<Tag> {
        self.stack.iter().rev().find_map(|s| s.tags.get(name).copied())
    }

    pub fn lookup_tag_current(&self, name: &str) -> Option<Tag> {
        self.stack.last().and_then(|s| s.tags.get(name).copied())
    }
}
