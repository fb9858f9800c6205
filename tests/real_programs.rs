//! The real programs of issue 15 (bzip2, zlib, Lua, SQLite; see
//! `nissecc::programs`). Every program is built with `gcc -O2` and must
//! pass its check workload: bzip2 reproduces its `.ref` and `.bz2` sample
//! files, the zlib driver, our Lua scripts and our SQL scripts print the
//! outputs in `tests/programs/expected/`. nissecc's builds at `-O0` and
//! `-O2` must print, and write, byte for byte what gcc's build does, and
//! the profile oracle holds for bzip2, zlib and SQLite (see
//! `profiles_of_bzip2_and_zlib_are_exact` and `profiles_of_sqlite_are_exact`).

mod common;

use common::Measured;
use nissecc::programs::{build_and_run, Compiler, Config, Outcome, Program, ProgramId, RunOptions, Sources, WorkloadKind};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Where the builds and runs of this test go.
fn root() -> PathBuf {
    common::project_root().join("target").join("test-scratch").join("real-programs")
}

/// The gcc -O2 build of `id` run on its check workload, once per process.
fn reference(id: ProgramId) -> &'static Outcome {
    static REFERENCES: [OnceLock<Outcome>; ProgramId::ALL.len()] = [const { OnceLock::new() }; ProgramId::ALL.len()];
    let index = ProgramId::ALL.iter().position(|&p| p == id).unwrap();
    REFERENCES[index].get_or_init(|| {
        let program = Program::new(id, Sources::get().expect("fetch the program sources"));
        let gcc = Config::new("gcc-O2", Compiler::parse("gcc").unwrap(), &["-O2"]);
        build_and_run(&program, &gcc, WorkloadKind::Check, &root(), 2, &RunOptions::default(), None)
            .unwrap_or_else(|e| panic!("{}: {e}", id.name()))
    })
}

/// Builds every program listed with nissecc at -O0 and -O2 under
/// `root()/subdir` (so that tests running at once use different
/// directories) and compares each check workload's output with gcc's;
/// returns the failures.
fn nissecc_failures(programs: &[ProgramId], subdir: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for &id in programs {
        let gcc = reference(id);
        let Some(expected) = gcc.output().filter(|_| gcc.passed()) else {
            failures.push(format!("{}: the gcc reference failed: {:?}", id.name(), gcc.details(5)));
            continue;
        };
        let program = Program::new(id, Sources::get().unwrap());
        for opt in ["-O0", "-O2"] {
            let config = Config::new(&format!("nissecc{opt}"), Compiler::parse(common::nissecc()).unwrap(), &[opt]);
            let outcome = build_and_run(&program, &config, WorkloadKind::Check, &root().join(subdir), 2, &RunOptions::default(), Some(expected))
                .unwrap_or_else(|e| panic!("{} {opt}: {e}", id.name()));
            if !outcome.passed() {
                failures.push(format!("{} {opt}: {}\n  {}", id.name(), outcome.verdict(), outcome.details(10).join("\n  ")));
            }
        }
    }
    failures
}

#[test]
fn gcc_builds_pass_their_checks() {
    let mut failures = Vec::new();
    for id in ProgramId::ALL {
        let outcome = reference(id);
        if !outcome.passed() {
            failures.push(format!("{}: {}\n  {}", id.name(), outcome.verdict(), outcome.details(10).join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "gcc -O2 builds failed their checks:\n{}", failures.join("\n"));
}

#[test]
fn nissecc_builds_match_gcc() {
    let failures = nissecc_failures(&ProgramId::ALL, "all");
    assert!(failures.is_empty(), "nissecc builds that do not match gcc's:\n{}", failures.join("\n"));
}

/// The profiling strategies the oracle compares, with what each profile
/// measures.
const STRATEGIES: [(&str, Measured); 5] =
    [("naive", Measured::Edges), ("ks", Measured::Edges), ("sese", Measured::Edges), ("path", Measured::Paths), ("vertex", Measured::Blocks)];

/// The profile oracle on real programs: each strategy's -O2 build prints
/// what gcc's does, every strategy's edge profile equals the naive one,
/// `main` runs once per step of the workload, and the build that uses the
/// naive profile still prints what gcc's does.
#[test]
fn profiles_of_bzip2_and_zlib_are_exact() {
    let mut failures = Vec::new();
    for id in [ProgramId::Bzip2, ProgramId::Zlib] {
        if let Err(e) = check_profiles(id, true) {
            failures.push(format!("{}: {e}", id.name()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same oracle on SQLite, in a test of its own so that its builds (one
/// large unit each, so one compiler at a time) overlap with the other
/// tests'. SQLite runs the same way every time because our driver sees to
/// it: the database, temporary tables and sorts are in memory (no file
/// name depends on the run directory or on random numbers), and the page
/// cache and lookaside memory are static arrays, since SQLite compares the
/// addresses of its blocks and the order of two heap blocks depends on
/// what else the process allocated (the path profiler's hash tables do).
#[test]
fn profiles_of_sqlite_are_exact() {
    if let Err(e) = check_profiles(ProgramId::Sqlite, true) {
        panic!("sqlite: {e}");
    }
}

/// Lua does not run the same way twice: its string-hash seed mixes the
/// time with addresses, and it hashes tables, functions and light
/// userdata by address, which ASLR and each build's layout change (two
/// runs of one naive build already give different counts). So its
/// strategies cannot be compared count for count; each profile must still
/// reconstruct without an inconsistency, with `main` once per run, and
/// the `-fprofile-use` build must print what gcc's does. Every function is
/// instrumented, `luaD_rawrunprotected` (which calls `setjmp`, and whose
/// `setjmp` returns again at each Lua error) among them, and the check
/// below asks that its re-entries were counted.
#[test]
fn profiles_of_lua_are_consistent() {
    if let Err(e) = check_profiles(ProgramId::Lua, false) {
        panic!("lua: {e}");
    }
}

/// Builds `id` with every strategy and with `-fprofile-use`, runs its
/// check workload and checks the profiles; `comparable` asks for the
/// strategies' edge profiles to be equal.
fn check_profiles(id: ProgramId, comparable: bool) -> Result<(), String> {
    let gcc = reference(id);
    let expected = gcc.output().filter(|_| gcc.passed()).ok_or("the gcc reference failed")?;
    let program = Program::new(id, Sources::get()?);
    let dir = root().join("profiles");
    let nissecc = Compiler::parse(common::nissecc())?;
    let mut shown = Vec::new();
    for (strategy, measured) in STRATEGIES {
        let profile = dir.join(format!("{}.{strategy}.nprof", id.name()));
        let _ = std::fs::remove_file(&profile);
        // `%m` merges the runs of the workload's steps into one profile.
        let pattern = format!("{}%m", profile.display());
        let options = RunOptions { env: vec![("NISSE_PROFILE_FILE".into(), pattern)], ..RunOptions::default() };
        let flag = format!("-fprofile-instr={strategy}");
        let config = Config::new(&format!("nissecc-{strategy}"), nissecc.clone(), &["-O2", &flag]);
        let outcome = build_and_run(&program, &config, WorkloadKind::Check, &dir, 2, &options, Some(expected))?;
        if !outcome.passed() {
            return Err(format!("the {strategy} build: {}\n  {}", outcome.verdict(), outcome.details(10).join("\n  ")));
        }
        shown.push((strategy, measured, measured.json(&profile)?));
    }
    let (_, _, naive) = &shown[0];
    for (strategy, measured, json) in &shown[1..] {
        if comparable && *json != measured.expected(naive)? {
            return Err(format!("the naive and {strategy} profiles differ"));
        }
    }
    if id == ProgramId::Lua {
        // The `errors` and `fail` scripts raise Lua errors: `longjmp`s that
        // land in `luaD_rawrunprotected`'s `setjmp`.
        for (strategy, _, json) in &shown {
            if common::second_returns(json, "luaD_rawrunprotected")? == 0 {
                return Err(format!("{strategy}: no second return of luaD_rawrunprotected's setjmp was counted"));
            }
        }
    }
    let runs = expected.steps.len() as u64;
    for (strategy, _, json) in &shown {
        let main_entries = common::main_entry_count(json)?;
        if main_entries != runs {
            return Err(format!("{strategy}: main's entry block counted {main_entries} times in {runs} runs"));
        }
    }
    let naive_profile = dir.join(format!("{}.naive.nprof", id.name()));
    let flag = format!("-fprofile-use={}", naive_profile.display());
    let config = Config::new("nissecc-profile-use", nissecc, &["-O2", &flag]);
    let outcome = build_and_run(&program, &config, WorkloadKind::Check, &dir, 2, &RunOptions::default(), Some(expected))?;
    if !outcome.passed() {
        return Err(format!("the -fprofile-use build: {}\n  {}", outcome.verdict(), outcome.details(10).join("\n  ")));
    }
    Ok(())
}
