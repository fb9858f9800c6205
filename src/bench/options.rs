//! The command line of `nissecc-bench`.

use crate::programs::ProgramId;
use clap::{Parser, ValueEnum};
use std::path::PathBuf;

/// What a run benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Tier {
    /// The jotai-subset kernels.
    #[default]
    Kernels,
    /// The real programs: bzip2, zlib, Lua and SQLite.
    Programs,
    /// Compile time and memory on generated programs of growing size,
    /// against gcc -O1.
    Scale,
    /// Profile inference: accuracy, time and PGO gain of sampled profiles
    /// against exact ones, on the long kernels.
    Inference,
    /// Tracing: trace bytes per executed block and overhead of the optimal
    /// witness placement against the every-predicate one, on the long
    /// kernels.
    Tracing,
    /// Targeted path profiling: overhead next to Ball–Larus, ks and sese,
    /// array and hash-table functions, and attribution of definite flow,
    /// on the long kernels.
    Tpp,
    /// The kernels, then the programs.
    All,
}

/// Benchmarks nissecc's profiling strategies on the jotai-subset kernels:
/// checks every output against gcc -O1 and every profile against the naive
/// one, measures instructions under valgrind, and prints a table in the
/// layout of Figure 13 of Frenot & Pereira (CC'24). With `--tier
/// programs`, compares gcc, clang and nissecc on bzip2, zlib, Lua and
/// SQLite: plain builds, instrumentation overhead, PGO gain, compile cost.
#[derive(Parser, Debug, Default)]
#[command(name = "nissecc-bench", version, about)]
pub struct Options {
    /// The kernels, the real programs, or both.
    #[arg(long, value_enum, default_value_t = Tier::Kernels)]
    pub tier: Tier,
    /// The programs tier's programs, comma-separated (bzip2, zlib, lua, sqlite).
    #[arg(long, value_name = "LIST")]
    pub programs: Option<String>,
    /// The nissecc strategy whose training profile the programs tier's
    /// nissecc -fprofile-use build uses.
    #[arg(long = "train-strategy", value_name = "STRATEGY", default_value = "naive")]
    pub train_strategy: String,
    /// Only kernels whose name contains this text or that carry it as a tag.
    #[arg(long)]
    pub filter: Option<String>,
    /// A fixed sample for CI: about 15 short kernels, their first and last
    /// inputs; in the programs tier, the check workload for both training
    /// and measuring, and every program but SQLite unless --programs names
    /// it.
    #[arg(long)]
    pub quick: bool,
    /// Check outputs and profiles only; measure nothing under valgrind.
    #[arg(long = "no-valgrind")]
    pub no_valgrind: bool,
    /// Skip the -fprofile-use columns even when nissecc supports them.
    #[arg(long = "no-pgo")]
    pub no_pgo: bool,
    /// Kernels benchmarked at once; in the programs tier, compile commands
    /// and callgrind runs at once (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Where summary.md, the CSV files and the SVG plots go (and the
    /// programs tier's programs.md and programs.csv).
    #[arg(long, value_name = "DIR", default_value = "bench-results")]
    pub out: PathBuf,
    /// The kernel directory with manifest.tsv (default: jotai-subset of
    /// the current directory, else of the source tree nissecc-bench was
    /// built from).
    #[arg(long, value_name = "DIR")]
    pub kernels: Option<PathBuf>,
    /// Also print each kernel's dynamic-instruction ratios.
    #[arg(long = "per-kernel")]
    pub per_kernel: bool,
    /// Wall-time runs per build and input for the PGO columns (median
    /// kept); in the programs tier, paired samples per build.
    #[arg(long = "timing-runs", default_value_t = 5)]
    pub timing_runs: usize,
}

/// The programs that `--quick` leaves out unless `--programs` names them:
/// SQLite, whose amalgamation is one 9 MB unit. Its ten gcc and clang
/// builds (plain, instrumented and optimized, 20 to 35 s of CPU each)
/// would take the quick tier from two minutes to six on 2 cores; its
/// nissecc builds and their profiles are checked by
/// `tests/real_programs.rs`.
pub const NOT_QUICK: [ProgramId; 1] = [ProgramId::Sqlite];

impl Options {
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())).max(1)
    }

    pub fn kernels_dir(&self) -> PathBuf {
        if let Some(dir) = &self.kernels {
            return dir.clone();
        }
        let local = PathBuf::from("jotai-subset");
        if local.join("manifest.tsv").exists() {
            local
        } else {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("jotai-subset")
        }
    }

    pub fn out_dir(&self) -> PathBuf {
        self.out.clone()
    }

    /// The programs of the programs tier: those `--programs` names, or all
    /// of them (with `--quick`, all but [`NOT_QUICK`]). An error for an
    /// unknown name, or for `--programs` without the programs tier.
    pub fn program_ids(&self) -> Result<Vec<ProgramId>, String> {
        let Some(list) = &self.programs else {
            return Ok(ProgramId::ALL.into_iter().filter(|id| !(self.quick && NOT_QUICK.contains(id))).collect());
        };
        if self.tier == Tier::Kernels {
            return Err("--programs selects programs of the programs tier: add --tier programs".into());
        }
        let ids = list
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| ProgramId::from_name(name).ok_or_else(|| format!("unknown program {name} (expected bzip2, zlib, lua or sqlite)")))
            .collect::<Result<Vec<_>, _>>()?;
        if ids.is_empty() {
            return Err("--programs names no program".into());
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_leaves_sqlite_out_unless_it_is_named() {
        let ids = |quick: bool, programs: Option<&str>| {
            let options = Options { tier: Tier::Programs, quick, programs: programs.map(str::to_string), ..Options::default() };
            options.program_ids().unwrap()
        };
        assert_eq!(ids(false, None), ProgramId::ALL);
        assert_eq!(ids(true, None), [ProgramId::Bzip2, ProgramId::Zlib, ProgramId::Lua]);
        assert_eq!(ids(true, Some("sqlite,zlib")), [ProgramId::Sqlite, ProgramId::Zlib]);
    }
}
