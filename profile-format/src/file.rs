//! Replacing a profile file atomically, shared by the runtime and
//! `nissecc-profdata`: the bytes go to a temporary file next to the target,
//! which is then renamed over it, so that a reader never sees half a
//! profile and an existing file survives any failure before the rename.

use std::fs::{self, File};
use std::io::{self, Write};
use std::format;
use std::path::{Path, PathBuf};

/// Replaces (or creates) `path` with `bytes`, creating missing parent
/// directories.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    create_parent_dirs(path)?;
    let temp = sibling(path, &format!("tmp.{}", std::process::id()));
    let written = File::create(&temp).and_then(|mut file| file.write_all(bytes)).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// Creates the directories above `path` that do not exist yet.
pub fn create_parent_dirs(path: &Path) -> io::Result<()> {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => fs::create_dir_all(parent),
        _ => Ok(()),
    }
}

/// `path` with `.suffix` appended to its file name.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacing_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("nisse-format-replace-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let path = dir.join("sub/p.nprof");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
        assert_eq!(sibling(&path, "7"), dir.join("sub/p.nprof.7"));
        let _ = fs::remove_dir_all(dir);
    }
}
