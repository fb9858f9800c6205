//! Declaration specifiers and declarators to C types (C11 §6.7): base
//! types, struct/union/enum definitions, typedefs, and the pointer, array
//! and function derivations of declarators.

use super::attributes::Attributes;
use super::scope::{Symbol, Tag};
use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, FuncType, IntKind, MemberDecl, Quals};
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use std::rc::Rc;

/// The storage class of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Storage {
    #[default]
    None,
    Typedef,
    Extern,
    Static,
}

/// What the declaration specifiers say.
#[derive(Clone, Debug)]
pub struct BaseType {
    pub ty: CType,
    pub storage: Storage,
    /// `_Thread_local` (or GCC's `__thread`) among the specifiers: each
    /// thread has its own instance of the declared objects.
    pub thread_local: bool,
    /// `const` and `volatile` among the specifiers.
    pub quals: Quals,
    /// Attributes and `_Alignas` of the declared entities.
    pub attributes: Attributes,
}

/// A declarator resolved to a name and a type.
#[derive(Clone, Debug)]
pub struct Declared {
    pub name: Option<String>,
    pub name_span: Span,
    pub ty: CType,
    /// An `__asm__("symbol")` label renaming the declaration.
    pub asm_label: Option<String>,
    /// Parameter names and spans when the outermost derivation is a
    /// function (used for definitions).
    pub param_names: Vec<(Option<String>, Span)>,
    /// The declarator's own attributes (`int x __attribute__((aligned(8)))`).
    pub attributes: Attributes,
    /// The qualifiers of the declared object (of its elements, for an
    /// array).
    pub quals: Quals,
    /// The declaration's specifiers make the object thread-local (copied
    /// from [`BaseType::thread_local`] by the declaration's lowering).
    pub thread_local: bool,
}

/// Type specifiers collected from a specifier list.
#[derive(Default)]
struct SpecifierCounts {
    void: bool,
    char: bool,
    short: bool,
    int: bool,
    long: u32,
    float: bool,
    double: bool,
    signed: bool,
    unsigned: bool,
    bool_: bool,
    int128: bool,
    other: Option<CType>,
}

impl Lowerer {
    /// Resolves declaration specifiers to a base type and storage class.
    /// Attributes written after a struct, union or enum body (`struct s
    /// {…} __attribute__((packed))`) belong to that type; the others to
    /// the declared objects or functions.
    pub fn base_type(&mut self, specifiers: &[Node<DeclarationSpecifier>], span: Span) -> LowerResult<BaseType> {
        let mut storage = Storage::None;
        let mut thread_local = false;
        let mut type_specs = Vec::new();
        let mut record_extensions = Vec::new();
        let mut attributes = Attributes::default();
        let mut quals = Quals::default();
        for (index, spec) in specifiers.iter().enumerate() {
            match &spec.node {
                DeclarationSpecifier::StorageClass(sc) => {
                    storage = match sc.node {
                        StorageClassSpecifier::Typedef => Storage::Typedef,
                        StorageClassSpecifier::Extern => Storage::Extern,
                        StorageClassSpecifier::Static => Storage::Static,
                        StorageClassSpecifier::ThreadLocal => {
                            thread_local = true;
                            storage
                        }
                        StorageClassSpecifier::Auto | StorageClassSpecifier::Register => storage,
                    }
                }
                DeclarationSpecifier::TypeSpecifier(ts) => type_specs.push(ts),
                DeclarationSpecifier::Alignment(a) => {
                    let align = self.alignment_specifier(a)?;
                    attributes = attributes.merge(Attributes { align: Some(align), ..Attributes::default() });
                }
                DeclarationSpecifier::TypeQualifier(q) => self.add_qualifier(q, &mut quals)?,
                DeclarationSpecifier::Extension(exts) => {
                    let follows_body = specifiers[..index].iter().any(|s| matches!(&s.node, DeclarationSpecifier::TypeSpecifier(t) if is_tag_body(t)));
                    self.sort_extensions(exts, follows_body, &mut attributes, &mut record_extensions)?;
                }
                DeclarationSpecifier::Function(_) => {}
            }
        }
        let ty = self.type_with_record_attributes(&type_specs, &record_extensions, span)?;
        let ty = self.apply_type_attributes(ty, attributes, span)?;
        let atomic = specifiers.iter().any(|s| matches!(&s.node, DeclarationSpecifier::TypeQualifier(q) if q.node == TypeQualifier::Atomic));
        let ty = if atomic { super::atomic_objects::atomic_type(&ty, &self.types) } else { ty };
        let attributes = attributes.merge(self.typedef_attributes(&type_specs));
        Ok(BaseType { ty, storage, thread_local, quals, attributes })
    }

    /// The alignment a typedef name among the specifiers was declared
    /// with, which the entities declared with it take.
    fn typedef_attributes(&self, type_specs: &[&Node<TypeSpecifier>]) -> Attributes {
        let typedef_align = type_specs.iter().find_map(|t| match &t.node {
            TypeSpecifier::TypedefName(id) => self.scopes.typedef_align(&id.node.name),
            _ => None,
        });
        Attributes { typedef_align, ..Attributes::default() }
    }

    /// Extensions among declaration specifiers: after a struct, union or
    /// enum body they belong to that type, otherwise to the declared
    /// entities.
    fn sort_extensions(&mut self, exts: &[Node<Extension>], follows_body: bool, attributes: &mut Attributes, record_extensions: &mut Vec<Node<Extension>>) -> LowerResult<()> {
        if follows_body {
            record_extensions.extend(exts.iter().cloned());
        } else {
            *attributes = attributes.merge(self.attributes(exts)?);
        }
        Ok(())
    }

    /// The type the specifiers name, laying out a struct or union body
    /// with the attributes written after it.
    fn type_with_record_attributes(&mut self, type_specs: &[&Node<TypeSpecifier>], record_extensions: &[Node<Extension>], span: Span) -> LowerResult<CType> {
        self.pending_record_attributes = self.attributes(record_extensions)?;
        if self.pending_record_attributes.vector_size.is_some() {
            self.pending_record_attributes = Attributes::default();
            return Err(Diagnostic::error_at(span, "invalid vector type for attribute 'vector_size'"));
        }
        let ty = self.type_from_specifiers(type_specs, span);
        self.pending_record_attributes = Attributes::default();
        ty
    }

    /// `_Alignas(N)` or `_Alignas(type)`.
    fn alignment_specifier(&mut self, a: &Node<AlignmentSpecifier>) -> LowerResult<u64> {
        match &a.node {
            AlignmentSpecifier::Type(t) => {
                // GCC's `aligned` attribute applies to a type name.
                let (ty, attributes) = self.type_name_and_attributes(t)?;
                Ok(self.types.align_of(&ty).max(attributes.align.unwrap_or(1)))
            }
            AlignmentSpecifier::Constant(e) => {
                let n = self.eval_int(e)?;
                if n < 0 || (n & (n - 1)) != 0 {
                    return Err(Diagnostic::error_at(e.span, "requested alignment is not a power of 2"));
                }
                Ok(n.max(1) as u64)
            }
        }
    }

    /// Adds a qualifier of a declaration's type. `_Atomic` among the
    /// specifiers makes the type an atomic one, which the callers do (see
    /// `atomic_objects::atomic_type`).
    fn add_qualifier(&self, q: &Node<TypeQualifier>, quals: &mut Quals) -> LowerResult<()> {
        match q.node {
            TypeQualifier::Const => quals.constant = true,
            TypeQualifier::Volatile => quals.volatile = true,
            _ => {}
        }
        Ok(())
    }


    fn qualified_base_type(&mut self, specifiers: &[Node<SpecifierQualifier>], span: Span) -> LowerResult<(CType, Attributes, Quals)> {
        let mut type_specs = Vec::new();
        let mut record_extensions = Vec::new();
        let mut attributes = Attributes::default();
        let mut quals = Quals::default();
        for (index, spec) in specifiers.iter().enumerate() {
            match &spec.node {
                SpecifierQualifier::TypeSpecifier(ts) => type_specs.push(ts),
                SpecifierQualifier::TypeQualifier(q) => self.add_qualifier(q, &mut quals)?,
                SpecifierQualifier::Extension(exts) => {
                    let follows_body = specifiers[..index].iter().any(|s| matches!(&s.node, SpecifierQualifier::TypeSpecifier(t) if is_tag_body(t)));
                    self.sort_extensions(exts, follows_body, &mut attributes, &mut record_extensions)?;
                }
            }
        }
        let ty = self.type_with_record_attributes(&type_specs, &record_extensions, span)?;
        // `(__attribute__((vector_size(16))) float) x` makes a vector of the
        // base type, and `(__attribute__((mode(QI))) int) y` a `signed
        // char` (gcc.dg's 20011214-1); so do members written so.
        let ty = self.apply_type_attributes(ty, attributes, span)?;
        let atomic = specifiers.iter().any(|s| matches!(&s.node, SpecifierQualifier::TypeQualifier(q) if q.node == TypeQualifier::Atomic));
        let ty = if atomic { super::atomic_objects::atomic_type(&ty, &self.types) } else { ty };
        let attributes = attributes.merge(self.typedef_attributes(&type_specs));
        Ok((ty, attributes, quals))
    }

    fn type_from_specifiers(&mut self, specs: &[&Node<TypeSpecifier>], span: Span) -> LowerResult<CType> {
        super::type_specifiers::check_combination(specs)?;
        // `_Complex` alone is `_Complex double`, as in GCC.
        if specs.iter().any(|s| s.node == TypeSpecifier::Complex) {
            let element: Vec<_> = specs.iter().copied().filter(|s| s.node != TypeSpecifier::Complex).collect();
            let element = if element.is_empty() { CType::Double } else { self.type_from_specifiers(&element, span)? };
            return Ok(super::unsupported_types::complex(&element, &self.types));
        }
        let mut c = SpecifierCounts::default();
        for spec in specs {
            match &spec.node {
                TypeSpecifier::Void => c.void = true,
                TypeSpecifier::Char => c.char = true,
                TypeSpecifier::Short => c.short = true,
                TypeSpecifier::Int => c.int = true,
                TypeSpecifier::Long => c.long += 1,
                TypeSpecifier::Float => c.float = true,
                TypeSpecifier::Double => c.double = true,
                TypeSpecifier::Signed => c.signed = true,
                TypeSpecifier::Unsigned => c.unsigned = true,
                TypeSpecifier::Bool => c.bool_ = true,
                TypeSpecifier::Complex => unreachable!("complex types are made above"),
                TypeSpecifier::Atomic(t) => {
                    let ty = self.type_name(t)?;
                    c.other = Some(super::atomic_objects::atomic_type(&ty, &self.types));
                }
                TypeSpecifier::Struct(st) => c.other = Some(self.struct_type(st)?),
                TypeSpecifier::Enum(et) => c.other = Some(self.enum_type(et)?),
                TypeSpecifier::TypedefName(id) => match self.scopes.lookup(&id.node.name) {
                    Some(Symbol::Typedef(t)) => c.other = Some(t.clone()),
                    _ => return Err(Diagnostic::error_at(id.span, format!("unknown type name '{}'", id.node.name))),
                },
                TypeSpecifier::TypeOf(t) => c.other = Some(self.typeof_type(t)?),
                TypeSpecifier::TS18661Float(f) if crate::int128::is_marker(f) => c.int128 = true,
                TypeSpecifier::TS18661Float(f) => c.other = Some(super::unsupported_types::ts18661_type(f)),
            }
        }
        if let Some(t) = c.other {
            return Ok(t);
        }
        if c.void {
            return Ok(CType::Void);
        }
        if c.int128 {
            return Ok(CType::Int128 { signed: !c.unsigned });
        }
        if c.bool_ {
            return Ok(CType::BOOL);
        }
        if c.float {
            return Ok(CType::Float);
        }
        if c.double {
            if c.long > 0 {
                return Ok(CType::LongDouble);
            }
            return Ok(CType::Double);
        }
        let kind = if c.char {
            if c.unsigned {
                IntKind::UChar
            } else if c.signed {
                IntKind::SChar
            } else {
                IntKind::Char
            }
        } else if c.short {
            if c.unsigned { IntKind::UShort } else { IntKind::Short }
        } else if c.long == 1 {
            if c.unsigned { IntKind::ULong } else { IntKind::Long }
        } else if c.long >= 2 {
            if c.unsigned { IntKind::ULongLong } else { IntKind::LongLong }
        } else if c.int || c.signed || c.unsigned {
            if c.unsigned { IntKind::UInt } else { IntKind::Int }
        } else {
            // C89's implicit int.
            IntKind::Int
        };
        Ok(CType::Int(kind))
    }

    fn typeof_type(&mut self, t: &Node<TypeOf>) -> LowerResult<CType> {
        match &t.node {
            TypeOf::Type(tn) => self.type_name(tn),
            TypeOf::Expression(e) => {
                // lang-c reads the operand of `__typeof__(T)`, for a typedef
                // name `T`, as an identifier.
                let e = typeof_operand(e);
                if let Expression::Identifier(id) = &e.node {
                    if let Some(Symbol::Typedef(ty)) = self.scopes.lookup(&id.node.name) {
                        return Ok(ty.clone());
                    }
                }
                self.type_of_expression(e)
            }
        }
    }

    /// `struct s;` alone, with no declarator, declares a new incomplete
    /// type in the current scope even when an outer scope has a `struct s`
    /// (C11 6.7.2.3p7); called before the specifiers are lowered.
    pub fn declare_forward_tag(&mut self, decl: &Node<Declaration>) {
        if !decl.node.declarators.is_empty() {
            return;
        }
        let mut tagged = None;
        for specifier in &decl.node.specifiers {
            match &specifier.node {
                DeclarationSpecifier::TypeSpecifier(ts) => match &ts.node {
                    TypeSpecifier::Struct(st) if st.node.declarations.is_none() && tagged.is_none() => {
                        tagged = Some(st)
                    }
                    _ => return,
                },
                DeclarationSpecifier::TypeQualifier(_) => {}
                _ => return,
            }
        }
        let Some(st) = tagged else { return };
        let Some(name) = &st.node.identifier else { return };
        if self.scopes.lookup_tag_current(&name.node.name).is_none() {
            let is_union = matches!(st.node.kind.node, StructKind::Union);
            let id = self.types.new_record(Some(name.node.name.clone()), is_union);
            self.scopes.declare_tag(&name.node.name, Tag::Record(id));
        }
    }

    /// A `struct`/`union` specifier: a reference, a forward declaration or
    /// a definition.
    fn struct_type(&mut self, st: &Node<StructType>) -> LowerResult<CType> {
        let is_union = matches!(st.node.kind.node, StructKind::Union);
        let name = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let Some(declarations) = &st.node.declarations else {
            let Some(name) = name else {
                return Err(Diagnostic::unsupported(st.span, "attribute between 'struct' or 'union' and its tag"));
            };
            if let Some(Tag::Record(id)) = self.scopes.lookup_tag(&name) {
                return Ok(CType::Record(id));
            }
            let id = self.types.new_record(Some(name.clone()), is_union);
            self.scopes.declare_tag(&name, Tag::Record(id));
            return Ok(CType::Record(id));
        };
        let id = match name.as_deref().and_then(|n| self.scopes.lookup_tag_current(n)) {
            Some(Tag::Record(id)) if !self.types.records[id].complete => id,
            _ => {
                let id = self.types.new_record(name.clone(), is_union);
                if let Some(n) = &name {
                    self.scopes.declare_tag(n, Tag::Record(id));
                }
                id
            }
        };
        let record_attributes = std::mem::take(&mut self.pending_record_attributes);
        let mut members = Vec::new();
        for decl in declarations {
            // C11 §6.7.2.1: a static assertion among the members (gnulib's
            // `verify_expr` asserts inside `sizeof (struct { … })`).
            let field = match &decl.node {
                StructDeclaration::Field(field) => field,
                StructDeclaration::StaticAssert(assertion) => {
                    self.check_static_assert(assertion)?;
                    continue;
                }
            };
            let (base, field_attributes, base_quals) = self.qualified_base_type(&field.node.specifiers, field.span)?;
            if field.node.declarators.is_empty() {
                // An anonymous struct or union member.
                members.push(MemberDecl { name: None, ty: base, bit_width: None, attributes: field_attributes });
                continue;
            }
            for d in &field.node.declarators {
                let declared = match &d.node.declarator {
                    Some(declarator) => self.declarator(base.clone(), base_quals, declarator)?,
                    None => Declared::abstract_of(base.clone(), d.span),
                };
                let attributes = field_attributes.merge(declared.attributes).through_declarator(&base, &declared.ty);
                let bit_width = match &d.node.bit_width {
                    Some(width) => Some(self.bit_field_width(&declared, width)?),
                    None => None,
                };
                if declared.ty.is_variably_modified() {
                    return Err(Diagnostic::unsupported(declared.name_span, "a variable-length array in a struct or union"));
                }
                if bit_width.is_none() && self.types.size_of(&declared.ty).is_none() {
                    let what = if matches!(declared.ty, CType::Array(_, None)) { "flexible array member not at the end of the struct" } else { "field has incomplete type" };
                    let is_last = std::ptr::eq(decl, declarations.last().expect("a member")) && std::ptr::eq(d, field.node.declarators.last().expect("a declarator"));
                    if !(is_last && matches!(declared.ty, CType::Array(_, None)) && !is_union) {
                        return Err(Diagnostic::error_at(declared.name_span, what));
                    }
                }
                if let (true, Some(name)) = (declared.quals.volatile, &declared.name) {
                    self.volatile_members.insert((id, name.clone()));
                }
                members.push(MemberDecl { name: declared.name, ty: declared.ty, bit_width, attributes });
            }
        }
        let head = self.head_attributes.get(&st.span.start).copied().unwrap_or_default();
        // The `#pragma pack` in force at the closing brace, as in GCC.
        let pack = self.pack.iter().take_while(|(at, _)| *at <= st.span.end).last().and_then(|&(_, n)| n);
        let attributes = Attributes { pack, ..record_attributes.merge(head) };
        if attributes.ms_struct && !self.is_system_header(st.span) {
            return Err(Diagnostic::unsupported(st.span, "__attribute__((ms_struct))"));
        }
        self.types.complete_record(id, members, attributes).map_err(|what| Diagnostic::unsupported(st.span, what))?;
        self.note_transparent_union(&CType::Record(id), attributes, st.span)?;
        Ok(CType::Record(id))
    }

    /// The width of a bit-field, checked against its type (C11 §6.7.2.1p4-5).
    fn bit_field_width(&mut self, declared: &Declared, width: &Node<Expression>) -> LowerResult<u32> {
        let what = declared.name.as_deref().map(|n| format!("'{n}'")).unwrap_or_else(|| "unnamed bit-field".into());
        if matches!(declared.ty, CType::Int128 { .. }) {
            return Err(Diagnostic::unsupported(width.span, "an __int128 bit-field"));
        }
        let CType::Int(kind) = declared.ty else {
            if let CType::Unsupported(t) = &declared.ty {
                return Err(Diagnostic::unsupported(width.span, format!("a bit-field of type {}", t.name)));
            }
            return Err(Diagnostic::error_at(width.span, format!("bit-field {what} has invalid type")));
        };
        let n = self.eval_int(width)?;
        let bits = if kind == IntKind::Bool { 1 } else { kind.size() as i64 * 8 };
        if n < 0 {
            return Err(Diagnostic::error_at(width.span, format!("negative width in bit-field {what}")));
        }
        if n > bits {
            return Err(Diagnostic::error_at(width.span, format!("width of bit-field {what} exceeds its type")));
        }
        if n == 0 && declared.name.is_some() {
            return Err(Diagnostic::error_at(width.span, format!("zero width for bit-field {what}")));
        }
        Ok(n as u32)
    }

    fn enum_type(&mut self, et: &Node<EnumType>) -> LowerResult<CType> {
        let written_after = std::mem::take(&mut self.pending_record_attributes);
        if let Some(name) = &et.node.identifier {
            if et.node.enumerators.is_empty() {
                // A reference to an enumeration declared before, or a
                // forward declaration (GCC's extension), taken as `unsigned`.
                return Ok(match self.scopes.lookup_tag(&name.node.name) {
                    Some(Tag::Enum(kind)) => CType::Int(kind),
                    _ => CType::UINT,
                });
            }
        }
        let mut next = 0i64;
        let mut values = Vec::new();
        for e in &et.node.enumerators {
            if let Some(expr) = &e.node.expression {
                next = self.eval_int(expr)?;
            }
            let name = &e.node.identifier.node.name;
            // Within the list, a value outside `int` is a `long`.
            let kind = if i32::try_from(next).is_ok() { IntKind::Int } else { IntKind::Long };
            self.scopes.declare(name, Symbol::EnumConstant(next, kind));
            values.push((name, next));
            next = next.wrapping_add(1);
        }
        // The constants have type `int`; the enumerated type is GCC's
        // compatible integer type: `unsigned int` when no value is
        // negative, `int` otherwise (C11 §6.7.2.2p4). GCC extends both to
        // values outside `int`: the type is the first of `unsigned int`,
        // `unsigned long` (no value negative) or `long` that holds them
        // all, and a constant outside `int` has the enumerated type.
        let min = values.iter().map(|&(_, v)| v).min().unwrap_or(0);
        let max = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let head = self.head_attributes.get(&et.span.start).copied().unwrap_or_default();
        let kind = if written_after.merge(head).packed {
            super::packed_enums::smallest_kind(min, max)
        } else {
            match (min < 0, max) {
                (false, max) if max <= u32::MAX as i64 => IntKind::UInt,
                (false, _) => IntKind::ULong,
                (true, max) if min >= i32::MIN as i64 && max <= i32::MAX as i64 => IntKind::Int,
                (true, _) => IntKind::Long,
            }
        };
        for (name, v) in values {
            if i32::try_from(v).is_err() {
                self.scopes.declare(name, Symbol::EnumConstant(v, kind));
            }
        }
        if let Some(name) = &et.node.identifier {
            self.scopes.declare_tag(&name.node.name, Tag::Enum(kind));
        }
        Ok(CType::Int(kind))
    }

    /// Applies a declarator's derivations to a base type.
    /// `base_quals` qualify the base type, so the first pointer points to
    /// a `base_quals base`.
    pub fn declarator(&mut self, base: CType, base_quals: Quals, d: &Node<Declarator>) -> LowerResult<Declared> {
        let mut attributes = self.attributes(&d.node.extensions)?;
        let base = self.apply_type_attributes(base, attributes, d.span)?;
        let mut asm_label = None;
        for ext in &d.node.extensions {
            if let Extension::AsmLabel(label) = &ext.node {
                asm_label = Some(label.node.iter().map(|s| unquote_plain(s)).collect::<String>());
            }
        }
        // Pointers come first in lang-c's list and apply innermost-last;
        // array and function suffixes apply right to left.
        let mut ty = base;
        // The qualifiers of an object of type `ty`.
        let mut quals = base_quals;
        let mut suffixes = Vec::new();
        for derived in &d.node.derived {
            match &derived.node {
                DerivedDeclarator::Pointer(pointer_quals) => {
                    ty = CType::Pointer(Rc::new(ty), quals);
                    quals = Quals::default();
                    for q in pointer_quals {
                        match &q.node {
                            PointerQualifier::TypeQualifier(q) => {
                                if q.node == TypeQualifier::Atomic {
                                    ty = super::atomic_objects::atomic_type(&ty, &self.types);
                                }
                                self.add_qualifier(q, &mut quals)?;
                            }
                            // `char *__attribute__((cleanup(f))) p`: GCC
                            // gives the variable the cleanup.
                            PointerQualifier::Extension(exts) => {
                                let cleanups: Vec<_> = exts.iter().filter(|e| is_cleanup(e)).cloned().collect();
                                attributes = attributes.merge(self.attributes(&cleanups)?);
                            }
                        }
                    }
                }
                _ => suffixes.push(derived),
            }
        }
        let mut param_names = Vec::new();
        for (index, derived) in suffixes.iter().enumerate().rev() {
            ty = match &derived.node {
                DerivedDeclarator::Array(array) => self.array_of(ty, array)?,
                DerivedDeclarator::Function(fd) => {
                    let (ft, names) = self.function_type(ty, fd)?;
                    if index == 0 {
                        param_names = names;
                    }
                    CType::Function(Rc::new(ft))
                }
                DerivedDeclarator::KRFunction(ids) => {
                    // An identifier list (`f(a, b)`) only names the
                    // parameters of a definition, whose declaration list
                    // gives their types; the type has no prototype.
                    if index == 0 {
                        param_names = ids.iter().map(|id| (Some(id.node.name.clone()), id.span)).collect();
                    }
                    CType::Function(Rc::new(FuncType { ret: ty, params: vec![], variadic: false, unprototyped: true }))
                }
                DerivedDeclarator::Block(_) => return Err(Diagnostic::unsupported(derived.span, "block pointer")),
                DerivedDeclarator::Pointer(_) => unreachable!("pointers were applied above"),
            };
        }
        match &d.node.kind.node {
            DeclaratorKind::Abstract => {
                Ok(Declared { name: None, name_span: d.span, ty, asm_label, param_names, attributes, quals, thread_local: false })
            }
            DeclaratorKind::Identifier(id) => Ok(Declared {
                name: Some(id.node.name.clone()),
                name_span: id.span,
                ty,
                asm_label,
                param_names,
                attributes,
                quals,
                thread_local: false,
            }),
            DeclaratorKind::Declarator(inner) => {
                // Array suffixes keep their elements' qualifiers; a
                // function has none.
                if suffixes.iter().any(|d| !matches!(d.node, DerivedDeclarator::Array(_))) {
                    quals = Quals::default();
                }
                let mut declared = self.declarator(ty, quals, inner)?;
                if declared.asm_label.is_none() {
                    declared.asm_label = asm_label;
                }
                if declared.param_names.is_empty() {
                    declared.param_names = param_names;
                }
                declared.attributes = declared.attributes.merge(attributes);
                Ok(declared)
            }
        }
    }

    fn array_of(&mut self, elem: CType, array: &Node<ArrayDeclarator>) -> LowerResult<CType> {
        if matches!(elem, CType::Function(_)) {
            return Err(Diagnostic::error_at(array.span, "declaration of array of functions"));
        }
        let size = match &array.node.size {
            ArraySize::Unknown => None,
            // `[*]`, allowed in prototypes only.
            ArraySize::VariableUnknown if self.parameter_depth > 0 => None,
            ArraySize::VariableUnknown => return Err(Diagnostic::error_at(array.span, "'[*]' not allowed in other than function prototype scope")),
            // `int a[n]` as a parameter is a pointer: its size is irrelevant
            // and may name earlier parameters.
            ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) if self.parameter_depth > 0 && self.eval_int(e).is_err() => None,
            // A non-constant length in a function makes a VLA.
            ArraySize::VariableExpression(e) if self.func.is_some() && self.eval_int(e).is_err() => {
                return self.variable_length_array(elem, e);
            }
            ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                let n = self.eval_int(e).map_err(|err| {
                    if err.message.starts_with("unsupported") || err.message.contains("not a constant") {
                        Diagnostic::unsupported(e.span, "variable-length array")
                    } else {
                        err
                    }
                })?;
                if n < 0 {
                    return Err(Diagnostic::error_at(e.span, "array has negative size"));
                }
                Some(n as u64)
            }
        };
        Ok(CType::Array(Rc::new(elem), size))
    }

    fn function_type(&mut self, ret: CType, fd: &Node<FunctionDeclarator>) -> LowerResult<(FuncType, Vec<(Option<String>, Span)>)> {
        if matches!(ret, CType::Array(..) | CType::Function(_)) {
            return Err(Diagnostic::error_at(fd.span, "function cannot return an array or a function"));
        }
        // Tags and enumeration constants declared in a parameter list have
        // prototype scope, which ends with the declarator (C11 §6.2.1p4).
        self.parameter_depth += 1;
        self.scopes.push();
        let result = self.parameter_types(fd);
        let kept = self.scopes.pop_kept();
        self.parameter_depth -= 1;
        // A definition's parameter list is the start of its body's scope
        // (C11 §6.2.1p4): the body sees what it declared.
        if self.parameter_depth == 0 {
            self.last_parameter_scope = Some(kept);
        }
        let (params, names) = result?;
        // An atomic parameter would be an atomic local object passed as a
        // plain value, which nissecc does not model.
        if params.iter().any(|p| matches!(p, CType::Atomic(_))) {
            return Err(Diagnostic::unsupported(fd.span, "an _Atomic parameter"));
        }
        let variadic = matches!(fd.node.ellipsis, Ellipsis::Some);
        let unprototyped = fd.node.parameters.is_empty() && !variadic;
        // A function's value is not an object: `_Atomic long f(void)`
        // returns a `long`, as in GCC.
        let ret = ret.unatomic().clone();
        Ok((FuncType { ret, params, variadic, unprototyped }, names))
    }

    /// The adjusted types and the names of a parameter list.
    fn parameter_types(&mut self, fd: &Node<FunctionDeclarator>) -> LowerResult<(Vec<CType>, Vec<(Option<String>, Span)>)> {
        let mut params = Vec::new();
        let mut names = Vec::new();
        for p in &fd.node.parameters {
            let base = self.base_type(&p.node.specifiers, p.span)?;
            let declared = match &p.node.declarator {
                Some(d) => self.declarator(base.ty, base.quals, d)?,
                // An unnamed parameter keeps its qualifiers too, which an
                // array type gives to its elements (`int f(const arr_t);`
                // with `typedef S arr_t[1]` takes a `const S *`).
                None => Declared { quals: base.quals, ..Declared::abstract_of(base.ty, p.span) },
            };
            if declared.ty.is_void() && fd.node.parameters.len() > 1 {
                return Err(Diagnostic::error_at(p.span, "'void' must be the only parameter"));
            }
            // `f(void)` has no parameters.
            if declared.ty.is_void() && declared.name.is_none() && fd.node.parameters.len() == 1 {
                break;
            }
            // Parameters of array and function type adjust to pointers;
            // an array's element qualifiers qualify what the pointer
            // points to (`const char s[]` is `const char *s`).
            params.push(match &declared.ty {
                CType::Array(elem, _) | CType::Vla(elem, _) => CType::Pointer(elem.clone(), declared.quals),
                ty => ty.decay(),
            });
            names.push((declared.name, declared.name_span));
        }
        Ok((params, names))
    }

    /// The type named by a type name (in casts, `sizeof`, `va_arg`).
    pub fn type_name(&mut self, tn: &Node<TypeName>) -> LowerResult<CType> {
        Ok(self.type_name_and_attributes(tn)?.0)
    }

    /// A type name and the attributes written in it, such as the
    /// `aligned(16)` of `int __attribute__((aligned(16)))`.
    fn type_name_and_attributes(&mut self, tn: &Node<TypeName>) -> LowerResult<(CType, Attributes)> {
        let (base, attributes, quals) = self.qualified_base_type(&tn.node.specifiers, tn.span)?;
        match &tn.node.declarator {
            Some(d) => {
                let declared = self.declarator(base.clone(), quals, d)?;
                Ok((declared.ty.clone(), attributes.merge(declared.attributes).through_declarator(&base, &declared.ty)))
            }
            None => Ok((base, attributes)),
        }
    }

    /// What `_Alignof`/`__alignof__` gives: the alignment of a type name,
    /// or, as GCC allows, of an expression, which the parse wrapped in
    /// `__typeof__` (see `alignof_expression`); a variable has its declared
    /// alignment, `aligned(N)` and `_Alignas` included.
    pub fn alignof_operand(&mut self, tn: &Node<TypeName>) -> LowerResult<u64> {
        if let ([spec], None) = (tn.node.specifiers.as_slice(), &tn.node.declarator) {
            let variable = match &spec.node {
                SpecifierQualifier::TypeSpecifier(Node { node: TypeSpecifier::TypeOf(t), .. }) => match &t.node {
                    TypeOf::Expression(Node { node: Expression::Identifier(id), .. }) => Some(&id.node.name),
                    _ => None,
                },
                // A variable that shadows a typedef name, which lang-c
                // still takes for the type.
                SpecifierQualifier::TypeSpecifier(Node { node: TypeSpecifier::TypedefName(id), .. }) => Some(&id.node.name),
                _ => None,
            };
            if let Some(align) = variable.and_then(|name| self.declared_alignment(name)) {
                return Ok(align);
            }
        }
        let (ty, attributes) = self.type_name_and_attributes(tn)?;
        // A typedef declared with `aligned(N)` has that alignment, as
        // objects and members declared with it do.
        Ok(attributes.alignment(self.types.align_of(&ty)))
    }

    /// The alignment a variable was declared with.
    fn declared_alignment(&mut self, name: &str) -> Option<u64> {
        match self.scopes.lookup(name)? {
            // What the declaration asked for, else the type's alignment,
            // as gcc reports it: not the 16 bytes that the psABI gives an
            // array of 16 bytes or more (`int a[100]` is 4, and
            // `int __attribute__((aligned(8))) a[100]` 8).
            Symbol::Local { slot, ty } => {
                let (slot, ty) = (*slot, ty.clone());
                Some(self.f().declared_alignments.get(&slot).copied().unwrap_or_else(|| self.types.align_of(&ty)))
            }
            Symbol::Global { symbol, ty } => {
                let ty = ty.clone();
                let symbol = self.globals.get(symbol.as_str()).map_or(symbol.clone(), |g| g.symbol.clone());
                Some(self.declared_alignments.get(&symbol).copied().unwrap_or_else(|| self.types.align_of(&ty)))
            }
            _ => None,
        }
    }

    pub fn check_static_assert(&mut self, s: &Node<StaticAssert>) -> LowerResult<()> {
        if self.eval_int(&s.node.expression)? == 0 {
            let message: String = s.node.message.node.iter().map(|m| unquote_plain(m)).collect();
            return Err(Diagnostic::error_at(s.span, format!("static assertion failed: {message}")));
        }
        Ok(())
    }
}

impl Declared {
    /// A declarator without a name (`int` in `f(int)`).
    pub fn abstract_of(ty: CType, span: Span) -> Declared {
        Declared { name: None, name_span: span, ty, asm_label: None, param_names: vec![], attributes: Attributes::default(), quals: Quals::default(), thread_local: false }
    }
}

/// True for a struct or union specifier with a body.
/// Whether `t` is a struct, union or enum specifier with a body, which the
/// attributes written after it apply to.
fn is_tag_body(t: &Node<TypeSpecifier>) -> bool {
    match &t.node {
        TypeSpecifier::Struct(st) => st.node.declarations.is_some(),
        TypeSpecifier::Enum(et) => !et.node.enumerators.is_empty(),
        _ => false,
    }
}

/// The text of a plain string-literal token without its quotes (for asm
/// labels, which hold no escapes in practice).
fn unquote_plain(s: &str) -> String {
    s.trim_matches('"').to_string()
}

/// The innermost operand of `__typeof__(e)`: lang-c reads the operand of
/// `__typeof__(__typeof__(x))` as a call of a function named `__typeof__`.
pub(super) fn typeof_operand(mut e: &Node<Expression>) -> &Node<Expression> {
    while let Expression::Call(c) = &e.node {
        match (&c.node.callee.node, c.node.arguments.as_slice()) {
            (Expression::Identifier(id), [operand]) if matches!(id.node.name.as_str(), "__typeof__" | "__typeof" | "typeof") => e = operand,
            _ => break,
        }
    }
    e
}

/// Whether `ext` is `__attribute__((cleanup(f)))`.
fn is_cleanup(ext: &Node<Extension>) -> bool {
    matches!(&ext.node, Extension::Attribute(attr) if attr.name.node.trim_matches('_') == "cleanup")
}
