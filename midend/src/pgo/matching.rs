//! Matching a profile to the functions being compiled: by name, then by
//! CFG checksum, then by the shape stored in the CFG descriptor.
//!
//! The counts of a function are whatever its descriptor's strategy
//! reconstructs to block and edge counts (Ball & Larus, "Optimally
//! Profiling and Tracing Programs", TOPLAS 1994, §3.2):
//! `instrument::path::derive::measured_edge_profile` reconstructs them from
//! edge counters (naive, ks, sese) or derives them from path counts
//! (path), so every strategy's profile drives the same optimizations. The checksum is
//! computed at the point of the pipeline where instrumentation runs, so a
//! build with `-fprofile-use` sees the IR the instrumented build counted.
//!
//! - A function the profile lacks is left alone, silently.
//! - A function whose CFG changed since it was profiled (its checksum or
//!   its block and edge lists differ) is *stale*. When the profile stores
//!   block hashes, its blocks are matched to the profiled ones and
//!   inference fills in the rest ([`super::stale`]); the caller uses the
//!   recovered counts and warns, saying how many blocks matched. When the
//!   profile has no hashes (an older file), or no block but the entry
//!   matches, its counts are dropped and the caller warns.
//! - A descriptor that does not decode, or counters that no execution
//!   could produce, mean a damaged profile: an error.

use super::stale;
use crate::analysis::cfg::{cfg_checksum_of, Cfg};
use crate::analysis::noreturn::NoReturn;
use crate::instrument::call_exit;
use crate::ir::{Function, Inst};
use crate::profile::block_hash::block_hashes;
use crate::profile::value_sites::{site_values, value_sites, SiteValues};
use crate::profile::{decode_descriptor, CfgDescriptor, EdgeProfile, FunctionShape};
use nissecc_profile_format::{AnyProfile, CombinedProfile, FunctionProfile, Profile, ValueCount};

/// The profile `-fprofile-use` reads: the counts of runs, or a combined
/// profile, whose counts are its means (`profile::combined`).
#[derive(Clone, Copy, Debug)]
pub enum ProfileRef<'a> {
    Runs(&'a Profile),
    Combined(&'a CombinedProfile),
}

impl<'a> From<&'a Profile> for ProfileRef<'a> {
    fn from(profile: &'a Profile) -> Self {
        ProfileRef::Runs(profile)
    }
}

impl<'a> From<&'a CombinedProfile> for ProfileRef<'a> {
    fn from(profile: &'a CombinedProfile) -> Self {
        ProfileRef::Combined(profile)
    }
}

impl<'a> From<&'a AnyProfile> for ProfileRef<'a> {
    fn from(profile: &'a AnyProfile) -> Self {
        match profile {
            AnyProfile::Runs(runs) => ProfileRef::Runs(runs),
            AnyProfile::Combined(combined) => ProfileRef::Combined(combined),
        }
    }
}

/// What the profile says about one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match {
    /// The function was profiled as it is now: its counts, in the
    /// numbering of `FunctionShape` (reachable blocks in layout order,
    /// edges in `Cfg` order).
    /// With the profiled values of its value sites (`-fprofile-values`),
    /// each with its instruction; empty without them.
    Matched { counts: EdgeProfile, values: Vec<(Inst, SiteValues)> },
    /// The profile has no function of this name.
    Missing,
    /// The function changed since it was profiled, and its counts are
    /// dropped.
    Stale(StaleCounts),
    /// The function changed since it was profiled, but enough of its
    /// blocks match profiled ones for inference to recover its counts
    /// ([`super::stale`]), numbered as in [`Match::Matched`].
    Recovered { stale: StaleCounts, counts: EdgeProfile },
    /// The counts decode but violate flow conservation (increments lost
    /// in a multithreaded run): the reason.
    Inconsistent(String),
}

/// What a stale profile of a function held, for the warning.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StaleCounts {
    pub profiled_checksum: u64,
    pub current_checksum: u64,
    /// The number of block and edge counts that the profile holds for the
    /// function: all dropped, unless `recovered`.
    pub counts: usize,
    /// How often the function was entered in the profiled runs.
    pub entries: u64,
    /// When the counts were recovered rather than dropped: how many blocks
    /// matched and how many were inferred.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovered: Option<RecoveredBlocks>,
}

/// How the counts of a stale function's blocks were recovered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RecoveredBlocks {
    /// Blocks that matched a profiled block, whose counts were weights.
    pub matched: usize,
    /// Blocks whose counts inference found.
    pub inferred: usize,
}

/// Matches `func`, whose CFG is `cfg`, with its entry in `profile`, which
/// stores it under `name` ([`crate::profile::profile_name`]). `noreturn`
/// classifies its calls as instrumentation does, for the shape that a
/// stale profile's counts are inferred on. An error names a damaged
/// function entry.
pub fn match_function(func: &Function, name: &str, cfg: &Cfg, profile: ProfileRef<'_>, noreturn: &NoReturn) -> Result<Match, String> {
    // A combined profile holds no value counts.
    let (profiled_checksum, found, value_counts) = match profile {
        ProfileRef::Runs(runs) => match runs.function(name) {
            Some(profiled) => (profiled.checksum, descriptor_counts(profiled), profiled.values.as_slice()),
            None => return Ok(Match::Missing),
        },
        ProfileRef::Combined(combined) => match combined.function(name) {
            Some(profiled) => (profiled.checksum, combined_counts(profiled), &[][..]),
            None => return Ok(Match::Missing),
        },
    };
    let (descriptor, counts) = match found {
        Ok(found) => found,
        // Like gcc's `-fprofile-correction`, an inconsistent function is
        // a warning, not a failure of the whole build.
        Err(e) if e.contains(crate::profile::reconstruct::INCONSISTENT) => return Ok(Match::Inconsistent(e)),
        Err(e) => return Err(format!("the counts of `{name}` are unusable: {e}")),
    };
    let checksum = cfg_checksum_of(cfg);
    let shape = &descriptor.shape;
    let current = FunctionShape::of(func, cfg, |data| call_exit(noreturn, func, data));
    let same_cfg = profiled_checksum == checksum && shape.block_lines.len() == current.block_lines.len() && shape.edges == current.edges;
    if same_cfg {
        let values = matched_values(func, cfg, &descriptor, value_counts, &counts.blocks);
        return Ok(Match::Matched { counts, values });
    }
    let mut stale = StaleCounts {
        profiled_checksum,
        current_checksum: checksum,
        counts: counts.blocks.len() + counts.edges.len(),
        entries: counts.entries,
        recovered: None,
    };
    if descriptor.block_hashes.is_empty() {
        return Ok(Match::Stale(stale));
    }
    let hashes = block_hashes(func, cfg);
    match stale::recover(shape, &descriptor.block_hashes, &counts, &current, &hashes) {
        Ok(Some(recovered)) => {
            let inferred = current.block_lines.len() - recovered.matched;
            stale.recovered = Some(RecoveredBlocks { matched: recovered.matched, inferred });
            Ok(Match::Recovered { stale, counts: recovered.counts })
        }
        // Inference only fails on weights it cannot use; the counts are
        // then dropped, as when nothing matches.
        Ok(None) | Err(_) => Ok(Match::Stale(stale)),
    }
}

/// The value sites of `func`, whose CFG is `cfg`, with their values
/// `value_counts` from a profile that matched it exactly, with the
/// descriptor `descriptor` and the block counts `block_counts`; none when
/// the profile has no values or its sites are not the function's (a
/// profile of another value-profiling version).
fn matched_values(func: &Function, cfg: &Cfg, descriptor: &CfgDescriptor, value_counts: &[ValueCount], block_counts: &[u64]) -> Vec<(Inst, SiteValues)> {
    if value_counts.is_empty() {
        return Vec::new();
    }
    let current = value_sites(func, cfg);
    if current.iter().map(|(_, site)| site).ne(descriptor.value_sites.iter()) {
        return Vec::new();
    }
    match site_values(&descriptor.value_sites, value_counts, block_counts) {
        Ok(values) => current.into_iter().map(|(inst, _)| inst).zip(values).collect(),
        Err(_) => Vec::new(),
    }
}

/// The block and edge counts of a profiled function, with the shape they
/// are numbered by.
pub fn edge_counts(profiled: &FunctionProfile) -> Result<(FunctionShape, EdgeProfile), String> {
    descriptor_counts(profiled).map(|(descriptor, counts)| (descriptor.shape, counts))
}

/// The descriptor of a function of a combined profile and its mean
/// block and edge counts.
fn combined_counts(profiled: &nissecc_profile_format::CombinedFunction) -> Result<(CfgDescriptor, EdgeProfile), String> {
    let descriptor = decode_descriptor(&profiled.descriptor)?;
    let counts = crate::profile::combined::mean_profile(&descriptor, profiled)?;
    Ok((descriptor, counts))
}

/// The descriptor of a profiled function and its block and edge counts.
fn descriptor_counts(profiled: &FunctionProfile) -> Result<(CfgDescriptor, EdgeProfile), String> {
    let descriptor = decode_descriptor(&profiled.descriptor)?;
    if descriptor.strategy == crate::profile::Strategy::Vertex {
        // Its edge counts on pipeless cycles are arbitrary (Ball & Larus
        // §3.3.1), and branch decisions would follow them.
        return Err("a vertex profile (-fprofile-instr=vertex) has block counts only, and profile-guided optimization needs edge counts: profile with naive, ks, sese or path".into());
    }
    // Reconstructed from edge counters, or derived from path counts.
    let counts = crate::instrument::path::derive::measured_edge_profile(&descriptor, profiled)?;
    Ok((descriptor, counts))
}
