//! Labels before a declaration and at the end of a compound statement
//! (C23 §6.8.2, "Labeled statements": a label may precede a declaration
//! or a block's closing brace; GCC accepts both in every mode since
//! GCC 11). lang-c's grammar is C11's, where a label must label a
//! statement, so `again: int x = f();`, `case 3: char *p = s;` and
//! `{ ... out: }` are syntax errors there. grep's `dfa.c` and gcc.dg's
//! `c2x-labels-1.c` are written this way.
//!
//! Where a parse fails just after such a label, a null statement (`;`)
//! is inserted after its colon. The label then labels the null statement
//! at the same place, which means what C23 says: a jump to it continues
//! with the declaration (or leaves the block).

/// The text inserted.
pub const INSERTED: &str = ";";

/// Where to insert [`INSERTED`] when a parse failed at `offset`: just
/// after the colon of a label (`identifier :`, `case ... :` or
/// `default :`) that only the start of a declaration (words, `*`,
/// parentheses, commas and line markers) or nothing separates from the
/// error.
pub fn position(text: &str, offset: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    // Back from the error over what may start a declaration.
    let mut colon = offset;
    loop {
        let c = *bytes.get(colon.checked_sub(1)?)?;
        if c == b':' {
            colon -= 1;
            break;
        }
        if !may_start_a_declaration(c) {
            return None;
        }
        colon -= 1;
    }
    if bytes.get(colon + 1) == Some(&b':') || colon.checked_sub(1).map(|i| bytes[i]) == Some(b':') {
        return None;
    }
    // What the colon ends, back to the statement before it.
    let start = text[..colon].rfind([';', '{', '}', ':']).map_or(0, |i| i + 1);
    let label = text[start..colon].trim();
    let is_label = is_identifier(label) || label.starts_with("case") && label[4..].starts_with(|c: char| !is_identifier_char(c));
    is_label.then_some(colon + 1)
}

/// Whether `c` may be part of a declaration's start before the point
/// lang-c gives up: the words of its specifiers and declarator, a
/// pointer's `*`, an attribute's parentheses and commas, and the line
/// markers the preprocessor writes between lines.
fn may_start_a_declaration(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b" \t\r\n_*(),#\"./-".contains(&c)
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_identifier(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && word.chars().all(is_identifier_char)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The insertion point for an error at the first `@` (which is then
    /// removed from the text).
    fn at_marker(text: &str) -> Option<usize> {
        let offset = text.find('@').unwrap();
        position(&text.replace('@', ""), offset)
    }

    #[test]
    fn finds_labels_before_declarations() {
        assert_eq!(at_marker("{ again: int @x = 1; }"), Some(8));
        assert_eq!(at_marker("{ L: T @x; }"), Some(4));
        assert_eq!(at_marker("{ L: __attribute__((unused)) int @q; }"), Some(4));
        assert_eq!(at_marker("switch (n) { case 3: int @y; }"), Some(20));
        assert_eq!(at_marker("switch (n) { case(3): int @y; }"), Some(21));
        assert_eq!(at_marker("switch (n) { default: int @y; }"), Some(21));
        assert_eq!(at_marker("{ L:\n# 12 \"a/b.c\"\n int @y; }"), Some(4));
    }

    #[test]
    fn finds_labels_at_the_end_of_a_block() {
        assert_eq!(at_marker("{ { out: @} }"), Some(8));
    }

    #[test]
    fn leaves_other_colons_and_errors_alone() {
        // A conditional's colon, a bit-field's, an asm's, a case whose
        // label is not `case`, and an error after an expression.
        assert_eq!(at_marker("x = c ? a : int @y;"), None);
        assert_eq!(at_marker("struct { int a : 3 @b; };"), None);
        assert_eq!(at_marker("asm(\"\" : \"=r\"(x) @y);"), None);
        assert_eq!(at_marker("{ casex 3: int @y; }"), None);
        assert_eq!(at_marker("{ L: x = 1 + @; }"), None);
        assert_eq!(at_marker("{ L: ; int @y; }"), None);
        assert_eq!(at_marker("@int x;"), None);
    }
}
