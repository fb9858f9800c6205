//! GCC's unary operators `__real__` and `__imag__` (also spelled `__real`
//! and `__imag`; GCC manual, "Complex Numbers"), which lang-c reserves as
//! keywords but does not parse. Before parsing, `__real__ e` becomes
//! `__builtin_nissecc_real(e)` (and `__imag__` likewise): the keyword is
//! blanked and the call text inserted around the operand, a
//! cast-expression as in GCC's grammar (prefix operators and casts, then
//! a primary expression with its postfix operators). The lowering
//! (`lower::complex`) gives the part, an lvalue when the operand is one.

use crate::lexical_prepass::{is_identifier_byte, scan, skip_blanks_and_markers};

/// The builtin that `__real__ e` becomes.
pub const REAL_PART: &str = "__builtin_nissecc_real";
/// The builtin that `__imag__ e` becomes.
pub const IMAG_PART: &str = "__builtin_nissecc_imag";

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut blanks = Vec::new();
    let mut inserts: Vec<(usize, String)> = Vec::new();
    scan(bytes, |i| {
        let Some((keyword_end, builtin)) = part_keyword(bytes, i) else { return };
        if let Some(end) = cast_expression_end(bytes, keyword_end) {
            blanks.push(i..keyword_end);
            inserts.push((i, format!("{builtin}(")));
            inserts.push((end, ")".to_string()));
        }
    });
    if inserts.is_empty() {
        return Vec::new();
    }
    let mut bytes = std::mem::take(text).into_bytes();
    for range in blanks {
        bytes[range].fill(b' ');
    }
    *text = String::from_utf8(bytes).expect("only ASCII bytes were replaced by spaces");
    // From the end backwards, so each offset still holds when used; at one
    // offset a `)` goes after the calls opened there.
    inserts.sort_by_key(|(at, s)| (std::cmp::Reverse(*at), s.starts_with(')')));
    let mut made = Vec::new();
    for (at, s) in inserts {
        text.insert_str(at, &s);
        made.push((at, s.len()));
    }
    made
}

/// The end of the `__real__`-like keyword at `i`, and the builtin it
/// becomes.
fn part_keyword(bytes: &[u8], i: usize) -> Option<(usize, &'static str)> {
    if i > 0 && is_identifier_byte(bytes[i - 1]) {
        return None;
    }
    let word_end = identifier_end(bytes, i);
    match &bytes[i..word_end] {
        b"__real__" | b"__real" => Some((word_end, REAL_PART)),
        b"__imag__" | b"__imag" => Some((word_end, IMAG_PART)),
        _ => None,
    }
}

fn identifier_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && is_identifier_byte(bytes[i]) {
        i += 1;
    }
    i
}

/// The offset just after the matching closing bracket of the one at
/// `open`.
fn bracket_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Words that begin a type name, so that `(` before one opens a cast.
const TYPE_WORDS: &[&str] = &[
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "_Complex", "__complex__",
    "__complex", "const", "volatile", "struct", "union", "enum", "__typeof__", "typeof", "__typeof",
];

/// Where the cast-expression starting at or after `i` ends.
fn cast_expression_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut i = skip_blanks_and_markers(bytes, i);
    // Prefix operators and casts.
    loop {
        match bytes.get(i)? {
            b'+' | b'-' if bytes.get(i + 1) == bytes.get(i) => i += 2,
            b'+' | b'-' | b'!' | b'~' | b'*' | b'&' => i += 1,
            b'(' => {
                let inner = skip_blanks_and_markers(bytes, i + 1);
                let word = &bytes[inner..identifier_end(bytes, inner)];
                if !TYPE_WORDS.iter().any(|w| w.as_bytes() == word) {
                    break;
                }
                i = bracket_end(bytes, i)?;
                // A compound literal is a primary expression.
                if bytes.get(skip_blanks_and_markers(bytes, i)) == Some(&b'{') {
                    i = skip_blanks_and_markers(bytes, i);
                    i = bracket_end(bytes, i)?;
                    return Some(postfix_end(bytes, i));
                }
            }
            b if is_identifier_byte(*b) => {
                let end = identifier_end(bytes, i);
                if matches!(&bytes[i..end], b"__real__" | b"__real" | b"__imag__" | b"__imag" | b"__extension__" | b"sizeof") {
                    i = end;
                } else {
                    break;
                }
            }
            _ => break,
        }
        i = skip_blanks_and_markers(bytes, i);
    }
    // The primary expression. A parenthesized group that an identifier, a
    // constant or a literal follows is a cast to a typedef name
    // (`__real__ (cplx) x`), which the loop above does not know.
    loop {
        if bytes.get(i) != Some(&b'(') {
            break;
        }
        let after = skip_blanks_and_markers(bytes, bracket_end(bytes, i)?);
        match bytes.get(after) {
            Some(b) if is_identifier_byte(*b) || matches!(b, b'"' | b'\'') => i = after,
            // A compound literal of a typedef name: `(cplx){ 1, 2 }`.
            Some(b'{') => return Some(postfix_end(bytes, bracket_end(bytes, after)?)),
            _ => break,
        }
    }
    let end = match bytes.get(i)? {
        b'(' => bracket_end(bytes, i)?,
        b'"' | b'\'' => bracket_end_of_literal(bytes, i)?,
        b'.' | b'0'..=b'9' => number_end(bytes, i),
        b if is_identifier_byte(*b) => identifier_end(bytes, i),
        _ => return None,
    };
    Some(postfix_end(bytes, end))
}

/// The end of the character constant or string literal at `i`.
fn bracket_end_of_literal(bytes: &[u8], open: usize) -> Option<usize> {
    let quote = bytes[open];
    let mut i = open + 1;
    while i < bytes.len() && bytes[i] != quote {
        if bytes[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    (i < bytes.len()).then_some(i + 1)
}

/// The end of the numeric constant at `i` (`1.5e-3`, `0x1p+4`, `2.0fi`).
fn number_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        let b = bytes[i];
        let exponent_sign = matches!(b, b'+' | b'-') && i > 0 && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P');
        if is_identifier_byte(b) || b == b'.' || exponent_sign {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// The end of the postfix operators (`[i]`, `(args)`, `.m`, `->m`, `++`,
/// `--`) that follow a primary expression ending at `i`.
fn postfix_end(bytes: &[u8], mut end: usize) -> usize {
    loop {
        let i = skip_blanks_and_markers(bytes, end);
        match bytes.get(i) {
            Some(b'[' | b'(') => match bracket_end(bytes, i) {
                Some(e) => end = e,
                None => return end,
            },
            Some(b'.') => end = identifier_end(bytes, skip_blanks_and_markers(bytes, i + 1)),
            Some(b'-') if bytes.get(i + 1) == Some(&b'>') => end = identifier_end(bytes, skip_blanks_and_markers(bytes, i + 2)),
            Some(b'+' | b'-') if bytes.get(i + 1) == bytes.get(i) => end = i + 2,
            _ => return end,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(text: &str) -> String {
        let mut text = text.to_string();
        rewrite(&mut text);
        text
    }

    #[test]
    fn parts_become_builtin_calls_around_their_operand() {
        assert_eq!(rewritten("x = __real__ z;"), format!("x = {REAL_PART}(         z);"));
        assert_eq!(rewritten("__imag__ s.a[2] = 1;"), format!("{IMAG_PART}(         s.a[2]) = 1;"));
        assert_eq!(rewritten("y = __real f (5) * 2;"), format!("y = {REAL_PART}(       f (5)) * 2;"));
        assert_eq!(rewritten("y = __real__ (double _Complex) x + 1;"), format!("y = {REAL_PART}(         (double _Complex) x) + 1;"));
        assert_eq!(rewritten("y = __real__ -p->z;"), format!("y = {REAL_PART}(         -p->z);"));
        assert_eq!(rewritten("y = __imag__ (cplx) x * 2;"), format!("y = {IMAG_PART}(         (cplx) x) * 2;"));
        assert_eq!(rewritten("y = __imag__ (cplx){ 1, 2 } + 1;"), format!("y = {IMAG_PART}(         (cplx){{ 1, 2 }}) + 1;"));
    }

    #[test]
    fn nested_parts_and_other_words_are_handled() {
        assert_eq!(rewritten("__real__ __imag__ z"), format!("{REAL_PART}(         {IMAG_PART}(         z))"));
        assert_eq!(rewritten("int __real__x; my__real__ = 1;"), "int __real__x; my__real__ = 1;");
        assert_eq!(rewritten("s = \"__real__ z\";"), "s = \"__real__ z\";");
    }
}
