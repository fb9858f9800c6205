//! Where one program's builds, profiles and runs go in the tier's scratch
//! tree: `<root>/<build>/build`, `<root>/<build>/profile` and
//! `<root>/<build>/run-<what>`. Every path is absolute, since the
//! workload's steps run in their own directories and gcc bakes its profile
//! directory into the binary.

use std::path::{Path, PathBuf};

/// The scratch tree of one program.
#[derive(Clone, Debug)]
pub struct Layout {
    root: PathBuf,
}

impl Layout {
    /// The tree under `root`, made absolute.
    pub fn new(root: &Path) -> Result<Layout, String> {
        let root = std::path::absolute(root).map_err(|e| format!("{}: {e}", root.display()))?;
        Ok(Layout { root })
    }

    /// Where `build` is compiled.
    pub fn build_dir(&self, build: &str) -> PathBuf {
        self.root.join(build).join("build")
    }

    /// Where the runs of the instrumented `build` write their profiles.
    pub fn profile_dir(&self, build: &str) -> PathBuf {
        self.root.join(build).join("profile")
    }

    /// Where `build` runs a workload for the purpose `what` (`training`,
    /// `check`, `callgrind`, `timing`).
    pub fn run_dir(&self, build: &str, what: &str) -> PathBuf {
        self.root.join(build).join(format!("run-{what}"))
    }
}

/// Empties `dir`, creating it when missing, and returns it.
pub fn fresh(dir: PathBuf) -> Result<PathBuf, String> {
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}
