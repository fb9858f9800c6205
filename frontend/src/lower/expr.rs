//! Expressions (C11 §6.5): type checking and lowering in one walk.

use super::scope::Symbol;
use super::{FunctionState, LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::literal::{constant_value, LiteralValue};
use crate::types::{usual_arithmetic_conversion, CType, FuncType, IntKind};
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, Block, BlockCall, Callee, FloatCC, InstData, IntCC, Type, UnaryOp, Value};
use super::complex::{complex_of, is_arithmetic_or_complex};
use std::rc::Rc;

fn value(ty: CType, v: Value) -> Operand {
    Operand { ty, place: Place::Value(v) }
}

fn addr(ty: CType, a: Value) -> Operand {
    Operand { ty, place: Place::Addr(a) }
}

/// True for the operand that `lexical_prepass` puts in `a ?: b`.
pub fn is_omitted_operand(e: &Node<Expression>) -> bool {
    matches!(&e.node, Expression::Identifier(id) if id.node.name == crate::lexical_prepass::OMITTED_OPERAND)
}

impl Lowerer {
    pub fn lower_expr(&mut self, e: &Node<Expression>) -> LowerResult<Operand> {
        match &e.node {
            Expression::Identifier(id) => self.lower_identifier(id),
            Expression::Constant(c) => {
                let lit = constant_value(&c.node).map_err(|what| Diagnostic::unsupported(c.span, what))?;
                Ok(match lit {
                    LiteralValue::Int(v, ty) => {
                        let irt = ty.ir_type().expect("an integer type");
                        let k = self.iconst(irt, v);
                        value(ty, k)
                    }
                    LiteralValue::Float(v, ty) => {
                        let irt = ty.ir_type().expect("a float type");
                        let k = self.fconst(irt, v);
                        value(ty, k)
                    }
                    LiteralValue::LongDouble(x) => {
                        let a = self.x87_constant(x);
                        addr(CType::LongDouble, a)
                    }
                    LiteralValue::Imaginary(v, element) => {
                        let ir = element.ir_type().expect("a float type");
                        let re = self.fconst(ir, 0.0);
                        let im = self.fconst(ir, v);
                        let ty = complex_of(&element);
                        let a = self.complex_from_parts(&ty, re, im);
                        value(ty, a)
                    }
                    LiteralValue::ImaginaryInt(v, element) => {
                        let ir = element.ir_type().expect("an integer type");
                        let re = self.iconst(ir, 0);
                        let im = self.iconst(ir, v);
                        let ty = complex_of(&element);
                        let a = self.complex_from_parts(&ty, re, im);
                        value(ty, a)
                    }
                })
            }
            Expression::StringLiteral(s) => {
                let (symbol, ty) = self.string_literal_object(&s.node, s.span)?;
                let a = self.emit(InstData::SymbolAddr { symbol, offset: 0 }, Type::PTR);
                Ok(addr(ty, a))
            }
            Expression::Member(m) => self.lower_member(m),
            Expression::Call(c) => self.lower_call(c, e.span),
            Expression::SizeOfTy(s) => {
                let ty = self.type_name(&s.node.0)?;
                self.size_constant(&ty, s.span)
            }
            Expression::SizeOfVal(s) => {
                let ty = self.type_of_expression(&s.node.0)?;
                self.size_constant(&ty, s.span)
            }
            Expression::AlignOf(a) => {
                let align = self.alignof_operand(&a.node.0)?;
                let k = self.iconst(Type::I64, align as i64);
                Ok(value(CType::ULONG, k))
            }
            Expression::UnaryOperator(u) => self.lower_unary(u, e.span),
            Expression::Cast(c) => {
                // A cast's result is not an lvalue: `(_Atomic int)x` is an `int`.
                let ty = self.type_name(&c.node.type_name)?.unatomic().clone();
                let op = self.lower_expr(&c.node.expression)?;
                if ty.is_void() {
                    return Ok(Operand { ty, place: Place::Void });
                }
                if ty.is_vector() || op.ty.is_vector() {
                    return self.vector_cast(&op, &ty, c.span);
                }
                for t in [&ty, &op.ty] {
                    if let CType::Unsupported(what) = t {
                        return Err(Diagnostic::unsupported(c.span, format!("{what} values")));
                    }
                }
                // GCC accepts a cast of a struct or union to its own type
                // (QuickJS writes `(JSValue)v`); the value is unchanged.
                if matches!((&ty, &op.ty), (CType::Record(a), CType::Record(b)) if a == b) {
                    return Ok(op);
                }
                if matches!(ty, CType::Record(id) if self.types.records[id].is_union) {
                    return Ok(addr(ty.clone(), self.union_cast(&op, &ty, c.span)?));
                }
                let castable = |t: &CType| t.is_scalar() || t.is_complex();
                // A complex value converts to and from arithmetic types only.
                let complex_mismatch = (ty.is_complex() || op.ty.is_complex()) && !(is_arithmetic_or_complex(&ty) && is_arithmetic_or_complex(&op.ty.decay()));
                if !castable(&ty) || !castable(&op.ty.decay()) || complex_mismatch {
                    return Err(Diagnostic::error_at(c.span, format!(
                        "invalid cast from '{}' to '{}'",
                        self.types.describe(&op.ty),
                        self.types.describe(&ty)
                    )));
                }
                let v = self.rvalue(&op, c.span)?;
                let v = self.convert(v, &op.ty, &ty, c.span)?;
                Ok(value(ty, v))
            }
            Expression::BinaryOperator(b) => self.lower_binary(b, e.span),
            Expression::Conditional(c) => self.lower_conditional(c, e.span),
            Expression::Comma(list) => {
                let mut last = None;
                for item in list.iter() {
                    last = Some(self.lower_expr(item)?);
                }
                let last = last.expect("a comma expression has operands");
                // The result of a comma operator is not an lvalue: an
                // array or function operand decays (C11 6.3.2.1p3-4), a
                // scalar is loaded.
                if last.ty.is_array() || matches!(last.ty, CType::Function(_)) || (matches!(last.place, Place::Addr(_)) && last.ty.is_scalar()) {
                    let v = self.rvalue(&last, e.span)?;
                    return Ok(value(last.ty.decay(), v));
                }
                if let CType::Atomic(record) = &last.ty {
                    let copy = self.rvalue(&last, e.span)?;
                    return Ok(addr((**record).clone(), copy));
                }
                Ok(last)
            }
            Expression::GenericSelection(g) => {
                let chosen = self.generic_choice(g)?;
                self.lower_expr(chosen)
            }
            Expression::CompoundLiteral(cl) => self.lower_compound_literal(cl),
            Expression::OffsetOf(o) => self.lower_offset_of(o),
            Expression::VaArg(va) => self.lower_va_arg(va, e.span),
            Expression::Statement(stmt) => self.lower_statement_expression(stmt, e.span),
        }
    }

    /// A compound literal (C11 §6.5.2.5) in a function: an unnamed
    /// automatic object initialized where it appears.
    fn lower_compound_literal(&mut self, cl: &Node<CompoundLiteral>) -> LowerResult<Operand> {
        let ty = self.type_name(&cl.node.type_name)?;
        let init = Node { node: Initializer::List(cl.node.initializer_list.clone()), span: cl.span };
        let (items, ty) = self.flatten_initializer(&ty, &init)?;
        let slot = self.local_slot(&ty, cl.span)?;
        let base = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        self.store_initializer(&ty, base, &items, true)?;
        Ok(self.object(ty, base))
    }

    /// The type of an expression without evaluating it: the expression is
    /// lowered into a detached block that is never part of the function.
    pub fn type_of_expression(&mut self, e: &Node<Expression>) -> LowerResult<CType> {
        if self.func.is_none() {
            // At file scope, lower into a throwaway function.
            self.func = Some(FunctionState::scratch());
            let result = self.type_of_expression(e);
            self.func = None;
            return result;
        }
        let saved = self.f().current;
        let layout_len = self.f().func.layout.len();
        let scratch = self.f().func.blocks.push(Default::default());
        self.switch_to(scratch);
        let result = self.lower_expr(e);
        self.switch_to(saved);
        // Blocks made for `&&`, `?:` and the like inside the operand are
        // dropped along with it.
        self.f().func.layout.truncate(layout_len);
        Ok(result?.ty)
    }

    fn size_constant(&mut self, ty: &CType, span: Span) -> LowerResult<Operand> {
        if ty.is_array() && ty.is_variably_modified() {
            let size = self.runtime_size(ty, span)?;
            return Ok(value(CType::ULONG, size));
        }
        let size = match ty {
            CType::Function(_) | CType::Void => 1,
            _ => self.types.size_of(ty).ok_or_else(|| {
                Diagnostic::error_at(span, format!("invalid application of 'sizeof' to incomplete type '{}'", self.types.describe(ty)))
            })?,
        };
        let k = self.iconst(Type::I64, size as i64);
        Ok(value(CType::ULONG, k))
    }

    /// Before an access to a volatile object, which the program may share
    /// with a signal handler, another thread or a device: a compiler
    /// barrier (`ir::atomics`' signal fence), so that the access is neither
    /// removed, merged with another, nor moved out of a loop or across
    /// other accesses. (A volatile local variable gets an opaque read
    /// instead, in `lower_identifier`, which also keeps it in memory.)
    fn volatile_access(&mut self, volatile: bool) {
        if volatile && self.func.is_some() {
            self.atomic_call(nissecc_midend::ir::atomics::AtomicOp::SignalFence, Type::I64, vec![]);
        }
    }

    fn lower_identifier(&mut self, id: &Node<Identifier>) -> LowerResult<Operand> {
        let name = &id.node.name;
        match self.scopes.lookup(name).cloned() {
            Some(Symbol::Local { slot, ty }) => {
                let a = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
                if self.scopes.object_quals(name).volatile {
                    // An opaque read of the variable's first byte: its
                    // address escapes, so it stays in memory, and the
                    // access does not move across the call.
                    self.atomic_call(nissecc_midend::ir::atomics::AtomicOp::Load, Type::I8, vec![a]);
                }
                if ty.is_array() && ty.is_variably_modified() {
                    // The slot holds the address of the VLA's heap object.
                    let object = self.load(&CType::ULONG, a);
                    return Ok(addr(ty, object));
                }
                Ok(self.object(ty, a))
            }
            Some(Symbol::Global { symbol, ty }) => {
                if let CType::Function(ft) = &ty {
                    self.reference_function(&symbol, ft, id.span)?;
                }
                self.volatile_access(self.scopes.object_quals(name).volatile);
                let a = self.emit(InstData::SymbolAddr { symbol, offset: 0 }, Type::PTR);
                Ok(self.object(ty, a))
            }
            Some(Symbol::EnumConstant(v, kind)) => {
                let ty = CType::Int(kind);
                let k = self.iconst(ty.ir_type().expect("an integer type"), v);
                Ok(value(ty, k))
            }
            Some(Symbol::Typedef(_)) => {
                Err(Diagnostic::error_at(id.span, format!("unexpected type name '{name}': expected expression")))
            }
            None => Err(Diagnostic::error_at(id.span, format!("use of undeclared identifier '{name}'"))),
        }
    }

    fn lower_member(&mut self, m: &Node<MemberExpression>) -> LowerResult<Operand> {
        let base = self.lower_expr(&m.node.expression)?;
        let (record_ty, base_addr) = match m.node.operator.node {
            MemberOperator::Direct => match (&base.ty, base.place) {
                (CType::Record(_), Place::Addr(a)) => (base.ty.clone(), a),
                (CType::Atomic(_), Place::Addr(_)) => {
                    return Err(Diagnostic::unsupported(m.span, "a member of an atomic struct or union"));
                }
                _ => {
                    return Err(Diagnostic::error_at(m.span, format!(
                        "member reference base type '{}' is not a structure or union",
                        self.types.describe(&base.ty)
                    )))
                }
            },
            MemberOperator::Indirect => match base.ty.decay() {
                CType::Pointer(p, _) if matches!(*p, CType::Atomic(_)) => {
                    return Err(Diagnostic::unsupported(m.span, "a member of an atomic struct or union"));
                }
                CType::Pointer(p, quals) if p.is_record() => {
                    let a = self.rvalue(&base, m.span)?;
                    self.volatile_access(quals.volatile);
                    ((*p).clone(), a)
                }
                _ => {
                    return Err(Diagnostic::error_at(m.span, format!(
                        "member reference type '{}' is not a pointer to a structure or union",
                        self.types.describe(&base.ty)
                    )))
                }
            },
        };
        let CType::Record(id) = record_ty else { unreachable!("checked above") };
        let name = &m.node.identifier.node.name;
        if !self.types.records[id].complete {
            return Err(Diagnostic::error_at(m.span, format!("incomplete definition of type '{}'", self.types.describe(&record_ty))));
        }
        let field = self.types.find_field(id, name).ok_or_else(|| {
            Diagnostic::error_at(m.node.identifier.span, format!("no member named '{name}' in '{}'", self.types.describe(&record_ty)))
        })?;
        self.volatile_access(self.volatile_members.contains(&(id, name.clone())));
        let a = self.offset_address(base_addr, field.offset as i64);
        match (field.bits, &field.ty) {
            (Some(bits), CType::Int(kind)) => Ok(Operand { ty: bits.value_type(&field.ty), place: Place::BitField(a, bits, *kind) }),
            _ => Ok(self.object(field.ty, a)),
        }
    }

    pub fn lower_call(&mut self, c: &Node<CallExpression>, span: Span) -> LowerResult<Operand> {
        if let Expression::Identifier(id) = &c.node.callee.node {
            // GCC treats `alloca` as its builtin, declared or not, unless
            // the program defines it.
            let defined = self.globals.get(&id.node.name).is_some_and(|g| g.defined);
            if id.node.name == "alloca" && !defined {
                return self.lower_alloca(&c.node.arguments, span);
            }
            // So are `creal`, `cimag` and `conj` (C11 §7.3.9) as
            // `<complex.h>` declares them; a program's own function of one
            // of these names is called.
            let from_complex_h = self.library_functions.contains(&id.node.name);
            if !defined && from_complex_h && super::complex::is_inline_library_function(&id.node.name) {
                if let Some(result) = self.lower_complex_builtin(&id.node.name, &c.node.arguments, span)? {
                    return Ok(result);
                }
            }
            if self.scopes.lookup(&id.node.name).is_none() {
                // lang-c reads an `asm (...)` statement as a call.
                if matches!(id.node.name.as_str(), "asm" | "__asm__" | "__asm") {
                    return self.lower_asm_call(&c.node.callee, &c.node.arguments);
                }
                if let Some(result) = self.lower_builtin_call(id, c, span)? {
                    return Ok(result);
                }
                if super::atomics::is_atomic_builtin(&id.node.name) {
                    return self.lower_atomic_builtin(&id.node.name, &c.node.arguments, span);
                }
                self.declare_implicitly(id);
            }
        }
        let direct = self.direct_callee(&c.node.callee);
        let callee = match &direct {
            Some((_, ty)) => Operand { ty: ty.clone(), place: Place::Void },
            None => self.lower_expr(&c.node.callee)?,
        };
        let ft: Rc<FuncType> = match &callee.ty {
            CType::Function(ft) => ft.clone(),
            CType::Pointer(p, _) => match &**p {
                CType::Function(ft) => ft.clone(),
                _ => return Err(Diagnostic::error_at(c.node.callee.span, "called object is not a function or function pointer")),
            },
            _ => return Err(Diagnostic::error_at(c.node.callee.span, "called object is not a function or function pointer")),
        };
        if let Some((symbol, _)) = &direct {
            // A function calling one keeps its locals in memory: a value
            // that SSA kept in a register could be stale after the second
            // return.
            if nissecc_midend::analysis::noreturn::returns_twice(symbol) {
                self.f().func.calls_returns_twice = true;
            }
        }
        let mut sig = self.signature_of(&ft, span)?;
        if c.node.arguments.len() < ft.params.len() || (c.node.arguments.len() > ft.params.len() && !ft.variadic && !ft.unprototyped) {
            return Err(Diagnostic::error_at(span, format!(
                "wrong number of arguments to function call: expected {}, have {}",
                ft.params.len(),
                c.node.arguments.len()
            )));
        }
        // Arguments are evaluated right to left, in the order GCC uses on
        // x86-64, so that programs relying on that unspecified order
        // behave alike.
        let mut args = Vec::new();
        for (i, arg) in c.node.arguments.iter().enumerate().rev() {
            let op = self.lower_expr(arg)?;
            if op.ty.is_memory_value() && ft.params.get(i).is_none() {
                // A further argument of a variadic or unprototyped call,
                // at its index among the IR arguments.
                let index = i + usize::from(ft.ret.is_memory_value());
                let aggregate = self.by_value_argument(&op.ty, arg.span)?;
                sig.by_value.push((index, aggregate));
            }
            let v = match ft.params.get(i) {
                Some(pty) if self.is_transparent_union_argument(&op.ty, pty) => self.transparent_union_argument(&op, pty, arg.span)?,
                Some(pty) => {
                    let v = self.assign_convert(&op, pty, arg.span)?;
                    self.extend_narrow_argument(v, pty)
                }
                // A struct goes to an unprototyped function as to one whose
                // prototype names its type.
                None if op.ty.is_record() => self.assign_convert(&op, &op.ty.clone(), arg.span)?,
                None => {
                    // Default argument promotions (C11 §6.5.2.2p6).
                    let from = op.ty.decay();
                    let to = match &from {
                        CType::Float => CType::Double,
                        t if t.is_integer() => t.promote(),
                        t => t.clone(),
                    };
                    let v = self.rvalue(&op, arg.span)?;
                    let v = self.convert(v, &from, &to, arg.span)?;
                    if ft.variadic && matches!(to, CType::Int(kind) if kind.size() < 8) {
                        // A further argument of a variadic call fills its
                        // eightbyte, zero-extended, as gcc's `movl`/`push`
                        // leave it: a stack slot is then no half garbage
                        // for a `va_arg` that reads it wider than passed.
                        self.convert(v, &CType::Int(IntKind::UInt), &CType::Int(IntKind::ULong), arg.span)?
                    } else {
                        v
                    }
                }
            };
            args.push(v);
        }
        args.reverse();
        sig.by_value.sort_by_key(|&(index, _)| index);
        // A struct result goes to a temporary whose address is the hidden
        // first argument.
        let struct_result = match &ft.ret {
            ty if ty.is_memory_value() => {
                let slot = self.local_slot(&ty.clone(), span)?;
                let addr = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
                args.insert(0, addr);
                Some(addr)
            }
            _ => None,
        };
        if ft.unprototyped {
            // A call through an unprototyped declaration passes the promoted
            // arguments as they are, with `%al` set as for a variadic call
            // (as GCC does); `fix_unprototyped_calls` gives calls to a
            // function defined in this unit its real signature.
            sig.params.truncate(usize::from(sig.by_value_result.is_some()));
        }
        let callee_ir = match direct {
            Some((symbol, _)) => {
                self.reference_function(&symbol, &ft, span)?;
                Callee::Direct(symbol)
            }
            None => Callee::Indirect(self.rvalue(&callee, c.node.callee.span)?),
        };
        let ret = sig.ret;
        let data = InstData::Call { callee: callee_ir, sig, args };
        match ret {
            Some(ty) => {
                let v = self.emit(data, ty);
                Ok(value(ft.ret.clone(), v))
            }
            None => {
                self.emit_effect(data);
                match struct_result {
                    Some(addr) => Ok(Operand { ty: ft.ret.clone(), place: Place::Addr(addr) }),
                    None => Ok(Operand { ty: CType::Void, place: Place::Void }),
                }
            }
        }
    }

    /// A call to an undeclared function declares it as `extern int
    /// name()` at file scope, with a warning, as C89 did and GCC still does
    /// (C89 §3.3.2.2).
    fn declare_implicitly(&mut self, id: &Node<Identifier>) {
        let name = &id.node.name;
        self.warnings.push(Diagnostic::warning_at(id.span, format!("implicit declaration of function '{name}'")));
        self.declare_at_file_scope(id);
    }

    /// Declares the undeclared function `id` at file scope with its
    /// library prototype, or as C89's `int name()`.
    pub fn declare_at_file_scope(&mut self, id: &Node<Identifier>) {
        let name = &id.node.name;
        let ty = super::library_prototypes::implicit_function_type(name);
        let info = self.globals.entry(name.clone()).or_insert_with(|| super::GlobalInfo {
            symbol: name.clone(),
            ty: ty.clone(),
            linkage: nissecc_midend::ir::Linkage::Export,
            defined: false,
            declared_at: id.span,
        });
        let symbol = info.symbol.clone();
        self.scopes.declare_global(name, Symbol::Global { symbol, ty });
    }

    /// Stores scalar `v`, already of the lvalue's type, into the lvalue
    /// `target`; returns the value the lvalue then holds (a bit-field keeps
    /// only its width).
    pub(super) fn store_to(&mut self, target: &Operand, v: Value) -> Value {
        match target.place {
            Place::BitField(a, bits, kind) => self.store_bit_field_value(a, bits, kind, v, &target.ty),
            Place::Addr(a) => {
                self.store_typed(&target.ty, v, a);
                v
            }
            Place::Atomic(a) => {
                self.atomic_store(&target.ty, v, a);
                v
            }
            Place::Value(_) | Place::Void => unreachable!("checked to be an lvalue"),
        }
    }

    /// The symbol of a call's callee when it names a function directly.
    fn direct_callee(&self, callee: &Node<Expression>) -> Option<(String, CType)> {
        let Expression::Identifier(id) = &callee.node else { return None };
        match self.scopes.lookup(&id.node.name) {
            Some(Symbol::Global { symbol, ty: ty @ CType::Function(_) }) => Some((symbol.clone(), ty.clone())),
            _ => None,
        }
    }

    fn lower_unary(&mut self, u: &Node<UnaryOperatorExpression>, span: Span) -> LowerResult<Operand> {
        let operand_span = u.node.operand.span;
        match u.node.operator.node {
            UnaryOperator::Address => {
                let op = self.lower_expr(&u.node.operand)?;
                match op.place {
                    Place::Addr(a) => Ok(value(CType::pointer_to(op.ty), a)),
                    Place::Atomic(a) => Ok(value(CType::pointer_to(CType::Atomic(Rc::new(op.ty))), a)),
                    Place::BitField(..) => Err(Diagnostic::error_at(span, "cannot take the address of a bit-field")),
                    Place::Value(v) if matches!(op.ty, CType::Function(_)) => Ok(value(CType::pointer_to(op.ty), v)),
                    _ => Err(Diagnostic::error_at(span, "cannot take the address of an rvalue")),
                }
            }
            UnaryOperator::Indirection => {
                let op = self.lower_expr(&u.node.operand)?;
                let CType::Pointer(p, quals) = op.ty.decay() else {
                    return Err(Diagnostic::error_at(span, format!("indirection requires pointer operand ('{}' invalid)", self.types.describe(&op.ty))));
                };
                let a = self.rvalue(&op, operand_span)?;
                self.volatile_access(quals.volatile);
                if p.is_void() {
                    return Ok(Operand { ty: CType::Void, place: Place::Void });
                }
                Ok(self.object((*p).clone(), a))
            }
            UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Complement => {
                let op = self.lower_expr(&u.node.operand)?;
                if op.ty.is_complex() {
                    // `~` is GCC's conjugate.
                    let v = self.rvalue(&op, operand_span)?;
                    let (negate_real, negate_imag) = match u.node.operator.node {
                        UnaryOperator::Plus => (false, false),
                        UnaryOperator::Minus => (true, true),
                        _ => (false, true),
                    };
                    let r = self.complex_unary(negate_real, negate_imag, &op.ty, v);
                    return Ok(value(op.ty, r));
                }
                if op.ty.is_vector() {
                    return self.vector_unary(&u.node.operator.node, &op, span);
                }
                let ok = match u.node.operator.node {
                    UnaryOperator::Complement => op.ty.is_integral(),
                    _ => op.ty.is_arithmetic(),
                };
                if !ok {
                    return Err(Diagnostic::error_at(span, format!("invalid argument type '{}' to unary expression", self.types.describe(&op.ty))));
                }
                let ty = op.ty.promote();
                let v = self.rvalue(&op, operand_span)?;
                let v = self.convert(v, &op.ty, &ty, span)?;
                if matches!(ty, CType::LongDouble) {
                    let r = if u.node.operator.node == UnaryOperator::Minus { self.x87_negate(v) } else { v };
                    return Ok(value(ty, r));
                }
                if matches!(ty, CType::Int128 { .. }) {
                    let r = self.int128_unary(&u.node.operator.node, v);
                    return Ok(value(ty, r));
                }
                let irt = self.value_type(v);
                let r = match u.node.operator.node {
                    UnaryOperator::Plus => v,
                    UnaryOperator::Minus if irt.is_float() => self.unary(UnaryOp::Fneg, v, irt),
                    UnaryOperator::Minus => self.unary(UnaryOp::Ineg, v, irt),
                    _ => self.unary(UnaryOp::Bnot, v, irt),
                };
                Ok(value(ty, r))
            }
            UnaryOperator::Negate => {
                let op = self.lower_expr(&u.node.operand)?;
                if !op.ty.decay().is_scalar() && !op.ty.is_complex() {
                    return Err(Diagnostic::error_at(span, format!("invalid argument type '{}' to unary expression", self.types.describe(&op.ty))));
                }
                let v = self.rvalue(&op, operand_span)?;
                let t = self.truth_value(v, &op.ty.decay())?;
                let one = self.iconst(Type::I8, 1);
                let n = self.binary(BinaryOp::Bxor, t, one);
                let r = self.unary(UnaryOp::Uextend, n, Type::I32);
                Ok(value(CType::INT, r))
            }
            UnaryOperator::PreIncrement | UnaryOperator::PreDecrement | UnaryOperator::PostIncrement | UnaryOperator::PostDecrement => {
                let increment = matches!(u.node.operator.node, UnaryOperator::PreIncrement | UnaryOperator::PostIncrement);
                let post = matches!(u.node.operator.node, UnaryOperator::PostIncrement | UnaryOperator::PostDecrement);
                let op = self.lower_expr(&u.node.operand)?;
                if !matches!(op.place, Place::Addr(_) | Place::BitField(..) | Place::Atomic(_)) {
                    return Err(Diagnostic::error_at(operand_span, "expression is not assignable"));
                }
                if let (CType::Vector(..), Place::Addr(a)) = (&op.ty, op.place) {
                    return self.vector_increment(increment, post, &op.ty, a, span);
                }
                if !op.ty.is_scalar() && !op.ty.is_complex() {
                    return Err(Diagnostic::error_at(span, format!("cannot increment value of type '{}'", self.types.describe(&op.ty))));
                }
                if let Place::Atomic(_) = op.place {
                    let kind = if increment { BinaryOperator::Plus } else { BinaryOperator::Minus };
                    let one = self.iconst(Type::I32, 1);
                    return self.atomic_compound(&op, kind, value(CType::INT, one), post, span);
                }
                let old = self.rvalue(&op, operand_span)?;
                // A `long double`'s or `__int128`'s value is its object,
                // which the store below overwrites.
                let old = if op.ty.is_sixteen_byte_scalar() { self.snapshot_sixteen_bytes(old) } else { old };
                // So is a complex value's (GCC increments its real part).
                let old = if op.ty.is_complex() { self.snapshot_complex(&op.ty, old) } else { old };
                let one_ty = if op.ty.is_pointer() { CType::LONG } else { CType::INT };
                let one = self.iconst(one_ty.ir_type().expect("int"), 1);
                let kind = if increment { BinaryOperator::Plus } else { BinaryOperator::Minus };
                let new = self.arithmetic(kind, value(op.ty.clone(), old), value(one_ty, one), span)?;
                let converted = self.convert(new.1, &new.0, &op.ty, span)?;
                let stored = self.store_to(&op, converted);
                Ok(value(op.ty, if post { old } else { stored }))
            }
        }
    }

    fn lower_binary(&mut self, b: &Node<BinaryOperatorExpression>, span: Span) -> LowerResult<Operand> {
        use BinaryOperator as B;
        let op = b.node.operator.node.clone();
        match op {
            B::Index => {
                let lhs = self.lower_expr(&b.node.lhs)?;
                let rhs = self.lower_expr(&b.node.rhs)?;
                if lhs.ty.is_vector() {
                    return self.vector_element(&lhs, &rhs, span);
                }
                let (ty, v) = self.arithmetic(B::Plus, lhs, rhs, span)?;
                let CType::Pointer(elem, quals) = ty else {
                    return Err(Diagnostic::error_at(span, "subscripted value is not an array or pointer"));
                };
                self.volatile_access(quals.volatile);
                Ok(self.object((*elem).clone(), v))
            }
            B::LogicalAnd | B::LogicalOr => {
                let t = self.new_block();
                let f = self.new_block();
                let join = self.new_block();
                let e = Node { node: Expression::BinaryOperator(Box::new(b.clone())), span };
                self.lower_condition(&e, t, f)?;
                let result = self.f().func.append_block_param(join, Type::I32);
                for (block, bit) in [(t, 1), (f, 0)] {
                    self.switch_to(block);
                    let k = self.iconst(Type::I32, bit);
                    self.emit_effect(InstData::Jump { dest: BlockCall::new(join, vec![k]) });
                }
                self.switch_to(join);
                Ok(value(CType::INT, result))
            }
            B::Assign => {
                let lhs = self.lower_expr(&b.node.lhs)?;
                if !matches!(lhs.place, Place::Addr(_) | Place::BitField(..) | Place::Atomic(_)) {
                    return Err(Diagnostic::error_at(b.node.lhs.span, "expression is not assignable"));
                }
                if matches!(lhs.ty, CType::Array(..) | CType::Vla(..) | CType::Function(_)) {
                    return Err(Diagnostic::error_at(b.node.lhs.span, "expression is not assignable: array type"));
                }

                let rhs = self.lower_expr(&b.node.rhs)?;
                if let (CType::Atomic(record), Place::Addr(a)) = (&lhs.ty, lhs.place) {
                    let from = self.assign_convert(&rhs, record, span)?;
                    self.atomic_record_store(&lhs.ty, a, from, span)?;
                    return Ok(addr((**record).clone(), from));
                }
                let v = self.assign_convert(&rhs, &lhs.ty, span)?;
                if let (true, Place::Addr(a)) = (lhs.ty.is_record(), lhs.place) {
                    let size = self.types.size_of(&lhs.ty).unwrap_or(0);
                    self.copy_bytes(a, v, size);
                    return Ok(addr(lhs.ty, a));
                }
                if let (true, Place::Addr(a)) = (lhs.ty.is_vector(), lhs.place) {
                    self.store_typed(&lhs.ty, v, a);
                    return Ok(addr(lhs.ty, a));
                }
                let stored = self.store_to(&lhs, v);
                Ok(value(lhs.ty, stored))
            }
            B::AssignPlus | B::AssignMinus | B::AssignMultiply | B::AssignDivide | B::AssignModulo
            | B::AssignShiftLeft | B::AssignShiftRight | B::AssignBitwiseAnd | B::AssignBitwiseOr | B::AssignBitwiseXor => {
                let kind = match op {
                    B::AssignPlus => B::Plus,
                    B::AssignMinus => B::Minus,
                    B::AssignMultiply => B::Multiply,
                    B::AssignDivide => B::Divide,
                    B::AssignModulo => B::Modulo,
                    B::AssignShiftLeft => B::ShiftLeft,
                    B::AssignShiftRight => B::ShiftRight,
                    B::AssignBitwiseAnd => B::BitwiseAnd,
                    B::AssignBitwiseOr => B::BitwiseOr,
                    _ => B::BitwiseXor,
                };
                let lhs = self.lower_expr(&b.node.lhs)?;
                if !matches!(lhs.place, Place::Addr(_) | Place::BitField(..) | Place::Atomic(_)) {
                    return Err(Diagnostic::error_at(b.node.lhs.span, "expression is not assignable"));
                }
                reject_unsupported_values(&[&lhs.ty], span)?;
                if let (true, Place::Addr(a)) = (lhs.ty.is_vector(), lhs.place) {
                    let rhs = self.lower_expr(&b.node.rhs)?;
                    self.check_vector_broadcast(&kind, &lhs.ty, &rhs.ty, &b.node.rhs, true)?;
                    let (_, v) = self.vector_arithmetic(kind, value(lhs.ty.clone(), a), rhs, span)?;
                    self.store_typed(&lhs.ty, v, a);
                    return Ok(addr(lhs.ty, a));
                }
                if !lhs.ty.is_scalar() && !lhs.ty.is_complex() {
                    return Err(Diagnostic::error_at(span, format!("invalid operands to binary expression ('{}')", self.types.describe(&lhs.ty))));
                }
                // The right operand first, then the left one's value: where
                // the right operand's side effects change the left operand
                // (unsequenced in C), GCC reads it afterwards too.
                let rhs = self.lower_expr(&b.node.rhs)?;
                if let Place::Atomic(_) = lhs.place {
                    return self.atomic_compound(&lhs, kind, rhs, false, span);
                }
                let old = self.rvalue(&lhs, b.node.lhs.span)?;
                // A complex lvalue's value is its object, which the store
                // below overwrites; the operation reads it first.
                let (ty, v) = self.arithmetic(kind, value(lhs.ty.clone(), old), rhs, span)?;
                let v = self.convert(v, &ty, &lhs.ty, span)?;
                let stored = self.store_to(&lhs, v);
                Ok(value(lhs.ty, stored))
            }
            _ => {
                let lhs = self.lower_expr(&b.node.lhs)?;
                let rhs = self.lower_expr(&b.node.rhs)?;
                if let Some(folded) = self.fold_complex_operation(&op, &b.node.lhs, &b.node.rhs, (&lhs.ty.decay(), &rhs.ty.decay()), span)? {
                    return Ok(folded);
                }
                match (lhs.ty.is_vector(), rhs.ty.is_vector()) {
                    (true, false) => self.check_vector_broadcast(&op, &lhs.ty, &rhs.ty, &b.node.rhs, true)?,
                    (false, true) => self.check_vector_broadcast(&op, &rhs.ty, &lhs.ty, &b.node.lhs, false)?,
                    _ => {}
                }
                let (ty, v) = self.arithmetic(op, lhs, rhs, span)?;
                Ok(value(ty, v))
            }
        }
    }

    /// A binary operator other than assignment and logical operators, on
    /// already-lowered operands: arithmetic, pointer arithmetic, shifts,
    /// bitwise operators and comparisons.
    pub fn arithmetic(&mut self, op: BinaryOperator, lhs: Operand, rhs: Operand, span: Span) -> LowerResult<(CType, Value)> {
        use BinaryOperator as B;
        let lt = lhs.ty.decay();
        let rt = rhs.ty.decay();
        reject_unsupported_values(&[&lt, &rt], span)?;
        if lt.is_complex() || rt.is_complex() {
            return self.complex_arithmetic(op, lhs, rhs, span);
        }
        if lt.is_vector() || rt.is_vector() {
            return self.vector_arithmetic(op, lhs, rhs, span);
        }
        let invalid = |this: &Self| {
            Diagnostic::error_at(span, format!(
                "invalid operands to binary expression ('{}' and '{}')",
                this.types.describe(&lhs.ty),
                this.types.describe(&rhs.ty)
            ))
        };
        // Pointer arithmetic (C11 §6.5.6).
        if matches!(op, B::Plus | B::Minus) && (lt.is_pointer() || rt.is_pointer()) {
            if lt.is_pointer() && rt.is_pointer() {
                if op != B::Minus {
                    return Err(invalid(self));
                }
                let a = self.rvalue(&lhs, span)?;
                let b = self.rvalue(&rhs, span)?;
                let diff = self.binary(BinaryOp::Isub, a, b);
                let q = match self.element_size_value(&lt, span)? {
                    None => diff,
                    Some(k) => self.binary(BinaryOp::Sdiv, diff, k),
                };
                return Ok((CType::LONG, q));
            }
            let (ptr, ptr_ty, int, int_ty) = if lt.is_pointer() { (&lhs, &lt, &rhs, &rt) } else { (&rhs, &rt, &lhs, &lt) };
            if !int_ty.is_integral() || (op == B::Minus && !lt.is_pointer()) {
                return Err(invalid(self));
            }
            let p = self.rvalue(ptr, span)?;
            let i = self.rvalue(int, span)?;
            let i = self.convert(i, int_ty, &CType::LONG, span)?;
            let scaled = match self.element_size_value(ptr_ty, span)? {
                None => i,
                Some(k) => self.binary(BinaryOp::Imul, i, k),
            };
            let r = self.binary(if op == B::Plus { BinaryOp::Iadd } else { BinaryOp::Isub }, p, scaled);
            // A pointer stays inside its object (C11 §6.5.6p8), so the
            // address arithmetic never wraps in a correct program.
            self.mark_no_signed_wrap(r);
            return Ok((ptr_ty.clone(), r));
        }
        if matches!(op, B::Less | B::Greater | B::LessOrEqual | B::GreaterOrEqual | B::Equals | B::NotEquals) {
            return self.comparison(op, lhs, rhs, span);
        }
        if !lt.is_arithmetic() || !rt.is_arithmetic() {
            return Err(invalid(self));
        }
        let integer_only = matches!(op, B::Modulo | B::ShiftLeft | B::ShiftRight | B::BitwiseAnd | B::BitwiseOr | B::BitwiseXor);
        if integer_only && (!lt.is_integral() || !rt.is_integral()) {
            return Err(invalid(self));
        }
        if matches!(op, B::ShiftLeft | B::ShiftRight) {
            // Shifts take the promoted left type (C11 §6.5.7).
            let ty = lt.promote();
            let a = self.rvalue(&lhs, span)?;
            let a = self.convert(a, &lt, &ty, span)?;
            let b = self.rvalue(&rhs, span)?;
            if let CType::Int128 { signed } = ty {
                let n = self.convert(b, &rt, &CType::LONG, span)?;
                return Ok((ty, self.int128_shift(op == B::ShiftLeft, signed, a, n)));
            }
            let b = self.convert(b, &rt, &ty, span)?;
            let irop = match op {
                B::ShiftLeft => BinaryOp::Ishl,
                _ if ty.is_signed_int() => BinaryOp::Sshr,
                _ => BinaryOp::Ushr,
            };
            return Ok((ty, self.binary(irop, a, b)));
        }
        let ty = usual_arithmetic_conversion(&lt, &rt);
        let a = self.rvalue(&lhs, span)?;
        let a = self.convert(a, &lt, &ty, span)?;
        let b = self.rvalue(&rhs, span)?;
        let b = self.convert(b, &rt, &ty, span)?;
        if matches!(ty, CType::LongDouble) {
            return Ok((ty, self.x87_arithmetic(&op, a, b, span)?));
        }
        if matches!(ty, CType::Int128 { .. }) {
            let r = self.int128_arithmetic(&op, &ty, a, b, span)?;
            return Ok((ty, r));
        }
        let float = ty.is_floating();
        let signed = ty.is_signed_int();
        let irop = match (op, float, signed) {
            (B::Plus, false, _) => BinaryOp::Iadd,
            (B::Plus, true, _) => BinaryOp::Fadd,
            (B::Minus, false, _) => BinaryOp::Isub,
            (B::Minus, true, _) => BinaryOp::Fsub,
            (B::Multiply, false, _) => BinaryOp::Imul,
            (B::Multiply, true, _) => BinaryOp::Fmul,
            (B::Divide, true, _) => BinaryOp::Fdiv,
            (B::Divide, false, true) => BinaryOp::Sdiv,
            (B::Divide, false, false) => BinaryOp::Udiv,
            (B::Modulo, _, true) => BinaryOp::Srem,
            (B::Modulo, _, false) => BinaryOp::Urem,
            (B::BitwiseAnd, ..) => BinaryOp::Band,
            (B::BitwiseOr, ..) => BinaryOp::Bor,
            (B::BitwiseXor, ..) => BinaryOp::Bxor,
            _ => return Err(invalid(self)),
        };
        // gcc folds a product with, or a quotient by, the constant -1.0
        // into a negation (fold-const.cc), at every -O: only the sign of
        // a NaN tells them apart (`-nan`, where `mulsd` keeps the NaN's).
        if matches!(irop, BinaryOp::Fmul | BinaryOp::Fdiv) {
            let negated = if self.constant_float_value(b) == Some(-1.0) {
                Some(a)
            } else if irop == BinaryOp::Fmul && self.constant_float_value(a) == Some(-1.0) {
                Some(b)
            } else {
                None
            };
            if let Some(operand) = negated {
                let irt = self.f().func.value_type(operand);
                return Ok((ty, self.unary(UnaryOp::Fneg, operand, irt)));
            }
        }
        let result = self.binary(irop, a, b);
        if signed && !self.wrapv && matches!(irop, BinaryOp::Iadd | BinaryOp::Isub | BinaryOp::Imul) {
            // Signed overflow is undefined (C11 §6.5p5): record that the
            // operation never wraps in a correct program.
            self.mark_no_signed_wrap(result);
        }
        Ok((ty, result))
    }

    /// The size of the elements a pointer steps over, as an `i64` value,
    /// or `None` when it is 1.
    fn element_size_value(&mut self, ptr: &CType, span: Span) -> LowerResult<Option<Value>> {
        if let Some(elem) = ptr.pointee().filter(|t| t.is_variably_modified()).cloned() {
            return Ok(Some(self.runtime_size(&elem, span)?));
        }
        let size = self.element_size(ptr, span)?;
        Ok((size != 1).then(|| self.iconst(Type::I64, size as i64)))
    }

    pub(super) fn element_size(&self, ptr: &CType, span: Span) -> LowerResult<u64> {
        match ptr.pointee() {
            Some(CType::Void) | Some(CType::Function(_)) => Ok(1),
            Some(t) => self.types.size_of(t).ok_or_else(|| {
                Diagnostic::error_at(span, format!("arithmetic on a pointer to an incomplete type '{}'", self.types.describe(t)))
            }),
            None => Ok(1),
        }
    }

    fn comparison(&mut self, op: BinaryOperator, lhs: Operand, rhs: Operand, span: Span) -> LowerResult<(CType, Value)> {
        let c = self.compare_i8(op, lhs, rhs, span)?;
        Ok((CType::INT, self.unary(UnaryOp::Uextend, c, Type::I32)))
    }

    /// A comparison as an `i8` 0/1 value.
    pub(super) fn compare_i8(&mut self, op: BinaryOperator, lhs: Operand, rhs: Operand, span: Span) -> LowerResult<Value> {
        use BinaryOperator as B;
        let lt = lhs.ty.decay();
        let rt = rhs.ty.decay();
        reject_unsupported_values(&[&lt, &rt], span)?;
        if lt.is_complex() || rt.is_complex() {
            return self.complex_compare(op, lhs, rhs, span);
        }
        let ty = if lt.is_arithmetic() && rt.is_arithmetic() {
            usual_arithmetic_conversion(&lt, &rt)
        } else if (lt.is_pointer() || lt.is_integer()) && (rt.is_pointer() || rt.is_integer()) {
            CType::ULONG
        } else {
            return Err(Diagnostic::error_at(span, format!(
                "invalid operands to binary expression ('{}' and '{}')",
                self.types.describe(&lhs.ty),
                self.types.describe(&rhs.ty)
            )));
        };
        let a = self.rvalue(&lhs, span)?;
        let a = self.convert(a, &lt, &ty, span)?;
        let b = self.rvalue(&rhs, span)?;
        let b = self.convert(b, &rt, &ty, span)?;
        if matches!(ty, CType::LongDouble) {
            return Ok(self.x87_compare(&op, a, b));
        }
        if matches!(ty, CType::Int128 { .. }) {
            return Ok(self.int128_compare(&op, &ty, a, b));
        }
        if ty.is_floating() {
            let cond = match op {
                B::Less => FloatCC::Lt,
                B::Greater => FloatCC::Gt,
                B::LessOrEqual => FloatCC::Le,
                B::GreaterOrEqual => FloatCC::Ge,
                B::Equals => FloatCC::Eq,
                _ => FloatCC::Ne,
            };
            return Ok(self.fcmp(cond, a, b));
        }
        let signed = ty.is_signed_int();
        let cond = match (op, signed) {
            (B::Less, true) => IntCC::Slt,
            (B::Less, false) => IntCC::Ult,
            (B::Greater, true) => IntCC::Sgt,
            (B::Greater, false) => IntCC::Ugt,
            (B::LessOrEqual, true) => IntCC::Sle,
            (B::LessOrEqual, false) => IntCC::Ule,
            (B::GreaterOrEqual, true) => IntCC::Sge,
            (B::GreaterOrEqual, false) => IntCC::Uge,
            (B::Equals, _) => IntCC::Eq,
            _ => IntCC::Ne,
        };
        Ok(self.icmp(cond, a, b))
    }

    /// Lowers a controlling expression as branches to `t` or `f`, turning
    /// `&&`, `||` and `!` into control flow.
    pub fn lower_condition(&mut self, e: &Node<Expression>, t: Block, f: Block) -> LowerResult<()> {
        use BinaryOperator as B;
        // A constant condition, or a constant operand of `&&` or `||`
        // (`x && 0`, `while (0)`, `0 ? f() : y`), goes one way only, as GCC
        // folds it even at -O0: the code it skips is unreachable and is not
        // emitted, so a call there to a function that no file defines
        // (libtommath's `if (err && MP_HAS(X)) f();`) links.
        if let Ok(value @ (super::constant::ConstValue::Int(..) | super::constant::ConstValue::Float(..))) = self.eval_const(e) {
            let taken = self.const_truth(&value);
            self.jump_to(if taken { t } else { f });
            return Ok(());
        }
        match &e.node {
            Expression::BinaryOperator(b) if matches!(b.node.operator.node, B::LogicalAnd | B::LogicalOr) => {
                let mid = self.new_block();
                if b.node.operator.node == B::LogicalAnd {
                    self.lower_condition(&b.node.lhs, mid, f)?;
                } else {
                    self.lower_condition(&b.node.lhs, t, mid)?;
                }
                self.switch_to(mid);
                self.lower_condition(&b.node.rhs, t, f)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Negate => {
                self.lower_condition(&u.node.operand, f, t)
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, B::Less | B::Greater | B::LessOrEqual | B::GreaterOrEqual | B::Equals | B::NotEquals) =>
            {
                let lhs = self.lower_expr(&b.node.lhs)?;
                let rhs = self.lower_expr(&b.node.rhs)?;
                let c = self.compare_i8(b.node.operator.node.clone(), lhs, rhs, e.span)?;
                self.branch(c, t, f);
                Ok(())
            }
            _ => {
                let op = self.lower_expr(e)?;
                if !op.ty.decay().is_scalar() && !op.ty.is_complex() {
                    return Err(Diagnostic::error_at(e.span, format!(
                        "statement requires expression of scalar type ('{}' invalid)",
                        self.types.describe(&op.ty)
                    )));
                }
                let v = self.rvalue(&op, e.span)?;
                let c = self.truth_value(v, &op.ty.decay())?;
                self.branch(c, t, f);
                Ok(())
            }
        }
    }

    /// Ends the current block with `brif cond, t, f`.
    fn branch(&mut self, cond: Value, t: Block, f: Block) {
        self.emit_effect(InstData::Brif { cond, then_dest: BlockCall::new(t, vec![]), else_dest: BlockCall::new(f, vec![]) });
    }

    fn lower_conditional(&mut self, c: &Node<ConditionalExpression>, span: Span) -> LowerResult<Operand> {
        let then_block = self.new_block();
        let else_block = self.new_block();
        let join = self.new_block();
        // GCC's `a ?: b` yields `a` itself when it is nonzero, evaluated once.
        let omitted = is_omitted_operand(&c.node.then_expression);
        let condition_value = if omitted {
            let op = self.lower_expr(&c.node.condition)?;
            if !op.ty.decay().is_scalar() && !op.ty.is_complex() {
                return Err(Diagnostic::error_at(c.node.condition.span, "used type where scalar is required"));
            }
            let v = self.rvalue(&op, c.node.condition.span)?;
            let truth = self.truth_value(v, &op.ty.decay())?;
            self.branch(truth, then_block, else_block);
            Some(value(op.ty.decay(), v))
        } else {
            self.lower_condition(&c.node.condition, then_block, else_block)?;
            None
        };
        // Lower both arms, then decide the result type and convert each arm
        // at its own end.
        self.switch_to(then_block);
        let a = match condition_value {
            Some(op) => op,
            None => self.lower_expr(&c.node.then_expression)?,
        };
        let a_end = self.f().current;
        self.switch_to(else_block);
        let b = self.lower_expr(&c.node.else_expression)?;
        let b_end = self.f().current;
        let (at, bt) = (a.ty.decay(), b.ty.decay());
        let ty = if at.is_arithmetic() && bt.is_arithmetic() {
            usual_arithmetic_conversion(&at, &bt)
        } else if (at.is_complex() || bt.is_complex()) && is_arithmetic_or_complex(&at) && is_arithmetic_or_complex(&bt) {
            self.complex_result_type(&at, &bt, span)?
        } else if at.is_void() || bt.is_void() {
            CType::Void
        } else if at.is_pointer() && bt.is_pointer() {
            let a_null = self.is_null_pointer_constant(&c.node.then_expression);
            let b_null = self.is_null_pointer_constant(&c.node.else_expression);
            conditional_pointer_type(&at, &bt, a_null, b_null)
        } else if at.is_pointer() {
            at.clone()
        } else if bt.is_pointer() {
            bt.clone()
        } else if (at.is_record() && at == bt) || (at.is_vector() && self.vector_assignable(&bt, &at)) {
            at.clone()
        } else {
            return Err(Diagnostic::error_at(span, format!(
                "incompatible operand types ('{}' and '{}')",
                self.types.describe(&a.ty),
                self.types.describe(&b.ty)
            )));
        };
        let param_ty = if ty.is_memory_value() { Some(Type::PTR) } else { ty.ir_type() };
        for (arm, end) in [(&a, a_end), (&b, b_end)] {
            self.switch_to(end);
            let args = match param_ty {
                Some(_) => {
                    let v = self.rvalue(arm, span)?;
                    let v = if ty.is_record() || ty.is_vector() { v } else { self.convert(v, &arm.ty.decay(), &ty, span)? };
                    vec![v]
                }
                None => vec![],
            };
            self.emit_effect(InstData::Jump { dest: BlockCall::new(join, args) });
        }
        self.switch_to(join);
        Ok(match param_ty {
            Some(pt) => {
                let v = self.f().func.append_block_param(join, pt);
                if ty.is_record() { addr(ty, v) } else { value(ty, v) }
            }
            None => Operand { ty: CType::Void, place: Place::Void },
        })
    }

    /// Whether `e` is a null pointer constant (C11 §6.3.2.3p3): an integer
    /// constant expression with the value 0, or one cast to `void *`.
    fn is_null_pointer_constant(&mut self, e: &Node<Expression>) -> bool {
        let operand = match &e.node {
            Expression::Cast(c) => match self.type_name(&c.node.type_name) {
                Ok(CType::Pointer(target, quals)) if target.is_void() && quals == Default::default() => &c.node.expression,
                _ => return false,
            },
            _ => e,
        };
        match &operand.node {
            Expression::Constant(_) | Expression::Cast(_) | Expression::UnaryOperator(_) | Expression::BinaryOperator(_) => {
                matches!(self.eval_const(operand), Ok(super::constant::ConstValue::Int(0, ref ty)) if ty.is_integer())
            }
            _ => false,
        }
    }

    /// `offsetof(type, member.path[index])` as an integer constant
    /// expression (C11 §7.19p3).
    pub fn offset_of(&mut self, o: &Node<OffsetOfExpression>) -> LowerResult<u64> {
        let (offset, variable) = self.offset_of_parts(o)?;
        if let Some((index, _)) = variable.first() {
            // The error of the index that is not a constant.
            self.eval_int(index)?;
        }
        Ok(offset)
    }

    /// `offsetof` in a function, where GCC also takes an index that is not
    /// constant (`malloc(offsetof(struct s, data[n]))` sizes an object with
    /// a flexible array member): the constant offset plus each such index
    /// times the size of its elements.
    fn lower_offset_of(&mut self, o: &Node<OffsetOfExpression>) -> LowerResult<Operand> {
        let (offset, variable) = self.offset_of_parts(o)?;
        let mut sum = self.iconst(Type::I64, offset as i64);
        for (index, size) in variable {
            let operand = self.lower_expr(index)?;
            let ty = operand.ty.decay();
            if !ty.is_integral() {
                return Err(Diagnostic::error_at(index.span, "array subscript is not an integer"));
            }
            let i = self.rvalue(&operand, index.span)?;
            let i = self.convert(i, &ty, &CType::LONG, index.span)?;
            let k = self.iconst(Type::I64, size as i64);
            let scaled = self.binary(BinaryOp::Imul, i, k);
            sum = self.binary(BinaryOp::Iadd, sum, scaled);
        }
        Ok(value(CType::ULONG, sum))
    }

    /// The parts of `offsetof(type, member.path[index])`: the offset its
    /// members and constant indices give, and each index that is not a
    /// constant with the size of the elements it counts.
    fn offset_of_parts<'a>(&mut self, o: &'a Node<OffsetOfExpression>) -> LowerResult<(u64, Vec<(&'a Node<Expression>, u64)>)> {
        let mut variable = Vec::new();
        let mut ty = self.type_name(&o.node.type_name)?;
        let mut offset = 0u64;
        let step = |this: &Self, ty: &mut CType, offset: &mut u64, name: &Node<Identifier>| -> LowerResult<()> {
            let CType::Record(id) = *ty else {
                return Err(Diagnostic::error_at(name.span, "offsetof requires a struct or union"));
            };
            let field = this.types.find_field(id, &name.node.name).ok_or_else(|| {
                Diagnostic::error_at(name.span, format!("no member named '{}'", name.node.name))
            })?;
            if field.bits.is_some() {
                return Err(Diagnostic::error_at(name.span, format!("cannot compute offset of bit-field '{}'", name.node.name)));
            }
            *offset += field.offset;
            *ty = field.ty;
            Ok(())
        };
        step(self, &mut ty, &mut offset, &o.node.designator.node.base)?;
        for member in &o.node.designator.node.members {
            match &member.node {
                OffsetMember::Member(name) => step(self, &mut ty, &mut offset, name)?,
                OffsetMember::IndirectMember(_) => return Err(Diagnostic::unsupported(member.span, "'->' in offsetof")),
                OffsetMember::Index(e) => {
                    let elem = ty.pointee().cloned().ok_or_else(|| Diagnostic::error_at(e.span, "subscript of non-array in offsetof"))?;
                    let size = self.types.size_of(&elem).unwrap_or(0);
                    match self.eval_int(e) {
                        Ok(i) => offset = offset.wrapping_add((i as u64).wrapping_mul(size)),
                        Err(_) => variable.push((e, size)),
                    }
                    ty = elem;
                }
            }
        }
        Ok((offset, variable))
    }

    /// Truncates a constant to an integer type's width, sign- or
    /// zero-extending it back according to the type.
    pub fn wrap_to(&self, v: i64, ty: &CType) -> i64 {
        let CType::Int(k) = ty else { return v };
        let bits = k.size() * 8;
        if *k == IntKind::Bool {
            return (v != 0) as i64;
        }
        if bits == 64 {
            return v;
        }
        let mask = (1u64 << bits) - 1;
        let u = (v as u64) & mask;
        if k.is_signed() && u >> (bits - 1) == 1 {
            (u | !mask) as i64
        } else {
            u as i64
        }
    }
}

/// An `unsupported:` error if one of `types` is outside the subset
/// (`_Complex long double`, `_Float128`), whose values cannot be computed
/// with.
fn reject_unsupported_values(types: &[&CType], span: Span) -> LowerResult<()> {
    for t in types {
        if let CType::Unsupported(what) = t {
            return Err(Diagnostic::unsupported(span, format!("{what} values")));
        }
    }
    Ok(())
}

/// The type of `c ? a : b` for two pointer operands (C11 §6.5.15p6): the
/// other operand's type when one is a null pointer constant, otherwise a
/// pointer to `void` if either points to `void`, else to the first's
/// target, qualified by both operands' target qualifiers.
fn conditional_pointer_type(a: &CType, b: &CType, a_null: bool, b_null: bool) -> CType {
    if a_null && !b_null {
        return b.clone();
    }
    if b_null {
        return a.clone();
    }
    let (CType::Pointer(x, p), CType::Pointer(y, q)) = (a, b) else { return a.clone() };
    let quals = crate::types::Quals { constant: p.constant || q.constant, volatile: p.volatile || q.volatile };
    let target = match (&**x, &**y) {
        (CType::Void, _) | (_, CType::Void) => CType::Void,
        // The composite of `T[]` and `T[n]` is `T[n]`.
        (CType::Array(_, None), known @ CType::Array(_, Some(_))) => known.clone(),
        (first, _) => first.clone(),
    };
    CType::Pointer(Rc::new(target), quals)
}
