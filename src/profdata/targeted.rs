//! What `show --paths` adds for a targeted path profile
//! (`-fprofile-instr=tpp`; Joshi, Bond & Zilles, "Targeted Path
//! Profiling"): per function, the paths counted and derived, the cold
//! share the profile does not attribute to any path, and, given the
//! Ball–Larus profile of a run on the same input (`--reference`), the
//! attribution of definite flow (§5).

use super::counts::FunctionCounts;
use nissecc_midend::instrument::path::numbering::number;
use nissecc_midend::instrument::tpp::analysis::TargetedPaths;
use nissecc_midend::instrument::tpp::compare::{attribution, check_against, split_ball_larus, Attribution, Reported};
use nissecc_midend::profile::{decode_descriptor, CfgDescriptor, FlowGraph, Strategy};
use nissecc_profile_format::Profile;

/// Checks that `paths` are a TPP profile of the function `descriptor`
/// describes.
pub fn check(descriptor: &CfgDescriptor, paths: &[(u64, u64)]) -> Result<(), String> {
    let graph = FlowGraph::new(&descriptor.shape);
    Reported::of(&TargetedPaths::new(&graph, &descriptor.targeted), paths, descriptor.targeted.cold_slots).map(|_| ())
}

/// One function of a TPP profile.
#[derive(Clone, Debug)]
pub struct TppSummary {
    pub function: String,
    pub hot_paths: u64,
    pub ball_larus_paths: u64,
    /// Path runs counted and derived, on hot paths.
    pub counted: u64,
    pub derived: u64,
    /// Path runs on cold paths: in the cold slot, and derived.
    pub cold: u64,
    /// Against the reference Ball–Larus profile, when given and it has the
    /// function.
    pub attribution: Option<Attribution>,
}

impl TppSummary {
    /// The share of path runs the profile attributes to no path.
    pub fn cold_share(&self) -> f64 {
        let all = self.counted + self.derived + self.cold;
        if all == 0 {
            0.0
        } else {
            self.cold as f64 / all as f64
        }
    }
}

/// The summary of every TPP function of `functions`, against the
/// Ball–Larus profile `reference` when given.
pub fn summaries(functions: &[FunctionCounts], reference: Option<&Profile>) -> Result<Vec<TppSummary>, String> {
    let mut out = Vec::new();
    for function in functions.iter().filter(|f| f.descriptor.strategy == Strategy::Tpp) {
        let graph = FlowGraph::new(&function.descriptor.shape);
        let paths = TargetedPaths::new(&graph, &function.descriptor.targeted);
        let reported =
            Reported::of(&paths, &function.paths, function.descriptor.targeted.cold_slots).map_err(|e| format!("function `{}`: {e}", function.name))?;
        let attribution = match reference.and_then(|r| r.function(&function.name)) {
            None => None,
            Some(reference) => {
                let message = |e: String| format!("the reference profile's function `{}`: {e}", function.name);
                let descriptor = decode_descriptor(&reference.descriptor).map_err(message)?;
                if descriptor.strategy != Strategy::Path {
                    return Err(message(format!("it is a {} profile, not a Ball–Larus path profile (-fprofile-instr=path)", descriptor.strategy)));
                }
                if reference.checksum != function.checksum || descriptor.shape != function.descriptor.shape {
                    return Err(message("its CFG differs from the TPP profile's (a different build)".into()));
                }
                let split = split_ball_larus(&paths, &number(&graph), &reference.paths).map_err(message)?;
                Some(attribution(&paths, &graph, &reported, &split))
            }
        };
        out.push(TppSummary {
            function: function.name.clone(),
            hot_paths: paths.hot_paths(),
            ball_larus_paths: paths.ball_larus_paths,
            counted: reported.counted.values().sum(),
            derived: reported.derived.values().sum(),
            cold: reported.cold_counted + reported.cold_derived,
            attribution,
        });
    }
    Ok(out)
}

/// A TPP profile checked against the Ball–Larus profile of the same run.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    /// The attribution of definite flow over all functions.
    pub attribution: Attribution,
    /// Functions whose paths count in an array and in the hash table, under
    /// TPP and under Ball–Larus, at the array threshold given.
    pub tpp_arrays: usize,
    pub tpp_hashed: usize,
    pub ball_larus_arrays: usize,
    pub ball_larus_hashed: usize,
    /// Paths compared (after splitting).
    pub paths: usize,
}

/// Checks every function of the TPP profile `tpp` exactly against the
/// Ball–Larus profile `path` of the same input
/// (`tpp::compare::check_against`; `same_input` when the TPP build was
/// trained on that input too), and measures the attribution of definite
/// flow and the path storage at `array_threshold` paths.
pub fn compare_profiles(tpp: &Profile, path: &Profile, same_input: bool, array_threshold: u64) -> Result<Comparison, String> {
    let mut comparison = Comparison::default();
    for function in &tpp.functions {
        let what = |e: String| format!("function `{}`: {e}", function.name);
        let descriptor = decode_descriptor(&function.descriptor).map_err(what)?;
        if descriptor.strategy != Strategy::Tpp {
            return Err(what(format!("a {} descriptor in a tpp profile", descriptor.strategy)));
        }
        let graph = FlowGraph::new(&descriptor.shape);
        let paths = TargetedPaths::new(&graph, &descriptor.targeted);
        let reported = Reported::of(&paths, &function.paths, descriptor.targeted.cold_slots).map_err(what)?;
        let reference_paths = path.function(&function.name).map(|f| f.paths.clone()).unwrap_or_default();
        let reference = split_ball_larus(&paths, &number(&graph), &reference_paths).map_err(what)?;
        check_against(&paths, &reported, &reference, same_input).map_err(what)?;
        comparison.attribution.add(attribution(&paths, &graph, &reported, &reference));
        comparison.paths += reference.len();
        if paths.hot_paths() > array_threshold {
            comparison.tpp_hashed += 1;
        } else {
            comparison.tpp_arrays += 1;
        }
        if paths.ball_larus_paths > array_threshold {
            comparison.ball_larus_hashed += 1;
        } else {
            comparison.ball_larus_arrays += 1;
        }
    }
    Ok(comparison)
}
