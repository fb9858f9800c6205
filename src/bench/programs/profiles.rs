//! How each compiler's instrumented builds write their profiles and its
//! optimized builds read them back. Every instrumented build writes into
//! its own profile directory, merging the runs of a multi-step workload:
//!
//! - nissecc: `NISSE_PROFILE_FILE=<dir>/profile%m.nprof`, one merged file;
//! - clang: `LLVM_PROFILE_FILE=<dir>/profile-%m.profraw`, merged by
//!   `llvm-profdata merge` into `training.profdata` for `-fprofile-use`;
//! - gcc: `-fprofile-dir=<dir>` at compile time, with
//!   `-fprofile-prefix-path=<build dir>` so that the `.gcda` files are
//!   named after the units alone and the optimized build, compiled in
//!   another directory, finds them; it reads them with `-fprofile-use
//!   -fprofile-correction -Wno-missing-profile`.

use super::builds::{ProgramBuild, Role};
use super::layout::Layout;
use crate::bench::builds::Compiler;
use crate::bench::process::run_checked;
use crate::bench::toolchain::Toolchain;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A training profile, ready for an optimized build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Profile {
    /// One file: nissecc's merged `.nprof`, clang's merged `.profdata`.
    File(PathBuf),
    /// gcc's directory of `.gcda` files.
    GcdaDir(PathBuf),
}

/// The flags of `build` that depend on where it is compiled and where its
/// profiles are: gcc's profile directory for its instrumented builds, and
/// the training profile for the optimized builds.
pub fn placed_flags(build: &ProgramBuild, layout: &Layout, profile: Option<&Profile>) -> Vec<String> {
    let prefix = format!("-fprofile-prefix-path={}", layout.build_dir(&build.label).display());
    match (&build.compiler, &build.role, profile) {
        (Compiler::Gcc, Role::Instrumented, _) => vec![format!("-fprofile-dir={}", layout.profile_dir(&build.label).display()), prefix],
        (Compiler::Gcc, Role::Optimized { .. }, Some(Profile::GcdaDir(dir))) => vec![
            "-fprofile-use".into(),
            "-fprofile-correction".into(),
            "-Wno-missing-profile".into(),
            format!("-fprofile-dir={}", dir.display()),
            prefix,
        ],
        (_, Role::Optimized { .. }, Some(Profile::File(file))) => vec![format!("-fprofile-use={}", file.display())],
        _ => Vec::new(),
    }
}

/// The environment that sends the profile of a run of the instrumented
/// `build` into its profile directory (nothing for gcc, whose builds know
/// the directory).
pub fn run_env(build: &ProgramBuild, layout: &Layout) -> Vec<(String, String)> {
    if build.role != Role::Instrumented {
        return Vec::new();
    }
    let dir = layout.profile_dir(&build.label);
    match &build.compiler {
        Compiler::Nissecc => vec![("NISSE_PROFILE_FILE".into(), dir.join("profile%m.nprof").display().to_string())],
        Compiler::Clang(_) => vec![("LLVM_PROFILE_FILE".into(), dir.join("profile-%m.profraw").display().to_string())],
        Compiler::Gcc => Vec::new(),
    }
}

/// The profile that the training runs of the instrumented build `trainer`
/// left in its profile directory; an error when they left none.
pub fn collect(trainer: &ProgramBuild, layout: &Layout, toolchain: &Toolchain) -> Result<Profile, String> {
    let dir = layout.profile_dir(&trainer.label);
    match &trainer.compiler {
        Compiler::Nissecc => {
            let file = dir.join("profile.nprof");
            if file.is_file() {
                Ok(Profile::File(file))
            } else {
                Err(format!("the training runs wrote no {}", file.display()))
            }
        }
        Compiler::Clang(_) => {
            let raw = files_ending(&dir, ".profraw")?;
            let llvm_profdata = toolchain.llvm_profdata.as_ref().ok_or("no llvm-profdata for this clang")?;
            let merged = dir.with_file_name("training.profdata");
            let mut command = Command::new(llvm_profdata);
            command.arg("merge").arg("-o").arg(&merged).args(&raw);
            run_checked(command, Duration::from_secs(300), "llvm-profdata merge")?;
            Ok(Profile::File(merged))
        }
        Compiler::Gcc => {
            files_ending(&dir, ".gcda")?;
            Ok(Profile::GcdaDir(dir))
        }
    }
}

/// The files of `dir` whose names end with `suffix`, sorted; an error when
/// there are none.
fn files_ending(dir: &Path, suffix: &str) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(suffix)))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("the training runs wrote no {suffix} file into {}", dir.display()));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::programs::builds::{all_builds, test_toolchain};

    #[test]
    fn gcc_profiles_are_named_after_the_units_in_the_trainers_directory() {
        let layout = Layout::new(Path::new("/scratch/zlib")).unwrap();
        let builds = all_builds(&test_toolchain(true), "naive", true);
        let find = |label: &str| builds.iter().find(|b| b.label == label).unwrap();
        assert_eq!(
            placed_flags(find("gcc-profgen"), &layout, None),
            ["-fprofile-dir=/scratch/zlib/gcc-profgen/profile", "-fprofile-prefix-path=/scratch/zlib/gcc-profgen/build"]
        );
        let profile = Profile::GcdaDir(layout.profile_dir("gcc-profgen"));
        let flags = placed_flags(find("gcc-pgo"), &layout, Some(&profile));
        assert!(flags.contains(&"-fprofile-dir=/scratch/zlib/gcc-profgen/profile".to_string()), "{flags:?}");
        assert!(flags.contains(&"-fprofile-prefix-path=/scratch/zlib/gcc-pgo/build".to_string()), "{flags:?}");
        assert!(placed_flags(find("gcc-O2"), &layout, None).is_empty());
    }

    #[test]
    fn instrumented_runs_merge_into_the_profile_directory() {
        let layout = Layout::new(Path::new("/scratch/lua")).unwrap();
        let builds = all_builds(&test_toolchain(true), "naive", true);
        let find = |label: &str| builds.iter().find(|b| b.label == label).unwrap();
        assert_eq!(run_env(find("nissecc-naive"), &layout), [("NISSE_PROFILE_FILE".to_string(), "/scratch/lua/nissecc-naive/profile/profile%m.nprof".to_string())]);
        assert_eq!(run_env(find("clang-profgen"), &layout)[0].1, "/scratch/lua/clang-profgen/profile/profile-%m.profraw");
        assert!(run_env(find("gcc-arcs"), &layout).is_empty());
        assert!(run_env(find("nissecc-pgo"), &layout).is_empty());
        let profile = Profile::File("/p/training.profdata".into());
        assert_eq!(placed_flags(find("clang-pgo"), &layout, Some(&profile)), ["-fprofile-use=/p/training.profdata"]);
    }
}
