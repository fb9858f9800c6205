//! Filetests: IR text files whose comments state what a test must find,
//! in the style of Cranelift's `filetests/*.clif`.
//!
//! A file starts with one or more `test <kind> [args]` lines, then holds a
//! module in the text format. Its expectations are full-line comments:
//!
//! - `; error: <substring>` under an instruction, block header, stack slot
//!   or symbol line: the verifier must report an error at that entity whose
//!   message contains the substring. Checked by `test verifier`, which also
//!   requires that every error the verifier reports is expected (so a file
//!   without `; error:` lines must verify clean).
//! - `; check: <text>`: a line of the output containing the text must
//!   follow the previous match, as FileCheck's `CHECK:` does.
//!   `; nextln: <text>` must match the line right after the previous match,
//!   and `; not: <text>` must match no line between the matches around it.
//!   Runs of whitespace compare equal to one space. The output is that of
//!   every output-producing kind of the file, in header order.
//!
//! With `precise-output` among a test line's args, the `; check:` lines
//! must equal the whole output, line for line (blank lines aside), and
//! running with `NISSECC_BLESS=1` rewrites them to the actual output.
//!
//! A file is rejected when it names an unknown kind, names none, or has
//! expectations that no enabled kind checks (an `; error:` without `test
//! verifier`, a `; check:` without an output kind). Every file must verify
//! clean unless it enables `test verifier`: an analysis of invalid IR
//! proves nothing.

mod checks;
mod expected_errors;

use crate::ir::Module;
use crate::text::{parse_module, parse_module_with_source_map};
use crate::verifier::{print_module_errors, verify_module};
use checks::{Check, Directive};
use expected_errors::ExpectedError;
use std::path::Path;

/// A test kind that produces output for `; check:` lines: it takes the
/// parsed and verified module and the args of its `test` line.
pub type TestKind = fn(&Module, &str) -> Result<String, String>;

/// The output-producing test kinds, by name. `verifier` is not among them:
/// it checks `; error:` lines rather than producing output.
pub const KINDS: &[(&str, TestKind)] = &[
    ("print", print),
    ("cfg", crate::analysis::filetest::cfg),
    ("domtree", crate::analysis::filetest::domtree),
    ("postdomtree", crate::analysis::filetest::postdomtree),
    ("loops", crate::analysis::filetest::loops),
    ("mem2reg", crate::transform::filetest::mem2reg_test),
    ("sese", crate::instrument::sese::filetest::sese),
    ("inline-memops", crate::transform::filetest::inline_memops_test),
    ("copy-loops", crate::transform::filetest::copy_loops_test),
    ("simplify-cfg", crate::transform::filetest::simplify_cfg_test),
    ("rotate-loops", crate::transform::filetest::rotate_loops_test),
    ("dce", crate::transform::filetest::dce_test),
    ("widen-ivs", crate::transform::filetest::widen_ivs_test),
    ("value-numbering", crate::transform::filetest::value_numbering_test),
    ("narrow-compares", crate::transform::filetest::narrow_compares_test),
    ("if-convert", crate::transform::filetest::if_convert_test),
    ("hoist-loads", crate::transform::filetest::hoist_loads_test),
    ("address-offsets", crate::transform::filetest::address_offsets_test),
    ("invariant-addresses", crate::transform::filetest::invariant_addresses_test),
    ("narrow-arithmetic", crate::transform::filetest::narrow_arithmetic_test),
    ("truncated-parameters", crate::transform::filetest::truncated_parameters_test),
    ("unroll", crate::pgo::unroll::filetest),
    ("tpp", crate::instrument::tpp::filetest::tpp),
    // Register new test kinds here.
];

/// `test print`: the module's text, after checking that it survives a
/// round trip through the parser.
fn print(module: &Module, _args: &str) -> Result<String, String> {
    let text = module.to_string();
    let reparsed =
        parse_module(&text).map_err(|e| format!("the printed text does not parse: {e}\n{text}"))?;
    let again = reparsed.to_string();
    if again != text {
        return Err(format!(
            "printing the reparsed module changed it:\n{text}\n---- became ----\n{again}"
        ));
    }
    Ok(text)
}

/// What running a filetest did.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    /// The precise-output checks did not match and were rewritten; the new
    /// file text.
    Blessed(String),
}

/// Runs the filetest at `path` with the kinds of [`KINDS`].
pub fn run_filetest(path: &Path) -> Result<(), String> {
    run_filetest_with(path, &[])
}

/// Runs the filetest at `path` with the kinds of [`KINDS`] and `extra`
/// ones, such as a crate that midend does not know may add. Rewrites the
/// file when `NISSECC_BLESS=1` blesses its precise output.
pub fn run_filetest_with(path: &Path, extra: &[(&str, TestKind)]) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the file: {e}"))?;
    let bless = std::env::var("NISSECC_BLESS").is_ok_and(|v| v == "1");
    match run_source(&text, extra, bless)? {
        Outcome::Passed => Ok(()),
        Outcome::Blessed(new_text) => {
            std::fs::write(path, new_text).map_err(|e| format!("cannot bless the file: {e}"))
        }
    }
}

/// Runs a filetest given as text; `bless` allows rewriting its precise
/// output instead of failing.
pub fn run_source(text: &str, extra: &[(&str, TestKind)], bless: bool) -> Result<Outcome, String> {
    let file = TestFile::parse(text)?;
    let mut verifier = false;
    let mut outputs = Vec::new();
    for command in &file.commands {
        if command.kind == "verifier" {
            verifier = true;
            continue;
        }
        let kind = KINDS
            .iter()
            .chain(extra)
            .find(|(name, _)| *name == command.kind);
        match kind {
            Some(&(_, run)) => outputs.push((command, run)),
            None => {
                return Err(format!(
                    "line {}: unknown test kind `{}`",
                    command.line, command.kind
                ))
            }
        }
    }
    if let Some(first) = file.expected_errors.first().filter(|_| !verifier) {
        return Err(format!(
            "line {}: `; error:` expectations need `test verifier`",
            first.line
        ));
    }
    if let Some(first) = file.checks.first().filter(|_| outputs.is_empty()) {
        return Err(format!(
            "line {}: `; check:` lines need a test kind that produces output",
            first.line
        ));
    }

    let (module, source_map) =
        parse_module_with_source_map(&file.ir).map_err(|e| format!("parse error at {e}"))?;
    let errors = verify_module(&module).err().unwrap_or_default();
    if verifier {
        expected_errors::check(&module, &source_map, &errors, &file.expected_errors)?;
    } else if !errors.is_empty() {
        return Err(format!(
            "the input does not verify:\n{}",
            print_module_errors(&module, &errors)
        ));
    }
    if outputs.is_empty() {
        return Ok(Outcome::Passed);
    }

    let mut output = String::new();
    for (command, run) in &outputs {
        output +=
            &run(&module, &command.args).map_err(|e| format!("test {}: {e}", command.kind))?;
    }
    if !outputs.iter().any(|(command, _)| command.precise) {
        return checks::check(&output, &file.checks).map(|()| Outcome::Passed);
    }
    match checks::check_precise(&output, &file.checks) {
        Ok(()) => Ok(Outcome::Passed),
        Err(_) if bless => Ok(Outcome::Blessed(checks::bless(text, &file.checks, &output))),
        Err(e) => Err(format!(
            "{e}\n(run with NISSECC_BLESS=1 to accept the actual output)"
        )),
    }
}

/// The IR part of a filetest's text: the text with its `test` lines
/// blanked, so that line numbers stay those of the file.
pub fn ir_text(file_text: &str) -> Result<String, String> {
    TestFile::parse(file_text).map(|file| file.ir)
}

/// The IR text of the filetest `name` under `midend/filetests/`, for unit
/// tests that reuse a filetest's input.
#[cfg(test)]
pub(crate) fn filetest_ir(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("filetests")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ir_text(&text).expect("a well-formed filetest")
}

/// A `test <kind> [args]` line.
struct Command {
    kind: String,
    args: String,
    precise: bool,
    line: usize,
}

/// A filetest split into its parts.
struct TestFile<'a> {
    commands: Vec<Command>,
    /// The file with its `test` lines blanked out, so that the parser
    /// reports the file's own line numbers.
    ir: String,
    checks: Vec<Check<'a>>,
    expected_errors: Vec<ExpectedError<'a>>,
}

impl<'a> TestFile<'a> {
    fn parse(text: &'a str) -> Result<Self, String> {
        let mut file = TestFile {
            commands: Vec::new(),
            ir: String::new(),
            checks: Vec::new(),
            expected_errors: Vec::new(),
        };
        let mut last_code_line = None;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let trimmed = line.trim();
            if let Some(command) = trimmed
                .strip_prefix("test ")
                .or((trimmed == "test").then_some(""))
            {
                if last_code_line.is_some() {
                    return Err(format!("line {number}: `test` lines come before the IR"));
                }
                file.commands.push(Command::parse(command, number)?);
                file.ir.push('\n');
                continue;
            }
            file.ir.push_str(line);
            file.ir.push('\n');
            if let Some(comment) = trimmed.strip_prefix(';') {
                file.directive(comment.trim_start(), number, last_code_line);
            } else if !trimmed.is_empty() {
                last_code_line = Some(number);
            }
        }
        if file.commands.is_empty() {
            return Err(
                "the file names no test kind: start it with a line such as `test verifier`".into(),
            );
        }
        Ok(file)
    }

    /// Records the expectation that a comment states, if any.
    fn directive(&mut self, comment: &'a str, line: usize, last_code_line: Option<usize>) {
        if let Some(pattern) = comment.strip_prefix("error:") {
            self.expected_errors.push(ExpectedError {
                pattern: pattern.trim(),
                line,
                target: last_code_line,
            });
            return;
        }
        for (prefix, directive) in [
            ("check:", Directive::Check),
            ("nextln:", Directive::NextLn),
            ("not:", Directive::Not),
        ] {
            if let Some(pattern) = comment.strip_prefix(prefix) {
                self.checks.push(Check {
                    directive,
                    pattern,
                    line,
                });
            }
        }
    }
}

impl Command {
    fn parse(command: &str, line: usize) -> Result<Self, String> {
        let mut words = command.split_whitespace();
        let Some(kind) = words.next() else {
            return Err(format!("line {line}: `test` needs a kind"));
        };
        let mut precise = false;
        let mut args = Vec::new();
        for word in words {
            if word == "precise-output" {
                precise = true;
            } else {
                args.push(word);
            }
        }
        Ok(Command {
            kind: kind.to_string(),
            args: args.join(" "),
            precise,
            line,
        })
    }
}

#[cfg(test)]
mod tests;
