//! Where the profile goes: `NISSE_PROFILE_FILE`, like `LLVM_PROFILE_FILE`,
//! with `%p` expanding to the process id, `%m` asking to merge into the
//! file under a lock (the `%m` itself is removed), and `%%` for a literal
//! percent sign. Any other `%x` is kept as it is. Unset, empty, or empty
//! after expansion (as `%m` alone), the name is `default.nprof` in the
//! working directory. Names are bytes, as the C library gives them.

use crate::sys;
use alloc::vec::Vec;
use nissecc_profile_format::abi::{DEFAULT_PROFILE_FILE, PROFILE_FILE_ENV};
use nissecc_profile_format::text::{self, Piece::Dec};

/// The expanded profile file name and whether to merge into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputPath {
    pub path: Vec<u8>,
    pub merge: bool,
}

/// The output path named by the environment for this process.
pub fn from_env() -> OutputPath {
    expand(sys::env(PROFILE_FILE_ENV).unwrap_or_default(), sys::pid())
}

/// Expands a `NISSE_PROFILE_FILE` pattern for the process `pid`.
pub fn expand(pattern: &[u8], pid: u32) -> OutputPath {
    let mut out = Vec::with_capacity(pattern.len() + 16);
    let mut merge = false;
    let mut bytes = pattern.iter().copied();
    while let Some(byte) = bytes.next() {
        if byte != b'%' {
            out.push(byte);
            continue;
        }
        match bytes.next() {
            Some(b'p') => text::push(&mut out, &[Dec(u64::from(pid))]),
            Some(b'm') => merge = true,
            Some(b'%') => out.push(b'%'),
            Some(other) => out.extend_from_slice(&[b'%', other]),
            None => out.push(b'%'),
        }
    }
    if out.is_empty() {
        out.extend_from_slice(DEFAULT_PROFILE_FILE.as_bytes());
    }
    OutputPath { path: out, merge }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(pattern: &str) -> (String, bool) {
        let out = expand(pattern.as_bytes(), 42);
        (String::from_utf8(out.path).unwrap(), out.merge)
    }

    #[test]
    fn expands_pid_merge_and_percent() {
        assert_eq!(expanded(""), ("default.nprof".to_string(), false));
        assert_eq!(expanded("prof.nprof"), ("prof.nprof".to_string(), false));
        assert_eq!(expanded("run-%p.nprof"), ("run-42.nprof".to_string(), false));
        assert_eq!(expanded("dir/all%m.nprof"), ("dir/all.nprof".to_string(), true));
        assert_eq!(expanded("%p-%m-%%-%x%"), ("42--%-%x%".to_string(), true));
        assert_eq!(expanded("%m"), ("default.nprof".to_string(), true));
    }
}
