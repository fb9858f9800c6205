//! GCC's `__auto_type` (GCC manual, "Typeof"): `__auto_type x = e;`
//! declares `x` with the type of `e` after lvalue conversion (an array or
//! a function decays to a pointer). glibc's `<stdatomic.h>` uses it in
//! `atomic_load`, `atomic_store`, `atomic_exchange` and the
//! compare-exchange macros, and Linux-style `min`/`max` macros do. lang-c's
//! grammar lacks it, so before parsing the keyword is blanked and
//! `__typeof__((0, e))` inserted in its place: the comma operator applies
//! the lvalue conversion without promoting integers, and the operand of
//! `__typeof__` is not evaluated, so `e` still runs once.

use crate::lexical_prepass::{find_outside_brackets, is_identifier_byte, keyword_occurrences, on_one_line, skip_blanks_and_markers};

const KEYWORD: &[u8] = b"__auto_type";

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let found = keyword_occurrences(text.as_bytes(), KEYWORD);
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used and a
    // nested `__auto_type` is rewritten before the initializer holding it
    // is copied.
    for at in found.into_iter().rev() {
        let Some(init) = initializer(text.as_bytes(), at + KEYWORD.len()) else { continue };
        // The inserted text holds no newline (see `SourceMap`).
        let init = on_one_line(&text[init]);
        text.replace_range(at..at + KEYWORD.len(), &" ".repeat(KEYWORD.len()));
        let inserted = format!("__typeof__((0,{init}))");
        text.insert_str(at, &inserted);
        made.push((at, inserted.len()));
    }
    made
}


/// The range of the initializer of the declaration whose declarator
/// starts at `start`: after the identifier and `=`, up to the `,` or `;`
/// outside brackets and literals that ends it.
fn initializer(bytes: &[u8], start: usize) -> Option<std::ops::Range<usize>> {
    let mut i = skip_blanks_and_markers(bytes, start);
    let name = i;
    while bytes.get(i).is_some_and(|&b| is_identifier_byte(b)) {
        i += 1;
    }
    if i == name {
        return None;
    }
    i = skip_blanks_and_markers(bytes, i);
    if bytes.get(i) != Some(&b'=') || bytes.get(i + 1) == Some(&b'=') {
        return None;
    }
    let from = i + 1;
    let end = find_outside_brackets(bytes, from, |b, depth| (depth == 0 && matches!(b, b',' | b';')).then_some(true))?;
    Some(from..end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_type_takes_the_type_of_its_initializer() {
        let mut text = "__auto_type x = f(a, \"b;\"), y; int z;".to_string();
        let made = rewrite(&mut text);
        assert_eq!(text, "__typeof__((0, f(a, \"b;\")))            x = f(a, \"b;\"), y; int z;");
        assert_eq!(made, vec![(0, "__typeof__((0, f(a, \"b;\")))".len())]);
    }

    #[test]
    fn nested_statement_expressions_are_rewritten_inside_out() {
        let mut text = "__auto_type p = ({ __auto_type q = &v; q; });".to_string();
        rewrite(&mut text);
        assert!(!text.contains("__auto_type"));
        assert!(text.starts_with("__typeof__((0, ({ __typeof__((0, &v))"));
    }
}
