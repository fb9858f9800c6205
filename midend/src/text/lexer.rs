//! The lexer: splits text into tokens that carry their line and column.
//!
//! Comments (`;` to the end of the line) and whitespace separate tokens
//! and are dropped. Words cover keywords, opcodes, types and entity names
//! (`iadd`, `i32`, `v3`, `block1`); a `.` between an opcode and its type
//! suffix is a token of its own. Numbers start with a digit and take in
//! letters too, so that hex literals (`0x3ff0`), hex bytes (`0a`) and
//! floats (`1.5e-3`) are single tokens; a sign is a separate token. A
//! quoted string (a data object's `section "name"`) takes the escapes of a
//! quoted symbol name.

use super::parser::ParseError;
use super::printer::is_bare_symbol_char;

/// The kinds of token.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok<'a> {
    Word(&'a str),
    Number(&'a str),
    /// `@name` or `@"quoted name"`, without the `@` and the quotes.
    Symbol(String),
    /// A quoted string such as a section name, without the quotes; it
    /// takes the escapes of a quoted symbol name.
    Str(String),
    /// One of `( ) { } [ ] , : = + - .`.
    Punct(char),
    /// `->`.
    Arrow,
    /// `...`.
    Ellipsis,
    Eof,
}

/// A 1-based line and column in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pos {
    pub line: u32,
    pub col: u32,
}

#[derive(Clone, Debug)]
pub(super) struct Token<'a> {
    pub tok: Tok<'a>,
    pub pos: Pos,
}

impl Tok<'_> {
    /// How an error message quotes the token.
    pub fn describe(&self) -> String {
        match self {
            Tok::Word(w) | Tok::Number(w) => format!("`{w}`"),
            Tok::Symbol(s) => format!("`@{s}`"),
            Tok::Str(s) => format!("`{s:?}`"),
            Tok::Punct(c) => format!("`{c}`"),
            Tok::Arrow => "`->`".into(),
            Tok::Ellipsis => "`...`".into(),
            Tok::Eof => "end of input".into(),
        }
    }
}

/// Splits `src` into tokens, ending with one [`Tok::Eof`].
pub(super) fn tokenize(src: &str) -> Result<Vec<Token<'_>>, ParseError> {
    let mut lexer = Lexer {
        src,
        offset: 0,
        line: 1,
        col: 1,
    };
    let mut tokens = Vec::new();
    loop {
        let token = lexer.next_token()?;
        let done = token.tok == Tok::Eof;
        tokens.push(token);
        if done {
            return Ok(tokens);
        }
    }
}

struct Lexer<'a> {
    src: &'a str,
    offset: usize,
    line: u32,
    col: u32,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.offset..].chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        self.src[self.offset..].chars().nth(1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    /// Consumes characters while `pred` holds and returns them.
    fn take_while(&mut self, pred: impl Fn(char) -> bool) -> &'a str {
        let start = self.offset;
        while self.peek().is_some_and(&pred) {
            self.bump();
        }
        &self.src[start..self.offset]
    }

    fn skip_blanks_and_comments(&mut self) {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some(';') => {
                    self.take_while(|c| c != '\n');
                }
                _ => return,
            }
        }
    }

    fn next_token(&mut self) -> Result<Token<'a>, ParseError> {
        self.skip_blanks_and_comments();
        let pos = Pos {
            line: self.line,
            col: self.col,
        };
        let error = |message: String| ParseError::at(pos, message);
        let Some(c) = self.peek() else {
            return Ok(Token { tok: Tok::Eof, pos });
        };
        let tok = if c.is_ascii_alphabetic() || c == '_' {
            Tok::Word(self.take_while(|c| c.is_ascii_alphanumeric() || c == '_'))
        } else if c.is_ascii_digit() {
            Tok::Number(self.number())
        } else if c == '@' {
            self.bump();
            Tok::Symbol(self.symbol_name().map_err(error)?)
        } else if c == '"' {
            Tok::Str(self.symbol_name().map_err(error)?)
        } else if c == '-' && self.peek_second() == Some('>') {
            self.bump();
            self.bump();
            Tok::Arrow
        } else if self.src[self.offset..].starts_with("...") {
            (0..3).for_each(|_| {
                self.bump();
            });
            Tok::Ellipsis
        } else if "(){}[],:=+-.".contains(c) {
            self.bump();
            Tok::Punct(c)
        } else {
            return Err(error(format!("unexpected character `{c}`")));
        };
        Ok(Token { tok, pos })
    }

    /// A number: a digit, then letters and digits, an optional fraction,
    /// and an optional signed exponent (`1e-5`).
    fn number(&mut self) -> &'a str {
        let start = self.offset;
        let alnum = |c: char| c.is_ascii_alphanumeric() || c == '_';
        self.take_while(alnum);
        if self.peek() == Some('.') && self.peek_second().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
            self.take_while(alnum);
        }
        let text = &self.src[start..self.offset];
        let is_hex = text.starts_with("0x") || text.starts_with("0X");
        if !is_hex
            && text.ends_with(['e', 'E'])
            && matches!(self.peek(), Some('+' | '-'))
            && self.peek_second().is_some_and(|c| c.is_ascii_digit())
        {
            self.bump();
            self.take_while(alnum);
        }
        &self.src[start..self.offset]
    }

    /// The name after `@`: bare characters, or a quoted string with `\"`,
    /// `\\` and `\n` escapes.
    fn symbol_name(&mut self) -> Result<String, String> {
        if self.peek() != Some('"') {
            let name = self.take_while(is_bare_symbol_char);
            if name.is_empty() {
                return Err("expected a symbol name after `@`".into());
            }
            return Ok(name.to_string());
        }
        self.bump();
        let mut name = String::new();
        loop {
            match self.bump() {
                Some('"') => return Ok(name),
                Some('\\') => match self.bump() {
                    Some('n') => name.push('\n'),
                    Some(c @ ('"' | '\\')) => name.push(c),
                    _ => return Err("invalid escape in a quoted symbol name".into()),
                },
                Some('\n') | None => return Err("unterminated quoted symbol name".into()),
                Some(c) => name.push(c),
            }
        }
    }
}
