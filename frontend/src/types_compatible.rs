//! GCC's `__builtin_types_compatible_p (T1, T2)`, whose operands are type
//! names, which lang-c cannot parse as arguments of a call. Before
//! parsing each operand `T` becomes `(__typeof__(__attribute__(()) T)*)0`,
//! a null pointer to the type, and the lowering compares the pointed-to
//! types (see `Lowerer::types_compatible`). The empty attribute list
//! makes lang-c read the operand of `__typeof__` as a type name: it tries
//! an expression first, and fails on a type name that starts with a
//! typedef name or `__typeof__` and has a declarator (`__typeof__(x) *`,
//! `curl_write_callback *`), as curl's `typecheck-gcc.h` writes them in
//! every `curl_easy_setopt`.

use crate::lexical_prepass::{keyword_occurrences, skip_blanks_and_markers};

const KEYWORD: &[u8] = b"__builtin_types_compatible_p";
/// The text inserted before each operand.
const OPEN: &str = "(__typeof__(__attribute__(()) ";
/// The text inserted after each operand.
const CLOSE: &str = ")*)0";

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let found = keyword_occurrences(text.as_bytes(), KEYWORD);
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for at in found.into_iter().rev() {
        let Some((open, comma, close)) = operands(text.as_bytes(), at + KEYWORD.len()) else { continue };
        for (position, inserted) in [(close, CLOSE), (comma + 1, OPEN), (comma, CLOSE), (open + 1, OPEN)] {
            text.insert_str(position, inserted);
            made.push((position, inserted.len()));
        }
    }
    made
}

/// The offsets of the `(`, of the `,` between the two operands and of
/// the `)` of the call whose name ends at `start`.
fn operands(bytes: &[u8], start: usize) -> Option<(usize, usize, usize)> {
    let open = skip_blanks_and_markers(bytes, start);
    if bytes.get(open) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    let mut comma = None;
    for (k, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return comma.map(|c| (open, c, k));
                }
            }
            b',' if depth == 1 && comma.is_none() => comma = Some(k),
            b';' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_become_null_pointers_to_their_types() {
        let mut text = "n = __builtin_types_compatible_p(int (*)[3], __typeof__(f(a, b)));".to_string();
        let made = rewrite(&mut text);
        assert_eq!(
            text,
            "n = __builtin_types_compatible_p((__typeof__(__attribute__(()) int (*)[3])*)0,(__typeof__(__attribute__(())  __typeof__(f(a, b)))*)0);"
        );
        assert_eq!(made.len(), 4);
    }
}
