//! Inline definitions (C11 §6.7.4p7). A function defined `inline`
//! without `static` is an *inline definition*, which provides no external
//! definition, when every file-scope declaration of it in the unit says
//! `inline` and none says `extern`; another unit (the one with
//! `extern inline int f(int);`) then provides the external definition.
//! Otherwise the definition is external. Under GNU89 rules (`-std=gnu89`,
//! `-ansi`, or the `gnu_inline` attribute, which glibc's headers use) it
//! is the other way round: `extern inline` is the inline definition and
//! plain `inline` the external one.
//!
//! An external definition is emitted and exported even when the unit does
//! not use it; an inline definition is compiled only if used, as a local
//! function, so that it never clashes with the external definition of
//! another unit (which of the two a call reaches is unspecified).

use super::Lowerer;
use lang_c::ast::{
    DeclarationSpecifier, DerivedDeclarator, Extension, ExternalDeclaration, FunctionDefinition, FunctionSpecifier, PointerQualifier,
    StorageClassSpecifier, TranslationUnit,
};
use lang_c::span::Node;
use std::collections::HashSet;

/// The names of the functions that some file-scope declaration of `unit`
/// declares without `inline` or with `extern`: their `inline` definitions
/// are external definitions under C99 rules.
pub fn externally_declared(unit: &TranslationUnit) -> HashSet<String> {
    let mut names = HashSet::new();
    for decl in &unit.0 {
        let ExternalDeclaration::Declaration(d) = &decl.node else { continue };
        let inline = has_inline(&d.node.specifiers);
        let external = has_storage(&d.node.specifiers, StorageClassSpecifier::Extern);
        if inline && !external {
            continue;
        }
        for init in &d.node.declarators {
            let declarator = &init.node.declarator.node;
            if declarator.derived.iter().any(|x| matches!(x.node, DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_))) {
                if let Some(name) = super::function::declarator_name(declarator) {
                    names.insert(name);
                }
            }
        }
    }
    names
}

fn has_inline(specifiers: &[Node<DeclarationSpecifier>]) -> bool {
    specifiers.iter().any(|s| matches!(&s.node, DeclarationSpecifier::Function(f) if f.node == FunctionSpecifier::Inline))
}

fn has_storage(specifiers: &[Node<DeclarationSpecifier>], storage: StorageClassSpecifier) -> bool {
    specifiers.iter().any(|s| matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == storage))
}

/// Whether the definition has the `gnu_inline` attribute: among its
/// specifiers, after its declarator, or after a `*` of its return type,
/// where GCC's headers put it for functions returning pointers
/// (`extern __inline void * __attribute__((__gnu_inline__)) __slwpcb (void)`).
fn has_gnu_inline(def: &Node<FunctionDefinition>) -> bool {
    let attribute_named = |exts: &[Node<Extension>]| {
        exts.iter().any(|e| matches!(&e.node, Extension::Attribute(a) if a.name.node.trim_matches('_') == "gnu_inline"))
    };
    let declarator = &def.node.declarator.node;
    let after_a_pointer = declarator.derived.iter().any(|d| match &d.node {
        DerivedDeclarator::Pointer(qualifiers) => {
            qualifiers.iter().any(|q| matches!(&q.node, PointerQualifier::Extension(exts) if attribute_named(exts)))
        }
        _ => false,
    });
    def.node.specifiers.iter().any(|s| matches!(&s.node, DeclarationSpecifier::Extension(exts) if attribute_named(exts)))
        || attribute_named(&declarator.extensions)
        || after_a_pointer
}

impl Lowerer {
    /// Whether `def` is an inline definition (see the module comment):
    /// `inline`, not `static`, and no external definition by the rules
    /// that apply to it.
    pub fn is_inline_definition(&self, def: &Node<FunctionDefinition>) -> bool {
        let specifiers = &def.node.specifiers;
        if !has_inline(specifiers) || has_storage(specifiers, StorageClassSpecifier::Static) {
            return false;
        }
        let external = has_storage(specifiers, StorageClassSpecifier::Extern);
        if self.gnu_inline || has_gnu_inline(def) {
            return external;
        }
        let declared_elsewhere =
            super::function::declarator_name(&def.node.declarator.node).is_some_and(|name| self.externally_declared.contains(&name));
        !external && !declared_elsewhere
    }
}
