//! Finding the profiling runtime, `libnissecc_runtime.a`, that the driver
//! links into instrumented programs (issue 3).
//!
//! `cargo build` copies the archive next to the driver (the runtime is a
//! default workspace member), while `cargo test` leaves it only in
//! `deps/` under a hashed name. A stale copy may survive next to a newer
//! one (cargo hard-links the copy, and a rebuild writes a new file), so the
//! newest candidate wins.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The environment variable that names the archive explicitly.
pub const RUNTIME_ENV: &str = "NISSECC_RUNTIME_LIB";
/// The archive's file name.
pub const ARCHIVE_NAME: &str = "libnissecc_runtime.a";

/// The runtime archive to link: the file named by `NISSECC_RUNTIME_LIB`
/// if set, otherwise the newest `libnissecc_runtime.a` (or cargo's hashed
/// `libnissecc_runtime-*.a`) next to the current executable, in its
/// `deps/` directory, or, for an executable inside `deps/`, in the
/// directory above.
pub fn runtime_archive_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(RUNTIME_ENV).filter(|path| !path.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    let mut dirs = vec![dir.to_path_buf(), dir.join("deps")];
    if dir.file_name().is_some_and(|name| name == "deps") {
        dirs.extend(dir.parent().map(Path::to_path_buf));
    }
    newest(dirs.iter().flat_map(|dir| candidates(dir)))
}

/// The runtime archives in `dir`.
fn candidates(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name().and_then(|name| name.to_str()).is_some_and(|name| {
                name == ARCHIVE_NAME || (name.starts_with("libnissecc_runtime-") && name.ends_with(".a"))
            })
        })
        .collect()
}

/// The most recently modified of `paths`.
fn newest(paths: impl Iterator<Item = PathBuf>) -> Option<PathBuf> {
    paths
        .map(|path| {
            let modified = std::fs::metadata(&path).and_then(|meta| meta.modified()).unwrap_or(SystemTime::UNIX_EPOCH);
            (modified, path)
        })
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, path)| path)
}

/// The linker arguments that add the runtime to a link: the archive, then
/// the system libraries that Rust's standard library needs. They go after
/// the program's objects.
pub fn runtime_link_args(archive: &Path) -> Vec<String> {
    vec![archive.display().to_string(), "-lpthread".into(), "-ldl".into(), "-lm".into()]
}
