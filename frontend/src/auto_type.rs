//! GCC's `__auto_type` (GCC manual, "Typeof"): `__auto_type x = e;`
//! declares `x` with the type of `e` after lvalue conversion, as C23's
//! `auto` does; Linux-style `min`/`max` macros and GCC's `<stdatomic.h>`
//! use it. lang-c does not know the keyword, so when the text uses it,
//! [`PRELUDE`] is inserted before the text to make it a typedef name,
//! which lang-c then parses as a type; the lowering replaces that type
//! by the initializer's ([`crate::lower`]'s `auto_type_base`).

use crate::lexical_prepass::scan;

/// The keyword.
pub const KEYWORD: &str = "__auto_type";

/// The declaration inserted at the start of a text that uses the keyword.
pub const PRELUDE: &str = "typedef int __auto_type;\n";

/// Whether the code of `text` (outside literals and preprocessor lines)
/// has the keyword as a token.
pub fn used(text: &str) -> bool {
    let bytes = text.as_bytes();
    let identifier_byte = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let mut found = false;
    scan(bytes, |i| {
        if !found
            && bytes[i..].starts_with(KEYWORD.as_bytes())
            && !identifier_byte(i.checked_sub(1).and_then(|p| bytes.get(p)))
            && !identifier_byte(bytes.get(i + KEYWORD.len()))
        {
            found = true;
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_keyword_in_code_only() {
        assert!(used("int f(void) { __auto_type x = 1; return x; }"));
        assert!(!used("const char *s = \"__auto_type x\"; int __auto_type_count;"));
        assert!(!used("# 1 \"__auto_type.h\"\nint x;"));
    }
}
