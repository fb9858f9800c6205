//! `nissecc-profdata annotate PROFILE SOURCE.c...`: each source file with
//! the execution count of every line, in gcov's layout
//! (`count:line:text`; `-` for a line without code, `#####` for a line
//! never run, a `*` after the count of a line with a block that never ran),
//! gcov's `-b` summary before each function and the taken percentage of
//! every branch after its line, and for a path profile the hottest paths
//! of each function as sequences of lines. `--html DIR` writes the same
//! as a static report instead (`annotate_html.rs`).
//!
//! Lines come from the descriptor's source lines (`profile::SourceLines`)
//! and counts from `line_counts.rs`. A function belongs to a source file
//! when the file the compiler recorded for it names the same file: the
//! same path after resolving both, or else one path ends with the other
//! (the compiler may have been given `src/a.c` and the tool `a.c`, or
//! the reverse).

use super::counts::FunctionCounts;
use super::line_counts::{function_lines, Branch, FunctionLines, LineCount};
use super::paths::{executed_paths, is_path_profile, potential_paths};
use super::show::{load_counts, Shown};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

/// What `annotate` prints or writes.
#[derive(Clone, Debug)]
pub struct AnnotateOptions {
    /// The hottest paths listed per function of a path profile.
    pub paths: usize,
    /// Write an HTML report into this directory instead of printing text.
    pub html: Option<PathBuf>,
}

/// One source file with the counts of the functions defined in it.
pub struct AnnotatedFile {
    /// The file as given on the command line.
    pub path: PathBuf,
    /// Its lines, without line ends.
    pub text: Vec<String>,
    /// The count of every line with code, summed over its functions.
    pub lines: BTreeMap<u32, LineCount>,
    /// The branches on each line.
    pub branches: BTreeMap<u32, Vec<Branch>>,
    /// Its functions, in the profile's order.
    pub functions: Vec<AnnotatedFunction>,
}

/// One function of a file: its counts and its lines.
pub struct AnnotatedFunction {
    pub counts: FunctionCounts,
    pub lines: FunctionLines,
}

impl AnnotatedFunction {
    /// Its C name: the profile qualifies a `static` function's name with
    /// its file (`FILE;name`, `profile::name`), which a listing of that
    /// file need not repeat.
    pub fn c_name(&self) -> &str {
        self.counts.name.rsplit(';').next().unwrap_or(&self.counts.name)
    }

    /// How many calls returned, as a share of `entries`: the calls that
    /// did not end the program or leave by `longjmp` inside a callee.
    pub fn returned(&self) -> u64 {
        let counts = &self.counts.counts;
        let left: u64 = counts.early_exits.iter().map(|exit| exit.count).sum();
        counts.entries.saturating_sub(left)
    }

    /// How many of its blocks ran at least once, and how many it has.
    pub fn blocks_executed(&self) -> (usize, usize) {
        let blocks = &self.counts.counts.blocks;
        (blocks.iter().filter(|&&count| count > 0).count(), blocks.len())
    }

    /// Its hottest paths, at most `limit`, hottest first (ties in path
    /// number order), each with its count and the lines it runs through,
    /// consecutive repeats merged; empty for an edge profile.
    pub fn hottest_paths(&self, limit: usize) -> Vec<LinePath> {
        if !is_path_profile(&self.counts) {
            return Vec::new();
        }
        let source = self.counts.descriptor.source_lines.as_ref();
        let mut paths = executed_paths(&self.counts);
        paths.sort_by_key(|p| std::cmp::Reverse(p.count));
        paths.truncate(limit);
        paths
            .into_iter()
            .map(|p| {
                let mut lines: Vec<u32> = Vec::new();
                for &b in &p.blocks {
                    for &line in source.map(|s| s.blocks[b as usize].as_slice()).unwrap_or(&[]) {
                        if lines.last() != Some(&line) {
                            lines.push(line);
                        }
                    }
                }
                LinePath { number: p.number, count: p.count, start: p.start_name(), end: p.end_name(), lines }
            })
            .collect()
    }
}

/// One path of a path profile as a sequence of source lines.
pub struct LinePath {
    pub number: u64,
    pub count: u64,
    /// How it starts and ends, as `show --json` names them.
    pub start: &'static str,
    pub end: &'static str,
    pub lines: Vec<u32>,
}

/// The listing of every file in `sources` with the counts of the profile
/// in `profile`; with `--html`, writes the report and returns no text.
pub fn annotate(profile: &Path, sources: &[PathBuf], options: &AnnotateOptions) -> Result<Shown, String> {
    let mut warnings = Vec::new();
    let files = annotated_files(profile, sources, &mut warnings)?;
    if let Some(dir) = &options.html {
        super::annotate_html::write_report(dir, profile, &files, options.paths)?;
        return Ok(Shown { text: String::new(), warnings });
    }
    let text = files.iter().map(|file| listing(file, profile, options.paths)).collect();
    Ok(Shown { text, warnings })
}

/// Reads every source file and gathers the counts of its functions.
pub fn annotated_files(profile: &Path, sources: &[PathBuf], warnings: &mut Vec<String>) -> Result<Vec<AnnotatedFile>, String> {
    let mut functions: Vec<Option<AnnotatedFunction>> = Vec::new();
    for counts in load_counts(profile, None, Some(warnings))? {
        match function_lines(&counts) {
            Some(lines) => functions.push(Some(AnnotatedFunction { counts, lines })),
            None => warnings.push(format!(
                "{}: function `{}` has no source lines (its profile was written by an older nissecc): left out",
                profile.display(),
                counts.name
            )),
        }
    }
    let mut files = Vec::new();
    for source in sources {
        let text = std::fs::read(source).map_err(|error| format!("{}: {error}", source.display()))?;
        let text: Vec<String> = String::from_utf8_lossy(&text).lines().map(str::to_string).collect();
        // Exact matches first: only when none names the file does a
        // suffix match count, so `a/x.c` and `b/x.c` stay apart.
        let exact: Vec<bool> = functions.iter().map(|f| f.as_ref().is_some_and(|f| same_file(&f.lines.file, source))).collect();
        let any_exact = exact.iter().any(|&e| e);
        let mut file = AnnotatedFile { path: source.clone(), text, lines: BTreeMap::new(), branches: BTreeMap::new(), functions: Vec::new() };
        for (slot, exact) in functions.iter_mut().zip(exact) {
            let matches = slot.as_ref().is_some_and(|f| if any_exact { exact } else { suffix_match(&f.lines.file, source) });
            if matches {
                file.add(slot.take().expect("a function not yet taken"));
            }
        }
        if file.functions.is_empty() {
            warnings.push(format!("{}: no function of {} is defined in this file", source.display(), profile.display()));
        }
        files.push(file);
    }
    Ok(files)
}

impl AnnotatedFile {
    /// Adds a function's counts to the file's lines.
    fn add(&mut self, function: AnnotatedFunction) {
        for (&line, count) in &function.lines.lines {
            let total = self.lines.entry(line).or_default();
            total.count = total.count.saturating_add(count.count);
            total.has_unexecuted_block |= count.has_unexecuted_block;
        }
        for (&line, branches) in &function.lines.branches {
            self.branches.entry(line).or_default().extend(branches.iter().cloned());
        }
        self.functions.push(function);
    }

    /// The functions whose entry is on each line.
    pub fn functions_by_first_line(&self) -> BTreeMap<u32, Vec<&AnnotatedFunction>> {
        let mut starts: BTreeMap<u32, Vec<&AnnotatedFunction>> = BTreeMap::new();
        for function in &self.functions {
            if let Some(line) = function.lines.first_line {
                starts.entry(line).or_default().push(function);
            }
        }
        starts
    }

    /// Lines with code, and how many of them ran.
    pub fn coverage(&self) -> (usize, usize) {
        (self.lines.values().filter(|line| line.count > 0).count(), self.lines.len())
    }
}

/// Whether the file the compiler recorded and the file given name the
/// same file once both are resolved.
fn same_file(recorded: &str, given: &Path) -> bool {
    let recorded = Path::new(recorded);
    recorded == given || matches!((recorded.canonicalize(), given.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

/// Whether one path's components end the other's.
fn suffix_match(recorded: &str, given: &Path) -> bool {
    let names = |path: &Path| -> Vec<String> {
        path.components().filter_map(|c| if let Component::Normal(name) = c { Some(name.to_string_lossy().into_owned()) } else { None }).collect()
    };
    let (a, b) = (names(Path::new(recorded)), names(given));
    let shorter = a.len().min(b.len());
    shorter > 0 && a[a.len() - shorter..] == b[b.len() - shorter..]
}

/// gcov's count column: `-` for no code, `#####` for never run, the count
/// otherwise, with `*` when a block on the line never ran.
pub fn count_marker(count: Option<&LineCount>) -> String {
    match count {
        None => "-".to_string(),
        Some(line) if line.count == 0 => "#####".to_string(),
        Some(line) => format!("{}{}", line.count, if line.has_unexecuted_block { "*" } else { "" }),
    }
}

/// `part` of `whole` as a whole percentage, as gcov prints it
/// (`format_gcov`): in single precision, halves rounded to even as
/// `printf` rounds them, and a part under 0.5% but not 0 shown as 1%.
pub fn percentage(part: u64, whole: u64) -> String {
    let mut ratio = if whole == 0 { 0.0 } else { 100.0f32 * part as f32 / whole as f32 };
    if ratio > 0.0 && ratio < 0.5 {
        ratio = 1.0;
    }
    format!("{ratio:.0}%")
}

/// gcov's text for each out-edge of a branch: `taken N%` or, for a
/// branch that never ran, `never executed`.
pub fn branch_outcomes(branch: &Branch) -> Vec<String> {
    branch
        .taken
        .iter()
        .map(|&count| if branch.total == 0 { "never executed".to_string() } else { format!("taken {}", percentage(count, branch.total)) })
        .collect()
}

/// gcov's `-b` line before a function.
pub fn function_summary(function: &AnnotatedFunction) -> String {
    let entries = function.counts.counts.entries;
    let (executed, blocks) = function.blocks_executed();
    format!(
        "function {} called {entries} returned {} blocks executed {}",
        function.c_name(),
        percentage(function.returned(), entries),
        percentage(executed as u64, blocks as u64)
    )
}

/// A path's lines as `12 -> 13 -> 12`.
pub fn path_lines(path: &LinePath) -> String {
    if path.lines.is_empty() {
        return "no line information".to_string();
    }
    path.lines.iter().map(u32::to_string).collect::<Vec<_>>().join(" -> ")
}

/// The heading of a function's hottest paths.
pub fn paths_heading(function: &AnnotatedFunction, shown: usize) -> String {
    format!("paths of {}: {} executed of {} potential; the {shown} hottest:", function.c_name(), function.counts.paths.len(), potential_paths(&function.counts))
}

/// One path's share of all the executions of its function's paths.
pub fn path_share(function: &AnnotatedFunction, path: &LinePath) -> f64 {
    let total: u128 = function.counts.paths.iter().map(|&(_, count)| u128::from(count)).sum();
    if total == 0 {
        0.0
    } else {
        100.0 * path.count as f64 / total as f64
    }
}

/// The gcov-style listing of one file.
fn listing(file: &AnnotatedFile, profile: &Path, paths: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{:>9}:{:>5}:Source:{}", "-", 0, file.path.display());
    let _ = writeln!(out, "{:>9}:{:>5}:Profile:{}", "-", 0, profile.display());
    let starts = file.functions_by_first_line();
    for (index, text) in file.text.iter().enumerate() {
        let line = index as u32 + 1;
        for function in starts.get(&line).into_iter().flatten() {
            let _ = writeln!(out, "{}", function_summary(function));
        }
        let _ = writeln!(out, "{:>9}:{:>5}:{text}", count_marker(file.lines.get(&line)), line);
        let outcomes = file.branches.get(&line).into_iter().flatten().flat_map(branch_outcomes);
        for (number, outcome) in outcomes.enumerate() {
            let _ = writeln!(out, "branch {number:>2} {outcome}");
        }
    }
    for function in &file.functions {
        let hottest = function.hottest_paths(paths);
        if hottest.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}", paths_heading(function, hottest.len()));
        for path in &hottest {
            let share = path_share(function, path);
            let _ = writeln!(out, "  {} ({share:.1}%) path {} from {} to {}: lines {}", path.count, path.number, path.start, path.end, path_lines(path));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_as_gcov_prints_them() {
        assert_eq!(percentage(1, 8), "12%");
        assert_eq!(percentage(3, 8), "38%");
        assert_eq!(percentage(1, 1000), "1%");
        assert_eq!(percentage(0, 1000), "0%");
        assert_eq!(percentage(999, 1000), "100%");
        assert_eq!(percentage(5, 0), "0%");
    }

    #[test]
    fn files_match_by_path_suffix() {
        assert!(suffix_match("tests/c/a.c", Path::new("/x/tests/c/a.c")));
        assert!(suffix_match("/build/src/a.c", Path::new("a.c")));
        assert!(!suffix_match("src/a.c", Path::new("lib/a.c")));
        assert!(!suffix_match("a.c", Path::new("b.c")));
    }
}
