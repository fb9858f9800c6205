//! `nissecc-profdata show`: the block and edge counts of the functions in
//! a profile, as text (the default), JSON or Graphviz files, optionally
//! restricted to one function or to the N hottest.

use super::counts::{function_counts, FunctionCounts};
use super::{dot, json, load::load};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What `show` prints and which functions.
#[derive(Clone, Debug, Default)]
pub struct ShowOptions {
    /// Only the function with this name.
    pub function: Option<String>,
    /// Only the N hottest functions (see [`FunctionCounts::hotness`]),
    /// hottest first.
    pub topn: Option<usize>,
    /// JSON instead of text.
    pub json: bool,
    /// Also write one Graphviz file per shown function into this directory.
    pub dot: Option<PathBuf>,
}

/// The text (or JSON) that `show` prints for the profile in `path`; writes
/// the Graphviz files as a side effect.
pub fn show(path: &Path, options: &ShowOptions) -> Result<String, String> {
    let profile = load(path)?;
    let mut functions = Vec::new();
    for function in &profile.functions {
        if options.function.as_ref().is_some_and(|name| *name != function.name) {
            continue;
        }
        functions.push(function_counts(function).map_err(|error| format!("{}: function `{}`: {error}", path.display(), function.name))?);
    }
    if let Some(name) = &options.function {
        if functions.is_empty() {
            return Err(format!("{}: no function `{name}` in the profile", path.display()));
        }
    }
    if let Some(n) = options.topn {
        // A stable sort keeps the name order among equally hot functions.
        functions.sort_by_key(|function| std::cmp::Reverse(function.hotness()));
        functions.truncate(n);
    }
    if let Some(dir) = &options.dot {
        dot::write_dot_files(dir, &functions)?;
    }
    Ok(if options.json { format!("{}\n", json::to_json(&functions)) } else { text(&functions) })
}

/// The human-readable listing.
fn text(functions: &[FunctionCounts]) -> String {
    let mut out = String::new();
    for function in functions {
        let counts = &function.counts;
        let descriptor = &function.descriptor;
        let _ = writeln!(
            out,
            "function `{}` (checksum {:#018x}): {} calls; {} counters ({})",
            function.name,
            function.checksum,
            counts.entries,
            function.counters.len(),
            descriptor.strategy
        );
        let _ = writeln!(out, "  blocks:");
        for (b, count) in counts.blocks.iter().enumerate() {
            let line = function.line(b).map(|line| format!(" (line {line})")).unwrap_or_default();
            let _ = writeln!(out, "    block{b}{line}: {count}");
        }
        let _ = writeln!(out, "  edges:");
        for &(from, to, count) in &counts.edges {
            let _ = writeln!(out, "    block{from} -> block{to}: {count}");
        }
        if counts.early_exits.iter().any(|exit| exit.count > 0) {
            let _ = writeln!(out, "  calls that did not return:");
            for exit in counts.early_exits.iter().filter(|exit| exit.count > 0) {
                let callee = if exit.callee.is_empty() { "(indirect)" } else { &exit.callee };
                let _ = writeln!(out, "    block{} call {} to {callee}: {}", exit.block, exit.inst, exit.count);
            }
        }
    }
    out
}
