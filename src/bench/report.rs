//! The markdown report: a table in the layout of the paper's Figure 13
//! (Frenot & Pereira, CC'24, §4.4: per build, a Total row and a Med. row
//! for each measure), the prevalence statistics (§4.2), the PGO columns,
//! and optionally the per-kernel ratios.

use super::builds::Build;
use super::manifest::is_branch_heavy;
use super::results::KernelResult;
use super::summary::{median, prevalence, ratios, summarize, Measure};
use std::fmt::Write;

/// `1234567` as `1,234,567`; fractions keep one decimal.
pub fn grouped(value: f64) -> String {
    if value.is_nan() {
        return "n/a".into();
    }
    if value.fract() != 0.0 && value.abs() < 1000.0 {
        return format!("{value:.1}");
    }
    let digits = format!("{:.0}", value.abs());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if value < 0.0 {
        format!("-{out}")
    } else {
        out
    }
}

fn ratio(value: Option<f64>) -> String {
    value.map_or(String::new(), |r| format!(" (×{r:.3})"))
}

/// The Figure-13-style table over `results`.
pub fn figure13(results: &[KernelResult], builds: &[Build]) -> String {
    let mut out = String::new();
    let measures: Vec<Measure> = Measure::ALL.into_iter().filter(|m| results.iter().any(|k| k.builds.values().any(|b| m.of(b).is_some()))).collect();
    let _ = write!(out, "| build | vs | |");
    for m in &measures {
        let _ = write!(out, " {} |", m.heading());
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "|---|---|---|{}", "---:|".repeat(measures.len()));
    for build in builds {
        let summaries: Vec<_> = measures.iter().map(|&m| summarize(results, build, m)).collect();
        if summaries.iter().all(|s| s.kernels == 0) {
            continue;
        }
        let baseline = build.baseline.as_deref().unwrap_or("");
        let _ = write!(out, "| {} | {baseline} | Total |", build.label);
        for s in &summaries {
            let _ = write!(out, " {}{} |", grouped(s.total), ratio(s.total_ratio));
        }
        let _ = writeln!(out);
        let _ = write!(out, "| | | Med. |");
        for s in &summaries {
            let _ = write!(out, " {}{} |", grouped(s.median), ratio(s.median_ratio));
        }
        let _ = writeln!(out);
    }
    out
}

/// The prevalence statistics of every strategy.
pub fn prevalence_table(results: &[KernelResult], strategies: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| strategy | functions | counters | loops | SESE counters found | SESE counters used | KS counters replaced |");
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|");
    let field = |v: Option<u64>| v.map_or("n/a".to_string(), |n| grouped(n as f64));
    for strategy in strategies {
        if let Some(p) = prevalence(results, strategy) {
            let _ = writeln!(
                out,
                "| {strategy} | {} | {} | {} | {} | {} | {} |",
                grouped(p.functions as f64),
                field(p.counters),
                field(p.loops),
                field(p.sese_found),
                field(p.sese_used),
                field(p.ks_replaced)
            );
        }
    }
    out
}

/// The PGO summary: speedups of `-fprofile-use` over plain `-O2` (base ÷
/// optimized, so above 1 is faster) on each kernel's last input, with the
/// profile of that input and of another one; by instructions over all PGO
/// kernels and the branch-heavy ones, and by wall time over the long
/// kernels and the long branch-heavy ones; and gcc's and clang's own PGO
/// gains by instructions, against their own `-O2`. `None` when PGO was
/// not measured.
pub fn pgo_table(results: &[KernelResult]) -> Option<String> {
    let measured: Vec<&KernelResult> = results.iter().filter(|k| k.pgo.is_some()).collect();
    if measured.is_empty() {
        return None;
    }
    let mut out = String::new();
    let _ = writeln!(out, "| compiler | profile from | speedup by | kernels | n | median | best | worst | slower by > 1% |");
    let _ = writeln!(out, "|---|---|---|---|---:|---:|---:|---:|---:|");
    let row = |out: &mut String, compiler: &str, from: &str, by: &str, subset: &str, speedups: Vec<f64>| {
        if speedups.is_empty() {
            return;
        }
        let best = speedups.iter().copied().fold(f64::MIN, f64::max);
        let worst = speedups.iter().copied().fold(f64::MAX, f64::min);
        let slower = speedups.iter().filter(|&&s| s < 1.0 / 1.01).count();
        let _ = writeln!(
            out,
            "| {compiler} | {from} | {by} | {subset} | {} | {:.3} | {best:.3} | {worst:.3} | {slower} |",
            speedups.len(),
            median(&speedups)
        );
    };
    let subsets = [("all", false), ("branch-heavy", true)];
    for (from, pick) in [("same input", true), ("other input", false)] {
        let measures = |branchy_only: bool| {
            measured
                .iter()
                .filter(move |k| !branchy_only || is_branch_heavy(&k.tags))
                .map(move |k| {
                    let pgo = k.pgo.as_ref().expect("filtered");
                    (k.long, if pick { &pgo.same } else { &pgo.other })
                })
        };
        for (subset, branchy_only) in subsets {
            let by_instructions =
                measures(branchy_only).filter_map(|(_, m)| Some(m.base_instructions? as f64 / m.pgo_instructions? as f64)).collect();
            row(&mut out, "nissecc", from, "instructions", subset, by_instructions);
        }
        for (subset, branchy_only) in [("long", false), ("long branch-heavy", true)] {
            let by_time = measures(branchy_only).filter(|(long, m)| *long && m.pgo_wall_ms > 0.0).map(|(_, m)| m.base_wall_ms / m.pgo_wall_ms).collect();
            row(&mut out, "nissecc", from, "wall time", subset, by_time);
        }
        for peer in ["gcc-O2", "clang-O2"] {
            for (subset, branchy_only) in subsets {
                let gains = measured
                    .iter()
                    .filter(|k| !branchy_only || is_branch_heavy(&k.tags))
                    .filter_map(|k| k.pgo.as_ref()?.peers.iter().find(|p| p.base == peer))
                    .map(|p| if pick { p.same } else { p.other })
                    .map(|(base, pgo)| base as f64 / pgo as f64)
                    .collect();
                row(&mut out, peer.trim_end_matches("-O2"), from, "instructions", subset, gains);
            }
        }
    }
    let noise = measured
        .iter()
        .filter_map(|k| Some((k.long, k.pgo.as_ref()?.base_vs_base_wall_ms)))
        .filter(|(long, (_, second))| *long && *second > 0.0)
        .map(|(_, (first, second))| first / second)
        .collect();
    row(&mut out, "nissecc", "(none: plain vs plain)", "wall time, A/A noise", "long", noise);
    Some(out)
}

/// One line per kernel with each build's ratios to its baseline of
/// dynamic instructions, in all and in the kernel's own code.
pub fn per_kernel_table(results: &[KernelResult], builds: &[Build]) -> String {
    let measures = [Measure::Instructions, Measure::OwnInstructions];
    let columns: Vec<(String, Vec<(String, f64)>)> = builds
        .iter()
        .filter_map(|b| Some((b, b.baseline.as_deref()?)))
        .flat_map(|(b, baseline)| {
            measures.iter().map(move |&m| {
                let scope = if m == Measure::OwnInstructions { "kernel code" } else { "all" };
                (format!("{} ÷ {baseline} ({scope})", b.label), ratios(results, &b.label, baseline, m))
            })
        })
        .collect();
    let mut out = String::new();
    let _ = write!(out, "| kernel |");
    for (heading, _) in &columns {
        let _ = write!(out, " {heading} |");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "|---|{}", "---:|".repeat(columns.len()));
    for kernel in results {
        let _ = write!(out, "| {} |", kernel.name);
        for (_, column) in &columns {
            match column.iter().find(|(name, _)| name == &kernel.name) {
                Some((_, r)) => {
                    let _ = write!(out, " {r:.3} |");
                }
                None => out.push_str(" n/a |"),
            }
        }
        let _ = writeln!(out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(1234567.0), "1,234,567");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(12.34), "12.3");
        assert_eq!(grouped(f64::NAN), "n/a");
    }
}
