//! `__attribute__((alias("target")))` (GCC manual, "Common Function
//! Attributes") and `#pragma weak name = target` ("Weak Pragmas", a weak
//! alias of a name declared before or not at all): the declaration defines its symbol as a second name of
//! `target`, a function or variable this translation unit defines, with
//! the declaration's own linkage (`static`, or `weak`, or exported). In
//! the unit, the declared name then stands for `target` itself (its
//! symbol is `target`, as an `__asm__` label would make it); the alias
//! symbol is written into the object file at `target`'s address
//! (`ir::Alias`). A target the unit does not define is an error, as in
//! GCC.
//!
//! `__attribute__((symver("name@VERSION")))` (GCC manual, "Common
//! Function Attributes") on a function or variable the unit defines gives
//! it a versioned name, which is an alias too (see
//! `declare_symbol_versions`).

use super::declarations::{Declared, Storage};
use super::scope::Symbol;
use super::{GlobalInfo, LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::span::Span;
use nissecc_midend::ir::{Alias, Linkage};

impl Lowerer {
    /// Declares `name` as an alias of the target its `alias` attribute
    /// names, when it has one; returns whether it did.
    pub(super) fn declare_alias(&mut self, name: &str, declared: &Declared, storage: Storage) -> LowerResult<bool> {
        let Some(at) = declared.attributes.alias else { return Ok(false) };
        let target = self.alias_targets.get(&at).cloned().expect("recorded with the attribute");
        self.check_redeclaration(name, &declared.ty, declared.name_span)?;
        let linkage = match (storage, declared.attributes.weak) {
            (Storage::Static, _) => Linkage::Local,
            (_, true) => Linkage::Weak,
            _ => Linkage::Export,
        };
        let symbol = declared.asm_label.clone().unwrap_or_else(|| name.to_string());
        if let CType::Function(ft) = &declared.ty {
            // An inline target is compiled only when referenced.
            self.reference_function(&target, ft, declared.name_span)?;
        }
        self.globals.insert(name.to_string(), GlobalInfo {
            symbol: target.clone(),
            ty: declared.ty.clone(),
            linkage,
            defined: true,
            declared_at: declared.name_span,
        });
        self.scopes.declare(name, Symbol::Global { symbol: target.clone(), ty: declared.ty.clone() });
        self.note_symver(&target, declared.attributes, linkage, declared.name_span)?;
        self.module.aliases.push(Alias { name: symbol, target, linkage });
        self.alias_spans.push(Span { start: at.0, end: at.1 });
        Ok(true)
    }

    /// Makes each `#pragma weak name = target` of the unit (see
    /// `crate::pragmas`) a weak alias of `target`'s symbol. A `name` the
    /// unit defines itself is an error, as in GCC.
    pub(super) fn declare_pragma_aliases(&mut self) -> LowerResult<()> {
        for (name, target, span) in std::mem::take(&mut self.weak_aliases) {
            if self.globals.get(&name).is_some_and(|g| g.defined) {
                return Err(Diagnostic::error_at(span, format!("'{name}' defined both normally and as a weak alias of '{target}'")));
            }
            let symbol = self.globals.get(&name).map_or(name.clone(), |g| g.symbol.clone());
            let target = self.globals.get(&target).map_or(target.clone(), |g| g.symbol.clone());
            self.module.aliases.push(Alias { name: symbol, target, linkage: Linkage::Weak });
            self.alias_spans.push(span);
        }
        Ok(())
    }

    /// Makes each versioned name of a symbol (`symver`, noted by
    /// `note_symver`) an alias of it: the assembler, given GCC's
    /// `.symver foo_1, foo@VERS_1`, writes a second symbol named
    /// `foo@VERS_1` at `foo_1`'s address, which the linker reads as the
    /// version of `foo` (with `@@`, the default one). The symbol must be
    /// defined in the unit, as in GCC.
    pub(super) fn declare_symbol_versions(&mut self) -> LowerResult<()> {
        let mut seen = std::collections::HashSet::new();
        for (symbol, name, weak, span) in std::mem::take(&mut self.symvers) {
            if !seen.insert(name.clone()) {
                continue;
            }
            let defined = self.module.functions.iter().any(|f| f.name == symbol)
                || self.data.get(&symbol).is_some_and(|d| !d.external)
                || self.module.aliases.iter().any(|a| a.name == symbol);
            if !defined {
                return Err(Diagnostic::error_at(span, format!("symbol '{symbol}' needs to be defined to have a version")));
            }
            let linkage = if weak || self.weak_symbols.contains(&symbol) { Linkage::Weak } else { Linkage::Export };
            let target = self.module.aliases.iter().find(|a| a.name == symbol).map_or(symbol, |a| a.target.clone());
            self.module.aliases.push(Alias { name, target, linkage });
            self.alias_spans.push(span);
        }
        Ok(())
    }

    /// Checks that every alias's target is defined in the unit.
    pub(super) fn check_alias_targets(&self) -> LowerResult<()> {
        for (alias, span) in self.module.aliases.iter().zip(&self.alias_spans) {
            let defined = self.module.functions.iter().any(|f| f.name == alias.target) || self.data.contains_key(&alias.target);
            if !defined {
                return Err(Diagnostic::error_at(*span, format!("'{}' aliased to undefined symbol '{}'", alias.name, alias.target)));
            }
        }
        Ok(())
    }
}
