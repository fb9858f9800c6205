//! The builds of every kernel: the gcc references, nissecc without and
//! with each profiling strategy, and clang's instrumentation as a peer.
//! Each build names the build its overhead is measured against.

use super::toolchain::Toolchain;
use std::path::PathBuf;

/// The label of the uninstrumented nissecc build.
pub const BASE: &str = "base";
/// The label of the reference build, whose output every other build must
/// reproduce.
pub const REFERENCE: &str = "gcc-O1";

/// Which compiler a build uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiler {
    Gcc,
    Nissecc,
    Clang(PathBuf),
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
    /// The environment variable that names the profile file the program
    /// writes, for instrumented builds.
    pub profile_env: Option<&'static str>,
    /// The label of the build this one's overhead ratios divide by.
    pub baseline: Option<String>,
}

impl Build {
    fn new(label: &str, compiler: Compiler, flags: &[&str], baseline: Option<&str>) -> Build {
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
/// nissecc `-O2` build per strategy (against the uninstrumented one), and
/// with clang, `-O1` and `-O1 -fprofile-generate` (against clang `-O1`).
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
        build.profile_env = Some("NISSE_PROFILE_FILE");
        builds.push(build);
    }
    if let Some(clang) = &toolchain.clang {
        builds.push(Build::new("clang-O1", Compiler::Clang(clang.clone()), &["-O1"], None));
        let mut generate = Build::new("clang-O1-profgen", Compiler::Clang(clang.clone()), &["-O1", "-fprofile-generate"], Some("clang-O1"));
        generate.profile_env = Some("LLVM_PROFILE_FILE");
        builds.push(generate);
    }
    builds
}
