//! Reading profiles in tests through `nissecc-profdata`, shared by the
//! profile oracle over test programs and the one over real programs.

use std::path::Path;
use std::process::Command;

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
        profdata_output(&["derive-edges"], profile)
    } else {
        show_json(profile)
    }
}

/// How many times `main`'s entry block ran, from `show --json` output.
pub fn main_entry_count(json: &str) -> Result<u64, String> {
    let profile: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    let main = profile["functions"]
        .as_array()
        .and_then(|fs| fs.iter().find(|f| f["name"] == "main"))
        .ok_or("the profile has no counts for main")?;
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
