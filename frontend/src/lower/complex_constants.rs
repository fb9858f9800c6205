//! Constant expressions of complex type (C11 §6.6, Annex G): static
//! initializers such as `_Complex double z = 1.0 + 2.0 * I;`. A constant
//! complex value is its two parts, each rounded to the element type, held
//! as `f64`s: the parts of a complex integer constant are integers below
//! 2^53 in magnitude, which an `f64` holds exactly (a larger one is an
//! `unsupported:` error).
//!
//! Addition, subtraction, negation, conjugation, products and quotients
//! by a real constant and conversions fold part by part, as the run-time
//! lowering (`complex`) computes them. GCC folds the product or quotient
//! of two complex floating constants with MPC, correctly rounded, even at
//! `-O0` and in a function body, where `__muldc3` and `__divdc3` would
//! round differently. nissecc folds them too when the products and sums
//! the exact result needs are exact in `f64`, so that the one rounding
//! left is IEEE's, which is correct rounding (for `float`, a second
//! rounding from `double` is harmless for these operations, since
//! 53 ≥ 2 × 24 + 2); any other such product or quotient is an
//! `unsupported:` error. Complex integer constants fold with the
//! run-time algorithms, which GCC's folding shares.

use super::complex::{complex_of, element_of};
use super::constant::ConstValue;
use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::{BinaryOperator, CallExpression, Expression};
use lang_c::span::{Node, Span};

/// A constant complex value's parts, or a real constant's value and no
/// imaginary part, as `f64`s.
struct ConstParts {
    re: f64,
    im: Option<f64>,
}

/// The magnitude below which an `f64` holds every integer exactly.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

/// The folding of the product or quotient of two complex constants.
pub(super) enum ComplexFold {
    /// The value GCC's folding gives.
    Value(ConstValue),
    /// A floating result that needs more than IEEE rounding of exact
    /// operands.
    Inexact,
    /// An infinite or NaN operand or result, which GCC does not fold in a
    /// function body.
    NotFinite,
}

/// Whether `x * y` is exact in `f64`.
fn exact_product(x: f64, y: f64) -> bool {
    let p = x * y;
    p.is_finite() && x.mul_add(y, -p) == 0.0
}

/// Whether `x + y` is exact in `f64` (Knuth's two-sum error is zero).
fn exact_sum(x: f64, y: f64) -> bool {
    let s = x + y;
    let x_part = s - y;
    let y_part = s - x_part;
    s.is_finite() && (x - x_part) + (y - y_part) == 0.0
}

/// `(a + bi) * (c + di)` or `(a + bi) / (c + di)` of floating parts,
/// correctly rounded when the terms are exact (see the module header).
fn fold_floating(divide: bool, [a, b, c, d]: [f64; 4]) -> Option<(f64, f64)> {
    let exact_products = |pairs: &[(f64, f64)]| pairs.iter().all(|&(x, y)| exact_product(x, y));
    if !divide {
        // ac - bd and ad + bc, each rounded once from exact products.
        return exact_products(&[(a, c), (b, d), (a, d), (b, c)]).then(|| (a * c - b * d, a * d + b * c));
    }
    // (ac + bd) / (cc + dd) and (bc - ad) / (cc + dd), each rounded once
    // from an exact numerator and denominator.
    if !exact_products(&[(a, c), (b, d), (b, c), (a, d), (c, c), (d, d)]) {
        return None;
    }
    let (re, im, den) = ((a * c, b * d), (b * c, -(a * d)), (c * c, d * d));
    if !exact_sum(re.0, re.1) || !exact_sum(im.0, im.1) || !exact_sum(den.0, den.1) {
        return None;
    }
    Some(((re.0 + re.1) / (den.0 + den.1), (im.0 + im.1) / (den.0 + den.1)))
}

/// A part `v` of element type `element` as a real constant.
fn part_value(element: &CType, v: f64) -> ConstValue {
    if element.is_integer() {
        ConstValue::Int(v as i64, element.clone())
    } else {
        ConstValue::Float(v, element.clone())
    }
}

/// Whether `c` calls a builtin that gives a constant of constant
/// operands: `__builtin_complex` (glibc's `CMPLX`), or the `__real__` and
/// `__imag__` that `complex_parts` rewrote.
pub(super) fn is_complex_constant_call(c: &Node<CallExpression>) -> bool {
    matches!(&c.node.callee.node, Expression::Identifier(id)
        if matches!(id.node.name.as_str(), "__builtin_complex" | crate::complex_parts::REAL_PART | crate::complex_parts::IMAG_PART))
}

impl Lowerer {
    /// The constant value of a call that `is_complex_constant_call`
    /// accepts.
    pub(super) fn const_complex_call(&mut self, c: &Node<CallExpression>, span: Span) -> LowerResult<ConstValue> {
        let Expression::Identifier(id) = &c.node.callee.node else { unreachable!("checked to name a builtin") };
        let not_constant = || Diagnostic::error_at(span, "initializer element is not a compile-time constant");
        match (id.node.name.as_str(), &c.node.arguments[..]) {
            ("__builtin_complex", [re, im]) => {
                let (re, im) = (self.eval_const(re)?, self.eval_const(im)?);
                match (&re, &im) {
                    (ConstValue::Float(x, a), ConstValue::Float(y, b)) if a == b => Ok(ConstValue::Complex { re: *x, im: *y, ty: complex_of(a) }),
                    _ => Err(not_constant()),
                }
            }
            (name, [operand]) => {
                let imag = name == crate::complex_parts::IMAG_PART;
                match self.eval_const(operand)? {
                    ConstValue::Complex { re, im, ty } => Ok(part_value(element_of(&ty), if imag { im } else { re })),
                    real if !imag => Ok(real),
                    real => self.const_convert(ConstValue::Int(0, CType::INT), real.ty(), span),
                }
            }
            _ => Err(not_constant()),
        }
    }

    /// `v` as a part of element type `element`: rounded to `float`, or
    /// truncated and wrapped to an integer type.
    fn part_in(&self, element: &CType, v: f64, span: Span) -> LowerResult<f64> {
        match element {
            CType::Float => Ok(v as f32 as f64),
            CType::Int(_) if v.abs() < EXACT_INTEGERS => Ok(self.wrap_to(v as i64, element) as f64),
            CType::Int(_) => Err(Diagnostic::unsupported(span, "a complex integer constant of 2^53 or more")),
            _ => Ok(v),
        }
    }

    /// The parts of the arithmetic or complex constant `v`, in `element`.
    fn const_parts(&self, v: ConstValue, element: &CType, span: Span) -> LowerResult<ConstParts> {
        match v {
            ConstValue::Complex { re, im, .. } => Ok(ConstParts { re: self.part_in(element, re, span)?, im: Some(self.part_in(element, im, span)?) }),
            real => match self.const_convert(real, element, span)? {
                ConstValue::Float(re, _) => Ok(ConstParts { re, im: None }),
                ConstValue::Int(re, CType::Int(k)) if !k.is_signed() && k.size() == 8 => Ok(ConstParts { re: self.part_in(element, re as u64 as f64, span)?, im: None }),
                ConstValue::Int(re, _) => Ok(ConstParts { re: self.part_in(element, re as f64, span)?, im: None }),
                _ => Err(Diagnostic::error_at(span, "initializer element is not a compile-time constant")),
            },
        }
    }

    /// `a op b` of constants one of which is complex.
    pub(super) fn const_complex_binary(&self, op: &BinaryOperator, a: ConstValue, b: ConstValue, span: Span) -> LowerResult<ConstValue> {
        use BinaryOperator as B;
        let ty = self.complex_result_type(a.ty(), b.ty(), span)?;
        let element = element_of(&ty).clone();
        let x = self.const_parts(a, &element, span)?;
        let y = self.const_parts(b, &element, span)?;
        let r = |v: f64| self.part_in(&element, v, span);
        // An integer quotient truncates; a zero divisor is no constant.
        let quotient = |p: f64, q: f64| -> LowerResult<f64> {
            if !element.is_integer() {
                return r(p / q);
            }
            match (p as i64).checked_div(q as i64) {
                Some(v) => r(v as f64),
                None => Err(Diagnostic::error_at(span, "initializer element is not a compile-time constant")),
            }
        };
        let (re, im) = match op {
            B::Plus => (r(x.re + y.re)?, match (x.im, y.im) {
                (Some(p), Some(q)) => r(p + q)?,
                (Some(p), None) => p,
                (None, q) => q.unwrap_or(0.0),
            }),
            B::Minus => (r(x.re - y.re)?, match (x.im, y.im) {
                (Some(p), Some(q)) => r(p - q)?,
                (Some(p), None) => p,
                (None, q) => r(-q.unwrap_or(0.0))?,
            }),
            B::Multiply => match (x.im, y.im) {
                (Some(p), None) => (r(x.re * y.re)?, r(p * y.re)?),
                (None, Some(q)) => (r(x.re * y.re)?, r(x.re * q)?),
                (p, q) => return self.const_complex_fold_result(false, &ty, [x.re, p.unwrap_or(0.0), y.re, q.unwrap_or(0.0)], span),
            },
            B::Divide => match (x.im, y.im) {
                (Some(p), None) => (quotient(x.re, y.re)?, quotient(p, y.re)?),
                (p, q) => return self.const_complex_fold_result(true, &ty, [x.re, p.unwrap_or(0.0), y.re, q.unwrap_or(0.0)], span),
            },
            B::Equals | B::NotEquals => {
                let equal = x.re == y.re && x.im.unwrap_or(0.0) == y.im.unwrap_or(0.0);
                return Ok(ConstValue::Int(i64::from(equal == (*op == B::Equals)), CType::INT));
            }
            _ => return Err(Diagnostic::error_at(span, "invalid operands to binary expression")),
        };
        Ok(ConstValue::Complex { re, im, ty })
    }

    /// `lhs * rhs` or `lhs / rhs` in a function body, where both operands
    /// are complex floating constants, as GCC folds it (see the module
    /// header): the folded value, `None` to compute it at run time (an
    /// operand is not a constant, or not finite), or an `unsupported:`
    /// error when only exact arithmetic would round it as GCC does.
    pub(super) fn fold_complex_operation(&mut self, op: &BinaryOperator, lhs: &Node<Expression>, rhs: &Node<Expression>, types: (&CType, &CType), span: Span) -> LowerResult<Option<super::Operand>> {
        let divide = match op {
            BinaryOperator::Multiply => false,
            BinaryOperator::Divide => true,
            _ => return Ok(None),
        };
        // A real dividend makes a complex quotient too (a real factor
        // multiplies part by part, which needs no folding).
        let dividend_ok = types.0.is_complex() || (divide && types.0.is_arithmetic());
        if !dividend_ok || !types.1.is_complex() {
            return Ok(None);
        }
        let ty = self.complex_result_type(types.0, types.1, span)?;
        let element = element_of(&ty).clone();
        if element.is_integer() {
            return Ok(None);
        }
        let (Ok(a), Ok(b)) = (self.eval_const(lhs), self.eval_const(rhs)) else { return Ok(None) };
        let (x, y) = (self.const_parts(a, &element, span)?, self.const_parts(b, &element, span)?);
        let parts = [x.re, x.im.unwrap_or(0.0), y.re, y.im.unwrap_or(0.0)];
        match self.fold_complex(divide, &ty, parts, span)? {
            ComplexFold::Value(ConstValue::Complex { re, im, ty }) => {
                let ir = element.ir_type().expect("a float element");
                let (re, im) = (self.fconst(ir, re), self.fconst(ir, im));
                let value = self.complex_from_parts(&ty, re, im);
                Ok(Some(super::Operand { ty, place: super::Place::Value(value) }))
            }
            ComplexFold::NotFinite => Ok(None),
            _ => Err(self.inexact_fold(divide, span)),
        }
    }

    fn inexact_fold(&self, divide: bool, span: Span) -> Diagnostic {
        let what = if divide { "quotient" } else { "product" };
        Diagnostic::unsupported(span, format!("a {what} of complex constants that GCC rounds exactly"))
    }

    /// A product or quotient of two complex constants in a constant
    /// expression: the folded value, or an `unsupported:` error.
    fn const_complex_fold_result(&self, divide: bool, ty: &CType, parts: [f64; 4], span: Span) -> LowerResult<ConstValue> {
        match self.fold_complex(divide, ty, parts, span)? {
            ComplexFold::Value(v) => Ok(v),
            _ => Err(self.inexact_fold(divide, span)),
        }
    }

    /// The product or quotient of the complex constants `a + bi` and
    /// `c + di` of complex type `ty`, as GCC folds it.
    pub(super) fn fold_complex(&self, divide: bool, ty: &CType, [a, b, c, d]: [f64; 4], span: Span) -> LowerResult<ComplexFold> {
        let element = element_of(ty);
        if element.is_integer() {
            // A quotient's steps must stay in the element's range, where
            // the run-time lowering computes them.
            let fits = |v: i64| self.wrap_to(v, element) == v;
            let (re, im) = integer_product_or_quotient(divide, [a, b, c, d].map(|v| v as i64), fits)
                .ok_or_else(|| Diagnostic::unsupported(span, "a quotient of complex integer constants that divides by zero or leaves its type"))?;
            let (re, im) = (self.wrap_to(re, element), self.wrap_to(im, element));
            if (re as f64).abs() >= EXACT_INTEGERS || (im as f64).abs() >= EXACT_INTEGERS {
                return Err(Diagnostic::unsupported(span, "a complex integer constant of 2^53 or more"));
            }
            return Ok(ComplexFold::Value(ConstValue::Complex { re: re as f64, im: im as f64, ty: ty.clone() }));
        }
        if ![a, b, c, d].iter().all(|v| v.is_finite()) {
            return Ok(ComplexFold::NotFinite);
        }
        Ok(match fold_floating(divide, [a, b, c, d]) {
            Some((re, im)) if re.is_finite() && im.is_finite() => {
                ComplexFold::Value(ConstValue::Complex { re: self.part_in(element, re, span)?, im: self.part_in(element, im, span)?, ty: ty.clone() })
            }
            Some(_) => ComplexFold::NotFinite,
            None => ComplexFold::Inexact,
        })
    }

    /// Converts a constant to or from a complex type.
    pub(super) fn const_complex_convert(&self, v: ConstValue, to: &CType, span: Span) -> LowerResult<ConstValue> {
        match (v, to) {
            (ConstValue::Complex { re, im, .. }, CType::Complex(element)) => {
                Ok(ConstValue::Complex { re: self.part_in(element, re, span)?, im: self.part_in(element, im, span)?, ty: to.clone() })
            }
            (ConstValue::Complex { re, im, .. }, CType::Int(IntKind::Bool)) => Ok(ConstValue::Int(i64::from(re != 0.0 || im != 0.0), to.clone())),
            (ConstValue::Complex { re, ty, .. }, _) => self.const_convert(part_value(element_of(&ty), re), to, span),
            (real, CType::Complex(element)) => {
                let parts = self.const_parts(real, element, span)?;
                Ok(ConstValue::Complex { re: parts.re, im: 0.0, ty: to.clone() })
            }
            _ => unreachable!("one side is complex"),
        }
    }

    /// `-z`, `+z` or GCC's conjugate `~z` of a complex constant.
    pub(super) fn const_complex_unary(&self, negate_real: bool, negate_imag: bool, v: ConstValue) -> ConstValue {
        let ConstValue::Complex { re, im, ty } = v else { unreachable!("a complex constant") };
        ConstValue::Complex { re: if negate_real { -re } else { re }, im: if negate_imag { -im } else { im }, ty }
    }

    /// The bytes of a complex constant in memory: the real part, then
    /// the imaginary part.
    pub(super) fn const_complex_bytes(re: f64, im: f64, ty: &CType) -> Vec<u8> {
        match element_of(ty) {
            CType::Float => [(re as f32).to_le_bytes(), (im as f32).to_le_bytes()].concat(),
            CType::Int(k) => {
                let width = k.size() as usize;
                [&(re as i64).to_le_bytes()[..width], &(im as i64).to_le_bytes()[..width]].concat()
            }
            _ => [re.to_le_bytes(), im.to_le_bytes()].concat(),
        }
    }
}

/// `(a + bi) * (c + di)` or `/` of integer parts, wrapping, as the
/// run-time lowering computes it (`Lowerer::integer_complex_quotient`'s
/// Smith's method for a quotient). A product wraps; `None` when a
/// quotient divides by zero or a step of it leaves the element type
/// (`fits` says whether a value is in it).
fn integer_product_or_quotient(divide: bool, [a, b, c, d]: [i64; 4], fits: impl Fn(i64) -> bool) -> Option<(i64, i64)> {
    if !divide {
        return Some((a.wrapping_mul(c).wrapping_sub(b.wrapping_mul(d)), a.wrapping_mul(d).wrapping_add(b.wrapping_mul(c))));
    }
    let step = |v: Option<i64>| v.filter(|&v| fits(v));
    let (c_abs, d_abs) = (step(c.checked_abs())?, step(d.checked_abs())?);
    // The same steps with the divisor's parts in either order.
    let (x, y, first, second) = if c_abs < d_abs { (c, d, b, a) } else { (d, c, a, b) };
    let ratio = step(x.checked_div(y))?;
    let div = step(step(x.checked_mul(ratio))?.checked_add(y))?;
    let re = step(step(second.checked_mul(ratio))?.checked_add(first))?;
    let im = if c_abs < d_abs {
        step(step(b.checked_mul(ratio))?.checked_sub(a))?
    } else {
        step(b.checked_sub(step(a.checked_mul(ratio))?))?
    };
    Some((step(re.checked_div(div))?, step(im.checked_div(div))?))
}
