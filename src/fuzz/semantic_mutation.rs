//! The semantic mutator of the `semantic` target: 1 to 3 edits of a C
//! program that keep it C a compiler should accept, but change what it
//! computes. Each edit changes one token (found by `c_tokens`, so never
//! inside a comment, a string or character literal, or a preprocessor
//! line):
//! - an integer literal becomes 0, 1, -1, a neighbour of its value, or a
//!   value at the edge of an integer type (127, 255, 65535, 2147483647…),
//!   keeping its suffix;
//! - a binary operator becomes another of its class (arithmetic and
//!   bitwise, comparison, logical, compound assignment, `++`/`--`);
//! - an integer type keyword (`char short int long unsigned signed`)
//!   becomes another, or a two-word type where it stands alone.
//!
//! Some mutants are no longer valid C (`int a[-1]`, `struct s + p`) or
//! have undefined behaviour; the target's gcc builds filter those out.
//! The mutant ends with a comment that lists its edits by line, so that a
//! saved failure says what was changed.

use super::c_tokens::{tokenize, Kind, Token};
use super::Rng;

/// Operators a swap keeps within one class; the first three classes are
/// binary operators, found only after an operand.
const OPERATOR_CLASSES: [&[&str]; 5] = [
    &["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"],
    &["<", "<=", ">", ">=", "==", "!="],
    &["&&", "||"],
    &["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="],
    &["++", "--"],
];

/// The integer type keywords an edit swaps.
const INTEGER_TYPES: &[&str] = &["char", "short", "int", "long", "unsigned", "signed"];

/// Two-word types that replace a keyword that stands alone.
const TWO_WORD_TYPES: &[&str] = &["unsigned char", "unsigned short", "unsigned long", "long long"];

/// Values a literal may become besides its neighbours: the edges of the
/// integer types.
const EDGE_VALUES: &[i128] = &[0, 1, -1, 127, 128, 255, 256, 32767, 65535, 2147483647, 2147483648, 4294967295, 9223372036854775807];

/// What one edit may do to a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// An integer literal: its value and where its suffix starts.
    Literal { value: i128, suffix: usize, hex: bool },
    /// An operator of `OPERATOR_CLASSES[class]`.
    Operator { class: usize },
    /// An integer type keyword; `alone` when no type keyword is next to it.
    Type { alone: bool },
}

/// One edit, for the mutant's closing comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub line: usize,
    pub old: String,
    pub new: String,
}

/// A mutant of `seed` (C source) with 1 to 3 edits, ending with a comment
/// that lists them. If `seed` has nothing to edit it comes back as is.
pub fn mutate(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let original = String::from_utf8_lossy(seed).into_owned();
    let mut text = original.clone();
    let mut edits = Vec::new();
    let wanted = 1 + rng.below(3);
    // Two edits of one token can undo each other: edit until it differs.
    while edits.len() < wanted || (text == original && edits.len() < wanted + 8) {
        match mutate_once(&mut text, rng) {
            Some(edit) => edits.push(edit),
            None => break,
        }
    }
    if !edits.is_empty() {
        let list: Vec<String> = edits.iter().map(|e| format!("line {}: `{}` -> `{}`", e.line, e.old, e.new)).collect();
        text.push_str(&format!("\n/* nissecc-fuzz semantic mutant: {} */\n", list.join("; ")));
    }
    text.into_bytes()
}

/// Makes one edit in `text`; `None` when there is nothing to edit.
fn mutate_once(text: &mut String, rng: &mut Rng) -> Option<Edit> {
    let tokens = tokenize(text);
    let candidates: Vec<(usize, Change)> = (0..tokens.len()).filter_map(|i| change_of(text, &tokens, i).map(|c| (i, c))).collect();
    if candidates.is_empty() {
        return None;
    }
    let (i, change) = candidates[rng.below(candidates.len())];
    let token = tokens[i];
    let old = token.text(text).to_string();
    let (new, replacement) = match change {
        Change::Literal { value, suffix, hex } => {
            let new_value = new_literal_value(value, rng);
            let suffix = &old[suffix..];
            let new = match (new_value < 0, hex) {
                // In parentheses: `a-1` must not become `a--1`.
                (true, _) => format!("(-{}{suffix})", new_value.unsigned_abs()),
                (false, true) => format!("0x{new_value:x}{suffix}"),
                (false, false) => format!("{new_value}{suffix}"),
            };
            (new.clone(), new)
        }
        Change::Operator { class } => {
            let new = pick_other(OPERATOR_CLASSES[class], &old, rng);
            // Spaced from other punctuators: `a+-b` becomes `a- -b`, not
            // `a--b`.
            let spaced = |at: Option<&u8>| if at.is_some_and(|c| c.is_ascii_punctuation() && *c != b'_') { " " } else { "" };
            let bytes = text.as_bytes();
            let replacement =
                format!("{}{new}{}", spaced(token.start.checked_sub(1).and_then(|at| bytes.get(at))), spaced(bytes.get(token.end)));
            (new.to_string(), replacement)
        }
        Change::Type { alone } => {
            let mut choices = INTEGER_TYPES.to_vec();
            if alone {
                choices.extend_from_slice(TWO_WORD_TYPES);
            }
            let new = pick_other(&choices, &old, rng);
            (new.to_string(), new.to_string())
        }
    };
    text.replace_range(token.start..token.end, &replacement);
    Some(Edit { line: token.line, old, new })
}

/// A random element of `choices` other than `old` (`choices` has two or
/// more elements).
fn pick_other<'a>(choices: &[&'a str], old: &str, rng: &mut Rng) -> &'a str {
    let others: Vec<&str> = choices.iter().copied().filter(|c| *c != old).collect();
    others[rng.below(others.len())]
}

/// A new value for a literal of value `value`: an edge value or a
/// neighbour, never `value` itself.
fn new_literal_value(value: i128, rng: &mut Rng) -> i128 {
    let mut choices: Vec<i128> = EDGE_VALUES.to_vec();
    choices.extend([value - 1, value + 1]);
    choices.retain(|&v| v != value);
    choices[rng.below(choices.len())]
}

/// What an edit may do to `tokens[i]`, if anything.
fn change_of(text: &str, tokens: &[Token], i: usize) -> Option<Change> {
    let token = tokens[i];
    let word = |j: Option<usize>| j.and_then(|j| tokens.get(j)).filter(|t| t.kind == Kind::Word).map(|t| t.text(text));
    let (before, after) = (word(i.checked_sub(1)), word(Some(i + 1)));
    match token.kind {
        Kind::Number => integer_literal(token.text(text)).map(|(value, suffix, hex)| Change::Literal { value, suffix, hex }),
        Kind::Word if INTEGER_TYPES.contains(&token.text(text)) => {
            // `long double` has no integer counterpart.
            if [before, after].iter().any(|w| matches!(w, Some("double" | "float"))) {
                return None;
            }
            if is_mains_return_type(text, tokens, i) {
                return None;
            }
            let alone = ![before, after].iter().any(|w| w.is_some_and(|w| INTEGER_TYPES.contains(&w)));
            Some(Change::Type { alone })
        }
        Kind::Punct => {
            let op = token.text(text);
            let class = OPERATOR_CLASSES.iter().position(|class| class.contains(&op))?;
            if class < 3 && !(i > 0 && ends_operand(text, tokens, i - 1)) {
                return None;
            }
            Some(Change::Operator { class })
        }
        _ => None,
    }
}

/// Whether the type keyword `tokens[i]` is part of `main`'s return type.
/// That type must be `int` (C11 §5.1.2.2.1); with another, a `main` that
/// reaches its closing brace ends with an unspecified status (§5.1.2.2.3),
/// gcc's being whatever `%rax` held, so the mutant has no reference.
fn is_mains_return_type(text: &str, tokens: &[Token], i: usize) -> bool {
    let mut j = i + 1;
    while tokens.get(j).is_some_and(|t| t.kind == Kind::Word && INTEGER_TYPES.contains(&t.text(text))) {
        j += 1;
    }
    tokens.get(j).is_some_and(|t| t.text(text) == "main") && tokens.get(j + 1).is_some_and(|t| t.text(text) == "(")
}

/// Whether `tokens[i]` can end an operand, so that an operator after it
/// is binary: a literal, a `)` or `]`, or an identifier that is not a
/// keyword nor the tag of `struct tag *` (a declaration, not a product).
fn ends_operand(text: &str, tokens: &[Token], i: usize) -> bool {
    let token = tokens[i];
    match token.kind {
        Kind::Number | Kind::Str | Kind::Char => true,
        Kind::Punct => matches!(token.text(text), ")" | "]" | ":>"),
        Kind::Word => {
            let tagged = i > 0 && matches!(tokens[i - 1].text(text), "struct" | "union" | "enum");
            !tagged && !is_keyword(token.text(text))
        }
    }
}

fn is_keyword(word: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "auto",
        "break",
        "case",
        "char",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extern",
        "float",
        "for",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "register",
        "restrict",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "struct",
        "switch",
        "typedef",
        "union",
        "unsigned",
        "void",
        "volatile",
        "while",
        "_Alignas",
        "_Alignof",
        "_Atomic",
        "_Bool",
        "_Complex",
        "_Generic",
        "_Imaginary",
        "_Noreturn",
        "_Static_assert",
        "_Thread_local",
        "__attribute__",
        "__typeof__",
        "typeof",
        "__extension__",
    ];
    KEYWORDS.contains(&word)
}

/// An integer constant's value, where its suffix (`u`, `l`, `ll` and their
/// mixes) starts, and whether it is hexadecimal; `None` for a floating
/// constant or anything else.
fn integer_literal(text: &str) -> Option<(i128, usize, bool)> {
    let suffix = text.trim_end_matches(['u', 'U', 'l', 'L']).len();
    let digits = &text[..suffix];
    let (radix, body, hex) = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        (16, hex, true)
    } else if let Some(binary) = digits.strip_prefix("0b").or_else(|| digits.strip_prefix("0B")) {
        (2, binary, false)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..], false)
    } else {
        (10, digits, false)
    };
    let value = i128::from_str_radix(body, radix).ok().filter(|_| !body.is_empty() && !body.starts_with(['+', '-']))?;
    (value <= u64::MAX as i128).then_some((value, suffix, hex))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mutant's text without its closing comment, and the comment.
    fn split(mutant: &[u8]) -> (String, String) {
        let text = String::from_utf8(mutant.to_vec()).unwrap();
        let at = text.rfind("\n/* nissecc-fuzz semantic mutant: ").expect("the closing comment");
        (text[..at].to_string(), text[at..].to_string())
    }

    #[test]
    fn literals_operators_and_types_change_and_nothing_else() {
        let protected = ["#include <stdio.h>", "#define N (1 + 2 * 3)", "/* a < b + 4 */", "// x = y - 5;", "\"%d < %d + 6\\n\"", "'+'"];
        let seed = format!(
            "{}\n{}\n{}\nint main(void) {{\n    {}\n    long x = 10 + 'a' - N;\n    printf({}, x, x * 2 >= 7 && x != 0);\n    return {} == 3;\n}}\n",
            protected[0], protected[1], protected[2], protected[3], protected[4], protected[5]
        );
        let (mut literals, mut operators, mut types) = (0, 0, 0);
        for s in 1..300 {
            let mutant = mutate(seed.as_bytes(), &mut Rng::new(s));
            let (code, comment) = split(&mutant);
            assert_ne!(code, seed, "seed {s}: the mutant is the seed");
            for part in protected {
                assert!(code.contains(part), "seed {s}: `{part}` was changed:\n{code}");
            }
            assert!(comment.matches(" -> ").count() >= 1, "seed {s}: {comment}");
            literals += comment.matches("`10` ->").count() + comment.matches("`2` ->").count() + comment.matches("`7` ->").count();
            operators += ["`+` ->", "`*` ->", "`>=` ->", "`&&` ->", "`!=` ->", "`==` ->", "`-` ->"]
                .iter()
                .map(|o| comment.matches(o).count())
                .sum::<usize>();
            types += comment.matches("`int` ->").count() + comment.matches("`long` ->").count();
        }
        assert!(literals > 0 && operators > 0 && types > 0, "literals {literals}, operators {operators}, types {types}");
    }

    #[test]
    fn mains_return_type_is_never_edited() {
        let text = "unsigned int main() { int x = 1; return x; }\nlong f(void) { return 2; }\n";
        let tokens = tokenize(text);
        let editable: Vec<&str> =
            (0..tokens.len()).filter(|&i| matches!(change_of(text, &tokens, i), Some(Change::Type { .. }))).map(|i| tokens[i].text(text)).collect();
        assert_eq!(editable, ["int", "long"]);
    }

    #[test]
    fn each_kind_of_edit_stays_in_its_kind() {
        for s in 1..50 {
            let mut rng = Rng::new(s);
            // A literal keeps its suffix and becomes another integer.
            let mut code = "x = 0x10UL;".to_string();
            let edit = mutate_once(&mut code, &mut rng).unwrap();
            let literal = edit.new.trim_start_matches("(-").trim_end_matches(')');
            assert!(literal.ends_with("UL") && edit.new != "0x10UL" && code == format!("x = {};", edit.new), "{code}");
            assert!(integer_literal(literal).is_some(), "{code}");
            // A binary operator becomes another of its class; the unary
            // minus is not one. Spaces keep `b` apart from `-`.
            let mut code = "y = -a < -b;".to_string();
            let edit = mutate_once(&mut code, &mut rng).unwrap();
            assert!(["<=", ">", ">=", "==", "!="].contains(&edit.new.as_str()), "{code}");
            assert_eq!(code, format!("y = -a {} -b;", edit.new));
            let mut code = "y=a+-b;".to_string();
            let edit = mutate_once(&mut code, &mut rng).unwrap();
            assert_eq!(code, format!("y=a{} -b;", edit.new));
            // A type keyword becomes another integer type.
            let mut code = "static short z;".to_string();
            let edit = mutate_once(&mut code, &mut rng).unwrap();
            assert!(INTEGER_TYPES.contains(&edit.new.as_str()) || TWO_WORD_TYPES.contains(&edit.new.as_str()), "{code}");
            assert!(edit.new != "short" && code == format!("static {} z;", edit.new), "{code}");
        }
    }

    #[test]
    fn declarations_and_floats_are_not_candidates() {
        // `*` in a declaration after a struct tag, `&` of an address, a
        // floating constant, `long double`: nothing to edit.
        let seed = b"struct s *p = &q; double d = 1.5e3; long double e; f(-g);";
        assert_eq!(mutate(seed, &mut Rng::new(3)), seed.to_vec());
    }

    #[test]
    fn integer_literals_are_read_in_every_base() {
        assert_eq!(integer_literal("42"), Some((42, 2, false)));
        assert_eq!(integer_literal("0x1Fu"), Some((31, 4, true)));
        assert_eq!(integer_literal("017"), Some((15, 3, false)));
        assert_eq!(integer_literal("0b101LL"), Some((5, 5, false)));
        assert_eq!(integer_literal("1.5"), None);
        assert_eq!(integer_literal("1e5"), None);
        assert_eq!(integer_literal("0x1p3"), None);
    }
}
