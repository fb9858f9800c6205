//! Module-level invariants M1 and M2: unique symbol names and well-formed
//! data objects.

use super::{Errors, VerifierError};
use crate::ir::{Module, Signature};
use crate::text::Entity;
use std::collections::{HashMap, HashSet};

/// The module's symbols by name, built once per verification so that
/// checking a reference is a hash lookup, not a search of the module
/// (which made verifying 20,000 functions quadratic).
pub struct Symbols<'m> {
    signatures: HashMap<&'m str, &'m Signature>,
    data: HashSet<&'m str>,
}

impl<'m> Symbols<'m> {
    pub fn of(module: &'m Module) -> Self {
        let mut signatures = HashMap::new();
        // The first definition wins, as `Module::signature_of` finds it.
        for (name, sig) in module
            .functions
            .iter()
            .map(|f| (f.name.as_str(), &f.signature))
            .chain(module.externs.iter().map(|e| (e.name.as_str(), &e.signature)))
        {
            signatures.entry(name).or_insert(sig);
        }
        Symbols { signatures, data: module.data.iter().map(|d| d.name.as_str()).collect() }
    }

    /// The signature of the function or extern `name`.
    pub fn signature(&self, name: &str) -> Option<&'m Signature> {
        self.signatures.get(name).copied()
    }

    /// True when `name` is a function, extern or data object.
    pub fn is_defined(&self, name: &str) -> bool {
        self.signatures.contains_key(name) || self.data.contains(name)
    }
}

pub(super) fn check(module: &Module, index: &Symbols) -> Vec<VerifierError> {
    let mut all = Vec::new();

    // M1.
    let symbols = module
        .functions
        .iter()
        .map(|f| (f.name.as_str(), "a function"))
        .chain(
            module
                .externs
                .iter()
                .map(|e| (e.name.as_str(), "an extern")),
        )
        .chain(
            module
                .data
                .iter()
                .map(|d| (d.name.as_str(), "a data object")),
        );
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for (name, kind) in symbols {
        if let Some(first) = seen.insert(name, kind) {
            let mut errors = Errors::new(name);
            errors.report(
                Entity::Symbol,
                format!("@{name} is defined twice, as {first} and as {kind}"),
            );
            all.extend(errors.list);
        }
    }

    // M2.
    for data in &module.data {
        let mut errors = Errors::new(&data.name);
        if !data.align.is_power_of_two() {
            errors.report(
                Entity::Symbol,
                format!("alignment {} is not a power of two", data.align),
            );
        }
        if data.external && !(data.bytes.is_empty() && data.zero_fill == 0 && data.relocs.is_empty()) {
            errors.report(
                Entity::Symbol,
                "an extern data object has no bytes and no relocations",
            );
        }
        let mut relocs: Vec<_> = data.relocs.iter().collect();
        relocs.sort_by_key(|r| r.offset);
        for (i, reloc) in relocs.iter().enumerate() {
            let end = reloc.offset as u64 + 8;
            if end > data.bytes.len() as u64 {
                errors.report(
                    Entity::Symbol,
                    format!(
                        "the relocation at offset {} runs past the end of the object's {} initialized bytes",
                        reloc.offset,
                        data.bytes.len()
                    ),
                );
            }
            if relocs
                .get(i + 1)
                .is_some_and(|next| (next.offset as u64) < end)
            {
                errors.report(
                    Entity::Symbol,
                    format!(
                        "the relocation at offset {} overlaps the next one",
                        reloc.offset
                    ),
                );
            }
            if !index.is_defined(&reloc.symbol) {
                errors.report(
                    Entity::Symbol,
                    format!(
                        "the relocation at offset {} names @{}, which the module does not define",
                        reloc.offset, reloc.symbol
                    ),
                );
            }
        }
        all.extend(errors.list);
    }
    all
}
