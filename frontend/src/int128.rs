//! Parsing GCC's `__int128` (and its predefined typedef names `__int128_t`
//! and `__uint128_t`). lang-c's grammar lacks the keyword, so before
//! parsing each one is blanked and [`MARKER`] inserted in its place:
//! `_Float16x`, which lang-c parses as a type specifier (binary extended,
//! 16 bits) but which names no type in any C dialect, so it can stand for
//! `__int128` alone. `__uint128_t` becomes `unsigned` and the marker. The
//! declaration specifiers give the marker the type `CType::Int128`, with
//! the signedness of the `signed` or `unsigned` beside it; its values are
//! computed with in `lower::int128`.

use crate::lexical_prepass::keyword_occurrences;
use lang_c::ast::{TS18661FloatFormat, TS18661FloatType};

/// The type specifier inserted for each keyword.
pub const MARKER: &str = "_Float16x";

/// The spellings replaced: the keyword and GCC's two typedef names.
const KEYWORDS: [&[u8]; 3] = [b"__int128", b"__int128_t", b"__uint128_t"];

/// What replaces the unsigned typedef name `__uint128_t`.
const UNSIGNED_MARKER: &str = "unsigned _Float16x";

/// Whether lang-c's type specifier `t` is the marker of `__int128`.
pub fn is_marker(t: &TS18661FloatType) -> bool {
    t.format == TS18661FloatFormat::BinaryExtended && t.width == 16
}

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let mut found: Vec<(usize, usize)> =
        KEYWORDS.iter().flat_map(|k| keyword_occurrences(text.as_bytes(), k).into_iter().map(|at| (at, k.len()))).collect();
    // A typedef name right after a type specifier is being declared, not
    // used (`typedef unsigned __int128 __uint128_t;`, which GCC accepts
    // since it repeats the predefined type): it stays an identifier.
    found.retain(|&(at, len)| len == b"__int128".len() || !follows_type_specifier(&text.as_bytes()[..at]));
    found.sort();
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for (at, len) in found.into_iter().rev() {
        let unsigned = &text.as_bytes()[at..at + len] == b"__uint128_t";
        let marker = if unsigned { UNSIGNED_MARKER } else { MARKER };
        text.replace_range(at..at + len, &" ".repeat(len));
        text.insert_str(at, marker);
        made.push((at, marker.len()));
    }
    made
}

/// Whether `before` ends with a type specifier keyword (and spaces).
fn follows_type_specifier(before: &[u8]) -> bool {
    let trimmed = before.trim_ascii_end();
    let start = trimmed.iter().rposition(|&b| !(b.is_ascii_alphanumeric() || b == b'_')).map_or(0, |i| i + 1);
    matches!(&trimmed[start..], b"__int128" | b"int" | b"long" | b"short" | b"char" | b"signed" | b"unsigned")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_become_the_marker_outside_literals() {
        let mut text = String::from("unsigned __int128 x; __uint128_t y; \"__int128\"; __int128s z;");
        let made = rewrite(&mut text);
        assert_eq!(text, "unsigned _Float16x         x; unsigned _Float16x            y; \"__int128\"; __int128s z;");
        assert_eq!(made, vec![(21, 18), (9, 9)]);
    }

    #[test]
    fn a_typedef_redeclaring_a_name_keeps_it() {
        let mut text = String::from("typedef unsigned __int128 __uint128_t;");
        rewrite(&mut text);
        assert_eq!(text, "typedef unsigned _Float16x         __uint128_t;");
    }
}
