//! The kernels `nissecc-bench` runs: `jotai-subset/manifest.tsv`
//! (`name<TAB>inputs<TAB>tags<TAB>long|short`), narrowed by `--filter` and
//! `--quick`.

use std::path::{Path, PathBuf};

/// One kernel of the manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: String,
    pub source: PathBuf,
    /// Every input the manifest lists, in its order.
    pub inputs: Vec<String>,
    /// The inputs this run measures (all of them, or a sample in quick mode).
    pub selected: Vec<String>,
    pub tags: Vec<String>,
    /// True for the kernels that run long enough (≥ 10M instructions) for
    /// timing to mean something.
    pub long: bool,
}

/// The tags that mark a kernel whose control flow is data-dependent
/// branching rather than counted loops: the "branch-heavy" kernels that
/// issue 7's PGO target speaks of (`scripts/jotai.py` holds the same
/// set).
pub const BRANCH_HEAVY_TAGS: [&str; 9] = [
    "switch",
    "state-machine",
    "stacked-conditionals",
    "conditionals",
    "parser",
    "multi-exit",
    "early-exit",
    "search",
    "tokenizer",
];

/// True when `tags` mark a branch-heavy kernel ([`BRANCH_HEAVY_TAGS`]).
pub fn is_branch_heavy(tags: &[String]) -> bool {
    tags.iter().any(|t| BRANCH_HEAVY_TAGS.contains(&t.as_str()))
}

/// Reads the manifest of the kernel directory `dir`.
pub fn read_manifest(dir: &Path) -> Result<Vec<Kernel>, String> {
    let path = dir.join("manifest.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut kernels = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        if columns.len() < 4 {
            return Err(format!("{}:{}: expected 4 tab-separated columns", path.display(), number + 1));
        }
        let source = dir.join(format!("{}.c", columns[0]));
        if !source.exists() {
            return Err(format!("{}:{}: {} does not exist", path.display(), number + 1, source.display()));
        }
        let inputs: Vec<String> = columns[1].split_whitespace().map(str::to_string).collect();
        if inputs.is_empty() {
            return Err(format!("{}:{}: kernel {} has no inputs", path.display(), number + 1, columns[0]));
        }
        kernels.push(Kernel {
            name: columns[0].to_string(),
            source,
            selected: inputs.clone(),
            inputs,
            tags: columns[2].split(',').map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect(),
            long: columns[3].trim() == "long",
        });
    }
    Ok(kernels)
}

/// The kernels of the length class `filter` names (`long` or `short`, the
/// manifest's last column), or else those whose name contains `filter` or
/// that carry it as a tag.
pub fn filter(kernels: Vec<Kernel>, filter: &str) -> Vec<Kernel> {
    match filter {
        "long" => kernels.into_iter().filter(|k| k.long).collect(),
        "short" => kernels.into_iter().filter(|k| !k.long).collect(),
        _ => kernels.into_iter().filter(|k| k.name.contains(filter) || k.tags.iter().any(|t| t == filter)).collect(),
    }
}

/// How many kernels quick mode keeps.
pub const QUICK_KERNELS: usize = 15;

/// Quick mode's deterministic sample: short kernels only, evenly spaced
/// through the manifest so that every domain is likely represented, with
/// their first and last inputs (which the manifests order from the simple
/// to the unusual path).
pub fn quick_sample(kernels: Vec<Kernel>) -> Vec<Kernel> {
    let short: Vec<Kernel> = kernels.into_iter().filter(|k| !k.long).collect();
    let stride = short.len().div_ceil(QUICK_KERNELS).max(1);
    short
        .into_iter()
        .step_by(stride)
        .map(|mut kernel| {
            let first = kernel.inputs[0].clone();
            let last = kernel.inputs[kernel.inputs.len() - 1].clone();
            kernel.selected = if first == last { vec![first] } else { vec![first, last] };
            kernel
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(name: &str, inputs: &[&str], tags: &[&str], long: bool) -> Kernel {
        let inputs: Vec<String> = inputs.iter().map(|s| s.to_string()).collect();
        Kernel {
            name: name.into(),
            source: PathBuf::from(format!("{name}.c")),
            selected: inputs.clone(),
            inputs,
            tags: tags.iter().map(|s| s.to_string()).collect(),
            long,
        }
    }

    #[test]
    fn filter_matches_names_and_whole_tags() {
        let kernels = vec![kernel("k001_crc", &["0"], &["bits"], false), kernel("k002_sort", &["0"], &["bitsy"], false)];
        let names = |ks: Vec<Kernel>| ks.into_iter().map(|k| k.name).collect::<Vec<_>>();
        assert_eq!(names(filter(kernels.clone(), "bits")), ["k001_crc"]);
        assert_eq!(names(filter(kernels, "sort")), ["k002_sort"]);
    }

    #[test]
    fn filter_selects_a_length_class() {
        let kernels = vec![kernel("k001_crc", &["0"], &[], true), kernel("k002_longest", &["0"], &[], false)];
        let names = |ks: Vec<Kernel>| ks.into_iter().map(|k| k.name).collect::<Vec<_>>();
        assert_eq!(names(filter(kernels.clone(), "long")), ["k001_crc"]);
        assert_eq!(names(filter(kernels, "short")), ["k002_longest"]);
    }

    #[test]
    fn quick_sample_keeps_short_kernels_with_first_and_last_inputs() {
        let kernels: Vec<Kernel> =
            (0..40).map(|i| kernel(&format!("k{i:03}"), &["0", "1", "2"], &[], i % 4 == 0)).collect();
        let sample = quick_sample(kernels);
        assert!(!sample.is_empty() && sample.len() <= QUICK_KERNELS);
        assert!(sample.iter().all(|k| !k.long && k.selected == ["0", "2"]));
    }
}
