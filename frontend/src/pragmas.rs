//! The pragmas nissecc acts on. lang-c skips `#pragma` lines, so they are
//! read from the preprocessed text (where `_Pragma("…")` has become a
//! `#pragma` line too). Pragmas a compiler does not know are ignored, as
//! GCC ignores them, with two exceptions:
//! - `#pragma weak name` makes `name` a weak symbol, as
//!   `__attribute__((weak))` on a declaration does (GCC manual, "Weak
//!   Pragmas"); the alias form `#pragma weak name = target` is
//!   unsupported, as the `alias` attribute is;
//! - `#pragma pack` changes struct layout, which nissecc does not
//!   implement, and is reported as unsupported outside system headers.

use crate::diagnostic::Diagnostic;
use crate::source_map::SourceMap;
use lang_c::span::Span;

/// What the pragmas of a translation unit ask for.
#[derive(Debug, Default)]
pub struct Pragmas {
    /// The names of `#pragma weak name`.
    pub weak: Vec<String>,
}

/// Reads the pragmas of the preprocessed `text`, or the first one outside
/// the subset.
pub fn read(text: &str, map: &SourceMap) -> Result<Pragmas, Diagnostic> {
    let mut pragmas = Pragmas::default();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let Some(directive) = line.trim_start().strip_prefix('#') else { continue };
        let words: Vec<&str> = directive.split_whitespace().collect();
        if words.first() != Some(&"pragma") {
            continue;
        }
        let span = Span::span(at, at + line.trim_end().len());
        let user_code = !map.locate(at).file.starts_with("/usr/");
        match words.get(1) {
            Some(w) if w.starts_with("pack") && user_code => return Err(Diagnostic::unsupported(span, "#pragma pack")),
            Some(&"weak") => match words[2..] {
                _ if directive.contains('=') => return Err(Diagnostic::unsupported(span, "#pragma weak with an alias")),
                [name] if is_identifier(name) => pragmas.weak.push(name.to_string()),
                _ => return Err(Diagnostic::error_at(span, "malformed #pragma weak, expected '#pragma weak name'")),
            },
            _ => {}
        }
    }
    Ok(pragmas)
}

fn is_identifier(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> Result<Pragmas, String> {
        let map = SourceMap::new(text, "t.c");
        read(text, &map).map_err(|d| d.message)
    }

    #[test]
    fn weak_pragmas_name_symbols() {
        let pragmas = read_text("#pragma once\n#pragma weak hook\nint x;\n  # pragma weak _other_1\n").unwrap();
        assert_eq!(pragmas.weak, ["hook", "_other_1"]);
    }

    #[test]
    fn weak_aliases_and_pack_are_outside_the_subset() {
        assert!(read_text("#pragma weak a = b\n").unwrap_err().contains("unsupported: #pragma weak with an alias"));
        assert!(read_text("#pragma weak a=b\n").unwrap_err().contains("unsupported: #pragma weak with an alias"));
        assert!(read_text("#pragma pack(1)\n").unwrap_err().contains("unsupported: #pragma pack"));
        assert!(read_text("#pragma weak\n").unwrap_err().contains("malformed #pragma weak"));
    }
}
