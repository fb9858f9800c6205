//! Constant expressions (C11 §6.6): integer constant expressions for array
//! sizes, case labels, enumerators and static assertions, and arithmetic
//! and address constants for static initializers (such as `&g[4][1]` or
//! `"abc" + 1`).

use super::scope::Symbol;
use super::overflow_builtins::{overflow_predicate_builtin, Arithmetic};
use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::extended_float::{X80, X80Op};
use crate::literal::{constant_value, string_literal, LiteralValue};
use crate::types::{usual_arithmetic_conversion, CType, IntKind};
use lang_c::ast::*;
use lang_c::span::{Node, Span};

/// The value of a constant expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    /// An integer, wrapped to its type's width.
    Int(i64, CType),
    /// An `__int128` or `unsigned __int128` (the type), as its bits.
    Int128(i128, CType),
    Float(f64, CType),
    /// A `long double`, in the x87 extended format.
    LongDouble(X80),
    /// A `_Complex float` or `_Complex double` (the type), its parts
    /// rounded to the element type (see `complex_constants`).
    Complex { re: f64, im: f64, ty: CType },
    /// The address of `symbol` plus `offset` bytes, of pointer type `ty`
    /// (or an array or function designator that decays to one).
    Addr { symbol: String, offset: i64, ty: CType },
}

impl ConstValue {
    pub fn ty(&self) -> &CType {
        match self {
            ConstValue::Int(_, t) | ConstValue::Int128(_, t) | ConstValue::Float(_, t) | ConstValue::Addr { ty: t, .. } | ConstValue::Complex { ty: t, .. } => t,
            ConstValue::LongDouble(_) => LONG_DOUBLE,
        }
    }
}

/// The type of every `ConstValue::LongDouble`.
const LONG_DOUBLE: &CType = &CType::LongDouble;

fn not_constant(span: Span) -> Diagnostic {
    Diagnostic::error_at(span, "expression is not a constant expression")
}

/// The operation of a call to `__builtin_{add,sub,mul}_overflow_p`.
fn overflow_predicate_call(c: &Node<CallExpression>) -> Option<Arithmetic> {
    match &c.node.callee.node {
        Expression::Identifier(id) => overflow_predicate_builtin(id.node.name.strip_prefix("__builtin_")?),
        _ => None,
    }
}

impl Lowerer {
    /// `__builtin_<op>_overflow_p(a, b, c)` of constant operands, which is
    /// an integer constant expression (gnulib's `INT_ADD_OVERFLOW` is used
    /// in enums and static assertions): whether the exact `a op b` lies
    /// outside the type of `c`.
    fn const_overflow_predicate(&mut self, op: Arithmetic, c: &Node<CallExpression>, span: Span) -> LowerResult<ConstValue> {
        let [a, b, r] = &c.node.arguments[..] else { return Err(not_constant(span)) };
        let mut exact = |e: &Node<Expression>| match self.eval_const(e)? {
            ConstValue::Int(v, CType::Int(kind)) if kind.is_signed() => Ok((i128::from(v), kind)),
            ConstValue::Int(v, CType::Int(kind)) => Ok((i128::from(v as u64), kind)),
            _ => Err(not_constant(e.span)),
        };
        let ((a, _), (b, _), (_, kind)) = (exact(a)?, exact(b)?, exact(r)?);
        let result = match op {
            Arithmetic::Add => a.checked_add(b),
            Arithmetic::Sub => a.checked_sub(b),
            Arithmetic::Mul => a.checked_mul(b),
        };
        let bits = kind.size() * 8;
        let (min, max) = if kind.is_signed() { (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1) } else { (0, (1i128 << bits) - 1) };
        let overflow = result.is_none_or(|v| v < min || v > max);
        Ok(ConstValue::Int(i64::from(overflow), CType::INT))
    }

    /// Evaluates an integer constant expression.
    pub fn eval_int(&mut self, e: &Node<Expression>) -> LowerResult<i64> {
        match self.eval_const(e)? {
            ConstValue::Int(v, _) => Ok(v),
            ConstValue::Int128(v, _) => Ok(v as i64),
            ConstValue::Float(v, _) => Ok(v as i64),
            ConstValue::LongDouble(x) => Ok(x.to_i64()),
            ConstValue::Complex { re, .. } => Ok(re as i64),
            ConstValue::Addr { .. } => Err(Diagnostic::error_at(e.span, "expression is not an integer constant expression")),
        }
    }

    /// Evaluates a constant expression.
    pub fn eval_const(&mut self, e: &Node<Expression>) -> LowerResult<ConstValue> {
        match &e.node {
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => {
                match self.string_element(&b.node.lhs, &b.node.rhs).or_else(|| self.string_element(&b.node.rhs, &b.node.lhs)) {
                    Some(element) => element,
                    None => self.const_designator(e),
                }
            }
            Expression::Member(_) => self.const_designator(e),
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => self.const_designator(e),
            Expression::CompoundLiteral(_) => self.const_designator(e),
            Expression::GenericSelection(g) => {
                let chosen = self.generic_choice(g)?;
                self.eval_const(chosen)
            }
            Expression::Constant(c) => match constant_value(&c.node).map_err(|w| Diagnostic::unsupported(c.span, w))? {
                LiteralValue::Int(v, ty) => Ok(ConstValue::Int(self.wrap_to(v, &ty), ty)),
                LiteralValue::Float(v, ty) => Ok(ConstValue::Float(v, ty)),
                LiteralValue::LongDouble(x) => Ok(ConstValue::LongDouble(x)),
                LiteralValue::Imaginary(v, element) => Ok(ConstValue::Complex { re: 0.0, im: v, ty: super::complex::complex_of(&element) }),
                LiteralValue::ImaginaryInt(v, element) => {
                    let ty = super::complex::complex_of(&element);
                    self.const_complex_convert(ConstValue::Complex { re: 0.0, im: v as f64, ty: ty.clone() }, &ty, c.span)
                }
            },
            Expression::Identifier(id) => match self.scopes.lookup(&id.node.name).cloned() {
                Some(Symbol::EnumConstant(v, kind)) => Ok(ConstValue::Int(v, CType::Int(kind))),
                Some(Symbol::Global { symbol, ty }) if matches!(ty, CType::Array(..) | CType::Function(_)) => {
                    if let CType::Function(ft) = &ty {
                        self.reference_function(&symbol, ft, id.span)?;
                    }
                    Ok(ConstValue::Addr { symbol, offset: 0, ty: ty.decay() })
                }
                Some(_) => Err(not_constant(e.span)),
                None => Err(Diagnostic::error_at(id.span, format!("use of undeclared identifier '{}'", id.node.name))),
            },
            Expression::Call(c) if self.label_address_call(c).is_some() => {
                let label = self.label_address_call(c).expect("just matched");
                let number = self.label_number(&label.node.name, label.span)?;
                Ok(ConstValue::Int(number, CType::pointer_to(CType::Void)))
            }
            Expression::StringLiteral(s) => {
                let (symbol, ty) = self.string_literal_object(&s.node, s.span)?;
                Ok(ConstValue::Addr { symbol, offset: 0, ty: ty.decay() })
            }
            Expression::Call(c) if matches!(&c.node.callee.node, Expression::Identifier(id) if id.node.name == "__builtin_constant_p") => {
                Ok(ConstValue::Int(self.is_constant_argument(c) as i64, CType::INT))
            }
            Expression::Call(c) if super::complex_constants::is_complex_constant_call(c) => self.const_complex_call(c, e.span),
            Expression::Call(c) if float_builtin_constant(c).is_some() => Ok(float_builtin_constant(c).expect("a floating builtin")),
            Expression::Call(c) if overflow_predicate_call(c).is_some() => {
                let op = overflow_predicate_call(c).expect("an overflow predicate");
                self.const_overflow_predicate(op, c, e.span)
            }
            Expression::Call(c) if matches!(&c.node.callee.node, Expression::Identifier(id) if id.node.name == "__builtin_types_compatible_p") => {
                Ok(ConstValue::Int(self.types_compatible(c, e.span)? as i64, CType::INT))
            }
            Expression::Call(c) if matches!(&c.node.callee.node, Expression::Identifier(id) if id.node.name == "__builtin_choose_expr") => {
                let chosen = self.chosen_expression(c, e.span)?;
                self.eval_const(chosen)
            }
            Expression::SizeOfTy(s) => {
                let ty = self.type_name(&s.node.0)?;
                self.const_size(&ty, e.span)
            }
            Expression::SizeOfVal(s) => {
                let ty = self.type_of_expression(&s.node.0)?;
                self.const_size(&ty, e.span)
            }
            Expression::AlignOf(a) => {
                Ok(ConstValue::Int(self.alignof_operand(&a.node.0)? as i64, CType::ULONG))
            }
            Expression::OffsetOf(o) => Ok(ConstValue::Int(self.offset_of(o)? as i64, CType::ULONG)),
            Expression::Cast(c) => {
                let ty = self.type_name(&c.node.type_name)?;
                let v = self.eval_const(&c.node.expression)?;
                self.const_convert(v, &ty, c.span)
            }
            Expression::UnaryOperator(u) => self.eval_unary(u, e.span),
            Expression::BinaryOperator(b) => self.eval_binary(b, e.span),
            Expression::Conditional(c) => {
                let cond = self.eval_const(&c.node.condition)?;
                let truth = self.const_truth(&cond);
                let a = if super::expr::is_omitted_operand(&c.node.then_expression) { cond.clone() } else { self.eval_const(&c.node.then_expression)? };
                let b = self.eval_const(&c.node.else_expression)?;
                if a.ty().is_arithmetic() && b.ty().is_arithmetic() {
                    let ty = usual_arithmetic_conversion(a.ty(), b.ty());
                    return self.const_convert(if truth { a } else { b }, &ty, e.span);
                }
                Ok(if truth { a } else { b })
            }
            Expression::Comma(list) => {
                // Only a comma whose every operand is constant is: one with
                // a call or an assignment before the last operand has
                // effects that folding would drop (`if ((f(), 1))`).
                let (last, rest) = list.split_last().ok_or_else(|| not_constant(e.span))?;
                for operand in rest {
                    self.eval_const(operand)?;
                }
                self.eval_const(last)
            }
            _ => Err(not_constant(e.span)),
        }
    }

    /// The type of a file-scope expression such as `sizeof x / sizeof x[0]`.
    fn const_size(&self, ty: &CType, span: Span) -> LowerResult<ConstValue> {
        let size = match ty {
            CType::Function(_) | CType::Void => Some(1),
            _ => self.types.size_of(ty),
        };
        let size = size.ok_or_else(|| Diagnostic::error_at(span, "invalid application of 'sizeof' to an incomplete type"))?;
        Ok(ConstValue::Int(size as i64, CType::ULONG))
    }

    /// Converts a constant to a scalar type.
    pub fn const_convert(&self, v: ConstValue, to: &CType, span: Span) -> LowerResult<ConstValue> {
        if matches!(v, ConstValue::Complex { .. }) || to.is_complex() {
            if to.is_void() {
                return Ok(v);
            }
            return self.const_complex_convert(v, to, span);
        }
        Ok(match (v, to) {
            (v, CType::Void) => v,
            (v, CType::Int128 { .. }) | (v @ ConstValue::Int128(..), _) => return self.const_convert_int128(v, to, span),
            (v @ ConstValue::LongDouble(_), CType::LongDouble) => v,
            (ConstValue::Int(x, from), CType::LongDouble) => {
                ConstValue::LongDouble(if from.is_signed_int() { X80::from_i64(x) } else { X80::from_u64(x as u64) })
            }
            (ConstValue::Float(x, _), CType::LongDouble) => ConstValue::LongDouble(X80::from_f64(x)),
            (ConstValue::LongDouble(x), CType::Float) => ConstValue::Float(x.to_f32() as f64, to.clone()),
            (ConstValue::LongDouble(x), CType::Double) => ConstValue::Float(x.to_f64(), to.clone()),
            // A floating value converts to `_Bool` by comparison with zero
            // (C11 §6.3.1.2), not by truncation: 0.5 is true.
            (ConstValue::Float(x, _), CType::Int(IntKind::Bool)) => ConstValue::Int((x != 0.0) as i64, to.clone()),
            (ConstValue::LongDouble(x), CType::Int(IntKind::Bool)) => ConstValue::Int((!x.is_zero()) as i64, to.clone()),
            (ConstValue::LongDouble(x), CType::Int(k)) if !k.is_signed() && k.size() == 8 => {
                ConstValue::Int(x.to_u64() as i64, to.clone())
            }
            (ConstValue::LongDouble(x), t) if t.is_integer() => ConstValue::Int(self.wrap_to(x.to_i64(), t), t.clone()),
            // Rounded once, straight to the target type.
            (ConstValue::Int(x, from), CType::Float) => {
                let f = if from.is_signed_int() { x as f32 } else { x as u64 as f32 };
                ConstValue::Float(f as f64, to.clone())
            }
            (ConstValue::Int(x, from), CType::Double) => ConstValue::Float(if from.is_signed_int() { x as f64 } else { x as u64 as f64 }, to.clone()),
            (ConstValue::Float(x, _), CType::Float) => ConstValue::Float(x as f32 as f64, to.clone()),
            (ConstValue::Float(x, _), CType::Double) => ConstValue::Float(x, to.clone()),
            // As gcc folds it: a NaN is 0, a value out of range the
            // type's nearest limit (see `saturated_integer`).
            (ConstValue::Float(x, _), CType::Int(kind)) => {
                ConstValue::Int(self.wrap_to(super::convert::saturated_integer(x, kind.size() * 8, to.is_signed_int()), to), to.clone())
            }
            (ConstValue::Float(x, _), t) if t.is_integer() => {
                let i = if t.is_signed_int() || matches!(t, CType::Int(k) if k.size() < 8) { x as i64 } else { x as u64 as i64 };
                ConstValue::Int(self.wrap_to(i, t), t.clone())
            }
            (ConstValue::Int(x, _), t) if t.is_integer() => ConstValue::Int(self.wrap_to(x, t), t.clone()),
            (ConstValue::Int(x, _), t @ CType::Pointer(..)) => ConstValue::Int(x, t.clone()),
            // The address of an object or function is not null, so it
            // converts to `_Bool` as 1, as GCC folds it (gnulib's
            // test-stdbool.c: `bool e = &s;`); a weak symbol's may be null.
            (ConstValue::Addr { symbol, .. }, CType::Int(IntKind::Bool)) if !self.weak_symbols.contains(&symbol) => ConstValue::Int(1, to.clone()),
            (ConstValue::Addr { symbol, offset, .. }, t) if t.is_pointer() || matches!(t, CType::Int(k) if k.size() == 8) => {
                ConstValue::Addr { symbol, offset, ty: t.clone() }
            }
            (_, CType::Unsupported(what)) => return Err(Diagnostic::unsupported(span, format!("{what} values"))),
            _ => return Err(Diagnostic::error_at(span, "initializer element is not a compile-time constant")),
        })
    }

    fn eval_unary(&mut self, u: &Node<UnaryOperatorExpression>, span: Span) -> LowerResult<ConstValue> {
        match u.node.operator.node {
            UnaryOperator::Address => {
                let (symbol, offset, ty) = self.const_lvalue(&u.node.operand)?;
                Ok(address_constant(symbol, offset, CType::pointer_to(ty)))
            }
            UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Complement | UnaryOperator::Negate => {
                let v = self.eval_const(&u.node.operand)?;
                if let ConstValue::Complex { re, im, .. } = v {
                    return Ok(match u.node.operator.node {
                        UnaryOperator::Negate => ConstValue::Int(i64::from(re == 0.0 && im == 0.0), CType::INT),
                        UnaryOperator::Plus => v,
                        UnaryOperator::Minus => self.const_complex_unary(true, true, v),
                        _ => self.const_complex_unary(false, true, v),
                    });
                }
                match (u.node.operator.node.clone(), v) {
                    (UnaryOperator::Negate, ConstValue::Int(x, _)) => Ok(ConstValue::Int((x == 0) as i64, CType::INT)),
                    (UnaryOperator::Negate, ConstValue::Int128(x, _)) => Ok(ConstValue::Int((x == 0) as i64, CType::INT)),
                    (op, ConstValue::Int128(x, ty)) => Ok(ConstValue::Int128(
                        match op {
                            UnaryOperator::Plus => x,
                            UnaryOperator::Minus => x.wrapping_neg(),
                            _ => !x,
                        },
                        ty,
                    )),
                    (UnaryOperator::Negate, ConstValue::Float(x, _)) => Ok(ConstValue::Int((x == 0.0) as i64, CType::INT)),
                    (UnaryOperator::Negate, ConstValue::LongDouble(x)) => Ok(ConstValue::Int(x.is_zero() as i64, CType::INT)),
                    (UnaryOperator::Plus, x @ ConstValue::LongDouble(_)) => Ok(x),
                    (UnaryOperator::Minus, ConstValue::LongDouble(x)) => Ok(ConstValue::LongDouble(x.negate())),
                    (UnaryOperator::Negate, ConstValue::Addr { .. }) => Ok(ConstValue::Int(0, CType::INT)),
                    (op, ConstValue::Int(x, ty)) => {
                        let ty = ty.promote();
                        let x = self.wrap_to(x, &ty);
                        let r = match op {
                            UnaryOperator::Plus => x,
                            UnaryOperator::Minus => x.wrapping_neg(),
                            _ => !x,
                        };
                        Ok(ConstValue::Int(self.wrap_to(r, &ty), ty))
                    }
                    (UnaryOperator::Plus, f @ ConstValue::Float(..)) => Ok(f),
                    (UnaryOperator::Minus, ConstValue::Float(x, ty)) => Ok(ConstValue::Float(-x, ty)),
                    _ => Err(Diagnostic::error_at(span, "invalid operand in constant expression")),
                }
            }
            _ => Err(not_constant(span)),
        }
    }

    fn eval_binary(&mut self, b: &Node<BinaryOperatorExpression>, span: Span) -> LowerResult<ConstValue> {
        use BinaryOperator as B;
        let op = b.node.operator.node.clone();
        if matches!(op, B::Index) {
            return Err(not_constant(span));
        }
        let lhs = self.eval_const(&b.node.lhs)?;
        if matches!(op, B::LogicalAnd | B::LogicalOr) {
            let l = self.const_truth(&lhs);
            if (op == B::LogicalAnd && !l) || (op == B::LogicalOr && l) {
                return Ok(ConstValue::Int(l as i64, CType::INT));
            }
            let rhs = self.eval_const(&b.node.rhs)?;
            return Ok(ConstValue::Int(self.const_truth(&rhs) as i64, CType::INT));
        }
        let rhs = self.eval_const(&b.node.rhs)?;
        // Address constant plus or minus an integer.
        match (&lhs, &rhs, &op) {
            (ConstValue::Addr { symbol, offset, ty }, ConstValue::Int(i, _), B::Plus | B::Minus)
            | (ConstValue::Int(i, _), ConstValue::Addr { symbol, offset, ty }, B::Plus) => {
                let elem = ty.pointee().and_then(|t| self.types.size_of(t)).unwrap_or(1) as i64;
                let delta = i.wrapping_mul(elem);
                let offset = if op == B::Minus { offset - delta } else { offset + delta };
                return Ok(ConstValue::Addr { symbol: symbol.clone(), offset, ty: ty.clone() });
            }
            // The difference of two addresses in one object (`&a[3] -
            // &a[0]`), in elements of the pointee, or bytes for addresses
            // cast to an integer type.
            (ConstValue::Addr { symbol, offset, ty }, ConstValue::Addr { symbol: other, offset: other_offset, .. }, B::Minus) if symbol == other => {
                let elem = ty.pointee().and_then(|t| self.types.size_of(t)).unwrap_or(1).max(1) as i64;
                return Ok(ConstValue::Int((offset - other_offset) / elem, CType::LONG));
            }
            (ConstValue::Addr { .. }, _, _) | (_, ConstValue::Addr { .. }, _) => return Err(not_constant(span)),
            _ => {}
        }
        if matches!(op, B::ShiftLeft | B::ShiftRight) {
            if let ConstValue::Int128(x, ty) = &lhs {
                // Shifts by 128 or more are undefined; as at run time
                // (`int128_shift`), they shift by the amount modulo 128.
                let s = match rhs {
                    ConstValue::Int(s, _) => s as u32 % 128,
                    ConstValue::Int128(s, _) => s as u32 % 128,
                    _ => return Err(not_constant(span)),
                };
                let r = match op {
                    B::ShiftLeft => x.wrapping_shl(s),
                    _ if ty.is_signed_int() => x >> s,
                    _ => ((*x as u128) >> s) as i128,
                };
                return Ok(ConstValue::Int128(r, ty.clone()));
            }
            let rhs = match rhs {
                ConstValue::Int128(s, _) => ConstValue::Int(s as i64, CType::LONG),
                other => other,
            };
            let (ConstValue::Int(x, lt), ConstValue::Int(s, _)) = (&lhs, &rhs) else { return Err(not_constant(span)) };
            let ty = lt.promote();
            let bits = self.types.size_of(&ty).unwrap_or(4) as u32 * 8;
            let s = (*s as u32) % bits;
            let r = match op {
                B::ShiftLeft => x.wrapping_shl(s),
                _ if ty.is_signed_int() => self.wrap_to(*x, &ty) >> s,
                _ => ((*x as u64 & mask(bits)) >> s) as i64,
            };
            return Ok(ConstValue::Int(self.wrap_to(r, &ty), ty));
        }
        if lhs.ty().is_complex() || rhs.ty().is_complex() {
            return self.const_complex_binary(&op, lhs, rhs, span);
        }
        let ty = usual_arithmetic_conversion(lhs.ty(), rhs.ty());
        let l = self.const_convert(lhs, &ty, span)?;
        let r = self.const_convert(rhs, &ty, span)?;
        match (l, r) {
            (ConstValue::LongDouble(x), ConstValue::LongDouble(y)) => {
                use std::cmp::Ordering::*;
                let order = x.compare(y);
                let cmp = |c: bool| ConstValue::Int(c as i64, CType::INT);
                // An invalid operation gives a positive NaN, as for double.
                let fold = |op| {
                    let r = x.binary(op, y);
                    ConstValue::LongDouble(if r.is_nan() && !x.is_nan() && !y.is_nan() { X80::from_f64(f64::NAN) } else { r })
                };
                Ok(match op {
                    B::Plus => fold(X80Op::Add),
                    B::Minus => fold(X80Op::Sub),
                    B::Multiply => fold(X80Op::Mul),
                    B::Divide => fold(X80Op::Div),
                    B::Less => cmp(order == Some(Less)),
                    B::Greater => cmp(order == Some(Greater)),
                    B::LessOrEqual => cmp(matches!(order, Some(Less | Equal))),
                    B::GreaterOrEqual => cmp(matches!(order, Some(Greater | Equal))),
                    B::Equals => cmp(order == Some(Equal)),
                    B::NotEquals => cmp(order != Some(Equal)),
                    _ => return Err(Diagnostic::error_at(span, "invalid operands to binary expression")),
                })
            }
            (ConstValue::Float(x, _), ConstValue::Float(y, _)) => {
                let cmp = |c: bool| ConstValue::Int(c as i64, CType::INT);
                // An invalid operation (0/0, inf - inf) gives GCC's folding a
                // positive quiet NaN, where the x86 unit gives a negative one.
                let invalid = |v: f64| v.is_nan() && !x.is_nan() && !y.is_nan();
                let f = |v: f64| {
                    let v = if invalid(v) { f64::NAN } else { v };
                    ConstValue::Float(if matches!(ty, CType::Float) { v as f32 as f64 } else { v }, ty.clone())
                };
                Ok(match op {
                    B::Plus => f(x + y),
                    B::Minus => f(x - y),
                    B::Multiply => f(x * y),
                    B::Divide => f(x / y),
                    B::Less => cmp(x < y),
                    B::Greater => cmp(x > y),
                    B::LessOrEqual => cmp(x <= y),
                    B::GreaterOrEqual => cmp(x >= y),
                    B::Equals => cmp(x == y),
                    B::NotEquals => cmp(x != y),
                    _ => return Err(Diagnostic::error_at(span, "invalid operands to binary expression")),
                })
            }
            (ConstValue::Int128(x, _), ConstValue::Int128(y, _)) => const_int128_binary(&op, x, y, ty, span),
            (ConstValue::Int(x, _), ConstValue::Int(y, _)) => {
                let bits = self.types.size_of(&ty).unwrap_or(4) as u32 * 8;
                match fold_integers(&op, i128::from(x), i128::from(y), ty.is_signed_int(), bits, span)? {
                    Folded::Value(r) => Ok(ConstValue::Int(self.wrap_to(r as i64, &ty), ty)),
                    Folded::Truth(c) => Ok(ConstValue::Int(c as i64, CType::INT)),
                }
            }
            _ => Err(not_constant(span)),
        }
    }

    /// An array or function designator such as `g[2]` in a constant: its
    /// decayed address.
    fn const_designator(&mut self, e: &Node<Expression>) -> LowerResult<ConstValue> {
        let (symbol, offset, ty) = self.const_lvalue(e)?;
        if matches!(ty, CType::Array(..) | CType::Function(_)) {
            return Ok(address_constant(symbol, offset, ty.decay()));
        }
        Err(not_constant(e.span))
    }

    /// Converts a constant to or from a 128-bit integer type (`v` or `to` is
    /// one; the other is an integer, floating or pointer type).
    fn const_convert_int128(&self, v: ConstValue, to: &CType, span: Span) -> LowerResult<ConstValue> {
        let unsupported = || Diagnostic::unsupported(span, "this constant conversion of an __int128");
        let (wide, from_signed) = match &v {
            ConstValue::Int128(x, from) => (*x, from.is_signed_int()),
            ConstValue::Int(x, from) if from.is_signed_int() => (i128::from(*x), true),
            ConstValue::Int(x, _) => (i128::from(*x as u64), false),
            // Out-of-range conversions are undefined; Rust's saturate.
            ConstValue::Float(x, _) if to.is_signed_int() => (*x as i128, true),
            ConstValue::Float(x, _) => (*x as u128 as i128, false),
            _ => return Err(unsupported()),
        };
        Ok(match to {
            CType::Int128 { .. } => ConstValue::Int128(wide, to.clone()),
            CType::Int(IntKind::Bool) => ConstValue::Int((wide != 0) as i64, to.clone()),
            // Truncation keeps the low bits, wrapped to the type's width.
            CType::Int(_) => ConstValue::Int(self.wrap_to(wide as i64, to), to.clone()),
            CType::Pointer(..) => ConstValue::Int(wide as i64, to.clone()),
            // Rounded once, straight to the target type.
            CType::Float => ConstValue::Float(f64::from(if from_signed { wide as f32 } else { wide as u128 as f32 }), to.clone()),
            CType::Double => ConstValue::Float(if from_signed { wide as f64 } else { wide as u128 as f64 }, to.clone()),
            _ => return Err(unsupported()),
        })
    }

    pub(super) fn const_truth(&self, v: &ConstValue) -> bool {
        match v {
            ConstValue::Int(x, _) => *x != 0,
            ConstValue::Int128(x, _) => *x != 0,
            ConstValue::Float(x, _) => *x != 0.0,
            ConstValue::LongDouble(x) => !x.is_zero(),
            ConstValue::Complex { re, im, .. } => *re != 0.0 || *im != 0.0,
            ConstValue::Addr { .. } => true,
        }
    }

    /// The static object an lvalue constant designates: symbol, offset and
    /// type (`g`, `g[4][1]`, `s.f`, `p->f` with a constant `p`).
    fn const_lvalue(&mut self, e: &Node<Expression>) -> LowerResult<(String, i64, CType)> {
        match &e.node {
            Expression::Identifier(id) => match self.scopes.lookup(&id.node.name).cloned() {
                Some(Symbol::Global { symbol, ty }) => {
                    if let CType::Function(ft) = &ty {
                        self.reference_function(&symbol, ft, id.span)?;
                    }
                    Ok((symbol, 0, ty))
                }
                _ => Err(Diagnostic::error_at(e.span, "initializer element is not a compile-time constant")),
            },
            Expression::StringLiteral(s) => {
                let (symbol, ty) = self.string_literal_object(&s.node, s.span)?;
                Ok((symbol, 0, ty))
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => {
                let base = self.eval_const_pointer(&b.node.lhs)?;
                let index = self.eval_int(&b.node.rhs)?;
                let (symbol, offset, ptr) = base;
                let elem = ptr.pointee().cloned().ok_or_else(|| not_constant(e.span))?;
                let size = self.types.size_of(&elem).unwrap_or(1) as i64;
                Ok((symbol, offset + index * size, elem))
            }
            Expression::Member(m) => {
                let (symbol, offset, ty) = match m.node.operator.node {
                    MemberOperator::Direct => self.const_lvalue(&m.node.expression)?,
                    MemberOperator::Indirect => {
                        let (s, o, p) = self.eval_const_pointer(&m.node.expression)?;
                        (s, o, p.pointee().cloned().ok_or_else(|| not_constant(e.span))?)
                    }
                };
                let CType::Record(id) = ty else { return Err(not_constant(e.span)) };
                let field = self.types.find_field(id, &m.node.identifier.node.name).ok_or_else(|| {
                    Diagnostic::error_at(m.node.identifier.span, format!("no member named '{}'", m.node.identifier.node.name))
                })?;
                if field.bits.is_some() {
                    return Err(not_constant(e.span));
                }
                Ok((symbol, offset + field.offset as i64, field.ty))
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                let (s, o, p) = self.eval_const_pointer(&u.node.operand)?;
                Ok((s, o, p.pointee().cloned().ok_or_else(|| not_constant(e.span))?))
            }
            Expression::CompoundLiteral(cl) => {
                // A compound literal in a static initializer has static
                // storage (C11 §6.5.2.5p5): an unnamed local object.
                let ty = self.type_name(&cl.node.type_name)?;
                let init = Node { node: Initializer::List(cl.node.initializer_list.clone()), span: cl.span };
                let (items, ty) = self.flatten_initializer(&ty, &init)?;
                let (bytes, zero_fill, relocs) = self.static_image(&ty, &items, cl.span)?;
                let symbol = self.fresh_symbol(".compoundliteral");
                let align = self.types.align_of(&ty) as u32;
                self.put_data(nissecc_midend::ir::DataObject { name: symbol.clone(), linkage: nissecc_midend::ir::Linkage::Local, readonly: false, align, bytes, zero_fill, relocs, external: false, section: None, thread_local: false });
                Ok((symbol, 0, ty))
            }
            _ => Err(Diagnostic::error_at(e.span, "initializer element is not a compile-time constant")),
        }
    }

    /// A constant that must be an address, with its (decayed) type.
    fn eval_const_pointer(&mut self, e: &Node<Expression>) -> LowerResult<(String, i64, CType)> {
        if let Ok((symbol, offset, ty)) = self.const_lvalue(e) {
            if matches!(ty, CType::Array(..)) {
                return Ok((symbol, offset, ty.decay()));
            }
        }
        match self.eval_const(e)? {
            ConstValue::Addr { symbol, offset, ty } => Ok((symbol, offset, ty)),
            // An integer cast to a pointer, such as the null pointer in
            // `&((struct s *)0)->f`: an absolute address.
            ConstValue::Int(v, ty) if ty.is_pointer() => Ok((String::new(), v, ty)),
            _ => Err(not_constant(e.span)),
        }
    }
}

/// The address `offset` bytes past `symbol`, or the absolute address
/// `offset` when there is no symbol (`&((struct s *)0)->f`, GCC's old
/// `offsetof`), which is an integer constant of pointer type.
fn address_constant(symbol: String, offset: i64, ty: CType) -> ConstValue {
    if symbol.is_empty() {
        ConstValue::Int(offset, ty)
    } else {
        ConstValue::Addr { symbol, offset, ty }
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

impl Lowerer {
    /// `"abc"[1]` (or `1["abc"]`), an element of a string literal, which
    /// GCC folds in static initializers; `None` when `string` is not a
    /// string literal.
    fn string_element(&mut self, string: &Node<Expression>, index: &Node<Expression>) -> Option<LowerResult<ConstValue>> {
        let Expression::StringLiteral(s) = &string.node else { return None };
        Some((|| {
            let literal = string_literal(&s.node).map_err(|w| Diagnostic::unsupported(string.span, w))?;
            let i = self.eval_int(index)?;
            let size = literal.elem_size();
            let bytes = literal.bytes_with_terminator();
            let element = usize::try_from(i).ok().and_then(|i| bytes.get(i * size..(i + 1) * size)).ok_or_else(|| not_constant(index.span))?;
            let mut value = [0u8; 8];
            value[..size].copy_from_slice(element);
            let value = u64::from_le_bytes(value) as i64;
            let value = if literal.elem == CType::CHAR && IntKind::Char.is_signed() { value as i8 as i64 } else if literal.elem == CType::INT { value as i32 as i64 } else { value };
            Ok(ConstValue::Int(value, literal.elem.clone()))
        })())
    }
}

/// The value of a call of a builtin that `<math.h>`'s `NAN`, `INFINITY`
/// and `HUGE_VAL` (and their `f` and `l` forms) expand to, a constant
/// that GCC accepts in static initializers: `__builtin_nan("")` and the
/// others without arguments.
fn float_builtin_constant(c: &Node<CallExpression>) -> Option<ConstValue> {
    let Expression::Identifier(id) = &c.node.callee.node else { return None };
    let name = id.node.name.strip_prefix("__builtin_")?;
    let (value, base) = match name.strip_prefix("nan") {
        Some(suffix) => {
            // Only the quiet NaN without a payload.
            let [Node { node: Expression::StringLiteral(s), .. }] = c.node.arguments.as_slice() else { return None };
            if !matches!(s.node.as_slice(), [t] if t == "\"\"" || t == "\"0\"") {
                return None;
            }
            (f64::NAN, suffix)
        }
        None => {
            if !c.node.arguments.is_empty() {
                return None;
            }
            (f64::INFINITY, name.strip_prefix("inf").or_else(|| name.strip_prefix("huge_val"))?)
        }
    };
    match base {
        "" => Some(ConstValue::Float(value, CType::Double)),
        "f" => Some(ConstValue::Float(value, CType::Float)),
        "l" => Some(ConstValue::LongDouble(X80::from_f64(value))),
        _ => None,
    }
}

/// `x op y` for two constants of the 128-bit type `ty`.
fn const_int128_binary(op: &BinaryOperator, x: i128, y: i128, ty: CType, span: Span) -> LowerResult<ConstValue> {
    match fold_integers(op, x, y, ty.is_signed_int(), 128, span)? {
        Folded::Value(r) => Ok(ConstValue::Int128(r, ty)),
        Folded::Truth(c) => Ok(ConstValue::Int(c as i64, CType::INT)),
    }
}

/// The result of an integer operator on constants: a value (to be wrapped
/// to the operands' type) or a comparison's truth.
enum Folded {
    Value(i128),
    Truth(bool),
}

/// `x op y` for constants of a `bits`-wide integer type, given
/// sign-extended: signed operators read them as they are, unsigned ones
/// their low `bits` bits.
fn fold_integers(op: &BinaryOperator, x: i128, y: i128, signed: bool, bits: u32, span: Span) -> LowerResult<Folded> {
    use BinaryOperator as B;
    let low_bits = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    let (ux, uy) = (x as u128 & low_bits, y as u128 & low_bits);
    let truth = |c: bool| Ok(Folded::Truth(c));
    let r = match op {
        B::Plus => x.wrapping_add(y),
        B::Minus => x.wrapping_sub(y),
        B::Multiply => x.wrapping_mul(y),
        B::Divide | B::Modulo if y == 0 => return Err(Diagnostic::error_at(span, "division by zero in constant expression")),
        B::Divide if signed => x.wrapping_div(y),
        B::Divide => (ux / uy) as i128,
        B::Modulo if signed => x.wrapping_rem(y),
        B::Modulo => (ux % uy) as i128,
        B::BitwiseAnd => x & y,
        B::BitwiseOr => x | y,
        B::BitwiseXor => x ^ y,
        B::Less => return truth(if signed { x < y } else { ux < uy }),
        B::Greater => return truth(if signed { x > y } else { ux > uy }),
        B::LessOrEqual => return truth(if signed { x <= y } else { ux <= uy }),
        B::GreaterOrEqual => return truth(if signed { x >= y } else { ux >= uy }),
        B::Equals => return truth(x == y),
        B::NotEquals => return truth(x != y),
        _ => return Err(not_constant(span)),
    };
    Ok(Folded::Value(r))
}
