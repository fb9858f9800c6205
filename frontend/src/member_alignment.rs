//! C11's `_Alignas` on a struct or union member (`struct { char c;
//! _Alignas(16) int x; }`, or `alignas(max_align_t)` from
//! `<stdalign.h>`). lang-c's grammar takes an alignment specifier only
//! in declarations, not among a member's specifiers and qualifiers (C11
//! §6.7.2.1), so before parsing each `_Alignas(X)` inside a record body
//! becomes GCC's `__attribute__((aligned(X)))`, which the layout honours:
//! the attribute's text is inserted around the specifier and the keyword
//! itself becomes `_Alignof` when the operand is a type name, or blanks
//! when it is an expression.

use crate::lexical_prepass::{is_identifier_byte, is_word_at, scan, skip_blanks_and_markers};

/// The text inserted before `_Alignas`.
const OPEN: &str = "__attribute__((aligned(";
/// The text inserted after its closing parenthesis.
const CLOSE: &str = ")))";

const KEYWORD: &[u8] = b"_Alignas";

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    // For each open brace, whether it opens a record body.
    let mut braces: Vec<bool> = Vec::new();
    // (keyword offset, offset after its closing parenthesis, operand is a type).
    let mut found = Vec::new();
    scan(bytes, |i| match bytes[i] {
        b'{' => braces.push(opens_record(bytes, i)),
        b'}' => {
            braces.pop();
        }
        b'_' if braces.last() == Some(&true) && is_word_at(bytes, i, KEYWORD) => {
            let open = skip_blanks_and_markers(bytes, i + KEYWORD.len());
            if bytes.get(open) != Some(&b'(') {
                return;
            }
            if let Some(close) = closing_parenthesis(bytes, open) {
                found.push((i, close + 1, operand_is_type(&bytes[open + 1..close])));
            }
        }
        _ => {}
    });
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for (keyword, end, is_type) in found.into_iter().rev() {
        let replacement = if is_type { "_Alignof" } else { "        " };
        text.replace_range(keyword..keyword + KEYWORD.len(), replacement);
        text.insert_str(end, CLOSE);
        made.push((end, CLOSE.len()));
        text.insert_str(keyword, OPEN);
        made.push((keyword, OPEN.len()));
    }
    made
}


/// Whether the `{` at `i` opens the body of a struct or union: `struct`
/// or `union` precedes it, with an optional tag between.
fn opens_record(bytes: &[u8], i: usize) -> bool {
    let mut j = i;
    let mut words = 0;
    while words < 2 {
        j = start_of_blanks(bytes, j);
        let end = j;
        while j > 0 && is_identifier_byte(bytes[j - 1]) {
            j -= 1;
        }
        if j == end {
            return false;
        }
        let word = &bytes[j..end];
        if word == b"struct" || word == b"union" {
            return true;
        }
        words += 1;
    }
    false
}

/// Where the white space and line markers that end at `j` begin.
fn start_of_blanks(bytes: &[u8], mut j: usize) -> usize {
    loop {
        while j > 0 && bytes[j - 1].is_ascii_whitespace() {
            j -= 1;
        }
        let line_start = bytes[..j].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        if line_start == j || bytes[line_start..j].iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'#') {
            return j;
        }
        j = line_start;
    }
}

/// The offset of the `)` that closes the `(` at `open`.
fn closing_parenthesis(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            b';' | b'{' | b'}' => return None,
            _ => {}
        }
    }
    None
}

/// Whether the operand of `_Alignas` is a type name rather than a
/// constant expression. After preprocessing an expression operand starts
/// with a digit, a parenthesis or an operator keyword (`sizeof`,
/// `_Alignof`); anything else is taken as a type name, a typedef name
/// (`max_align_t`) included.
fn operand_is_type(operand: &[u8]) -> bool {
    let start = skip_blanks_and_markers(operand, 0);
    let Some(&first) = operand.get(start) else { return false };
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return false;
    }
    let mut end = start;
    while operand.get(end).is_some_and(|&b| is_identifier_byte(b)) {
        end += 1;
    }
    !matches!(&operand[start..end], b"sizeof" | b"_Alignof" | b"__alignof__" | b"__alignof")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_alignment_becomes_an_attribute() {
        let mut text = "struct s { char c; _Alignas(16) int x; _Alignas(double) char y; };".to_string();
        let made = rewrite(&mut text);
        assert_eq!(text, "struct s { char c; __attribute__((aligned(        (16)))) int x; __attribute__((aligned(_Alignof(double)))) char y; };");
        assert_eq!(made.len(), 4);
    }

    #[test]
    fn declarations_outside_records_are_left_alone() {
        let text = "_Alignas(16) char buf[4]; int f(void) { _Alignas(8) int x; struct t { int a; } v; return 0; }";
        let mut rewritten = text.to_string();
        assert!(rewrite(&mut rewritten).is_empty());
        assert_eq!(rewritten, text);
    }

    #[test]
    fn nested_and_anonymous_records_are_found() {
        let mut text = "struct o { union { _Alignas(8) char c; } u; };".to_string();
        rewrite(&mut text);
        assert!(text.contains("__attribute__((aligned(        (8)))) char c;"));
    }
}
