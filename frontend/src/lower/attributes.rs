//! GNU `__attribute__`s. Most (`unused`, `noreturn`, `format`, `cold`,
//! `always_inline`, `nonnull`…) do not change what a program computes and
//! are ignored. `packed` and `aligned` change data layout and are honoured
//! on structs, unions, members and variables. `weak` on a variable or
//! function makes its symbol weak: a definition that a strong one elsewhere
//! overrides, or a reference that links without any definition (its
//! address is then null). The remaining ones that change
//! layout, symbols or program start-up would be silently wrong if ignored,
//! so in user code they are reported as unsupported; in system headers they
//! only decorate declarations the subset does not use, and are ignored.
//! `transparent_union` on a union of pointers or integers lets a parameter
//! of its type take any member's value (glibc's socket functions under
//! `_GNU_SOURCE`).
//! `constructor` and `destructor` on a function definition put its address
//! in `.init_array` or `.fini_array` (with a priority, in
//! `.init_array.NNNNN`, which the linker sorts), as GCC does. `section`
//! puts a variable in the named section; on a function it is ignored
//! (the code stays in `.text`). `cleanup` on an automatic variable calls
//! its function when the variable's scope is left (see `cleanup`), and
//! `alias` defines a second symbol for a function or variable, and
//! `symver` a versioned one (see `aliases`).

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, MachineMode};
use lang_c::ast::{Expression, Extension};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{DataObject, DataReloc, Linkage};

/// Attributes whose meaning nissecc does not implement and must not drop.
const UNSUPPORTED: &[&str] = &[
    "ms_struct",
    "weakref",
    "ifunc",
    "scalar_storage_order",
];

/// The priority of a `constructor` or `destructor` without one.
const DEFAULT_PRIORITY: i64 = 65535;

/// The attributes nissecc honours (see `types::Attributes`).
pub use crate::types::Attributes;

/// Whether a function runs before `main` or after it returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StartupRole {
    Constructor,
    Destructor,
}

impl Lowerer {
    /// Registers the function `symbol`, defined with `extensions`, to run
    /// at start-up or exit if it is a `constructor` or `destructor`.
    pub fn register_startup_function(&mut self, symbol: &str, extensions: &[&Node<Extension>]) -> LowerResult<()> {
        for ext in extensions {
            let Extension::Attribute(attr) = &ext.node else { continue };
            let role = match attr.name.node.trim_matches('_') {
                "constructor" => StartupRole::Constructor,
                "destructor" => StartupRole::Destructor,
                _ => continue,
            };
            let array = match role {
                StartupRole::Constructor => ".init_array",
                StartupRole::Destructor => ".fini_array",
            };
            // 65535 is the default priority: GCC puts such a function in
            // the plain array, in source order with those given none.
            let section = match attr.arguments.first() {
                Some(priority) => match self.eval_int(priority)? {
                    DEFAULT_PRIORITY => array.to_string(),
                    priority => format!("{array}.{priority:05}"),
                },
                None => array.to_string(),
            };
            self.put_data(DataObject {
                name: format!("__nissecc{array}.{symbol}"),
                linkage: Linkage::Local,
                readonly: false,
                align: 8,
                bytes: vec![0; 8],
                zero_fill: 0,
                relocs: vec![DataReloc { offset: 0, symbol: symbol.to_string(), addend: 0 }],
                external: false,
                section: Some(section),
                thread_local: false,
            });
        }
        Ok(())
    }

    /// Makes the union `ty` transparent if `attributes` say so (GCC's
    /// `transparent_union`, which glibc puts on the address parameter of
    /// `connect`, `bind`, `accept`… under `_GNU_SOURCE`). Its members
    /// must be passed as its first one is, which holds when they are
    /// pointers or integers of the union's size (the union is then one
    /// INTEGER eightbyte); other unions are unsupported.
    pub fn note_transparent_union(&mut self, ty: &CType, attributes: Attributes, span: Span) -> LowerResult<()> {
        if !attributes.transparent_union {
            return Ok(());
        }
        let CType::Record(id) = ty else {
            return Err(Diagnostic::error_at(span, "'transparent_union' attribute applies to union types only"));
        };
        let record = &self.types.records[*id];
        if !record.is_union {
            return Err(Diagnostic::error_at(span, "'transparent_union' attribute applies to union types only"));
        }
        let size = record.size;
        let passed_as_first = !record.fields.is_empty()
            && record.fields.iter().all(|f| f.bits.is_none() && (f.ty.is_pointer() || f.ty.is_integer()) && self.types.size_of(&f.ty) == Some(size));
        if !passed_as_first {
            return Err(Diagnostic::unsupported(span, "__attribute__((transparent_union)) on a union of members other than pointers and integers of one size"));
        }
        self.types.records[*id].transparent = true;
        Ok(())
    }

    /// Records `symbol` as weak if `attributes` say so. A symbol with
    /// internal linkage cannot be weak (GCC: "weak declaration of 'x'
    /// must be public").
    pub fn note_weak(&mut self, symbol: &str, attributes: Attributes, linkage: Linkage, at: Span) -> LowerResult<()> {
        if !attributes.weak {
            return Ok(());
        }
        if linkage == Linkage::Local {
            return Err(Diagnostic::error_at(at, format!("weak declaration of '{symbol}' must be public")));
        }
        self.weak_symbols.insert(symbol.to_string());
        Ok(())
    }

    /// Records the versioned names `attributes` give `symbol` (`symver`,
    /// see `aliases`). As in GCC, a versioned symbol must have external
    /// linkage.
    pub fn note_symver(&mut self, symbol: &str, attributes: Attributes, linkage: Linkage, at: Span) -> LowerResult<()> {
        let Some(key) = attributes.symver else { return Ok(()) };
        if linkage == Linkage::Local {
            return Err(Diagnostic::error_at(at, "versioned symbol must be public"));
        }
        for name in self.symver_names.get(&key).cloned().unwrap_or_default() {
            self.symvers.push((symbol.to_string(), name, attributes.weak || linkage == Linkage::Weak, at));
        }
        Ok(())
    }

    /// Gives the weak linkage to the module's definitions of the symbols
    /// declared weak ([`Self::note_weak`]), wherever the declaration came.
    pub fn apply_weak_linkage(&mut self) {
        let weak = &self.weak_symbols;
        for func in self.module.functions.iter_mut().filter(|f| f.linkage == Linkage::Export && weak.contains(&f.name)) {
            func.linkage = Linkage::Weak;
        }
        for data in self.module.data.iter_mut().filter(|d| d.linkage == Linkage::Export && weak.contains(&d.name)) {
            data.linkage = Linkage::Weak;
        }
    }

    /// `ty` changed by the attributes that make another type of it:
    /// `mode`, then `vector_size` (see `vectors`).
    pub fn apply_type_attributes(&self, ty: CType, attributes: Attributes, span: Span) -> LowerResult<CType> {
        let ty = match attributes.mode {
            Some(mode) => mode
                .apply(&ty)
                .ok_or_else(|| Diagnostic::error_at(span, format!("invalid mode for type '{}'", self.types.describe(&ty))))?,
            None => ty,
        };
        Ok(match attributes.vector_size {
            Some(size) => self.vector_type(ty, size, span)?,
            None => ty,
        })
    }

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
                "transparent_union" => found.transparent_union = true,
                "weak" => found.weak = true,
                "mode" => {
                    let named = match attr.arguments.first().map(|a| &a.node) {
                        Some(Expression::Identifier(id)) => Some(id.node.name.as_str()),
                        _ => None,
                    };
                    match named.and_then(MachineMode::named) {
                        Some(mode) => found.mode = Some(mode),
                        None if system => {}
                        None => return Err(Diagnostic::unsupported(ext.span, format!("__attribute__((mode({})))", named.unwrap_or("?")))),
                    }
                }
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
                // A variable goes to the named section, where the linker's
                // `__start_NAME` and `__stop_NAME` find it (registration
                // tables); a function stays in `.text`, which changes
                // nothing it computes (LMDB's `section("text_env")`).
                "section" if !system => {
                    let name = string_argument(attr).ok_or_else(|| Diagnostic::error_at(ext.span, "section attribute argument not a string constant"))?;
                    found.section = Some(keyed(&mut self.section_names, ext.span, name));
                }
                "alias" if !system => {
                    let target = string_argument(attr).ok_or_else(|| Diagnostic::error_at(ext.span, "alias argument not a string"))?;
                    found.alias = Some(keyed(&mut self.alias_targets, ext.span, target));
                }
                "symver" if !system => {
                    let name = string_argument(attr).ok_or_else(|| Diagnostic::error_at(ext.span, "symver attribute argument not a string constant"))?;
                    if !name.contains('@') || name.starts_with('@') {
                        return Err(Diagnostic::error_at(ext.span, format!("symver attribute argument '{name}' must have the form 'name@nodename'")));
                    }
                    match found.symver {
                        Some(at) => self.symver_names.entry(at).or_default().push(name),
                        None => found.symver = Some(keyed_list(&mut self.symver_names, ext.span, name)),
                    }
                }
                "cleanup" if !system => {
                    let function = match attr.arguments.first().map(|a| &a.node) {
                        Some(Expression::Identifier(id)) => id.node.name.clone(),
                        _ => return Err(Diagnostic::error_at(ext.span, "cleanup argument not an identifier")),
                    };
                    found.cleanup = Some(keyed(&mut self.cleanup_functions, ext.span, function));
                }
                // GCC's generic vectors, which its intrinsic headers declare
                // their types with too (`typedef long long __m128i
                // __attribute__ ((__vector_size__ (16)))`).
                "vector_size" => {
                    if let Some(e) = attr.arguments.first() {
                        let size = self.eval_int(e)?;
                        if size < 0 {
                            return Err(Diagnostic::error_at(e.span, "'vector_size' attribute argument is negative"));
                        }
                        found.vector_size = Some(size as u64);
                    }
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

/// The string literal that is an attribute's first argument.
fn string_argument(attr: &lang_c::ast::Attribute) -> Option<String> {
    match attr.arguments.first().map(|a| &a.node) {
        Some(Expression::StringLiteral(parts)) => Some(parts.node.iter().map(|p| p.trim_matches('"')).collect()),
        _ => None,
    }
}

/// Records `value` as the first of the list keyed by the attribute written
/// at `span`, and returns the key, as `keyed` does.
fn keyed_list(table: &mut std::collections::HashMap<(usize, usize), Vec<String>>, span: Span, value: String) -> (usize, usize) {
    let at = (span.start, span.end);
    table.insert(at, vec![value]);
    at
}

/// Records `value` under the attribute written at `span`, and returns
/// the key (the attribute's start and end offsets), which `Attributes`
/// keeps in place of the value.
fn keyed(table: &mut std::collections::HashMap<(usize, usize), String>, span: Span, value: String) -> (usize, usize) {
    let at = (span.start, span.end);
    table.insert(at, value);
    at
}
