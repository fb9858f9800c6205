//! The programs the benchmark drives, and what it learns by asking them:
//! the nissecc tools next to `nissecc-bench` itself, the profiling
//! strategies the compiler implements (`nissecc
//! --print-profile-strategies`), and an optional clang for the peer column.

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
        Ok(Toolchain { nissecc, profdata, strategies, clang: find_clang() })
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
    let path = std::env::var_os("PATH")?;
    ["clang-19", "clang"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}
