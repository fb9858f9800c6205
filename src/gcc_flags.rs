//! The gcc driver flags that builds of other people's programs pass
//! (`make CC=nissecc` with their `CFLAGS`), rewritten before the driver's
//! own parser sees the command line. Flags that change nothing nissecc
//! does are dropped; preprocessor and linker flags are set aside to be
//! passed on; `-fwrapv` is kept as a language option; and a flag that
//! would change the meaning of the program in a way nissecc does not
//! follow (`-funsigned-char`, `-fshort-enums`…) is an `unsupported:` error
//! rather than silently ignored.

/// The command line, sorted out.
#[derive(Debug, Default, PartialEq)]
pub struct GccFlags {
    /// What the driver's own parser reads (the first item is the program).
    pub args: Vec<String>,
    /// Flags for the preprocessor (`-include F`, `-isystem D`…), in order.
    pub preprocessor: Vec<String>,
    /// Flags for the linker (`-Wl,…`, `-static`, `-s`…), in order.
    pub linker: Vec<String>,
    /// The dependency-file flags (`-MD`, `-MMD`, `-MF F`, `-MT T`, `-MQ T`,
    /// `-MP`), which need the object's name; see [`dependency_args`].
    pub dependencies: Vec<String>,
    /// `-fwrapv` (or `-fno-strict-overflow`): signed arithmetic wraps.
    pub wrapv: bool,
    /// `-funsigned-char` (or `-fno-signed-char`): plain `char` is unsigned.
    pub unsigned_char: bool,
    /// `-fgnu89-inline` (`Some(true)`) or `-fno-gnu89-inline`
    /// (`Some(false)`), the last one given: GNU89's inline rules, or
    /// C99's, whatever `-std=` says.
    pub gnu89_inline: Option<bool>,
    /// `-E`: preprocess only, as nissecc's own compilation would.
    pub preprocess_only: bool,
    /// `-v`: print the version to stderr (and compile what is given, if
    /// anything), as configure scripts probing the compiler expect.
    pub verbose: bool,
    /// `-dumpmachine`: print the target triple and stop.
    pub dump_machine: bool,
    /// `-shared`: link a shared object (it is among the linker flags
    /// too). nissecc's code is position-independent, so only profiling,
    /// whose runtime expects to be in the executable, cannot have it.
    pub shared: bool,
    /// `-fsyntax-only`: check the sources and write nothing.
    pub syntax_only: bool,
    /// `-M` or `-MM`: print the sources' make rule and stop.
    pub dependency_rule_only: bool,
}

/// Flags that gcc-driven builds pass and that change nothing nissecc does:
/// warnings, debug information, code-layout and hardening options, and
/// optimization knobs.
fn is_ignored_flag(arg: &str) -> bool {
    const EXACT: &[&str] = &[
        "-pipe",
        "-pedantic",
        "-pedantic-errors",
        "-m64",
        "-fPIC",
        "-fpic",
        "-fPIE",
        "-fpie",
        "-fno-pic",
        "-fno-PIC",
        "-fno-pie",
        "-fno-PIE",
        "-fcommon",
        "-fno-common",
        "-fno-plt",
        "-fplt",
        "-fexceptions",
        "-fno-exceptions",
        "-fno-ident",
        "-fno-semantic-interposition",
        "-fsemantic-interposition",
        "-ffunction-sections",
        "-fdata-sections",
        "-fno-function-sections",
        "-fno-data-sections",
        // nissecc does no type-based alias analysis, folds no
        // floating-point algebra, deletes no null checks and calls no
        // builtin in place of a library function it was not asked for.
        "-fstrict-aliasing",
        "-fno-strict-aliasing",
        "-ffast-math",
        "-fno-fast-math",
        "-fno-math-errno",
        "-fmath-errno",
        "-fno-trapping-math",
        "-ftrapping-math",
        "-fno-delete-null-pointer-checks",
        "-fdelete-null-pointer-checks",
        "-fbuiltin",
        "-ffreestanding",
        "-fhosted",
        "-fno-lto",
        // Instruction sets that every x86-64 processor has.
        "-msse",
        "-msse2",
        "-mmmx",
        "-mfxsr",
        "-mfpmath=sse",
        // Optimization knobs of GCC's own passes, which nissecc does not
        // have (as `-fno-tree-…` and the others below).
        "-fwhole-program",
        "-fipa-pta",
        "-fweb",
        "-ftracer",
        "-funswitch-loops",
        "-fpeel-loops",
        "-fsplit-loops",
        "-fearly-inlining",
        "-fno-early-inlining",
        "-fgcse-after-reload",
        // Intermediate files GCC would keep; nissecc keeps none.
        "-save-temps",
        // How GCC expands string operations inline.
        "-minline-all-stringops",
        "-minline-stringops-dynamically",
        // The defaults restated: what the flags refused below turn on.
        "-fno-short-enums",
        "-fno-short-wchar",
        "-fsigned-bitfields",
        "-fno-unsigned-bitfields",
        "-fno-pack-struct",
        "-fno-pcc-struct-return",
        "-fno-trapv",
        "-fno-ms-extensions",
        "-fno-plan9-extensions",
        "-fno-single-precision-constant",
        "-fno-openmp",
        "-fno-instrument-functions",
        // Whether the assembler may merge equal constants across units;
        // nissecc's objects leave them apart, which no program can tell
        // from merged ones (`-fmerge-all-constants`, which may give equal
        // variables one address, stays refused).
        "-fmerge-constants",
        "-fno-merge-constants",
        "-fno-merge-all-constants",
        // Instruction-set extensions that nissecc never uses (its code is
        // baseline x86-64: SSE2 and no later), so turning them off
        // changes nothing; `-mno-sse`, `-mno-sse2` and
        // `-mgeneral-regs-only` are refused, since floating point needs
        // them.
        "-mno-mmx",
        "-mno-3dnow",
        "-mno-sse3",
        "-mno-ssse3",
        "-mno-sse4",
        "-mno-sse4.1",
        "-mno-sse4.2",
        "-mno-fma",
        "-mno-popcnt",
        // `floor`, `ceil`, `round` and `trunc` are glibc's, which raise no
        // inexact exception for a non-integer argument.
        "-fno-fp-int-builtin-inexact",
        "-ffp-int-builtin-inexact",
    ];
    const PREFIXES: &[&str] = &[
        "-W", // but not "-Wl,", which is taken before
        "-std=",
        "-march=",
        "-mtune=",
        "-g",
        "-fno-builtin",
        "-fstack-protector",
        "-fno-stack-protector",
        "-fstack-clash-protection",
        "-fno-stack-clash-protection",
        "-fcf-protection",
        "-fasynchronous-unwind-tables",
        "-fno-asynchronous-unwind-tables",
        "-funwind-tables",
        "-fno-unwind-tables",
        "-fomit-frame-pointer",
        "-fno-omit-frame-pointer",
        "-fvisibility=",
        "-finline",
        "-fno-inline",
        "-fdiagnostics-",
        "-fno-diagnostics-",
        "-fmessage-length=",
        "-fmax-errors=",
        "-fno-show-column",
        "-ffp-contract=",
        "-fexcess-precision=",
        "-flto",
        "-fno-tree-",
        "-ftree-",
        "-funroll-",
        "-fno-unroll-",
        "-fno-optimize-sibling-calls",
        "-foptimize-sibling-calls",
        "-fno-strict-",
        "-fstrict-",
        "-ffile-prefix-map=",
        "-fdebug-prefix-map=",
        "-fmacro-prefix-map=",
        "-frecord-gcc-switches",
        "-fno-record-gcc-switches",
        "-fno-align-",
        "-falign-",
        "-fno-reorder-",
        "-freorder-",
        "-fipa-",
        "-fno-ipa-",
        "-fgcse",
        "-fno-gcse",
        "-fdump-",
        "-fschedule-insns",
        "-fno-schedule-insns",
        "--param=",
        "-save-temps=",
        "-mstringop-strategy=",
        "-fopt-info",
        "-mno-avx",
        // Switches for GCC's own passes by name, and checks of GCC's
        // debug output and of its macro-expansion notes in diagnostics.
        "-fdisable-tree-",
        "-fdisable-rtl-",
        "-fdisable-ipa-",
        "-fenable-tree-",
        "-fenable-rtl-",
        "-fenable-ipa-",
        "-fcompare-debug",
        "-ftrack-macro-expansion",
    ];
    EXACT.contains(&arg) || PREFIXES.iter().any(|p| arg.starts_with(p)) || is_optimizer_knob(arg)
}

/// GCC 12's optimization options (`gcc -Q --help=optimizers`) that only
/// choose how GCC's own passes transform a program, never what it means:
/// `-fNAME`, `-fno-NAME` and `-fNAME=VALUE` of these are accepted and
/// ignored, as nissecc has none of these passes. Left out on purpose, and
/// refused or handled elsewhere: those that change the meaning of a
/// program or the ABI (`-fwrapv`, `-ftrapv`, `-fshort-enums`,
/// `-fpack-struct`, `-fsignaling-nans`, `-frounding-math`,
/// `-ftrivial-auto-var-init`, `-fpatchable-function-entry`…).
const OPTIMIZER_KNOBS: &[&str] = &[
    "aggressive-loop-optimizations", "allocation-dce", "auto-inc-dec", "bit-tests", "branch-count-reg",
    "caller-saves", "code-hoisting", "combine-stack-adjustments", "compare-elim", "conserve-stack",
    "cprop-registers", "crossjumping", "cse-follow-jumps", "dce", "defer-pop", "delayed-branch", "devirtualize",
    "devirtualize-speculatively", "dse", "expensive-optimizations", "finite-loops", "float-store",
    "fold-simple-inlines", "forward-propagate", "function-cse", "gcse-las", "gcse-lm", "gcse-sm", "graphite",
    "graphite-identity", "guess-branch-probability", "hoist-adjacent-loads", "if-conversion", "if-conversion2",
    "indirect-inlining", "inline-atomics", "inline-functions", "inline-functions-called-once",
    "inline-small-functions", "ira-algorithm", "ira-hoist-pressure", "ira-loop-pressure", "ira-region",
    "ira-share-save-slots", "ira-share-spill-slots", "isolate-erroneous-paths-attribute",
    "isolate-erroneous-paths-dereference", "ivopts", "jump-tables", "lifetime-dse", "limit-function-alignment",
    "live-range-shrinkage", "loop-interchange", "loop-nest-optimize", "loop-unroll-and-jam", "lra-remat",
    "modulo-sched", "modulo-sched-allow-regmoves", "move-loop-invariants", "move-loop-stores", "optimize-strlen",
    "partial-inlining", "peephole", "peephole2", "predictive-commoning", "prefetch-loop-arrays",
    "printf-return-value", "ree", "rename-registers", "rerun-cse-after-loop",
    "reschedule-modulo-scheduled-loops", "sched-critical-path-heuristic", "sched-dep-count-heuristic",
    "sched-group-heuristic", "sched-interblock", "sched-last-insn-heuristic", "sched-pressure",
    "sched-rank-heuristic", "sched-spec", "sched-spec-insn-heuristic", "sched-spec-load",
    "sched-spec-load-dangerous", "sched-stalled-insns", "sched-stalled-insns-dep", "sched2-use-superblocks",
    "schedule-fusion", "section-anchors", "sel-sched-pipelining", "sel-sched-pipelining-outer-loops",
    "sel-sched-reschedule-pipelined", "selective-scheduling", "selective-scheduling2", "shrink-wrap",
    "shrink-wrap-separate", "simd-cost-model", "split-ivs-in-unroller", "split-paths", "split-wide-types",
    "split-wide-types-early", "ssa-backprop", "ssa-phiopt", "stdarg-opt", "store-merging", "thread-jumps",
    "toplevel-reorder", "allow-store-data-races", "var-tracking", "var-tracking-assignments", "var-tracking-uninit",
    "variable-expansion-in-unroller", "vect-cost-model", "version-loops-for-strides", "vpt",
];

/// Whether `arg` is `-f[no-]KNOB` or `-fKNOB=VALUE` for one of the
/// [`OPTIMIZER_KNOBS`].
fn is_optimizer_knob(arg: &str) -> bool {
    let Some(option) = arg.strip_prefix("-f") else { return false };
    let option = option.strip_prefix("no-").unwrap_or(option);
    let name = option.split_once('=').map_or(option, |(name, _)| name);
    OPTIMIZER_KNOBS.contains(&name)
}

/// Flags that change the meaning of a program in a way nissecc does not
/// follow, and what they do.
fn unsupported_flag(arg: &str) -> Option<&'static str> {
    const FLAGS: &[(&str, &str)] = &[
        ("-funsigned-bitfields", "plain 'int' bit-fields are signed in nissecc"),
        ("-fshort-enums", "enums are 'int' in nissecc"),
        ("-fshort-wchar", "'wchar_t' is 'int' in nissecc"),
        ("-fpack-struct", "structs are laid out as the System V ABI says"),
        ("-fpcc-struct-return", "structs are returned as the System V ABI says"),
        ("-freg-struct-return", "structs are returned as the System V ABI says"),
        ("-ftrapv", "signed overflow is not checked"),
        ("-fopenmp", "OpenMP is not supported"),
        ("-fsanitize", "sanitizers are not supported"),
        ("-finstrument-functions", "function-entry hooks are not supported"),
        ("-fms-extensions", "Microsoft extensions are not supported"),
        ("-fplan9-extensions", "Plan 9 extensions are not supported"),
        ("-fsingle-precision-constant", "floating constants are 'double'"),
        ("-fprofile-arcs", "gcov instrumentation is not supported (use -fprofile-instr)"),
        ("-ftest-coverage", "gcov instrumentation is not supported (use -fprofile-instr)"),
        ("--coverage", "gcov instrumentation is not supported (use -fprofile-instr)"),
        ("-pg", "gprof instrumentation is not supported (use -fprofile-instr)"),
        ("-p", "prof instrumentation is not supported (use -fprofile-instr)"),
        ("-fexec-charset", "the execution character set is the source's"),
        ("-ffixed-", "registers cannot be reserved"),
        ("-fcall-", "registers cannot be reserved"),
    ];
    FLAGS.iter().find(|(flag, _)| arg == *flag || (flag.starts_with("-f") && arg.starts_with(flag) && arg[flag.len()..].starts_with(['=', '-']))
        || (flag.ends_with('-') && arg.starts_with(flag))).map(|(_, why)| *why)
}

/// Preprocessor flags that take their operand in the next argument or
/// joined to them (`-isystem D`, `-isystemD`).
const PREPROCESSOR_WITH_OPERAND: &[&str] = &["-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-iprefix"];

/// Dependency-file flags with an operand.
const DEPENDENCIES_WITH_OPERAND: &[&str] = &["-MF", "-MT", "-MQ"];

/// Linker flags passed on as they are.
const LINKER_FLAGS: &[&str] = &["-s", "-static", "-static-pie", "-static-libgcc", "-rdynamic", "-pie", "-no-pie", "-nostartfiles", "-nodefaultlibs", "-nostdlib"];

/// The flags of the profiling runtime and profile-guided optimization,
/// which the driver reads itself.
fn is_profiling_flag(arg: &str) -> bool {
    [
        "-fprofile-instr",
        "-fprofile-sample",
        "-fprofile-use",
        "-fprofile-update=",
        "-fprofile-counter-promotion",
        "-fno-profile-counter-promotion",
        "-fprofile-values",
        "-fpath-array-threshold=",
        "-ftpp-",
    ]
    .iter()
        .any(|p| arg.starts_with(p))
}

/// Sorts out a gcc-style command line; see [`GccFlags`].
pub fn sort_out(argv: impl IntoIterator<Item = String>) -> Result<GccFlags, String> {
    let mut flags = GccFlags::default();
    let mut optimization: Option<String> = None;
    let mut output: Option<String> = None;
    let mut argv = argv.into_iter();
    if let Some(program) = argv.next() {
        flags.args.push(program);
    }
    let mut rest: Vec<String> = argv.collect();
    rest.reverse();
    let operand = |rest: &mut Vec<String>, flag: &str| rest.pop().ok_or_else(|| format!("nissecc: error: missing argument to '{flag}'"));
    while let Some(arg) = rest.pop() {
        if arg == "-Werror=profile-mismatch" || is_profiling_flag(&arg) {
            flags.args.push(arg);
        } else if arg.starts_with("-Wl,") || LINKER_FLAGS.contains(&arg.as_str()) {
            flags.linker.push(arg);
        } else if arg == "-shared" {
            flags.shared = true;
            flags.linker.push(arg);
        } else if arg == "-Xlinker" {
            let value = operand(&mut rest, &arg)?;
            flags.linker.push(format!("-Wl,{value}"));
        } else if let Some(why) = unsupported_flag(&arg) {
            return Err(format!("nissecc: error: unsupported: the option '{arg}' ({why})"));
        } else if ["-funsigned-char", "-fno-signed-char", "-fsigned-char", "-fno-unsigned-char"].contains(&arg.as_str()) {
            // The preprocessor defines `__CHAR_UNSIGNED__` (and `<limits.h>`
            // its `CHAR_MIN` and `CHAR_MAX`) by the last one, as does gcc.
            flags.unsigned_char = arg == "-funsigned-char" || arg == "-fno-signed-char";
            flags.preprocessor.push(arg);
        } else if arg == "-fgnu89-inline" || arg == "-fno-gnu89-inline" {
            // The preprocessor defines `__GNUC_GNU_INLINE__` or
            // `__GNUC_STDC_INLINE__` by it, as gcc's does.
            flags.gnu89_inline = Some(arg == "-fgnu89-inline");
            flags.preprocessor.push(arg);
        } else if arg == "-fwrapv" || arg == "-fno-strict-overflow" {
            flags.wrapv = true;
        } else if arg == "-fno-wrapv" || arg == "-fstrict-overflow" {
            flags.wrapv = false;
        } else if arg == "--param" {
            // `--param NAME=VALUE` tunes GCC's passes (as `--param=NAME=VALUE`).
            operand(&mut rest, &arg)?;
        } else if is_ignored_flag(&arg) {
            // `-std=` is read again by the driver for the preprocessor.
            if arg.starts_with("-std=") {
                flags.args.push(arg);
            }
        } else if arg == "-v" {
            flags.verbose = true;
        } else if arg == "-dumpmachine" {
            flags.dump_machine = true;
        } else if arg == "-E" {
            flags.preprocess_only = true;
        } else if arg == "-ansi" {
            flags.args.push("-std=c90".into());
        } else if let Some(level) = arg.strip_prefix("-O") {
            // The last one counts, as in gcc.
            optimization = Some(match level {
                "" => "1",
                "g" => "1",
                "fast" | "z" | "3" | "s" => "2",
                other => other,
            }
            .to_string());
        } else if let Some(file) = arg.strip_prefix("-o") {
            // The last one counts, as in gcc (bc's Makefile passes two).
            output = Some(if file.is_empty() { operand(&mut rest, &arg)? } else { file.to_string() });
        } else if arg == "-x" || arg.starts_with("-x") {
            let language = if arg == "-x" { operand(&mut rest, &arg)? } else { arg[2..].to_string() };
            if language != "c" && language != "none" {
                return Err(format!("nissecc: error: unsupported: the language '{language}' (only C)"));
            }
        } else if arg == "-M" || arg == "-MM" {
            // The preprocessor prints the make rule instead of the text
            // (`-E` implied, as in gcc); the dependency flags go with it.
            flags.preprocess_only = true;
            flags.dependency_rule_only = true;
            flags.preprocessor.push(arg);
        } else if arg == "-fsyntax-only" {
            flags.syntax_only = true;
        } else if ["-MD", "-MMD", "-MP", "-MG"].contains(&arg.as_str()) {
            flags.dependencies.push(arg);
        } else if let Some(flag) = DEPENDENCIES_WITH_OPERAND.iter().find(|f| arg.starts_with(**f)) {
            let value = if arg.len() > flag.len() { arg[flag.len()..].to_string() } else { operand(&mut rest, &arg)? };
            flags.dependencies.push(flag.to_string());
            flags.dependencies.push(value);
        } else if let Some(flag) = PREPROCESSOR_WITH_OPERAND.iter().find(|f| arg.starts_with(**f)) {
            let value = if arg.len() > flag.len() { arg[flag.len()..].to_string() } else { operand(&mut rest, &arg)? };
            flags.preprocessor.push(flag.to_string());
            flags.preprocessor.push(value);
        } else if arg.starts_with("-finput-charset=") {
            // The preprocessor converts the source to UTF-8, the execution
            // character set, as gcc's compilation does.
            flags.preprocessor.push(arg);
        } else if arg.starts_with("-f") || arg.starts_with("-m") {
            // Other machine options (`-mavx`, `-mgeneral-regs-only`,
            // `-m32`…) change the instruction set, the ABI or what the
            // program may use.
            return Err(format!("nissecc: error: unsupported: the option '{arg}'"));
        } else {
            flags.args.push(arg);
        }
    }
    if let Some(level) = optimization {
        flags.args.push(format!("-O{level}"));
    }
    if let Some(file) = output {
        flags.args.push("-o".into());
        flags.args.push(file);
    }
    if flags.dependency_rule_only {
        // No object is written, so `-MF`, `-MT`, `-MP` and `-MG` shape the
        // rule that `-M` prints.
        let dependencies = std::mem::take(&mut flags.dependencies);
        flags.preprocessor.extend(dependencies);
    }
    Ok(flags)
}

/// The dependency-file flags for the preprocessing of `input`, whose
/// object is `object`: as gcc does, `-MD` and `-MMD` write the object's
/// name with `.d` for its extension unless `-MF` names the file, and the
/// rule's target is the object unless `-MT` or `-MQ` names it. Empty
/// when no dependency file was asked for.
pub fn dependency_args(dependencies: &[String], object: &std::path::Path) -> Vec<String> {
    if !dependencies.iter().any(|f| f == "-MD" || f == "-MMD") {
        return Vec::new();
    }
    let mut args: Vec<String> = dependencies.to_vec();
    if !dependencies.iter().any(|f| f == "-MF") {
        args.push("-MF".into());
        args.push(object.with_extension("d").display().to_string());
    }
    if !dependencies.iter().any(|f| f == "-MT" || f == "-MQ") {
        args.push("-MT".into());
        args.push(object.display().to_string());
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(args: &[&str]) -> GccFlags {
        sort_out(std::iter::once("nissecc").chain(args.iter().copied()).map(String::from)).unwrap()
    }

    #[test]
    fn typical_cflags_are_accepted() {
        let flags = sorted(&["-O2", "-g", "-Wall", "-fno-strict-aliasing", "-fPIC", "-MMD", "-MP", "-MF", "x.d", "-c", "a.c", "-O3", "-Og"]);
        assert_eq!(flags.args, ["nissecc", "-c", "a.c", "-O1"]);
        assert_eq!(flags.dependencies, ["-MMD", "-MP", "-MF", "x.d"]);
        // Two `-o`s (bc's Makefile): the last counts.
        let flags = sorted(&["-o", "libmath.h", "-ofbc", "main.o", "-O2"]);
        assert_eq!(flags.args, ["nissecc", "main.o", "-O2", "-o", "fbc"]);
        // The last of `-funsigned-char` and `-fsigned-char` counts, and the
        // preprocessor sees them.
        let flags = sorted(&["-funsigned-char", "a.c"]);
        assert!(flags.unsigned_char && flags.preprocessor == ["-funsigned-char"]);
        // So do `-fgnu89-inline` and `-fno-gnu89-inline`.
        let flags = sorted(&["-fgnu89-inline", "a.c"]);
        assert!(flags.gnu89_inline == Some(true) && flags.preprocessor == ["-fgnu89-inline"]);
        assert_eq!(sorted(&["-fgnu89-inline", "-fno-gnu89-inline", "a.c"]).gnu89_inline, Some(false));
        assert_eq!(sorted(&["a.c"]).gnu89_inline, None);
        assert!(!sorted(&["-funsigned-char", "-fsigned-char", "a.c"]).unsigned_char);
    }

    #[test]
    fn baseline_machine_flags_are_accepted_and_others_refused() {
        let flags = sorted(&["-msse2", "-mfpmath=sse", "-fwhole-program", "-fno-ipa-vrp", "-fdump-tree-alias", "a.c"]);
        assert_eq!(flags.args, ["nissecc", "a.c"]);
        for flag in ["-mavx", "-mgeneral-regs-only", "-m32"] {
            let refused = sort_out(["nissecc", flag, "a.c"].map(String::from)).unwrap_err();
            assert!(refused.contains(&format!("unsupported: the option '{flag}'")), "{refused}");
        }
    }

    #[test]
    fn defaults_restated_and_unused_extensions_turned_off_are_accepted() {
        // Options of gcc.dg tests that restate what nissecc does anyway.
        let flags = sorted(&[
            "-fno-short-enums", "-fno-pcc-struct-return", "-mno-mmx", "-mno-avx512f", "-fdisable-tree-evrp",
            "-fdisable-rtl-init-regs", "-ftrack-macro-expansion=0", "-fcompare-debug", "-fno-merge-constants",
            "-fallow-store-data-races", "-fno-fp-int-builtin-inexact", "a.c",
        ]);
        assert_eq!(flags.args, ["nissecc", "a.c"]);
        // Their opposites, and the extensions floating point needs, stay
        // refused.
        for flag in ["-fshort-enums", "-fpcc-struct-return", "-mno-sse", "-mno-sse2", "-fmerge-all-constants", "-ftrapv"] {
            let refused = sort_out(["nissecc", flag, "a.c"].map(String::from)).unwrap_err();
            assert!(refused.contains(&format!("unsupported: the option '{flag}'")), "{refused}");
        }
    }

    #[test]
    fn gcc_optimizer_knobs_and_params_are_accepted() {
        // Options of gcc.dg tests: GCC's pass knobs, in every form.
        let flags = sorted(&[
            "-fmodulo-sched", "-fno-forward-propagate", "-fno-dce", "-free", "-fvect-cost-model=cheap",
            "--param", "large-stack-frame=30", "--param=max-unroll-times=4", "-save-temps", "-minline-all-stringops", "a.c",
        ]);
        assert_eq!(flags.args, ["nissecc", "a.c"]);
        // A knob's name must match whole: `-fdcex` is no knob, and the
        // flags that change meaning stay refused.
        for flag in ["-fdcex", "-fsignaling-nans", "-ftrivial-auto-var-init=zero", "-fpatchable-function-entry=4"] {
            let refused = sort_out(["nissecc", flag, "a.c"].map(String::from)).unwrap_err();
            assert!(refused.contains("unsupported"), "{flag}: {refused}");
        }
        assert!(sort_out(["nissecc", "a.c", "--param"].map(String::from)).unwrap_err().contains("missing argument"));
    }

    #[test]
    fn preprocessor_linker_and_language_flags_are_set_aside() {
        let flags = sorted(&["-include", "config.h", "-isystemsys", "-x", "c", "-ansi", "-fwrapv", "-static", "-Wl,--gc-sections", "-finput-charset=cp932", "a.c"]);
        assert_eq!(flags.args, ["nissecc", "-std=c90", "a.c"]);
        assert!(!flags.preprocess_only && sorted(&["-E", "a.c"]).preprocess_only);
        assert_eq!(flags.preprocessor, ["-include", "config.h", "-isystem", "sys", "-finput-charset=cp932"]);
        assert_eq!(flags.linker, ["-static", "-Wl,--gc-sections"]);
        assert!(flags.wrapv);
    }

    #[test]
    fn dependency_rules_and_syntax_checks_stop_early() {
        let rule = sorted(&["-MM", "-MT", "x.o", "-MFx.d", "-MP", "-MG", "a.c"]);
        assert!(rule.preprocess_only && rule.dependency_rule_only);
        assert_eq!(rule.preprocessor, ["-MM", "-MT", "x.o", "-MF", "x.d", "-MP", "-MG"]);
        assert!(rule.dependencies.is_empty());
        let object = sorted(&["-MD", "-MG", "-c", "a.c"]);
        assert!(!object.preprocess_only && object.preprocessor.is_empty());
        assert_eq!(object.dependencies, ["-MD", "-MG"]);
        assert!(sorted(&["-fsyntax-only", "a.c"]).syntax_only);
    }

    #[test]
    fn flags_that_change_meaning_are_unsupported() {
        for flag in ["-fshort-enums", "-fsanitize=address", "-fopenmp", "-pg", "--coverage", "-x"] {
            let result = sort_out(["nissecc", flag, "c++", "a.c"].map(String::from));
            assert!(result.unwrap_err().contains("unsupported"), "{flag}");
        }
    }

    #[test]
    fn profiling_flags_reach_the_driver() {
        let flags = sorted(&["-fprofile-instr=sese", "-fno-profile-counter-promotion", "-ftpp-cold=3", "-fno-strict-overflow", "a.c"]);
        assert!(flags.wrapv);
        assert_eq!(flags.args, ["nissecc", "-fprofile-instr=sese", "-fno-profile-counter-promotion", "-ftpp-cold=3", "a.c"]);
    }

    #[test]
    fn dependency_files_are_named_after_the_object() {
        let deps = ["-MMD".to_string(), "-MP".to_string()];
        let args = dependency_args(&deps, std::path::Path::new("build/a.o"));
        assert_eq!(args, ["-MMD", "-MP", "-MF", "build/a.d", "-MT", "build/a.o"]);
        assert!(dependency_args(&[], std::path::Path::new("a.o")).is_empty());
    }
}
