//! The peers' PGO gain on a kernel (issue 20), side by side with
//! nissecc's ([`super::pgo`]): gcc's `-fprofile-generate` and
//! `-fprofile-use`, and clang's when it is installed with its
//! `llvm-profdata`, trained on the same two inputs as nissecc (the
//! evaluation input and the one listed before it) and measured by
//! callgrind on the evaluation input against the same compiler's plain
//! `-O2` build of the run. Every optimized build must print what `gcc -O1`
//! prints on every input.
//!
//! - gcc writes `<output>-<unit>.gcda` next to the executable it built;
//!   the optimized build, compiled to the same path from the same source,
//!   reads it back (`-Werror=missing-profile` makes a lost profile an
//!   error, `-fprofile-correction` accepts gcc's own racy counts);
//! - clang writes the raw profile that `LLVM_PROFILE_FILE` names, which
//!   `llvm-profdata merge` turns into the `-fprofile-use` file.

use super::builds::{Build, Compiler};
use super::callgrind;
use super::compare::run_difference;
use super::kernel::{compile_command, run};
use super::manifest::Kernel;
use super::own_functions::OwnFunctions;
use super::process::run_checked;
use super::BenchContext;
use super::process::RunResult;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// One peer's gain on a kernel: plain `-O2` and `-O2 -fprofile-use`
/// instructions on the evaluation input, with the profile of that input
/// (`same`) and of the one before it (`other`).
#[derive(Clone, Debug, Default)]
pub struct PeerGain {
    /// The plain build it is measured against: `gcc-O2` or `clang-O2`.
    pub base: String,
    pub same: (u64, u64),
    pub other: (u64, u64),
}

/// How a peer compiler trains and reads a profile.
struct Peer {
    compiler: Compiler,
    /// The label of its plain `-O2` build among the run's builds.
    base: &'static str,
}

/// The gains of gcc and (when installed) clang on `kernel`, trained on
/// `other` and `evaluation` and measured on `evaluation`; `expected` is
/// what `gcc -O1` prints on each of the kernel's inputs.
pub fn peer_gains(
    kernel: &Kernel,
    executables: &[(&Build, PathBuf)],
    context: &BenchContext,
    dir: &Path,
    (other, evaluation): (&str, &str),
    expected: &[RunResult],
) -> Result<Vec<PeerGain>, String> {
    let mut peers = vec![Peer { compiler: Compiler::Gcc, base: "gcc-O2" }];
    if let (Some(clang), Some(_)) = (&context.toolchain.clang, &context.toolchain.llvm_profdata) {
        peers.push(Peer { compiler: Compiler::Clang(clang.clone()), base: "clang-O2" });
    }
    let count = |exe: &Path| callgrind::measure(exe, evaluation, &[], &OwnFunctions::default(), dir).map(|m| m.instructions);
    let mut gains = Vec::new();
    for peer in peers {
        let Some((_, base)) = executables.iter().find(|(b, _)| b.label == peer.base) else { continue };
        let base_instructions = count(base)?;
        let mut measured = [(0, 0); 2];
        for (slot, input) in [other, evaluation].into_iter().enumerate() {
            let optimized = train_and_build(kernel, context, &peer, input, &dir.join(format!("{}-pgo-{slot}", peer.base)))?;
            for (each, expected) in kernel.inputs.iter().zip(expected) {
                let actual = run(&optimized, each, &[])?;
                if let Some(difference) = run_difference(expected, &actual) {
                    return Err(format!("{} -fprofile-use trained on {input}, input {each}: output differs: {difference}", peer.base));
                }
            }
            measured[slot] = (base_instructions, count(&optimized)?);
        }
        gains.push(PeerGain { base: peer.base.to_string(), same: measured[1], other: measured[0] });
    }
    Ok(gains)
}

/// Builds `kernel` with `peer`'s instrumentation in `work`, runs it on
/// `input`, and builds it again with the profile; returns that build.
fn train_and_build(kernel: &Kernel, context: &BenchContext, peer: &Peer, input: &str, work: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    let exe = work.join("prog");
    let raw = work.join("training.profraw");
    let merged = work.join("training.profdata");
    let compile = |flags: &[&str], what: &str| {
        let build = Build::new(peer.base, peer.compiler.clone(), flags, None);
        run_checked(compile_command(&build, &context.toolchain.nissecc, &kernel.source, &exe), Duration::from_secs(300), what).map(|_| ())
    };
    compile(&["-O2", "-fprofile-generate"], "the peer's instrumented build")?;
    let env = [("LLVM_PROFILE_FILE".to_string(), raw.display().to_string())];
    run(&exe, input, &env)?;
    match &peer.compiler {
        Compiler::Clang(_) => {
            let llvm_profdata = context.toolchain.llvm_profdata.as_ref().ok_or("no llvm-profdata")?;
            let mut command = Command::new(llvm_profdata);
            command.arg("merge").arg("-o").arg(&merged).arg(&raw);
            run_checked(command, Duration::from_secs(60), "llvm-profdata merge")?;
            compile(&["-O2", &format!("-fprofile-use={}", merged.display())], "the peer's -fprofile-use build")?;
        }
        _ => compile(&["-O2", "-fprofile-use", "-fprofile-correction", "-Werror=missing-profile"], "the peer's -fprofile-use build")?,
    }
    Ok(exe)
}
