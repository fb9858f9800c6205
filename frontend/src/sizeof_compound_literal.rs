//! `sizeof` of a compound literal written without parentheses around it,
//! `sizeof (int[]){1, 2, 3}` or `sizeof (struct pt){0}.x`: the operand is a
//! unary expression (C11 §6.5.3), and a compound literal with its postfix
//! operators is one (§6.5.2), but lang-c reads `sizeof (int[])` as the size
//! of a type name and fails on the `{` that follows. Where a parse fails
//! on such a `{`, the compound literal and its postfix operators are
//! wrapped in parentheses, `sizeof ((int[]){1, 2, 3})`, and the text is
//! parsed again.

use crate::lexical_prepass::{find_outside_brackets, is_identifier_byte, is_word_at, skip_blanks_and_markers};

/// The text inserted before the compound literal.
pub const OPEN: &str = "(";
/// The text inserted after it and its postfix operators.
pub const CLOSE: &str = ")";

/// Where to insert [`OPEN`] and [`CLOSE`] (offsets in the text before
/// either insertion) when a parse failed at `offset`, the `{` after
/// `sizeof (type-name)`.
pub fn wrap_points(text: &str, offset: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    if bytes.get(offset) != Some(&b'{') {
        return None;
    }
    let type_name_close = text[..offset].trim_end().len().checked_sub(1)?;
    if bytes[type_name_close] != b')' {
        return None;
    }
    let open = matching_open_parenthesis(bytes, type_name_close)?;
    let before = text[..open].trim_end();
    let keyword_at = before.len().checked_sub("sizeof".len())?;
    if !is_word_at(bytes, keyword_at, b"sizeof") {
        return None;
    }
    let brace_close = find_outside_brackets(bytes, offset, |b, depth| (b == b'}' && depth == 0).then_some(true))?;
    Some((open, postfix_end(bytes, brace_close + 1)?))
}

/// The offset of the `(` that the `)` at `close` closes, counting the
/// parentheses and square brackets of the type name between them.
fn matching_open_parenthesis(bytes: &[u8], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for k in (0..=close).rev() {
        match bytes[k] {
            b')' | b']' => depth += 1,
            b'(' | b'[' => {
                depth -= 1;
                if depth == 0 {
                    return (bytes[k] == b'(').then_some(k);
                }
            }
            b';' | b'{' | b'}' | b'"' | b'\'' => return None,
            _ => {}
        }
    }
    None
}

/// The offset after the postfix operators (§6.5.2: `[…]`, `(…)`, `.` or
/// `->` and a member name, `++`, `--`) that follow offset `at`, or `at`
/// when none does.
fn postfix_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        let next = skip_blanks_and_markers(bytes, at);
        let rest = &bytes[next..];
        if rest.starts_with(b"++") || rest.starts_with(b"--") {
            at = next + 2;
        } else if rest.starts_with(b"->") || rest.starts_with(b".") {
            let name = skip_blanks_and_markers(bytes, next + if rest[0] == b'.' { 1 } else { 2 });
            let length = bytes[name..].iter().take_while(|&&b| is_identifier_byte(b)).count();
            if length == 0 {
                return None;
            }
            at = name + length;
        } else if rest.starts_with(b"[") || rest.starts_with(b"(") {
            let close = find_outside_brackets(bytes, next, |b, depth| (matches!(b, b']' | b')') && depth == 0).then_some(true))?;
            at = close + 1;
        } else {
            return Some(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text with the parentheses inserted, when the parse failed at
    /// the first `{`.
    fn wrapped(text: &str) -> Option<String> {
        let (open, close) = wrap_points(text, text.find('{')?)?;
        Some(format!("{}{OPEN}{}{CLOSE}{}", &text[..open], &text[open..close], &text[close..]))
    }

    #[test]
    fn wraps_a_compound_literal_and_its_postfix_operators() {
        assert_eq!(wrapped("n = sizeof (int[]){1, 2, 3} / 4;").as_deref(), Some("n = sizeof ((int[]){1, 2, 3}) / 4;"));
        assert_eq!(wrapped("n = sizeof(struct pt){0}.x;").as_deref(), Some("n = sizeof((struct pt){0}.x);"));
        assert_eq!(wrapped("n = sizeof (char (*)[2]){0}[0] -1;").as_deref(), Some("n = sizeof ((char (*)[2]){0}[0]) -1;"));
        assert_eq!(wrapped("n = sizeof (char[]){\"}\"} -> x++;").as_deref(), Some("n = sizeof ((char[]){\"}\"} -> x++);"));
    }

    #[test]
    fn leaves_other_braces_alone() {
        assert_eq!(wrapped("int f(void) { return 0; }"), None);
        assert_eq!(wrapped("x = (int[]){1};"), None);
        assert_eq!(wrapped("x = mysizeof (int){1};"), None);
    }
}
