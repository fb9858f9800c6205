//! `show --dot DIR`: one Graphviz file per function, `DIR/<name>.dot`,
//! with the execution count on every block and every edge (parallel edges
//! are drawn separately).

use super::counts::FunctionCounts;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

/// Writes one `.dot` file per function into `dir`, creating it if needed.
pub fn write_dot_files(dir: &Path, functions: &[FunctionCounts]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let mut taken = HashSet::new();
    for function in functions {
        let path = dir.join(format!("{}.dot", unique_stem(&function.name, &mut taken)));
        std::fs::write(&path, dot(function)).map_err(|error| format!("{}: {error}", path.display()))?;
    }
    Ok(())
}

/// The Graphviz text of `function`'s CFG with its counts.
pub fn dot(function: &FunctionCounts) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{}\" {{", escape(&function.name));
    let _ = writeln!(out, "  label=\"{} (checksum {:#018x})\";", escape(&function.name), function.checksum);
    let _ = writeln!(out, "  node [shape=box, fontname=monospace];");
    for (b, count) in function.counts.blocks.iter().enumerate() {
        let line = function.line(b).map(|line| format!(" (line {line})")).unwrap_or_default();
        let _ = writeln!(out, "  block{b} [label=\"block{b}{line}\\ncount: {count}\"];");
    }
    for &(from, to, count) in &function.counts.edges {
        if function.edges_measured() {
            let _ = writeln!(out, "  block{from} -> block{to} [label=\"{count}\"];");
        } else {
            let _ = writeln!(out, "  block{from} -> block{to};");
        }
    }
    out.push_str("}\n");
    out
}

/// A file-name stem for `name` (characters other than letters, digits,
/// `_`, `-` and `.` become `_`) that no earlier function took.
pub(super) fn unique_stem(name: &str, taken: &mut HashSet<String>) -> String {
    let base: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || "_-.".contains(c) { c } else { '_' }).collect();
    let mut stem = base.clone();
    let mut n = 1;
    while !taken.insert(stem.clone()) {
        stem = format!("{base}.{n}");
        n += 1;
    }
    stem
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}
