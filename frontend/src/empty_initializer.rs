//! The empty initializer of a compound literal, `(struct Y){}` (C23, and a
//! GNU extension before it): lang-c accepts `{}` after a declarator but
//! not after a compound literal's type name, so where a parse fails on the
//! `}` of `(T){}`, a `0` is inserted, `(T){0}`, which initializes every
//! member to zero alike.

/// The text inserted.
pub const INSERTED: &str = "0";

/// Where to insert [`INSERTED`] when a parse failed at `offset`.
pub fn position(text: &str, offset: usize) -> Option<usize> {
    if !text[offset..].starts_with('}') {
        return None;
    }
    let before = text[..offset].trim_end().strip_suffix('{')?;
    before.trim_end().ends_with(')').then_some(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_empty_braces_of_a_compound_literal() {
        let text = "a = (struct Y){ };";
        let close = text.find('}').unwrap();
        assert_eq!(position(text, close), Some(close));
        assert_eq!(position("int x[] = { };", 12), None);
    }
}
