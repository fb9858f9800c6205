//! Alias symbols (`nissecc_midend::ir::Alias`, from
//! `__attribute__((alias("target")))` and `#pragma weak name = target`): each is added to the finished
//! object as a second symbol with the target's section, address, size and
//! kind, and its own binding: global, weak or local. Cranelift's module
//! has no aliases, so they are written into its `object` directly.

use crate::error::{BackendError, Result};
use cranelift_object::object::write::{Object, Symbol, SymbolFlags, SymbolSection};
use cranelift_object::object::SymbolScope;
use nissecc_midend::ir::{Alias, Linkage};

/// Adds `aliases` to `object`, whose symbols their targets must be.
pub(crate) fn add_aliases(object: &mut Object<'static>, aliases: &[Alias]) -> Result<()> {
    for alias in aliases {
        let target = object
            .symbol_id(alias.target.as_bytes())
            .map(|id| object.symbol(id))
            .filter(|symbol| matches!(symbol.section, SymbolSection::Section(_)))
            .map(|symbol| (symbol.value, symbol.size, symbol.kind, symbol.section))
            .ok_or_else(|| BackendError::new(format!("'{}' aliased to undefined symbol '{}'", alias.name, alias.target)))?;
        let (value, size, kind, section) = target;
        let symbol = Symbol {
            name: alias.name.as_bytes().to_vec(),
            value,
            size,
            kind,
            scope: if alias.linkage == Linkage::Local { SymbolScope::Compilation } else { SymbolScope::Dynamic },
            weak: alias.linkage == Linkage::Weak,
            section,
            flags: SymbolFlags::None,
        };
        // A name the unit also calls (declared, then made an alias by a
        // later `#pragma weak name = target`) is an undefined symbol
        // already, which the relocations of those calls name: it becomes
        // the alias, rather than a second symbol of the same name.
        match object.symbol_id(alias.name.as_bytes()) {
            Some(id) if object.symbol(id).section == SymbolSection::Undefined => *object.symbol_mut(id) = symbol,
            _ => {
                object.add_symbol(symbol);
            }
        }
    }
    Ok(())
}
