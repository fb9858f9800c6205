//! `_Complex float`, `_Complex double` and GCC's complex integer values
//! (C11 §6.2.5p11-13,
//! §6.3.1.6-8 and Annex G; GCC's `__real__`, `__imag__`, `~` and
//! imaginary constants).
//!
//! A complex value is a pair of its element type, the real part at offset
//! 0 and the imaginary part right after it (C11 §6.2.5p13). Like a struct
//! or a `long double` (see `sixteen_byte_values`), a value of the type is
//! an object in memory and an operand of the type holds its address:
//! `rvalue` yields the address and every result goes to a fresh
//! temporary. This costs a load per part where two SSA values would not,
//! but it is what the rest of the frontend already does for values wider
//! than a register: assignment, struct members, arrays, conditionals,
//! initializers and, above all, calls need nothing new. Across calls a
//! complex value travels as System V says (psABI §3.2.3): it classifies
//! like a struct of its two parts, SSE, SSE for `_Complex double` (two
//! `%xmm` registers, or two stack eightbytes; `%xmm0:%xmm1` as a result)
//! and one SSE eightbyte for `_Complex float` (both parts in the low
//! eight bytes of one register), which `TypeTable::sysv_aggregate` and the
//! backend's by-value aggregates already do, variadic arguments and
//! `va_arg` included.
//!
//! Arithmetic follows GCC at `-O0`, so results match it bit for bit. A
//! real operand is not converted to complex for `+`, `-`, `*` and for `/`
//! by a real (C11 §6.3.1.8p1, Annex G.5.1): the parts are computed one by
//! one and the missing imaginary part is not invented (`x - z` has the
//! imaginary part `-cimag(z)`, `-0.0` for `cimag(z) == 0`). The product
//! and quotient of two complex values, and a real divided by a complex,
//! call libgcc's Annex G routines `__muldc3`/`__divdc3` (`__mulsc3`/
//! `__divsc3` for float), which recover infinities from NaN results as
//! GCC's own calls do. `==` and `!=` compare both parts; a complex value
//! is true when either part is nonzero (C11 §6.3.1.2).
//!
//! GCC's complex integer types (`_Complex int`, `_Complex unsigned char`…
//! and imaginary integer constants such as `2i`) are computed the same way
//! with integer parts, their products and quotients inline as GCC does
//! (quotients by Smith's method in integer arithmetic, as its
//! `expand_complex_div_wide`). Complex `long double` (whose result comes
//! back in `%st(0)` and `%st(1)`, which the backend does not do) and
//! complex `__int128` stay `CType::Unsupported` placeholders: using a
//! value of one is an `unsupported:` error.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{usual_arithmetic_conversion, CType, FuncType};
use lang_c::ast::{BinaryOperator, Expression};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, Block, BlockCall, FloatCC, InstData, IntCC, Type, UnaryOp, Value};
use std::rc::Rc;

use crate::complex_parts::{IMAG_PART, REAL_PART};

/// One operand of a complex operation, as element values: a real operand
/// has no imaginary part.
struct Parts {
    re: Value,
    im: Option<Value>,
}

/// The element type of the complex type `ty`.
pub fn element_of(ty: &CType) -> &CType {
    match ty {
        CType::Complex(element) => element,
        other => unreachable!("not a complex type: {other:?}"),
    }
}

/// The complex type whose element is `element`.
pub fn complex_of(element: &CType) -> CType {
    CType::Complex(Rc::new(element.clone()))
}

/// The real type behind an arithmetic or complex type: the element of a
/// complex type, the type itself otherwise.
pub fn real_type(ty: &CType) -> &CType {
    match ty {
        CType::Complex(element) => element,
        other => other,
    }
}

/// True for the element types of the complex types nissecc computes with:
/// `float`, `double` and the integer types up to 64 bits but `_Bool`
/// (GCC's complex integer types).
pub fn is_complex_element(ty: &CType) -> bool {
    matches!(ty, CType::Float | CType::Double) || matches!(ty, CType::Int(k) if *k != crate::types::IntKind::Bool)
}

/// True for the operand types of complex arithmetic: arithmetic or complex.
pub fn is_arithmetic_or_complex(ty: &CType) -> bool {
    ty.is_arithmetic() || ty.is_complex()
}

/// Whether `name` is one of the `<complex.h>` functions that GCC expands
/// inline as builtins, unless the program defines its own.
pub fn is_inline_library_function(name: &str) -> bool {
    matches!(name, "creal" | "cimag" | "conj" | "crealf" | "cimagf" | "conjf")
}

impl Lowerer {
    /// The address of a fresh temporary of the complex type `ty`.
    pub fn complex_temporary(&mut self, ty: &CType) -> Value {
        let size = self.types.size_of(ty).unwrap_or(16) as u32;
        let align = self.types.align_of(ty) as u32;
        let slot = self.f().func.create_stack_slot(size, align);
        self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR)
    }

    /// The real and imaginary parts of the complex value at `a`.
    pub fn complex_parts(&mut self, ty: &CType, a: Value) -> (Value, Value) {
        let element = element_of(ty);
        let ir = element.ir_type().expect("a float or double element");
        let width = ir.bytes() as i32;
        let re = self.emit(InstData::Load { addr: a, offset: 0 }, ir);
        let im = self.emit(InstData::Load { addr: a, offset: width }, ir);
        (re, im)
    }

    /// Stores the parts `re` and `im` as a complex value at `dst`.
    fn store_complex_parts(&mut self, dst: Value, re: Value, im: Value) {
        let width = self.value_type(re).bytes() as i32;
        self.emit_effect(InstData::Store { value: re, addr: dst, offset: 0 });
        self.emit_effect(InstData::Store { value: im, addr: dst, offset: width });
    }

    /// A fresh temporary of complex type `ty` holding `re` and `im`.
    pub fn complex_from_parts(&mut self, ty: &CType, re: Value, im: Value) -> Value {
        let dst = self.complex_temporary(ty);
        self.store_complex_parts(dst, re, im);
        dst
    }

    /// Copies the complex value at `src` to `dst`.
    pub fn copy_complex(&mut self, ty: &CType, dst: Value, src: Value) {
        let (re, im) = self.complex_parts(ty, src);
        self.store_complex_parts(dst, re, im);
    }

    /// A copy of the complex value at `src`, in a fresh temporary.
    pub fn snapshot_complex(&mut self, ty: &CType, src: Value) -> Value {
        let (re, im) = self.complex_parts(ty, src);
        self.complex_from_parts(ty, re, im)
    }

    /// A zero of the IR type `ty`, floating or integer.
    fn zero_of(&mut self, ty: Type) -> Value {
        if ty.is_float() {
            self.fconst(ty, 0.0)
        } else {
            self.iconst(ty, 0)
        }
    }

    /// `a op b` of two parts of the element type `element`: `op` is one
    /// of `+ - * /`.
    fn part_binary(&mut self, op: BinaryOperator, element: &CType, a: Value, b: Value) -> Value {
        use BinaryOperator as B;
        let float = element.is_floating();
        let ir_op = match op {
            B::Plus if float => BinaryOp::Fadd,
            B::Minus if float => BinaryOp::Fsub,
            B::Multiply if float => BinaryOp::Fmul,
            B::Divide if float => BinaryOp::Fdiv,
            B::Plus => BinaryOp::Iadd,
            B::Minus => BinaryOp::Isub,
            B::Multiply => BinaryOp::Imul,
            _ if element.is_signed_int() => BinaryOp::Sdiv,
            _ => BinaryOp::Udiv,
        };
        self.binary(ir_op, a, b)
    }

    /// `-a` of a part.
    fn part_negate(&mut self, a: Value) -> Value {
        let ir = self.value_type(a);
        self.unary(if ir.is_float() { UnaryOp::Fneg } else { UnaryOp::Ineg }, a, ir)
    }

    /// Converts `v` between two types at least one of which is complex
    /// (C11 §6.3.1.7): a real value becomes the real part with a zero
    /// imaginary part, a complex value converted to a real type loses its
    /// imaginary part, and one converted to `_Bool` is true when either
    /// part is nonzero.
    pub fn complex_convert(&mut self, v: Value, from: &CType, to: &CType, span: Span) -> LowerResult<Value> {
        match (from, to) {
            (CType::Complex(a), CType::Complex(b)) => {
                let (re, im) = self.complex_parts(from, v);
                let re = self.convert(re, a, b, span)?;
                let im = self.convert(im, a, b, span)?;
                Ok(self.complex_from_parts(to, re, im))
            }
            (CType::Complex(_), CType::Int(crate::types::IntKind::Bool)) => Ok(self.complex_truth(from, v)),
            (CType::Complex(element), _) => {
                let (re, _) = self.complex_parts(from, v);
                let element = (**element).clone();
                self.convert(re, &element, to, span)
            }
            (_, CType::Complex(element)) => {
                let element = (**element).clone();
                let re = self.convert(v, from, &element, span)?;
                let ir = self.value_type(re);
                let im = self.zero_of(ir);
                Ok(self.complex_from_parts(to, re, im))
            }
            _ => unreachable!("one of the types is complex"),
        }
    }

    /// Whether the complex value at `a` is nonzero, as an `i8` 0/1.
    pub fn complex_truth(&mut self, ty: &CType, a: Value) -> Value {
        let (re, im) = self.complex_parts(ty, a);
        let ir = self.value_type(re);
        let zero = self.zero_of(ir);
        let re_set = self.part_compare(false, re, zero);
        let im_set = self.part_compare(false, im, zero);
        self.binary(BinaryOp::Bor, re_set, im_set)
    }

    /// `a == b` (`equal`) or `a != b` of two parts, as an `i8` 0/1.
    fn part_compare(&mut self, equal: bool, a: Value, b: Value) -> Value {
        if self.value_type(a).is_float() {
            self.fcmp(if equal { FloatCC::Eq } else { FloatCC::Ne }, a, b)
        } else {
            self.icmp(if equal { IntCC::Eq } else { IntCC::Ne }, a, b)
        }
    }

    /// The complex type of an operation on operand types `a` and `b`, one
    /// of them complex: complex of their common real type (C11 §6.3.1.8).
    /// As in GCC, complex integers of one type are not promoted
    /// (`_Complex char + _Complex char` is a `_Complex char`).
    pub(super) fn complex_result_type(&self, a: &CType, b: &CType, span: Span) -> LowerResult<CType> {
        let (a, b) = (real_type(a), real_type(b));
        let element = if a == b { a.clone() } else { usual_arithmetic_conversion(a, b) };
        match element {
            CType::LongDouble => Err(Diagnostic::unsupported(span, "_Complex long double values")),
            t if is_complex_element(&t) => Ok(complex_of(&t)),
            _ => Err(Diagnostic::unsupported(span, "_Complex integer values wider than 64 bits")),
        }
    }

    /// An operand's parts, converted to `element`.
    fn parts_of(&mut self, op: &Operand, element: &CType, span: Span) -> LowerResult<Parts> {
        let ty = op.ty.decay();
        let v = self.rvalue(op, span)?;
        if let CType::Complex(own) = &ty {
            let own = (**own).clone();
            let (re, im) = self.complex_parts(&ty, v);
            let re = self.convert(re, &own, element, span)?;
            let im = self.convert(im, &own, element, span)?;
            return Ok(Parts { re, im: Some(im) });
        }
        Ok(Parts { re: self.convert(v, &ty, element, span)?, im: None })
    }

    /// `a op b` for `+ - * / == !=` where an operand is complex; the
    /// result is a complex temporary or, for a comparison, an `int`.
    pub fn complex_arithmetic(&mut self, op: BinaryOperator, lhs: Operand, rhs: Operand, span: Span) -> LowerResult<(CType, Value)> {
        use BinaryOperator as B;
        let (lt, rt) = (lhs.ty.decay(), rhs.ty.decay());
        if !is_arithmetic_or_complex(&lt) || !is_arithmetic_or_complex(&rt) || !matches!(op, B::Plus | B::Minus | B::Multiply | B::Divide | B::Equals | B::NotEquals) {
            return Err(Diagnostic::error_at(span, format!(
                "invalid operands to binary expression ('{}' and '{}')",
                self.types.describe(&lt),
                self.types.describe(&rt)
            )));
        }
        if matches!(op, B::Equals | B::NotEquals) {
            let c = self.complex_compare(op, lhs, rhs, span)?;
            return Ok((CType::INT, self.unary(UnaryOp::Uextend, c, Type::I32)));
        }
        let ty = self.complex_result_type(&lt, &rt, span)?;
        let element = element_of(&ty).clone();
        let a = self.parts_of(&lhs, &element, span)?;
        let b = self.parts_of(&rhs, &element, span)?;
        let float = element.is_floating();
        let (re, im) = match op {
            B::Plus | B::Minus => {
                let re = self.part_binary(op.clone(), &element, a.re, b.re);
                let im = match (a.im, b.im) {
                    (Some(x), Some(y)) => self.part_binary(op, &element, x, y),
                    (Some(x), None) => x,
                    (None, Some(y)) if op == B::Plus => y,
                    (None, Some(y)) => self.part_negate(y),
                    (None, None) => unreachable!("one operand is complex"),
                };
                (re, im)
            }
            B::Multiply => match (a.im, b.im) {
                (Some(_), Some(_)) if float => return Ok((ty.clone(), self.annex_g_call("mul", &ty, a, b, span)?)),
                (Some(x), Some(y)) => self.integer_complex_product(&element, a.re, x, b.re, y),
                (Some(x), None) => (self.part_binary(op.clone(), &element, a.re, b.re), self.part_binary(op, &element, x, b.re)),
                (None, Some(y)) => (self.part_binary(op.clone(), &element, a.re, b.re), self.part_binary(op, &element, a.re, y)),
                (None, None) => unreachable!("one operand is complex"),
            },
            _ => match (a.im, b.im) {
                (Some(x), None) => (self.part_binary(op.clone(), &element, a.re, b.re), self.part_binary(op, &element, x, b.re)),
                _ if float => return Ok((ty.clone(), self.annex_g_call("div", &ty, a, b, span)?)),
                (x, y) => {
                    let zero = self.zero_of(element.ir_type().expect("an integer element"));
                    self.integer_complex_quotient(&element, a.re, x.unwrap_or(zero), b.re, y.unwrap_or(zero))
                }
            },
        };
        Ok((ty.clone(), self.complex_from_parts(&ty, re, im)))
    }

    /// `a * b` or `a / b` by libgcc's `__muldc3`, `__divdc3`, `__mulsc3`
    /// or `__divsc3`, which take the four parts and return the complex
    /// result; a missing imaginary part is zero.
    fn annex_g_call(&mut self, operation: &str, ty: &CType, a: Parts, b: Parts, span: Span) -> LowerResult<Value> {
        let element = element_of(ty).clone();
        let mode = if element == CType::Float { "sc3" } else { "dc3" };
        let helper = FuncType { ret: ty.clone(), params: vec![element.clone(); 4], variadic: false, unprototyped: false };
        let sig = self.signature_of(&helper, span)?;
        let zero = self.zero_of(element.ir_type().expect("a float type"));
        let result = self.complex_temporary(ty);
        let args = vec![result, a.re, a.im.unwrap_or(zero), b.re, b.im.unwrap_or(zero)];
        self.call_helper(&format!("__{operation}{mode}"), sig, args);
        Ok(result)
    }

    /// `a == b` or `a != b` with a complex operand, as an `i8` 0/1: both
    /// parts equal, a real operand's imaginary part being zero.
    pub fn complex_compare(&mut self, op: BinaryOperator, lhs: Operand, rhs: Operand, span: Span) -> LowerResult<Value> {
        let (lt, rt) = (lhs.ty.decay(), rhs.ty.decay());
        if !is_arithmetic_or_complex(&lt) || !is_arithmetic_or_complex(&rt) || !matches!(op, BinaryOperator::Equals | BinaryOperator::NotEquals) {
            return Err(Diagnostic::error_at(span, format!(
                "invalid operands to binary expression ('{}' and '{}')",
                self.types.describe(&lt),
                self.types.describe(&rt)
            )));
        }
        let ty = self.complex_result_type(&lt, &rt, span)?;
        let element = element_of(&ty).clone();
        let a = self.parts_of(&lhs, &element, span)?;
        let b = self.parts_of(&rhs, &element, span)?;
        let zero = self.zero_of(element.ir_type().expect("a scalar element"));
        let (a_im, b_im) = (a.im.unwrap_or(zero), b.im.unwrap_or(zero));
        let equal = op == BinaryOperator::Equals;
        let re = self.part_compare(equal, a.re, b.re);
        let im = self.part_compare(equal, a_im, b_im);
        Ok(self.binary(if equal { BinaryOp::Band } else { BinaryOp::Bor }, re, im))
    }

    /// `-z`, `+z` or GCC's conjugate `~z` of the complex value at `a`,
    /// into a fresh temporary.
    pub fn complex_unary(&mut self, negate_real: bool, negate_imag: bool, ty: &CType, a: Value) -> Value {
        let (re, im) = self.complex_parts(ty, a);
        let re = if negate_real { self.part_negate(re) } else { re };
        let im = if negate_imag { self.part_negate(im) } else { im };
        self.complex_from_parts(ty, re, im)
    }

    /// GCC's `__real__ e` or `__imag__ e`: a part of a complex operand, an
    /// lvalue when the operand is one; of a real operand, the operand
    /// itself or a zero of its type.
    pub fn complex_part(&mut self, e: &Node<Expression>, imag: bool, span: Span) -> LowerResult<Operand> {
        let op = self.lower_expr(e)?;
        let ty = op.ty.decay();
        match &ty {
            CType::Complex(element) => {
                let element = (**element).clone();
                let offset = if imag { self.types.size_of(&element).unwrap_or(8) as i64 } else { 0 };
                match op.place {
                    Place::Addr(a) => {
                        let part = self.offset_address(a, offset);
                        Ok(Operand { ty: element, place: Place::Addr(part) })
                    }
                    _ => {
                        let v = self.rvalue(&op, span)?;
                        let (re, im) = self.complex_parts(&ty, v);
                        Ok(Operand { ty: element, place: Place::Value(if imag { im } else { re }) })
                    }
                }
            }
            t if t.is_arithmetic() && !imag => Ok(op),
            CType::Float | CType::Double => {
                self.rvalue(&op, span)?;
                let ir = ty.ir_type().expect("a float type");
                let zero = self.zero_of(ir);
                Ok(Operand { ty, place: Place::Value(zero) })
            }
            t if t.is_integer() => {
                self.rvalue(&op, span)?;
                let ir = t.ir_type().expect("an integer type");
                let zero = self.iconst(ir, 0);
                Ok(Operand { ty, place: Place::Value(zero) })
            }
            CType::Unsupported(what) => Err(Diagnostic::unsupported(span, format!("{what} values"))),
            CType::LongDouble | CType::Int128 { .. } => Err(Diagnostic::unsupported(span, "__imag__ of a long double or __int128")),
            _ => Err(Diagnostic::error_at(span, format!("wrong type argument to __real__ or __imag__ ('{}')", self.types.describe(&ty)))),
        }
    }

    /// The builtins and library functions on complex values that GCC
    /// expands inline: `creal`, `cimag`, `conj` (and their `float` forms
    /// and `__builtin_` spellings), `__builtin_complex`, and the parts
    /// `__real__`/`__imag__` became. `None` when `name` is none of them.
    pub fn lower_complex_builtin(&mut self, name: &str, args: &[Node<Expression>], span: Span) -> LowerResult<Option<Operand>> {
        let plain = name.strip_prefix("__builtin_").unwrap_or(name);
        let one_argument = || match args {
            [only] => Ok(only),
            _ => Err(Diagnostic::error_at(span, format!("'{name}' takes one argument"))),
        };
        let element = match plain {
            "creal" | "cimag" | "conj" => CType::Double,
            "crealf" | "cimagf" | "conjf" => CType::Float,
            "creall" | "cimagl" | "conjl" => return Err(Diagnostic::unsupported(span, "_Complex long double values")),
            "complex" => return self.lower_builtin_complex(args, span).map(Some),
            _ if name == REAL_PART || name == IMAG_PART => {
                let operand = one_argument()?;
                return self.complex_part(operand, name == IMAG_PART, span).map(Some);
            }
            _ => return Ok(None),
        };
        let ty = complex_of(&element);
        let op = self.lower_expr(one_argument()?)?;
        let v = self.assign_convert(&op, &ty, span)?;
        let (re, im) = self.complex_parts(&ty, v);
        Ok(Some(match plain.trim_end_matches('f') {
            "creal" => Operand { ty: element, place: Place::Value(re) },
            "cimag" => Operand { ty: element, place: Place::Value(im) },
            _ => {
                let ir = self.value_type(im);
                let minus = self.unary(UnaryOp::Fneg, im, ir);
                Operand { place: Place::Value(self.complex_from_parts(&ty, re, minus)), ty }
            }
        }))
    }

    /// `__builtin_complex(re, im)`: the complex value of two real operands
    /// of one floating type, kept as they are (no `re + im * I`
    /// arithmetic, so signed zeros and NaNs survive).
    fn lower_builtin_complex(&mut self, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let [re, im] = args else {
            return Err(Diagnostic::error_at(span, "'__builtin_complex' takes two arguments"));
        };
        let re = self.lower_expr(re)?;
        let im = self.lower_expr(im)?;
        let element = re.ty.decay();
        if !matches!(element, CType::Float | CType::Double) || im.ty.decay() != element {
            return match element {
                CType::LongDouble => Err(Diagnostic::unsupported(span, "_Complex long double values")),
                _ => Err(Diagnostic::error_at(span, "'__builtin_complex' needs two operands of the same floating type")),
            };
        }
        let ty = complex_of(&element);
        let re = self.rvalue(&re, span)?;
        let im = self.rvalue(&im, span)?;
        Ok(Operand { place: Place::Value(self.complex_from_parts(&ty, re, im)), ty })
    }
}

/// Complex integer products and quotients, which GCC computes inline.
impl Lowerer {
    /// `(ar + ai i) * (br + bi i)` of integer parts: `ar*br - ai*bi` and
    /// `ar*bi + ai*br`, wrapping.
    fn integer_complex_product(&mut self, element: &CType, ar: Value, ai: Value, br: Value, bi: Value) -> (Value, Value) {
        use BinaryOperator as B;
        let rr = self.part_binary(B::Multiply, element, ar, br);
        let ii = self.part_binary(B::Multiply, element, ai, bi);
        let ri = self.part_binary(B::Multiply, element, ar, bi);
        let ir = self.part_binary(B::Multiply, element, ai, br);
        (self.part_binary(B::Minus, element, rr, ii), self.part_binary(B::Plus, element, ri, ir))
    }

    /// `(ar + ai i) / (br + bi i)` of integer parts, by Smith's method in
    /// integer arithmetic as GCC's `expand_complex_div_wide` does: the
    /// ratio of the divisor's smaller part (by absolute value, for signed
    /// types) to its larger one scales the quotient, one branch for each
    /// case so that neither divides by a zero the other would meet.
    fn integer_complex_quotient(&mut self, element: &CType, ar: Value, ai: Value, br: Value, bi: Value) -> (Value, Value) {
        let ir = self.value_type(ar);
        let (abs_br, abs_bi) = if element.is_signed_int() { (self.part_abs(br), self.part_abs(bi)) } else { (br, bi) };
        let cc = if element.is_signed_int() { IntCC::Slt } else { IntCC::Ult };
        let imag_larger = self.icmp(cc, abs_br, abs_bi);
        let (then_block, else_block, join) = (self.new_block(), self.new_block(), self.new_block());
        let tr = self.f().func.append_block_param(join, ir);
        let ti = self.f().func.append_block_param(join, ir);
        self.emit_effect(InstData::Brif {
            cond: imag_larger,
            then_dest: BlockCall::new(then_block, vec![]),
            else_dest: BlockCall::new(else_block, vec![]),
        });
        self.switch_to(then_block);
        self.smith_quotient_arm(element, (br, bi), (ar, ai), true, join);
        self.switch_to(else_block);
        self.smith_quotient_arm(element, (bi, br), (ar, ai), false, join);
        self.switch_to(join);
        (tr, ti)
    }

    /// One arm of Smith's quotient, ending in a jump to `join` with the
    /// quotient's parts: `ratio = small / large` of the divisor's parts
    /// and `div = small * ratio + large`; when the imaginary part is the
    /// larger, `((ar * ratio + ai) / div, (ai * ratio - ar) / div)`,
    /// otherwise `((ai * ratio + ar) / div, (ai - ar * ratio) / div)`.
    fn smith_quotient_arm(&mut self, element: &CType, (small, large): (Value, Value), (ar, ai): (Value, Value), imag_larger: bool, join: Block) {
        use BinaryOperator as B;
        let ratio = self.part_binary(B::Divide, element, small, large);
        let scaled = self.part_binary(B::Multiply, element, small, ratio);
        let div = self.part_binary(B::Plus, element, scaled, large);
        let (first, second) = if imag_larger { (ar, ai) } else { (ai, ar) };
        let scaled = self.part_binary(B::Multiply, element, first, ratio);
        let re = self.part_binary(B::Plus, element, scaled, second);
        let scaled = self.part_binary(B::Multiply, element, second, ratio);
        let im = if imag_larger {
            self.part_binary(B::Minus, element, scaled, ar)
        } else {
            self.part_binary(B::Minus, element, ai, scaled)
        };
        let re = self.part_binary(B::Divide, element, re, div);
        let im = self.part_binary(B::Divide, element, im, div);
        self.emit_effect(InstData::Jump { dest: BlockCall::new(join, vec![re, im]) });
    }

    /// `|a|` of a signed integer part, wrapping for the most negative.
    fn part_abs(&mut self, a: Value) -> Value {
        let negated = self.part_negate(a);
        let ir = self.value_type(a);
        let zero = self.zero_of(ir);
        let negative = self.icmp(IntCC::Slt, a, zero);
        self.select(negative, negated, a)
    }
}
