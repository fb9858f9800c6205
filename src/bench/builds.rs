//! The builds of every kernel: the gcc references, nissecc without and
//! with each profiling strategy, and the peers' exact profilers, gcc's
//! `-fprofile-arcs` and (when installed) clang's `-fprofile-generate`,
//! each at `-O2` against the same compiler's plain `-O2` (issue 18).
//! Each build names the build its overhead is measured against.

use super::toolchain::Toolchain;
use std::path::PathBuf;

/// The label of the uninstrumented nissecc build.
pub const BASE: &str = "base";
/// The label of the reference build, whose output every other build must
/// reproduce.
pub const REFERENCE: &str = "gcc-O1";
/// The label of gcc's exact edge profiler, `gcc -O2 -fprofile-arcs`.
pub const GCC_ARCS: &str = "gcc-O2-arcs";
/// The label of clang's instrumentation, `clang -O2 -fprofile-generate`.
pub const CLANG_PROFGEN: &str = "clang-O2-profgen";

/// Which compiler a build uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiler {
    Gcc,
    Nissecc,
    Clang(PathBuf),
}

/// How an instrumented program is told where to write its profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileOutput {
    /// An environment variable that names the file
    /// (`NISSE_PROFILE_FILE`, `LLVM_PROFILE_FILE`).
    File(&'static str),
    /// gcc's `GCOV_PREFIX`, a directory that receives the `.gcda` files
    /// (with every directory of the object's path stripped).
    GcovPrefix,
}

impl ProfileOutput {
    /// The environment that sends the profile to `path` (a file, or for
    /// gcc a directory).
    pub fn env(self, path: &std::path::Path) -> Vec<(String, String)> {
        let path = path.display().to_string();
        match self {
            ProfileOutput::File(var) => vec![(var.to_string(), path)],
            ProfileOutput::GcovPrefix => vec![("GCOV_PREFIX".to_string(), path), ("GCOV_PREFIX_STRIP".to_string(), "1000".to_string())],
        }
    }
}

/// One way of compiling every kernel.
#[derive(Clone, Debug)]
pub struct Build {
    /// A short name: a column of the CSV, a row of the table.
    pub label: String,
    pub compiler: Compiler,
    pub flags: Vec<String>,
    /// The nissecc profiling strategy, for instrumented nissecc builds.
    pub strategy: Option<String>,
    /// How to tell an instrumented build where its profile goes.
    pub profile_env: Option<ProfileOutput>,
    /// The label of the build this one's overhead ratios divide by.
    pub baseline: Option<String>,
}

impl Build {
    pub fn new(label: &str, compiler: Compiler, flags: &[&str], baseline: Option<&str>) -> Build {
        Build {
            label: label.to_string(),
            compiler,
            flags: flags.iter().map(|f| f.to_string()).collect(),
            strategy: None,
            profile_env: None,
            baseline: baseline.map(str::to_string),
        }
    }
}

/// Every build of a run: `gcc -O1` (the reference output) and `gcc -O2`,
/// nissecc `-O2` uninstrumented (whose ratio is against `gcc -O1`), one
/// nissecc `-O2` build per strategy (against the uninstrumented one),
/// `gcc -O2 -fprofile-arcs` (against `gcc -O2`), and with clang, `-O2` and
/// `-O2 -fprofile-generate` (against clang `-O2`).
pub fn all_builds(toolchain: &Toolchain) -> Vec<Build> {
    let mut builds = vec![
        Build::new(REFERENCE, Compiler::Gcc, &["-O1"], None),
        Build::new("gcc-O2", Compiler::Gcc, &["-O2"], Some(REFERENCE)),
        Build::new(BASE, Compiler::Nissecc, &["-O2"], Some(REFERENCE)),
    ];
    for strategy in &toolchain.strategies {
        let flag = format!("-fprofile-instr={strategy}");
        let mut build = Build::new(strategy, Compiler::Nissecc, &["-O2", &flag, "--stats=json"], Some(BASE));
        build.strategy = Some(strategy.clone());
        build.profile_env = Some(ProfileOutput::File("NISSE_PROFILE_FILE"));
        builds.push(build);
    }
    let mut arcs = Build::new(GCC_ARCS, Compiler::Gcc, &["-O2", "-fprofile-arcs"], Some("gcc-O2"));
    arcs.profile_env = Some(ProfileOutput::GcovPrefix);
    builds.push(arcs);
    if let Some(clang) = &toolchain.clang {
        builds.push(Build::new("clang-O2", Compiler::Clang(clang.clone()), &["-O2"], None));
        let mut generate = Build::new(CLANG_PROFGEN, Compiler::Clang(clang.clone()), &["-O2", "-fprofile-generate"], Some("clang-O2"));
        generate.profile_env = Some(ProfileOutput::File("LLVM_PROFILE_FILE"));
        builds.push(generate);
    }
    builds
}
