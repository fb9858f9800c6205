//! GNU `__attribute__`s. Most (`unused`, `noreturn`, `format`,
//! `nonnull`…) do not change what a program computes and are ignored.
//! The ones that change data layout, symbols or program start-up would be
//! silently wrong if ignored, so in user code they are reported as
//! unsupported; in system headers they only decorate declarations the
//! subset does not use, and are ignored.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use lang_c::ast::Extension;
use lang_c::span::Node;

/// Attributes whose meaning nissecc does not implement and must not drop.
const MEANINGFUL: &[&str] = &[
    "packed",
    "aligned",
    "vector_size",
    "mode",
    "transparent_union",
    "constructor",
    "destructor",
    "section",
    "cleanup",
    "alias",
    "weak",
    "weakref",
    "ifunc",
    "scalar_storage_order",
];

impl Lowerer {
    /// Rejects attributes outside the subset (see the module header).
    pub fn check_attributes(&self, extensions: &[Node<Extension>]) -> LowerResult<()> {
        for ext in extensions {
            let Extension::Attribute(attr) = &ext.node else { continue };
            let name = attr.name.node.trim_matches('_');
            if MEANINGFUL.contains(&name) && !self.is_system_header(ext.span) {
                return Err(Diagnostic::unsupported(ext.span, format!("__attribute__(({name}))")));
            }
        }
        Ok(())
    }
}
