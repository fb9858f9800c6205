//! `__typeof__` of a type name that starts with a typedef name or
//! `__typeof__` and has a declarator (`__typeof__(string *)`,
//! `__typeof__(__typeof__(x) *const)`, `__typeof__(T (*)(int))`,
//! `__typeof__(T [3])`): lang-c tries an expression first and then fails
//! on the type name. An operand that cannot be an expression is marked by
//! inserting `__attribute__(()) ` before it, which makes lang-c read it as
//! the type name it is (the empty attribute list changes nothing):
//!
//! - one that ends with `*`, or with qualifiers after one (the end of a
//!   pointer declarator);
//! - one with a parenthesized abstract pointer declarator, `(*)`,
//!   `(*const)`, `(**)` or `(*[3])` (of a pointer to a function or an
//!   array), or with a `*` right before a `[` (`T *[3]`), since in an
//!   expression a `*` needs an operand;
//! - one that is an identifier and array declarators only (`T [3]`,
//!   `T [2][3]`), when the identifier is declared by a `typedef` of the
//!   unit ([`typedef_names`]) (with an object's name it is a subscript,
//!   and is left as it is), or `__typeof__(…)` and array declarators.

use crate::lexical_prepass::{is_identifier_byte, is_word_at, keyword_occurrences, skip_blanks_and_markers};
use std::collections::HashSet;

/// The spellings of the keyword.
const KEYWORDS: [&[u8]; 3] = [b"__typeof__", b"__typeof", b"typeof"];
/// The text inserted before the operand.
const INSERTED: &str = "__attribute__(()) ";
/// Qualifiers that may follow the `*` of a pointer declarator.
const QUALIFIERS: [&[u8]; 8] = [b"const", b"volatile", b"restrict", b"__restrict", b"__restrict__", b"__const", b"__volatile__", b"_Atomic"];

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let mut found: Vec<(usize, usize)> = KEYWORDS
        .iter()
        .flat_map(|keyword| keyword_occurrences(text.as_bytes(), keyword).into_iter().map(move |at| (at, keyword.len())))
        .collect();
    if found.is_empty() {
        return Vec::new();
    }
    found.sort_unstable();
    let typedefs = typedef_names(text.as_bytes());
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
        if start >= close || is_word_at(bytes, start, b"__attribute__") || !is_type_name(&bytes[start..close], &typedefs) {
            continue;
        }
        text.insert_str(start, INSERTED);
        made.push((start, INSERTED.len()));
    }
    made
}

/// Whether `operand`, the text between `__typeof__`'s parentheses, is a
/// type name that no expression could be (see the module's comment).
fn is_type_name(operand: &[u8], typedefs: &HashSet<Vec<u8>>) -> bool {
    ends_with_pointer_declarator(operand) || has_abstract_pointer(operand) || is_typedef_array(operand, typedefs)
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

/// The offset after the blanks and qualifiers at `i`.
fn skip_blanks_and_qualifiers(bytes: &[u8], mut i: usize) -> usize {
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        match QUALIFIERS.iter().find(|q| is_word_at(bytes, i, q)) {
            Some(q) => i += q.len(),
            None => return i,
        }
    }
}

/// Whether `operand` has a pointer declarator's `*` followed (past
/// qualifiers and more stars) by `)` or `[`: a `*` at the operand's top
/// level, or first in a parenthesized group there, `(*)`, `(**)`,
/// `(*const)` or `(*[3])`, or `T *[3]`. In an expression a `*` is followed
/// by its operand; stars deeper inside (`sizeof(int *[3])`, a compound
/// literal's type) are not looked at.
fn has_abstract_pointer(operand: &[u8]) -> bool {
    let mut depth = 0usize;
    let mut after_open = false;
    let mut i = 0;
    while i < operand.len() {
        let b = operand[i];
        match b {
            b'"' | b'\'' => return false,
            b'(' | b'[' | b'{' => {
                depth += 1;
                after_open = b == b'(' && depth == 1;
                i += 1;
                continue;
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'*' if depth == 0 || after_open => {
                let first_in_group = after_open;
                let mut next = skip_blanks_and_qualifiers(operand, i + 1);
                while operand.get(next) == Some(&b'*') {
                    next = skip_blanks_and_qualifiers(operand, next + 1);
                }
                match operand.get(next) {
                    Some(b')') if first_in_group => return true,
                    Some(b'[') => return true,
                    _ => {}
                }
            }
            _ => {}
        }
        if !b.is_ascii_whitespace() {
            after_open = false;
        }
        i += 1;
    }
    false
}

/// Whether `operand` is an identifier declared by a `typedef`, or a
/// `__typeof__(…)`, followed by array declarators only (`T [3]`,
/// `T[2][n]`, `__typeof__(x) [2]`).
fn is_typedef_array(operand: &[u8], typedefs: &HashSet<Vec<u8>>) -> bool {
    let word = operand.iter().position(|&b| !is_identifier_byte(b)).unwrap_or(operand.len());
    let end = if KEYWORDS.contains(&&operand[..word]) {
        let open = skip_blanks_and_markers(operand, word);
        if operand.get(open) != Some(&b'(') {
            return false;
        }
        let Some(close) = matching_parenthesis(operand, open) else { return false };
        close + 1
    } else if word == 0 || operand[0].is_ascii_digit() || !typedefs.contains(&operand[..word]) {
        return false;
    } else {
        word
    };
    let mut i = skip_blanks_and_markers(operand, end);
    let mut brackets = 0;
    while operand.get(i) == Some(&b'[') {
        let mut depth = 0usize;
        let Some(close) = (i..operand.len()).find(|&k| {
            match operand[k] {
                b'[' | b'(' => depth += 1,
                b']' | b')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            depth == 0
        }) else {
            return false;
        };
        brackets += 1;
        i = skip_blanks_and_markers(operand, close + 1);
    }
    brackets > 0 && i >= operand.len()
}

/// The names that the unit's `typedef` declarations declare, read from
/// their simple forms: `typedef … NAME;` (after a `struct`'s body too),
/// several names separated by commas, `NAME[…]` and `(*NAME)(…)`. A
/// declaration the reading does not understand adds no name, which
/// leaves its `__typeof__(NAME [3])` as it was.
pub fn typedef_names(text: &[u8]) -> HashSet<Vec<u8>> {
    let mut names = HashSet::new();
    for at in keyword_occurrences(text, b"typedef") {
        // The declaration's end: the `;` outside braces and parentheses.
        let mut depth = 0usize;
        let mut last_body_end = at + b"typedef".len();
        let mut end = None;
        for (k, &b) in text.iter().enumerate().skip(at) {
            match b {
                b'{' | b'(' | b'[' => depth += 1,
                b'}' | b')' | b']' => {
                    depth = depth.saturating_sub(1);
                    if b == b'}' && depth == 0 {
                        last_body_end = k + 1;
                    }
                }
                b';' if depth == 0 => {
                    end = Some(k);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else { continue };
        // The declarators: the text after the last body, split at commas
        // outside parentheses; each declarator's name is its last
        // identifier before any `[`, or the one after `(*`.
        let mut depth = 0usize;
        let mut piece_start = last_body_end;
        for k in last_body_end..=end {
            let b = text[k];
            match b {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth = depth.saturating_sub(1),
                b',' | b';' if depth == 0 => {
                    if let Some(name) = declarator_name(&text[piece_start..k]) {
                        names.insert(name.to_vec());
                    }
                    piece_start = k + 1;
                }
                _ => {}
            }
        }
    }
    names
}

/// The name a declarator declares, in the forms [`typedef_names`] reads,
/// with `__attribute__((…))` and `__typeof__(…)` groups left out.
fn declarator_name(original: &[u8]) -> Option<&[u8]> {
    let piece = &blank_groups(original)[..];
    let words = |s: &'_ [u8]| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < s.len() {
            if is_identifier_byte(s[i]) && (i == 0 || !is_identifier_byte(s[i - 1])) {
                let e = (i..s.len()).find(|&k| !is_identifier_byte(s[k])).unwrap_or(s.len());
                if !s[i].is_ascii_digit() {
                    out.push((i, e));
                }
                i = e;
            } else {
                i += 1;
            }
        }
        out
    };
    // `(*NAME)(…)` or `(*NAME)[…]`: the first identifier after `(*`.
    if let Some(open) = piece.windows(2).position(|w| w == b"(*") {
        let rest = &piece[open + 2..];
        let &(s, e) = words(rest).iter().find(|&&(s, e)| !QUALIFIERS.contains(&&rest[s..e]))?;
        let offset = open + 2;
        return Some(&original[offset + s..offset + e]);
    }
    if piece.contains(&b'(') {
        return None;
    }
    let before_bracket = &piece[..piece.iter().position(|&b| b == b'[').unwrap_or(piece.len())];
    let &(s, e) = words(before_bracket).last()?;
    let name = &original[s..e];
    (!QUALIFIERS.contains(&name)).then_some(name)
}

/// A copy of `piece` with each `__attribute__`, `__typeof__` (in any
/// spelling) or `_Alignas` and its parenthesized operand blanked, so
/// that offsets stay those of `piece`.
fn blank_groups(piece: &[u8]) -> Vec<u8> {
    const GROUPS: [&[u8]; 7] = [b"__attribute__", b"__attribute", b"__typeof__", b"__typeof", b"typeof", b"_Alignas", b"__declspec"];
    let mut out = piece.to_vec();
    let mut i = 0;
    while i < out.len() {
        let Some(word) = GROUPS.iter().find(|w| is_word_at(&out, i, w)) else {
            i += 1;
            continue;
        };
        let open = skip_blanks_and_markers(&out, i + word.len());
        let close = if out.get(open) == Some(&b'(') { matching_parenthesis(&out, open) } else { None };
        let end = close.map_or(i + word.len(), |c| c + 1);
        out[i..end].fill(b' ');
        i = end;
    }
    out
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

    #[test]
    fn function_pointer_and_array_type_names_are_marked() {
        let mut text = "typedef int T; typedef struct s { int a[2]; } S, *PS; typedef int (*F)(int); int v[4];\n\
                        __typeof__(T (*)(int)) a; __typeof__(S (*const)[2]) b; __typeof__(T *[3]) c; __typeof__(T [3]) d;\n\
                        __typeof__(PS[2][3]) e; __typeof__(v[1]) f; __typeof__(F [2]) g; __typeof__((*p)(1)) h; __typeof__(x * y[2]) i;\n\
                        __typeof__(__typeof__(v[0]) [2]) j; __typeof__(sizeof(T *[3])) k;"
            .to_string();
        let made = rewrite(&mut text);
        let marked = "__attribute__(()) ";
        for expected in ["(__attribute__(()) T (*)(int))", "(__attribute__(()) S (*const)[2])", "(__attribute__(()) T *[3])", "(__attribute__(()) T [3])", "(__attribute__(()) PS[2][3])", "(__attribute__(()) F [2])", "(__attribute__(()) __typeof__(v[0]) [2])"] {
            assert!(text.contains(expected), "{expected} in {text}");
        }
        for kept in ["__typeof__(v[1])", "__typeof__((*p)(1))", "__typeof__(x * y[2])", "__typeof__(sizeof(T *[3]))"] {
            assert!(text.contains(kept), "{kept} in {text}");
        }
        assert_eq!(made.len(), 7);
        assert_eq!(text.matches(marked).count(), 7);
    }

    #[test]
    fn typedef_names_are_read_from_simple_declarations() {
        let text = b"typedef unsigned long size_t; typedef struct node { struct node *next; } node, *link; typedef int vec[4]; typedef void (*handler)(int sig); typedef int fn(int);";
        let names = typedef_names(text);
        for name in ["size_t", "node", "link", "vec", "handler"] {
            assert!(names.contains(name.as_bytes()), "{name}");
        }
        assert!(!names.contains(&b"sig"[..]) && !names.contains(&b"next"[..]), "{names:?}");
    }
}
