//! `nissecc-fuzz --target frontend|ir|profile|semantic --seconds N`: the
//! in-tree mutation fuzzer (see `nissecc::fuzz`). Seeds come from the
//! checkout: the `tests/c` programs (preprocessed once, system headers
//! included; as they are for `semantic`), the IR filetests, and profiles
//! that the nissecc next to this binary writes for a test program under
//! every strategy. Each failing mutant is saved to `--out`, with a note of
//! its seed and what failed beside it (`NAME.txt`), and named on stderr;
//! the exit status is 1 if any was found.

use clap::Parser;
use nissecc::fuzz::semantic::Semantic;
use nissecc::fuzz::{self, semantic_mutation, Rng, Verdict};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(name = "nissecc-fuzz", about = "Mutation fuzzing of nissecc's frontend, IR reader and profile reader, and of its semantics against gcc")]
struct Options {
    /// What to fuzz: frontend, ir, profile or semantic.
    #[arg(long)]
    target: String,
    /// How long to run.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop after this many inputs, if `--seconds` has not run out first:
    /// the mutants of a seed come in a fixed order, so a run capped at N
    /// checks no mutant past the first N, however fast the machine.
    #[arg(long)]
    max_inputs: Option<u64>,
    /// The checkout whose tests give the seeds.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Where failing mutants are saved.
    #[arg(long, default_value = "target/fuzz-failures")]
    out: PathBuf,
    /// Run the target once on these inputs (saved failures) and print
    /// what it made of each, instead of fuzzing.
    #[arg(long, num_args = 1..)]
    replay: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let options = Options::parse();
    match run(&options) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(message) => {
            eprintln!("nissecc-fuzz: error: {message}");
            ExitCode::from(2)
        }
    }
}

/// A seed input and where it came from.
struct Seed {
    name: String,
    bytes: Vec<u8>,
}

/// What checks one input.
type Check = Box<dyn Fn(&[u8]) -> Verdict>;

/// What a target is made of: where its seeds come from, how they are
/// mutated, what checks a mutant, and the extension its saved inputs get.
struct Target {
    seeds: fn(&Path) -> Result<Vec<Seed>, String>,
    mutate: fn(&[u8], &mut Rng) -> Vec<u8>,
    check: Check,
    extension: &'static str,
}

fn target(name: &str) -> Result<Target, String> {
    let target = |seeds, check: fn(&[u8]) -> Verdict| Target { seeds, mutate: fuzz::mutate, check: Box::new(check), extension: "" };
    Ok(match name {
        "frontend" => target(c_seeds, fuzz::frontend),
        "ir" => target(ir_seeds, fuzz::ir),
        "profile" => target(profile_seeds, fuzz::profile),
        "semantic" => {
            let semantic = Semantic::new(sibling_nissecc()?)?;
            Target { seeds: c_sources, mutate: semantic_mutation::mutate, check: Box::new(move |input| semantic.check(input)), extension: ".c" }
        }
        other => return Err(format!("unknown target `{other}` (frontend, ir, profile or semantic)")),
    })
}

/// How many inputs ended how.
#[derive(Default)]
struct Tally {
    runs: u64,
    handled: u64,
    failures: usize,
    filtered: BTreeMap<&'static str, u64>,
    skipped: BTreeMap<&'static str, u64>,
}

impl Tally {
    fn add(&mut self, verdict: &Verdict) {
        self.runs += 1;
        match verdict {
            Verdict::Handled => self.handled += 1,
            Verdict::Filtered(why) => *self.filtered.entry(why).or_default() += 1,
            Verdict::Skipped(why) => *self.skipped.entry(why).or_default() += 1,
            Verdict::Failure(_) => self.failures += 1,
        }
    }

    /// The counts of filtered, skipped and passed inputs, by reason, when
    /// the target filters or skips any (`semantic`); empty otherwise.
    fn breakdown(&self) -> String {
        if self.filtered.is_empty() && self.skipped.is_empty() {
            return String::new();
        }
        let counts = |reasons: &BTreeMap<&str, u64>| {
            let total: u64 = reasons.values().sum();
            let list: Vec<String> = reasons.iter().map(|(why, n)| format!("{why} {n}")).collect();
            if list.is_empty() {
                total.to_string()
            } else {
                format!("{total} ({})", list.join(", "))
            }
        };
        format!("; {} UB-filtered, {} skipped, {} passed", counts(&self.filtered), counts(&self.skipped), self.handled)
    }
}

/// Fuzzes for the time asked; returns how many failures it found.
fn run(options: &Options) -> Result<usize, String> {
    let target = target(&options.target)?;
    if !options.replay.is_empty() {
        let mut failures = 0;
        for path in &options.replay {
            let input = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            match (target.check)(&input) {
                Verdict::Handled => println!("{}: handled", path.display()),
                Verdict::Filtered(why) => println!("{}: filtered: {why}", path.display()),
                Verdict::Skipped(why) => println!("{}: skipped: {why}", path.display()),
                Verdict::Failure(reason) => {
                    failures += 1;
                    println!("{}: failure: {reason}", path.display());
                }
            }
        }
        return Ok(failures);
    }
    let seeds = (target.seeds)(&options.root)?;
    if seeds.is_empty() {
        return Err("no seed inputs found (run from the checkout, or pass --root)".into());
    }
    // Panics are caught and reported with their input (the default hook
    // also prints each where it happens).
    let mut rng = Rng::new(options.seed);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(options.seconds);
    let mut tally = Tally::default();
    while Instant::now() < deadline && options.max_inputs.is_none_or(|cap| tally.runs < cap) {
        let seed = &seeds[rng.below(seeds.len())];
        let mutant = (target.mutate)(&seed.bytes, &mut rng);
        let verdict = (target.check)(&mutant);
        tally.add(&verdict);
        if let Verdict::Failure(reason) = verdict {
            let name = format!("{}-{}-{}", options.target, options.seed, tally.runs);
            let path = options.out.join(format!("{name}{}", target.extension));
            let note = format!("target {}, --seed {}, input {}, a mutant of {}\n{reason}\n", options.target, options.seed, tally.runs, seed.name);
            let write = |path: &Path, bytes: &[u8]| std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()));
            std::fs::create_dir_all(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
            write(&path, &mutant)?;
            write(&options.out.join(format!("{name}.txt")), note.as_bytes())?;
            eprintln!("nissecc-fuzz: failure {} ({}): {}", tally.failures, path.display(), reason.lines().next().unwrap_or(""));
        }
    }
    println!(
        "nissecc-fuzz: {}: {} inputs from {} seeds in {} s, {} failures{}",
        options.target,
        tally.runs,
        seeds.len(),
        started.elapsed().as_secs().min(options.seconds),
        tally.failures,
        tally.breakdown()
    );
    Ok(tally.failures)
}

/// The nissecc next to this binary.
fn sibling_nissecc() -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    Ok(me.with_file_name("nissecc"))
}

/// The `.c` files directly in `dir`, sorted.
fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "c")).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// The `tests/c` programs, preprocessed.
fn c_seeds(root: &Path) -> Result<Vec<Seed>, String> {
    let options = nissecc_frontend::PreprocessOptions::default();
    let mut seeds = Vec::new();
    for file in c_files(&root.join("tests/c")) {
        if let Ok(preprocessed) = nissecc_frontend::preprocess::preprocess(&file, &options) {
            seeds.push(Seed { name: file.display().to_string(), bytes: preprocessed.text.into_bytes() });
        }
    }
    Ok(seeds)
}

/// The single-file `tests/c` programs as they are (not the `errors`
/// fixtures, nor the programs in directories).
fn c_sources(root: &Path) -> Result<Vec<Seed>, String> {
    c_files(&root.join("tests/c"))
        .into_iter()
        .map(|file| {
            let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            Ok(Seed { name: file.display().to_string(), bytes })
        })
        .collect()
}

/// The IR filetests, without their `test` line.
fn ir_seeds(root: &Path) -> Result<Vec<Seed>, String> {
    let mut seeds = Vec::new();
    let mut dirs = vec![root.join("midend/filetests")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "nir") {
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let body: String = text.lines().filter(|l| !l.starts_with("test ")).map(|l| format!("{l}\n")).collect();
                seeds.push(Seed { name: path.display().to_string(), bytes: body.into_bytes() });
            }
        }
    }
    Ok(seeds)
}

/// Profiles of `tests/c/exit_in_loop.c` and `tests/c/longjmp/setjmp_shapes.c`
/// under every strategy, written by the nissecc next to this binary.
fn profile_seeds(root: &Path) -> Result<Vec<Seed>, String> {
    let nissecc = sibling_nissecc()?;
    let scratch = std::env::temp_dir().join(format!("nissecc-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let mut seeds = Vec::new();
    for program in ["tests/c/exit_in_loop.c", "tests/c/longjmp/setjmp_shapes.c"] {
        for strategy in ["naive", "ks", "sese", "path"] {
            let exe = scratch.join(format!("seed-{strategy}"));
            let profile = scratch.join(format!("seed-{strategy}.nprof"));
            let built = Command::new(&nissecc).arg("-O2").arg(format!("-fprofile-instr={strategy}")).arg(root.join(program)).arg("-o").arg(&exe).output();
            if !built.is_ok_and(|o| o.status.success()) {
                return Err(format!("{} could not build the seed program {program}", nissecc.display()));
            }
            let _ = Command::new(&exe).env("NISSE_PROFILE_FILE", &profile).output();
            if let Ok(bytes) = std::fs::read(&profile) {
                seeds.push(Seed { name: format!("the {strategy} profile of {program}"), bytes });
            }
            // The same run as a combined profile (format version 3).
            let combined = scratch.join(format!("seed-{strategy}.combined.nprof"));
            if let Ok(statistics) = nissecc::profdata::combine::combine_files(&[profile.clone(), profile.clone()], &combined, Some(4)) {
                let bytes = nissecc_profile_format::write_combined(&statistics);
                seeds.push(Seed { name: format!("the combined {strategy} profile of {program}"), bytes });
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(seeds)
}
