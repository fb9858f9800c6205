//! Running profiled programs and reading their profiles in tests through
//! `nissecc-profdata`, shared by the oracles over test programs and the
//! one over real programs.

use super::{run_with_timeout, RunResult};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Runs `exe` with `args`, its profile written to `profile` (and a trace
/// next to it, for a tracing build). A complaint of the runtime (such as
/// two functions recorded under one name) is a failure: it means counts
/// were dropped.
pub fn run_profiled(exe: &Path, args: &[&str], profile: &Path) -> Result<RunResult, String> {
    let _ = std::fs::remove_file(profile);
    let mut cmd = Command::new(exe);
    cmd.args(args).env("NISSE_PROFILE_FILE", profile);
    let out = run_with_timeout(cmd, Duration::from_secs(60))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some(complaint) = stderr.lines().find(|l| l.starts_with("nisse-runtime:")) {
        return Err(complaint.to_string());
    }
    Ok(RunResult { stdout: out.stdout, status: out.status.code() })
}

/// The `nissecc-profdata` binary cargo built for the tests.
pub fn profdata() -> &'static str {
    env!("CARGO_BIN_EXE_nissecc-profdata")
}

/// The output of `nissecc-profdata ARGS PROFILE`. A warning is a failure
/// too: `show` leaves out a function whose counts are inconsistent and
/// says so only on stderr, and an oracle must not compare what is left.
pub fn profdata_output(args: &[&str], profile: &Path) -> Result<String, String> {
    let out = Command::new(profdata()).args(args).arg(profile).output().map_err(|e| e.to_string())?;
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!("nissecc-profdata {args:?} {} failed: {}", profile.display(), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `nissecc-profdata show --json` of a profile.
pub fn show_json(profile: &Path) -> Result<String, String> {
    profdata_output(&["show", "--json"], profile)
}

/// The edge profile of a profile: `show --json` of an edge profile, or
/// `derive-edges` of a path profile, which print the same shape.
pub fn edge_json(profile: &Path, is_path: bool) -> Result<String, String> {
    if is_path {
        Measured::Paths.json(profile)
    } else {
        Measured::Edges.json(profile)
    }
}

/// What a strategy's profile measures, and so what of the naive profile
/// it must equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measured {
    /// Edge counts (naive, ks, sese): all of `show --json`.
    Edges,
    /// Path counts, compared through the edge profile they imply.
    Paths,
    /// Block counts (vertex): `show --json` without the edges.
    Blocks,
}

impl Measured {
    /// The profile's counts, in the shape `show --json` prints them.
    pub fn json(self, profile: &Path) -> Result<String, String> {
        match self {
            Measured::Paths => profdata_output(&["derive-edges"], profile),
            Measured::Edges | Measured::Blocks => show_json(profile),
        }
    }

    /// What this profile must print, given the naive profile's `show
    /// --json`: for a vertex profile the same document without `edges`.
    pub fn expected(self, naive: &str) -> Result<String, String> {
        if self != Measured::Blocks {
            return Ok(naive.to_string());
        }
        let mut document: serde_json::Value = serde_json::from_str(naive).map_err(|e| format!("bad JSON: {e}"))?;
        for function in document["functions"].as_array_mut().ok_or("no functions")? {
            function.as_object_mut().ok_or("a function is not an object")?.remove("edges").ok_or("a naive function without edges")?;
        }
        Ok(format!("{document}\n"))
    }
}

/// How many times `main`'s entry block ran, from `show --json` output.
pub fn main_entry_count(json: &str) -> Result<u64, String> {
    let profile: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    let main = profile["functions"].as_array().and_then(|fs| fs.iter().find(|f| f["name"] == "main")).ok_or("the profile has no counts for main")?;
    main["blocks"]
        .as_array()
        .and_then(|blocks| blocks.iter().find(|b| b["id"] == 0))
        .and_then(|b| b["count"].as_u64())
        .ok_or_else(|| "main has no count for block 0".to_string())
}

/// How often the `setjmp`s of `function` returned a second time, in the
/// `show --json` output `json` (its `second_returns`, summed).
pub fn second_returns(json: &str, function: &str) -> Result<u64, String> {
    let profile: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    let counts = profile["functions"]
        .as_array()
        .and_then(|fs| fs.iter().find(|f| f["name"] == function))
        .ok_or_else(|| format!("the profile has no counts for {function}"))?;
    let sites = counts["second_returns"].as_array().ok_or_else(|| format!("{function} has no calls of setjmp in the profile"))?;
    Ok(sites.iter().filter_map(|site| site["count"].as_u64()).sum())
}
