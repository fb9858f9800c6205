//! Messages built without `core::fmt`, so that the profiling runtime, which
//! links this crate into every instrumented program, carries no formatting
//! machinery (issue 18): a message is a list of [`Piece`]s, text and
//! numbers, appended as bytes. The tools get the same text through
//! `Display`, which [`crate::FormatError`] implements on top of this.

use alloc::string::String;
use alloc::vec::Vec;

/// One piece of a message.
#[derive(Clone, Copy, Debug)]
pub enum Piece<'a> {
    /// Text, as it is.
    Str(&'a str),
    /// Bytes, as they are (a file name, which need not be UTF-8).
    Bytes(&'a [u8]),
    /// A number in decimal.
    Dec(u64),
    /// A number in hexadecimal with a `0x` prefix and no padding
    /// (`{:#x}`).
    Hex(u64),
    /// A number in hexadecimal with a `0x` prefix, padded to 16 digits
    /// (`{:#018x}`).
    Hex64(u64),
}

/// Appends `pieces` to `out`.
pub fn push(out: &mut Vec<u8>, pieces: &[Piece<'_>]) {
    for piece in pieces {
        match *piece {
            Piece::Str(text) => out.extend_from_slice(text.as_bytes()),
            Piece::Bytes(bytes) => out.extend_from_slice(bytes),
            Piece::Dec(value) => push_digits(out, value, 10, 1),
            Piece::Hex(value) => {
                out.extend_from_slice(b"0x");
                push_digits(out, value, 16, 1);
            }
            Piece::Hex64(value) => {
                out.extend_from_slice(b"0x");
                push_digits(out, value, 16, 16);
            }
        }
    }
}

/// `pieces` as a string (bytes that are not UTF-8 become U+FFFD).
pub fn concat(pieces: &[Piece<'_>]) -> String {
    let mut out = Vec::new();
    push(&mut out, pieces);
    match String::from_utf8(out) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    }
}

/// Appends `value` in `base` (10 or 16, lower-case digits), with at least
/// `min_digits` digits.
fn push_digits(out: &mut Vec<u8>, mut value: u64, base: u64, min_digits: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    while value != 0 || digits.len() - start < min_digits {
        start -= 1;
        digits[start] = b"0123456789abcdef"[(value % base) as usize];
        value /= base;
    }
    out.extend_from_slice(&digits[start..]);
}

#[cfg(test)]
mod tests {
    use super::{concat, Piece::*};
    use alloc::format;

    #[test]
    fn numbers_read_as_core_fmt_writes_them() {
        for value in [0, 1, 9, 10, 255, 4096, 0xdead_beef, u64::MAX - 1, u64::MAX] {
            assert_eq!(concat(&[Dec(value), Str(" "), Hex(value), Str(" "), Hex64(value)]), format!("{value} {value:#x} {value:#018x}"));
        }
        assert_eq!(concat(&[Str("a"), Bytes(b"\xffb")]), "a\u{fffd}b");
    }
}
