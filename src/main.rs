//! `nissecc`: the compiler driver. It parses gcc-like flags and calls the
//! frontend, the midend pipeline and the backend; nothing else lives here.

use clap::Parser;
use nissecc::gcc_flags::GccFlags;
use nissecc_backend::{BackendOptions, OptLevel as BackendOpt};
use nissecc_midend::instrument::{tpp, InstrumentOptions, InstrumentReport, ProfileUpdate, ValueProfiling};
use nissecc_midend::pgo::PgoOptions;
use nissecc_midend::pipeline::{self, OptLevel};
use nissecc_midend::profile::Strategy;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Emit {
    /// The midend IR after the pipeline.
    Ir,
    /// Cranelift IR.
    Clif,
    /// An object file (as `-c`).
    Obj,
    /// A machine-code listing (as `-S`).
    Asm,
}

/// How `--stats` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum StatsFormat {
    /// A table for people.
    Text,
    /// One line of JSON: the serialized `InstrumentReport` plus its total.
    Json,
}

/// An ahead-of-time compiler for a C subset, built for profile-guided
/// optimization research.
#[derive(Parser, Debug)]
// As in gcc, a flag given twice (`-w … -w`, `-c -c`) is the flag given
// once, or its last value.
#[command(name = "nissecc", version, about, after_help = PROFILING_HELP, args_override_self = true)]
struct Args {
    /// Compile and assemble, but do not link.
    #[arg(short = 'c')]
    compile_only: bool,
    /// Write a machine-code listing instead of an object.
    #[arg(short = 'S')]
    assembly: bool,
    /// Output file.
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Optimization level: 0, 1 or 2 (`-O` alone means 1).
    #[arg(short = 'O', value_name = "LEVEL", num_args = 0..=1, default_missing_value = "1", default_value = "0")]
    opt: String,
    /// Add a directory to the include search path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<String>,
    /// Define a preprocessor macro (`NAME` or `NAME=VALUE`).
    #[arg(short = 'D', value_name = "NAME[=V]")]
    define: Vec<String>,
    /// Undefine a preprocessor macro.
    #[arg(short = 'U', value_name = "NAME")]
    undefine: Vec<String>,
    /// Suppress warnings.
    #[arg(short = 'w')]
    no_warnings: bool,
    /// Link against a library (passed to the linker).
    #[arg(short = 'l', value_name = "LIB")]
    libs: Vec<String>,
    /// Add a library search directory (passed to the linker).
    #[arg(short = 'L', value_name = "DIR")]
    lib_dirs: Vec<String>,
    /// Skip the IR verifier that runs after every midend pass.
    #[arg(long = "no-verify-ir")]
    no_verify_ir: bool,
    /// Print per-function instrumentation statistics to stderr, as a table
    /// (`--stats`) or as one line of JSON (`--stats=json`).
    #[arg(long, value_enum, value_name = "FORMAT", num_args = 0..=1, require_equals = true, default_missing_value = "text")]
    stats: Option<StatsFormat>,
    /// Print the names of the profiling strategies, one per line, and exit.
    #[arg(long = "print-profile-strategies")]
    print_profile_strategies: bool,
    /// What to emit instead of an executable.
    #[arg(long, value_enum)]
    emit: Option<Emit>,
    /// Input files: C sources, and objects or archives to link.
    #[arg(required_unless_present = "print_profile_strategies")]
    inputs: Vec<PathBuf>,
}

/// The profiling flags, which `ProfileFlags::extract` parses before clap.
const PROFILING_HELP: &str = "Profiling:
  -fprofile-instr[=naive|ks|sese|path|vertex|trace|trace-naive|tpp]
                                 Instrument and link the profiling runtime; NISSE_PROFILE_FILE names
                                 the profile. Exact edge profiles: sese (the default) counts on the
                                 chords of a maximum spanning tree, with loop variables replacing the
                                 counters they can; ks the same without loop variables; naive a
                                 counter on every edge. path: Ball-Larus path profiles. vertex: exact
                                 block counts only, with fewer counters than ks where pipeless
                                 cycles allow (--stats: ks-replaced). trace: a trace from which
                                 nissecc-profdata trace regenerates every block executed, written
                                 next to the profile (.ntrace); trace-naive: the same with a
                                 witness on every edge out of a branch. tpp: targeted path profiles,
                                 the Ball-Larus paths of the hot part of an edge profile given with
                                 -fprofile-instr-weights (cold paths in one count; paths obvious
                                 from the edge profile are derived, not counted)
  -fprofile-sample               Link the profiling runtime, which samples the program counter on a
                                 CPU-time timer (NISSE_SAMPLE_HZ per second, default 1000; 0 is off)
                                 and writes per-block sample counts to NISSE_PROFILE_FILE; no code
                                 is instrumented. show and -fprofile-use infer counts from them
  -fprofile-instr-weights=FILE   Weight the spanning tree with the counts of an earlier profile
  -fprofile-update=single|atomic|prefer-atomic
                                 How counters are updated: single (plain adds, exact in one thread;
                                 the default) or atomic (exact with threads; prefer-atomic is the
                                 same on x86-64, and the default with -pthread, as in gcc)
  -fprofile-counter-promotion    Keep the edge counters of a loop in registers while it runs and add
  -fno-profile-counter-promotion them up at its exits (default: with -fprofile-update=atomic; never
                                 at -O0, whose locals stay in memory)
  -fprofile-values[=slots|naive] With -fprofile-instr, also profile the divisors of divisions and
                                 remainders and the operands of switches: each site counts the
                                 first 8 distinct values it sees exactly (slots, the default), or
                                 every value in a hash table (naive, the reference); -fprofile-use
                                 divides by a dominant divisor as a constant and peels a dominant
                                 switch value
  -fpath-array-threshold=N       With -fprofile-instr=path, count the paths of functions with at
                                 most N potential paths in an array, the others in the runtime's
                                 hash table (default 4096)
  -ftpp-cold=PCT                 With -fprofile-instr=tpp, an edge is cold when it ran less than PCT
                                 percent of its source's runs (default 5)
  -ftpp-loop-disconnect=N        With -fprofile-instr=tpp, cut loops out of their function's paths
                                 when they average at least N iterations per entry (default 6.67)
  -fprofile-use=FILE             Optimize with the counts of a profile (built at the -O level the
                                 instrumented build used); functions it lacks are not optimized,
                                 stale ones (changed since profiling) get a warning; a combined
                                 profile (nissecc-profdata merge --combined) gives its means
  -fprofile-use-transforms=LIST  The profile-guided transforms to run, comma-separated: inline,
                                 peel, unroll, switch, tail, orient, reload, cold, order, stable,
                                 all, default (inline, peel, unroll, switch, orient, reload) or none
                                 (annotation only); -NAME turns one off (default,-inline); stable
                                 keeps orientation off branches whose bias a combined profile
                                 finds unstable across its runs
  -Werror=profile-mismatch       Make the stale-profile warning an error
  --stats[=text|json]            Print per-function instrumentation statistics to stderr, or with
                                 -fprofile-use what each profile-guided transform did
  --print-profile-strategies     Print the available strategies, one per line";

/// The flag that turns stale-profile warnings into errors.
const WERROR_PROFILE_MISMATCH: &str = "-Werror=profile-mismatch";

/// The profiling flags, which clap cannot parse as gcc spells them:
/// `-fprofile-instr[=naive|ks|sese|path|vertex|trace|trace-naive|tpp]`, `-fprofile-sample`, `-fprofile-instr-weights=FILE`,
/// `-fpath-array-threshold=N`, `-ftpp-cold=PCT`, `-ftpp-loop-disconnect=N`, `-fprofile-update=MODE`, `-fprofile-use=FILE`,
/// `-fprofile-use-transforms=LIST` and `-Werror=profile-mismatch`; and
/// `-pthread`, which changes the default of `-fprofile-update`.
#[derive(Debug, Default)]
struct ProfileFlags {
    /// `Strategy::Sample` for `-fprofile-sample`, which records the blocks
    /// that samples land in instead of counting.
    strategy: Option<Strategy>,
    weights: Option<PathBuf>,
    path_array_threshold: Option<u64>,
    tpp_cold_percent: Option<f64>,
    tpp_loop_disconnect: Option<f64>,
    use_profile: Option<PathBuf>,
    transforms: PgoOptions,
    mismatch_is_error: bool,
    update: Option<ProfileUpdate>,
    pthread: bool,
    counter_promotion: Option<bool>,
    values: Option<ValueProfiling>,
}

impl ProfileFlags {
    /// How counters are updated: as `-fprofile-update` says, by default
    /// atomically with `-pthread` (gcc's rule) and plainly otherwise.
    fn update(&self) -> ProfileUpdate {
        self.update.unwrap_or(if self.pthread { ProfileUpdate::Atomic } else { ProfileUpdate::Single })
    }

    /// Takes the profiling flags out of `argv`.
    fn extract(argv: &mut Vec<String>) -> Result<ProfileFlags, String> {
        let mut flags = ProfileFlags::default();
        let mut error = None;
        let mut sample = false;
        argv.retain(|arg| {
            if let Some(file) = arg.strip_prefix("-fprofile-instr-weights=") {
                flags.weights = Some(PathBuf::from(file));
            } else if let Some(n) = arg.strip_prefix("-fpath-array-threshold=") {
                match n.parse::<u64>() {
                    Ok(n) => flags.path_array_threshold = Some(n),
                    Err(_) => error = Some(format!("nissecc: error: -fpath-array-threshold needs a number of paths, not '{n}'")),
                }
            } else if let Some(pct) = arg.strip_prefix("-ftpp-cold=") {
                match pct.parse::<f64>() {
                    Ok(p) if (0.0..=100.0).contains(&p) => flags.tpp_cold_percent = Some(p),
                    _ => error = Some(format!("nissecc: error: -ftpp-cold needs a percentage from 0 to 100, not '{pct}'")),
                }
            } else if let Some(n) = arg.strip_prefix("-ftpp-loop-disconnect=") {
                match n.parse::<f64>() {
                    Ok(n) if n.is_finite() && n >= 0.0 => flags.tpp_loop_disconnect = Some(n),
                    _ => error = Some(format!("nissecc: error: -ftpp-loop-disconnect needs a non-negative trip count, not '{n}'")),
                }
            } else if let Some(file) = arg.strip_prefix("-fprofile-use=") {
                flags.use_profile = Some(PathBuf::from(file));
            } else if let Some(list) = arg.strip_prefix("-fprofile-use-transforms=") {
                match PgoOptions::parse(list) {
                    Ok(options) => flags.transforms = options,
                    Err(e) => error = Some(format!("nissecc: error: {e}")),
                }
            } else if let Some(mode) = arg.strip_prefix("-fprofile-update=") {
                match mode {
                    "single" => flags.update = Some(ProfileUpdate::Single),
                    // x86-64 has an atomic add for every counter, so
                    // preferring atomic updates always gets them.
                    "atomic" | "prefer-atomic" => flags.update = Some(ProfileUpdate::Atomic),
                    _ => error = Some(format!("nissecc: error: unknown -fprofile-update mode '{mode}' (expected single, atomic or prefer-atomic)")),
                }
            } else if arg == "-fprofile-counter-promotion" || arg == "-fno-profile-counter-promotion" {
                flags.counter_promotion = Some(arg == "-fprofile-counter-promotion");
            } else if arg == "-fprofile-values" || arg == "-fprofile-values=slots" {
                flags.values = Some(ValueProfiling::Slots);
            } else if arg == "-fprofile-values=naive" {
                flags.values = Some(ValueProfiling::Hashed);
            } else if let Some(mode) = arg.strip_prefix("-fprofile-values=") {
                error = Some(format!("nissecc: error: unknown -fprofile-values mode '{mode}' (expected slots or naive)"));
            } else if arg == "-pthread" {
                flags.pthread = true;
            } else if arg == WERROR_PROFILE_MISMATCH {
                flags.mismatch_is_error = true;
            } else if arg == "-fprofile-sample" {
                sample = true;
            } else if arg == "-fprofile-instr" {
                flags.strategy = Some(Strategy::Sese);
            } else if let Some(name) = arg.strip_prefix("-fprofile-instr=") {
                match Strategy::from_name(name).filter(|s| Strategy::ALL.contains(s) || s.traces() || *s == Strategy::Tpp) {
                    Some(strategy) => flags.strategy = Some(strategy),
                    None => {
                        error = Some(format!("nissecc: error: unknown profiling strategy '{name}' (expected naive, ks, sese, path, vertex, trace, trace-naive or tpp)"))
                    }
                }
            } else {
                return true;
            }
            false
        });
        if sample {
            if flags.strategy.is_some() {
                error = error.or(Some("nissecc: error: -fprofile-sample and -fprofile-instr cannot be combined (a program is sampled or instrumented, not both)".into()));
            }
            flags.strategy = Some(Strategy::Sample);
        }
        match flags.strategy {
            Some(strategy) if flags.values.is_some() && (strategy.traces() || strategy == Strategy::Sample) => {
                error = error.or(Some(format!("nissecc: error: -fprofile-values needs a counting strategy, not {strategy}")));
            }
            None if flags.values.is_some() => error = error.or(Some("nissecc: error: -fprofile-values needs -fprofile-instr".into())),
            _ => {}
        }
        match error {
            Some(e) => Err(e),
            None => Ok(flags),
        }
    }
}

/// The stack of the thread that compiles. lang-c's parser and the lowering
/// recurse once per nesting level of the source; with this stack, programs
/// nested up to the frontend's bracket limit compile. Only the pages used
/// are ever touched.
const COMPILER_STACK_BYTES: usize = 4 << 30;

fn main() -> ExitCode {
    let compiler = std::thread::Builder::new().name("nissecc".into()).stack_size(COMPILER_STACK_BYTES).spawn(compiler_main);
    match compiler.map(|thread| thread.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => ExitCode::from(70),
        Err(e) => {
            eprintln!("nissecc: cannot start the compiler thread: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The command-line argument behind clap's "unexpected argument" error,
/// an option of gcc's that neither `gcc_flags` nor nissecc's own options
/// know (`-print-search-dirs`, `-nostdinc`…). clap names only the part it
/// could not match (`-p` of `-print-search-dirs`), so the argument is the
/// first one that begins with that part.
fn unknown_option(error: &clap::Error, argv: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(part)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    argv.iter().skip(1).find(|arg| arg.starts_with(part.as_str())).cloned()
}

fn compiler_main() -> ExitCode {
    let gcc = match nissecc::gcc_flags::sort_out(std::env::args()) {
        Ok(flags) => flags,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(1);
        }
    };
    // gcc's informational options, which configure scripts and CMake use
    // to probe the compiler.
    if gcc.dump_machine {
        println!("{}", target_triple());
        return ExitCode::SUCCESS;
    }
    if gcc.verbose {
        eprintln!("nissecc version {} (target: {})", env!("CARGO_PKG_VERSION"), target_triple());
        if gcc.args.len() == 1 {
            return ExitCode::SUCCESS;
        }
    }
    // `-std=` selects the language the preprocessor sees
    // (`__STDC_VERSION__`, feature macros); the last one wins, as in gcc.
    let standard = gcc.args.iter().filter_map(|a| a.strip_prefix("-std=").map(str::to_string)).last();
    let mut argv: Vec<String> = gcc.args.iter().filter(|a| !a.starts_with("-std=")).cloned().collect();
    let profiling = match ProfileFlags::extract(&mut argv) {
        Ok(flags) => flags,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(1);
        }
    };
    let mut args = match Args::try_parse_from(&argv) {
        Ok(args) => args,
        Err(error) => {
            if let Some(option) = unknown_option(&error, &argv) {
                eprintln!("nissecc: error: unsupported: the option '{option}'");
                return ExitCode::from(1);
            }
            error.exit()
        }
    };
    let stdin_dir = match read_standard_input(&mut args) {
        Ok(dir) => dir,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(1);
        }
    };
    if args.print_profile_strategies {
        for strategy in Strategy::ALL {
            println!("{strategy}");
        }
        return ExitCode::SUCCESS;
    }
    let result = run(&args, &profiling, &gcc, standard);
    if let Some(dir) = stdin_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            if !message.is_empty() {
                eprint!("{message}");
                if !message.ends_with('\n') {
                    eprintln!();
                }
            }
            ExitCode::from(1)
        }
    }
}

/// The input `-`, a C source on the standard input (`cc -E -x c -`, as
/// configure scripts and build systems probe the compiler), is read into
/// `stdin.c` in a temporary directory, which is returned for removal.
fn read_standard_input(args: &mut Args) -> Result<Option<PathBuf>, String> {
    let Some(position) = args.inputs.iter().position(|input| input.as_os_str() == "-") else { return Ok(None) };
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin(), &mut text).map_err(|e| format!("nissecc: error: cannot read the standard input: {e}"))?;
    let dir = tempdir()?;
    let path = dir.join("stdin.c");
    write_file(&path, &text)?;
    args.inputs[position] = path;
    Ok(Some(dir))
}

/// The target triple: that of `cc`, which links nissecc's objects, as
/// `-dumpmachine` prints it, or x86-64 Linux's when `cc` does not say.
fn target_triple() -> String {
    std::process::Command::new("cc")
        .arg("-dumpmachine")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|triple| !triple.is_empty())
        .unwrap_or_else(|| "x86_64-linux-gnu".to_string())
}

fn opt_level(text: &str) -> Result<OptLevel, String> {
    match text {
        "0" => Ok(OptLevel::O0),
        "1" => Ok(OptLevel::O1),
        "2" | "3" | "s" => Ok(OptLevel::O2),
        other => Err(format!("nissecc: error: invalid optimization level '-O{other}'")),
    }
}

/// Reads the profile named by `-fprofile-instr-weights`.
fn read_weight_profile(path: &Path) -> Result<nissecc_profile_format::Profile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("nissecc: error: cannot read weight profile '{}': {e}", path.display()))?;
    nissecc_profile_format::read(&bytes).map_err(|e| format!("nissecc: error: weight profile '{}': {e}", path.display()))
}

/// Reads the profile named by `-fprofile-use`; a damaged file is an
/// error. A combined profile (`nissecc-profdata merge --combined`) is
/// read too: its means are the counts.
fn read_use_profile(path: &Path) -> Result<nissecc_profile_format::AnyProfile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("nissecc: error: cannot read profile '{}': {e}", path.display()))?;
    nissecc_profile_format::read_any(&bytes).map_err(|e| format!("nissecc: error: profile '{}': {e}", path.display()))
}

/// Applies the `-fprofile-use` profile to the module compiled from
/// `input`, reporting stale functions as warnings, or as errors under
/// `-Werror=profile-mismatch`.
fn use_profile(
    module: &mut nissecc_midend::ir::Module,
    input: &Path,
    profile: &nissecc_profile_format::AnyProfile,
    profiling: &ProfileFlags,
    options: &pipeline::PipelineOptions,
    quiet: bool,
) -> Result<nissecc_midend::pgo::PgoReport, String> {
    let report = pipeline::apply_profile(module, profile.into(), &profiling.transforms, options)
        .map_err(|e| format!("{}: {e}", input.display()))?
        .map_err(|e| {
            let path = profiling.use_profile.as_deref().unwrap_or(Path::new("")).display().to_string();
            format!("nissecc: error: profile '{path}': {e}")
        })?;
    let stale = report.stale_warnings();
    if profiling.mismatch_is_error && !stale.is_empty() {
        let errors: Vec<String> = stale.iter().map(|w| format!("{}: error: {w} [{WERROR_PROFILE_MISMATCH}]", input.display())).collect();
        return Err(errors.join("\n"));
    }
    if !quiet {
        for warning in stale {
            eprintln!("{}: warning: {warning} [-Wprofile-mismatch]", input.display());
        }
    }
    Ok(report)
}

fn run(args: &Args, profiling: &ProfileFlags, gcc: &GccFlags, standard: Option<String>) -> Result<(), String> {
    let level = opt_level(&args.opt)?;
    let sampling = profiling.strategy == Some(Strategy::Sample);
    if profiling.use_profile.is_some() && profiling.strategy.is_some() {
        let flag = if sampling { "-fprofile-sample" } else { "-fprofile-instr" };
        return Err(format!("nissecc: error: -fprofile-use and {flag} cannot be combined"));
    }
    let use_profile_data = match &profiling.use_profile {
        Some(path) => Some(read_use_profile(path)?),
        None => None,
    };
    if profiling.weights.is_some() && profiling.strategy == Some(Strategy::Naive) {
        eprintln!("nissecc: warning: -fprofile-instr-weights has no effect with -fprofile-instr=naive");
    }
    let weight_profile = match (&profiling.weights, profiling.strategy) {
        (None, Some(Strategy::Tpp)) => {
            return Err("nissecc: error: -fprofile-instr=tpp needs an edge profile to target: -fprofile-instr-weights=FILE".into())
        }
        (Some(path), Some(Strategy::Ks | Strategy::Sese | Strategy::Path | Strategy::Vertex | Strategy::Trace | Strategy::TraceNaive | Strategy::Tpp)) => {
            Some(read_weight_profile(path)?)
        }
        (Some(_), None | Some(Strategy::Sample)) => return Err("nissecc: error: -fprofile-instr-weights needs -fprofile-instr".into()),
        _ => None,
    };
    let mut reports: Vec<InstrumentReport> = Vec::new();
    let backend = BackendOptions {
        opt_level: if level == OptLevel::O0 { BackendOpt::None } else { BackendOpt::Speed },
        ..BackendOptions::default()
    };
    let emit = match (args.emit, args.assembly, args.compile_only) {
        (Some(e), _, _) => Some(e),
        (None, true, _) => Some(Emit::Asm),
        (None, false, true) => Some(Emit::Obj),
        _ => None,
    };
    let sources: Vec<&PathBuf> = args.inputs.iter().filter(|p| nissecc_frontend::preprocess::is_c_source(p)).collect();
    let assembly_inputs = args.inputs.iter().filter(|p| nissecc::assembly_input::is_assembly(p)).count();
    if emit.is_some() && args.output.is_some() && sources.len() + assembly_inputs > 1 {
        return Err("nissecc: error: cannot specify '-o' with '-c', '-S' or '--emit' with multiple files".into());
    }
    let preprocess = nissecc_frontend::PreprocessOptions {
        include_dirs: args.include.clone(),
        defines: args.define.iter().cloned().chain(profiling.pthread.then(|| "_REENTRANT".to_string())).collect(),
        undefines: args.undefine.clone(),
        standard,
        // With `-v`, the preprocessor prints its include search list,
        // from which CMake learns the implicit include directories.
        extra: gcc.preprocessor.iter().cloned().chain(gcc.verbose.then(|| "-v".to_string())).collect(),
    };
    if gcc.preprocess_only {
        return preprocess_only(args, &preprocess, &sources);
    }
    let scratch = tempdir()?;
    let mut objects = Vec::new();
    let mut pgo_reports = Vec::new();
    for input in &args.inputs {
        if !sources.contains(&input) {
            if !input.exists() {
                return Err(format!("nissecc: error: no such file or directory: '{}'", input.display()));
            }
            if emit.is_some() && nissecc::assembly_input::is_assembly(input) {
                assemble_only(input, emit, args, &preprocess, &gcc.dependencies)?;
                continue;
            }
            // Anything else is for the linker, which `-c` and `-S` do not
            // run: gcc warns so, and nissecc said nothing (so `-c foo.cc`
            // succeeded without writing `foo.o`).
            if emit.is_some() {
                eprintln!("nissecc: warning: {}: linker input file unused because linking not done", input.display());
                continue;
            }
            objects.push(input.clone());
            continue;
        }
        if !input.exists() {
            return Err(format!("nissecc: error: no such file or directory: '{}'", input.display()));
        }
        if input.is_dir() {
            return Err(format!("nissecc: error: '{}' is a directory, not a C source file", input.display()));
        }
        let stem = input.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
        let named = |ext: &str| args.output.clone().unwrap_or_else(|| PathBuf::from(format!("{stem}.{ext}")));
        let object = if emit == Some(Emit::Obj) { named("o") } else { PathBuf::from(format!("{stem}.o")) };
        let mut preprocess = preprocess.clone();
        preprocess.extra.extend(nissecc::gcc_flags::dependency_args(&gcc.dependencies, &object));
        let language = nissecc_frontend::LanguageOptions {
            wrapv: gcc.wrapv,
            unsigned_char: gcc.unsigned_char,
            gnu_inline: gcc.gnu89_inline.unwrap_or_else(|| nissecc_frontend::LanguageOptions::gnu_inline_for(preprocess.standard.as_deref())),
        };
        let output = nissecc_frontend::compile_file(input, &preprocess, &language);
        let diagnostics = output.render_diagnostics();
        if !args.no_warnings || output.result.is_err() {
            eprint!("{diagnostics}");
        }
        let Ok(mut module) = output.result else { return Err(String::new()) };
        if gcc.syntax_only {
            continue;
        }
        let options = pipeline::PipelineOptions { level, verify: !args.no_verify_ir };
        pipeline::run(&mut module, &options).map_err(|e| format!("{}: {e}", input.display()))?;
        if let Some(profile) = &use_profile_data {
            pgo_reports.push(use_profile(&mut module, input, profile, profiling, &options, args.no_warnings)?);
        }
        if let Some(strategy) = profiling.strategy {
            let instrument = InstrumentOptions {
                strategy,
                weights: weight_profile.as_ref(),
                path_array_threshold: profiling.path_array_threshold.unwrap_or(nissecc_midend::instrument::path::DEFAULT_ARRAY_THRESHOLD),
                tpp_cold_ppm: (profiling.tpp_cold_percent.unwrap_or(tpp::DEFAULT_COLD_PERCENT) * 10_000.0).round() as u32,
                tpp_loop_trip_milli: tpp::disconnect::trip_milli(profiling.tpp_loop_disconnect.unwrap_or(tpp::DEFAULT_LOOP_DISCONNECT)),
                // The sampler's adds are atomic whatever the mode.
                update: if sampling { ProfileUpdate::Single } else { profiling.update() },
                // Promotion runs mem2reg, which -O0 never does. By default
                // it replaces atomic adds only: a plain add to memory is one
                // instruction like an add to a register, so single updates
                // would only pay for the flushes (see `promotion`).
                promote: !sampling && level != OptLevel::O0 && profiling.counter_promotion.unwrap_or(profiling.update() == ProfileUpdate::Atomic),
                values: profiling.values,
            };
            let report = pipeline::instrument(&mut module, &instrument, &options).map_err(|e| format!("{}: {e}", input.display()))?;
            for warning in &report.warnings {
                eprintln!("nissecc: {}: {warning}", input.display());
            }
            reports.push(report);
        }
        match emit {
            Some(Emit::Ir) => write_text(args.output.as_deref(), &module.to_string())?,
            Some(Emit::Clif) => {
                let text = nissecc_backend::emit_clif(&module, &backend).map_err(|e| format!("nissecc: error: {e}"))?;
                write_text(args.output.as_deref(), &text)?;
            }
            Some(Emit::Asm) => {
                let text = nissecc_backend::emit_asm(&module, &backend).map_err(|e| format!("nissecc: error: {e}"))?;
                write_file(&named("s"), text.as_bytes())?;
            }
            Some(Emit::Obj) => {
                let bytes = nissecc_backend::compile_module(&module, &backend).map_err(|e| format!("nissecc: error: {e}"))?;
                write_file(&named("o"), &bytes)?;
            }
            None => {
                let bytes = nissecc_backend::compile_module(&module, &backend).map_err(|e| format!("nissecc: error: {e}"))?;
                let path = scratch.join(format!("{}-{stem}.o", objects.len()));
                write_file(&path, &bytes)?;
                objects.push(path);
            }
        }
    }
    if let Some(format) = args.stats {
        if pgo_reports.is_empty() {
            print_stats(&reports, format);
        } else {
            print_pgo_stats(&pgo_reports, format);
        }
    }
    if emit.is_none() && !gcc.syntax_only {
        let output = args.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
        let mut extra: Vec<String> = args.lib_dirs.iter().map(|d| format!("-L{d}")).collect();
        extra.extend(args.libs.iter().map(|l| format!("-l{l}")));
        extra.extend(gcc.linker.iter().cloned());
        // With `-v`, `cc` prints the linker command, from which CMake
        // learns the implicit link directories (where `find_library` and
        // `find_package(ZLIB)` look).
        if gcc.verbose {
            extra.push("-v".into());
        }
        if profiling.pthread {
            extra.push("-pthread".into());
        }
        if gcc.shared && profiling.strategy.is_some() {
            return Err("nissecc: error: unsupported: the option '-shared' with profiling (the profiling runtime must be in the executable)".into());
        }
        let mut runtime = Vec::new();
        if profiling.strategy.is_some() {
            let archive = nissecc::runtime_path::runtime_archive_path().ok_or_else(|| {
                format!(
                    "nissecc: error: cannot find the profiling runtime {} (build the workspace, or set {})",
                    nissecc::runtime_path::ARCHIVE_NAME,
                    nissecc::runtime_path::RUNTIME_ENV
                )
            })?;
            runtime = nissecc::runtime_path::runtime_link_args(&archive);
        }
        let result = nissecc_backend::link(&objects, &output, &extra, &runtime).map_err(|e| format!("nissecc: error: {e}"));
        let _ = std::fs::remove_dir_all(&scratch);
        result?;
    } else {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    Ok(())
}

/// `-c` on an assembly source: `cc -c` assembles it into the `-o` file or
/// the source's name with `.o` (see `nissecc::assembly_input`).
fn assemble_only(
    input: &Path,
    emit: Option<Emit>,
    args: &Args,
    preprocess: &nissecc_frontend::PreprocessOptions,
    dependencies: &[String],
) -> Result<(), String> {
    if emit != Some(Emit::Obj) {
        return Err(format!("nissecc: error: '{}' is assembly: only -c applies to it", input.display()));
    }
    let stem = input.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let object = args.output.clone().unwrap_or_else(|| PathBuf::from(format!("{stem}.o")));
    let mut flags: Vec<String> = preprocess.include_dirs.iter().map(|d| format!("-I{d}")).collect();
    flags.extend(preprocess.defines.iter().map(|d| format!("-D{d}")));
    flags.extend(preprocess.undefines.iter().map(|u| format!("-U{u}")));
    flags.extend(preprocess.extra.iter().cloned());
    flags.extend(nissecc::gcc_flags::dependency_args(dependencies, &object));
    nissecc::assembly_input::assemble(input, &object, &flags)
}

/// `-E`: runs the preprocessor as compiling would, on every source, into
/// the `-o` file or the standard output.
fn preprocess_only(args: &Args, options: &nissecc_frontend::PreprocessOptions, sources: &[&PathBuf]) -> Result<(), String> {
    let mut out: Box<dyn std::io::Write> = match args.output.as_deref() {
        Some(path) if path != Path::new("-") => {
            Box::new(std::fs::File::create(path).map_err(|e| format!("nissecc: error: cannot write '{}': {e}", path.display()))?)
        }
        _ => Box::new(std::io::stdout()),
    };
    for input in sources {
        let output = nissecc_frontend::preprocess::command(input, options)
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| format!("nissecc: error: cannot run the preprocessor `cc -E`: {e}"))?;
        if !output.status.success() {
            return Err(String::new());
        }
        out.write_all(&output.stdout).map_err(|e| format!("nissecc: error: cannot write the preprocessed text: {e}"))?;
    }
    Ok(())
}

/// Prints the instrumentation statistics of all inputs as one table, or as
/// one line of JSON with the sum over all functions under `"total"`.
fn print_stats(reports: &[InstrumentReport], format: StatsFormat) {
    let Some(first) = reports.first() else {
        eprintln!("nissecc: --stats: no function was instrumented (use -fprofile-instr)");
        return;
    };
    let all = InstrumentReport {
        strategy: first.strategy,
        functions: reports.iter().flat_map(|r| r.functions.iter().cloned()).collect(),
        warnings: Vec::new(),
    };
    match format {
        StatsFormat::Text => eprint!("{}", all.render()),
        StatsFormat::Json => {
            let mut json = serde_json::to_value(&all).expect("statistics serialize");
            json["total"] = serde_json::to_value(all.total()).expect("statistics serialize");
            eprintln!("{json}");
        }
    }
}

/// Prints what `-fprofile-use` did to each function of all inputs, as a
/// table or as one line of JSON.
fn print_pgo_stats(reports: &[nissecc_midend::pgo::PgoReport], format: StatsFormat) {
    let all = nissecc_midend::pgo::PgoReport {
        functions: reports.iter().flat_map(|r| r.functions.iter().cloned()).collect(),
        inlined: reports.iter().map(|r| r.inlined).sum(),
    };
    match format {
        StatsFormat::Text => eprint!("{}", all.render()),
        StatsFormat::Json => {
            let functions: Vec<serde_json::Value> = all
                .functions
                .iter()
                .map(|(name, outcome)| {
                    let mut row = serde_json::to_value(outcome).expect("statistics serialize");
                    row["function"] = name.as_str().into();
                    row
                })
                .collect();
            eprintln!("{}", serde_json::json!({ "functions": functions, "inlined": all.inlined }));
        }
    }
}

/// A private scratch directory for intermediate objects.
fn tempdir() -> Result<PathBuf, String> {
    let base = std::env::temp_dir();
    for attempt in 0..100u32 {
        let dir = base.join(format!("nissecc-{}-{attempt}", std::process::id()));
        if std::fs::create_dir(&dir).is_ok() {
            return Ok(dir);
        }
    }
    Err("nissecc: error: cannot create a temporary directory".into())
}

/// Writes bytes to a file, or to stdout when the name is `-`, as gcc does
/// for `-S -o -` and `-c -o -`.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if path == Path::new("-") {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(bytes).and_then(|()| stdout.flush()).map_err(|e| format!("nissecc: error: cannot write to stdout: {e}"));
    }
    std::fs::write(path, bytes).map_err(|e| format!("nissecc: error: cannot write '{}': {e}", path.display()))
}

/// Writes text to a file, or to stdout when no file is named or the name
/// is `-`.
fn write_text(path: Option<&Path>, text: &str) -> Result<(), String> {
    write_file(path.unwrap_or(Path::new("-")), text.as_bytes())
}
