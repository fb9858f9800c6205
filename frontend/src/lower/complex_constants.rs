//! Constant expressions of complex type (C11 §6.6, Annex G): static
//! initializers such as `_Complex double z = 1.0 + 2.0 * I;`. A constant
//! complex value is its two parts, each rounded to the element type, held
//! as `f64`s: the parts of a complex integer constant are integers below
//! 2^53 in magnitude, which an `f64` holds exactly (a larger one is an
//! `unsupported:` error).
//!
//! Addition, subtraction, negation, conjugation, products and quotients
//! by a real constant and conversions fold part by part, as the run-time
//! lowering (`complex`) computes them. The product or quotient of two
//! complex constants, which GCC folds with exact arithmetic (MPC) and
//! `__muldc3` computes with rounding, is left to run time: in a static
//! initializer it is an `unsupported:` error.

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
                _ => return Err(Diagnostic::unsupported(span, "a product of two complex values in a constant expression")),
            },
            B::Divide => match (x.im, y.im) {
                (Some(p), None) => (quotient(x.re, y.re)?, quotient(p, y.re)?),
                _ => return Err(Diagnostic::unsupported(span, "a quotient by a complex value in a constant expression")),
            },
            B::Equals | B::NotEquals => {
                let equal = x.re == y.re && x.im.unwrap_or(0.0) == y.im.unwrap_or(0.0);
                return Ok(ConstValue::Int(i64::from(equal == (*op == B::Equals)), CType::INT));
            }
            _ => return Err(Diagnostic::error_at(span, "invalid operands to binary expression")),
        };
        Ok(ConstValue::Complex { re, im, ty })
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
