//! `__typeof__(T *)` whose operand is a type name that starts with a
//! typedef name or `__typeof__`, followed by pointer declarators
//! (`__typeof__(string *)`, `__typeof__(__typeof__(x) *const)`): lang-c
//! tries an expression first and then fails on the type name. An operand
//! that ends with `*` (or with qualifiers after one) cannot be an
//! expression, so `__attribute__(()) ` is inserted before it, which makes
//! lang-c read it as the type name it is (the empty attribute list
//! changes nothing). Other declarators (`T (*)(int)`, `T [3]`) are left.

use crate::lexical_prepass::{is_word_at, keyword_occurrences, skip_blanks_and_markers};

/// The spellings of the keyword.
const KEYWORDS: [&[u8]; 3] = [b"__typeof__", b"__typeof", b"typeof"];
/// The text inserted before the operand.
const INSERTED: &str = "__attribute__(()) ";
/// Qualifiers that may follow the last `*` of a pointer declarator.
const QUALIFIERS: [&[u8]; 8] = [b"const", b"volatile", b"restrict", b"__restrict", b"__restrict__", b"__const", b"__volatile__", b"_Atomic"];

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let mut found: Vec<(usize, usize)> = KEYWORDS
        .iter()
        .flat_map(|keyword| keyword_occurrences(text.as_bytes(), keyword).into_iter().map(move |at| (at, keyword.len())))
        .collect();
    found.sort_unstable();
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for (at, length) in found.into_iter().rev() {
        let bytes = text.as_bytes();
        let open = skip_blanks_and_markers(bytes, at + length);
        if bytes.get(open) != Some(&b'(') {
            continue;
        }
        let Some(close) = matching_parenthesis(bytes, open) else { continue };
        let start = skip_blanks_and_markers(bytes, open + 1);
        if is_word_at(bytes, start, b"__attribute__") || !ends_with_pointer_declarator(&bytes[start..close]) {
            continue;
        }
        text.insert_str(start, INSERTED);
        made.push((start, INSERTED.len()));
    }
    made
}

/// The offset of the `)` that closes the `(` at `open`.
fn matching_parenthesis(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return (b == b')').then_some(k);
                }
            }
            b';' => return None,
            _ => {}
        }
    }
    None
}

/// Whether `operand` ends with `*`, possibly followed by qualifiers: the
/// end of a pointer declarator, which no expression has.
fn ends_with_pointer_declarator(operand: &[u8]) -> bool {
    let mut end = operand.len();
    loop {
        while end > 0 && operand[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        match QUALIFIERS.iter().find(|q| end >= q.len() && is_word_at(&operand[..end], end - q.len(), q)) {
            Some(q) => end -= q.len(),
            None => break,
        }
    }
    end > 1 && operand[end - 1] == b'*'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_type_names_are_marked_as_type_names() {
        let mut text = "__typeof__(string *) a; typeof(__typeof__(x) * const) b; __typeof(*p) c; __typeof__(a * b) d;".to_string();
        let made = rewrite(&mut text);
        assert_eq!(
            text,
            "__typeof__(__attribute__(()) string *) a; typeof(__attribute__(()) __typeof__(x) * const) b; __typeof(*p) c; __typeof__(a * b) d;"
        );
        assert_eq!(made.len(), 2);
    }
}
