//! `nissecc-profdata`: merges profiles, shows their block and edge
//! counts (issue 3) and paths, derives edge profiles from path profiles
//! (issue 5), and measures how closely one profile matches another
//! (issue 17); regenerates traces, annotates source files with their line
//! counts and combines runs into statistics (issue 19). Argument parsing
//! only; the commands live in `nissecc::profdata`.

use clap::{Parser, Subcommand};
use nissecc::profdata::annotate::{annotate, AnnotateOptions};
use nissecc::profdata::combine::combine_files;
use nissecc::profdata::derive_edges::derive_edges;
use nissecc::profdata::infer::infer_file;
use nissecc::profdata::sample::{sample_file, SampleOptions};
use nissecc_midend::profile::infer::Objective;
use nissecc::profdata::merge::{merge_files, WeightedInput};
use nissecc::profdata::overlap::{overlap_files, OverlapOptions};
use nissecc::profdata::show::{show, ShowOptions, Shown};
use nissecc::profdata::trace::{trace_file, TraceOptions};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Merges and shows nissecc profiles (`.nprof` files).
#[derive(Parser, Debug)]
#[command(name = "nissecc-profdata", version, about)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Sums profiles into OUT, or with --combined keeps their statistics;
    /// the inputs are not modified.
    ///
    /// With --combined, OUT keeps per block, edge and path count the number
    /// of runs, the mean, the variance and a histogram (Preuss §3.5), and
    /// per edge the same of its share of its block: each input is one run
    /// or a combined profile, and combined profiles merge with each other
    /// and with runs in any order. `show` prints them as mean ± standard
    /// deviation with the histograms of the hottest counts (--json:
    /// everything); -fprofile-use takes their means.
    Merge {
        /// The merged profile, replaced atomically.
        #[arg(short = 'o', value_name = "OUT")]
        output: PathBuf,
        /// Profiles to add with weight 1.
        #[arg(value_name = "IN")]
        inputs: Vec<PathBuf>,
        /// A profile to add with a weight: `W,FILE` (W a positive integer).
        #[arg(long = "weight", value_name = "W,FILE", value_parser = WeightedInput::parse, conflicts_with = "combined")]
        weighted: Vec<WeightedInput>,
        /// Write a combined profile (statistics over the runs) instead of
        /// the sum.
        #[arg(long)]
        combined: bool,
        /// The histogram bin count of a combined profile, 1 to 255
        /// (default: that of the first combined input, else 15).
        #[arg(long, value_name = "N", requires = "combined", value_parser = clap::value_parser!(u8).range(1..))]
        bins: Option<u8>,
    },
    /// Prints the block and edge counts of every function (of a combined
    /// profile: their mean ± standard deviation, and histograms).
    Show {
        /// The profile to show.
        file: PathBuf,
        /// Only this function.
        #[arg(long, value_name = "NAME")]
        function: Option<String>,
        /// Only the N hottest functions (by their largest block count), or
        /// with --paths the N hottest paths.
        #[arg(long, value_name = "N")]
        topn: Option<usize>,
        /// List the executed paths of a path profile, hottest first, as
        /// block sequences with their counts and source lines (with --json,
        /// as JSON). Of a TPP profile (the default view for one), also the
        /// paths derived from its training edge profile, marked, and each
        /// function's cold share.
        #[arg(long, conflicts_with = "dot")]
        paths: bool,
        /// With a TPP profile: the Ball–Larus path profile (-fprofile-instr=path)
        /// of a run on the same input, against which the attribution of
        /// definite flow is reported per function and in total.
        #[arg(long, value_name = "PATH_PROFILE")]
        reference: Option<PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Write one Graphviz file per function into DIR.
        #[arg(long, value_name = "DIR")]
        dot: Option<PathBuf>,
    },
    /// Regenerates the execution that a tracing build (-fprofile-instr=trace
    /// or trace-naive) recorded in FILE (the .ntrace file written next to
    /// its profile; Ball & Larus, TOPLAS 1994, §4): every block executed,
    /// per thread, indented by call depth, with its source line.
    Trace {
        /// The trace file.
        file: PathBuf,
        /// Only the blocks of this function.
        #[arg(long)]
        function: Option<String>,
        /// At most N blocks.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Print the edge profile that the trace implies, in the JSON shape
        /// of `show --json`, instead of the trace.
        #[arg(long)]
        edge_profile: bool,
    },
    /// Prints source files with the execution count of every line, as gcov
    /// does, or writes them as an HTML report.
    ///
    /// Each source file is printed in gcov's layout (`count:line:text`; `-`
    /// for a line without code,
    /// `#####` for a line never run, `*` after the count of a line with a
    /// block that never ran), gcov's `-b` summary before each function,
    /// the taken percentage of each branch after its line (`branch 0
    /// taken 60%`) and, for a path profile, the hottest paths of each
    /// function as sequences of lines. Counts are those of a program built
    /// with -fprofile-instr (at -O0 lines map exactly; optimizations merge
    /// and move code, as they do for gcov).
    Annotate {
        /// The profile.
        profile: PathBuf,
        /// The source files to annotate, matched to the files the compiler
        /// was given (the same file, or one path ending the other).
        #[arg(value_name = "SOURCE", required = true)]
        sources: Vec<PathBuf>,
        /// The hottest paths listed per function of a path profile.
        #[arg(long, value_name = "N", default_value_t = 5)]
        paths: usize,
        /// Write a static HTML report into DIR instead: index.html (files
        /// and functions by count) and a page per file (shaded lines,
        /// branch percentages, each function's CFG as SVG with its counts).
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
    },
    /// Prints the edge profile that a path profile implies, in the JSON
    /// shape of `show --json` of an edge profile (the path-profile
    /// verifier).
    DeriveEdges {
        /// The path profile.
        file: PathBuf,
    },
    /// Measures how closely profile B matches profile A (the reference):
    /// vertex overlap, edge overlap and coverage (He et al., "Profile
    /// Inference Revisited", POPL 2022, §5.3), per function, hottest in A
    /// first, and in total: the mean of the per-function measures weighted
    /// by each function's total block count in A. Functions only in one
    /// profile, or whose CFG differs, are listed and not compared.
    Overlap {
        /// The reference profile (the ground truth).
        a: PathBuf,
        /// The profile under test.
        b: PathBuf,
        /// Only this function.
        #[arg(long, value_name = "NAME")]
        function: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Draws a sample profile from an exact one (simulated sampling, for
    /// inference experiments): each block's samples are binomial with the
    /// given rate. Any profile command, and -fprofile-use, infers counts
    /// from a sample profile.
    Sample {
        /// The exact profile.
        input: PathBuf,
        /// The sample profile, replaced atomically.
        #[arg(short = 'o', value_name = "OUT")]
        output: PathBuf,
        /// The probability that one execution of a block is sampled.
        #[arg(long, default_value_t = 0.01)]
        rate: f64,
        /// The random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Sample edges too, as branch-record samplers do.
        #[arg(long)]
        edges: bool,
        /// Hide this percentage of block weights (their blocks dangle).
        #[arg(long, value_name = "PCT", default_value_t = 0.0)]
        drop_blocks: f64,
        /// Hide this percentage of edge weights (with --edges).
        #[arg(long, value_name = "PCT", default_value_t = 0.0)]
        drop_edges: f64,
    },
    /// Infers consistent counts from a sample profile (He et al., "Profile
    /// Inference Revisited", POPL 2022) and writes them as a profile that
    /// reads like a measured one.
    Infer {
        /// The sample profile.
        input: PathBuf,
        /// The inferred profile, replaced atomically.
        #[arg(short = 'o', value_name = "OUT")]
        output: PathBuf,
        /// profi (the paper's algorithm) or mcf (classic min-cost flow,
        /// without even splitting, island joining or rebalancing).
        #[arg(long, default_value = "profi", value_parser = parse_objective)]
        objective: Objective,
    },
}

fn parse_objective(name: &str) -> Result<Objective, String> {
    Objective::from_name(name).ok_or_else(|| format!("unknown objective `{name}` (expected profi or mcf)"))
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("nissecc-profdata: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    match args.command {
        Command::Merge { output, inputs, combined: true, bins, .. } => {
            if inputs.is_empty() {
                return Err("merge: no input profiles".to_string());
            }
            combine_files(&inputs, &output, bins.map(usize::from))?;
            Ok(())
        }
        Command::Merge { output, inputs, weighted, .. } => {
            let mut all: Vec<WeightedInput> = inputs.into_iter().map(|path| WeightedInput { path, weight: 1 }).collect();
            all.extend(weighted);
            if all.is_empty() {
                return Err("merge: no input profiles".to_string());
            }
            merge_files(&all, &output)?;
            Ok(())
        }
        Command::Show { file, function, topn, paths, json, dot, reference } => {
            print(show(&file, &ShowOptions { function, topn, paths, json, dot, reference })?);
            Ok(())
        }
        Command::Overlap { a, b, function, json } => {
            print(overlap_files(&a, &b, &OverlapOptions { function, json })?);
            Ok(())
        }
        Command::Sample { input, output, rate, seed, edges, drop_blocks, drop_edges } => {
            sample_file(&input, &output, &SampleOptions { rate, seed, edges, drop_blocks, drop_edges })?;
            Ok(())
        }
        Command::Infer { input, output, objective } => {
            infer_file(&input, &output, objective)?;
            Ok(())
        }
        Command::Trace { file, function, limit, json, edge_profile } => {
            let _ = std::io::stdout().write_all(trace_file(&file, &TraceOptions { function, limit, json, edge_profile })?.as_bytes());
            Ok(())
        }
        Command::Annotate { profile, sources, paths, html } => {
            print(annotate(&profile, &sources, &AnnotateOptions { paths, html })?);
            Ok(())
        }
        Command::DeriveEdges { file } => {
            let _ = std::io::stdout().write_all(derive_edges(&file)?.as_bytes());
            Ok(())
        }
    }
}

/// Prints a listing's warnings on stderr and its text on stdout.
fn print(shown: Shown) {
    for warning in &shown.warnings {
        eprintln!("nissecc-profdata: warning: {warning}");
    }
    // A closed pipe (as with `| head`) is not an error worth reporting.
    let _ = std::io::stdout().write_all(shown.text.as_bytes());
}
