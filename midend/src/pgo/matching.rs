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
//!   its block and edge lists differ) is *stale*: its counts are dropped
//!   and the caller warns.
//! - A descriptor that does not decode, or counters that no execution
//!   could produce, mean a damaged profile: an error.

use crate::analysis::cfg::{cfg_checksum_of, Cfg};
use crate::ir::Function;
use crate::profile::{decode_descriptor, EdgeProfile, FunctionShape};
use nissecc_profile_format::{FunctionProfile, Profile};

/// What the profile says about one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match {
    /// The function was profiled as it is now: its counts, in the
    /// numbering of `FunctionShape` (reachable blocks in layout order,
    /// edges in `Cfg` order).
    Matched(EdgeProfile),
    /// The profile has no function of this name.
    Missing,
    /// The function changed since it was profiled.
    Stale(StaleCounts),
    /// The counts decode but violate flow conservation (increments lost
    /// in a multithreaded run): the reason.
    Inconsistent(String),
}

/// What a stale profile of a function held, for the warning.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StaleCounts {
    pub profiled_checksum: u64,
    pub current_checksum: u64,
    /// The number of block and edge counts that were dropped.
    pub counts: usize,
    /// How often the function was entered in the profiled runs.
    pub entries: u64,
}

/// Matches `func`, whose CFG is `cfg`, with its entry in `profile`, which
/// stores it under `name` ([`crate::profile::profile_name`]). An error
/// names a damaged function entry.
pub fn match_function(func: &Function, name: &str, cfg: &Cfg, profile: &Profile) -> Result<Match, String> {
    let Some(profiled) = profile.function(name) else {
        return Ok(Match::Missing);
    };
    let (shape, counts) = match edge_counts(profiled) {
        Ok(found) => found,
        // Like gcc's `-fprofile-correction`, an inconsistent function is
        // a warning, not a failure of the whole build.
        Err(e) if e.contains(crate::profile::reconstruct::INCONSISTENT) => return Ok(Match::Inconsistent(e)),
        Err(e) => return Err(format!("the counts of `{name}` are unusable: {e}")),
    };
    let checksum = cfg_checksum_of(cfg);
    let current = FunctionShape::of(func, cfg, |_| None);
    let same_cfg = profiled.checksum == checksum && shape.block_lines.len() == current.block_lines.len() && shape.edges == current.edges;
    if !same_cfg {
        return Ok(Match::Stale(StaleCounts {
            profiled_checksum: profiled.checksum,
            current_checksum: checksum,
            counts: counts.blocks.len() + counts.edges.len(),
            entries: counts.entries,
        }));
    }
    Ok(Match::Matched(counts))
}

/// The block and edge counts of a profiled function, with the shape they
/// are numbered by.
pub fn edge_counts(profiled: &FunctionProfile) -> Result<(FunctionShape, EdgeProfile), String> {
    let descriptor = decode_descriptor(&profiled.descriptor)?;
    // Reconstructed from edge counters, or derived from path counts.
    let counts = crate::instrument::path::derive::measured_edge_profile(&descriptor, profiled)?;
    Ok((descriptor.shape, counts))
}
