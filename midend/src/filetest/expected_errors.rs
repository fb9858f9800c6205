//! Matching the verifier's errors against a filetest's `; error:` lines.
//!
//! An `; error:` line expects an error at the entity defined on the
//! nearest code line above it (comments and blank lines in between are
//! skipped, so several `; error:` lines may stack under one entity). Each
//! expectation must match a distinct error there, and each error must be
//! expected.

use crate::ir::Module;
use crate::text::SourceMap;
use crate::verifier::{print_module_errors, VerifierError};

/// One `; error:` line.
pub(super) struct ExpectedError<'a> {
    pub pattern: &'a str,
    /// The line of the filetest it is on.
    pub line: usize,
    /// The code line it refers to, if any precedes it.
    pub target: Option<usize>,
}

pub(super) fn check(
    module: &Module,
    source_map: &SourceMap,
    errors: &[VerifierError],
    expected: &[ExpectedError],
) -> Result<(), String> {
    let error_lines: Vec<Option<usize>> = errors
        .iter()
        .map(|e| {
            source_map
                .line_of(&e.symbol, e.location)
                .map(|l| l as usize)
        })
        .collect();
    let mut matched = vec![false; errors.len()];
    let mut problems = Vec::new();
    for expectation in expected {
        let target = expectation
            .target
            .filter(|&t| source_map.entity_at(t as u32).is_some());
        let Some(target) = target else {
            problems.push(format!(
                "line {}: `; error:` follows no instruction, block, stack slot or symbol line",
                expectation.line
            ));
            continue;
        };
        let found = (0..errors.len()).find(|&i| {
            !matched[i]
                && error_lines[i] == Some(target)
                && errors[i].message.contains(expectation.pattern)
        });
        match found {
            Some(i) => matched[i] = true,
            None => problems.push(format!(
                "line {}: no error containing `{}` at line {target}",
                expectation.line, expectation.pattern
            )),
        }
    }
    for (i, error) in errors.iter().enumerate().filter(|(i, _)| !matched[*i]) {
        let place = error_lines[i].map_or("an entity not in the file".to_string(), |l| {
            format!("line {l}")
        });
        problems.push(format!("unexpected error at {place}: {error}"));
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{}\n---- the verifier's errors ----\n{}----",
        problems.join("\n"),
        print_module_errors(module, errors)
    ))
}
