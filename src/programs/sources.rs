//! Finding the programs' C sources. They arrive as the contents of four
//! crates named by `tests/programs/Cargo.toml` (versions pinned by the
//! `Cargo.lock` beside it): `cargo fetch --locked` downloads them into
//! cargo's registry cache, and `cargo metadata` tells where each crate was
//! unpacked. The answer is computed once per process.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The source directories of the four programs.
#[derive(Clone, Debug)]
pub struct Sources {
    /// bzip2 1.0.8: the directory with `Makefile`, `bzip2.c` and the
    /// `sample*` files, inside the `bzip2-sys` crate.
    pub bzip2: PathBuf,
    /// zlib: the directory with `deflate.c` and `zlib.h`, inside the
    /// `libz-sys` crate (which also ships zlib-ng, unused here).
    pub zlib: PathBuf,
    /// Lua 5.4: the directory with `lapi.c` and `lua.h`, inside the
    /// `lua-src` crate (which also ships Lua 5.1 to 5.3, unused here).
    pub lua: PathBuf,
    /// SQLite 3.46: the directory with the amalgamation `sqlite3.c` and
    /// `sqlite3.h`, inside the `libsqlite3-sys` crate (which also ships
    /// SQLCipher, unused here).
    pub sqlite: PathBuf,
}

/// The directory of the harness's own files: `tests/programs/` in the
/// source tree this library was compiled from.
pub fn harness_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("programs")
}

impl Sources {
    /// The sources, fetched and located on the first call; later calls
    /// return the same answer (or the same error).
    pub fn get() -> Result<&'static Sources, String> {
        static SOURCES: OnceLock<Result<Sources, String>> = OnceLock::new();
        SOURCES.get_or_init(|| Sources::locate(&harness_dir().join("Cargo.toml"))).as_ref().map_err(Clone::clone)
    }

    /// Fetches the crates of `manifest` and finds the program directories
    /// inside them.
    pub fn locate(manifest: &Path) -> Result<Sources, String> {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let fetch = Command::new(&cargo)
            .args(["fetch", "--locked", "--manifest-path"])
            .arg(manifest)
            .output()
            .map_err(|e| format!("cannot run cargo fetch: {e}"))?;
        if !fetch.status.success() {
            return Err(format!("cargo fetch failed:\n{}", String::from_utf8_lossy(&fetch.stderr).trim_end()));
        }
        let metadata = Command::new(&cargo)
            .args(["metadata", "--format-version", "1", "--locked", "--manifest-path"])
            .arg(manifest)
            .output()
            .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
        if !metadata.status.success() {
            return Err(format!("cargo metadata failed:\n{}", String::from_utf8_lossy(&metadata.stderr).trim_end()));
        }
        let json: serde_json::Value =
            serde_json::from_slice(&metadata.stdout).map_err(|e| format!("cargo metadata printed invalid JSON: {e}"))?;
        let crate_dir = |name: &str| -> Result<PathBuf, String> {
            json["packages"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|package| package["name"] == name)
                .and_then(|package| package["manifest_path"].as_str())
                .and_then(|path| Path::new(path).parent().map(Path::to_path_buf))
                .ok_or_else(|| format!("cargo metadata does not list the crate {name}"))
        };
        Ok(Sources {
            bzip2: one_subdirectory(&crate_dir("bzip2-sys")?, "bzip2-1.", "Makefile")?,
            zlib: crate_dir("libz-sys")?.join("src").join("zlib"),
            lua: one_subdirectory(&crate_dir("lua-src")?, "lua-5.4", "lapi.c")?,
            sqlite: crate_dir("libsqlite3-sys")?.join("sqlite3"),
        })
        .and_then(|sources| {
            let markers = [(&sources.bzip2, "bzip2.c"), (&sources.zlib, "deflate.c"), (&sources.lua, "lvm.c"), (&sources.sqlite, "sqlite3.c")];
            for (dir, file) in markers {
                if !dir.join(file).is_file() {
                    return Err(format!("{} has no {file}", dir.display()));
                }
            }
            Ok(sources)
        })
    }
}

/// The single directory in `dir` whose name starts with `prefix` and which
/// holds `marker`.
fn one_subdirectory(dir: &Path, prefix: &str, marker: &str) -> Result<PathBuf, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.file_name().and_then(|name| name.to_str()).is_some_and(|name| name.starts_with(prefix))
                && path.join(marker).is_file()
        })
        .collect();
    found.sort();
    match found.len() {
        1 => Ok(found.pop().unwrap()),
        0 => Err(format!("{} has no directory {prefix}* with {marker}", dir.display())),
        _ => Err(format!("{} has several directories {prefix}*: {found:?}", dir.display())),
    }
}
