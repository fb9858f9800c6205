//! The command line of `nissecc-bench`.

use clap::Parser;
use std::path::PathBuf;

/// Benchmarks nissecc's profiling strategies on the jotai-subset kernels:
/// checks every output against gcc -O1 and every profile against the naive
/// one, measures instructions under valgrind, and prints a table in the
/// layout of Figure 13 of Frenot & Pereira (CC'24).
#[derive(Parser, Debug, Default)]
#[command(name = "nissecc-bench", version, about)]
pub struct Options {
    /// Only kernels whose name contains this text or that carry it as a tag.
    #[arg(long)]
    pub filter: Option<String>,
    /// A fixed sample for CI: about 15 short kernels, their first and last inputs.
    #[arg(long)]
    pub quick: bool,
    /// Check outputs and profiles only; measure nothing under valgrind.
    #[arg(long = "no-valgrind")]
    pub no_valgrind: bool,
    /// Skip the -fprofile-use columns even when nissecc supports them.
    #[arg(long = "no-pgo")]
    pub no_pgo: bool,
    /// Kernels benchmarked at once (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Where summary.md, the CSV files and the SVG plots go.
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
    /// Wall-time runs per build and input for the PGO columns (median kept).
    #[arg(long = "timing-runs", default_value_t = 5)]
    pub timing_runs: usize,
}

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
}
