//! GCC's `packed` attribute on an enumerated type (`enum
//! __attribute__((packed)) e {…}` or `enum e {…} __attribute__((packed))`):
//! the type is the smallest integer type that holds every value, as GCC's
//! `finish_enum` picks it, instead of `int` or `unsigned int` (C11
//! §6.7.2.2p4 leaves the compatible type to the implementation). A packed
//! enum of values 0 to 200 is one byte, so structs with such members are
//! laid out as GCC lays them out.

use crate::types::IntKind;

/// The integer kind of a packed enum whose values range from `min` to
/// `max`: unsigned when no value is negative, and the narrowest of 8, 16,
/// 32 and 64 bits that represents both bounds.
pub fn smallest_kind(min: i64, max: i64) -> IntKind {
    let unsigned = min >= 0;
    let bits = if unsigned { value_bits(max) } else { value_bits(min).max(value_bits(max)) + 1 };
    match (unsigned, bits) {
        (true, 0..=8) => IntKind::UChar,
        (true, 9..=16) => IntKind::UShort,
        (true, 17..=32) => IntKind::UInt,
        (true, _) => IntKind::ULong,
        (false, 0..=8) => IntKind::SChar,
        (false, 9..=16) => IntKind::Short,
        (false, 17..=32) => IntKind::Int,
        (false, _) => IntKind::Long,
    }
}

/// The bits a value needs besides a sign bit: those of `v`, or of `!v`
/// for a negative `v` (-128 needs 7, as 127 does).
fn value_bits(v: i64) -> u32 {
    let magnitude = if v < 0 { !v } else { v };
    64 - magnitude.leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_gccs_types() {
        assert_eq!(smallest_kind(0, 0), IntKind::UChar);
        assert_eq!(smallest_kind(0, 255), IntKind::UChar);
        assert_eq!(smallest_kind(0, 256), IntKind::UShort);
        assert_eq!(smallest_kind(-128, 127), IntKind::SChar);
        assert_eq!(smallest_kind(-1, 128), IntKind::Short);
        assert_eq!(smallest_kind(-32769, 0), IntKind::Int);
        assert_eq!(smallest_kind(0, 70000), IntKind::UInt);
        assert_eq!(smallest_kind(0, 1 << 40), IntKind::ULong);
        assert_eq!(smallest_kind(i64::MIN, 0), IntKind::Long);
    }
}
