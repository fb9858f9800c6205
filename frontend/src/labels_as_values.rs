//! GNU labels as values (GCC manual, "Labels as Values"): `&&label` is
//! the address of a label and `goto *p;` jumps to one. lang-c parses
//! neither, so before parsing `&&label` becomes
//! `__builtin_nissecc_label_address(label)` and `goto *p;` becomes
//! `__builtin_nissecc_computed_goto(p);`: the operators are blanked and
//! the call text inserted. The lowering numbers the labels whose address
//! is taken and turns `goto *p` into a switch over those numbers.

use crate::lexical_prepass::scan;

/// The builtin `&&label` becomes.
pub const LABEL_ADDRESS: &str = "__builtin_nissecc_label_address";
/// The builtin `goto *p` becomes.
pub const COMPUTED_GOTO: &str = "__builtin_nissecc_computed_goto";

/// Rewrites the text and returns the insertions made, as (offset when
/// inserted, length), in the order they were made.
pub fn rewrite(text: &mut String) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut blanks = Vec::new();
    let mut inserts: Vec<(usize, String)> = Vec::new();
    let mut skip_until = 0;
    scan(bytes, |i| {
        if i < skip_until {
            return;
        }
        if bytes[i] == b'&' && bytes.get(i + 1) == Some(&b'&') && is_unary_position(bytes, i) {
            let name_start = skip_blanks(bytes, i + 2);
            let name_end = identifier_end(bytes, name_start);
            if name_end > name_start {
                blanks.push(i..i + 2);
                inserts.push((i, format!("{LABEL_ADDRESS}(")));
                inserts.push((name_end, ")".to_string()));
                skip_until = name_end;
            }
        } else if bytes[i..].starts_with(b"goto") && !is_identifier_byte(i.checked_sub(1).map(|p| bytes[p])) && !is_identifier_byte(bytes.get(i + 4).copied()) {
            let star = skip_blanks(bytes, i + 4);
            if bytes.get(star) == Some(&b'*') {
                if let Some(end) = statement_end(bytes, star + 1) {
                    blanks.push(i..i + 4);
                    blanks.push(star..star + 1);
                    inserts.push((i, format!("{COMPUTED_GOTO}(")));
                    inserts.push((end, ")".to_string()));
                    skip_until = star + 1;
                }
            }
        }
    });
    let mut bytes = std::mem::take(text).into_bytes();
    for range in blanks {
        bytes[range].fill(b' ');
    }
    *text = String::from_utf8(bytes).expect("only ASCII bytes were replaced by spaces");
    // From the end backwards, so each offset still holds when used.
    inserts.sort_by_key(|&(at, _)| std::cmp::Reverse(at));
    let mut made = Vec::new();
    for (at, s) in inserts {
        text.insert_str(at, &s);
        made.push((at, s.len()));
    }
    made
}

fn is_identifier_byte(b: Option<u8>) -> bool {
    b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn skip_blanks(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn identifier_end(bytes: &[u8], start: usize) -> usize {
    if bytes.get(start).is_some_and(|b| b.is_ascii_digit()) {
        return start;
    }
    let mut i = start;
    while is_identifier_byte(bytes.get(i).copied()) {
        i += 1;
    }
    i
}

/// Whether `&&` at `i` is the unary operator: what precedes it cannot
/// end an operand (an identifier, a constant, `)` or `]`).
fn is_unary_position(bytes: &[u8], i: usize) -> bool {
    let j = end_of_previous_token(bytes, i);
    if j == 0 {
        return true;
    }
    let previous = bytes[j - 1];
    // `n-- && x`: a postfix `++` or `--` ends an operand.
    if matches!(previous, b'+' | b'-') && j >= 2 && bytes[j - 2] == previous {
        return false;
    }
    // `0. && x`: a floating constant may end with its point.
    if previous == b'.' && j >= 2 && bytes[j - 2].is_ascii_digit() {
        return false;
    }
    if previous.is_ascii_alphanumeric() || previous == b'_' {
        // `return &&label;` and `case 1: &&l` have keywords before them.
        let mut start = j;
        while start > 0 && is_identifier_byte(Some(bytes[start - 1])) {
            start -= 1;
        }
        return &bytes[start..j] == b"return";
    }
    !matches!(previous, b')' | b']' | b'"' | b'\'')
}

/// Where the token before offset `i` ends, skipping white space and
/// preprocessor lines (`# 28 "file.h"`).
fn end_of_previous_token(bytes: &[u8], i: usize) -> usize {
    let mut j = i;
    loop {
        while j > 0 && bytes[j - 1].is_ascii_whitespace() {
            j -= 1;
        }
        let line_start = bytes[..j].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let first = bytes[line_start..j].iter().position(|b| !b.is_ascii_whitespace()).map(|p| line_start + p);
        match first {
            Some(p) if bytes[p] == b'#' && line_start > 0 => j = line_start,
            Some(p) if bytes[p] == b'#' => return 0,
            _ => return j,
        }
    }
}

/// The offset of the `;` that ends the statement starting at `start`.
fn statement_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &b) in bytes.iter().enumerate().skip(start) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
            b';' if depth == 0 => return Some(k),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postfix_operators_and_line_markers_are_seen_through() {
        let mut text = "while (n-- && ok) f();".to_string();
        assert!(rewrite(&mut text).is_empty());
        let mut text = "if (ds < 0. && ds != k) k--;".to_string();
        assert!(rewrite(&mut text).is_empty());
        let mut text = "void *t[] = {\n# 28 \"jump.h\"\n&&a };".to_string();
        rewrite(&mut text);
        assert!(text.contains(&format!("{LABEL_ADDRESS}(")));
    }

    #[test]
    fn rewrites_label_addresses_and_computed_gotos() {
        let mut text = "void *t[] = { &&a, &&b }; if (x && y) goto *t[i]; goto out;".to_string();
        rewrite(&mut text);
        assert_eq!(
            text,
            format!("void *t[] = {{ {LABEL_ADDRESS}(  a), {LABEL_ADDRESS}(  b) }}; if (x && y) {COMPUTED_GOTO}(      t[i]); goto out;")
        );
    }
}
