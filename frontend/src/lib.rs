//! nissecc's C frontend: preprocessing with the system `cc -E`, parsing
//! with lang-c (GNU C11), type checking and lowering to the midend IR.
//! It is the only crate that knows C and lang-c, and it owns diagnostics.

mod alignof_expression;
mod auto_type;
mod complex_parts;
pub mod diagnostic;
mod empty_initializer;
pub mod extended_float;
mod implicit_int;
mod int128;
mod label_before_declaration;
pub(crate) mod lexical_prepass;
pub mod literal;
mod local_labels;
mod labels_as_values;
mod lower;
mod member_alignment;
mod pragmas;
mod sizeof_compound_literal;
mod standard_attributes;
mod static_assertions;
pub mod preprocess;
pub mod source_map;
mod syntax_error;
mod toplevel_asm;
mod sysv_classification;
pub mod types;
mod types_compatible;
mod typeof_type_names;

use diagnostic::Diagnostic;
use lang_c::driver::{parse_preprocessed, Config};
use nissecc_midend::ir::Module;
pub use preprocess::PreprocessOptions;
use source_map::SourceMap;
use std::path::Path;
use std::rc::Rc;

/// The result of compiling one C file to IR: the module, or the error,
/// with everything needed to render diagnostics.
pub struct FrontendOutput {
    pub result: Result<Module, Diagnostic>,
    pub warnings: Vec<Diagnostic>,
    pub source_map: Option<SourceMap>,
    /// What the preprocessor printed (its warnings), shown first.
    pub preprocessor_messages: String,
}

impl FrontendOutput {
    /// Renders the error (if any) and the warnings for a terminal.
    pub fn render_diagnostics(&self) -> String {
        let map = self.source_map.as_ref();
        let mut out = self.preprocessor_messages.clone();
        out.extend(self.warnings.iter().map(|w| w.render(map)));
        if let Err(e) = &self.result {
            out.push_str(&e.render(map));
        }
        out
    }
}

/// A bound on the text inserted to repair parses (implicit `int`,
/// `__alignof__` of an expression), so that a pathological input cannot
/// make the frontend parse forever.
const MAX_INSERTIONS: usize = 10_000;

/// Options of the language that change what the lowering does.
#[derive(Clone, Copy, Debug, Default)]
pub struct LanguageOptions {
    /// `-fwrapv`: signed arithmetic wraps around, so no addition,
    /// subtraction or multiplication is marked as never overflowing.
    pub wrapv: bool,
    /// GNU89 inline rules (`-std=gnu89`, `c89`, `-ansi`…): `extern inline`
    /// defines an inline definition and plain `inline` an external one.
    pub gnu_inline: bool,
    /// `-funsigned-char`: plain `char` is unsigned.
    pub unsigned_char: bool,
}

impl LanguageOptions {
    /// Whether the `-std=` language has GNU89's inline rules (C90 and its
    /// amendment, ISO or GNU), as GCC gives them.
    pub fn gnu_inline_for(standard: Option<&str>) -> bool {
        matches!(standard, Some("c89" | "c90" | "gnu89" | "gnu90" | "iso9899:1990" | "iso9899:199409"))
    }
}

/// Preprocesses, parses and lowers `path`.
pub fn compile_file(path: &Path, options: &PreprocessOptions, language: &LanguageOptions) -> FrontendOutput {
    let preprocessed = match preprocess::preprocess(path, options) {
        Ok(p) => p,
        Err(e) => return FrontendOutput { result: Err(e), warnings: vec![], source_map: None, preprocessor_messages: String::new() },
    };
    let mut output = compile_preprocessed_with(preprocessed.text, &path.display().to_string(), language);
    output.preprocessor_messages = preprocessed.messages;
    output
}

/// Parses and lowers already-preprocessed text.
pub fn compile_preprocessed(text: String, file_name: &str) -> FrontendOutput {
    compile_preprocessed_with(text, file_name, &LanguageOptions::default())
}

/// Parses and lowers already-preprocessed text under `language`.
pub fn compile_preprocessed_with(mut text: String, file_name: &str, language: &LanguageOptions) -> FrontendOutput {
    types::set_plain_char_unsigned(language.unsigned_char);
    let map = SourceMap::new(&text, file_name);
    let pragmas = match pragmas::read(&text) {
        Ok(pragmas) => pragmas,
        Err(diagnostic) => return FrontendOutput { result: Err(diagnostic), warnings: vec![], source_map: Some(map), preprocessor_messages: String::new() },
    };
    if let Some(offset) = lexical_prepass::prepare(&mut text) {
        let span = lang_c::span::Span::span(offset, offset + 1);
        let message = format!("nesting of brackets deeper than {} levels", lexical_prepass::MAX_NESTING);
        return FrontendOutput { result: Err(Diagnostic::error_at(span, message)), warnings: vec![], source_map: Some(map), preprocessor_messages: String::new() };
    }
    if let Err((offset, what)) = standard_attributes::blank(&mut text) {
        let span = lang_c::span::Span::span(offset, offset + 1);
        return FrontendOutput { result: Err(Diagnostic::unsupported(span, what)), warnings: vec![], source_map: Some(map), preprocessor_messages: String::new() };
    }
    let config = Config::with_gcc();
    let record_attributes = lexical_prepass::take_record_attributes(&mut text);
    let local_labels = local_labels::take(&mut text);
    let toplevel_asm = toplevel_asm::take(&mut text);
    // Text inserted for lang-c, as (offset when inserted, length).
    let mut insertions: Vec<(usize, usize)> = Vec::new();
    insertions.extend(labels_as_values::rewrite(&mut text));
    insertions.extend(complex_parts::rewrite(&mut text));
    insertions.extend(member_alignment::rewrite(&mut text));
    insertions.extend(auto_type::rewrite(&mut text));
    insertions.extend(lexical_prepass::thread_keywords(&mut text));
    insertions.extend(int128::rewrite(&mut text));
    insertions.extend(types_compatible::rewrite(&mut text));
    insertions.extend(typeof_type_names::rewrite(&mut text));
    insertions.extend(static_assertions::rewrite(&mut text));
    for at in lexical_prepass::gnu_conditionals(&text).into_iter().rev() {
        text.insert_str(at, lexical_prepass::OMITTED_OPERAND);
        insertions.push((at, lexical_prepass::OMITTED_OPERAND.len()));
    }
    let parse = loop {
        match parse_preprocessed(&config, text.clone()) {
            Ok(p) => break p,
            Err(e) => {
                // C89's implicit `int` (`static counter = 0;`), which
                // lang-c's grammar lacks: the missing `int` is inserted and
                // the text parsed again.
                if insertions.len() < MAX_INSERTIONS {
                    if let Some(at) = implicit_int::position(&text, e.offset, &e.expected) {
                        text.insert_str(at, implicit_int::INSERTED);
                        insertions.push((at, implicit_int::INSERTED.len()));
                        continue;
                    }
                    // C23's labels before declarations and at the end
                    // of a block, which lang-c's grammar lacks.
                    if let Some(at) = label_before_declaration::position(&text, e.offset) {
                        text.insert_str(at, label_before_declaration::INSERTED);
                        insertions.push((at, label_before_declaration::INSERTED.len()));
                        continue;
                    }
                    if let Some(at) = empty_initializer::position(&text, e.offset) {
                        text.insert_str(at, empty_initializer::INSERTED);
                        insertions.push((at, empty_initializer::INSERTED.len()));
                        continue;
                    }
                    // `__alignof__(variable)`, which lang-c's grammar lacks.
                    if let Some(points) = alignof_expression::wrap_points(&text, e.offset) {
                        wrap(&mut text, &mut insertions, points, alignof_expression::OPEN, alignof_expression::CLOSE);
                        continue;
                    }
                    // `sizeof (int[]){1, 2}`, which lang-c reads as the
                    // size of a type name followed by a stray `{`.
                    if let Some(points) = sizeof_compound_literal::wrap_points(&text, e.offset) {
                        wrap(&mut text, &mut insertions, points, sizeof_compound_literal::OPEN, sizeof_compound_literal::CLOSE);
                        continue;
                    }
                }
                let map = source_map_with_insertions(&text, file_name, &insertions);
                let end = (e.offset + 1).min(e.source.len());
                let span = lang_c::span::Span::span(e.offset, end.max(e.offset));
                let message = syntax_error::message(&text, e.offset, &e.expected);
                return FrontendOutput { result: Err(Diagnostic::error_at(span, message)), warnings: vec![], source_map: Some(map), preprocessor_messages: String::new() };
            }
        }
    };
    let map = source_map_with_insertions(&text, file_name, &insertions);
    let map = Rc::new(map);
    let mut lowerer = lower::Lowerer::new(map.clone());
    lowerer.weak_symbols.extend(pragmas.weak);
    lowerer.weak_aliases = pragmas
        .weak_aliases
        .into_iter()
        .map(|(name, target, span)| (name, target, lang_c::span::Span::span(moved_offset(span.start, &insertions), moved_offset(span.end, &insertions))))
        .collect();
    lowerer.pack = pragmas.pack.into_iter().map(|(at, n)| (moved_offset(at, &insertions), n)).collect();
    lowerer.wrapv = language.wrapv;
    lowerer.gnu_inline = language.gnu_inline;
    lowerer.local_labels = local_labels.into_iter().map(|(at, names)| (moved_offset(at, &insertions), names)).collect();
    lowerer.head_attributes = record_attributes.into_iter().map(|(at, text)| (moved_offset(at, &insertions), text.layout())).collect();
    let (result, warnings) = match lowerer.lower_unit(&parse.unit) {
        Ok((mut module, warnings)) => {
            module.source_file = file_name.to_string();
            match toplevel_assembly(&toplevel_asm, &module, &map, &insertions) {
                Ok(assembly) => {
                    module.assembly.extend(assembly);
                    (Ok(module), warnings)
                }
                Err(e) => (Err(e), vec![]),
            }
        }
        Err(e) => (Err(e), vec![]),
    };
    let map = Rc::try_unwrap(map).unwrap_or_else(|rc| (*rc).clone());
    FrontendOutput { result, warnings, source_map: Some(map), preprocessor_messages: String::new() }
}

/// The assembler text of the unit's file-scope `asm` declarations, in
/// their order, each marked with its line in the user's source; `module`
/// is the unit's C code, whose undefined symbols a template may define.
fn toplevel_assembly(declarations: &[toplevel_asm::TopLevelAsm], module: &Module, map: &SourceMap, insertions: &[(usize, usize)]) -> Result<Vec<nissecc_midend::ir::AssemblyFunction>, Diagnostic> {
    let referenced = |name: &str| module.externs.iter().any(|e| e.name == name) || module.data.iter().any(|d| d.external && d.name == name);
    let mut assembly = Vec::new();
    for (index, declaration) in declarations.iter().enumerate() {
        let at = moved_offset(declaration.offset, insertions);
        let location = map.locate(at);
        let function = toplevel_asm::assembly(declaration, index, &location.file, location.line, referenced)
            .map_err(|what| Diagnostic::error_at(lang_c::span::Span::span(at, at + 1), what))?;
        assembly.push(function);
    }
    Ok(assembly)
}

/// Where offset `at` of the preprocessed text is after the insertions.
fn moved_offset(at: usize, insertions: &[(usize, usize)]) -> usize {
    let mut at = at;
    for &(b, len) in insertions {
        if b <= at {
            at += len;
        }
    }
    at
}

/// Puts `open` at `points.0` and `close` at `points.1` of `text` (the
/// later point first, so the earlier stays valid), recording both
/// insertions for the source map.
fn wrap(text: &mut String, insertions: &mut Vec<(usize, usize)>, (open_at, close_at): (usize, usize), open: &str, close: &str) {
    text.insert_str(close_at, close);
    insertions.push((close_at, close.len()));
    text.insert_str(open_at, open);
    insertions.push((open_at, open.len()));
}

/// The source map of `text`, which differs from the preprocessor's output
/// by the text inserted at `insertions` (offset when inserted, length).
fn source_map_with_insertions(text: &str, file_name: &str, insertions: &[(usize, usize)]) -> SourceMap {
    let mut map = SourceMap::new(text, file_name);
    for (i, &(at, len)) in insertions.iter().enumerate() {
        // Later insertions at or before this offset moved it.
        let moved: usize = insertions[i + 1..].iter().filter(|&&(b, _)| b <= at).map(|&(_, l)| l).sum();
        map.note_insertion(at + moved, len);
    }
    map
}

