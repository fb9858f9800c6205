//! Function definitions: parameters, the body's control-flow context
//! (break/continue targets, switch cases, labels) and block bookkeeping.

use super::declarations::Storage;
use super::scope::Symbol;
use super::{GlobalInfo, LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, FuncType};
use lang_c::ast::{FunctionDefinition, Statement};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{Block, BlockCall, Function, InstData, Linkage, Type};
use std::collections::HashMap;
use std::rc::Rc;

/// The cases collected while lowering a `switch` body.
pub struct SwitchContext {
    /// The promoted type of the controlling expression.
    pub ty: CType,
    pub cases: Vec<(i64, Block, Span)>,
    /// Where each value of `cases` was written, to find a repeated one
    /// without a search (`gcc.c-torture/compile/limits-caselabels` has
    /// 100,000 labels).
    pub case_spans: std::collections::HashMap<i64, Span>,
    /// GNU case ranges, `case lo ... hi:`, with their bounds as values
    /// of `ty`.
    pub ranges: Vec<CaseRangeLabel>,
    pub default: Option<Block>,
}

/// One `case lo ... hi:` label.
pub struct CaseRangeLabel {
    pub low: i64,
    pub high: i64,
    pub block: Block,
    pub span: Span,
}

/// A label's block, and where it was first used and defined.
pub struct LabelInfo {
    pub block: Block,
    pub defined: bool,
    pub first_use: Span,
}

/// State of the function being lowered.
pub struct FunctionState {
    pub func: Function,
    /// The block new instructions go to.
    pub current: Block,
    pub return_type: CType,
    pub name: String,
    pub break_targets: Vec<Block>,
    pub continue_targets: Vec<Block>,
    pub switches: Vec<SwitchContext>,
    pub labels: HashMap<String, LabelInfo>,
    pub static_count: u32,
    /// Where a function returning a struct writes its result.
    pub struct_return: Option<nissecc_midend::ir::Value>,
    /// The slots holding the heap objects of variable-length arrays.
    pub vla_objects: Vec<nissecc_midend::ir::StackSlot>,
    /// The labels whose address is taken (`&&label`): the address of the
    /// label at index i is the integer i + 1 (see `labels_as_values`).
    pub address_taken_labels: Vec<Block>,
    /// The block every `goto *p` jumps to, with `p` as its parameter.
    pub computed_goto: Option<Block>,
    /// The register save area of a variadic definition.
    pub varargs: Option<super::varargs::VarargsFrame>,
    /// The slot holding the chain of `alloca` blocks (see `alloca`).
    pub alloca_chain: Option<nissecc_midend::ir::StackSlot>,
    /// The source line of the code emitted next (0 when it is not in the
    /// function's file), recorded on every block that gets code of it
    /// (`Function::block_source_lines`).
    pub line: u32,
    /// The variables with a cleanup function (see `cleanup`).
    pub cleanups: super::cleanup::CleanupState,
    /// The blocks' local labels in scope (see `local_labels`).
    pub local_labels: super::local_labels::LocalLabelScopes,
    /// The temporaries holding vector comparison results, whose type is
    /// GCC's opaque vector type (see `vectors`).
    pub opaque_vectors: std::collections::HashSet<nissecc_midend::ir::Value>,
    /// The alignment that `aligned(N)`, `_Alignas` or an aligned typedef
    /// gave a local's slot, which `__alignof__` of the variable reports
    /// (the slot may be aligned further, as the psABI aligns arrays).
    pub declared_alignments: HashMap<nissecc_midend::ir::StackSlot, u64>,
}

impl FunctionState {
    /// A state for lowering expressions only to learn their types.
    pub fn scratch() -> Self {
        let mut func = Function::new("<scratch>", Default::default(), Linkage::Local);
        let current = func.create_block();
        FunctionState {
            func,
            current,
            return_type: CType::Void,
            name: String::new(),
            break_targets: Vec::new(),
            continue_targets: Vec::new(),
            switches: Vec::new(),
            labels: HashMap::new(),
            static_count: 0,
            struct_return: None,
            vla_objects: Vec::new(),
            address_taken_labels: Vec::new(),
            computed_goto: None,
            varargs: None,
            alloca_chain: None,
            line: 0,
            cleanups: Default::default(),
            local_labels: Default::default(),
            opaque_vectors: Default::default(),
            declared_alignments: HashMap::new(),
        }
    }
}

impl Lowerer {
    /// True for definitions compiled only if used: `inline` functions and
    /// `static` functions of system headers.
    pub fn is_deferrable(&self, def: &Node<FunctionDefinition>) -> bool {
        use lang_c::ast::{DeclarationSpecifier, FunctionSpecifier, StorageClassSpecifier};
        let inline = def.node.specifiers.iter().any(|s| matches!(&s.node, DeclarationSpecifier::Function(f) if f.node == FunctionSpecifier::Inline));
        let is_static = def.node.specifiers.iter().any(|s| matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == StorageClassSpecifier::Static));
        // An inline function that is an external definition is emitted
        // even when unused (see `inline_definitions`).
        (inline && (is_static || self.is_inline_definition(def))) || (is_static && self.is_system_header(def.span))
    }

    /// The name a deferred definition declares.
    pub fn deferred_name(&self, def: &Node<FunctionDefinition>) -> Option<String> {
        let name = declarator_name(&def.node.declarator.node)?;
        self.globals.get(&name).map(|g| g.symbol.clone())
    }

    /// Declares a deferred definition's function so that calls resolve.
    pub fn declare_deferred_function(&mut self, def: &Node<FunctionDefinition>) -> LowerResult<()> {
        let base = self.base_type(&def.node.specifiers, def.span)?;
        let declared = self.declarator(base.ty, base.quals, &def.node.declarator)?;
        let Some(name) = declared.name.clone() else { return Ok(()) };
        let linkage = if base.storage == Storage::Static { Linkage::Local } else { Linkage::Export };
        let declared_at = declared.name_span;
        self.globals.entry(name.clone()).or_insert(GlobalInfo { symbol: name.clone(), ty: declared.ty.clone(), linkage, defined: false, declared_at });
        self.scopes.declare(&name, Symbol::Global { symbol: name.clone(), ty: declared.ty });
        Ok(())
    }

    pub fn lower_function_definition(&mut self, def: &Node<FunctionDefinition>) -> LowerResult<()> {
        let base = self.base_type(&def.node.specifiers, def.span)?;
        self.last_parameter_scope = None;
        let declared = self.declarator(base.ty, base.quals, &def.node.declarator)?;
        let parameter_scope = self.last_parameter_scope.take();
        let name = declared.name.clone().expect("a function definition has a name");
        if base.thread_local {
            return Err(Diagnostic::error_at(declared.name_span, format!("function '{name}' declared thread-local")));
        }
        let CType::Function(ft) = &declared.ty else {
            return Err(Diagnostic::error_at(declared.name_span, format!("'{name}' is not a function")));
        };
        let ft = ft.clone();
        // The parameters as the body sees them, and as the caller passes
        // them: an old-style definition receives its parameters promoted
        // (C11 §6.5.2.2p6) and converts them to their declared types. As
        // in GCC, a prototype in scope overrides the promotions: callers
        // pass `float arg` of `float f(float); float f(arg) float arg; …`
        // as a `float`.
        let (param_types, received) = if ft.unprototyped {
            let declared_types = self.old_style_parameters(def, &declared)?;
            let received = match self.globals.get(&name).map(|g| &g.ty) {
                Some(CType::Function(p)) if !p.unprototyped && !p.variadic && p.params.len() == declared_types.len() => p.params.clone(),
                _ => declared_types.iter().map(promoted_argument_type).collect::<Vec<_>>(),
            };
            (declared_types, received)
        } else {
            (ft.params.clone(), ft.params.clone())
        };
        let sig = self.definition_signature(&ft, &received, declared.name_span)?;
        let extensions: Vec<&Node<lang_c::ast::Extension>> = def
            .node
            .specifiers
            .iter()
            .filter_map(|s| match &s.node {
                lang_c::ast::DeclarationSpecifier::Extension(exts) => Some(exts.iter()),
                _ => None,
            })
            .flatten()
            .chain(def.node.declarator.node.extensions.iter())
            .collect();
        self.register_startup_function(&name, &extensions)?;
        if let Some(existing) = self.globals.get(&name) {
            if existing.defined {
                return Err(Diagnostic::error_at(declared.name_span, format!("redefinition of '{name}'"))
                    .with_note(format!("{}: previous definition of '{name}' is here", self.location_text(existing.declared_at))));
            }
        }
        self.check_redeclaration(&name, &declared.ty, declared.name_span)?;
        let linkage = match (base.storage, self.globals.get(&name)) {
            (Storage::Static, _) => Linkage::Local,
            // An inline definition must not clash with the external
            // definition another unit provides.
            _ if self.is_inline_definition(def) => Linkage::Local,
            (_, Some(previous)) => previous.linkage,
            _ => Linkage::Export,
        };
        self.note_weak(&name, base.attributes.merge(declared.attributes), linkage, declared.name_span)?;
        // A prototype seen earlier stays the type callers use when the
        // definition is old-style.
        let ty = match self.globals.get(&name).map(|g| &g.ty) {
            Some(previous @ CType::Function(p)) if ft.unprototyped && !p.unprototyped => previous.clone(),
            _ => declared.ty.clone(),
        };
        let symbol = self.linker_symbol(&name, &declared);
        self.note_symver(&symbol, base.attributes.merge(declared.attributes), linkage, declared.name_span)?;
        self.globals.insert(
            name.clone(),
            GlobalInfo { symbol: symbol.clone(), ty: ty.clone(), linkage, defined: true, declared_at: declared.name_span },
        );
        self.scopes.declare(&name, Symbol::Global { symbol: symbol.clone(), ty });

        let mut func = Function::new(symbol, sig.clone(), linkage);
        let entry = func.create_block();
        let mut params: Vec<_> = nissecc_midend::ir::varargs::entry_params(&sig).into_iter().map(|t| func.append_block_param(entry, t)).collect();
        let unnamed_registers = params.split_off(sig.params.len());
        // The definition's line is the entry's, as gcov counts a
        // function's calls on the line of its name.
        func.source_file = self.source_map.locate(declared.name_span.start).file;
        self.func = Some(FunctionState { func, current: entry, return_type: ft.ret.clone(), name: name.clone(), ..FunctionState::scratch() });
        self.set_code_line(declared.name_span.start);
        self.note_code_line();
        if sig.variadic {
            let frame = self.save_unnamed_registers(&sig, &unnamed_registers);
            self.f().varargs = Some(frame);
        }
        self.scopes.push();
        if let Some(kept) = parameter_scope {
            self.scopes.restore(kept);
        }
        let mut params = params.into_iter();
        if ft.ret.is_memory_value() {
            self.f().struct_return = params.next();
        }
        for (((param_name, span), (value, ty)), passed) in declared.param_names.iter().zip(params.zip(param_types.iter())).zip(&received) {
            let Some(param_name) = param_name else { continue };
            let slot = self.local_slot(ty, *span)?;
            let addr = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
            if ty.is_memory_value() && passed == ty {
                // The callee's copy of a struct or `long double` passed by
                // value.
                let size = self.types.size_of(ty).unwrap_or(0);
                self.copy_bytes(addr, value, size);
            } else {
                let value = self.truncate_narrow_parameter(value, passed);
                let value = self.convert(value, passed, ty, *span)?;
                self.store_typed(ty, value, addr);
            }
            self.scopes.declare(param_name, Symbol::Local { slot, ty: ty.clone() });
        }
        self.resolve_variably_modified_parameters(&def.node.declarator)?;
        let func_name_symbol = self.func_name_object(&name);
        self.scopes.declare("__func__", func_name_symbol.clone());
        self.scopes.declare("__FUNCTION__", func_name_symbol.clone());
        self.scopes.declare("__PRETTY_FUNCTION__", func_name_symbol);
        let body = match &def.node.statement.node {
            Statement::Compound(items) => items,
            _ => unreachable!("a function body is a compound statement"),
        };
        let height = self.cleanup_height();
        let result = self.lower_block_items(body);
        self.end_cleanup_scope(height);
        self.scopes.pop();
        result?;
        if !self.current_terminated() {
            // Falling off the end returns at the closing brace.
            self.set_code_line(def.node.statement.span.end.saturating_sub(1));
            self.note_code_line();
        }
        self.finish_function(&ft)
    }

    /// Parameters such as `int a[n][m]` point to arrays whose lengths name
    /// earlier parameters (C11 §6.7.6.2, §6.9.1p10): in the prototype they
    /// were left without a length; now that the parameters have values,
    /// their declarators are resolved again, which evaluates the lengths.
    fn resolve_variably_modified_parameters(&mut self, declarator: &Node<lang_c::ast::Declarator>) -> LowerResult<()> {
        let Some(fd) = function_declarator(&declarator.node) else { return Ok(()) };
        for p in &fd.node.parameters {
            let Some(d) = &p.node.declarator else { continue };
            let Some(name) = declarator_name(&d.node) else { continue };
            let Some(Symbol::Local { slot, ty }) = self.scopes.lookup_current(&name).cloned() else { continue };
            if !has_unknown_length(&ty) {
                // `int a[i++]` adjusts to `int *a`, but its size is still
                // evaluated on entry, side effects included.
                for derived in &d.node.derived {
                    if let lang_c::ast::DerivedDeclarator::Array(array) = &derived.node {
                        if let lang_c::ast::ArraySize::VariableExpression(size) = &array.node.size {
                            if self.eval_int(size).is_err() {
                                self.lower_expr(size)?;
                            }
                        }
                    }
                }
                continue;
            }
            let base = self.base_type(&p.node.specifiers, p.span)?;
            let saved = std::mem::replace(&mut self.parameter_depth, 0);
            let resolved = self.declarator(base.ty, base.quals, d);
            self.parameter_depth = saved;
            let ty = resolved?.ty.decay();
            self.scopes.declare(&name, Symbol::Local { slot, ty });
        }
        Ok(())
    }

    /// The parameter types of an old-style definition, `f(a, b) char *a;
    /// { … }`, in the order of its identifier list: each as its
    /// declaration list gives it (adjusted like a prototype's parameters),
    /// or `int` when it has no declaration (C89's implicit int).
    fn old_style_parameters(&mut self, def: &Node<FunctionDefinition>, declared: &super::declarations::Declared) -> LowerResult<Vec<CType>> {
        let mut types: Vec<Option<CType>> = vec![None; declared.param_names.len()];
        self.parameter_depth += 1;
        let result = (|| {
            for declaration in &def.node.declarations {
                let base = self.base_type(&declaration.node.specifiers, declaration.span)?;
                for init in &declaration.node.declarators {
                    let param = self.declarator(base.ty.clone(), base.quals, &init.node.declarator)?;
                    let Some(param_name) = &param.name else { continue };
                    let Some(index) = declared.param_names.iter().position(|(n, _)| n.as_deref() == Some(param_name.as_str())) else {
                        return Err(Diagnostic::error_at(param.name_span, format!("declaration for parameter '{param_name}' but no such parameter")));
                    };
                    types[index] = Some(param.ty.decay());
                }
            }
            Ok(())
        })();
        self.parameter_depth -= 1;
        result?;
        Ok(types.into_iter().map(|t| t.unwrap_or(CType::INT)).collect())
    }

    /// Terminates the last block, checks labels and adds the function to
    /// the module.
    fn finish_function(&mut self, ft: &Rc<FuncType>) -> LowerResult<()> {
        let mut state = self.func.take().expect("a function is being lowered");
        for (label, info) in &state.labels {
            if !info.defined {
                return Err(Diagnostic::error_at(info.first_use, format!("use of undeclared label '{}'", crate::local_labels::written_name(label))));
            }
        }
        let current = state.current;
        if let Some(dispatch) = state.computed_goto {
            let target = state.func.blocks[dispatch].params[0];
            let cases = state.address_taken_labels.iter().enumerate().map(|(i, &b)| (i as i64 + 1, BlockCall::new(b, vec![]))).collect();
            // Jumping to anything but a label's address is undefined.
            let nowhere = state.func.create_block();
            state.func.append_inst(nowhere, InstData::Unreachable, None);
            state.func.append_inst(dispatch, InstData::Switch { arg: target, default: BlockCall::new(nowhere, vec![]), cases }, None);
        }
        if !state.func.is_terminated(current) {
            // Falling off the end returns 0 from `main` (C11 §5.1.2.2.3) and
            // an unspecified value elsewhere; nissecc returns 0 like GCC -O0
            // does in practice.
            let value = match ft.ret.ir_type() {
                Some(ty) if ty.is_float() => Some(state.func.append_value(current, InstData::Fconst { value: 0.0 }, ty)),
                Some(ty) => Some(state.func.append_value(current, InstData::Iconst { imm: 0 }, ty)),
                None => None,
            };
            state.func.append_inst(current, InstData::Return { value }, None);
        }
        self.func = Some(state);
        self.free_vla_objects_at_returns();
        self.free_allocas_at_returns();
        let state = self.func.take().expect("the function just put back");
        self.module.functions.push(state.func);
        Ok(())
    }

    /// The `__func__` array of the function (C11 §6.4.2.2): an object of
    /// its own, which no string literal shares, since `__func__` is
    /// declared as a `static const char[]` and so differs from every
    /// literal (gcc.dg's c99-func-3 checks `"main" != __func__`).
    fn func_name_object(&mut self, name: &str) -> Symbol {
        let literal = crate::literal::StringLiteral { elem: CType::CHAR, bytes: name.as_bytes().to_vec() };
        let ty = CType::Array(std::rc::Rc::new(CType::CHAR), Some(literal.len_with_terminator()));
        let symbol = self.fresh_symbol(".func");
        self.put_data(nissecc_midend::ir::DataObject::read_only(symbol.clone(), literal.bytes_with_terminator()));
        Symbol::Global { symbol, ty }
    }

    /// A stack slot for a local object of type `ty`. A frame that would
    /// pass [`MAX_FRAME_BYTES`] is refused (gcc accepts it, and the
    /// program then overflows any usual stack when it runs).
    pub fn local_slot(&mut self, ty: &CType, span: Span) -> LowerResult<nissecc_midend::ir::StackSlot> {
        let size = self
            .types
            .size_of(ty)
            .ok_or_else(|| Diagnostic::error_at(span, format!("variable has incomplete type '{}'", self.types.describe(ty))))?;
        let align = self.types.align_of(ty);
        if align > super::variables::MAX_LOCAL_ALIGN {
            return Err(Diagnostic::error_at(span, format!("automatic object of type '{}' aligned to {align} bytes, more than nissecc can align", self.types.describe(ty))));
        }
        let frame: u64 = self.f().func.stack_slots.values().map(|slot| u64::from(slot.size)).sum();
        if size.saturating_add(frame) > MAX_FRAME_BYTES {
            return Err(Diagnostic::unsupported(
                span,
                format!(
                    "automatic object of {size} bytes: stack frames are limited to {} bytes (Cranelift addresses stack slots with 32-bit offsets)",
                    MAX_FRAME_BYTES
                ),
            ));
        }
        // The x86-64 psABI (§3.1.2, "Aggregates and Unions") aligns an
        // array variable of 16 bytes or more to 16, locals included, as
        // gcc and clang do (and programs that test addresses see it).
        let align = if matches!(ty, CType::Array(..)) && size >= 16 { align.max(16) } else { align };
        Ok(self.f().func.create_stack_slot(size.max(1) as u32, align as u32))
    }

    /// Creates a block (not yet current).
    pub fn new_block(&mut self) -> Block {
        self.f().func.create_block()
    }

    /// Makes `block` the current block.
    pub fn switch_to(&mut self, block: Block) {
        self.f().current = block;
    }

    /// True when the current block already ended (after `return`, `break`…).
    pub fn current_terminated(&mut self) -> bool {
        let f = self.f();
        f.func.is_terminated(f.current)
    }

    /// Ends the current block with a jump to `target`, unless it has
    /// already ended. The jump is not code of the current line, unlike the
    /// jumps inside an expression (`?:`, `||` as a value): it may close a
    /// block that a nested statement left empty, which a later line's
    /// statement left the current line.
    pub fn jump_to(&mut self, target: Block) {
        let f = self.f();
        let block = f.current;
        if !f.func.is_terminated(block) {
            f.func.append_inst(block, InstData::Jump { dest: BlockCall::new(target, vec![]) }, None);
        }
    }

    /// After a terminator, continues in a fresh block so that following
    /// (unreachable) code still has somewhere to go.
    pub fn continue_in_new_block(&mut self) {
        let block = self.new_block();
        self.switch_to(block);
    }

    /// Makes the line of source offset `offset` the line of the code
    /// emitted next, when it lies in the function's own file (code from
    /// headers is left unattributed), and returns that line in any case.
    pub fn set_code_line(&mut self, offset: usize) -> u32 {
        let location = self.source_map.locate(offset);
        let f = self.f();
        f.line = if location.file == f.func.source_file { location.line } else { 0 };
        location.line
    }

    /// Records the current code line on the current block, for code that
    /// emits no instruction of its own but a jump (`break`, `goto`) or an
    /// implicit return.
    pub fn note_code_line(&mut self) {
        let f = self.f();
        let (block, line) = (f.current, f.line);
        f.func.note_source_line(block, line);
    }

    /// Records the source line of the statement at `span` on the current
    /// block, if it has none yet.
    pub fn note_line(&mut self, line: u32) {
        let f = self.f();
        let block = f.current;
        if f.func.block_lines[block] == 0 {
            f.func.block_lines[block] = line;
        }
    }
}

/// The type an argument has after the default argument promotions
/// (C11 §6.5.2.2p6): the integer promotions, and `float` to `double`.
pub fn promoted_argument_type(ty: &CType) -> CType {
    match ty.decay() {
        CType::Float => CType::Double,
        t if t.is_integer() => t.promote(),
        t => t,
    }
}

/// The parameter list of the function a declarator declares.
fn function_declarator(d: &lang_c::ast::Declarator) -> Option<&Node<lang_c::ast::FunctionDeclarator>> {
    if let lang_c::ast::DeclaratorKind::Declarator(inner) = &d.kind.node {
        if let Some(fd) = function_declarator(&inner.node) {
            return Some(fd);
        }
    }
    d.derived.iter().find_map(|derived| match &derived.node {
        lang_c::ast::DerivedDeclarator::Function(fd) => Some(fd),
        _ => None,
    })
}

/// True when a type reaches, through pointers and arrays, an array whose
/// length a parameter list left unknown.
fn has_unknown_length(ty: &CType) -> bool {
    match ty {
        CType::Array(_, None) => true,
        CType::Pointer(inner, _) | CType::Array(inner, Some(_)) => has_unknown_length(inner),
        _ => false,
    }
}

/// The identifier a declarator declares.
pub(super) fn declarator_name(d: &lang_c::ast::Declarator) -> Option<String> {
    match &d.kind.node {
        lang_c::ast::DeclaratorKind::Identifier(id) => Some(id.node.name.clone()),
        lang_c::ast::DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        lang_c::ast::DeclaratorKind::Abstract => None,
    }
}

/// The largest stack frame a function may have: Cranelift addresses
/// stack slots with 32-bit signed offsets from the stack pointer, so the
/// frame, its spill slots and saved registers included, must stay under
/// 2 GiB; half of that leaves room for them.
pub const MAX_FRAME_BYTES: u64 = 1 << 30;
