//! Compiling one build of one program through the real-programs harness
//! (`crate::programs::build`: the program's own Makefile or its file
//! list), with what it cost, and telling a profile that nissecc refused
//! from any other failure.

use super::builds::{ProgramBuild, Role};
use super::layout::Layout;
use super::results::{CompileCost, Status};
use crate::bench::builds::Compiler;
use crate::programs::{self, Diagnostic, Program};
use std::path::{Path, PathBuf};

/// A finished build.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The executable, when the build made one.
    pub binary: Option<PathBuf>,
    pub cost: Option<CompileCost>,
    pub status: Status,
}

/// Compiles `build` of `program` with its flags and the `placed` ones
/// into its build directory, `jobs` units at a time.
pub fn compile(program: &Program, build: &ProgramBuild, placed: &[String], nissecc: &Path, layout: &Layout, jobs: usize) -> Compiled {
    let compiler = programs::Compiler {
        program: match &build.compiler {
            Compiler::Gcc => "gcc".into(),
            Compiler::Nissecc => nissecc.display().to_string(),
            Compiler::Clang(path) => path.display().to_string(),
        },
        args: Vec::new(),
    };
    let flags: Vec<String> = build.flags.iter().chain(placed).cloned().collect();
    match programs::build(program, &compiler, &flags, &layout.build_dir(&build.label), jobs) {
        Err(error) => Compiled { binary: None, cost: None, status: Status::Failed(error) },
        Ok(result) => {
            let cost = Some(CompileCost::of(&result));
            let status = match (&result.binary, rejected_profile(build, &result.diagnostics)) {
                (Some(_), _) => Status::Ok,
                (None, Some(reason)) => Status::ProfileRejected(reason),
                (None, None) => Status::Failed(format!("build failed: {}", result.first_errors(3).join("; "))),
            };
            Compiled { binary: result.binary, cost, status }
        }
    }
}

/// The reason nissecc gave for refusing the profile of an optimized
/// build (`nissecc: error: profile '<file>': <reason>`), if that is why
/// it failed.
fn rejected_profile(build: &ProgramBuild, diagnostics: &[Diagnostic]) -> Option<String> {
    if build.compiler != Compiler::Nissecc || !matches!(build.role, Role::Optimized { .. }) {
        return None;
    }
    diagnostics.iter().find_map(|d| {
        let rest = d.message.strip_prefix("profile '")?;
        Some(rest.split_once("': ").map_or(rest, |(_, reason)| reason).to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::programs::builds::{all_builds, test_toolchain};

    fn diagnostic(message: &str) -> Diagnostic {
        Diagnostic { unit: "lvm.c".into(), file: "lvm.c".into(), line: 0, severity: "error".into(), message: message.into() }
    }

    #[test]
    fn only_nissecc_profile_errors_of_optimized_builds_are_rejections() {
        let builds = all_builds(&test_toolchain(false), "naive", true);
        let find = |label: &str| builds.iter().find(|b| b.label == label).unwrap();
        let refused = [diagnostic("profile '/p/profile.nprof': luaV_execute: counts do not balance at block 7")];
        assert_eq!(rejected_profile(find("nissecc-pgo"), &refused).as_deref(), Some("luaV_execute: counts do not balance at block 7"));
        assert_eq!(rejected_profile(find("nissecc-O2"), &refused), None);
        assert_eq!(rejected_profile(find("gcc-pgo"), &refused), None);
        assert_eq!(rejected_profile(find("nissecc-pgo"), &[diagnostic("unsupported: something")]), None);
    }
}
