//! GCC's file-scope `asm` declaration, `asm("…");` outside any function
//! (GCC's "basic asm" at top level, as `incbin.h` embeds a file or a unit
//! writes a `.symver`): lang-c's grammar has no such external
//! declaration, so each is blanked out of the text before parsing and
//! its template becomes assembler text of its own (an
//! `ir::AssemblyFunction` that defines no function), which the backend
//! assembles into the unit's object beside the wrappers of inline `asm`
//! statements. GCC emits the template in whichever section its output is
//! in, so a correct one names its own; nissecc starts it in `.text`,
//! inside `.pushsection`/`.popsection`, so a template that switches
//! sections leaves the other assembly where it was. Line markers make the
//! assembler report an error in it at the user's line.
//!
//! The template is assembled apart from the C code, and `ld -r` merges the
//! two objects, so a label it defines without `.globl` (`vide: ret`, which
//! the unit declares `extern void vide(void);` and calls) would stay
//! local to the template's object, out of the C code's reach. Such a
//! label that the unit references and does not define is made a global,
//! hidden symbol, which links within the program as the one object GCC
//! writes does.

use crate::lexical_prepass::{is_identifier_byte, is_word_at, scan, skip_blanks_and_markers};
use crate::literal::string_literal;
use crate::types::CType;
use nissecc_midend::ir::AssemblyFunction;

const KEYWORDS: [&[u8]; 3] = [b"asm", b"__asm__", b"__asm"];

/// One file-scope `asm` declaration: the offset of its keyword and the
/// tokens of its string literal.
pub struct TopLevelAsm {
    pub offset: usize,
    pub tokens: Vec<String>,
}

/// Blanks every file-scope `asm ( string-literal ) ;` (newlines stay, so
/// lines keep their numbers) and returns them in order. One written
/// otherwise (with a qualifier, which GCC rejects there too) is left for
/// the parser to report.
pub fn take(text: &mut String) -> Vec<TopLevelAsm> {
    let starts = declaration_keywords(text.as_bytes());
    let mut found = Vec::new();
    for at in starts {
        let Some((tokens, end)) = declaration(text.as_bytes(), at) else { continue };
        let blanked: String = text[at..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
        text.replace_range(at..end, &blanked);
        found.push(TopLevelAsm { offset: at, tokens });
    }
    found
}

/// The offsets of `asm` keywords outside every bracket that start an
/// external declaration: after a `;` or a `}`, or first in the text (an
/// asm label, `int x asm("y");`, follows a declarator instead).
fn declaration_keywords(bytes: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut previous = None;
    scan(bytes, |i| {
        let b = bytes[i];
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let starts_declaration = previous.is_none_or(|p| p == b';' || p == b'}');
        if depth == 0 && starts_declaration && KEYWORDS.iter().any(|k| is_word_at(bytes, i, k)) {
            found.push(i);
        }
        if !b.is_ascii_whitespace() {
            previous = Some(b);
        }
    });
    found
}

/// The string-literal tokens of the declaration whose keyword is at `at`,
/// and the offset just after its `;`.
fn declaration(bytes: &[u8], at: usize) -> Option<(Vec<String>, usize)> {
    let mut i = at + bytes[at..].iter().take_while(|&&b| is_identifier_byte(b)).count();
    i = skip_blanks_and_markers(bytes, i);
    // GCC takes no qualifier (`volatile`) at file scope.
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    let mut tokens = Vec::new();
    i = skip_blanks_and_markers(bytes, i + 1);
    while bytes.get(i) == Some(&b'"') {
        let end = closing_quote_after(bytes, i)?;
        tokens.push(String::from_utf8_lossy(&bytes[i..=end]).into_owned());
        i = skip_blanks_and_markers(bytes, end + 1);
    }
    if tokens.is_empty() || bytes.get(i) != Some(&b')') {
        return None;
    }
    i = skip_blanks_and_markers(bytes, i + 1);
    (bytes.get(i) == Some(&b';')).then_some((tokens, i + 1))
}

/// The offset of the quote that closes the string literal opening at
/// `open`, past escaped characters.
fn closing_quote_after(bytes: &[u8], open: usize) -> Option<usize> {
    let mut k = open + 1;
    while k < bytes.len() && bytes[k] != b'"' {
        if bytes[k] == b'\n' {
            return None;
        }
        k += if bytes[k] == b'\\' { 2 } else { 1 };
    }
    (k < bytes.len()).then_some(k)
}

/// The assembler text of the `index`th declaration, written at `line` of
/// `file`, or what is wrong with its string literal. `referenced` says
/// whether the C code refers to a symbol it does not define.
pub fn assembly(declaration: &TopLevelAsm, index: usize, file: &str, line: u32, referenced: impl Fn(&str) -> bool) -> Result<AssemblyFunction, String> {
    let literal = string_literal(&declaration.tokens)?;
    if literal.elem != CType::CHAR {
        return Err("a wide string literal as the template of a file-scope asm".into());
    }
    let template = String::from_utf8(literal.bytes).map_err(|_| "a file-scope asm template that is not UTF-8".to_string())?;
    let file = file.replace('\\', "\\\\").replace('"', "\\\"");
    let mut text = format!("\t.pushsection .text\n# {line} \"{file}\" 1\n{template}\n# 0 \"\" 2\n\t.popsection\n");
    for label in defined_labels(&template).into_iter().filter(|l| referenced(l)) {
        text.push_str(&format!("\t.globl {label}\n\t.hidden {label}\n"));
    }
    Ok(AssemblyFunction { name: format!("__nissecc_toplevel_asm_{index}"), text })
}

/// The symbols `template` defines as labels (`name:` at the start of a
/// statement), but not numeric ones, assembler-local `.L` ones or those
/// it makes global itself.
fn defined_labels(template: &str) -> Vec<String> {
    let statements: Vec<&str> = template.split(['\n', ';']).map(str::trim).collect();
    let mut labels: Vec<String> = Vec::new();
    for statement in &statements {
        let length = statement.bytes().take_while(|&b| is_identifier_byte(b) || b == b'.' || b == b'$').count();
        let name = &statement[..length];
        let local = name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || name.starts_with(".L");
        if !local && statement[length..].starts_with(':') && !labels.iter().any(|l| l == name) {
            labels.push(name.to_string());
        }
    }
    let declared_global = |name: &str| {
        statements.iter().any(|s| {
            let mut words = s.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty());
            matches!(words.next(), Some(".globl" | ".global" | ".weak")) && words.any(|w| w == name)
        })
    };
    labels.retain(|l| !declared_global(l));
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_file_scope_asm_and_leaves_asm_labels_and_statements() {
        let mut text = String::from("asm(\".globl a\");\nint x asm(\"y\");\n__asm__ (\"b:\" \"\\n.byte 1\");\nvoid f(void) { asm(\"nop\"); }\n");
        let found = take(&mut text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].offset, 0);
        assert_eq!(found[0].tokens, vec!["\".globl a\"".to_string()]);
        assert_eq!(found[1].tokens, vec!["\"b:\"".to_string(), "\"\\n.byte 1\"".to_string()]);
        let blanked = " ".repeat("asm(\".globl a\");".len());
        assert!(text.starts_with(&format!("{blanked}\nint x asm(\"y\");\n")));
        assert!(text.contains("{ asm(\"nop\"); }"));
    }

    #[test]
    fn marks_the_template_with_its_line() {
        let declaration = TopLevelAsm { offset: 0, tokens: vec!["\".set n, 1\"".into()] };
        let function = assembly(&declaration, 3, "a.c", 7, |_| true).unwrap();
        assert_eq!(function.name, "__nissecc_toplevel_asm_3");
        assert_eq!(function.text, "\t.pushsection .text\n# 7 \"a.c\" 1\n.set n, 1\n# 0 \"\" 2\n\t.popsection\n");
    }

    #[test]
    fn exports_the_local_labels_the_c_code_uses() {
        assert_eq!(defined_labels("vide: ret\n1: jmp 1b\n.Lx: nop; helper:nop\n.globl g\ng: ret"), vec!["vide", "helper"]);
        let declaration = TopLevelAsm { offset: 0, tokens: vec!["\"vide: ret\\nunused: ret\"".into()] };
        let function = assembly(&declaration, 0, "a.c", 1, |name| name == "vide").unwrap();
        assert!(function.text.ends_with("\t.popsection\n\t.globl vide\n\t.hidden vide\n"), "{}", function.text);
    }
}
