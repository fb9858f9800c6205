//! `nissecc-profdata derive-edges PATHPROFILE`: the edge profile that a
//! path profile implies, printed exactly as `show --json` prints an edge
//! profile, so that the two compare byte for byte. This is the path-profile
//! verifier of Preuss, "Implementation of Path Profiling in LLVM",
//! §4.2.2; the derivation itself is `instrument::path::derive`.

use super::json::to_json;
use super::paths::is_path_profile;
use super::show::load_counts;
use std::path::Path;

/// The JSON text of the edge profile derived from the path profile in
/// `path`. Every function in it must be path-profiled.
pub fn derive_edges(path: &Path) -> Result<String, String> {
    let functions = load_counts(path, None, None)?;
    if let Some(function) = functions.iter().find(|f| !is_path_profile(f)) {
        return Err(format!(
            "{}: function `{}` has an edge profile ({}), not a path profile",
            path.display(),
            function.name,
            function.descriptor.strategy
        ));
    }
    Ok(format!("{}\n", to_json(&functions, false)))
}
