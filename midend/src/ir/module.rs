//! A module: the unit the compiler hands from frontend to backend, one per
//! translation unit. It holds function definitions, declarations of the
//! external functions they call, and data objects (globals, static locals,
//! string literals).

use super::function::{Function, Linkage};
use super::types::Signature;

/// A function the module calls but does not define.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternFunction {
    pub name: String,
    pub signature: Signature,
    /// A weak reference (`__attribute__((weak))` on a declaration): the
    /// program links without a definition, and the function's address is
    /// then null.
    pub weak: bool,
}

/// A relocation inside a data object: at `offset` the object holds the
/// 64-bit address of `symbol` plus `addend` (for `int *p = &g[4][1];`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataReloc {
    pub offset: u32,
    pub symbol: String,
    pub addend: i64,
}

/// A data object; its bytes are its initial contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataObject {
    pub name: String,
    pub linkage: Linkage,
    /// Placed in read-only memory (string literals, `const` globals).
    pub readonly: bool,
    pub align: u32,
    pub bytes: Vec<u8>,
    /// Zero bytes that follow `bytes`, kept as a count so that a large
    /// zero-initialized object (`static char big[1L << 38];`) is never
    /// materialized: it goes to `.bss` as gcc puts it. The object's size
    /// is `bytes.len() + zero_fill`.
    pub zero_fill: u64,
    pub relocs: Vec<DataReloc>,
    /// A declaration of a data object defined in another translation unit
    /// (`extern int x;`); its `bytes` are empty.
    pub external: bool,
    /// The object-file section to place the object in, instead of the one
    /// its kind implies (`.data`, `.rodata`, ...). Instrumentation puts its
    /// per-function records in one named section that the runtime walks.
    pub section: Option<String>,
    /// A thread-local object (`_Thread_local`, `__thread`): each thread
    /// has its own copy, initialized with the object's bytes, and its
    /// address is computed per thread (`SymbolAddr` of it is not a link-time
    /// constant, and no data relocation may refer to it).
    pub thread_local: bool,
}

impl DataObject {
    /// A local, read-only object holding `bytes` (a string constant).
    pub fn read_only(name: impl Into<String>, bytes: Vec<u8>) -> Self {
        DataObject {
            name: name.into(),
            linkage: Linkage::Local,
            readonly: true,
            align: 1,
            bytes,
            zero_fill: 0,
            relocs: vec![],
            external: false,
            section: None,
            thread_local: false,
        }
    }

    /// The object's size in bytes.
    pub fn size(&self) -> u64 {
        self.bytes.len() as u64 + self.zero_fill
    }
}

/// A function written in assembly: the wrapper that runs one inline `asm`
/// statement's instructions (see the frontend's `inline_asm`). `text` is
/// GNU assembler source defining the global, hidden symbol `name`; the
/// backend assembles it into the module's object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssemblyFunction {
    pub name: String,
    pub text: String,
}

/// A second symbol at the address of a function or data object the
/// module defines (`__attribute__((alias("target")))`), with its own
/// linkage: `Export`, `Weak` or `Local`. The text format does not keep
/// aliases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    pub name: String,
    pub target: String,
    pub linkage: Linkage,
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    /// The translation unit's file name as the driver was given it. It
    /// qualifies the profile names of `static` functions
    /// ([`crate::profile::profile_name`]).
    pub source_file: String,
    pub functions: Vec<Function>,
    pub externs: Vec<ExternFunction>,
    pub data: Vec<DataObject>,
    /// Functions written in assembly, which the functions call as externs.
    pub assembly: Vec<AssemblyFunction>,
    pub aliases: Vec<Alias>,
}

impl Module {
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    pub fn function_mut(&mut self, name: &str) -> Option<&mut Function> {
        self.functions.iter_mut().find(|f| f.name == name)
    }

    /// The signature of a callee by name: a defined function or an extern.
    pub fn signature_of(&self, name: &str) -> Option<&Signature> {
        self.function(name)
            .map(|f| &f.signature)
            .or_else(|| self.externs.iter().find(|e| e.name == name).map(|e| &e.signature))
    }
}
