//! A pass over the preprocessed text before lang-c parses it. It keeps
//! every byte offset unchanged, because diagnostics map lang-c's offsets
//! back through the `# N "file"` markers.
//!
//! - GCC's escape `\e` (and `\E`), the ESC character, is not in lang-c's
//!   grammar. Inside character constants and string literals it becomes
//!   `\c`, which lang-c accepts and `literal::unescape` decodes as ESC.
//! - lang-c's parser and the lowering recurse once per nesting level, so a
//!   program nested deeper than [`MAX_NESTING`] brackets is rejected with an
//!   error at the bracket that goes too deep, as GCC and clang stop at
//!   their own limits (clang's `-fbracket-depth` is 256).

/// The deepest nesting of `(`, `[` and `{` accepted. The compiler runs on
/// a thread with a stack large enough for this depth (see `src/main.rs`).
pub const MAX_NESTING: usize = 1024;

/// Rewrites GNU escapes in place and returns the byte offset of the first
/// bracket nested deeper than [`MAX_NESTING`], if any.
pub fn prepare(text: &mut String) -> Option<usize> {
    // Safety of the byte edits: only the ASCII letters `e`/`E` after a
    // backslash inside a literal are replaced by the ASCII letter `c`, so
    // the text stays valid UTF-8.
    let bytes = unsafe { text.as_bytes_mut() };
    let mut depth = 0usize;
    let mut too_deep = None;
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        if line_start && b == b'#' {
            // A line marker or directive left by the preprocessor.
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        line_start = b == b'\n' || (line_start && (b == b' ' || b == b'\t'));
        match b {
            b'"' | b'\'' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' && i + 1 < bytes.len() {
                        if bytes[i + 1] == b'e' || bytes[i + 1] == b'E' {
                            bytes[i + 1] = b'c';
                        }
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING && too_deep.is_none() {
                    too_deep = Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    too_deep
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnu_escape_becomes_c_inside_literals_only() {
        let mut text = String::from("# 1 \"a\\e.c\"\nint e = '\\e'; char *s = \"x\\E\\\\e\";\n");
        assert_eq!(prepare(&mut text), None);
        assert_eq!(text, "# 1 \"a\\e.c\"\nint e = '\\c'; char *s = \"x\\c\\\\e\";\n");
    }

    #[test]
    fn deep_nesting_is_found() {
        let mut text = "(".repeat(MAX_NESTING + 1);
        assert_eq!(prepare(&mut text), Some(MAX_NESTING));
        let mut text = "(".repeat(MAX_NESTING) + &")".repeat(MAX_NESTING);
        assert_eq!(prepare(&mut text), None);
    }
}
