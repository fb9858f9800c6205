//! Summaries over kernels, in the paper's terms (Frenot & Pereira, CC'24,
//! §4.1 and Figure 13): totals and medians of each measure per build, and
//! medians of per-kernel overhead ratios against each build's baseline;
//! plus the prevalence statistics of §4.2 from `nissecc --stats=json`.

use super::builds::Build;
use super::results::{BuildResult, KernelResult};

/// The median of `values` (the mean of the middle two for an even count),
/// or NaN when there are none.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    } else {
        sorted[middle]
    }
}

/// The median of `f` over the `items` it gives a value for, or `None`
/// when it gives none.
pub fn median_of<T>(items: &[T], f: impl Fn(&T) -> Option<f64>) -> Option<f64> {
    let values: Vec<f64> = items.iter().filter_map(f).collect();
    (!values.is_empty()).then(|| median(&values))
}

/// A per-kernel measure of a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Dynamic instructions, summed over the measured inputs.
    Instructions,
    /// Dynamic instructions in the kernel's own functions.
    OwnInstructions,
    /// Distinct instructions executed in the kernel's own functions.
    Distinct,
    /// Bytes of the kernel's own functions.
    Size,
    /// Milliseconds to compile and link.
    CompileMs,
}

impl Measure {
    pub const ALL: [Measure; 5] = [Measure::Distinct, Measure::Instructions, Measure::OwnInstructions, Measure::Size, Measure::CompileMs];

    /// The measure's value for one build, when it was measured.
    pub fn of(self, build: &BuildResult) -> Option<f64> {
        match self {
            Measure::Instructions => build.total_instructions().map(|n| n as f64),
            Measure::OwnInstructions => build.own_instructions.map(|n| n as f64),
            Measure::Distinct => build.distinct.map(|n| n as f64),
            Measure::Size => Some(build.size.functions as f64),
            Measure::CompileMs => Some(build.compile_ms),
        }
    }

    /// A column heading.
    pub fn heading(self) -> &'static str {
        match self {
            Measure::Instructions => "x86 instrs. fetched",
            Measure::OwnInstructions => "x86 instrs. fetched in kernel code",
            Measure::Distinct => "different x86 instrs. fetched",
            Measure::Size => "code bytes",
            Measure::CompileMs => "compile ms",
        }
    }
}

/// The per-kernel ratio `build / baseline` of a measure, for every kernel
/// where both were measured and the baseline is not zero.
pub fn ratios(results: &[KernelResult], build: &str, baseline: &str, measure: Measure) -> Vec<(String, f64)> {
    results
        .iter()
        .filter_map(|kernel| {
            let value = measure.of(kernel.builds.get(build)?)?;
            let base = measure.of(kernel.builds.get(baseline)?)?;
            (base > 0.0).then(|| (kernel.name.clone(), value / base))
        })
        .collect()
}

/// Total and median of one measure of one build, over the kernels where
/// it was measured, and the overhead against the baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasureSummary {
    pub kernels: usize,
    pub total: f64,
    pub median: f64,
    /// Sum of the build over sum of the baseline, on the kernels both have.
    pub total_ratio: Option<f64>,
    /// Median of the per-kernel ratios.
    pub median_ratio: Option<f64>,
}

/// Summarizes `measure` of `build` over `results`.
pub fn summarize(results: &[KernelResult], build: &Build, measure: Measure) -> MeasureSummary {
    let values: Vec<f64> = results.iter().filter_map(|k| k.builds.get(&build.label).and_then(|b| measure.of(b))).collect();
    let (total_ratio, median_ratio) = match &build.baseline {
        Some(baseline) => {
            let pairs: Vec<(f64, f64)> = results
                .iter()
                .filter_map(|k| Some((measure.of(k.builds.get(&build.label)?)?, measure.of(k.builds.get(baseline)?)?)))
                .collect();
            let base_sum: f64 = pairs.iter().map(|p| p.1).sum();
            let total_ratio = (base_sum > 0.0).then(|| pairs.iter().map(|p| p.0).sum::<f64>() / base_sum);
            let per_kernel: Vec<f64> = ratios(results, &build.label, baseline, measure).into_iter().map(|(_, r)| r).collect();
            (total_ratio, (!per_kernel.is_empty()).then(|| median(&per_kernel)))
        }
        None => (None, None),
    };
    MeasureSummary { kernels: values.len(), total: values.iter().sum(), median: median(&values), total_ratio, median_ratio }
}

/// The prevalence statistics of one strategy, summed over kernels; a
/// field is `None` when some kernel's `--stats=json` lacks it (the
/// compiler does not report it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prevalence {
    pub functions: u64,
    pub counters: Option<u64>,
    pub loops: Option<u64>,
    pub sese_found: Option<u64>,
    pub sese_used: Option<u64>,
    pub ks_replaced: Option<u64>,
}

/// Sums the per-function `--stats=json` fields of `strategy` over every
/// function of every kernel (not the `total` line, which a compiler may
/// not extend when it adds a field).
pub fn prevalence(results: &[KernelResult], strategy: &str) -> Option<Prevalence> {
    let stats: Vec<&serde_json::Value> = results.iter().filter_map(|k| k.stats.get(strategy)).collect();
    if stats.is_empty() {
        return None;
    }
    let functions: Vec<&serde_json::Value> =
        stats.iter().filter_map(|s| s.get("functions").and_then(|f| f.as_array())).flatten().collect();
    let sum = |field: &str| -> Option<u64> { functions.iter().map(|f| f.get(field)?.as_u64()).sum() };
    Some(Prevalence {
        functions: functions.len() as u64,
        counters: sum("counters"),
        loops: sum("loops"),
        sese_found: sum("sese_found"),
        sese_used: sum("sese_used"),
        ks_replaced: sum("ks_replaced"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::builds::Compiler;
    use serde_json::json;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    fn kernel(name: &str, base: u64, ks: u64, stats: serde_json::Value) -> KernelResult {
        let build = |n: u64| BuildResult { instructions: vec![("0".into(), n)], ..BuildResult::default() };
        KernelResult {
            name: name.into(),
            builds: [("base".to_string(), build(base)), ("ks".to_string(), build(ks))].into(),
            stats: [("ks".to_string(), stats)].into(),
            ..KernelResult::default()
        }
    }

    #[test]
    fn totals_medians_and_ratios() {
        let results = vec![kernel("a", 100, 150, json!({})), kernel("b", 300, 330, json!({})), kernel("c", 1000, 1200, json!({}))];
        let ks = Build { label: "ks".into(), compiler: Compiler::Nissecc, flags: vec![], strategy: None, profile_env: None, baseline: Some("base".into()) };
        let summary = summarize(&results, &ks, Measure::Instructions);
        assert_eq!(summary.kernels, 3);
        assert_eq!(summary.total, 1680.0);
        assert_eq!(summary.median, 330.0);
        assert_eq!(summary.total_ratio, Some(1680.0 / 1400.0));
        assert_eq!(summary.median_ratio, Some(1.2));
    }

    #[test]
    fn prevalence_sums_fields_and_knows_missing_ones() {
        let stats = |counters: u64, loops: Option<u64>| {
            let mut f = json!({"name": "f", "counters": counters});
            if let Some(l) = loops {
                f["loops"] = json!(l);
            }
            json!({"functions": [f, {"name": "main", "counters": 1, "loops": 0}]})
        };
        let results = vec![kernel("a", 1, 1, stats(4, Some(2))), kernel("b", 1, 1, stats(5, Some(1)))];
        let p = prevalence(&results, "ks").expect("stats");
        assert_eq!((p.functions, p.counters, p.loops, p.sese_used), (4, Some(11), Some(3), None));
        let partial = vec![kernel("a", 1, 1, stats(4, Some(2))), kernel("b", 1, 1, stats(5, None))];
        assert_eq!(prevalence(&partial, "ks").expect("stats").loops, None);
    }
}
