//! The programs tier's Markdown tables, each with a row per program and
//! build: the plain `-O2` builds against gcc `-O2`, the instrumentation
//! overhead of every instrumented build against the plain build of its
//! compiler, the PGO gain of every optimized build (plain ÷ optimized, so
//! above 1 is faster), and what each build cost to compile. A build that
//! failed, or whose profile nissecc refused, says so in its row.

use super::builds::Role;
use super::results::{BuildResult, ProgramResult, Status};
use crate::bench::report::grouped;
use std::fmt::Write;

/// Every table of the tier.
pub fn tables(results: &[ProgramResult]) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "### Plain builds: -O2 (÷ gcc-O2; gcc-O2's wall-time ratio is gcc-O2 against itself: the noise)\n\n{}\n",
        plain_table(results)
    );
    let _ = write!(out, "### Instrumentation overhead: instrumented ÷ plain build of the same compiler\n\n{}\n", overhead_table(results));
    if results.iter().flat_map(|p| &p.builds).any(|b| matches!(b.build.role, Role::Optimized { .. })) {
        let _ = write!(
            out,
            "### PGO gain: plain ÷ profile-optimized (above 1 is faster)\n\n{}\n",
            pgo_table(results)
        );
    }
    let _ = write!(
        out,
        "### Compile time and memory (wall time of the build; CPU time and peak resident memory of the compiler commands, from GNU time)\n\n{}",
        compile_table(results)
    );
    out
}

/// `×1.234`, or nothing.
fn times(ratio: Option<f64>) -> String {
    ratio.map_or(String::new(), |r| format!("×{r:.3}"))
}

/// Milliseconds with one decimal.
fn ms(value: f64) -> String {
    format!("{value:.1}")
}

/// The text that replaces a failed or refused build's numbers.
fn status_note(status: &Status) -> Option<String> {
    let clean = |text: &str| {
        let mut text = text.replace('|', "\\|").replace('\n', " ");
        if text.chars().count() > 240 {
            text = text.chars().take(240).collect::<String>() + "…";
        }
        text
    };
    match status {
        Status::Ok => None,
        Status::ProfileRejected(reason) => Some(format!("profile rejected: {}", clean(reason))),
        Status::Failed(reason) => Some(format!("failed: {}", clean(reason))),
    }
}

/// A row's cells after its leading ones: the note of a failed build and
/// dashes, or the numbers.
fn cells(result: &BuildResult, count: usize, numbers: impl FnOnce() -> Vec<String>) -> String {
    let cells = match status_note(&result.status) {
        Some(note) => std::iter::once(note).chain(std::iter::repeat_n("–".to_string(), count - 1)).collect(),
        None => numbers(),
    };
    cells.iter().map(|c| format!(" {c} |")).collect()
}

fn header(out: &mut String, columns: &[&str], leading: usize) {
    let _ = writeln!(out, "| {} |", columns.join(" | "));
    let _ = writeln!(out, "|{}{}", "---|".repeat(leading), "---:|".repeat(columns.len() - leading));
}

/// The rows of `results` whose build has a role `keep` accepts.
fn rows(results: &[ProgramResult], keep: impl Fn(&Role) -> bool) -> Vec<(&ProgramResult, &BuildResult)> {
    results.iter().flat_map(|p| p.builds.iter().map(move |b| (p, b))).filter(|(_, b)| keep(&b.build.role)).collect()
}

fn plain_table(results: &[ProgramResult]) -> String {
    let mut out = String::new();
    header(&mut out, &["program", "build", "instructions", "÷ gcc-O2", "wall ms", "÷ gcc-O2"], 2);
    for (program, result) in rows(results, |role| *role == Role::Plain) {
        let own = result.build.baseline == result.build.label;
        let numbers = || {
            vec![
                result.instructions.map_or("n/a".into(), |n| grouped(n as f64)),
                if own { String::new() } else { times(program.instructions_ratio(result)) },
                result.wall.map_or("n/a".into(), |w| ms(w.build_ms)),
                result.wall.map_or(String::new(), |w| times(w.ratio()) + if own { " (A/A)" } else { "" }),
            ]
        };
        let _ = writeln!(out, "| {} | {} |{}", program.program, result.build.label, cells(result, 4, numbers));
    }
    out
}

fn overhead_table(results: &[ProgramResult]) -> String {
    let mut out = String::new();
    header(&mut out, &["program", "build", "command", "vs", "instructions", "overhead", "wall ms", "overhead"], 4);
    for (program, result) in rows(results, |role| *role == Role::Instrumented) {
        let numbers = || {
            vec![
                result.instructions.map_or("n/a".into(), |n| grouped(n as f64)),
                times(program.instructions_ratio(result)),
                result.wall.map_or("n/a".into(), |w| ms(w.build_ms)),
                result.wall.map_or(String::new(), |w| times(w.ratio())),
            ]
        };
        let build = &result.build;
        let _ = writeln!(out, "| {} | {} | `{}` | {} |{}", program.program, build.label, build.command(), build.baseline, cells(result, 4, numbers));
    }
    out
}

fn pgo_table(results: &[ProgramResult]) -> String {
    let mut out = String::new();
    header(
        &mut out,
        &["program", "build", "trained by", "plain instructions", "PGO instructions", "gain", "plain wall ms", "PGO wall ms", "gain"],
        3,
    );
    for (program, result) in rows(results, |role| matches!(role, Role::Optimized { .. })) {
        let Role::Optimized { trainer } = &result.build.role else { continue };
        let numbers = || {
            let plain = program.get(&result.build.baseline).and_then(|b| b.instructions);
            let count = |n: Option<u64>| n.map_or("n/a".into(), |n| grouped(n as f64));
            vec![
                count(plain),
                count(result.instructions),
                times(program.instructions_ratio(result).map(|r| 1.0 / r)),
                result.wall.map_or("n/a".into(), |w| ms(w.baseline_ms)),
                result.wall.map_or("n/a".into(), |w| ms(w.build_ms)),
                result.wall.map_or(String::new(), |w| times(w.ratio().map(|r| 1.0 / r))),
            ]
        };
        let _ = writeln!(out, "| {} | {} | {trainer} |{}", program.program, result.build.label, cells(result, 6, numbers));
    }
    out
}

fn compile_table(results: &[ProgramResult]) -> String {
    let mut out = String::new();
    header(&mut out, &["program", "build", "command", "wall s", "CPU s", "peak MiB"], 3);
    for (program, result) in rows(results, |_| true) {
        let cost = match result.compile {
            Some(c) => {
                let or_na = |value: Option<f64>, decimals: usize| value.map_or("n/a".into(), |v| format!("{v:.decimals$}"));
                format!(" {:.2} | {} | {} |", c.wall_s, or_na(c.cpu_s, 2), or_na(c.peak_mib, 1))
            }
            None => format!(" {} | – | – |", status_note(&result.status).unwrap_or_else(|| "n/a".into())),
        };
        let _ = writeln!(out, "| {} | {} | `{}` |{cost}", program.program, result.build.label, result.build.command());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::builds::Compiler;
    use crate::bench::programs::builds::ProgramBuild;
    use crate::bench::programs::results::{CompileCost, WallPair};

    fn result(label: &str, role: Role, baseline: &str, instructions: u64, wall: (f64, f64), status: Status) -> BuildResult {
        let build = ProgramBuild { label: label.into(), compiler: Compiler::Nissecc, flags: vec!["-O2".into()], role, baseline: baseline.into() };
        BuildResult {
            build,
            status,
            compile: Some(CompileCost { wall_s: 1.0, cpu_s: Some(2.0), peak_mib: Some(30.0) }),
            instructions: Some(instructions),
            wall: Some(WallPair { build_ms: wall.0, baseline_ms: wall.1 }),
        }
    }

    fn program() -> ProgramResult {
        let optimized = || Role::Optimized { trainer: "nissecc-naive".into() };
        ProgramResult {
            program: "zlib".into(),
            training: "zlib-training".into(),
            evaluation: "zlib-evaluation".into(),
            builds: vec![
                result("gcc-O2", Role::Plain, "gcc-O2", 1000, (10.0, 10.0), Status::Ok),
                result("nissecc-O2", Role::Plain, "gcc-O2", 1200, (12.0, 10.0), Status::Ok),
                result("nissecc-naive", Role::Instrumented, "nissecc-O2", 1800, (15.0, 12.0), Status::Ok),
                result("nissecc-pgo", optimized(), "nissecc-O2", 1000, (10.0, 12.0), Status::Ok),
                result("gcc-pgo", optimized(), "gcc-O2", 0, (0.0, 0.0), Status::ProfileRejected("counts | do not balance".into())),
            ],
        }
    }

    #[test]
    fn ratios_go_the_way_each_table_says() {
        let text = tables(&[program()]);
        assert!(text.contains("| zlib | nissecc-O2 | 1,200 | ×1.200 | 12.0 | ×1.200 |"), "{text}");
        assert!(text.contains("| zlib | gcc-O2 | 1,000 |  | 10.0 | ×1.000 (A/A) |"), "{text}");
        assert!(text.contains("| zlib | nissecc-naive | `nissecc -O2` | nissecc-O2 | 1,800 | ×1.500 | 15.0 | ×1.250 |"), "{text}");
        assert!(text.contains("| zlib | nissecc-pgo | nissecc-naive | 1,200 | 1,000 | ×1.200 | 12.0 | 10.0 | ×1.200 |"), "{text}");
    }

    #[test]
    fn a_refused_profile_is_shown_not_hidden() {
        let text = tables(&[program()]);
        assert!(text.contains("| zlib | gcc-pgo | nissecc-naive | profile rejected: counts \\| do not balance | – | – | – | – | – |"), "{text}");
    }
}
