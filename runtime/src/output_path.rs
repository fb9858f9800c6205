//! Where the profile goes: `NISSE_PROFILE_FILE`, like `LLVM_PROFILE_FILE`,
//! with `%p` expanding to the process id, `%m` asking to merge into the
//! file under a lock (the `%m` itself is removed), and `%%` for a literal
//! percent sign. Any other `%x` is kept as it is. Unset, empty, or empty
//! after expansion (as `%m` alone), the name is `default.nprof` in the
//! working directory.

use nissecc_profile_format::abi::{DEFAULT_PROFILE_FILE, PROFILE_FILE_ENV};
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;

/// The expanded profile file name and whether to merge into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputPath {
    pub path: PathBuf,
    pub merge: bool,
}

/// The output path named by the environment for this process.
pub fn from_env() -> OutputPath {
    match std::env::var_os(PROFILE_FILE_ENV) {
        Some(pattern) if !pattern.is_empty() => expand(&pattern, std::process::id()),
        _ => OutputPath { path: PathBuf::from(DEFAULT_PROFILE_FILE), merge: false },
    }
}

/// Expands a `NISSE_PROFILE_FILE` pattern for the process `pid`.
pub fn expand(pattern: &OsStr, pid: u32) -> OutputPath {
    let mut out = Vec::new();
    let mut merge = false;
    let mut bytes = pattern.as_bytes().iter().copied();
    while let Some(byte) = bytes.next() {
        if byte != b'%' {
            out.push(byte);
            continue;
        }
        match bytes.next() {
            Some(b'p') => out.extend_from_slice(pid.to_string().as_bytes()),
            Some(b'm') => merge = true,
            Some(b'%') => out.push(b'%'),
            Some(other) => out.extend_from_slice(&[b'%', other]),
            None => out.push(b'%'),
        }
    }
    if out.is_empty() {
        out.extend_from_slice(DEFAULT_PROFILE_FILE.as_bytes());
    }
    OutputPath { path: PathBuf::from(OsString::from_vec(out)), merge }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(pattern: &str) -> (String, bool) {
        let out = expand(OsStr::new(pattern), 42);
        (out.path.to_string_lossy().into_owned(), out.merge)
    }

    #[test]
    fn expands_pid_merge_and_percent() {
        assert_eq!(expanded("prof.nprof"), ("prof.nprof".to_string(), false));
        assert_eq!(expanded("run-%p.nprof"), ("run-42.nprof".to_string(), false));
        assert_eq!(expanded("dir/all%m.nprof"), ("dir/all.nprof".to_string(), true));
        assert_eq!(expanded("%p-%m-%%-%x%"), ("42--%-%x%".to_string(), true));
        assert_eq!(expanded("%m"), ("default.nprof".to_string(), true));
    }
}
