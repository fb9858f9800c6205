//! GCC's `__int128` (and its predefined typedef names `__int128_t` and
//! `__uint128_t`), which nissecc does not support but must still parse:
//! GCC's own `<immintrin.h>` and `<x86intrin.h>` define `_mulx_u64` with
//! an `unsigned __int128` local, so a parse error there rejected every
//! program that includes them, though it calls nothing that uses the type.
//! lang-c's grammar lacks the keyword, so before parsing each one is
//! blanked and [`MARKER`] inserted in its place: `_Float16x`, which lang-c
//! parses as a type specifier (binary extended, 16 bits) but which names
//! no type in any C dialect, so it can stand for `__int128` alone. The
//! lowering gives it the type `CType::Unsupported("__int128")`: a
//! declaration or expression that needs it is an `unsupported: __int128`
//! error at the keyword, and a body that is never lowered (an unused
//! inline function of a header) costs nothing.

use crate::lexical_prepass::keyword_occurrences;
use lang_c::ast::{TS18661FloatFormat, TS18661FloatType};

/// The type specifier inserted for each keyword.
pub const MARKER: &str = "_Float16x";

/// The spellings replaced: the keyword and GCC's two typedef names (whose
/// signedness does not matter, since the type is unsupported either way).
const KEYWORDS: [&[u8]; 3] = [b"__int128", b"__int128_t", b"__uint128_t"];

/// Whether lang-c's type specifier `t` is the marker of `__int128`.
pub fn is_marker(t: &TS18661FloatType) -> bool {
    t.format == TS18661FloatFormat::BinaryExtended && t.width == 16
}

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let mut found: Vec<(usize, usize)> =
        KEYWORDS.iter().flat_map(|k| keyword_occurrences(text.as_bytes(), k).into_iter().map(|at| (at, k.len()))).collect();
    found.sort();
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for (at, len) in found.into_iter().rev() {
        text.replace_range(at..at + len, &" ".repeat(len));
        text.insert_str(at, MARKER);
        made.push((at, MARKER.len()));
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_become_the_marker_outside_literals() {
        let mut text = String::from("unsigned __int128 x; __uint128_t y; \"__int128\"; __int128s z;");
        let made = rewrite(&mut text);
        assert_eq!(text, "unsigned _Float16x         x; _Float16x            y; \"__int128\"; __int128s z;");
        assert_eq!(made, vec![(21, 9), (9, 9)]);
    }
}
