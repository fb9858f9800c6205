//! Finding the profiling runtime, `libnissecc_runtime.a`, that the driver
//! links into instrumented programs (issues 3 and 18).
//!
//! The root package's `build.rs` builds the archive into its `OUT_DIR` and
//! records that path at compile time (`NISSECC_RUNTIME_ARCHIVE`), so a
//! driver finds the archive of its own build. `NISSECC_RUNTIME_LIB`
//! overrides it; an archive next to the executable serves a driver copied
//! away from its build directory.

use std::path::{Path, PathBuf};

/// The environment variable that names the archive explicitly.
pub const RUNTIME_ENV: &str = "NISSECC_RUNTIME_LIB";
/// The archive's file name.
pub const ARCHIVE_NAME: &str = "libnissecc_runtime.a";
/// The archive that `build.rs` built with this driver.
const BUILT_ARCHIVE: &str = env!("NISSECC_RUNTIME_ARCHIVE");

/// The runtime archive to link: the file named by `NISSECC_RUNTIME_LIB`
/// if set, otherwise the archive built with this driver if it still
/// exists, otherwise `libnissecc_runtime.a` next to the current executable
/// if it exists.
pub fn runtime_archive_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(RUNTIME_ENV).filter(|path| !path.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let built = PathBuf::from(BUILT_ARCHIVE);
    if built.is_file() {
        return Some(built);
    }
    let beside = std::env::current_exe().ok()?.parent()?.join(ARCHIVE_NAME);
    beside.is_file().then_some(beside)
}

/// The linker arguments that add the runtime to a link; they go after the
/// program's objects and libraries and after `-lm` (see
/// `nissecc_backend::link`). The archive needs the C library only, which
/// every link has. libgcc comes first: the archive holds Rust's
/// `compiler_builtins`, which defines libgcc's routines too (`__divti3`,
/// `__floattidf`… that `__int128` code calls), and taking one from there
/// would drag in a member that needs the Rust unwinder.
pub fn runtime_link_args(archive: &Path) -> Vec<String> {
    vec!["-lgcc".to_string(), archive.display().to_string()]
}
