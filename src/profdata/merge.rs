//! `nissecc-profdata merge`: the weighted sum of profile files. The inputs
//! are only read; the output is replaced atomically, so an existing output
//! survives any error. Merging is associative and commutative (see
//! [`nissecc_profile_format::merge()`]), so the order of the inputs does
//! not matter.

use super::load::load;
use nissecc_profile_format::file::write_atomically;
use nissecc_profile_format::{merge_weighted, write, Profile};
use std::path::{Path, PathBuf};

/// One input file and the weight that multiplies its counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedInput {
    pub path: PathBuf,
    pub weight: u64,
}

impl WeightedInput {
    /// Parses `W,FILE`, the argument of `--weight`; the weight is a
    /// positive integer.
    pub fn parse(argument: &str) -> Result<WeightedInput, String> {
        let (weight, path) = argument.split_once(',').ok_or_else(|| format!("`{argument}`: expected WEIGHT,FILE"))?;
        match weight.trim().parse::<u64>() {
            Ok(weight) if weight > 0 => Ok(WeightedInput { path: PathBuf::from(path), weight }),
            _ => Err(format!("`{argument}`: the weight must be a positive integer")),
        }
    }
}

/// Sums `inputs` into `output`, returning the merged profile.
pub fn merge_files(inputs: &[WeightedInput], output: &Path) -> Result<Profile, String> {
    let mut sum = Profile::default();
    for input in inputs {
        let profile = load(&input.path)?;
        sum = merge_weighted(&sum, &profile, input.weight)
            .map_err(|error| format!("{}: cannot merge it with the inputs before it: {error}", input.path.display()))?;
    }
    // A saturated counter breaks flow conservation, so no tool could read
    // the result: refuse before anything is written.
    if sum.is_saturated() {
        return Err(format!(
            "{}: not written: the merged counts overflow 64 bits (a smaller --weighted weight keeps them exact)",
            output.display()
        ));
    }
    write_atomically(output, &write(&sum)).map_err(|error| format!("{}: {error}", output.display()))?;
    Ok(sum)
}
