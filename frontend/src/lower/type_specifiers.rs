//! Which type specifiers may be combined (C11 6.7.2p2): `unsigned long
//! long int` is one type, `char long` is no type at all. A declaration
//! whose specifiers do not form one of the listed multisets gets an error
//! at the first specifier that breaks it, in gcc's words ("both 'long' and
//! 'char' in declaration specifiers"). Without this check such a
//! declaration silently took the type of one of its specifiers (the
//! fuzzer's `char typedef long unsigned int size_t;` made `size_t` a
//! `char`, and a later `memset` call an internal error).

use crate::diagnostic::Diagnostic;
use lang_c::ast::TypeSpecifier;
use lang_c::span::Node;

/// A type specifier as the combination rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Void,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Signed,
    Unsigned,
    Bool,
    Complex,
    /// `_Float32`, `_Float64x`…: a whole type, which `_Complex` may
    /// qualify (`_Complex _Float32`, in glibc's `<complex.h>` under
    /// `_GNU_SOURCE`).
    FloatN,
    /// `__int128` (see `crate::int128`), which `signed` and `unsigned`
    /// may qualify.
    Int128,
    /// A struct, union or enum, a typedef name, `typeof` or `_Atomic(T)`:
    /// a whole type, combined with nothing.
    Named,
}

impl Word {
    fn of(spec: &TypeSpecifier) -> Word {
        match spec {
            TypeSpecifier::Void => Word::Void,
            TypeSpecifier::Char => Word::Char,
            TypeSpecifier::Short => Word::Short,
            TypeSpecifier::Int => Word::Int,
            TypeSpecifier::Long => Word::Long,
            TypeSpecifier::Float => Word::Float,
            TypeSpecifier::Double => Word::Double,
            TypeSpecifier::Signed => Word::Signed,
            TypeSpecifier::Unsigned => Word::Unsigned,
            TypeSpecifier::Bool => Word::Bool,
            TypeSpecifier::Complex => Word::Complex,
            TypeSpecifier::TS18661Float(t) if crate::int128::is_marker(t) => Word::Int128,
            TypeSpecifier::TS18661Float(_) => Word::FloatN,
            _ => Word::Named,
        }
    }

    fn spelling(self) -> &'static str {
        match self {
            Word::Void => "void",
            Word::Char => "char",
            Word::Short => "short",
            Word::Int => "int",
            Word::Long => "long",
            Word::Float => "float",
            Word::Double => "double",
            Word::Signed => "signed",
            Word::Unsigned => "unsigned",
            Word::Bool => "_Bool",
            Word::Complex => "_Complex",
            Word::FloatN => "_FloatN",
            Word::Int128 => "__int128",
            Word::Named => "type name",
        }
    }

    /// A specifier that names a type by itself, rather than modifying one.
    fn is_data_type(self) -> bool {
        matches!(self, Word::Void | Word::Char | Word::Int | Word::Float | Word::Double | Word::Bool | Word::FloatN | Word::Int128 | Word::Named)
    }

    /// Whether two different words may appear in one list of specifiers.
    /// `_Complex` takes the integer words too, as GNU C's complex integer
    /// types do (`_Complex int`), so that they reach the "unsupported:
    /// _Complex" error rather than this one.
    fn combines_with(self, other: Word) -> bool {
        let integer = |w: Word| matches!(w, Word::Char | Word::Short | Word::Int | Word::Long | Word::Signed | Word::Unsigned | Word::Int128);
        if (self == Word::Complex && integer(other)) || (other == Word::Complex && integer(self)) {
            return true;
        }
        let pair = |a: Word, b: Word| (self == a && other == b) || (self == b && other == a);
        [
            (Word::Signed, Word::Char),
            (Word::Signed, Word::Short),
            (Word::Signed, Word::Int),
            (Word::Signed, Word::Long),
            (Word::Unsigned, Word::Char),
            (Word::Unsigned, Word::Short),
            (Word::Unsigned, Word::Int),
            (Word::Unsigned, Word::Long),
            (Word::Signed, Word::Int128),
            (Word::Unsigned, Word::Int128),
            (Word::Short, Word::Int),
            (Word::Long, Word::Int),
            (Word::Long, Word::Double),
            (Word::Complex, Word::Float),
            (Word::Complex, Word::Double),
            (Word::Complex, Word::Long),
            (Word::Complex, Word::FloatN),
        ]
        .into_iter()
        .any(|(a, b)| pair(a, b))
    }
}

/// Checks that `specs`, the type specifiers of one declaration, name one
/// type (C11 6.7.2p2).
pub(super) fn check_combination(specs: &[&Node<TypeSpecifier>]) -> Result<(), Diagnostic> {
    let mut seen: Vec<Word> = Vec::new();
    for spec in specs {
        let word = Word::of(&spec.node);
        let longs = seen.iter().filter(|&&w| w == Word::Long).count();
        let message = seen.iter().find_map(|&earlier| match (earlier, word) {
            (Word::Long, Word::Long) if longs >= 2 => Some("'long long long' is too long".to_string()),
            (Word::Long, Word::Long) if seen.contains(&Word::Double) => Some("both 'long long' and 'double' in declaration specifiers".to_string()),
            (Word::Long, Word::Long) => None,
            (Word::Long, Word::Double) if longs >= 2 => Some("both 'long long' and 'double' in declaration specifiers".to_string()),
            (Word::Double, Word::Long) if longs >= 1 => Some("both 'long long' and 'double' in declaration specifiers".to_string()),
            (a, b) if a == b && a != Word::Named => Some(format!("duplicate '{}'", a.spelling())),
            (a, b) if a.combines_with(b) => None,
            (a, b) if a.is_data_type() && b.is_data_type() => Some("two or more data types in declaration specifiers".to_string()),
            (a, b) => Some(format!("both '{}' and '{}' in declaration specifiers", a.spelling(), b.spelling())),
        });
        if let Some(message) = message {
            return Err(Diagnostic::error_at(spec.span, message));
        }
        seen.push(word);
    }
    Ok(())
}
