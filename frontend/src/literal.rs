//! Integer, floating, character and string literals (C11 §6.4.4, §6.4.5):
//! their values and types.

use crate::types::{CType, IntKind};
use lang_c::ast::{Constant, Float, FloatBase, FloatFormat, Integer, IntegerBase, IntegerSize};

/// The value of a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralValue {
    Int(i64, CType),
    Float(f64, CType),
}

/// Evaluates a lang-c constant, or says why it is outside the subset.
pub fn constant_value(c: &Constant) -> Result<LiteralValue, String> {
    match c {
        Constant::Integer(i) => integer_value(i),
        Constant::Float(f) => float_value(f),
        Constant::Character(s) => character_value(s),
    }
}

/// The type of an integer constant is the first of its candidate list
/// that can represent it (C11 §6.4.4.1p5).
fn integer_value(i: &Integer) -> Result<LiteralValue, String> {
    if i.suffix.imaginary {
        return Err("imaginary constant".into());
    }
    let radix = match i.base {
        IntegerBase::Decimal => 10,
        IntegerBase::Octal => 8,
        IntegerBase::Hexadecimal => 16,
        IntegerBase::Binary => 2,
    };
    let digits = i.number.trim_start_matches("0x").trim_start_matches("0X").trim_start_matches("0b");
    let digits = if digits.is_empty() { "0" } else { digits };
    let value = u64::from_str_radix(digits, radix).map_err(|_| "integer constant is too large".to_string())?;
    let decimal = matches!(i.base, IntegerBase::Decimal);
    let candidates: &[IntKind] = match (i.suffix.size, i.suffix.unsigned) {
        (IntegerSize::Int, false) if decimal => &[IntKind::Int, IntKind::Long],
        (IntegerSize::Int, false) => &[IntKind::Int, IntKind::UInt, IntKind::Long, IntKind::ULong],
        (IntegerSize::Int, true) => &[IntKind::UInt, IntKind::ULong],
        (IntegerSize::Long, false) if decimal => &[IntKind::Long],
        (IntegerSize::Long, false) => &[IntKind::Long, IntKind::ULong],
        (IntegerSize::Long, true) => &[IntKind::ULong],
        (IntegerSize::LongLong, false) if decimal => &[IntKind::LongLong],
        (IntegerSize::LongLong, false) => &[IntKind::LongLong, IntKind::ULongLong],
        (IntegerSize::LongLong, true) => &[IntKind::ULongLong],
    };
    for &kind in candidates {
        let fits = match (kind.size(), kind.is_signed()) {
            (4, true) => value <= i32::MAX as u64,
            (4, false) => value <= u32::MAX as u64,
            (_, true) => value <= i64::MAX as u64,
            _ => true,
        };
        if fits {
            return Ok(LiteralValue::Int(value as i64, CType::Int(kind)));
        }
    }
    // GCC gives too-large decimal constants an unsigned type.
    Ok(LiteralValue::Int(value as i64, CType::Int(IntKind::ULong)))
}

fn float_value(f: &Float) -> Result<LiteralValue, String> {
    if f.suffix.imaginary {
        return Err("imaginary constant".into());
    }
    let value = match f.base {
        FloatBase::Decimal => f.number.parse::<f64>().map_err(|_| "malformed floating constant".to_string())?,
        FloatBase::Hexadecimal => parse_hex_float(&f.number).ok_or("malformed hexadecimal floating constant")?,
    };
    match f.suffix.format {
        FloatFormat::Float => Ok(LiteralValue::Float(value as f32 as f64, CType::Float)),
        FloatFormat::Double => Ok(LiteralValue::Float(value, CType::Double)),
        // A `long double` constant is read as `double`: the subset has no
        // `long double` arithmetic, but headers write constants such as
        // `DBL_MIN` as `(double)2.2e-308L`.
        FloatFormat::LongDouble => Ok(LiteralValue::Float(value, CType::Double)),
        FloatFormat::TS18661Format(_) => Err("_FloatN constant".into()),
    }
}

/// Parses the digits of a hexadecimal float such as `1.8p3` (the `0x`
/// prefix may or may not be present).
fn parse_hex_float(text: &str) -> Option<f64> {
    let text = text.trim_start_matches("0x").trim_start_matches("0X");
    let (mantissa, exponent) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = 0f64;
    for c in int_part.chars() {
        value = value * 16.0 + c.to_digit(16)? as f64;
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        value += c.to_digit(16)? as f64 * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(exponent))
}

/// A character constant has type `int`; a multi-character constant is
/// outside the subset.
fn character_value(token: &str) -> Result<LiteralValue, String> {
    if token.starts_with(['L', 'u', 'U']) {
        return Err("wide character constant".into());
    }
    let inner = token.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).ok_or("malformed character constant")?;
    let bytes = unescape(inner)?;
    match bytes.as_slice() {
        [b] => Ok(LiteralValue::Int(*b as i8 as i64, CType::INT)),
        _ => Err("multi-character constant".into()),
    }
}

/// The bytes of a string literal made of adjacent tokens, without the
/// terminating NUL.
pub fn string_literal_bytes(tokens: &[String]) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    for token in tokens {
        if token.starts_with(['L', 'u', 'U']) {
            return Err("wide string literal".into());
        }
        let inner = token.strip_prefix('"').and_then(|t| t.strip_suffix('"')).ok_or("malformed string literal")?;
        bytes.extend(unescape(inner)?);
    }
    Ok(bytes)
}

/// Decodes the escape sequences of C11 §6.4.4.4.
fn unescape(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        i += 1;
        let c = *bytes.get(i).ok_or("incomplete escape sequence")?;
        i += 1;
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'e' => out.push(27),
            b'\\' | b'\'' | b'"' | b'?' => out.push(c),
            b'x' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                    i += 1;
                }
                let value = u32::from_str_radix(&s[start..i], 16).map_err(|_| "malformed hex escape")?;
                out.push(value as u8);
            }
            b'0'..=b'7' => {
                let start = i - 1;
                while i < bytes.len() && i < start + 3 && (b'0'..=b'7').contains(&bytes[i]) {
                    i += 1;
                }
                out.push(u32::from_str_radix(&s[start..i], 8).map_err(|_| "malformed octal escape")? as u8);
            }
            other => return Err(format!("unknown escape sequence '\\{}'", other as char)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode() {
        assert_eq!(unescape(r"a\n\x41\101\0").unwrap(), b"a\nAA\0");
    }

    #[test]
    fn hex_floats_parse() {
        assert_eq!(parse_hex_float("0x1.8p1"), Some(3.0));
    }
}
