//! The message of a parse error. lang-c reports where its grammar failed
//! and what it expected there; where that place shows C that nissecc
//! knowingly leaves out (inline assembly, `__int128` where lang-c's
//! grammar cannot take its marker (see `int128`), `__float128`, complex numbers,
//! nested functions, `$` or non-ASCII characters in identifiers), the
//! message says `unsupported:` and what, instead of a bare syntax error.

use crate::implicit_int::{brace_depth, identifier_at};
use std::collections::HashSet;

/// The message for a parse that failed at `offset` of `text`, expecting
/// one of `expected`.
pub fn message(text: &str, offset: usize, expected: &HashSet<&'static str>) -> String {
    if let Some(what) = unsupported_construct(text, offset) {
        return format!("unsupported: {what}");
    }
    let mut expected: Vec<_> = expected.iter().copied().collect();
    expected.sort();
    match identifier_at(text, offset) {
        Some(name) if expected.contains(&"<typedef_name>") => format!("unknown type name '{name}'"),
        _ if expected.len() <= 6 => format!("syntax error: expected {}", expected.join(", ")),
        _ => "syntax error: unexpected token".to_string(),
    }
}

/// What construct outside the subset, if any, the parse failed on.
fn unsupported_construct(text: &str, offset: usize) -> Option<&'static str> {
    let rest = &text[offset..];
    let at = rest.chars().next();
    if at == Some('$') {
        return Some("'$' in identifiers");
    }
    // The preprocessor writes them as universal character names.
    if at.is_some_and(|c| !c.is_ascii()) || rest.starts_with("\\u") || rest.starts_with("\\U") {
        return Some("non-ASCII characters in identifiers");
    }
    let before = text[..offset].trim_end();
    let previous_word = before.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
    // Its arguments are type names, which lang-c cannot parse there.
    let line = before.rsplit('\n').next().unwrap_or("");
    if line.contains("__builtin_types_compatible_p") {
        return Some("__builtin_types_compatible_p");
    }
    // `asm goto`, `asm volatile goto`: lang-c's grammar has no labels
    // among an `asm`'s operands.
    let asm_qualifiers = ["asm", "__asm__", "__asm", "volatile", "__volatile__", "__volatile", "inline", "__inline__"];
    if identifier_at(text, offset) == Some("goto") && asm_qualifiers.contains(&previous_word) {
        return Some("asm goto");
    }
    let words = [identifier_at(text, offset).unwrap_or(""), previous_word];
    for word in words {
        match word {
            "asm" | "__asm__" | "__asm" => return Some("inline assembly"),
            "__int128" | "__int128_t" | "__uint128_t" | crate::int128::MARKER => return Some("__int128"),
            "_Complex" | "__complex__" | "__complex" | "__real__" | "__imag__" | "__real" | "__imag" => return Some("complex numbers"),
            "__label__" => return Some("local labels (__label__)"),
            "__float128" | "__float80" | "__ibm128" => return Some("__float128 and __float80"),
            _ => {}
        }
    }
    // `int f(int x) {` inside a function body: a GNU nested function.
    if at == Some('{') && brace_depth(before) > 0 && looks_like_function_header(before) {
        return Some("nested function definitions");
    }
    None
}

/// Whether `before` ends with `type name(…)`: a `)` whose `(` follows an
/// identifier that is not a keyword and is itself preceded by a type (an
/// identifier or `*`), unlike `if (…)` or `while (…)`.
fn looks_like_function_header(before: &str) -> bool {
    let Some(inside) = before.strip_suffix(')') else { return false };
    let mut depth = 1usize;
    let mut open = None;
    for (i, c) in inside.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    open = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let Some(open) = open else { return false };
    let head = inside[..open].trim_end();
    let name = head.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
    const KEYWORDS: &[&str] = &["if", "while", "for", "switch", "return", "sizeof", "case", "do", "else", "_Alignof", "__typeof__", "typeof"];
    if name.is_empty() || name.as_bytes()[0].is_ascii_digit() || KEYWORDS.contains(&name) {
        return false;
    }
    let type_end = without_trailing_attributes(head[..head.len() - name.len()].trim_end());
    type_end.ends_with('*') || type_end.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
}

/// `text` without the `__attribute__((…))` specifiers it ends with
/// (`void __attribute__((used)) q(void)` has the type `void`).
fn without_trailing_attributes(mut text: &str) -> &str {
    while let Some(inside) = text.strip_suffix(')') {
        let mut depth = 1usize;
        let open = inside.char_indices().rev().find(|&(_, c)| {
            match c {
                ')' => depth += 1,
                '(' => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        let Some((open, _)) = open else { return text };
        let keyword = inside[..open].trim_end();
        match ["__attribute__", "__attribute"].iter().find_map(|k| keyword.strip_suffix(k)) {
            Some(rest) => text = rest.trim_end(),
            None => return text,
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected() -> HashSet<&'static str> {
        [";", "="].into_iter().collect()
    }

    #[test]
    fn nested_functions_with_attributes_are_nested_functions() {
        let text = "int main(void) {\n  __label__ l1;\n  void __attribute__((used)) q(void)\n  {\n    goto l1;\n  }\n}";
        let at = text.find("  {\n    goto").unwrap() + 2;
        assert_eq!(message(text, at, &expected()), "unsupported: nested function definitions");
    }

    #[test]
    fn names_what_is_outside_the_subset() {
        let text = "int main() {\n  int f(int x)\n  { return x; }\n}";
        let at = text.rfind("  {").unwrap() + 2;
        assert_eq!(message(text, at, &expected()), "unsupported: nested function definitions");
        let text = "typedef __int128 L;";
        assert_eq!(message(text, text.find(" L").unwrap() + 1, &expected()), "unsupported: __int128");
        let text = "void f(void) { asm volatile goto (\"\" : : : : out); out:; }";
        assert_eq!(message(text, text.find("goto").unwrap(), &expected()), "unsupported: asm goto");
        let text = "int f() { __complex__ float y; }";
        assert_eq!(message(text, text.find("float").unwrap(), &expected()), "unsupported: complex numbers");
    }

    #[test]
    fn other_errors_stay_syntax_errors() {
        let text = "int x = ;";
        assert_eq!(message(text, 8, &expected()), "syntax error: expected ;, =");
        let text = "int main(void) {\n  if ((x > 1) {\n";
        assert_eq!(message(text, text.rfind('{').unwrap(), &expected()), "syntax error: expected ;, =");
    }
}
