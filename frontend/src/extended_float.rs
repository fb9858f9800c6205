//! `long double` constants: values of the x87 80-bit extended format,
//! computed at compile time with the x87 unit of the machine nissecc runs
//! on (an x86-64, like its target), so that constant folding rounds as the
//! program's own x87 code and gcc's folding do. Decimal and hexadecimal
//! literals are read by the C library's `strtold` (through `sscanf`'s
//! `%Lf`), which rounds correctly, as gcc does.

use std::arch::asm;
use std::ffi::CString;

/// An 80-bit extended value: its ten bytes, little-endian.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct X80(pub [u8; 10]);

/// The operations the x87 unit folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum X80Op {
    Add,
    Sub,
    Mul,
    Div,
}

extern "C" {
    fn sscanf(s: *const std::ffi::c_char, format: *const std::ffi::c_char, ...) -> std::ffi::c_int;
}

impl X80 {
    /// The value of a floating literal's text (`1.5`, `0x1.8p3`, `1e-4000`).
    pub fn parse(text: &str) -> Option<X80> {
        let text = CString::new(text).ok()?;
        let mut bytes = [0u8; 16];
        let mut consumed: std::ffi::c_int = 0;
        // SAFETY: `%Lf` stores a `long double` (16 bytes on x86-64) into
        // `bytes`, `%n` an int into `consumed`; both strings are
        // NUL-terminated.
        let read = unsafe { sscanf(text.as_ptr(), c"%Lf%n".as_ptr(), bytes.as_mut_ptr(), &mut consumed) };
        (read == 1 && consumed as usize == text.as_bytes().len()).then(|| X80::from_memory(&bytes))
    }

    fn from_memory(bytes: &[u8; 16]) -> X80 {
        let mut ten = [0u8; 10];
        ten.copy_from_slice(&bytes[..10]);
        X80(ten)
    }

    /// The 16 bytes of a `long double` object holding this value.
    pub fn object_bytes(self) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        bytes[..10].copy_from_slice(&self.0);
        bytes
    }

    pub fn from_f64(value: f64) -> X80 {
        let mut out = [0u8; 16];
        // SAFETY: reads eight bytes at `value`, writes ten at `out`.
        unsafe {
            asm!("fld qword ptr [{v}]", "fstp tbyte ptr [{o}]",
                v = in(reg) &value, o = in(reg) out.as_mut_ptr(),
                out("st(0)") _, options(nostack));
        }
        X80::from_memory(&out)
    }

    pub fn from_i64(value: i64) -> X80 {
        let mut out = [0u8; 16];
        // SAFETY: reads eight bytes at `value`, writes ten at `out`.
        unsafe {
            asm!("fild qword ptr [{v}]", "fstp tbyte ptr [{o}]",
                v = in(reg) &value, o = in(reg) out.as_mut_ptr(),
                out("st(0)") _, options(nostack));
        }
        X80::from_memory(&out)
    }

    /// An unsigned value: exact, since the format has 64 significant bits.
    pub fn from_u64(value: u64) -> X80 {
        if value <= i64::MAX as u64 {
            return X80::from_i64(value as i64);
        }
        let half = X80::from_i64((value >> 1) as i64);
        let doubled = half.binary(X80Op::Add, half);
        doubled.binary(X80Op::Add, X80::from_i64((value & 1) as i64))
    }

    /// Rounded to nearest, as a conversion to `double` is.
    pub fn to_f64(self) -> f64 {
        let bytes = self.object_bytes();
        let mut out = 0f64;
        // SAFETY: reads ten bytes at `bytes`, writes eight at `out`.
        unsafe {
            asm!("fld tbyte ptr [{v}]", "fstp qword ptr [{o}]",
                v = in(reg) bytes.as_ptr(), o = in(reg) &mut out,
                out("st(0)") _, options(nostack));
        }
        out
    }

    /// Rounded once to `float` (through `double` it could be rounded
    /// twice, and differently).
    pub fn to_f32(self) -> f32 {
        let bytes = self.object_bytes();
        let mut out = 0f32;
        // SAFETY: reads ten bytes at `bytes`, writes four at `out`.
        unsafe {
            asm!("fld tbyte ptr [{v}]", "fstp dword ptr [{o}]",
                v = in(reg) bytes.as_ptr(), o = in(reg) &mut out,
                out("st(0)") _, options(nostack));
        }
        out
    }

    /// Truncated toward zero, as a conversion to an integer is.
    pub fn to_i64(self) -> i64 {
        let bytes = self.object_bytes();
        let mut out = 0i64;
        // SAFETY: reads ten bytes at `bytes`, writes eight at `out`.
        unsafe {
            asm!("fld tbyte ptr [{v}]", "fisttp qword ptr [{o}]",
                v = in(reg) bytes.as_ptr(), o = in(reg) &mut out,
                out("st(0)") _, options(nostack));
        }
        out
    }

    /// Truncated toward zero into an unsigned 64-bit integer.
    pub fn to_u64(self) -> u64 {
        let two63 = X80::from_u64(1 << 63);
        if self.compare(two63) == Some(std::cmp::Ordering::Less) {
            return self.to_i64() as u64;
        }
        (self.binary(X80Op::Sub, two63).to_i64() as u64) ^ (1 << 63)
    }

    pub fn negate(self) -> X80 {
        let mut bytes = self.0;
        bytes[9] ^= 0x80;
        X80(bytes)
    }

    pub fn is_zero(self) -> bool {
        self.0[..9].iter().all(|&b| b == 0) && self.0[9] & 0x7f == 0
    }

    /// `self op other`, rounded as the x87 unit rounds (to 64 bits of
    /// significand, nearest-even).
    pub fn binary(self, op: X80Op, other: X80) -> X80 {
        let (a, b) = (self.object_bytes(), other.object_bytes());
        let mut out = [0u8; 16];
        // The operation's encoding, written as bytes so that no assembler
        // can swap the operands of the non-commutative ones:
        // f{add,mul,sub,div}p %st, %st(1), whose result is st(1) op st(0).
        macro_rules! fold {
            ($opcode:literal) => {
                // SAFETY: reads ten bytes at `a` and `b`, writes ten at
                // `out`; the x87 stack is left as it was.
                unsafe {
                    asm!("fld tbyte ptr [{a}]", "fld tbyte ptr [{b}]", concat!(".byte 0xde, ", $opcode), "fstp tbyte ptr [{o}]",
                        a = in(reg) a.as_ptr(), b = in(reg) b.as_ptr(), o = in(reg) out.as_mut_ptr(),
                        out("st(0)") _, out("st(1)") _, options(nostack));
                }
            };
        }
        match op {
            X80Op::Add => fold!("0xc1"),
            X80Op::Mul => fold!("0xc9"),
            X80Op::Sub => fold!("0xe9"),
            X80Op::Div => fold!("0xf9"),
        }
        X80::from_memory(&out)
    }

    /// Whether the value is a NaN: the largest exponent with a fraction
    /// (the mantissa without its explicit integer bit) other than zero.
    pub fn is_nan(self) -> bool {
        let exponent = u16::from_le_bytes([self.0[8], self.0[9]]) & 0x7fff;
        let mut mantissa = [0u8; 8];
        mantissa.copy_from_slice(&self.0[..8]);
        exponent == 0x7fff && u64::from_le_bytes(mantissa) << 1 != 0
    }

    /// The order of two values, or `None` when one is a NaN.
    pub fn compare(self, other: X80) -> Option<std::cmp::Ordering> {
        let difference = self.binary(X80Op::Sub, other);
        let exponent = u16::from_le_bytes([difference.0[8], difference.0[9]]) & 0x7fff;
        if exponent == 0x7fff && u64::from_le_bytes(difference.0[..8].try_into().expect("eight bytes")) << 1 != 0 {
            return None;
        }
        if difference.is_zero() {
            Some(std::cmp::Ordering::Equal)
        } else if difference.0[9] & 0x80 != 0 {
            Some(std::cmp::Ordering::Less)
        } else {
            Some(std::cmp::Ordering::Greater)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversion_to_float_rounds_once() {
        // 1 + 2^-24 + 2^-60 is above the midpoint of two floats, but
        // rounds to double as the midpoint itself.
        let x = X80::parse("0x1.000001000000001p0").unwrap();
        assert_eq!(x.to_f32(), 1.0 + f32::EPSILON);
        assert_eq!(x.to_f64() as f32, 1.0);
    }

    #[test]
    fn nans_are_told_from_infinities() {
        let inf = X80::from_f64(f64::INFINITY);
        assert!(!inf.is_nan() && !X80::from_f64(-1.5).is_nan());
        assert!(X80::from_f64(f64::NAN).is_nan() && inf.binary(X80Op::Sub, inf).is_nan());
    }

    #[test]
    fn literals_round_to_the_extended_format() {
        // 0.1 in the extended format: 0xCCCCCCCCCCCCCCCD * 2^-67.
        let tenth = X80::parse("0.1").unwrap();
        assert_eq!(tenth.0, [0xcd, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xfb, 0x3f]);
        assert_eq!(X80::parse("0x1.8p1").unwrap(), X80::from_f64(3.0));
        assert!(X80::parse("1.5x").is_none());
    }

    #[test]
    fn arithmetic_is_that_of_the_x87_unit() {
        let one = X80::from_i64(1);
        let three = X80::from_i64(3);
        let third = one.binary(X80Op::Div, three);
        assert_eq!(third.to_f64(), 1.0 / 3.0);
        assert_eq!(three.binary(X80Op::Sub, one).to_i64(), 2);
        assert_eq!(third.binary(X80Op::Mul, three), one);
        assert_eq!(X80::from_u64(u64::MAX).to_u64(), u64::MAX);
        assert_eq!(one.compare(three), Some(std::cmp::Ordering::Less));
        assert_eq!(one.negate().to_i64(), -1);
        assert!(X80::from_i64(0).negate().is_zero());
    }
}
