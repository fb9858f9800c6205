//! `_Static_assert (R)` without a message, C23's form, which GCC 9 and
//! later accept in every mode and which gnulib's `<assert.h>` uses
//! whenever `__GNUC__ >= 9` (`static_assert (MB_LEN_MAX <= SCHAR_MAX);`
//! in sed's `localeinfo.c`). lang-c's grammar wants the string, so
//! before parsing `,""` is inserted before the closing parenthesis; a
//! failed assertion then says "static assertion failed: " as GCC does.

use crate::lexical_prepass::{find_outside_brackets, keyword_occurrences, skip_blanks_and_markers};

const KEYWORD: &[u8] = b"_Static_assert";
/// The message inserted.
const MESSAGE: &str = ",\"\"";

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let found = keyword_occurrences(text.as_bytes(), KEYWORD);
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for at in found.into_iter().rev() {
        if let Some(close) = close_without_message(text.as_bytes(), at + KEYWORD.len()) {
            text.insert_str(close, MESSAGE);
            made.push((close, MESSAGE.len()));
        }
    }
    made
}

/// The offset of the `)` closing the operands that start at `start`, if
/// they hold a single expression.
fn close_without_message(bytes: &[u8], start: usize) -> Option<usize> {
    let open = skip_blanks_and_markers(bytes, start);
    if bytes.get(open) != Some(&b'(') {
        return None;
    }
    find_outside_brackets(bytes, open, |b, depth| match b {
        b')' | b']' | b'}' if depth == 0 => Some(true),
        b',' if depth == 1 => Some(false),
        // A `;` ends the declaration unless braces hold it: a struct
        // defined in the operand, as gnulib's `alignof_slot` defines one
        // inside `offsetof`, has its own.
        b';' if depth == 1 => Some(false),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_message_becomes_empty() {
        let mut text = "_Static_assert (f(1, 2) <= ')'); _Static_assert(sizeof(int) == 4, \"int\"); int _Static_assert_x;".to_string();
        let made = rewrite(&mut text);
        assert_eq!(text, "_Static_assert (f(1, 2) <= ')',\"\"); _Static_assert(sizeof(int) == 4, \"int\"); int _Static_assert_x;");
        assert_eq!(made, vec![(30, 3)]);
    }

    #[test]
    fn a_struct_in_the_operand_keeps_its_semicolons() {
        let mut text = "_Static_assert (__builtin_offsetof (struct { char a; int b; }, b) == 4);".to_string();
        rewrite(&mut text);
        assert_eq!(text, "_Static_assert (__builtin_offsetof (struct { char a; int b; }, b) == 4,\"\");");
    }
}
