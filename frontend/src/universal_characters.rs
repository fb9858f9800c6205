//! Universal character names (C11 §6.4.3), `\u00e9` and `\U0001F600`, in
//! string literals and character constants, which lang-c's lexer does not
//! accept. Before parsing each becomes escapes it does accept: in a plain
//! or `u8` literal, octal escapes of the character's UTF-8 bytes, which is
//! how GCC encodes it there; in a wide (`L`, `u`, `U`) literal a hex
//! escape of the code point, closed by `"L"` (the literal's prefix) when
//! a hex digit follows, so that the escape does not swallow it. The
//! replacement is longer than the name: its first bytes overwrite the
//! name and the rest is inserted after it, an insertion the source map
//! accounts for.

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut replacements: Vec<(usize, usize, String)> = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        if line_start && b == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        line_start = b == b'\n' || (line_start && (b == b' ' || b == b'\t'));
        if b != b'"' && b != b'\'' {
            i += 1;
            continue;
        }
        let prefix = literal_prefix(bytes, i);
        let quote = b;
        i += 1;
        while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
            if bytes[i] != b'\\' {
                i += 1;
                continue;
            }
            if let Some((len, code)) = universal_name(&bytes[i..]) {
                let after = bytes.get(i + len).copied();
                if let Some(new) = replacement(code, len, prefix, quote, after) {
                    replacements.push((i, len, new));
                }
                i += len;
            } else {
                i += 2;
            }
        }
        i += 1;
    }
    let mut made = Vec::new();
    // From the end backwards, so each offset still holds when used.
    for (at, len, new) in replacements.into_iter().rev() {
        let (overwrite, rest) = new.split_at(len);
        text.replace_range(at..at + overwrite.len(), overwrite);
        if !rest.is_empty() {
            text.insert_str(at + len, rest);
            made.push((at + len, rest.len()));
        }
    }
    made
}

/// The prefix (`L`, `u`, `U`, `u8` or none) of the literal whose quote is
/// at `quote`.
fn literal_prefix(bytes: &[u8], quote: usize) -> &'static str {
    let identifier = |p: usize| bytes.get(p).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let before = |n: usize| quote.checked_sub(n);
    match (before(2).map(|p| &bytes[p..quote]), before(1).map(|p| bytes[p])) {
        (Some(b"u8"), _) if before(3).is_none_or(|p| !identifier(p)) => "u8",
        (_, Some(b'L')) if before(2).is_none_or(|p| !identifier(p)) => "L",
        (_, Some(b'u')) if before(2).is_none_or(|p| !identifier(p)) => "u",
        (_, Some(b'U')) if before(2).is_none_or(|p| !identifier(p)) => "U",
        _ => "",
    }
}

/// The length and code point of a `\uXXXX` or `\UXXXXXXXX` at the start
/// of `bytes`.
fn universal_name(bytes: &[u8]) -> Option<(usize, u32)> {
    let digits = match bytes.get(1)? {
        b'u' => 4,
        b'U' => 8,
        _ => return None,
    };
    let hex = bytes.get(2..2 + digits)?;
    let code = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
    char::from_u32(code)?;
    Some((2 + digits, code))
}

/// The escapes that stand for the `len` bytes of a name of `code` in a
/// literal with `prefix` and `quote`, followed by the byte `after`: at
/// least as long as the name, or `None` when no such spelling is known
/// (a one- or two-byte `\U` name in a plain character constant).
fn replacement(code: u32, len: usize, prefix: &str, quote: u8, after: Option<u8>) -> Option<String> {
    let mut escape = if prefix.is_empty() || prefix == "u8" {
        let ch = char::from_u32(code).expect("checked by universal_name");
        let mut buf = [0u8; 4];
        let octal: String = ch.encode_utf8(&mut buf).bytes().map(|b| format!("\\{b:03o}")).collect();
        if octal.len() >= len {
            octal
        } else if quote == b'"' {
            // Pad with empty literals, which concatenation drops.
            let mut padded = octal;
            while padded.len() < len {
                padded.push_str(&format!("\"{prefix}\""));
            }
            padded
        } else if code < 0x80 && len == 6 {
            format!("\\x{code:04x}")
        } else {
            return None;
        }
    } else {
        // Leading zeros keep the hex escape as long as the name.
        format!("\\x{code:0width$x}", width = len - 2)
    };
    if !prefix.is_empty() && prefix != "u8" && quote == b'"' && after.is_some_and(|b| b.is_ascii_hexdigit()) {
        escape.push_str(&format!("\"{prefix}\""));
    }
    Some(escape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_escapes_lang_c_reads() {
        let mut text = r#"char *s = "(?i)\ufb00a\u0041"; int c = L'\u00e9'; int *w = L"\u00e9a\U0001F600";"#.to_string();
        let insertions = rewrite(&mut text);
        assert_eq!(text, r#"char *s = "(?i)\357\254\200a\101"""; int c = L'\x00e9'; int *w = L"\x00e9"L"a\x0001f600";"#);
        assert_eq!(insertions.len(), 2);
    }

    #[test]
    fn other_escapes_and_code_are_left_alone() {
        let mut text = "char *s = \"\\\\u00e9 \\x41\"; int u = 1;\n# 1 \"\\u.h\"\n".to_string();
        let before = text.clone();
        assert!(rewrite(&mut text).is_empty());
        assert_eq!(text, before);
    }
}
