//! Lowering of a type-checked lang-c translation unit to a midend module.
//!
//! Type checking and lowering happen in one walk over the AST. Every local
//! variable gets a stack slot; the midend's `mem2reg` later promotes the
//! scalars whose address is never taken to SSA values. Expressions yield
//! an [`Operand`]: an SSA value, or the address of an lvalue.

mod aliases;
mod alloca;
mod asm_wrapper;
mod atomic_objects;
mod atomics;
mod attributes;
mod bit_fields;
mod builtins;
mod cleanup;
mod complex;
mod complex_constants;
mod compound_literal_initializers;
mod constant;
mod convert;
mod declarations;
mod expr;
mod function;
mod generic;
mod initializer;
mod inline_definitions;
mod inline_asm;
mod int128;
mod library_prototypes;
mod local_labels;
mod redeclaration;
mod scope;
mod sixteen_byte_values;
mod sse_float_builtins;
mod sse_instruction_helpers;
mod sse_integer_builtins;
mod unused_functions;
mod unsupported_types;
mod vector_broadcast;
mod vector_shuffle;
mod vectors;
pub(crate) use unsupported_types::ts18661_type;
mod stmt;
mod type_specifiers;
mod varargs;
mod variables;
mod vla;
mod x87;
mod overflow_builtins;
mod packed_enums;

use crate::diagnostic::Diagnostic;
use crate::source_map::SourceMap;
use crate::types::{CType, FuncType, TypeTable};
use lang_c::ast::{FunctionDefinition, TranslationUnit};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{DataObject, ExternFunction, Linkage, Module, Signature};
use scope::Scopes;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

pub(crate) use function::FunctionState;

pub type LowerResult<T> = Result<T, Diagnostic>;

/// Where an operand lives.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    /// An rvalue held in an SSA value (a scalar, or a function designator's
    /// address).
    Value(nissecc_midend::ir::Value),
    /// An object in memory at this address (an lvalue, or a struct value).
    Addr(nissecc_midend::ir::Value),
    /// A bit-field lvalue: its bits in the storage unit at this address,
    /// whose type is the field's declared integer type. The operand's type
    /// is the type of the field's value (`BitField::value_type`).
    BitField(nissecc_midend::ir::Value, crate::types::BitField, crate::types::IntKind),
    /// An atomic scalar object at this address, accessed only through
    /// atomic operations; the operand's type is its value type (see
    /// `atomic_objects`).
    Atomic(nissecc_midend::ir::Value),
    /// The result of a `void` expression.
    Void,
}

/// A typed expression result.
#[derive(Clone, Debug)]
pub struct Operand {
    pub ty: CType,
    pub place: Place,
}

/// A global object or function known to the translation unit.
#[derive(Clone, Debug)]
pub struct GlobalInfo {
    /// The linker symbol (an `__asm__` label may rename a declaration).
    pub symbol: String,
    pub ty: CType,
    pub linkage: Linkage,
    pub defined: bool,
    /// Where it was first declared, for notes on conflicting declarations.
    pub declared_at: Span,
}

/// The state of lowering one translation unit.
pub struct Lowerer {
    pub types: TypeTable,
    pub scopes: Scopes,
    pub module: Module,
    /// Globals and functions by C name.
    pub globals: HashMap<String, GlobalInfo>,
    /// Data objects by symbol, in definition order.
    pub data: BTreeMap<String, DataObject>,
    data_order: Vec<String>,
    /// Functions called or whose address is taken, by symbol.
    pub referenced_functions: HashMap<String, Signature>,
    /// Where each function was first referenced, and the function whose
    /// body referenced it (none at file scope), so that an error in an
    /// inline function of a header is reported where the program uses it.
    first_references: HashMap<String, (Span, Option<String>)>,
    pub func: Option<FunctionState>,
    /// String literal objects by contents (with the terminator) and
    /// element size.
    string_literals: HashMap<(Vec<u8>, usize), String>,
    /// Globals (by C name) that have been given an initializer, so that a
    /// tentative definition may precede the real one but two initializers
    /// may not.
    pub initialized: std::collections::HashSet<String>,
    /// Functions (by symbol) declared in system headers: compiled by
    /// another compiler, so nissecc's struct-by-value convention does not
    /// apply to them.
    pub library_functions: std::collections::HashSet<String>,
    /// The symbols declared `__attribute__((weak))` anywhere in the unit;
    /// like GCC, one weak declaration makes the symbol weak.
    pub weak_symbols: std::collections::HashSet<String>,
    /// `#pragma weak name = target`, with the pragma's span.
    pub weak_aliases: Vec<(String, String, Span)>,
    /// The members declared `volatile`, by record and name, whose
    /// accesses get a compiler barrier (see `Lowerer::volatile_access`).
    pub volatile_members: std::collections::HashSet<(crate::types::RecordId, String)>,
    /// The typedef names of enumerated types, with the enumeration each
    /// names (`Lowerer::enum_identity`): enumerated types are integers to
    /// the rest of the frontend, but two of them are not compatible.
    pub enum_typedefs: HashMap<String, String>,
    /// GNU89 inline rules (`-std=gnu89`, `-ansi`): `extern inline` is the
    /// inline definition (see `inline_definitions`).
    pub gnu_inline: bool,
    /// The functions declared at file scope without `inline` or with
    /// `extern` (see `inline_definitions`).
    externally_declared: std::collections::HashSet<String>,
    /// `-fwrapv`: signed arithmetic wraps, so none is `no_signed_wrap`.
    pub wrapv: bool,
    /// The number of `asm` statements with instructions lowered so far,
    /// which numbers their wrappers.
    asm_count: u64,
    /// Nesting depth of parameter lists being resolved: their outermost
    /// array sizes only decay, so they need not be constant.
    pub parameter_depth: u32,
    /// Attributes written after the body of the struct, union or enum
    /// whose specifiers are being resolved; its layout consumes them.
    pub pending_record_attributes: attributes::Attributes,
    /// `packed` and `aligned(N)` written between `struct`/`union`/`enum`
    /// and the tag, by the offset of the keyword (see `lexical_prepass`).
    pub head_attributes: HashMap<usize, crate::types::Attributes>,
    /// The section names of `section` attributes, by the attribute's
    /// offsets (see `types::Attributes::section`).
    pub section_names: HashMap<(usize, usize), String>,
    /// The function each `__attribute__((cleanup(f)))` names, keyed as
    /// `section_names` are (`Attributes::cleanup`).
    pub cleanup_functions: HashMap<(usize, usize), String>,
    /// The target each `__attribute__((alias("target")))` names, keyed
    /// as `section_names` are (`Attributes::alias`).
    pub alias_targets: HashMap<(usize, usize), String>,
    /// Where each of the module's aliases was declared, in order.
    pub alias_spans: Vec<Span>,
    /// The versioned names of each list of `__attribute__((symver(…)))`,
    /// keyed as `section_names` are (`Attributes::symver`).
    pub symver_names: HashMap<(usize, usize), Vec<String>>,
    /// The versioned names declared so far: the symbol, a versioned name
    /// of it, whether the declaration is weak, and where it was declared.
    pub symvers: Vec<(String, String, bool, Span)>,
    /// The `__label__` declarations, by offset, with the names each
    /// declares (see `crate::local_labels`).
    pub local_labels: Vec<(usize, Vec<String>)>,
    /// The largest member alignment that `#pragma pack` sets from each
    /// offset on (see `pragmas`), in the order of the text.
    pub pack: Vec<(usize, Option<u64>)>,
    /// Alignments written on static objects (`aligned(N)`, `_Alignas`), by
    /// symbol, for `__alignof__` of a variable.
    pub declared_alignments: HashMap<String, u64>,
    /// Tentative definitions of incomplete types (`struct s x;` before
    /// `struct s`'s body), by C name, to define at the end of the unit
    /// if no later declaration does (see `variables`).
    pub incomplete_tentatives: Vec<(String, declarations::Declared)>,
    /// Whether the unit's end is defining them, when no type may still be
    /// incomplete.
    pub completing_tentatives: bool,
    /// What the outermost parameter list resolved last declared.
    pub last_parameter_scope: Option<scope::KeptScope>,
    next_anonymous: u32,
    pub warnings: Vec<Diagnostic>,
    source_map: Rc<SourceMap>,
}

impl Lowerer {
    pub fn new(source_map: Rc<SourceMap>) -> Self {
        let mut scopes = Scopes::new();
        // GCC's builtin `va_list` type, which glibc's headers name in
        // prototypes such as `vprintf`: 24 bytes on x86-64.
        let va_list = CType::Array(Rc::new(CType::Int(crate::types::IntKind::ULong)), Some(3));
        scopes.declare("__builtin_va_list", scope::Symbol::Typedef(va_list));
        Lowerer {
            types: TypeTable::default(),
            scopes,
            module: Module::default(),
            globals: HashMap::new(),
            data: BTreeMap::new(),
            data_order: Vec::new(),
            referenced_functions: HashMap::new(),
            first_references: HashMap::new(),
            func: None,
            string_literals: HashMap::new(),
            initialized: Default::default(),
            library_functions: Default::default(),
            weak_symbols: Default::default(),
            weak_aliases: Vec::new(),
            volatile_members: Default::default(),
            enum_typedefs: Default::default(),
            gnu_inline: false,
            externally_declared: Default::default(),
            wrapv: false,
            asm_count: 0,
            parameter_depth: 0,
            pending_record_attributes: Default::default(),
            head_attributes: HashMap::new(),
            pack: Vec::new(),
            local_labels: Vec::new(),
            section_names: HashMap::new(),
            cleanup_functions: HashMap::new(),
            alias_targets: HashMap::new(),
            alias_spans: Vec::new(),
            symver_names: HashMap::new(),
            symvers: Vec::new(),
            declared_alignments: HashMap::new(),
            last_parameter_scope: None,
            incomplete_tentatives: Vec::new(),
            completing_tentatives: false,
            next_anonymous: 0,
            warnings: Vec::new(),
            source_map,
        }
    }

    /// Lowers a whole translation unit.
    pub fn lower_unit(mut self, unit: &TranslationUnit) -> LowerResult<(Module, Vec<Diagnostic>)> {
        use lang_c::ast::ExternalDeclaration;
        let mut deferred = Vec::new();
        self.externally_declared = inline_definitions::externally_declared(unit);
        for decl in &unit.0 {
            match &decl.node {
                ExternalDeclaration::Declaration(d) => self.lower_global_declaration(d)?,
                ExternalDeclaration::StaticAssert(s) => self.check_static_assert(s)?,
                ExternalDeclaration::FunctionDefinition(f) => {
                    if self.is_deferrable(f) {
                        self.declare_deferred_function(f)?;
                        deferred.push(f);
                    } else {
                        self.lower_function_definition(f)?
                    }
                }
            }
        }
        // Inline functions are compiled only when something uses them, as
        // GCC does; headers define many that rely on GCC builtins.
        loop {
            let used: Vec<_> = deferred
                .iter()
                .copied()
                .filter(|f| self.deferred_name(f).is_some_and(|n| self.referenced_functions.contains_key(&n)))
                .collect();
            if used.is_empty() {
                break;
            }
            deferred.retain(|f| !used.iter().any(|u| std::ptr::eq(*u, *f)));
            for f in used {
                if let Err(error) = self.lower_function_definition(f) {
                    return Err(self.at_first_use(error, f));
                }
            }
        }
        self.declare_pragma_aliases()?;
        self.complete_tentative_definitions()?;
        self.declare_symbol_versions()?;
        self.check_alias_targets()?;
        Ok(self.finish())
    }

    /// Collects data objects and external declarations into the module.
    fn finish(mut self) -> (Module, Vec<Diagnostic>) {
        for name in &self.data_order {
            if let Some(object) = self.data.remove(name) {
                self.module.data.push(object);
            }
        }
        self.apply_weak_linkage();
        let used = self.remove_unused_static_functions();
        let defined: std::collections::HashSet<String> =
            self.module.functions.iter().map(|f| f.name.clone()).collect();
        let mut externs: Vec<ExternFunction> = self
            .referenced_functions
            .iter()
            .filter(|(name, _)| !defined.contains(*name) && used.contains(*name))
            .map(|(name, sig)| ExternFunction { name: name.clone(), signature: sig.clone(), weak: self.weak_symbols.contains(name) })
            .collect();
        externs.sort_by(|a, b| a.name.cmp(&b.name));
        self.module.externs = externs;
        self.fix_unprototyped_calls();
        self.call_mismatched_callees_through_their_address();
        (self.module, self.warnings)
    }

    /// A call through an unprototyped declaration (`int f();`) was given
    /// the promoted argument types and a variadic signature. Once `f` is
    /// defined in this unit, a call whose argument types match the
    /// definition's parameters takes its real signature; any other call
    /// (wrong argument count or types, undefined behaviour that GCC still
    /// compiles) calls `f`'s address with the variadic signature, as the
    /// machine-level call GCC makes.
    fn fix_unprototyped_calls(&mut self) {
        use nissecc_midend::ir::{Callee, InstData};
        let defined: HashMap<String, Signature> =
            self.module.functions.iter().map(|f| (f.name.clone(), f.signature.clone())).collect();
        for func in &mut self.module.functions {
            let blocks: Vec<_> = func.layout.clone();
            for block in blocks {
                let insts = func.blocks[block].insts.clone();
                for inst in insts {
                    let (name, arg_types) = match &func.insts[inst] {
                        InstData::Call { callee: Callee::Direct(name), sig, args } if sig.variadic && sig.params.len() == usize::from(sig.by_value_result.is_some()) => {
                            (name.clone(), args.iter().map(|&a| func.values[a].ty).collect::<Vec<_>>())
                        }
                        _ => continue,
                    };
                    let Some(real) = defined.get(&name) else { continue };
                    if real.variadic {
                        continue;
                    }
                    let same_aggregates = match &func.insts[inst] {
                        InstData::Call { sig, .. } => sig.by_value == real.by_value && sig.by_value_result == real.by_value_result,
                        _ => false,
                    };
                    if real.params == arg_types && same_aggregates {
                        if let InstData::Call { sig, .. } = &mut func.insts[inst] {
                            *sig = real.clone();
                        }
                        continue;
                    }
                    call_through_address(func, block, inst, name);
                }
            }
        }
    }

    /// A direct call whose signature differs from its callee's (a call
    /// through an alias declared with another type than its target's,
    /// which GCC compiles with no more than a warning) calls the callee's
    /// address with the call's own signature, as the machine-level call
    /// GCC makes.
    fn call_mismatched_callees_through_their_address(&mut self) {
        use nissecc_midend::ir::{Callee, InstData};
        let signatures: HashMap<String, Signature> = self
            .module
            .functions
            .iter()
            .map(|f| (f.name.clone(), f.signature.clone()))
            .chain(self.module.externs.iter().map(|e| (e.name.clone(), e.signature.clone())))
            .collect();
        for func in &mut self.module.functions {
            for block in func.layout.clone() {
                for inst in func.blocks[block].insts.clone() {
                    let InstData::Call { callee: Callee::Direct(name), sig, .. } = &func.insts[inst] else { continue };
                    let Some(declared) = signatures.get(name) else { continue };
                    if declared.same_fixed_abi(sig) {
                        continue;
                    }
                    let symbol = name.clone();
                    call_through_address(func, block, inst, symbol);
                }
            }
        }
    }

    /// Adds or replaces a data object, keeping first-definition order.
    pub fn put_data(&mut self, object: DataObject) {
        if !self.data.contains_key(&object.name) {
            self.data_order.push(object.name.clone());
        }
        self.data.insert(object.name.clone(), object);
    }

    /// A fresh symbol for compiler-made objects (string literals, static
    /// locals); the `.` keeps it out of the C namespace.
    pub fn fresh_symbol(&mut self, prefix: &str) -> String {
        self.next_anonymous += 1;
        format!("{prefix}.{}", self.next_anonymous)
    }

    /// The System V classification of an aggregate argument passed by
    /// value. One aligned beyond 16 bytes (`struct __attribute__((aligned(32)))`)
    /// is refused: GCC aligns it to its alignment on the stack, and the
    /// IR's argument placement (`nissecc_midend::ir::abi`) aligns to 16 at
    /// most, so the callee would read the wrong bytes.
    pub fn by_value_argument(&self, ty: &CType, span: Span) -> LowerResult<nissecc_midend::ir::abi::Aggregate> {
        let aggregate = self.types.sysv_aggregate(ty);
        // A GCC vector of 32 or 64 bytes is placed at its alignment, which
        // the argument placement follows.
        if aggregate.align > 16 && !ty.is_vector() {
            return Err(Diagnostic::unsupported(span, format!("an argument aligned to {} bytes passed by value", aggregate.align)));
        }
        Ok(aggregate)
    }

    /// The IR signature of a C function type, rejecting what the subset
    /// leaves out. Structs and unions travel by address in the IR (see
    /// `nissecc_midend::ir::abi`): a struct parameter is the address of
    /// the caller's object, which the callee copies on entry, and a struct
    /// result is written through a hidden first parameter pointing at the
    /// caller's temporary. Their System V classification goes with the
    /// signature, so that the backend passes them as gcc does.
    ///
    /// A parameter of an integer type narrower than `int` (`_Bool`,
    /// `char`, `short`) travels as an `i32` that the caller extends from
    /// the parameter's type (zero for unsigned types and `_Bool`, sign
    /// for signed ones) and the callee truncates. The psABI leaves the
    /// upper bits of such an argument unspecified, but gcc's callers
    /// extend it and clang's callees rely on that (LLVM's `zeroext` and
    /// `signext` parameters), so a callee compiled by clang would read a
    /// narrow argument's stale upper bits otherwise.
    pub fn signature_of(&self, ft: &FuncType, span: Span) -> LowerResult<Signature> {
        let mut sig = Signature::scalars(Vec::new(), None, ft.variadic || ft.unprototyped);
        match &ft.ret {
            CType::Void => {}
            ty if ty.is_memory_value() => {
                sig.params.push(nissecc_midend::ir::Type::PTR);
                sig.by_value_result = Some(self.types.sysv_result(ty));
            }
            CType::Unsupported(what) => return Err(Diagnostic::unsupported(span, what)),
            other => sig.ret = Some(other.ir_type().ok_or_else(|| Diagnostic::unsupported(span, "this return type"))?),
        }
        for p in &ft.params {
            match p.decay() {
                ty if ty.is_memory_value() => {
                    sig.by_value.push((sig.params.len(), self.by_value_argument(&ty, span)?));
                    sig.params.push(nissecc_midend::ir::Type::PTR);
                }
                CType::Unsupported(what) => return Err(Diagnostic::unsupported(span, what)),
                t => sig.params.push(t.parameter_ir_type().ok_or_else(|| Diagnostic::unsupported(span, "this parameter type"))?),
            }
        }
        Ok(sig)
    }

    /// The IR signature of a function definition. A definition's `()` or
    /// identifier list declares its parameters exactly (C11 §6.7.6.3p14),
    /// so only `...` makes it variadic; `params` are the parameter types it
    /// receives (for an old-style definition, the promoted ones).
    pub fn definition_signature(&self, ft: &FuncType, params: &[CType], span: Span) -> LowerResult<Signature> {
        let exact = FuncType { ret: ft.ret.clone(), params: params.to_vec(), variadic: ft.variadic, unprototyped: false };
        self.signature_of(&exact, span)
    }

    /// Records that `symbol` is called or referenced with function type `ft`.
    pub fn reference_function(&mut self, symbol: &str, ft: &Rc<FuncType>, span: Span) -> LowerResult<Signature> {
        let sig = self.signature_of(ft, span)?;
        self.referenced_functions.entry(symbol.to_string()).or_insert_with(|| sig.clone());
        let within = self.func.as_ref().map(|f| f.func.name.clone());
        self.first_references.entry(symbol.to_string()).or_insert((span, within));
        Ok(sig)
    }

    /// An `unsupported:` error inside an inline function that a system
    /// header defines (an intrinsic whose builtin nissecc lacks, say),
    /// moved to where the program first uses that function, through the
    /// header's own inline functions that call it; the header's line
    /// becomes a note. Other errors stay where they are.
    fn at_first_use(&self, error: Diagnostic, definition: &Node<FunctionDefinition>) -> Diagnostic {
        let (Some(span), Some(mut name)) = (error.span, self.deferred_name(definition)) else { return error };
        if !error.message.starts_with("unsupported:") || !self.is_system_header(span) || !self.is_system_header(definition.span) {
            return error;
        }
        let inner = name.clone();
        // A chain of references is finite: each function was referenced
        // before the one it references was compiled.
        for _ in 0..self.first_references.len() {
            let Some((used_at, within)) = self.first_references.get(&name) else { break };
            if !self.is_system_header(*used_at) {
                let header = self.source_map.locate(span.start);
                return Diagnostic::error_at(*used_at, format!("{} (in '{inner}')", error.message))
                    .with_note(format!("'{inner}' uses it at {}:{}:{}", header.file, header.line, header.column));
            }
            let Some(within) = within.clone() else { break };
            name = within;
        }
        error
    }

    /// True when `span` lies in a system header (under `/usr/`).
    pub fn is_system_header(&self, span: Span) -> bool {
        self.source_map.locate(span.start).file.starts_with("/usr/")
    }

    /// The function being lowered.
    pub fn f(&mut self) -> &mut FunctionState {
        self.func.as_mut().expect("inside a function body")
    }
}

/// Makes the direct call `inst` in `block` call `symbol`'s address, with
/// the call's own signature: a machine-level call like GCC's to a function
/// called with another signature than its definition's.
fn call_through_address(func: &mut nissecc_midend::ir::Function, block: nissecc_midend::ir::Block, inst: nissecc_midend::ir::Inst, symbol: String) {
    use nissecc_midend::ir::{Callee, InstData};
    let address = func.insert_before(block, inst, InstData::SymbolAddr { symbol, offset: 0 }, nissecc_midend::ir::Type::PTR);
    if let InstData::Call { callee, .. } = &mut func.insts[inst] {
        *callee = Callee::Indirect(address);
    }
}
