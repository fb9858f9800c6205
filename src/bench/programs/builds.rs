//! The builds of every program in the programs tier, as data: the plain
//! `-O2` builds of gcc (the reference), clang and nissecc; the instrumented
//! builds (every nissecc strategy, `clang -fprofile-generate`, `gcc
//! -fprofile-arcs` and `gcc -fprofile-generate`); and the
//! profile-optimized builds of each compiler, each naming the instrumented
//! build whose training profile it uses. Every build names the build its
//! ratios divide by, so the tables are loops over builds.

use crate::bench::builds::Compiler;
use crate::bench::toolchain::Toolchain;

/// The label of the reference build: every other build's output on the
/// evaluation workload must equal its output.
pub const REFERENCE: &str = "gcc-O2";

/// What a build is for, which decides the table it appears in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Uninstrumented `-O2`, compared with gcc `-O2` (which is timed against
    /// itself: its ratio is the noise of the wall-time measurement).
    Plain,
    /// Instrumented for profiling, compared with the plain build of the same
    /// compiler: its overhead.
    Instrumented,
    /// Optimized with the profile that the build `trainer` collects on the
    /// training workload, compared with the plain build of the same
    /// compiler: its gain.
    Optimized { trainer: String },
}

/// One way of building every program.
#[derive(Clone, Debug)]
pub struct ProgramBuild {
    /// A short name: a row of the tables, a directory of the scratch tree.
    pub label: String,
    pub compiler: Compiler,
    /// The flags that do not depend on where the build and its profiles
    /// are (those are added when it is compiled; see `profiles.rs`).
    pub flags: Vec<String>,
    pub role: Role,
    /// The label of the build this one's ratios compare with.
    pub baseline: String,
}

impl ProgramBuild {
    fn new(label: &str, compiler: &Compiler, flags: &[&str], role: Role, baseline: &str) -> ProgramBuild {
        ProgramBuild {
            label: label.to_string(),
            compiler: compiler.clone(),
            flags: flags.iter().map(|flag| flag.to_string()).collect(),
            role,
            baseline: baseline.to_string(),
        }
    }

    /// The compiler's name and the flags, for the reports: `gcc -O2
    /// -fprofile-arcs`, `nissecc -O2 -fprofile-use` (without the places
    /// of the build and its profiles).
    pub fn command(&self) -> String {
        let name = match &self.compiler {
            Compiler::Gcc => "gcc".to_string(),
            Compiler::Nissecc => "nissecc".to_string(),
            Compiler::Clang(path) => path.file_name().map_or("clang".into(), |n| n.to_string_lossy().into_owned()),
        };
        let profile_use = matches!(self.role, Role::Optimized { .. }).then(|| "-fprofile-use".to_string());
        std::iter::once(name).chain(self.flags.iter().cloned()).chain(profile_use).collect::<Vec<_>>().join(" ")
    }
}

/// Every build of the tier, plain builds first, then the instrumented
/// ones, then (with `pgo`) the optimized ones; nissecc's optimized build
/// uses the profile of the strategy `train_strategy`. The clang builds
/// exist when clang is installed, and clang's optimized build when its
/// `llvm-profdata` is too.
pub fn all_builds(toolchain: &Toolchain, train_strategy: &str, pgo: bool) -> Vec<ProgramBuild> {
    use Role::*;
    let gcc = Compiler::Gcc;
    let nissecc = Compiler::Nissecc;
    let clang = toolchain.clang.clone().map(Compiler::Clang);
    let mut builds = vec![ProgramBuild::new(REFERENCE, &gcc, &["-O2"], Plain, REFERENCE)];
    if let Some(clang) = &clang {
        builds.push(ProgramBuild::new("clang-O2", clang, &["-O2"], Plain, REFERENCE));
    }
    builds.push(ProgramBuild::new("nissecc-O2", &nissecc, &["-O2"], Plain, REFERENCE));
    for strategy in &toolchain.strategies {
        let flag = format!("-fprofile-instr={strategy}");
        builds.push(ProgramBuild::new(&format!("nissecc-{strategy}"), &nissecc, &["-O2", &flag], Instrumented, "nissecc-O2"));
    }
    if let Some(clang) = &clang {
        builds.push(ProgramBuild::new("clang-profgen", clang, &["-O2", "-fprofile-generate"], Instrumented, "clang-O2"));
    }
    builds.push(ProgramBuild::new("gcc-arcs", &gcc, &["-O2", "-fprofile-arcs"], Instrumented, REFERENCE));
    builds.push(ProgramBuild::new("gcc-profgen", &gcc, &["-O2", "-fprofile-generate"], Instrumented, REFERENCE));
    if pgo {
        let trainer = format!("nissecc-{train_strategy}");
        builds.push(ProgramBuild::new("nissecc-pgo", &nissecc, &["-O2"], Optimized { trainer }, "nissecc-O2"));
        builds.push(ProgramBuild::new("gcc-pgo", &gcc, &["-O2"], Optimized { trainer: "gcc-profgen".into() }, REFERENCE));
        if let (Some(clang), Some(_)) = (&clang, &toolchain.llvm_profdata) {
            builds.push(ProgramBuild::new("clang-pgo", clang, &["-O2"], Optimized { trainer: "clang-profgen".into() }, "clang-O2"));
        }
    }
    builds
}

/// A toolchain for the tier's unit tests: strategies naive and ks, and
/// clang 19 when `clang` is set.
#[cfg(test)]
pub fn test_toolchain(clang: bool) -> Toolchain {
    Toolchain {
        nissecc: "nissecc".into(),
        profdata: "nissecc-profdata".into(),
        strategies: vec!["naive".into(), "ks".into()],
        clang: clang.then(|| "/usr/bin/clang-19".into()),
        llvm_profdata: clang.then(|| "/usr/bin/llvm-profdata-19".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_baseline_and_trainer_is_a_build_of_the_same_compiler() {
        for clang in [false, true] {
            let builds = all_builds(&test_toolchain(clang), "naive", true);
            let find = |label: &str| builds.iter().find(|b| b.label == label).unwrap_or_else(|| panic!("no {label}"));
            for build in &builds {
                let baseline = find(&build.baseline);
                assert_eq!(baseline.role, Role::Plain, "{}", build.label);
                if build.role != Role::Plain {
                    assert_eq!(baseline.compiler, build.compiler, "{}", build.label);
                }
                if let Role::Optimized { trainer } = &build.role {
                    assert_eq!(find(trainer).role, Role::Instrumented);
                    assert_eq!(find(trainer).compiler, build.compiler);
                }
            }
            assert_eq!(builds.iter().any(|b| b.label == "clang-pgo"), clang);
        }
    }

    #[test]
    fn one_instrumented_build_per_strategy_and_no_optimized_builds_without_pgo() {
        let builds = all_builds(&test_toolchain(false), "ks", false);
        let labels: Vec<&str> = builds.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["gcc-O2", "nissecc-O2", "nissecc-naive", "nissecc-ks", "gcc-arcs", "gcc-profgen"]);
        assert_eq!(builds[4].command(), "gcc -O2 -fprofile-arcs");
        let optimized = all_builds(&test_toolchain(false), "ks", true);
        assert_eq!(optimized.last().map(ProgramBuild::command).as_deref(), Some("gcc -O2 -fprofile-use"));
    }
}
