//! GCC's local labels (GCC manual, "Local Labels"): `__label__ a, b;` at
//! the start of a block makes the labels `a` and `b` local to it, so a
//! macro that expands to a statement expression with a label can be used
//! twice in one function. lang-c's grammar lacks the declaration, so
//! before parsing each one is blanked out of the text ([`take`]) and
//! returned with its offset; the lowering gives the labels declared at the
//! head of a block names of their own for the block's extent
//! (`Lowerer::enter_block`), and `goto`, `&&label` and the label's
//! definition resolve a name through those scopes.

use crate::lexical_prepass::{is_identifier_byte, keyword_occurrences, skip_blanks_and_markers};

const KEYWORD: &[u8] = b"__label__";

/// Blanks every `__label__ name, …;` declaration and returns, for each, the
/// offset of its keyword and the names it declares. A declaration that is
/// not a list of identifiers ended by `;` is left for the parser to reject.
pub fn take(text: &mut String) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    for at in keyword_occurrences(text.as_bytes(), KEYWORD) {
        let Some((names, end)) = declaration(text.as_bytes(), at + KEYWORD.len()) else { continue };
        // Newlines stay, so that lines keep their numbers.
        let blanked: String = text[at..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
        text.replace_range(at..end, &blanked);
        found.push((at, names));
    }
    found
}

/// The names of the declaration whose list starts at `i`, and the offset
/// just after its `;`.
fn declaration(bytes: &[u8], mut i: usize) -> Option<(Vec<String>, usize)> {
    let mut names = Vec::new();
    loop {
        i = skip_blanks_and_markers(bytes, i);
        let start = i;
        while i < bytes.len() && is_identifier_byte(bytes[i]) {
            i += 1;
        }
        if i == start || bytes[start].is_ascii_digit() {
            return None;
        }
        names.push(String::from_utf8_lossy(&bytes[start..i]).into_owned());
        i = skip_blanks_and_markers(bytes, i);
        match bytes.get(i) {
            Some(b',') => i += 1,
            Some(b';') => return Some((names, i + 1)),
            _ => return None,
        }
    }
}

/// The name a local label `name` gets in the scope numbered `scope`: no
/// identifier contains `#`, so it cannot meet another label.
pub fn scoped_name(name: &str, scope: usize) -> String {
    format!("{name}#{scope}")
}

/// The name to show in a diagnostic for a label's internal name.
pub fn written_name(name: &str) -> &str {
    name.split('#').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_blanked_and_their_names_returned() {
        let mut text = String::from("int f(void) { __label__ out, again;\n goto out; out: return 1; } char *s = \"__label__ x;\";");
        let length = text.len();
        let found = take(&mut text);
        assert_eq!(found, vec![(14, vec!["out".to_string(), "again".to_string()])]);
        assert_eq!(text.len(), length);
        assert!(text.starts_with("int f(void) {                      \n goto out;"));
        assert!(text.ends_with("\"__label__ x;\";"));
    }

    #[test]
    fn a_malformed_declaration_stays_for_the_parser() {
        let mut text = String::from("{ __label__ 1x; }");
        assert!(take(&mut text).is_empty());
        assert_eq!(text, "{ __label__ 1x; }");
    }

    #[test]
    fn internal_names_show_as_written() {
        assert_eq!(written_name(&scoped_name("out", 3)), "out");
        assert_eq!(written_name("plain"), "plain");
    }
}
