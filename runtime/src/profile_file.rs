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

use crate::output_path::{self, OutputPath};
use crate::records;
use crate::report::report;
use nissecc_profile_format::file::{create_parent_dirs, sibling, write_atomically};
use nissecc_profile_format::{merge, read, write, Profile};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

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
        report(format_args!("cannot write the profile {}: {error}", path.display()));
    }
}

/// Adds `profile` to the profile at `path` (creating it if needed) under
/// an exclusive lock.
pub fn merge_into(path: &Path, profile: &Profile) -> io::Result<()> {
    create_parent_dirs(path)?;
    let mut file = lock_current(path)?;
    let mut existing = Vec::new();
    file.read_to_end(&mut existing)?;
    let merged = if existing.is_empty() {
        Ok(profile.clone())
    } else {
        read(&existing).map_err(|error| error.to_string()).and_then(|old| merge(&old, profile).map_err(|error| format!("cannot merge into it: {error}")))
    };
    match merged {
        Ok(sum) => write_atomically(path, &write(&sum)),
        Err(problem) => {
            let aside = sibling(path, &std::process::id().to_string());
            report(format_args!(
                "warning: {}: {problem}; leaving it untouched and writing this run's profile to {}",
                path.display(),
                aside.display()
            ));
            write_atomically(&aside, &write(profile))
        }
    }
    // The lock is released when `file` is dropped, after the rename.
}

/// Opens and exclusively locks the file that `path` names at the moment
/// the lock is granted.
fn lock_current(path: &Path) -> io::Result<File> {
    loop {
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        file.lock()?;
        let locked = file.metadata()?;
        match fs::metadata(path) {
            Ok(current) if current.dev() == locked.dev() && current.ino() == locked.ino() => return Ok(file),
            // Another writer replaced (or removed) the file while this one
            // waited for the lock: lock the new file instead.
            Ok(_) => continue,
            Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
            Err(error) => return Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nissecc_profile_format::FunctionProfile;
    use std::path::PathBuf;

    fn profile(count: u64) -> Profile {
        Profile { functions: vec![FunctionProfile { name: "f".into(), checksum: 7, descriptor: vec![1, 2], counters: vec![count, 1], paths: vec![] }] }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nisse-runtime-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn merging_sums_and_creates_the_file() {
        let dir = scratch("sum");
        let path = dir.join("sub/p.nprof");
        merge_into(&path, &profile(2)).unwrap();
        merge_into(&path, &profile(3)).unwrap();
        assert_eq!(read(&fs::read(&path).unwrap()).unwrap(), Profile { functions: vec![FunctionProfile { counters: vec![5, 2], ..profile(0).functions[0].clone() }] });
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn a_corrupt_or_foreign_file_is_left_alone() {
        let dir = scratch("corrupt");
        let path = dir.join("p.nprof");
        let aside = sibling(&path, &std::process::id().to_string());
        fs::create_dir_all(&dir).unwrap();
        fs::write(&path, b"not a profile").unwrap();
        merge_into(&path, &profile(2)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"not a profile");
        assert_eq!(read(&fs::read(&aside).unwrap()).unwrap(), profile(2));

        let mut other_build = profile(1);
        other_build.functions[0].checksum = 8;
        fs::write(&path, write(&other_build)).unwrap();
        merge_into(&path, &profile(4)).unwrap();
        assert_eq!(read(&fs::read(&path).unwrap()).unwrap(), other_build);
        assert_eq!(read(&fs::read(&aside).unwrap()).unwrap(), profile(4));
        let _ = fs::remove_dir_all(dir);
    }
}
