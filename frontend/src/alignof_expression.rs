//! GCC's `__alignof__` of an expression (`__alignof__(x)`, `_Alignof(a[0])`,
//! accepted by GCC and Clang as an extension of C11 §6.5.3.4): lang-c's
//! grammar only takes a type name there, so where a parse fails on the
//! first token of the operand, the operand is wrapped in `__typeof__(…)`
//! and the text parsed again. The lowering gives a variable operand its
//! declared alignment, as GCC does.

/// The text inserted before the operand.
pub const OPEN: &str = "__typeof__(";
/// The text inserted after it.
pub const CLOSE: &str = ")";

const KEYWORDS: &[&str] = &["_Alignof", "__alignof__", "__alignof"];

/// Where to insert `OPEN` and `CLOSE` (offsets in the text before either
/// insertion) when a parse failed at `offset`, the first token inside
/// `__alignof__(`.
pub fn wrap_points(text: &str, offset: usize) -> Option<(usize, usize)> {
    let before = text[..offset].trim_end();
    let before = before.strip_suffix('(')?.trim_end();
    let keyword = KEYWORDS.iter().find(|k| before.ends_with(*k))?;
    let start = before.len() - keyword.len();
    let preceding = before[..start].chars().next_back();
    if preceding.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut depth = 0usize;
    for (i, c) in text[offset..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth > 0 => depth -= 1,
            ')' => return Some((offset, offset + i)),
            ';' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_the_operand_of_alignof() {
        let text = "n = __alignof__ ( a[f(1)] ) + 1;";
        let at = text.find("a[").unwrap();
        let close = text.rfind(" )").unwrap() + 1;
        assert_eq!(wrap_points(text, at), Some((at, close)));
    }

    #[test]
    fn leaves_other_parentheses_alone() {
        let text = "n = my__alignof__(x);";
        assert_eq!(wrap_points(text, text.find("x)").unwrap()), None);
        let text = "n = f(x);";
        assert_eq!(wrap_points(text, text.find("x)").unwrap()), None);
    }
}
