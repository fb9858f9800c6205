//! GNU `__attribute__`s. Most (`unused`, `noreturn`, `format`, `cold`,
//! `always_inline`, `nonnull`…) do not change what a program computes and
//! are ignored. `packed` and `aligned` change data layout and are honoured
//! on structs, unions, members and variables. The remaining ones, `weak`
//! among them, that change
//! layout, symbols or program start-up would be silently wrong if ignored,
//! so in user code they are reported as unsupported; in system headers they
//! only decorate declarations the subset does not use, and are ignored.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use lang_c::ast::Extension;
use lang_c::span::Node;

/// Attributes whose meaning nissecc does not implement and must not drop.
const UNSUPPORTED: &[&str] = &[
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

/// The layout attributes found in a list of extensions.
pub use crate::types::LayoutAttributes as Attributes;

impl Lowerer {
    /// Reads the attributes of `extensions`, rejecting those outside the
    /// subset (see the module header).
    pub fn attributes(&mut self, extensions: &[Node<Extension>]) -> LowerResult<Attributes> {
        let mut found = Attributes::default();
        for ext in extensions {
            let Extension::Attribute(attr) = &ext.node else { continue };
            let name = attr.name.node.trim_matches('_');
            let system = self.is_system_header(ext.span);
            match name {
                "packed" => found.packed = true,
                "aligned" => {
                    let align = match attr.arguments.first() {
                        Some(e) => {
                            let n = self.eval_int(e)?;
                            if n <= 0 || (n & (n - 1)) != 0 {
                                return Err(Diagnostic::error_at(e.span, "requested alignment is not a positive power of 2"));
                            }
                            n as u64
                        }
                        None => 16,
                    };
                    found.align = Some(found.align.unwrap_or(1).max(align));
                }
                _ if UNSUPPORTED.contains(&name) && !system => {
                    return Err(Diagnostic::unsupported(ext.span, format!("__attribute__(({name}))")));
                }
                _ => {}
            }
        }
        Ok(found)
    }
}
