//! GCC builtins that glibc's headers expand to (`assert`, `isnan`,
//! `HUGE_VAL`, `NAN`, `__builtin_expect`…). A `__builtin_X` that merely
//! names a libc function `X` becomes a call to `X`, declared in scope or
//! given its library prototype (`library_prototypes.rs`) as GCC does.
//! The bit builtins (`bswap`, `clz`, `ctz`, `popcount`, `parity`, `ffs`)
//! become the IR's bit operations.

use super::library_prototypes::library_prototype;
use super::overflow_builtins::overflow_builtin;
use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::extended_float::X80;
use crate::types::{CType, IntKind};
use lang_c::ast::{CallExpression, Expression, Identifier};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, BlockCall, InstData, IntCC, Type, UnaryOp};

/// The value and type of the builtins that glibc's `HUGE_VAL`,
/// `INFINITY` and `NAN` expand to (`base` is the name after
/// `__builtin_`), which are constants, in static initializers too. The
/// argument of `nan("")` is ignored: every NaN is the default quiet one.
pub(super) fn float_constant_builtin(base: &str) -> Option<(f64, CType)> {
    Some(match base {
        "huge_val" | "inf" => (f64::INFINITY, CType::Double),
        "huge_valf" | "inff" => (f64::INFINITY, CType::Float),
        "huge_vall" | "infl" => (f64::INFINITY, CType::LongDouble),
        "nan" => (f64::NAN, CType::Double),
        "nanf" => (f64::NAN, CType::Float),
        "nanl" => (f64::NAN, CType::LongDouble),
        _ => return None,
    })
}

impl Lowerer {
    /// Lowers a call to a `__builtin_*` function, or returns `None` when
    /// `callee` is not a builtin.
    pub fn lower_builtin_call(&mut self, name: &Node<Identifier>, c: &Node<CallExpression>, span: Span) -> LowerResult<Option<Operand>> {
        let id = name.node.name.as_str();
        let Some(base) = id.strip_prefix("__builtin_") else { return Ok(None) };
        let args = &c.node.arguments;
        let arg = |i: usize| args.get(i).ok_or_else(|| Diagnostic::error_at(span, format!("too few arguments to '{id}'")));
        if let Some((op, typed)) = overflow_builtin(base) {
            return self.lower_overflow_builtin(op, typed, args, span).map(Some);
        }
        let result = match base {
            "expect" | "expect_with_probability" => {
                let v = self.lower_expr(arg(0)?)?;
                let value = self.rvalue(&v, span)?;
                let value = self.convert(value, &v.ty, &CType::LONG, span)?;
                // The expected value (and probability) are evaluated too,
                // for their side effects (`__builtin_expect (c, z++)`).
                for hint in &args[1..] {
                    self.lower_expr(hint)?;
                }
                Operand { ty: CType::LONG, place: Place::Value(value) }
            }
            "abort" => {
                // GCC calls the library's `abort`, which raises SIGABRT.
                let abort = nissecc_midend::ir::Signature::scalars(vec![], None, false);
                self.call_helper("abort", abort, vec![]);
                self.emit_effect(InstData::Unreachable);
                self.continue_in_new_block();
                Operand { ty: CType::Void, place: Place::Void }
            }
            "unreachable" | "trap" => {
                self.emit_effect(InstData::Unreachable);
                self.continue_in_new_block();
                Operand { ty: CType::Void, place: Place::Void }
            }
            "alloca" => self.lower_alloca(args, span)?,
            "choose_expr" => {
                let chosen = self.chosen_expression(c, span)?;
                return self.lower_expr(chosen).map(Some);
            }
            "va_start" => self.lower_va_start(args, span)?,
            "va_end" => self.lower_va_end(args, span)?,
            "va_copy" => self.lower_va_copy(args, span)?,
            "nissecc_label_address" => {
                let label = self.label_address_call(c).ok_or_else(|| Diagnostic::error_at(span, "'&&' needs a label name"))?;
                let number = self.label_number(&label.node.name, label.span)?;
                let k = self.iconst(Type::PTR, number);
                Operand { ty: CType::pointer_to(CType::Void), place: Place::Value(k) }
            }
            "nissecc_computed_goto" => {
                let target = self.lower_expr(arg(0)?)?;
                if !target.ty.decay().is_pointer() {
                    return Err(Diagnostic::error_at(span, "'goto *' needs a pointer"));
                }
                let target = self.rvalue(&target, span)?;
                let dispatch = match self.f().computed_goto {
                    Some(block) => block,
                    None => {
                        let block = self.new_block();
                        self.f().func.append_block_param(block, Type::PTR);
                        self.f().computed_goto = Some(block);
                        block
                    }
                };
                self.emit_effect(InstData::Jump { dest: BlockCall::new(dispatch, vec![target]) });
                self.continue_in_new_block();
                Operand { ty: CType::Void, place: Place::Void }
            }
            _ if float_constant_builtin(base).is_some() => {
                let (value, ty) = float_constant_builtin(base).expect("just matched");
                let k = self.float_constant(value, &ty);
                let place = if ty == CType::LongDouble { Place::Addr(k) } else { Place::Value(k) };
                Operand { ty, place }
            }
            "constant_p" => {
                let constant = self.is_constant_argument(c);
                let k = self.iconst(Type::I32, constant as i64);
                Operand { ty: CType::INT, place: Place::Value(k) }
            }
            "isgreater" | "isgreaterequal" | "isless" | "islessequal" | "islessgreater" | "isunordered" => {
                let a = self.lower_expr(arg(0)?)?;
                let b = self.lower_expr(arg(1)?)?;
                if !a.ty.is_floating() && !b.ty.is_floating() {
                    return Err(Diagnostic::error_at(span, format!("'{id}' needs a floating argument")));
                }
                let r = self.float_relation(base, a, b, span)?;
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "isnormal" | "fpclassify" => {
                // fpclassify (FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
                let x_index = if base == "isnormal" { 0 } else { 5 };
                let mut results = Vec::new();
                for i in 0..x_index {
                    let v = self.lower_expr(arg(i)?)?;
                    let value = self.rvalue(&v, span)?;
                    results.push(self.convert(value, &v.ty, &CType::INT, span)?);
                }
                let v = self.lower_expr(arg(x_index)?)?;
                if !v.ty.is_floating() {
                    return Err(Diagnostic::error_at(span, format!("'{id}' needs a floating argument")));
                }
                let x = self.rvalue(&v, span)?;
                let classes = self.float_classes(x, &v.ty.decay(), span)?;
                let r = if base == "isnormal" {
                    classes[2]
                } else {
                    // The classes are exclusive: one flag is 1, the others 0.
                    let mut sum = self.iconst(Type::I32, 0);
                    for (flag, result) in classes.into_iter().zip(results) {
                        let term = self.binary(BinaryOp::Imul, flag, result);
                        sum = self.binary(BinaryOp::Iadd, sum, term);
                    }
                    sum
                };
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "object_size" | "dynamic_object_size" => {
                // The size is never known: (size_t)-1 for the maximum
                // (types 0 and 1), 0 for the minimum (types 2 and 3), which
                // GCC also answers when it cannot tell. The pointer is not
                // evaluated, as in GCC.
                let kind = self.eval_int(arg(1)?)?;
                let k = self.iconst(Type::I64, if kind & 2 == 0 { -1 } else { 0 });
                Operand { ty: CType::ULONG, place: Place::Value(k) }
            }
            "assume_aligned" => {
                let p = self.lower_expr(arg(0)?)?;
                for extra in &args[1..] {
                    self.lower_expr(extra)?;
                }
                let value = self.rvalue(&p, span)?;
                let ty = CType::pointer_to(CType::Void);
                let value = self.convert(value, &p.ty.decay(), &ty, span)?;
                Operand { ty, place: Place::Value(value) }
            }
            "isnan" | "isinf_sign" | "isinf" | "isfinite" | "signbit" | "isnanf" | "isnanl" | "isinff" | "isinfl" | "finite" | "finitef"
            | "finitel" | "signbitf" | "signbitl" => {
                let v = self.lower_expr(arg(0)?)?;
                if !v.ty.is_floating() {
                    return Err(Diagnostic::error_at(span, format!("'{id}' needs a floating argument")));
                }
                let x = self.rvalue(&v, span)?;
                // The typed forms (`__builtin_isnanf`, glibc's `finite`)
                // classify their argument as the generic ones do.
                let which = match base {
                    "isnanf" | "isnanl" => "isnan",
                    "isinff" | "isinfl" => "isinf",
                    "finite" | "finitef" | "finitel" => "isfinite",
                    "signbitf" | "signbitl" => "signbit",
                    other => other,
                };
                let r = self.float_classification(which, x, &v.ty.decay(), span)?;
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "bswap16" | "bswap32" | "bswap64" => {
                let kind = match base {
                    "bswap16" => IntKind::UShort,
                    "bswap32" => IntKind::UInt,
                    _ => IntKind::ULongLong,
                };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let ty = self.value_type(x);
                let r = self.unary(UnaryOp::Bswap, x, ty);
                Operand { ty: CType::Int(kind), place: Place::Value(r) }
            }
            "clz" | "clzl" | "clzll" | "ctz" | "ctzl" | "ctzll" | "popcount" | "popcountl" | "popcountll" | "parity"
            | "parityl" | "parityll" | "ffs" | "ffsl" | "ffsll" => {
                let (op, suffix) = bit_count_operation(base);
                let kind = match (suffix, op) {
                    ("", BitCount::Ffs) => IntKind::Int,
                    ("", _) => IntKind::UInt,
                    ("l", BitCount::Ffs) => IntKind::Long,
                    ("l", _) => IntKind::ULong,
                    (_, BitCount::Ffs) => IntKind::LongLong,
                    _ => IntKind::ULongLong,
                };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let r = self.bit_count(op, x);
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "prefetch" => {
                // A hint only: the arguments are evaluated for their effects.
                for a in args {
                    self.lower_expr(a)?;
                }
                Operand { ty: CType::Void, place: Place::Void }
            }
            _ => {
                // `__builtin_memcpy` and friends call the libc function, as
                // declared in scope or, as GCC knows them without a
                // declaration (and without a warning), with the library's
                // prototype.
                let plain_id = Node { node: Identifier { name: base.to_string() }, span: name.span };
                if self.scopes.lookup(base).is_none() {
                    if library_prototype(base).is_none() {
                        return Err(Diagnostic::unsupported(name.span, format!("builtin '{id}'")));
                    }
                    self.declare_at_file_scope(&plain_id);
                }
                let plain = Node { node: Expression::Identifier(Box::new(plain_id)), span: name.span };
                let call = Node { node: CallExpression { callee: Box::new(plain), arguments: c.node.arguments.clone() }, span: c.span };
                return self.lower_call(&call, span).map(Some);
            }
        };
        Ok(Some(result))
    }

    /// The label of `__builtin_nissecc_label_address(label)`, the
    /// rewritten `&&label` (see `labels_as_values`).
    pub fn label_address_call<'a>(&self, c: &'a Node<CallExpression>) -> Option<&'a Node<Identifier>> {
        let Expression::Identifier(callee) = &c.node.callee.node else { return None };
        if callee.node.name != crate::labels_as_values::LABEL_ADDRESS {
            return None;
        }
        match c.node.arguments.as_slice() {
            [Node { node: Expression::Identifier(label), .. }] => Some(label),
            _ => None,
        }
    }

    /// The number that stands for the address of a label: its index
    /// among the function's address-taken labels, plus one.
    pub fn label_number(&mut self, name: &str, span: Span) -> LowerResult<i64> {
        if self.func.is_none() {
            return Err(Diagnostic::error_at(span, "the address of a label outside a function"));
        }
        let block = self.label_block(name, span);
        let labels = &mut self.f().address_taken_labels;
        let index = match labels.iter().position(|&b| b == block) {
            Some(index) => index,
            None => {
                labels.push(block);
                labels.len() - 1
            }
        };
        Ok(index as i64 + 1)
    }

    /// Whether the argument of `__builtin_constant_p` is a constant
    /// expression (GCC may also say so of expressions its optimizer folds;
    /// nissecc answers for the language's constants only).
    pub fn is_constant_argument(&mut self, c: &Node<CallExpression>) -> bool {
        match c.node.arguments.as_slice() {
            [argument] => self.eval_const(argument).is_ok(),
            _ => false,
        }
    }

    /// The operand `__builtin_choose_expr(c, a, b)` selects: `a` when the
    /// constant `c` is non-zero, else `b`; the other is not evaluated.
    pub fn chosen_expression<'a>(&mut self, c: &'a Node<CallExpression>, span: Span) -> LowerResult<&'a Node<Expression>> {
        let [condition, a, b] = c.node.arguments.as_slice() else {
            return Err(Diagnostic::error_at(span, "'__builtin_choose_expr' takes three arguments"));
        };
        Ok(if self.eval_int(condition)? != 0 { a } else { b })
    }

    /// An argument converted to the integer type a builtin takes.
    fn integer_argument(&mut self, e: &Node<Expression>, kind: IntKind, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        let v = self.lower_expr(e)?;
        if !v.ty.is_integer() {
            return Err(Diagnostic::error_at(e.span, "the builtin needs an integer argument"));
        }
        let value = self.rvalue(&v, span)?;
        self.convert(value, &v.ty, &CType::Int(kind), span)
    }

    /// `clz`, `ctz`, `popcount`, `parity` or `ffs` of `x`, as an `i32`.
    fn bit_count(&mut self, op: BitCount, x: nissecc_midend::ir::Value) -> nissecc_midend::ir::Value {
        let ty = self.value_type(x);
        let count = match op {
            BitCount::Clz => self.unary(UnaryOp::Clz, x, ty),
            BitCount::Ctz => self.unary(UnaryOp::Ctz, x, ty),
            BitCount::Popcount => self.unary(UnaryOp::Popcnt, x, ty),
            BitCount::Parity => {
                let ones = self.unary(UnaryOp::Popcnt, x, ty);
                let one = self.iconst(ty, 1);
                self.binary(BinaryOp::Band, ones, one)
            }
            BitCount::Ffs => {
                // One plus the index of the lowest set bit, or 0 for 0:
                // `(ctz(x) + 1) & -(x != 0)`.
                let zeros = self.unary(UnaryOp::Ctz, x, ty);
                let one = self.iconst(ty, 1);
                let index = self.binary(BinaryOp::Iadd, zeros, one);
                let zero = self.iconst(ty, 0);
                let nonzero = self.icmp(IntCC::Ne, x, zero);
                let nonzero = self.unary(UnaryOp::Uextend, nonzero, ty);
                let mask = self.unary(UnaryOp::Ineg, nonzero, ty);
                self.binary(BinaryOp::Band, index, mask)
            }
        };
        self.resize_int(count, ty, Type::I32, false)
    }

    /// `isnan`, `isinf_sign` (±1 or 0), `isinf`, `isfinite` and `signbit`
    /// of a value `x` of floating type `ty`, as an `i32`. Built from the
    /// language's own subtraction and comparisons, so that a `long double`
    /// takes its x87 path through them.
    fn float_classification(&mut self, which: &str, x: nissecc_midend::ir::Value, ty: &CType, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        use lang_c::ast::BinaryOperator as B;
        let operand = |v| Operand { ty: ty.clone(), place: Place::Value(v) };
        let as_i32 = |this: &mut Self, b| this.unary(UnaryOp::Uextend, b, Type::I32);
        Ok(match which {
            "isnan" => {
                let c = self.compare_i8(B::NotEquals, operand(x), operand(x), span)?;
                as_i32(self, c)
            }
            "signbit" => self.sign_bit(x, ty),
            "isfinite" => {
                // x - x is 0 exactly when x is finite.
                let (_, d) = self.arithmetic(B::Minus, operand(x), operand(x), span)?;
                let zero = self.float_constant(0.0, ty);
                let c = self.compare_i8(B::Equals, operand(d), operand(zero), span)?;
                as_i32(self, c)
            }
            _ => {
                let inf = self.float_constant(f64::INFINITY, ty);
                let neg_inf = self.float_constant(f64::NEG_INFINITY, ty);
                let pos = self.compare_i8(B::Equals, operand(x), operand(inf), span)?;
                let neg = self.compare_i8(B::Equals, operand(x), operand(neg_inf), span)?;
                let pos = as_i32(self, pos);
                let neg = as_i32(self, neg);
                if which == "isinf" {
                    self.binary(BinaryOp::Bor, pos, neg)
                } else {
                    self.binary(BinaryOp::Isub, pos, neg)
                }
            }
        })
    }

    /// `isgreater`, `isgreaterequal`, `isless`, `islessequal`,
    /// `islessgreater` and `isunordered` of `a` and `b`, as an `i32`: the
    /// comparisons, which are false when either is a NaN.
    fn float_relation(&mut self, which: &str, a: Operand, b: Operand, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        use lang_c::ast::BinaryOperator as B;
        let (first, second) = match which {
            "isgreater" => (B::Greater, None),
            "isgreaterequal" => (B::GreaterOrEqual, None),
            "isless" => (B::Less, None),
            "islessequal" => (B::LessOrEqual, None),
            "islessgreater" => (B::Less, Some(B::Greater)),
            _ => {
                // Unordered: either is a NaN, unequal to itself.
                let x = self.compare_i8(B::NotEquals, a.clone(), a, span)?;
                let y = self.compare_i8(B::NotEquals, b.clone(), b, span)?;
                let either = self.binary(BinaryOp::Bor, x, y);
                return Ok(self.unary(UnaryOp::Uextend, either, Type::I32));
            }
        };
        let mut r = self.compare_i8(first, a.clone(), b.clone(), span)?;
        if let Some(op) = second {
            let other = self.compare_i8(op, a, b, span)?;
            r = self.binary(BinaryOp::Bor, r, other);
        }
        Ok(self.unary(UnaryOp::Uextend, r, Type::I32))
    }

    /// The classes of `fpclassify` of a value `x` of floating type `ty`,
    /// in its argument order (NaN, infinite, normal, subnormal, zero), as
    /// `i32` flags of which exactly one is 1.
    fn float_classes(&mut self, x: nissecc_midend::ir::Value, ty: &CType, span: Span) -> LowerResult<[nissecc_midend::ir::Value; 5]> {
        use lang_c::ast::BinaryOperator as B;
        let operand = |v| Operand { ty: ty.clone(), place: Place::Value(v) };
        let nan = self.float_classification("isnan", x, ty, span)?;
        let inf = self.float_classification("isinf", x, ty, span)?;
        let zero = self.float_constant(0.0, ty);
        let is_zero = self.compare_i8(B::Equals, operand(x), operand(zero), span)?;
        let is_zero = self.unary(UnaryOp::Uextend, is_zero, Type::I32);
        // Normal: at least the smallest normal number in magnitude, and
        // finite (a NaN compares false).
        let min = match ty {
            // LDBL_MIN: exponent 1, the integer bit set.
            CType::LongDouble => self.x87_constant(X80([0, 0, 0, 0, 0, 0, 0, 0x80, 1, 0])),
            CType::Float => self.float_constant(f32::MIN_POSITIVE as f64, ty),
            _ => self.float_constant(f64::MIN_POSITIVE, ty),
        };
        let (_, neg_min) = self.arithmetic(B::Minus, operand(zero), operand(min), span)?;
        let above = self.compare_i8(B::GreaterOrEqual, operand(x), operand(min), span)?;
        let below = self.compare_i8(B::LessOrEqual, operand(x), operand(neg_min), span)?;
        let large = self.binary(BinaryOp::Bor, above, below);
        let large = self.unary(UnaryOp::Uextend, large, Type::I32);
        let one = self.iconst(Type::I32, 1);
        let finite = self.binary(BinaryOp::Bxor, inf, one);
        let normal = self.binary(BinaryOp::Band, large, finite);
        let mut subnormal = one;
        for flag in [nan, inf, normal, is_zero] {
            subnormal = self.binary(BinaryOp::Isub, subnormal, flag);
        }
        Ok([nan, inf, normal, subnormal, is_zero])
    }

    /// The value of a floating constant of type `ty` (a `long double` is
    /// the address of its object).
    fn float_constant(&mut self, value: f64, ty: &CType) -> nissecc_midend::ir::Value {
        match ty {
            CType::LongDouble => self.x87_constant(X80::from_f64(value)),
            _ => {
                let ir_ty = ty.ir_type().expect("a float type");
                self.fconst(ir_ty, value)
            }
        }
    }

    /// The sign bit of a floating value of type `ty`, as an `i32` 0/1.
    fn sign_bit(&mut self, x: nissecc_midend::ir::Value, ty: &CType) -> nissecc_midend::ir::Value {
        let (bits, int_ty) = match ty {
            // The sign is the top bit of the tenth byte.
            CType::LongDouble => (self.emit(InstData::Load { addr: x, offset: 9 }, Type::I8), Type::I8),
            CType::Float => (self.unary(UnaryOp::Bitcast, x, Type::I32), Type::I32),
            _ => (self.unary(UnaryOp::Bitcast, x, Type::I64), Type::I64),
        };
        let shift = self.iconst(int_ty, int_ty.bits() as i64 - 1);
        let sign = self.binary(BinaryOp::Ushr, bits, shift);
        self.resize_int(sign, int_ty, Type::I32, false)
    }

    /// A GNU statement expression `({ ...; e; })`: its value is that of
    /// the last expression statement.
    pub fn lower_statement_expression(&mut self, stmt: &Node<lang_c::ast::Statement>, span: Span) -> LowerResult<Operand> {
        use lang_c::ast::{BlockItem, Statement};
        let Statement::Compound(items) = &stmt.node else {
            return Err(Diagnostic::unsupported(span, "statement expression"));
        };
        self.scopes.push();
        let result = (|| {
            let Some((last, rest)) = items.split_last() else {
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            };
            self.lower_block_items(rest)?;
            match &last.node {
                BlockItem::Statement(Node { node: Statement::Expression(Some(e)), .. }) => {
                    let op = self.lower_expr(e)?;
                    if op.ty.is_scalar() {
                        if let Place::Addr(_) = op.place {
                            let v = self.rvalue(&op, e.span)?;
                            return Ok(Operand { ty: op.ty, place: Place::Value(v) });
                        }
                    }
                    Ok(op)
                }
                _ => {
                    self.lower_block_items(std::slice::from_ref(last))?;
                    Ok(Operand { ty: CType::Void, place: Place::Void })
                }
            }
        })();
        self.scopes.pop();
        result
    }
}

/// The bit-counting builtins.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BitCount {
    Clz,
    Ctz,
    Popcount,
    Parity,
    Ffs,
}

/// The operation a bit-counting builtin's name selects, and its width
/// suffix (`""`, `"l"` or `"ll"`).
fn bit_count_operation(base: &str) -> (BitCount, &str) {
    for (prefix, op) in [("clz", BitCount::Clz), ("ctz", BitCount::Ctz), ("popcount", BitCount::Popcount), ("parity", BitCount::Parity), ("ffs", BitCount::Ffs)] {
        if let Some(suffix) = base.strip_prefix(prefix) {
            return (op, suffix);
        }
    }
    unreachable!("the caller matched the name")
}
