//! C89's implicit `int` (C89 §3.5.2; removed in C99, still accepted by GCC
//! with a warning): `static counter = 0;`, `register i;`, `const c = 3;`,
//! typeless objects at file scope, `a, b = 2;`, and functions defined
//! without a return type, `f(x) { … }`. lang-c's
//! grammar requires a type specifier, so where a parse fails for the lack
//! of one, the frontend inserts `int ` into the text and parses again.

/// The text inserted.
pub const INSERTED: &str = "int ";

/// Specifiers after which a missing type is C89's implicit `int`.
const SPECIFIERS: &[&str] = &[
    "typedef", "static", "extern", "register", "auto", "const", "volatile", "inline", "__inline", "__inline__", "__const", "__volatile__",
];

/// Keywords that can never be an implicitly typed declarator.
const KEYWORDS: &[&str] = &[
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float", "for", "goto", "if",
    "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
    "unsigned", "void", "volatile", "while", "_Bool", "_Complex", "_Static_assert", "__attribute__", "__extension__", "__asm__", "asm",
    "typeof", "__typeof__",
];

/// The identifier starting at `offset`, if one does.
pub fn identifier_at(text: &str, offset: usize) -> Option<&str> {
    let rest = text.get(offset..)?;
    let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
    let word = &rest[..len];
    (len > 0 && !word.as_bytes()[0].is_ascii_digit()).then_some(word)
}

/// Where to insert `int` after a parse error at `offset` that expected a
/// type name: before an identifier that follows a storage class or
/// qualifier, or before one that starts a declaration (after `;`, `}`,
/// `{` or a preprocessor line) and is followed by `(`.
pub fn position(text: &str, offset: usize, expected: &std::collections::HashSet<&'static str>) -> Option<usize> {
    if !expected.contains("<typedef_name>") {
        return None;
    }
    let before = text[..offset].trim_end_matches([' ', '\t', '\r']);
    // The specifiers may end a line before (`register\n  result = …`).
    let previous_word = before.trim_end().rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
    let after_specifier = (!previous_word.is_empty() && SPECIFIERS.contains(&previous_word)) || after_specifier_group(before.trim_end());
    // `static *p;` and `static (*f)();` declare pointers to `int`.
    if after_specifier && text[offset..].starts_with(['*', '(']) {
        return Some(offset);
    }
    // A typeless function returning a pointer, `*cell(i) { … }`, starts
    // with its declarator's stars.
    let stars = text[offset..].len() - text[offset..].trim_start_matches(['*', ' ', '\t', '\r', '\n']).len();
    let name_offset = offset + stars;
    let name = identifier_at(text, name_offset)?;
    if KEYWORDS.contains(&name) {
        return None;
    }
    if after_specifier && stars == 0 {
        return Some(offset);
    }
    let starts_declaration = before.is_empty()
        || before.ends_with([';', '}', '{'])
        || before.rsplit('\n').next().is_some_and(|line| line.trim_start().starts_with('#'))
        || before.ends_with('\n');
    let after = text[name_offset + name.len()..].trim_start();
    // At file scope, a declaration may have no specifiers at all: `n;`,
    // `a, b, c;`, `limit = 4.5e15, *p;` declare `int` objects (GCC:
    // "data definition has no type or storage class").
    let declares_objects = brace_depth(before) == 0 && after.starts_with([';', ',', '=', '[']);
    (starts_declaration && (after.starts_with('(') || declares_objects)).then_some(offset)
}

/// How many braces are open at the end of `text` (a rough count: it does
/// not skip literals, which is enough to tell file scope from a body).
pub fn brace_depth(text: &str) -> usize {
    text.bytes().fold(0usize, |depth, b| match b {
        b'{' => depth + 1,
        b'}' => depth.saturating_sub(1),
        _ => depth,
    })
}

/// Whether `before` ends with `_Alignas(…)` or `__attribute__((…))`,
/// which may stand in for the type's other specifiers (`_Alignas(16) x;`).
fn after_specifier_group(before: &str) -> bool {
    if !before.ends_with(')') {
        return false;
    }
    let mut depth = 0usize;
    for (i, c) in before.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    let word = before[..i].trim_end();
                    let word = word.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
                    return matches!(word, "_Alignas" | "__attribute__" | "__attribute");
                }
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected() -> std::collections::HashSet<&'static str> {
        ["<typedef_name>"].into_iter().collect()
    }

    #[test]
    fn inserts_after_a_storage_class_or_before_a_typeless_function() {
        let text = "static counter = 0;\nf(x) { }\n";
        assert_eq!(position(text, 7, &expected()), Some(7));
        let f = text.find("f(").unwrap();
        assert_eq!(position(text, f, &expected()), Some(f));
        let text = "_Alignas(16) i3;";
        assert_eq!(position(text, 13, &expected()), Some(13));
        let text = "int n;\n*cell(i) { }\n";
        let star = text.find('*').unwrap();
        assert_eq!(position(text, star, &expected()), Some(star));
    }

    #[test]
    fn inserts_before_typeless_objects_at_file_scope() {
        let text = "a, b;\nlimit = 4.5e15,\n  w6 = 1;\nint f(void) {\n  register\n    r = 2;\n}\n";
        assert_eq!(position(text, 0, &expected()), Some(0));
        let limit = text.find("limit").unwrap();
        assert_eq!(position(text, limit, &expected()), Some(limit));
        let r = text.find("r = 2").unwrap();
        assert_eq!(position(text, r, &expected()), Some(r));
        // In a block, `x;` is an expression statement, never a failed
        // declaration.
        let text = "void f(void) {\n  unknown_t;\n}";
        let at = text.find("unknown_t").unwrap();
        assert_eq!(position(text, at, &expected()), None);
    }

    #[test]
    fn leaves_unknown_type_names_alone() {
        let text = "size_tt x;";
        assert_eq!(position(text, 0, &expected()), None);
        assert_eq!(identifier_at(text, 0), Some("size_tt"));
    }
}
