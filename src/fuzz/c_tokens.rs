//! A small tokenizer of C source text for the semantic mutator
//! (`semantic_mutation`): just enough of C's lexical grammar (C11 6.4) to
//! find the literals, operators and type keywords a mutation may change,
//! with their byte offsets, and to know what precedes each.
//!
//! Comments, preprocessor lines (with their backslash continuations) and
//! whitespace yield no token. String and character literals yield one
//! token each, of their own kind, so that the token before an operator is
//! right (`"a" + 1`), but nothing inside them is ever a candidate. It does
//! not run the preprocessor: a macro's body is on a `#define` line and is
//! left alone.

/// What kind of token it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or a keyword.
    Word,
    /// A preprocessing number (C11 6.4.8): integer and floating constants.
    Number,
    /// A string literal, with its prefix if any.
    Str,
    /// A character constant.
    Char,
    /// A punctuator (C11 6.4.6), digraphs included.
    Punct,
}

/// One token: its kind and the bytes `start..end` of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
    /// Its 1-based line.
    pub line: usize,
}

impl Token {
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.start..self.end]
    }
}

/// C's punctuators, longest first so that the first match is the longest
/// (`<<=` before `<<` before `<`; the digraphs `<:` `:>` `<%` `%>` `%:`).
const PUNCTUATORS: &[&str] = &[
    "%:%:", "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=",
    "^=", "|=", "##", "<:", ":>", "<%", "%>", "%:",
];

/// The tokens of `source`, in order.
pub fn tokenize(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let (mut i, mut line) = (0, 1);
    // Only whitespace since the last newline: a `#` here starts a directive.
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        let rest = &source[i..];
        if c == b'\n' {
            line += 1;
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if line_start && (c == b'#' || rest.starts_with("%:")) {
            i = directive_end(bytes, i, &mut line);
            continue;
        }
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if let Some(body) = rest.strip_prefix("/*") {
            let end = body.find("*/").map_or(rest.len(), |at| at + 4);
            line += rest[..end].matches('\n').count();
            i += end;
            continue;
        }
        line_start = false;
        let start = i;
        let kind = if c == b'"' || c == b'\'' {
            i = quoted_end(bytes, i, &mut line);
            if c == b'"' {
                Kind::Str
            } else {
                Kind::Char
            }
        } else if c.is_ascii_digit() || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            i = number_end(bytes, i);
            Kind::Number
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] >= 0x80) {
                i += 1;
            }
            // A prefixed literal (`L"..."`, `u8'x'`) is one token.
            match bytes.get(i) {
                Some(&q @ (b'"' | b'\'')) if matches!(&source[start..i], "L" | "u" | "U" | "u8") => {
                    i = quoted_end(bytes, i, &mut line);
                    if q == b'"' {
                        Kind::Str
                    } else {
                        Kind::Char
                    }
                }
                _ => Kind::Word,
            }
        } else {
            i += PUNCTUATORS.iter().find(|p| rest.starts_with(*p)).map_or(1, |p| p.len());
            Kind::Punct
        };
        // Never split a UTF-8 character (the identifier loop takes whole
        // ones; a stray byte above 0x7f is taken with its continuation).
        while !source.is_char_boundary(i) {
            i += 1;
        }
        tokens.push(Token { kind, start, end: i, line });
    }
    tokens
}

/// The end of the preprocessor directive starting at `i`: the newline
/// that ends its last line (backslash-newlines continue it).
fn directive_end(bytes: &[u8], mut i: usize, line: &mut usize) -> usize {
    while i < bytes.len() && bytes[i] != b'\n' {
        if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') {
            *line += 1;
            i += 1;
        }
        i += 1;
    }
    i
}

/// The end of the string or character literal whose quote is at `i`
/// (just past the closing quote, or the end of the line if unclosed).
fn quoted_end(bytes: &[u8], i: usize, line: &mut usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() && bytes[j] != quote && bytes[j] != b'\n' {
        if bytes[j] == b'\\' && j + 1 < bytes.len() {
            if bytes[j + 1] == b'\n' {
                *line += 1;
            }
            j += 1;
        }
        j += 1;
    }
    (j + 1).min(bytes.len())
}

/// The end of the preprocessing number starting at `i`: digits, letters,
/// `_`, `.`, and a sign after an exponent letter (`1e-5`, `0x1p+3`).
fn number_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        let c = bytes[i];
        let signed_exponent = matches!(c, b'+' | b'-') && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P');
        if !(signed_exponent || c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
            break;
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(source: &str) -> Vec<(Kind, &str)> {
        tokenize(source).iter().map(|t| (t.kind, t.text(source))).collect()
    }

    #[test]
    fn comments_directives_and_literals_are_not_split() {
        let source = "#include <stdio.h>\n#define N \\\n  (1 + 2)\n/* a + b */ int x = 1 + 'c'; // 2 * 3\nchar *s = \"a < b\\\" + 1\";\n";
        assert_eq!(
            texts(source),
            [
                (Kind::Word, "int"),
                (Kind::Word, "x"),
                (Kind::Punct, "="),
                (Kind::Number, "1"),
                (Kind::Punct, "+"),
                (Kind::Char, "'c'"),
                (Kind::Punct, ";"),
                (Kind::Word, "char"),
                (Kind::Punct, "*"),
                (Kind::Word, "s"),
                (Kind::Punct, "="),
                (Kind::Str, "\"a < b\\\" + 1\""),
                (Kind::Punct, ";"),
            ]
        );
        let lines: Vec<usize> = tokenize(source).iter().map(|t| t.line).collect();
        assert_eq!(lines[0], 4);
        assert_eq!(lines[7], 5);
    }

    #[test]
    fn longest_punctuators_numbers_and_prefixed_literals() {
        assert_eq!(
            texts("a<<=b->c<%1e-5+0x1fULL%>L\"w\"u8'x'"),
            [
                (Kind::Word, "a"),
                (Kind::Punct, "<<="),
                (Kind::Word, "b"),
                (Kind::Punct, "->"),
                (Kind::Word, "c"),
                (Kind::Punct, "<%"),
                (Kind::Number, "1e-5"),
                (Kind::Punct, "+"),
                (Kind::Number, "0x1fULL"),
                (Kind::Punct, "%>"),
                (Kind::Str, "L\"w\""),
                (Kind::Char, "u8'x'"),
            ]
        );
        // `%:` at the start of a line is a directive, as `#` is.
        assert_eq!(texts("%:define X 1\nX"), [(Kind::Word, "X")]);
    }
}
