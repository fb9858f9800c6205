//! Value types of the IR.
//!
//! The IR is typed like Cranelift IR: integers of 8, 16, 32 and 64 bits and
//! IEEE floats of 32 and 64 bits. Pointers are `i64` (the only target is
//! x86-64), and comparison results are `i8` holding 0 or 1. Signedness is
//! not part of a type: it lives in the opcodes (`sdiv`/`udiv`, `slt`/`ult`,
//! `sextend`/`uextend`), as in Cranelift and LLVM.

use super::abi::Aggregate;
use std::fmt;

/// The type of an SSA value, a block parameter or a memory access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Type {
    /// The pointer-sized integer type of the target.
    pub const PTR: Type = Type::I64;

    /// Size in bytes of a value of this type in memory.
    pub fn bytes(self) -> u32 {
        match self {
            Type::I8 => 1,
            Type::I16 => 2,
            Type::I32 | Type::F32 => 4,
            Type::I64 | Type::F64 => 8,
        }
    }

    /// Width in bits.
    pub fn bits(self) -> u32 {
        self.bytes() * 8
    }

    pub fn is_int(self) -> bool {
        !self.is_float()
    }

    pub fn is_float(self) -> bool {
        matches!(self, Type::F32 | Type::F64)
    }

    /// The integer type of the given width in bytes, if there is one.
    pub fn int_with_bytes(bytes: u32) -> Option<Type> {
        match bytes {
            1 => Some(Type::I8),
            2 => Some(Type::I16),
            4 => Some(Type::I32),
            8 => Some(Type::I64),
            _ => None,
        }
    }

    /// Parses the text-format name of a type (`i32`, `f64`, ...).
    pub fn from_name(name: &str) -> Option<Type> {
        Some(match name {
            "i8" => Type::I8,
            "i16" => Type::I16,
            "i32" => Type::I32,
            "i64" => Type::I64,
            "f32" => Type::F32,
            "f64" => Type::F64,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Type::I8 => "i8",
            Type::I16 => "i16",
            Type::I32 => "i32",
            Type::I64 => "i64",
            Type::F32 => "f32",
            Type::F64 => "f64",
        }
    }

    /// The smallest and largest values of this integer type, read as
    /// signed or as unsigned numbers.
    pub fn int_range(self, signed: bool) -> (i128, i128) {
        let bits = self.bits();
        if signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        }
    }

    /// Truncates `imm` to this integer width and sign-extends it back to
    /// 64 bits: the canonical form in which `iconst` immediates are stored.
    pub fn canonical_imm(self, imm: i64) -> i64 {
        match self {
            Type::I8 => imm as i8 as i64,
            Type::I16 => imm as i16 as i64,
            Type::I32 => imm as i32 as i64,
            _ => imm,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A function signature. `variadic` marks a function such as `printf`
/// that takes further arguments after `params`; a variadic definition's
/// entry block also receives the free argument registers (see `varargs`).
///
/// Structs and unions travel by address in the IR (see `abi`): an
/// argument listed in `by_value` is the address of an object the callee
/// receives a copy of, and when `by_value_result` is set, `params[0]` is
/// the address the result is written to and `ret` is `None`. Their
/// `Aggregate`s tell the backend how the System V ABI passes the bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Signature {
    pub params: Vec<Type>,
    pub ret: Option<Type>,
    pub variadic: bool,
    /// The arguments that are structs or unions passed by value, by
    /// argument index, in increasing order. In a variadic call the index
    /// may pass `params`, for a further argument.
    pub by_value: Vec<(usize, Aggregate)>,
    /// A struct or union result, written through `params[0]`.
    pub by_value_result: Option<Aggregate>,
}

impl Signature {
    /// A signature of scalars only.
    pub fn scalars(params: Vec<Type>, ret: Option<Type>, variadic: bool) -> Signature {
        Signature { params, ret, variadic, ..Signature::default() }
    }

    /// The aggregate that argument `index` is the address of, if it is one.
    pub fn aggregate_argument(&self, index: usize) -> Option<&Aggregate> {
        self.by_value.iter().find(|(i, _)| *i == index).map(|(_, a)| a)
    }

    /// True when both signatures pass their fixed parameters and result
    /// alike: the same types and the same aggregates.
    pub fn same_fixed_abi(&self, other: &Signature) -> bool {
        let fixed = |sig: &Signature| -> Vec<(usize, Aggregate)> {
            sig.by_value.iter().filter(|(i, _)| *i < sig.params.len()).cloned().collect()
        };
        self.params == other.params
            && self.ret == other.ret
            && self.by_value_result == other.by_value_result
            && fixed(self) == fixed(other)
    }
}
