//! `long double` values: the x87 80-bit extended format, as gcc uses it on
//! x86-64 (psABI §3.1.2: 16 bytes, 16-byte aligned, 10 significant).
//!
//! Neither the IR nor Cranelift has an 80-bit type, so a `long double`
//! value is an object in memory and an operand of the type holds its
//! address, like a struct: `rvalue` yields the address, and every result
//! goes to a fresh 16-byte temporary. Arithmetic, negation, comparison and
//! conversions call the backend's x87 helpers (`__nissecc_x87_add` and
//! kin, see `nissecc_backend`'s `x87` module), which compute with the x87
//! unit exactly as gcc's code does. Across calls a `long double` travels
//! as System V says: in memory as an argument (a MEMORY aggregate) and in
//! `%st(0)` as a result (`Aggregate::x87`), which the backend handles.
//! Constants are folded with the host's x87 unit (`extended_float`) and
//! placed in read-only data.

use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::extended_float::X80;
use crate::types::{CType, IntKind};
use lang_c::ast::BinaryOperator;
use lang_c::span::Span;
use nissecc_midend::ir::{DataObject, InstData, IntCC, Signature, Type, UnaryOp, Value};

impl Lowerer {
    /// The address of a read-only object holding the constant `value`.
    pub fn x87_constant(&mut self, value: X80) -> Value {
        let symbol = self.fresh_symbol(".ldconst");
        let mut object = DataObject::read_only(symbol.clone(), value.object_bytes().to_vec());
        object.align = 16;
        self.put_data(object);
        self.emit(InstData::SymbolAddr { symbol, offset: 0 }, Type::PTR)
    }

    /// Calls the helper `__nissecc_x87_<name>`.
    fn x87_helper(&mut self, name: &str, params: Vec<Type>, ret: Option<Type>, args: Vec<Value>) -> Option<Value> {
        self.call_helper(&format!("__nissecc_x87_{name}"), Signature::scalars(params, ret, false), args)
    }

    /// `a op b` for `+ - * /`, into a fresh temporary.
    pub fn x87_arithmetic(&mut self, op: &BinaryOperator, a: Value, b: Value, span: Span) -> LowerResult<Value> {
        let name = match op {
            BinaryOperator::Plus => "add",
            BinaryOperator::Minus => "sub",
            BinaryOperator::Multiply => "mul",
            BinaryOperator::Divide => "div",
            _ => return Err(Diagnostic::error_at(span, "invalid operands to binary expression ('long double')")),
        };
        let dst = self.sixteen_byte_temporary();
        self.x87_helper(name, vec![Type::PTR; 3], None, vec![dst, a, b]);
        Ok(dst)
    }

    /// `-a`, into a fresh temporary.
    pub fn x87_negate(&mut self, a: Value) -> Value {
        let dst = self.sixteen_byte_temporary();
        self.x87_helper("neg", vec![Type::PTR; 2], None, vec![dst, a]);
        dst
    }

    /// A comparison of two `long double`s as an `i8` 0/1, with C's
    /// treatment of NaNs (only `!=` holds).
    pub fn x87_compare(&mut self, op: &BinaryOperator, a: Value, b: Value) -> Value {
        // The helper's code: 0 equal, 1 less, 2 greater, 3 unordered.
        let code = self.x87_helper("cmp", vec![Type::PTR; 2], Some(Type::I32), vec![a, b]).expect("cmp returns");
        let (cond, k) = match op {
            BinaryOperator::Less => (IntCC::Eq, 1),
            BinaryOperator::Greater => (IntCC::Eq, 2),
            BinaryOperator::LessOrEqual => (IntCC::Ule, 1),
            BinaryOperator::Equals => (IntCC::Eq, 0),
            BinaryOperator::NotEquals => (IntCC::Ne, 0),
            _ => {
                // `>=`: equal or greater, the codes whose bit 0 is clear,
                // other than 3.
                let two = self.iconst(Type::I32, 2);
                let or = self.binary(nissecc_midend::ir::BinaryOp::Bor, code, two);
                return self.icmp(IntCC::Eq, or, two);
            }
        };
        let k = self.iconst(Type::I32, k);
        self.icmp(cond, code, k)
    }

    /// `a != 0` as an `i8` 0/1.
    pub fn x87_truth(&mut self, a: Value) -> Value {
        let zero = self.x87_constant(X80::from_i64(0));
        self.x87_compare(&BinaryOperator::NotEquals, a, zero)
    }

    /// Converts the scalar `v` of type `from` to a `long double`
    /// temporary.
    pub fn x87_from_scalar(&mut self, v: Value, from: &CType, span: Span) -> LowerResult<Value> {
        let dst = self.sixteen_byte_temporary();
        match from {
            CType::Float => self.x87_helper("from_f32", vec![Type::PTR, Type::F32], None, vec![dst, v]),
            CType::Double => self.x87_helper("from_f64", vec![Type::PTR, Type::F64], None, vec![dst, v]),
            CType::Int(IntKind::ULong | IntKind::ULongLong) => {
                self.x87_helper("from_u64", vec![Type::PTR, Type::I64], None, vec![dst, v])
            }
            CType::Int(_) => {
                let ty = self.value_type(v);
                let wide = self.resize_int(v, ty, Type::I64, from.is_signed_int());
                self.x87_helper("from_i64", vec![Type::PTR, Type::I64], None, vec![dst, wide])
            }
            other => {
                return Err(Diagnostic::error_at(span, format!("cannot convert '{}' to 'long double'", self.types.describe(other))))
            }
        };
        Ok(dst)
    }

    /// Converts the `long double` at `a` to the scalar type `to`.
    pub fn x87_to_scalar(&mut self, a: Value, to: &CType, span: Span) -> LowerResult<Value> {
        Ok(match to {
            CType::Float => self.x87_helper("to_f32", vec![Type::PTR], Some(Type::F32), vec![a]).expect("returns"),
            CType::Double => self.x87_helper("to_f64", vec![Type::PTR], Some(Type::F64), vec![a]).expect("returns"),
            CType::Int(IntKind::Bool) => self.x87_truth(a),
            CType::Int(IntKind::ULong | IntKind::ULongLong) => {
                self.x87_helper("to_u64", vec![Type::PTR], Some(Type::I64), vec![a]).expect("returns")
            }
            CType::Int(k) => {
                let wide = self.x87_helper("to_i64", vec![Type::PTR], Some(Type::I64), vec![a]).expect("returns");
                let ty = Type::int_with_bytes(k.size()).expect("an integer type");
                if ty == Type::I64 { wide } else { self.unary(UnaryOp::Ireduce, wide, ty) }
            }
            other => {
                return Err(Diagnostic::error_at(span, format!("cannot convert 'long double' to '{}'", self.types.describe(other))))
            }
        })
    }
}
