//! A pass over the preprocessed text before lang-c parses it. It keeps
//! every byte offset unchanged, because diagnostics map lang-c's offsets
//! back through the `# N "file"` markers.
//!
//! - GCC's escape `\e` (and `\E`), the ESC character, is not in lang-c's
//!   grammar. Inside character constants and string literals it becomes
//!   `\c`, which lang-c accepts and `literal::unescape` decodes as ESC.
//! - GCC's `__extension__`, which only silences pedantic warnings, is
//!   blanked: lang-c reads `__extension__ (T)(x)` as a call of `(T)`.
//! - Digraphs (C11 §6.4.6p3), `<:` `:>` `<%` `%>`, which lang-c does not
//!   know, become `[ `, `] `, `{ ` and `} ` outside literals (the
//!   preprocessor already handled `%:`).
//! - lang-c's parser and the lowering recurse once per nesting level, so a
//!   program nested deeper than [`MAX_NESTING`] brackets is rejected with an
//!   error at the bracket that goes too deep, as GCC and clang stop at
//!   their own limits (clang's `-fbracket-depth` is 256).
//! - Universal character names in literals (`"caf\u00e9"`,
//!   `U'\U0001F600'`, C11 §6.4.3), which lang-c's escapes lack, become
//!   the characters themselves in UTF-8, which is shorter; spaces after
//!   the literal's closing quote keep the offsets of what follows.
//! - GCC's `__thread` storage class, which lang-c lacks, becomes C11's
//!   `_Thread_local` (see [`thread_keywords`]).
//! - GCC's fallthrough statement, `__attribute__((fallthrough));` between
//!   `case`s, is a null statement with an attribute, which lang-c's
//!   grammar lacks; the attribute is blanked and the `;` stays.

/// The identifier inserted between the `?` and `:` of GCC's conditional
/// with an omitted middle operand, `a ?: b`, which lang-c cannot parse;
/// the lowering reads it as "the condition's value".
pub const OMITTED_OPERAND: &str = "__nissecc_omitted_operand__";

/// The offsets just after each `?` that a `:` follows with only white
/// space between (GCC's `a ?: b`), outside literals and line markers.
pub fn gnu_conditionals(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    scan(bytes, |i| {
        if bytes[i] == b'?' {
            let mut j = i + 1;
            while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t' || bytes[j] == b'\n') {
                j += 1;
            }
            if bytes.get(j) == Some(&b':') {
                found.push(i + 1);
            }
        }
    });
    found
}

/// Calls `visit` with the offset of every byte of code outside literals,
/// comments having been removed by the preprocessor, and preprocessor
/// lines.
pub(crate) fn scan(bytes: &[u8], visit: impl FnMut(usize)) {
    walk(bytes, visit, |_, _| {});
}

/// The offset of the first byte at or after `i` that is neither white
/// space nor in a line marker (`# 4 "file.c" 3 4`), which the
/// preprocessor puts between the tokens of a macro's expansion.
pub(crate) fn skip_blanks_and_markers(bytes: &[u8], mut i: usize) -> usize {
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let at_line_start = i == 0 || bytes[..i].iter().rev().take_while(|&&b| b != b'\n').all(|b| b.is_ascii_whitespace());
        if !(at_line_start && bytes.get(i) == Some(&b'#')) {
            return i;
        }
        while i < bytes.len() && bytes[i] != b'\n' {
            i += 1;
        }
    }
}

/// Text copied from one place of the preprocessed text to be inserted on
/// one line elsewhere: its line markers dropped and its newlines spaces.
pub(crate) fn on_one_line(text: &str) -> String {
    text.lines().filter(|line| !line.trim_start().starts_with('#')).collect::<Vec<_>>().join(" ")
}

/// The walk behind [`scan`]: it also calls `escape` with the offset of
/// the character after each backslash inside a literal, and the quote
/// that delimits the literal.
fn walk(bytes: &[u8], mut visit: impl FnMut(usize), mut escape: impl FnMut(usize, u8)) {
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
        if b == b'"' || b == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != b && bytes[i] != b'\n' {
                if bytes[i] == b'\\' && i + 1 < bytes.len() {
                    escape(i + 1, b);
                    i += 1;
                }
                i += 1;
            }
        } else {
            visit(i);
        }
        i += 1;
    }
}

/// Attributes written between `struct`/`union`/`enum` and the tag, which
/// lang-c cannot parse: each is blanked out of the text and returned with
/// the offset of its keyword, which is where the specifier's span starts.
pub fn take_record_attributes(text: &mut String) -> Vec<(usize, RecordAttributeText)> {
    let mut found = Vec::new();
    let mut keywords = Vec::new();
    {
        let bytes = text.as_bytes();
        scan(bytes, |i| {
            for keyword in ["struct", "union", "enum"] {
                let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
                if word_start && bytes[i..].starts_with(keyword.as_bytes()) {
                    keywords.push((i, keyword.len()));
                }
            }
        });
    }
    for (keyword, len) in keywords {
        let bytes = text.as_bytes();
        let mut j = keyword + len;
        if j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
            continue;
        }
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let start = j;
        let mut attributes = String::new();
        while text[j..].starts_with("__attribute__") || text[j..].starts_with("__attribute ") || text[j..].starts_with("__attribute(") {
            let Some(open) = text[j..].find('(').map(|o| j + o) else { break };
            let mut depth = 0;
            let mut k = open;
            while k < bytes.len() {
                match bytes[k] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
            if k >= bytes.len() {
                // Unbalanced: the parser reports it where it is.
                break;
            }
            attributes.push_str(&text[open..=k]);
            j = k + 1;
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
        }
        if attributes.is_empty() {
            continue;
        }
        let end = j;
        // Blank the attributes, keeping newlines so offsets and lines stay.
        let blank: String = text[start..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
        text.replace_range(start..end, &blank);
        found.push((keyword, RecordAttributeText(attributes)));
    }
    found
}

/// The text of `((…))` attribute lists taken from a struct, union or enum
/// head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAttributeText(pub String);

impl RecordAttributeText {
    /// `packed`, the largest `aligned(N)` with a literal `N` (a bare
    /// `aligned` is 16) and `ms_struct` (rejected by the lowering); other
    /// attributes do not change layout.
    pub fn layout(&self) -> crate::types::Attributes {
        let words: Vec<&str> = self.0.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        let mut packed = false;
        let mut align = None;
        let mut ms_struct = false;
        for (i, word) in words.iter().enumerate() {
            match word.trim_matches('_') {
                "packed" => packed = true,
                "ms_struct" => ms_struct = true,
                "aligned" => {
                    let n = words.get(i + 1).and_then(|w| w.parse::<u64>().ok()).unwrap_or(16);
                    align = Some(align.unwrap_or(1).max(n));
                }
                _ => {}
            }
        }
        crate::types::Attributes { packed, align, ms_struct, ..Default::default() }
    }
}

/// The deepest nesting of `(`, `[` and `{` accepted. The compiler runs on
/// a thread with a 4 GiB stack (see `src/main.rs`), of which a 50,000-deep
/// parenthesised expression uses about 150 MiB; 4,000-deep expressions and
/// 7,000-deep blocks, which crashed nissecc before, compile in 0.05 s.
pub const MAX_NESTING: usize = 65_536;

/// Rewrites GNU escapes and universal character names in place and
/// returns the byte offset of the first bracket nested deeper than
/// [`MAX_NESTING`], if any.
pub fn prepare(text: &mut String) -> Option<usize> {
    expand_universal_character_names(text);
    // Safety of the byte edits: only the ASCII letters `e`/`E` after a
    // backslash inside a literal are replaced by the ASCII letter `c`, so
    // the text stays valid UTF-8.
    let bytes = unsafe { text.as_bytes_mut() };
    replace_digraphs(bytes);
    blank_extension_keywords(bytes);
    blank_fallthrough_attributes(bytes);
    blank_label_attributes(bytes);
    let mut depth = 0usize;
    let mut too_deep = None;
    let mut escapes = Vec::new();
    walk(
        bytes,
        |i| match bytes[i] {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING && too_deep.is_none() {
                    too_deep = Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        },
        |i, _| {
            if bytes[i] == b'e' || bytes[i] == b'E' {
                escapes.push(i);
            }
        },
    );
    for at in escapes {
        bytes[at] = b'c';
    }
    too_deep
}

/// Replaces each universal character name inside a literal by the
/// character it names, and pads the literal after its closing quote with
/// as many spaces as the text shrank, so that the literal's content is
/// the same for `literal::string_literal` and its length unchanged.
fn expand_universal_character_names(text: &mut String) {
    let bytes = text.as_bytes();
    // (offset of the backslash, offset of the closing quote).
    let mut names = Vec::new();
    walk(
        bytes,
        |_| {},
        |i, quote| {
            if bytes[i] == b'u' || bytes[i] == b'U' {
                let mut end = i;
                while end < bytes.len() && bytes[end] != quote && bytes[end] != b'\n' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                names.push((i - 1, end.min(bytes.len())));
            }
        },
    );
    // Each literal from its first name to its closing quote, from the end
    // of the text backwards so that the offsets still hold.
    let mut k = names.len();
    while k > 0 {
        let close = names[k - 1].1;
        let mut first = k - 1;
        while first > 0 && names[first - 1].1 == close {
            first -= 1;
        }
        let start = names[first].0;
        let mut rewritten = String::new();
        let mut at = start;
        for &(backslash, _) in &names[first..k] {
            rewritten.push_str(&text[at..backslash]);
            let digits = if text.as_bytes()[backslash + 1] == b'u' { 4 } else { 8 };
            let named = text.get(backslash + 2..backslash + 2 + digits).and_then(|d| u32::from_str_radix(d, 16).ok()).and_then(char::from_u32);
            match named {
                Some(c) if backslash + 2 + digits <= close => {
                    rewritten.push(c);
                    at = backslash + 2 + digits;
                }
                _ => at = backslash,
            }
        }
        rewritten.push_str(&text[at..close]);
        let padding = close - start - rewritten.len();
        if close < text.len() {
            rewritten.push(text.as_bytes()[close] as char);
            rewritten.extend(std::iter::repeat_n(' ', padding));
            text.replace_range(start..=close, &rewritten);
        }
        k = first;
    }
}

/// The offset after `__attribute__` or `__attribute` standing at `i` as a
/// whole word, if one does.
fn attribute_keyword_end(bytes: &[u8], i: usize) -> Option<usize> {
    [&b"__attribute__"[..], b"__attribute"].into_iter().find(|k| is_word_at(bytes, i, k)).map(|k| i + k.len())
}

/// The offset after the balanced parentheses that open at `at`, if a `(`
/// is there and they close before any `;`, `{` or `}` (an attribute's
/// argument list).
fn parenthesized_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b';' | b'{' | b'}' => return None,
            _ => {}
        }
        at += 1;
        if depth == 0 {
            return Some(at);
        }
    }
    None
}

/// The first offset from `from`, outside literals, where `stop(byte,
/// depth)` says `Some(true)`; `depth` counts the brackets open around the
/// byte, a bracket being outside itself. `None` when `stop` says
/// `Some(false)` first, when a bracket closes that did not open after
/// `from`, or at the end of the text.
pub(crate) fn find_outside_brackets(bytes: &[u8], from: usize, mut stop: impl FnMut(u8, usize) -> Option<bool>) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = from;
    while let Some(&b) = bytes.get(k) {
        if matches!(b, b')' | b']' | b'}') {
            depth = depth.checked_sub(1)?;
        }
        match stop(b, depth) {
            Some(found) => return found.then_some(k),
            None => {}
        }
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b'"' | b'\'' => k = closing_quote(bytes, k),
            _ => {}
        }
        k += 1;
    }
    None
}

/// The offset of the quote that closes the string literal or character
/// constant opening at `open`, past escaped quotes (or the text's end).
fn closing_quote(bytes: &[u8], open: usize) -> usize {
    let quote = bytes[open];
    let mut k = open + 1;
    while k < bytes.len() && bytes[k] != quote {
        k += if bytes[k] == b'\\' { 2 } else { 1 };
    }
    k.min(bytes.len())
}

/// Whether `b` can be part of an identifier.
pub(crate) fn is_identifier_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `word` stands at `i` of `bytes` as a whole word.
pub(crate) fn is_word_at(bytes: &[u8], i: usize, word: &[u8]) -> bool {
    let starts_word = i == 0 || !is_identifier_byte(bytes[i - 1]);
    let ends_word = bytes.get(i + word.len()).is_none_or(|&b| !is_identifier_byte(b));
    starts_word && bytes[i..].starts_with(word) && ends_word
}

/// The offsets of `keyword` as a whole word outside literals.
pub(crate) fn keyword_occurrences(bytes: &[u8], keyword: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    scan(bytes, |i| {
        if is_word_at(bytes, i, keyword) {
            found.push(i);
        }
    });
    found
}

/// Replaces each `__thread` keyword outside literals by `_Thread_local`,
/// its C11 spelling, and returns the insertions made, as (offset when
/// inserted, length): the keyword is blanked and the longer one inserted.
pub fn thread_keywords(text: &mut String) -> Vec<(usize, usize)> {
    const KEYWORD: &[u8] = b"__thread";
    const C11: &str = "_Thread_local";
    let found = keyword_occurrences(text.as_bytes(), KEYWORD);
    let mut made = Vec::new();
    for at in found.into_iter().rev() {
        text.replace_range(at..at + KEYWORD.len(), &" ".repeat(KEYWORD.len()));
        text.insert_str(at, C11);
        made.push((at, C11.len()));
    }
    made
}

/// Replaces each `__extension__` keyword outside literals by spaces.
fn blank_extension_keywords(bytes: &mut [u8]) {
    const KEYWORD: &[u8] = b"__extension__";
    for at in keyword_occurrences(bytes, KEYWORD) {
        bytes[at..at + KEYWORD.len()].fill(b' ');
    }
}

/// Replaces each `__attribute__((fallthrough))` that a `;` follows
/// (a fallthrough statement) by spaces, outside literals.
fn blank_fallthrough_attributes(bytes: &mut [u8]) {
    let mut found = Vec::new();
    scan(bytes, |i| {
        let Some(mut at) = attribute_keyword_end(bytes, i) else { return };
        // The parenthesized list, which must hold only `fallthrough`.
        while bytes.get(at).is_some_and(|b| b.is_ascii_whitespace()) {
            at += 1;
        }
        let start = at;
        let Some(end) = parenthesized_end(bytes, at) else { return };
        at = end;
        let list: Vec<u8> = bytes[start..at].iter().copied().filter(|b| !b"() \t\n\r".contains(b)).collect();
        if list != b"fallthrough" && list != b"__fallthrough__" {
            return;
        }
        let mut next = at;
        while bytes.get(next).is_some_and(|b| b.is_ascii_whitespace()) {
            next += 1;
        }
        if bytes.get(next) == Some(&b';') {
            found.push((i, at));
        }
    });
    for (start, end) in found {
        bytes[start..end].fill(b' ');
    }
}

/// Replaces each attribute list of a label (`out: __attribute__((unused));`,
/// GCC's label attributes `unused`, `hot` and `cold`, which change nothing
/// nissecc does and which lang-c's grammar lacks) by spaces, outside
/// literals. A label is an identifier and a `:` after a `;`, `{`, `}` or
/// another label's `:`.
fn blank_label_attributes(bytes: &mut [u8]) {
    let identifier = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let previous = |mut at: usize| {
        while at > 0 && bytes[at - 1].is_ascii_whitespace() {
            at -= 1;
        }
        at.checked_sub(1)
    };
    let mut found = Vec::new();
    scan(bytes, |i| {
        let Some(mut at) = attribute_keyword_end(bytes, i) else { return };
        let Some(colon) = previous(i).filter(|&c| bytes[c] == b':') else { return };
        let Some(name_end) = previous(colon).filter(|&e| identifier(bytes[e])) else { return };
        let mut name_start = name_end;
        while name_start > 0 && identifier(bytes[name_start - 1]) {
            name_start -= 1;
        }
        if bytes[name_start].is_ascii_digit() || &bytes[name_start..=name_end] == b"default" {
            return;
        }
        if !previous(name_start).is_some_and(|p| matches!(bytes[p], b';' | b'{' | b'}' | b':')) {
            return;
        }
        while bytes.get(at).is_some_and(|b| b.is_ascii_whitespace()) {
            at += 1;
        }
        let Some(end) = parenthesized_end(bytes, at) else { return };
        found.push((i, end));
    });
    for (start, end) in found {
        bytes[start..end].fill(b' ');
    }
}

/// Replaces the digraphs outside literals by the brackets they stand for
/// and a space.
fn replace_digraphs(bytes: &mut [u8]) {
    let mut found = Vec::new();
    scan(bytes, |i| {
        let replacement = match (bytes[i], bytes.get(i + 1)) {
            (b'<', Some(b':')) => b'[',
            (b':', Some(b'>')) => b']',
            (b'<', Some(b'%')) => b'{',
            (b'%', Some(b'>')) => b'}',
            _ => return,
        };
        // In `<:>` or `<%>`, the first digraph wins.
        if found.last().is_none_or(|&(at, _)| at + 1 != i) {
            found.push((i, replacement));
        }
    });
    for (at, replacement) in found {
        bytes[at] = replacement;
        bytes[at + 1] = b' ';
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallthrough_statements_lose_their_attribute_only() {
        let source = "switch (x) { case 1: y++; __attribute__ ((fallthrough)); case 2: __attribute__((__fallthrough__)) ; }\n\
                      int f(void) __attribute__((noreturn)); char *s = \"__attribute__((fallthrough));\";\n";
        let mut text = String::from(source);
        assert_eq!(prepare(&mut text), None);
        assert_eq!(text.len(), source.len());
        let first_line: Vec<&str> = text[..text.find('\n').unwrap()].split_whitespace().collect();
        assert_eq!(first_line.join(" "), "switch (x) { case 1: y++; ; case 2: ; }");
        assert!(text.contains("int f(void) __attribute__((noreturn));"), "{text}");
        assert!(text.contains("\"__attribute__((fallthrough));\""), "{text}");
    }

    #[test]
    fn label_attributes_are_blanked() {
        let source = "void f(int x) { if (x) goto out; x++; out: __attribute__((unused)); again: __attribute__ ((hot)) x--; }\n\
                      struct s { int a : 3 __attribute__((packed)); }; int y = x ? 1 : 2; default: __attribute__((fallthrough));\n";
        let mut text = String::from(source);
        assert_eq!(prepare(&mut text), None);
        let words: Vec<&str> = text.split_whitespace().collect();
        assert!(words.join(" ").starts_with("void f(int x) { if (x) goto out; x++; out: ; again: x--; }"), "{text}");
        assert!(text.contains("int a : 3 __attribute__((packed));"), "{text}");
    }

    #[test]
    fn gnu_escape_becomes_c_inside_literals_only() {
        let mut text = String::from("# 1 \"a\\e.c\"\nint e = '\\e'; char *s = \"x\\E\\\\e\";\n");
        assert_eq!(prepare(&mut text), None);
        assert_eq!(text, "# 1 \"a\\e.c\"\nint e = '\\c'; char *s = \"x\\c\\\\e\";\n");
    }

    #[test]
    fn universal_character_names_become_characters() {
        let mut text = "s = L\"caf\\u00e9 \\U0001F600!\"; c = '\\u20ac'; t = \"\\\\u\";".to_string();
        let length = text.len();
        prepare(&mut text);
        assert_eq!(text, "s = L\"café 😀!\"          ; c = '€'   ; t = \"\\\\u\";");
        assert_eq!(text.len(), length);
    }

    #[test]
    fn thread_becomes_thread_local() {
        let mut text = "static __thread int x; int __thread_count; char *s = \"__thread\";".to_string();
        assert_eq!(thread_keywords(&mut text), vec![(7, 13)]);
        assert_eq!(text, "static _Thread_local         int x; int __thread_count; char *s = \"__thread\";");
    }

    #[test]
    fn digraphs_become_brackets_outside_literals() {
        let mut text = String::from("int a<:2:> = <% 1, 2 %>; char *s = \"<:%>\";");
        assert_eq!(prepare(&mut text), None);
        assert_eq!(text, "int a[ 2]  = {  1, 2 } ; char *s = \"<:%>\";");
    }

    #[test]
    fn extension_keywords_are_blanked() {
        let mut text = String::from("x = __extension__ (T)(p); my__extension__; s = \"__extension__\";");
        assert_eq!(prepare(&mut text), None);
        assert_eq!(text, "x =               (T)(p); my__extension__; s = \"__extension__\";");
    }

    #[test]
    fn omitted_conditional_operands_are_found() {
        assert_eq!(gnu_conditionals("x = a ?: b; s = \"?:\"; c ? d : e;"), vec![7]);
    }

    #[test]
    fn deep_nesting_is_found() {
        let mut text = "(".repeat(MAX_NESTING + 1);
        assert_eq!(prepare(&mut text), Some(MAX_NESTING));
        let mut text = "(".repeat(MAX_NESTING) + &")".repeat(MAX_NESTING);
        assert_eq!(prepare(&mut text), None);
    }

    #[test]
    fn an_unbalanced_record_attribute_is_left_to_the_parser() {
        // Found by nissecc-fuzz: the scan ran past the end of the text.
        for text in ["struct __attribute__((packed", "struct __attribute__((packed)) s; union __attribute__(("] {
            let mut text = text.to_string();
            let found = take_record_attributes(&mut text);
            assert!(found.len() <= 1, "{found:?}");
        }
    }
}
