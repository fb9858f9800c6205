//! The pragmas nissecc acts on. lang-c skips `#pragma` lines, so they are
//! read from the preprocessed text (where `_Pragma("…")` has become a
//! `#pragma` line too). Pragmas a compiler does not know are ignored, as
//! GCC ignores them, with three exceptions:
//! - `#pragma weak name` makes `name` a weak symbol, as
//!   `__attribute__((weak))` on a declaration does (GCC manual, "Weak
//!   Pragmas"), and `#pragma weak name = target` makes `name` a weak
//!   alias of `target`, which the unit must define (see `lower::aliases`);
//! - `#pragma pack` sets the largest alignment of the members of the
//!   structs and unions defined after it (GCC manual, "Structure-Layout
//!   Pragmas"): `pack(N)`, `pack()` for the default, `pack(push[, id][,
//!   N])` and `pack(pop[, id])`. The value in force at a record's closing
//!   brace applies to it (see `types::TypeTable::complete_record`);
//! - `#pragma scalar_storage_order big-endian` would store the scalars of
//!   the structs after it byte-swapped, which nissecc does not do: it is
//!   an `unsupported:` error rather than silently ignored (gcc.dg's
//!   sso-6), as the `scalar_storage_order` attribute is.

use crate::diagnostic::Diagnostic;
use lang_c::span::Span;

/// What the pragmas of a translation unit ask for.
#[derive(Debug, Default)]
pub struct Pragmas {
    /// The names of `#pragma weak name`.
    pub weak: Vec<String>,
    /// `#pragma weak name = target`: the name, the target and the span of
    /// the pragma.
    pub weak_aliases: Vec<(String, String, Span)>,
    /// The largest member alignment in force from each `#pragma pack` on,
    /// by the offset of its line (`None`: the natural alignments).
    pub pack: Vec<(usize, Option<u64>)>,
}

/// The state of `#pragma pack`: the value in force and the pushed ones,
/// each with the identifier it was pushed with, if any.
#[derive(Default)]
struct PackStack {
    current: Option<u64>,
    pushed: Vec<(Option<String>, Option<u64>)>,
}

impl PackStack {
    /// Applies the arguments of one `#pragma pack(…)` (the text between
    /// the parentheses). Malformed ones are ignored, as GCC ignores them
    /// with a warning.
    fn apply(&mut self, arguments: &str) {
        let words: Vec<&str> = arguments.split(',').map(str::trim).collect();
        let value = |word: &str| word.parse::<u64>().ok().filter(|n| [1, 2, 4, 8, 16].contains(n));
        match words.as_slice() {
            [""] => self.current = None,
            [n] if value(n).is_some() => self.current = value(n),
            ["push", rest @ ..] if rest.len() <= 2 => {
                let (id, n) = match rest {
                    [] => (None, None),
                    [n] if value(n).is_some() => (None, value(n)),
                    [id] if is_identifier(id) => (Some(id.to_string()), None),
                    [id, n] if is_identifier(id) && value(n).is_some() => (Some(id.to_string()), value(n)),
                    _ => return,
                };
                self.pushed.push((id, self.current));
                if n.is_some() {
                    self.current = n;
                }
            }
            ["pop"] => {
                if let Some((_, previous)) = self.pushed.pop() {
                    self.current = previous;
                }
            }
            ["pop", id] if is_identifier(id) => {
                // Pops down to the entry pushed with `id`, if there is one.
                if let Some(at) = self.pushed.iter().rposition(|(name, _)| name.as_deref() == Some(*id)) {
                    self.current = self.pushed[at].1;
                    self.pushed.truncate(at);
                }
            }
            _ => {}
        }
    }
}

/// Reads the pragmas of the preprocessed `text`, or the first one outside
/// the subset.
pub fn read(text: &str) -> Result<Pragmas, Diagnostic> {
    let mut pragmas = Pragmas::default();
    let mut pack = PackStack::default();
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
        match words.get(1) {
            Some(w) if w.starts_with("pack") => {
                let rest = directive.trim_start().strip_prefix("pragma").unwrap_or("").trim_start();
                let arguments = rest.strip_prefix("pack").map(str::trim).and_then(|r| r.strip_prefix('(')).and_then(|r| r.trim_end().strip_suffix(')'));
                if let Some(arguments) = arguments {
                    pack.apply(arguments);
                    pragmas.pack.push((at, pack.current));
                }
            }
            Some(&"weak") => {
                let rest = directive.trim_start().strip_prefix("pragma").unwrap_or("").trim_start();
                let rest = rest.strip_prefix("weak").unwrap_or("");
                match rest.split('=').map(str::trim).collect::<Vec<_>>()[..] {
                    [name] if is_identifier(name) => pragmas.weak.push(name.to_string()),
                    [name, target] if is_identifier(name) && is_identifier(target) => {
                        pragmas.weak_aliases.push((name.to_string(), target.to_string(), span))
                    }
                    _ => return Err(Diagnostic::error_at(span, "malformed #pragma weak, expected '#pragma weak name' or '#pragma weak name = target'")),
                }
            }
            // Big-endian storage of the structs declared after it; the
            // native (little-endian) order and `default` change nothing.
            Some(&"scalar_storage_order") if words.get(2) == Some(&"big-endian") => {
                return Err(Diagnostic::unsupported(span, "#pragma scalar_storage_order big-endian"));
            }
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
        read(text).map_err(|d| d.message)
    }

    #[test]
    fn big_endian_storage_order_is_unsupported() {
        assert!(read_text("#pragma scalar_storage_order little-endian\n#pragma scalar_storage_order default\n").is_ok());
        let refused = read_text("#pragma scalar_storage_order big-endian\nstruct s { int i; };\n").unwrap_err();
        assert!(refused.contains("unsupported: #pragma scalar_storage_order big-endian"), "{refused}");
    }

    #[test]
    fn weak_pragmas_name_symbols() {
        let pragmas = read_text("#pragma once\n#pragma weak hook\nint x;\n  # pragma weak _other_1\n").unwrap();
        assert_eq!(pragmas.weak, ["hook", "_other_1"]);
    }

    #[test]
    fn weak_aliases_name_their_targets() {
        let pragmas = read_text("#pragma weak a = b\n#pragma weak c=_d1\n").unwrap();
        let names: Vec<_> = pragmas.weak_aliases.iter().map(|(name, target, _)| (name.as_str(), target.as_str())).collect();
        assert_eq!(names, [("a", "b"), ("c", "_d1")]);
        assert!(read_text("#pragma weak\n").unwrap_err().contains("malformed #pragma weak"));
        assert!(read_text("#pragma weak a = \n").unwrap_err().contains("malformed #pragma weak"));
        assert!(read_text("#pragma weak a = b = c\n").unwrap_err().contains("malformed #pragma weak"));
    }

    #[test]
    fn pack_pragmas_push_and_pop() {
        let text = "#pragma pack(push, 1)\n#pragma pack(push, outer, 4)\n#pragma pack (2)\n#pragma pack(push)\n\
                    #pragma pack(pop, outer)\n#pragma pack(pop)\n#pragma pack(8)\n#pragma pack()\n#pragma pack(3)\n";
        let values: Vec<Option<u64>> = read_text(text).unwrap().pack.into_iter().map(|(_, n)| n).collect();
        assert_eq!(values, [Some(1), Some(4), Some(2), Some(2), Some(1), None, Some(8), None, None]);
    }
}
