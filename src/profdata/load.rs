//! Reading a profile file, with every error naming the file and the
//! problem on one line.

use nissecc_profile_format::{read, Profile};
use std::path::Path;

/// The profile in `path`, or a one-line message `PATH: problem`.
pub fn load(path: &Path) -> Result<Profile, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{}: {error}", path.display()))?;
    read(&bytes).map_err(|error| format!("{}: {error}", path.display()))
}
