//! The programs the benchmark drives, and what it learns by asking them:
//! the nissecc tools next to `nissecc-bench` itself, the profiling
//! strategies the compiler implements (`nissecc
//! --print-profile-strategies`), and an optional clang for the peer column
//! with the `llvm-profdata` of its own version (for clang's PGO builds in
//! the programs tier).

use super::process::run_checked;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The compilers and tools of one benchmark run.
#[derive(Clone, Debug)]
pub struct Toolchain {
    pub nissecc: PathBuf,
    pub profdata: PathBuf,
    /// Every strategy of `-fprofile-instr`, naive first.
    pub strategies: Vec<String>,
    /// `clang-19` or `clang` when one is on the `PATH`.
    pub clang: Option<PathBuf>,
    /// The `llvm-profdata` that reads that clang's raw profiles
    /// (`llvm-profdata-19` for `clang-19`), when it is on the `PATH`.
    pub llvm_profdata: Option<PathBuf>,
}

impl Toolchain {
    /// Finds the tools next to the running executable (where cargo puts
    /// every binary of the package) and asks nissecc for its strategies.
    pub fn discover() -> Result<Toolchain, String> {
        let me = std::env::current_exe().map_err(|e| format!("cannot locate nissecc-bench: {e}"))?;
        let dir = me.parent().ok_or("nissecc-bench has no parent directory")?;
        let tool = |name: &str| -> Result<PathBuf, String> {
            let path = dir.join(name);
            if path.exists() {
                Ok(path)
            } else {
                Err(format!("{} not found (build the package: cargo build --release)", path.display()))
            }
        };
        let nissecc = tool("nissecc")?;
        let profdata = tool("nissecc-profdata")?;
        let strategies = profile_strategies(&nissecc)?;
        let clang = find_clang();
        let llvm_profdata = clang.as_deref().and_then(matching_llvm_profdata);
        Ok(Toolchain { nissecc, profdata, strategies, clang, llvm_profdata })
    }
}

/// The strategies `nissecc --print-profile-strategies` lists; naive must
/// be one of them, since it is the oracle the others are checked against.
fn profile_strategies(nissecc: &Path) -> Result<Vec<String>, String> {
    let mut command = Command::new(nissecc);
    command.arg("--print-profile-strategies");
    let (output, _) = run_checked(command, Duration::from_secs(30), "nissecc --print-profile-strategies")?;
    let mut strategies: Vec<String> = String::from_utf8_lossy(&output.stdout).split_whitespace().map(str::to_string).collect();
    let naive = strategies.iter().position(|s| s == "naive").ok_or("nissecc does not list the naive strategy")?;
    let naive = strategies.remove(naive);
    strategies.insert(0, naive);
    Ok(strategies)
}

/// The first of `clang-19` and `clang` found on the `PATH`.
fn find_clang() -> Option<PathBuf> {
    find_on_path(&["clang-19", "clang"])
}

/// The `llvm-profdata` with the version suffix of `clang` (none for a
/// plain `clang`): raw profiles are read only by the tools of their own
/// LLVM version.
fn matching_llvm_profdata(clang: &Path) -> Option<PathBuf> {
    let name = clang.file_name()?.to_str()?;
    let suffix = name.strip_prefix("clang")?;
    find_on_path(&[&format!("llvm-profdata{suffix}")])
}

/// The first of `names` found in a directory of the `PATH`.
fn find_on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The first line `program --version` prints, for the reports, or the
/// program's name with `(version unknown)`.
pub fn version_line(program: &str) -> String {
    Command::new(program)
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| String::from_utf8_lossy(&output.stdout).lines().next().map(|line| line.trim().to_string()))
        .filter(|line| !line.is_empty())
        .unwrap_or_else(|| format!("{program} (version unknown)"))
}
