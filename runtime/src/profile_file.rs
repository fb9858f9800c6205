//! Writing the profile file at exit: replacing it, or merging this run
//! into it under an exclusive `flock` (the `%m` mode of
//! [`crate::output_path`]).
//!
//! Every write goes to a temporary file next to the target and is renamed
//! over it, so a reader never sees half a profile. When merging, the
//! writer locks the current file, checks that the lock is still on the
//! file that the path names (a concurrent writer may have renamed a new
//! file over it while this one waited), reads and adds the existing
//! counts, and renames the sum over the file before it lets the lock go;
//! concurrent processes therefore lose nothing. An existing file that
//! cannot be read, or that belongs to another build, is never destroyed:
//! this run's profile goes next to it as `<file>.<pid>`, with a warning.
//! (`nissecc-profdata` replaces files the same way, with the standard
//! library: `nissecc_profile_format::file`.)

use crate::output_path::{self, OutputPath};
use crate::records;
use crate::report::report;
use crate::sys::{self, Errno, File, EEXIST, ENOENT, O_CREAT, O_RDWR, O_TRUNC, O_WRONLY};
use alloc::vec::Vec;
use nissecc_profile_format::text::{self, Piece, Piece::*};
use nissecc_profile_format::{merge, read, write, Profile};

/// Writes the counters of every instrumented function to the file that
/// the environment names. A program without instrumented functions (only
/// the placeholder record) writes nothing.
pub fn write_at_exit() {
    let profile = records::collect();
    if profile.functions.is_empty() {
        return;
    }
    let OutputPath { path, merge } = output_path::from_env();
    let result = if merge { merge_into(&path, &profile) } else { write_atomically(&path, &write(&profile)) };
    if let Err(error) = result {
        report(&[Str("cannot write the profile "), Bytes(&path), Str(": "), Bytes(error.text()), Str(" (os error "), Dec(error.0 as u64), Str(")")]);
    }
}

/// Adds `profile` to the profile at `path` (creating it if needed) under
/// an exclusive lock.
pub fn merge_into(path: &[u8], profile: &Profile) -> sys::Result<()> {
    create_parent_dirs(path)?;
    let file = lock_current(path)?;
    let mut existing = Vec::new();
    file.read_to_end(&mut existing)?;
    let merged = if existing.is_empty() { Ok(None) } else { sum_with(&existing, profile).map(Some) };
    let written = match merged {
        Ok(sum) => write_atomically(path, &write(sum.as_ref().unwrap_or(profile))),
        Err(problem) => {
            let aside = sibling(path, &[Dec(u64::from(sys::pid()))]);
            report(&[
                Str("warning: "),
                Bytes(path),
                Str(": "),
                Bytes(&problem),
                Str("; leaving it untouched and writing this run's profile to "),
                Bytes(&aside),
            ]);
            write_atomically(&aside, &write(profile))
        }
    };
    // Closing the file releases the lock, after the rename.
    drop(file);
    written
}

/// The sum of the profile in `existing` and `profile`, or why there is
/// none.
fn sum_with(existing: &[u8], profile: &Profile) -> Result<Profile, Vec<u8>> {
    let mut problem = Vec::new();
    match read(existing) {
        Err(error) => error.describe(&mut problem),
        Ok(old) => match merge(&old, profile) {
            Ok(sum) => return Ok(sum),
            Err(error) => {
                text::push(&mut problem, &[Str("cannot merge into it: ")]);
                error.describe(&mut problem);
            }
        },
    }
    Err(problem)
}

/// Opens and exclusively locks the file that `path` names at the moment
/// the lock is granted.
fn lock_current(path: &[u8]) -> sys::Result<File> {
    loop {
        let file = File::open(path, O_RDWR | O_CREAT, 0o666)?;
        file.lock_exclusive()?;
        let locked = file.id()?;
        match sys::file_id(path) {
            Ok(current) if current == locked => return Ok(file),
            // Another writer replaced (or removed) the file while this one
            // waited for the lock: lock the new file instead.
            Ok(_) | Err(Errno(ENOENT)) => continue,
            Err(error) => return Err(error),
        }
    }
}

/// Replaces (or creates) `path` with `bytes`, creating missing parent
/// directories, through a temporary file `<path>.tmp.<pid>`.
pub fn write_atomically(path: &[u8], bytes: &[u8]) -> sys::Result<()> {
    create_parent_dirs(path)?;
    let temp = sibling(path, &[Str("tmp."), Dec(u64::from(sys::pid()))]);
    let written = File::open(&temp, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        .and_then(|file| file.write_all(bytes))
        .and_then(|()| sys::rename_file(&temp, path));
    if written.is_err() {
        let _ = sys::remove_file(&temp);
    }
    written
}

/// `path` with `.` and `suffix` appended to its file name.
fn sibling(path: &[u8], suffix: &[Piece<'_>]) -> Vec<u8> {
    let mut name = Vec::with_capacity(path.len() + 24);
    text::push(&mut name, &[Bytes(path), Str(".")]);
    text::push(&mut name, suffix);
    name
}

/// Creates the directories above `path` that do not exist yet.
fn create_parent_dirs(path: &[u8]) -> sys::Result<()> {
    match path.iter().rposition(|&byte| byte == b'/') {
        Some(slash) => create_dir_all(&path[..slash]),
        None => Ok(()),
    }
}

/// Creates `dir` and the directories above it that do not exist yet. An
/// existing file in the way makes the later `open` fail instead.
fn create_dir_all(dir: &[u8]) -> sys::Result<()> {
    if dir.is_empty() {
        return Ok(());
    }
    match sys::make_dir(dir) {
        Err(Errno(ENOENT)) => {
            let parent = dir.iter().rposition(|&byte| byte == b'/').map_or(&dir[..0], |slash| &dir[..slash]);
            create_dir_all(parent)?;
            sys::make_dir(dir).or_else(|error| if error.0 == EEXIST { Ok(()) } else { Err(error) })
        }
        Err(Errno(EEXIST)) | Ok(()) => Ok(()),
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nissecc_profile_format::FunctionProfile;
    use std::fs;
    use std::os::unix::ffi::OsStrExt;
    use std::path::{Path, PathBuf};

    fn profile(count: u64) -> Profile {
        Profile { functions: vec![FunctionProfile { name: "f".into(), checksum: 7, descriptor: vec![1, 2], counters: vec![count, 1], paths: vec![], values: vec![] }] }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nisse-runtime-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn bytes(path: &Path) -> &[u8] {
        path.as_os_str().as_bytes()
    }

    #[test]
    fn merging_sums_and_creates_the_file() {
        let dir = scratch("sum");
        let path = dir.join("sub/p.nprof");
        merge_into(bytes(&path), &profile(2)).unwrap();
        merge_into(bytes(&path), &profile(3)).unwrap();
        assert_eq!(read(&fs::read(&path).unwrap()).unwrap(), Profile { functions: vec![FunctionProfile { counters: vec![5, 2], ..profile(0).functions[0].clone() }] });
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1, "a temporary file was left behind");
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn replacing_creates_parents_and_reports_failures() {
        let dir = scratch("replace");
        let path = dir.join("a/b/c/p.nprof");
        write_atomically(bytes(&path), b"one").unwrap();
        write_atomically(bytes(&path), b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
        // A file where a directory should be.
        let blocked = dir.join("a/b/c/p.nprof/q.nprof");
        assert!(write_atomically(bytes(&blocked), b"x").is_err());
        assert!(merge_into(bytes(&blocked), &profile(1)).is_err());
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn a_corrupt_or_foreign_file_is_left_alone() {
        let dir = scratch("corrupt");
        let path = dir.join("p.nprof");
        let aside = dir.join(format!("p.nprof.{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(&path, b"not a profile").unwrap();
        merge_into(bytes(&path), &profile(2)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"not a profile");
        assert_eq!(read(&fs::read(&aside).unwrap()).unwrap(), profile(2));

        let mut other_build = profile(1);
        other_build.functions[0].checksum = 8;
        fs::write(&path, write(&other_build)).unwrap();
        merge_into(bytes(&path), &profile(4)).unwrap();
        assert_eq!(read(&fs::read(&path).unwrap()).unwrap(), other_build);
        assert_eq!(read(&fs::read(&aside).unwrap()).unwrap(), profile(4));
        let _ = fs::remove_dir_all(dir);
    }
}
