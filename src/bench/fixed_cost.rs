//! The fixed cost of a profiled run (issue 18): an empty `main`, built
//! plainly and with each exact profiler, run under callgrind. The
//! difference is what the profiler costs a program that does nothing:
//! start-up (the dynamic loader's relocations and symbol lookups, the
//! runtime's constructors) and the work at exit. The binary's size and
//! dynamic relocation count show where that start-up cost comes from.

use super::builds::Build;
use super::callgrind;
use super::kernel::{compile_command, profile_env};
use super::own_functions::OwnFunctions;
use super::report::grouped;
use object::Object;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The program: it returns at once.
const EMPTY_MAIN: &str = "int main(void) { return 0; }\n";

/// What one build of the empty program costs.
struct Cost {
    instructions: u64,
    bytes: u64,
    relocations: u64,
}

/// Builds and measures the empty program with every build that writes a
/// profile and with its baseline, in `dir`, and returns the markdown
/// table (or the first error).
pub fn table(builds: &[Build], nissecc: &Path, dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let source = dir.join("empty.c");
    std::fs::write(&source, EMPTY_MAIN).map_err(|e| format!("{}: {e}", source.display()))?;
    let mut out = String::from("| build | vs | instructions | more than plain | binary bytes | dynamic relocations |\n|---|---|---:|---:|---:|---:|\n");
    for build in builds.iter().filter(|b| b.profile_env.is_some()) {
        let Some(baseline) = build.baseline.as_deref().and_then(|label| builds.iter().find(|b| b.label == label)) else { continue };
        let plain = measure(baseline, nissecc, &source, dir)?;
        let profiled = measure(build, nissecc, &source, dir)?;
        let extra = profiled.instructions as f64 - plain.instructions as f64;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            build.label,
            baseline.label,
            grouped(profiled.instructions as f64),
            grouped(extra),
            grouped(profiled.bytes as f64),
            grouped(profiled.relocations as f64)
        );
    }
    Ok(out)
}

/// Builds the empty program as `build` and measures one run.
fn measure(build: &Build, nissecc: &Path, source: &Path, dir: &Path) -> Result<Cost, String> {
    let exe = dir.join(format!("empty.{}", build.label));
    let output = compile_command(build, nissecc, source, &exe).output().map_err(|e| format!("fixed cost [{}]: {e}", build.label))?;
    if !output.status.success() {
        return Err(format!("fixed cost [{}]: the build failed: {}", build.label, String::from_utf8_lossy(&output.stderr)));
    }
    let profile: PathBuf = dir.join(format!("empty.{}.prof", build.label));
    let measured = callgrind::measure(&exe, "", &profile_env(build, &profile), &OwnFunctions::new([]), dir)?;
    let bytes = std::fs::metadata(&exe).map_err(|e| format!("{}: {e}", exe.display()))?.len();
    Ok(Cost { instructions: measured.instructions, bytes, relocations: dynamic_relocations(&exe)? })
}

/// The number of dynamic relocations of the executable at `exe`.
fn dynamic_relocations(exe: &Path) -> Result<u64, String> {
    let bytes = std::fs::read(exe).map_err(|e| format!("{}: {e}", exe.display()))?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("{}: {e}", exe.display()))?;
    Ok(file.dynamic_relocations().map_or(0, |relocations| relocations.count() as u64))
}
