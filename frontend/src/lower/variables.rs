//! Declarations of objects, functions and typedefs at file scope and in
//! blocks (C11 §6.7, §6.9.2): globals with their tentative and external
//! definitions, static locals, and automatic locals.

use super::declarations::{Declared, Storage};
use super::scope::Symbol;
use super::{GlobalInfo, LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{Attributes, CType};
use lang_c::ast::{Declaration, Initializer};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{DataObject, InstData, Linkage, Type};

impl Lowerer {
    pub fn lower_global_declaration(&mut self, decl: &Node<Declaration>) -> LowerResult<()> {
        self.declare_forward_tag(decl);
        let base = self.base_type(&decl.node.specifiers, decl.span)?;
        for init_decl in &decl.node.declarators {
            let mut declared = self.declarator(base.ty.clone(), base.quals, &init_decl.node.declarator)?;
            declared.attributes = base.attributes.merge(declared.attributes).through_declarator(&base.ty, &declared.ty);
            declared.thread_local = base.thread_local;
            let Some(name) = declared.name.clone() else { continue };
            self.scopes.set_object_quals(&name, declared.quals);
            check_thread_local(&name, &declared, base.storage, false)?;
            if base.storage != Storage::Typedef && self.declare_alias(&name, &declared, base.storage)? {
                continue;
            }
            match (base.storage, &declared.ty) {
                (Storage::Typedef, ty) => {
                    self.note_transparent_union(ty, declared.attributes, declared.name_span)?;
                    self.scopes.declare(&name, Symbol::Typedef(ty.clone()));
                    // The typedef's own `aligned` sets its alignment, even a
                    // lower one; otherwise it keeps the one it was declared with.
                    self.scopes.set_typedef_align(&name, declared.attributes.align.or(declared.attributes.typedef_align));
                    self.note_enum_typedef(&name, &decl.node.specifiers, &init_decl.node.declarator);
                }
                (storage, CType::Function(_)) => self.declare_function(&name, &declared, storage)?,
                (storage, _) => {
                    let linkage = if storage == Storage::Static { Linkage::Local } else { Linkage::Export };
                    let symbol = self.linker_symbol(&name, &declared);
                    self.define_static_object(&name, &symbol, &declared, linkage, storage == Storage::Extern, init_decl.node.initializer.as_ref())?;
                }
            }
        }
        Ok(())
    }

    /// The linker symbol of `name` with external or internal linkage: its
    /// `__asm__` label, else the label an earlier declaration gave it (as
    /// in GCC, `extern int n __asm__("count"); int n = 5;` defines
    /// `count`), else its name.
    pub(super) fn linker_symbol(&self, name: &str, declared: &Declared) -> String {
        declared.asm_label.clone().or_else(|| self.globals.get(name).map(|g| g.symbol.clone())).unwrap_or_else(|| name.to_string())
    }

    /// Declares a function (a prototype, or a block-scope declaration).
    fn declare_function(&mut self, name: &str, declared: &Declared, storage: Storage) -> LowerResult<()> {
        self.check_redeclaration(name, &declared.ty, declared.name_span)?;
        let symbol = self.linker_symbol(name, declared);
        if self.is_system_header(declared.name_span) {
            self.library_functions.insert(symbol.clone());
        }
        let info = self.globals.entry(name.to_string()).or_insert_with(|| GlobalInfo {
            symbol: symbol.clone(),
            ty: declared.ty.clone(),
            linkage: if storage == Storage::Static { Linkage::Local } else { Linkage::Export },
            defined: false,
            declared_at: declared.name_span,
        });
        // A later prototype refines an unprototyped declaration.
        if let (CType::Function(old), CType::Function(new)) = (&info.ty, &declared.ty) {
            if old.unprototyped && !new.unprototyped {
                info.ty = declared.ty.clone();
            }
        }
        let (symbol, ty, linkage) = (info.symbol.clone(), info.ty.clone(), info.linkage);
        self.note_weak(&symbol, declared.attributes, linkage, declared.name_span)?;
        self.note_symver(&symbol, declared.attributes, linkage, declared.name_span)?;
        self.scopes.declare(name, Symbol::Global { symbol, ty });
        Ok(())
    }

    /// Defines (or declares, with `external`) a global or static local.
    fn define_static_object(
        &mut self,
        name: &str,
        symbol: &str,
        declared: &Declared,
        linkage: Linkage,
        external: bool,
        init: Option<&Node<Initializer>>,
    ) -> LowerResult<()> {
        let mut ty = declared.ty.clone();
        self.check_redeclaration(name, &ty, declared.name_span)?;
        let section = declared.attributes.section.and_then(|at| self.section_names.get(&at).cloned());
        self.note_weak(symbol, declared.attributes, linkage, declared.name_span)?;
        self.note_symver(symbol, declared.attributes, linkage, declared.name_span)?;
        let previous = self.globals.get(name).cloned();
        // A later declaration that renames the object (`extern int n;
        // extern int n __asm__("count");`) leaves no reference to the
        // first name behind.
        if let Some(prev) = previous.as_ref().filter(|p| p.symbol != symbol) {
            if self.data.get(&prev.symbol).is_some_and(|d| d.external) {
                self.data.remove(&prev.symbol);
            }
        }
        if let Some(prev) = &previous {
            // `extern int a[];` followed by `int a[10];` keeps the size.
            if matches!(ty, CType::Array(_, None)) && matches!(prev.ty, CType::Array(_, Some(_))) {
                ty = prev.ty.clone();
            }
        }
        if let (Some(what), false) = (unsupported_part(&ty), external) {
            return Err(Diagnostic::unsupported(declared.name_span, what));
        }
        // All declarations of an object agree on whether it is thread-local
        // (C11 §6.7.1p3), as the code that reaches it differs.
        if self.data.get(symbol).is_some_and(|prev| prev.thread_local != declared.thread_local) {
            let (this, that) = if declared.thread_local { ("thread-local", "non-thread-local") } else { ("non-thread-local", "thread-local") };
            return Err(Diagnostic::error_at(declared.name_span, format!("{this} declaration of '{name}' follows {that} declaration")));
        }
        let thread_local = declared.thread_local;
        let (bytes, zero_fill, relocs, ty) = match init {
            Some(init) => {
                if !self.initialized.insert(name.to_string()) {
                    return Err(Diagnostic::error_at(declared.name_span, format!("redefinition of '{name}'")));
                }
                // The identifier is in scope in its own initializer
                // (C11 §6.2.1p7), as in `struct Node ring[2] = {{1, &ring[1]}, …}`.
                self.scopes.declare(name, Symbol::Global { symbol: symbol.to_string(), ty: ty.clone() });
                let (items, ty) = self.flatten_initializer(&ty, init)?;
                let (bytes, zero_fill, relocs) = self.static_image(&ty, &items, init.span)?;
                // A thread-local object has no address at link time: only
                // code running in a thread can compute it.
                if relocs.iter().any(|r| (r.symbol == symbol && thread_local) || self.data.get(&r.symbol).is_some_and(|d| d.thread_local)) {
                    return Err(Diagnostic::error_at(init.span, "initializer element is not constant"));
                }
                (bytes, zero_fill, relocs, ty)
            }
            None if external => {
                if previous.is_none() {
                    self.put_data(DataObject { name: symbol.to_string(), linkage: Linkage::Export, readonly: false, align: self.types.align_of(&ty) as u32, bytes: vec![], zero_fill: 0, relocs: vec![], external: true, section: None, thread_local });
                }
                let declared_at = previous.as_ref().map_or(declared.name_span, |p| p.declared_at);
                let info = GlobalInfo { symbol: symbol.to_string(), ty: ty.clone(), linkage: Linkage::Export, defined: previous.as_ref().is_some_and(|p| p.defined), declared_at };
                let ty = if previous.as_ref().is_some_and(|p| p.defined) { previous.as_ref().map(|p| p.ty.clone()).unwrap_or(ty) } else { ty };
                self.globals.insert(name.to_string(), GlobalInfo { ty: ty.clone(), ..info });
                self.scopes.declare(name, Symbol::Global { symbol: symbol.to_string(), ty });
                return Ok(());
            }
            None => {
                if previous.as_ref().is_some_and(|p| p.defined) {
                    // A repeated tentative definition changes nothing.
                    let ty = previous.map(|p| p.ty).unwrap_or(ty);
                    self.scopes.declare(name, Symbol::Global { symbol: symbol.to_string(), ty });
                    return Ok(());
                }
                // A tentative definition of an incomplete type, `int a[];`
                // or `struct s x;` before `struct s { … };`, is completed
                // by a later declaration or at the end of the unit
                // (C11 §6.9.2p2): until then it is only declared.
                if self.types.size_of(&ty).is_none() && !self.completing_tentatives {
                    let declared_at = previous.as_ref().map_or(declared.name_span, |p| p.declared_at);
                    self.globals.insert(name.to_string(), GlobalInfo { symbol: symbol.to_string(), ty: ty.clone(), linkage, defined: false, declared_at });
                    self.scopes.declare(name, Symbol::Global { symbol: symbol.to_string(), ty: ty.clone() });
                    self.incomplete_tentatives.push((name.to_string(), Declared { ty, ..declared.clone() }));
                    return Ok(());
                }
                // One still of an array of unknown size at the end has one
                // element (C11 §6.9.2p5).
                let ty = match ty {
                    CType::Array(elem, None) => CType::Array(elem, Some(1)),
                    t => t,
                };
                let size = self.types.size_of(&ty).ok_or_else(|| {
                    Diagnostic::error_at(declared.name_span, format!("variable '{name}' has incomplete type '{}'", self.types.describe(&ty)))
                })?;
                (Vec::new(), size, vec![], ty)
            }
        };
        let linkage = match &previous {
            Some(p) if linkage == Linkage::Export => p.linkage,
            _ => linkage,
        };
        let size = bytes.len() as u64 + zero_fill;
        // GCC raises the alignment of an object of 16 bytes or more to 16
        // unless the declaration gives one (`DECL_USER_ALIGN`): tables
        // of entries put in one section with `aligned(8)` stay contiguous.
        let attributes = declared.attributes;
        let align = match attributes.align.or(attributes.typedef_align) {
            Some(_) => attributes.alignment(self.types.align_of(&ty)),
            None => self.types.align_of(&ty).max(if size >= 16 { 16 } else { 1 }),
        };
        if attributes.align.or(attributes.typedef_align).is_some() {
            self.declared_alignments.insert(symbol.to_string(), align);
        }
        let align = align as u32;
        self.put_data(DataObject { name: symbol.to_string(), linkage, readonly: false, align, bytes, zero_fill, relocs, external: false, section, thread_local });
        let declared_at = previous.as_ref().map_or(declared.name_span, |p| p.declared_at);
        self.globals.insert(name.to_string(), GlobalInfo { symbol: symbol.to_string(), ty: ty.clone(), linkage, defined: true, declared_at });
        self.scopes.declare(name, Symbol::Global { symbol: symbol.to_string(), ty });
        Ok(())
    }

    /// Defines the tentative definitions of incomplete types that no
    /// later declaration defined, at the end of the unit, with the type
    /// their last declaration gave them.
    pub(super) fn complete_tentative_definitions(&mut self) -> LowerResult<()> {
        self.completing_tentatives = true;
        for (name, declared) in std::mem::take(&mut self.incomplete_tentatives) {
            let Some(global) = self.globals.get(&name).filter(|g| !g.defined).cloned() else { continue };
            let declared = Declared { ty: global.ty.clone(), ..declared };
            self.define_static_object(&name, &global.symbol, &declared, global.linkage, false, None)?;
        }
        Ok(())
    }

    pub fn lower_local_declaration(&mut self, decl: &Node<Declaration>) -> LowerResult<()> {
        self.declare_forward_tag(decl);
        let base = self.base_type(&decl.node.specifiers, decl.span)?;
        for init_decl in &decl.node.declarators {
            let mut declared = self.declarator(base.ty.clone(), base.quals, &init_decl.node.declarator)?;
            declared.attributes = base.attributes.merge(declared.attributes).through_declarator(&base.ty, &declared.ty);
            declared.thread_local = base.thread_local;
            let Some(name) = declared.name.clone() else { continue };
            self.scopes.set_object_quals(&name, declared.quals);
            check_thread_local(&name, &declared, base.storage, true)?;
            if let Some(prev) = self.scopes.lookup_current(&name) {
                if !matches!(prev, Symbol::Global { .. }) || base.storage != Storage::Extern {
                    return Err(Diagnostic::error_at(declared.name_span, format!("redefinition of '{name}'")));
                }
            }
            let init = init_decl.node.initializer.as_ref();
            match (base.storage, &declared.ty) {
                (Storage::Typedef, ty) => {
                    self.note_transparent_union(ty, declared.attributes, declared.name_span)?;
                    self.scopes.declare(&name, Symbol::Typedef(ty.clone()));
                    // The typedef's own `aligned` sets its alignment, even a
                    // lower one; otherwise it keeps the one it was declared with.
                    self.scopes.set_typedef_align(&name, declared.attributes.align.or(declared.attributes.typedef_align));
                    self.note_enum_typedef(&name, &decl.node.specifiers, &init_decl.node.declarator);
                }
                (storage, CType::Function(_)) => self.declare_function(&name, &declared, storage)?,
                (Storage::Extern, _) => {
                    let symbol = self.linker_symbol(&name, &declared);
                    self.define_static_object(&name, &symbol, &declared, Linkage::Export, true, None)?;
                }
                (Storage::Static, _) => {
                    let function = self.f().name.clone();
                    self.f().static_count += 1;
                    let symbol = format!("{function}.{name}.{}", self.f().static_count);
                    // The static local is registered under its symbol only,
                    // so it cannot collide with a global of the same name.
                    let saved = self.globals.remove(&symbol);
                    // It is in scope in its own initializer (C11 §6.2.1p7):
                    // `static void *self = &self;` points to itself.
                    self.scopes.declare(&name, Symbol::Global { symbol: symbol.clone(), ty: declared.ty.clone() });
                    self.define_static_object(&symbol, &symbol, &declared, Linkage::Local, false, init)?;
                    let ty = self.globals.remove(&symbol).map(|g| g.ty).unwrap_or(declared.ty.clone());
                    if let Some(saved) = saved {
                        self.globals.insert(symbol.clone(), saved);
                    }
                    self.scopes.declare(&name, Symbol::Global { symbol, ty });
                }
                (_, _) => self.define_local(&name, &declared, init)?,
            }
        }
        Ok(())
    }

    /// An automatic variable: a stack slot, initialized where declared.
    fn define_local(&mut self, name: &str, declared: &Declared, init: Option<&Node<Initializer>>) -> LowerResult<()> {
        self.define_local_object(name, declared, init)?;
        let Some(at) = declared.attributes.cleanup else { return Ok(()) };
        let function = self.cleanup_functions.get(&at).cloned().expect("recorded with the attribute");
        let span = Span { start: at.0, end: at.1 };
        match self.scopes.lookup(name) {
            Some(Symbol::Local { slot, ty }) if !ty.is_variably_modified() => {
                let slot = *slot;
                self.add_cleanup(&function, slot, span)
            }
            _ => Err(Diagnostic::unsupported(span, "__attribute__((cleanup)) on a variable-length array")),
        }
    }

    fn define_local_object(&mut self, name: &str, declared: &Declared, init: Option<&Node<Initializer>>) -> LowerResult<()> {
        if declared.ty.is_array() && declared.ty.is_variably_modified() {
            if let Some(init) = init {
                return Err(Diagnostic::error_at(init.span, "variable-sized object may not be initialized"));
            }
            return self.define_vla_local(name, &declared.ty, declared.name_span);
        }
        let Some(init) = init else {
            if matches!(declared.ty, CType::Array(_, None)) {
                return Err(Diagnostic::error_at(declared.name_span, format!("definition of variable '{name}' with array type needs an explicit size or an initializer")));
            }
            let slot = self.slot_for(&declared.ty, declared.name_span, name, declared.attributes)?;
            self.scopes.declare(name, Symbol::Local { slot, ty: declared.ty.clone() });
            return Ok(());
        };
        let (items, ty) = self.flatten_initializer(&declared.ty, init)?;
        let slot = self.slot_for(&ty, declared.name_span, name, declared.attributes)?;
        // The variable is in scope in its own initializer (C11 §6.2.1p7).
        self.scopes.declare(name, Symbol::Local { slot, ty: ty.clone() });
        let base = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        let braced = matches!(init.node, Initializer::List(_));
        self.store_initializer(&ty, base, &items, braced)
    }

    /// The slot of an automatic variable, aligned at least to `align`
    /// (`__attribute__((aligned(N)))`, `_Alignas`).
    fn slot_for(&mut self, ty: &CType, span: Span, name: &str, attributes: Attributes) -> LowerResult<nissecc_midend::ir::StackSlot> {
        if let Some(what) = unsupported_part(ty) {
            return Err(Diagnostic::unsupported(span, what));
        }
        if self.types.size_of(ty).is_none() {
            return Err(Diagnostic::error_at(span, format!("variable '{name}' has incomplete type '{}'", self.types.describe(ty))));
        }
        let slot = self.local_slot(ty, span)?;
        if attributes.align.or(attributes.typedef_align).is_some() {
            let align = attributes.alignment(self.types.align_of(ty));
            if align > MAX_LOCAL_ALIGN {
                return Err(Diagnostic::error_at(span, format!("requested alignment {align} is too large for an automatic variable")));
            }
            // A typedef's alignment replaces the slot's own; `aligned`
            // only raises it.
            self.f().declared_alignments.insert(slot, align);
            let data = &mut self.f().func.stack_slots[slot];
            data.align = if attributes.typedef_align.is_some() { align as u32 } else { data.align.max(align as u32) };
        }
        Ok(slot)
    }
}

/// The largest alignment of an automatic object. A stack slot may be
/// aligned beyond the 16 bytes of Cranelift's frames: the backend gives it
/// room and rounds its address up. The limit is the size of a slot.
pub const MAX_LOCAL_ALIGN: u64 = 1 << 28;

/// The unsupported type an object type is made of, if any.
fn unsupported_part(ty: &CType) -> Option<&'static str> {
    match ty {
        CType::Unsupported(what) => Some(what.name),
        CType::Array(elem, _) => unsupported_part(elem),
        _ => None,
    }
}

/// Rejects `_Thread_local` where C11 §6.7.1p3 forbids it: on typedefs and
/// functions, and on block-scope objects that are neither `static` nor
/// `extern` (`in_block`).
fn check_thread_local(name: &str, declared: &Declared, storage: Storage, in_block: bool) -> LowerResult<()> {
    if !declared.thread_local {
        return Ok(());
    }
    let message = match (storage, &declared.ty) {
        (Storage::Typedef, _) => format!("typedef '{name}' declared thread-local"),
        (_, CType::Function(_)) => format!("function '{name}' declared thread-local"),
        (Storage::None, _) if in_block => format!("thread-local variable '{name}' at block scope is neither static nor extern"),
        _ => return Ok(()),
    };
    Err(Diagnostic::error_at(declared.name_span, message))
}
