//! The types nissecc names but cannot compute with: complex types, the
//! TS 18661 types other than `_Float32`, `_Float64` and `_Float32x`,
//! the vectors of GCC's
//! intrinsic headers whose elements nissecc cannot compute with
//! (`_Float16`), and atomic types of the others. Each becomes `CType::Unsupported`
//! with the size and alignment GCC gives it on x86-64: a program may
//! declare them, take `sizeof` of them and lay out records holding them
//! (glibc's headers do, and so do programs that never touch such a
//! member), and only an operation on a value is an `unsupported:` error.
//! An unsupported type once had one size, 16, for all of them, which made
//! `sizeof(_Complex float)` and the offsets after such a member wrong.

use crate::types::{CType, TypeTable, UnsupportedType};
use lang_c::ast::{TS18661FloatFormat, TS18661FloatType};

/// The type a TS 18661 type specifier names (`_Float16` … `_Decimal128x`);
/// not `__int128`, which `crate::int128` spells as one of them and the
/// declaration specifiers resolve before.
pub fn ts18661_type(t: &TS18661FloatType) -> CType {
    use TS18661FloatFormat::*;
    let unsupported = |name, size, align| CType::Unsupported(UnsupportedType { name, size, align });
    match (&t.format, t.width) {
        (BinaryInterchange, 32) => CType::Float,
        (BinaryInterchange, 64) | (BinaryExtended, 32) => CType::Double,
        (BinaryInterchange, 16) => unsupported("_Float16", 2, 2),
        (BinaryInterchange, _) => unsupported("_Float128", 16, 16),
        // GCC's `_Float64x` is the x87 format of `long double`.
        (BinaryExtended, 64) => unsupported("_Float64x", 16, 16),
        // GCC has no `_Float128x` on x86-64; this is the smallest size the
        // standard allows.
        (BinaryExtended, _) => unsupported("_Float128x", 16, 16),
        (DecimalInterchange, 32) => unsupported("_Decimal32", 4, 4),
        (DecimalInterchange, 64) => unsupported("_Decimal64", 8, 8),
        (DecimalInterchange, _) => unsupported("_Decimal128", 16, 16),
        (DecimalExtended, _) => unsupported("_DecimalNx", 16, 16),
    }
}

/// A GCC vector type of `size` bytes declared in a system header with
/// `__attribute__((vector_size(N)))` on an element type outside the
/// subset (`__v8hf`, of `_Float16`), aligned to its size as GCC aligns it;
/// the others are real vectors (see `vectors`).
pub fn vector(size: u64) -> CType {
    CType::Unsupported(UnsupportedType { name: "vector types", size, align: size.max(1) })
}

/// `_Atomic T` or `_Atomic(T)` of a type whose atomic operations nissecc
/// cannot perform (`_Atomic long double`; the others are
/// `atomic_objects::atomic_type`): declaring one, or pointers to it, is
/// fine; an object or a value of one is an `unsupported: _Atomic` error.
/// GCC gives an atomic type of 2, 4, 8 or 16 bytes an alignment equal to
/// its size.
pub fn atomic(ty: &CType, types: &TypeTable) -> CType {
    let size = types.size_of(ty).unwrap_or(0);
    let align = types.align_of(ty);
    let align = if matches!(size, 2 | 4 | 8 | 16) { align.max(size) } else { align };
    CType::Unsupported(UnsupportedType { name: "_Atomic", size, align })
}

/// `_Complex element`: a pair of `element`s (C11 §6.2.5p13), aligned as
/// one. Complex `float`, `double` and integers up to 64 bits are computed
/// with (see `complex`); complex `long double` and `__int128` stay
/// placeholders.
pub fn complex(element: &CType, types: &TypeTable) -> CType {
    if super::complex::is_complex_element(element) {
        return CType::Complex(std::rc::Rc::new(element.clone()));
    }
    let size = 2 * types.size_of(element).unwrap_or(8);
    let name = match element {
        CType::LongDouble => "_Complex long double",
        CType::Int128 { .. } => "_Complex __int128",
        _ => "_Complex",
    };
    CType::Unsupported(UnsupportedType { name, size, align: types.align_of(element) })
}
