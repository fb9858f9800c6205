//! `nissecc-profdata merge --combined`: instead of summing runs, the
//! statistics of every count over them (Preuss, "Implementation of Path
//! Profiling in LLVM", §3.5): per block, edge, call-site and path count
//! the number of runs, the mean, the variance and a histogram. Each input
//! is a run (a plain profile, reconstructed to block and edge counts
//! first, see `nissecc_midend::profile::combined`) or a combined profile,
//! and they combine in any order and grouping to the same result, up to
//! floating-point rounding in the means and variances
//! (`nissecc_profile_format::combined`). A plain input that is itself a
//! sum of runs counts as one run. The output is replaced atomically, so an
//! existing output survives any error.

use nissecc_midend::profile::combined::single_run;
use nissecc_midend::profile::decode_descriptor;
use nissecc_profile_format::combined::DEFAULT_BINS;
use nissecc_profile_format::file::write_atomically;
use nissecc_profile_format::{read_any, write_combined, AnyProfile, CombinedProfile, Profile};
use std::path::{Path, PathBuf};

/// Combines `inputs` into `output` with `bins` histogram bins (by default
/// those of the first combined input, else 15), returning the result.
pub fn combine_files(inputs: &[PathBuf], output: &Path, bins: Option<usize>) -> Result<CombinedProfile, String> {
    let loaded: Vec<(&PathBuf, AnyProfile)> = inputs.iter().map(|path| load_any(path).map(|profile| (path, profile))).collect::<Result<_, _>>()?;
    let first_combined = loaded.iter().find_map(|(_, profile)| match profile {
        AnyProfile::Combined(combined) => Some(combined.bins),
        AnyProfile::Runs(_) => None,
    });
    let bins = bins.or(first_combined).unwrap_or(DEFAULT_BINS);
    let mut all = CombinedProfile::empty(bins);
    for (path, profile) in &loaded {
        let combined = match profile {
            AnyProfile::Combined(combined) => combined.clone(),
            AnyProfile::Runs(run) => one_run(run, bins).map_err(|error| format!("{}: {error}", path.display()))?,
        };
        all = all.combine(&combined).map_err(|error| format!("{}: cannot combine it with the inputs before it: {error}", path.display()))?;
    }
    write_atomically(output, &write_combined(&all)).map_err(|error| format!("{}: {error}", output.display()))?;
    Ok(all)
}

/// The profile in `path`, of either kind, or a one-line message `PATH:
/// problem`.
pub fn load_any(path: &Path) -> Result<AnyProfile, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{}: {error}", path.display()))?;
    read_any(&bytes).map_err(|error| format!("{}: {error}", path.display()))
}

/// A plain profile as a combined profile of one run.
fn one_run(run: &Profile, bins: usize) -> Result<CombinedProfile, String> {
    let functions = run
        .functions
        .iter()
        .map(|function| {
            let descriptor = decode_descriptor(&function.descriptor).map_err(|error| format!("function `{}`: {error}", function.name))?;
            single_run(&descriptor, function, bins).map_err(|error| format!("function `{}`: {error}", function.name))
        })
        .collect::<Result<_, String>>()?;
    Ok(CombinedProfile { runs: 1, bins, functions })
}
