//! Diagnostics: errors and warnings with a span in the preprocessed text,
//! rendered as `file:line:col: error: message` followed by the source line
//! and a caret (codespan-reporting), the way gcc and clang users expect.

use crate::source_map::{SourceLocation, SourceMap};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use lang_c::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Byte range in the preprocessed text.
    pub span: Option<Span>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error without a location (a missing file, a failing tool).
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, message: message.into(), span: None, notes: Vec::new() }
    }

    pub fn error_at(span: Span, message: impl Into<String>) -> Self {
        Diagnostic { span: Some(span), ..Diagnostic::error(message) }
    }

    /// `unsupported: <what>`, for C outside nissecc's subset.
    pub fn unsupported(span: Span, what: impl std::fmt::Display) -> Self {
        Diagnostic::error_at(span, format!("unsupported: {what}"))
    }

    pub fn warning_at(span: Span, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error_at(span, message) }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Renders the diagnostic: a `file:line:col: severity: message` line,
    /// then the source line with a caret when the file can be read.
    pub fn render(&self, map: Option<&SourceMap>) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let location = match (self.span, map) {
            (Some(span), Some(map)) => Some((map.locate(span.start), map.locate(span.end.max(span.start)))),
            _ => None,
        };
        let mut out = match &location {
            Some((loc, _)) => format!("{}:{}:{}: {kind}: {}\n", loc.file, loc.line, loc.column, self.message),
            None => format!("nissecc: {kind}: {}\n", self.message),
        };
        if let Some((start, end)) = location {
            out.push_str(&snippet(&start, &end, &self.severity));
        }
        for note in &self.notes {
            out.push_str(&format!("note: {note}\n"));
        }
        out
    }
}

/// The source line of `start` with a caret under the span, rendered by
/// codespan-reporting; empty when the file cannot be read.
fn snippet(start: &SourceLocation, end: &SourceLocation, severity: &Severity) -> String {
    let Ok(text) = std::fs::read_to_string(&start.file) else { return String::new() };
    let Some(begin) = byte_offset(&text, start) else { return String::new() };
    let finish = if end.file == start.file { byte_offset(&text, end).unwrap_or(begin) } else { begin };
    let finish = if finish <= begin { (begin + 1).min(text.len()) } else { finish };
    let line_end = text[begin..].find('\n').map(|i| begin + i).unwrap_or(text.len());
    let finish = finish.min(line_end.max(begin + 1)).min(text.len());
    let mut files = SimpleFiles::new();
    let id = files.add(start.file.clone(), text);
    let diagnostic = match severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
    };
    let diagnostic = diagnostic.with_labels(vec![Label::primary(id, begin..finish)]);
    let mut buffer = term::termcolor::Buffer::no_color();
    let config = Config { start_context_lines: 0, end_context_lines: 0, ..Config::default() };
    if term::emit(&mut buffer, &config, &files, &diagnostic).is_err() {
        return String::new();
    }
    // Drop codespan's own header line: ours already names the location.
    let rendered = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    rendered.lines().skip(1).filter(|l| !l.trim().is_empty()).map(|l| format!("{l}\n")).collect()
}

fn byte_offset(text: &str, loc: &SourceLocation) -> Option<usize> {
    let mut line_start = 0;
    for _ in 1..loc.line {
        line_start += text[line_start..].find('\n')? + 1;
    }
    let offset = line_start + loc.column as usize - 1;
    (offset <= text.len()).then_some(offset)
}
