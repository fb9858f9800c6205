//! Integer, floating, character and string literals (C11 §6.4.4, §6.4.5):
//! their values and types.

use crate::extended_float::X80;
use crate::types::{CType, IntKind};
use lang_c::ast::{Constant, Float, FloatBase, FloatFormat, Integer, IntegerBase, IntegerSize};

/// The value of a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralValue {
    Int(i64, CType),
    Float(f64, CType),
    /// A `long double` constant, in the x87 extended format.
    LongDouble(X80),
    /// GCC's imaginary constant (`2.0i`, `1.0fi`): the imaginary part of
    /// a complex value of this element type (`float` or `double`), whose
    /// real part is zero.
    Imaginary(f64, CType),
    /// GCC's imaginary integer constant (`2i`), of a complex integer type
    /// (`_Complex int` here).
    ImaginaryInt(i64, CType),
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
        let mut real = i.clone();
        real.suffix.imaginary = false;
        return match integer_value(&real)? {
            LiteralValue::Int(v, ty) => Ok(LiteralValue::ImaginaryInt(v, ty)),
            _ => unreachable!("an integer constant has an integer value"),
        };
    }
    let radix = match i.base {
        IntegerBase::Decimal => 10,
        IntegerBase::Octal => 8,
        IntegerBase::Hexadecimal => 16,
        IntegerBase::Binary => 2,
    };
    // lang-c has already removed the base prefix (`0x`, `0b`, the octal
    // `0`): `number` holds only the digits, which may themselves begin with
    // `0b` in a hexadecimal constant (`0x0b1d065b`).
    let digits: &str = &i.number;
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
        let mut real = f.clone();
        real.suffix.imaginary = false;
        return match float_value(&real)? {
            LiteralValue::Float(v, ty) => Ok(LiteralValue::Imaginary(v, ty)),
            _ => Err("_Complex long double values (an imaginary long double constant)".into()),
        };
    }
    // A TS 18661 suffix (`1.0f32`, `2.5f64`, `1f32x`) names a type; the
    // ones nissecc computes with are `float` and `double`.
    let format = match &f.suffix.format {
        FloatFormat::TS18661Format(t) => match crate::lower::ts18661_type(t) {
            CType::Float => FloatFormat::Float,
            CType::Double => FloatFormat::Double,
            CType::Unsupported(what) => return Err(format!("{} constant", what.name)),
            other => unreachable!("a TS 18661 type is float, double or unsupported, not {other:?}"),
        },
        format => format.clone(),
    };
    if format == FloatFormat::Float {
        // Rounded once, straight to float: through double a value just
        // above the midpoint of two floats can round to the midpoint.
        let value = match f.base {
            FloatBase::Decimal => f.number.parse::<f32>().ok(),
            FloatBase::Hexadecimal => X80::parse(&format!("0x{}", f.number.trim_start_matches("0x").trim_start_matches("0X"))).map(X80::to_f32),
        };
        return value.map(|v| LiteralValue::Float(v as f64, CType::Float)).ok_or_else(|| "malformed floating constant".to_string());
    }
    let value = match f.base {
        FloatBase::Decimal => f.number.parse::<f64>().map_err(|_| "malformed floating constant".to_string())?,
        FloatBase::Hexadecimal => parse_hex_float(&f.number).ok_or("malformed hexadecimal floating constant")?,
    };
    match format {
        FloatFormat::Float => unreachable!("float constants are read above"),
        FloatFormat::Double => Ok(LiteralValue::Float(value, CType::Double)),
        FloatFormat::LongDouble => {
            let text = match f.base {
                FloatBase::Decimal => f.number.to_string(),
                FloatBase::Hexadecimal => format!("0x{}", f.number.trim_start_matches("0x").trim_start_matches("0X")),
            };
            X80::parse(&text).map(LiteralValue::LongDouble).ok_or_else(|| "malformed long double constant".to_string())
        }
        FloatFormat::TS18661Format(_) => unreachable!("TS 18661 formats are mapped above"),
    }
}

/// Parses the digits of a hexadecimal float such as `1.8p3` (the `0x`
/// prefix may or may not be present), correctly rounded to nearest-even
/// like GCC: the digits are gathered exactly into 64 bits (with a sticky
/// bit for any further nonzero digit), then rounded once to the 53 bits of
/// a normal double, or fewer for a subnormal.
fn parse_hex_float(text: &str) -> Option<f64> {
    let text = text.trim_start_matches("0x").trim_start_matches("0X");
    let (mantissa, exponent) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut m: u64 = 0;
    let mut exp2 = exponent - 4 * frac_part.len() as i64;
    let mut sticky = false;
    for c in int_part.chars().chain(frac_part.chars()) {
        let digit = c.to_digit(16)? as u64;
        if m >> 60 == 0 {
            m = m * 16 + digit;
        } else {
            exp2 += 4;
            sticky |= digit != 0;
        }
    }
    if m == 0 {
        return Some(0.0);
    }
    // value = m × 2^exp2; put m's top bit at bit 63.
    let shift = m.leading_zeros();
    m <<= shift;
    exp2 -= shift as i64;
    let top = exp2 + 63;
    let mut drop = 11i64;
    if top < -1022 {
        drop += -1022 - top;
    }
    if drop > 64 {
        return Some(0.0);
    }
    let (kept, rest_bits) = if drop == 64 { (0u64, m) } else { (m >> drop, m & ((1u64 << drop) - 1)) };
    let half = 1u64 << (drop - 1);
    let round_up = rest_bits > half || (rest_bits == half && (sticky || kept & 1 == 1));
    let kept = kept + round_up as u64;
    Some(scale_by_power_of_two(kept as f64, exp2 + drop))
}

/// `value × 2^exp`, exactly when the result is representable.
fn scale_by_power_of_two(mut value: f64, mut exp: i64) -> f64 {
    while exp > 0 {
        let step = exp.min(1000);
        value *= 2f64.powi(step as i32);
        exp -= step;
    }
    while exp < 0 {
        let step = (-exp).min(1000);
        value *= 2f64.powi(-(step as i32));
        exp += step;
    }
    value
}

/// The encoding prefix of a character constant or string literal
/// (C11 §6.4.4.4, §6.4.5) and the element type it gives: `char` for none
/// or `u8`, `wchar_t` (`int` on x86-64 Linux) for `L`, `char16_t`
/// (`unsigned short`) for `u` and `char32_t` (`unsigned int`) for `U`.
fn split_prefix(token: &str) -> (CType, &str) {
    for (prefix, elem) in [("u8", CType::CHAR), ("L", CType::INT), ("u", CType::Int(IntKind::UShort)), ("U", CType::UINT)] {
        if let Some(rest) = token.strip_prefix(prefix) {
            if rest.starts_with(['\'', '"']) {
                return (elem, rest);
            }
        }
    }
    (CType::CHAR, token)
}

/// A character constant. A plain one has type `int` and the value of its
/// `char` (signed on x86-64); a multi-character constant such as `'ab'`
/// packs its bytes into an `int`, first byte highest, as GCC does. A wide
/// one (`L'x'`, `u'x'`, `U'x'`) has its element type and the code point.
fn character_value(token: &str) -> Result<LiteralValue, String> {
    let (elem, quoted) = split_prefix(token);
    let inner = quoted.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).ok_or("malformed character constant")?;
    if elem != CType::CHAR {
        let units = unescape_wide(inner)?;
        let [unit] = units.as_slice() else { return Err("multi-character wide character constant".into()) };
        let value = match elem {
            CType::Int(IntKind::UShort) => (*unit & 0xffff) as i64,
            CType::INT => *unit as i32 as i64,
            _ => *unit as i64,
        };
        return Ok(LiteralValue::Int(value, elem));
    }
    let bytes = unescape(inner)?;
    match bytes.as_slice() {
        [] => Err("empty character constant".into()),
        // A plain `char` converted to `int` (C11 §6.4.4.4p10).
        [b] if IntKind::Char.is_signed() => Ok(LiteralValue::Int(*b as i8 as i64, CType::INT)),
        [b] => Ok(LiteralValue::Int(*b as i64, CType::INT)),
        many => Ok(LiteralValue::Int(many.iter().fold(0u32, |v, &b| (v << 8) | b as u32) as i32 as i64, CType::INT)),
    }
}

/// A string literal made of adjacent tokens (C11 §6.4.5): its element
/// type and its encoded bytes, without the terminating null character.
#[derive(Clone, Debug, PartialEq)]
pub struct StringLiteral {
    pub elem: CType,
    pub bytes: Vec<u8>,
}

impl StringLiteral {
    /// The size of one element in bytes.
    pub fn elem_size(&self) -> usize {
        match &self.elem {
            CType::Int(k) => k.size() as usize,
            _ => 1,
        }
    }

    /// The number of elements, with the terminating null character.
    pub fn len_with_terminator(&self) -> u64 {
        (self.bytes.len() / self.elem_size()) as u64 + 1
    }

    /// The bytes with the terminating null character.
    pub fn bytes_with_terminator(&self) -> Vec<u8> {
        let mut bytes = self.bytes.clone();
        bytes.resize(bytes.len() + self.elem_size(), 0);
        bytes
    }
}

/// Decodes the adjacent tokens of a string literal. A token with an
/// encoding prefix makes the whole literal wide (C11 §6.4.5p5).
pub fn string_literal(tokens: &[String]) -> Result<StringLiteral, String> {
    let mut elem = CType::CHAR;
    for token in tokens {
        let (token_elem, _) = split_prefix(token);
        if token_elem != CType::CHAR {
            if elem != CType::CHAR && elem != token_elem {
                return Err("concatenation of string literals with different encoding prefixes".into());
            }
            elem = token_elem;
        }
    }
    let mut bytes = Vec::new();
    for token in tokens {
        let (_, quoted) = split_prefix(token);
        let inner = quoted.strip_prefix('"').and_then(|t| t.strip_suffix('"')).ok_or("malformed string literal")?;
        match &elem {
            CType::Int(IntKind::Char) => bytes.extend(unescape(inner)?),
            CType::Int(k) => {
                for unit in unescape_wide(inner)? {
                    if *k == IntKind::UShort && unit > 0xffff {
                        // A `char16_t` string holds UTF-16: a character
                        // beyond the BMP is a surrogate pair.
                        let mut pair = [0u16; 2];
                        for half in char::from_u32(unit).ok_or("invalid character in a char16_t string")?.encode_utf16(&mut pair) {
                            bytes.extend_from_slice(&half.to_le_bytes());
                        }
                        continue;
                    }
                    bytes.extend_from_slice(&unit.to_le_bytes()[..k.size() as usize]);
                }
            }
            _ => unreachable!("string elements are integers"),
        }
    }
    Ok(StringLiteral { elem, bytes })
}

/// The code units of a wide literal's contents: each source character is
/// one code point (the source is UTF-8), each escape one value.
fn unescape_wide(s: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.push(crate::preprocess::escaped_byte(c).map_or(c as u32, u32::from));
            continue;
        }
        let (_, e) = chars.next().ok_or("incomplete escape sequence")?;
        let value = match e {
            'x' => {
                let mut value = 0u32;
                while let Some(&(_, d)) = chars.peek() {
                    let Some(digit) = d.to_digit(16) else { break };
                    value = value.wrapping_mul(16).wrapping_add(digit);
                    chars.next();
                }
                value
            }
            '0'..='7' => {
                let mut value = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    let Some(&(_, d)) = chars.peek() else { break };
                    let Some(digit) = d.to_digit(8) else { break };
                    value = value * 8 + digit;
                    chars.next();
                }
                value
            }
            'u' | 'U' => {
                let count = if e == 'u' { 4 } else { 8 };
                let digits: String = (0..count).filter_map(|_| chars.next().map(|(_, d)| d)).collect();
                u32::from_str_radix(&digits, 16).map_err(|_| "malformed universal character name")?
            }
            _ => {
                let simple = unescape(&s[i..i + 1 + e.len_utf8()])?;
                simple.first().copied().ok_or("malformed escape sequence")? as u32
            }
        };
        out.push(value);
    }
    Ok(out)
}

/// Decodes the escape sequences of C11 §6.4.4.4.
fn unescape(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // A source byte that was not UTF-8 (see `preprocess`).
        if let Some(b) = s.get(i..).and_then(|rest| rest.chars().next()).and_then(crate::preprocess::escaped_byte) {
            out.push(b);
            i += 3;
            continue;
        }
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
            // GCC's `\e` (ESC), which `lexical_prepass` spells `\c`.
            b'e' | b'E' | b'c' => out.push(27),
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
            b'u' | b'U' => {
                let count = if c == b'u' { 4 } else { 8 };
                let digits = s.get(i..i + count).ok_or("malformed universal character name")?;
                let code = u32::from_str_radix(digits, 16).map_err(|_| "malformed universal character name")?;
                let ch = char::from_u32(code).ok_or("invalid universal character name")?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                i += count;
            }
            // GCC accepts an unknown escape with a warning and keeps the
            // character.
            other => out.push(other),
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
    fn char16_strings_hold_surrogate_pairs() {
        let s = string_literal(&["u\"a\\U0001F600\"".to_string()]).unwrap();
        assert_eq!(s.bytes, vec![0x61, 0, 0x3d, 0xd8, 0x00, 0xde]);
    }

    #[test]
    fn wide_literals_decode() {
        let lit = string_literal(&["L\"a\\x100\"".to_string()]).unwrap();
        assert_eq!(lit.elem, CType::INT);
        assert_eq!(lit.bytes, vec![b'a', 0, 0, 0, 0, 1, 0, 0]);
        assert_eq!(lit.len_with_terminator(), 3);
        assert_eq!(character_value("L'\\x41'"), Ok(LiteralValue::Int(0x41, CType::INT)));
        assert_eq!(character_value("'ab'"), Ok(LiteralValue::Int(0x6162, CType::INT)));
    }

    #[test]
    fn hex_floats_parse() {
        assert_eq!(parse_hex_float("0x1.8p1"), Some(3.0));
        assert_eq!(parse_hex_float("1p-1074"), Some(f64::from_bits(1)));
        assert_eq!(parse_hex_float("1.0000000000001p0"), Some(f64::from_bits(0x3ff0_0000_0000_0001)));
        // Exactly halfway between 1 and the next double rounds to even; a
        // nonzero digit beyond the halfway point rounds up.
        assert_eq!(parse_hex_float("1.00000000000008p0"), Some(1.0));
        assert_eq!(parse_hex_float("1.000000000000081p0"), Some(f64::from_bits(0x3ff0_0000_0000_0001)));
    }

    #[test]
    fn hex_digits_that_begin_with_0b_are_kept() {
        let suffix = lang_c::ast::IntegerSuffix { size: IntegerSize::Int, unsigned: false, imaginary: false };
        let literal = Integer { base: IntegerBase::Hexadecimal, number: "0b1d065b".into(), suffix };
        assert_eq!(integer_value(&literal), Ok(LiteralValue::Int(0x0b1d065b, CType::INT)));
    }
}
