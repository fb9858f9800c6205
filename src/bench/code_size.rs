//! Static size of a kernel binary, read from its ELF file with the
//! `object` crate: the whole `.text` section (start-up code and, in
//! instrumented builds, the profiling runtime included) and the bytes of
//! the kernel's own functions, the size that instrumentation changes
//! (Frenot & Pereira, CC'24, §4.3 "Discussion–Space").

use object::{Object, ObjectSection, ObjectSymbol, SymbolKind};
use super::own_functions::OwnFunctions;
use std::path::Path;

/// The two sizes of one binary, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeSize {
    pub text: u64,
    /// The sum of the ELF symbol sizes of the kernel's own functions.
    pub functions: u64,
}

/// Reads the sizes of `exe`, counting `functions` as the kernel's own.
pub fn code_size(exe: &Path, functions: &OwnFunctions) -> Result<CodeSize, String> {
    let bytes = std::fs::read(exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("{}: not an object file: {e}", exe.display()))?;
    let text = file.section_by_name(".text").map_or(0, |s| s.size());
    let functions = file
        .symbols()
        .filter(|s| s.kind() == SymbolKind::Text && s.is_definition())
        .filter(|s| s.name().is_ok_and(|name| functions.contains(name)))
        .map(|s| s.size())
        .sum();
    Ok(CodeSize { text, functions })
}
