//! C23's attribute specifiers, `[[nodiscard]]`, `[[gnu::cold]]`, which
//! lang-c's grammar lacks. GCC's preprocessor answers
//! `__has_c_attribute (__maybe_unused__)` also under `-std=gnu17`, so
//! gnulib (sed, grep, coreutils…) spells `_GL_ATTRIBUTE_MAYBE_UNUSED`
//! as `[[__maybe_unused__]]` and `_GL_ATTRIBUTE_NODISCARD` as
//! `[[__nodiscard__]]` for nissecc too.
//!
//! A specifier whose attributes change nothing nissecc does (warnings
//! and optimization hints: C23's standard attributes and the GNU ones
//! listed in [`IGNORED`]) is blanked, which keeps every offset; one
//! with any other attribute (`[[gnu::packed]]`, `[[gnu::aligned(8)]]`…)
//! is unsupported. In C, `[` never starts an expression, so `[ [`
//! outside literals always opens an attribute specifier.

use crate::lexical_prepass::{is_identifier_byte, scan, skip_blanks_and_markers};

/// The attributes, without a `gnu::` prefix or `__` around them, that
/// are blanked.
const IGNORED: &[&str] = &[
    // C23 (§6.7.13).
    "deprecated",
    "fallthrough",
    "maybe_unused",
    "nodiscard",
    "noreturn",
    "_Noreturn",
    "unsequenced",
    "reproducible",
    // GNU attributes that are warnings or hints only.
    "unused",
    "always_inline",
    "noinline",
    "cold",
    "hot",
    "const",
    "pure",
    "nonnull",
    "returns_nonnull",
    "warn_unused_result",
    "format",
    "format_arg",
    "malloc",
    "alloc_size",
    "alloc_align",
    "nothrow",
    "leaf",
    "sentinel",
    "access",
    "artificial",
    "flatten",
];

/// Blanks every attribute specifier in `text` (see the module header),
/// or returns the offset of one nissecc does not support and what it
/// holds.
pub fn blank(text: &mut String) -> Result<(), (usize, String)> {
    let bytes = text.as_bytes();
    let mut specifiers: Vec<(usize, usize)> = Vec::new();
    let mut error = None;
    let mut resume = 0;
    scan(bytes, |i| {
        if i < resume || error.is_some() || bytes[i] != b'[' {
            return;
        }
        let second = skip_blanks_and_markers(bytes, i + 1);
        if bytes.get(second) != Some(&b'[') {
            return;
        }
        match specifier_end(bytes, second + 1) {
            Ok(end) => {
                specifiers.push((i, end));
                resume = end;
            }
            Err(what) => error = Some((i, what)),
        }
    });
    if let Some(error) = error {
        return Err(error);
    }
    // Safety: only ASCII bytes other than newlines become spaces.
    let bytes = unsafe { text.as_bytes_mut() };
    for (start, end) in specifiers {
        for b in &mut bytes[start..end] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    Ok(())
}

/// The offset after the `]]` that closes the attribute list starting at
/// `at`, or the description of an attribute that is not ignored.
fn specifier_end(bytes: &[u8], mut at: usize) -> Result<usize, String> {
    let malformed = || "an attribute specifier nissecc cannot read".to_string();
    loop {
        at = skip_blanks_and_markers(bytes, at);
        match bytes.get(at) {
            Some(b']') => {
                let close = skip_blanks_and_markers(bytes, at + 1);
                return if bytes.get(close) == Some(&b']') { Ok(close + 1) } else { Err(malformed()) };
            }
            Some(b',') => {
                at += 1;
                continue;
            }
            _ => {}
        }
        let (first, after) = identifier(bytes, at).ok_or_else(malformed)?;
        at = skip_blanks_and_markers(bytes, after);
        let mut name = first;
        let mut prefix = None;
        if bytes[at..].starts_with(b"::") {
            let (second, after) = identifier(bytes, skip_blanks_and_markers(bytes, at + 2)).ok_or_else(malformed)?;
            prefix = Some(name);
            name = second;
            at = skip_blanks_and_markers(bytes, after);
        }
        if bytes.get(at) == Some(&b'(') {
            at = arguments_end(bytes, at).ok_or_else(malformed)?;
        }
        let bare = name.strip_prefix("__").and_then(|n| n.strip_suffix("__")).unwrap_or(name);
        let known_prefix = prefix.is_none_or(|p| p == "gnu" || p == "__gnu__");
        if !known_prefix || !IGNORED.contains(&bare) {
            let full = prefix.map_or(name.to_string(), |p| format!("{p}::{name}"));
            return Err(format!("attribute '[[{full}]]'"));
        }
    }
}

/// The identifier at `at` and the offset after it.
fn identifier(bytes: &[u8], at: usize) -> Option<(&str, usize)> {
    let mut end = at;
    while end < bytes.len() && is_identifier_byte(bytes[end]) {
        end += 1;
    }
    if end == at || bytes[at].is_ascii_digit() {
        return None;
    }
    Some((std::str::from_utf8(&bytes[at..end]).ok()?, end))
}

/// The offset after the balanced parentheses opening at `at`, skipping
/// string and character literals (`[[deprecated("use g()")]]`).
fn arguments_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    let mut depth = 0usize;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at + 1);
                }
            }
            b'"' | b'\'' => {
                at += 1;
                while *bytes.get(at)? != b {
                    if bytes[at] == b'\\' {
                        at += 1;
                    }
                    at += 1;
                }
            }
            _ => {}
        }
        at += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blanked(source: &str) -> Result<String, (usize, String)> {
        let mut text = source.to_string();
        blank(&mut text).map(|()| text)
    }

    #[test]
    fn ignored_attributes_are_blanked_in_place() {
        let source = "[[nodiscard, gnu::cold]] int f([[__maybe_unused__]] char **p);\n\
                      int a[3][2]; int g(int x) { switch (x) { case 1: x++; [[fallthrough]]; default: return a[x][0]; } }\n\
                      [[deprecated(\"use g() ]]\")]] int h(void); char *s = \"[[packed]]\";\n";
        let text = blanked(source).unwrap();
        assert_eq!(text.len(), source.len());
        assert!(text.starts_with("                         int f(                     char **p);"), "{text}");
        assert!(text.contains(&format!("case 1: x++; {}; default", " ".repeat(15))), "{text}");
        assert!(text.contains("\"[[packed]]\""), "{text}");
        assert!(!text.contains("deprecated"), "{text}");
    }

    #[test]
    fn attributes_that_change_layout_are_unsupported() {
        let (at, what) = blanked("struct s { char c; int i [[gnu::packed]]; };").unwrap_err();
        assert_eq!(at, 25);
        assert_eq!(what, "attribute '[[gnu::packed]]'");
        assert!(blanked("int x [[clang::annotate(\"x\")]];").is_err());
        assert!(blanked("[[nodiscard, gnu::aligned(8)]] int y;").is_err());
    }
}
