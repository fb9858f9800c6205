//! `nissecc-fuzz --target frontend|ir|profile --seconds N`: the in-tree
//! mutation fuzzer (see `nissecc::fuzz`). Seeds come from the checkout:
//! the `tests/c` programs (preprocessed once, system headers included),
//! the IR filetests, and profiles that the nissecc next to this binary
//! writes for a test program under every strategy. Each failing mutant is
//! saved to `--out` and named on stderr; the exit status is 1 if any was
//! found.

use clap::Parser;
use nissecc::fuzz::{self, Rng, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(name = "nissecc-fuzz", about = "Mutation fuzzing of nissecc's frontend, IR reader and profile reader")]
struct Options {
    /// What to fuzz: frontend, ir or profile.
    #[arg(long)]
    target: String,
    /// How long to run.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
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

/// Fuzzes for the time asked; returns how many failures it found.
fn run(options: &Options) -> Result<usize, String> {
    type Seeds = fn(&Path) -> Result<Vec<Vec<u8>>, String>;
    let (seeds, target): (Seeds, fn(&[u8]) -> Verdict) = match options.target.as_str() {
        "frontend" => (c_seeds, fuzz::frontend),
        "ir" => (ir_seeds, fuzz::ir),
        "profile" => (profile_seeds, fuzz::profile),
        other => return Err(format!("unknown target `{other}` (frontend, ir or profile)")),
    };
    if !options.replay.is_empty() {
        let mut failures = 0;
        for path in &options.replay {
            let input = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            match target(&input) {
                Verdict::Handled => println!("{}: handled", path.display()),
                Verdict::Failure(reason) => {
                    failures += 1;
                    println!("{}: failure: {reason}", path.display());
                }
            }
        }
        return Ok(failures);
    }
    let seeds = seeds(&options.root)?;
    if seeds.is_empty() {
        return Err("no seed inputs found (run from the checkout, or pass --root)".into());
    }
    // Panics are caught and reported with their input (the default hook
    // also prints each where it happens).
    let mut rng = Rng::new(options.seed);
    let deadline = Instant::now() + Duration::from_secs(options.seconds);
    let (mut runs, mut failures) = (0u64, 0usize);
    while Instant::now() < deadline {
        let seed = &seeds[rng.below(seeds.len())];
        let mutant = fuzz::mutate(seed, &mut rng);
        runs += 1;
        if let Verdict::Failure(reason) = target(&mutant) {
            failures += 1;
            std::fs::create_dir_all(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
            let path = options.out.join(format!("{}-{}-{runs}", options.target, options.seed));
            std::fs::write(&path, &mutant).map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!("nissecc-fuzz: failure {failures} ({}): {}", path.display(), reason.lines().next().unwrap_or(""));
        }
    }
    println!("nissecc-fuzz: {}: {runs} inputs from {} seeds in {} s, {failures} failures", options.target, seeds.len(), options.seconds);
    Ok(failures)
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
fn c_seeds(root: &Path) -> Result<Vec<Vec<u8>>, String> {
    let options = nissecc_frontend::PreprocessOptions::default();
    let mut seeds = Vec::new();
    for file in c_files(&root.join("tests/c")) {
        if let Ok(preprocessed) = nissecc_frontend::preprocess::preprocess(&file, &options) {
            seeds.push(preprocessed.text.into_bytes());
        }
    }
    Ok(seeds)
}

/// The IR filetests, without their `test` line.
fn ir_seeds(root: &Path) -> Result<Vec<Vec<u8>>, String> {
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
                seeds.push(body.into_bytes());
            }
        }
    }
    Ok(seeds)
}

/// Profiles of `tests/c/exit_in_loop.c` and `tests/c/longjmp/setjmp_shapes.c`
/// under every strategy, written by the nissecc next to this binary.
fn profile_seeds(root: &Path) -> Result<Vec<Vec<u8>>, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let nissecc = me.with_file_name("nissecc");
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
                seeds.push(bytes);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(seeds)
}
