//! Links objects into an executable with the system C compiler driver,
//! which adds the C runtime start files and libc.

use crate::error::BackendError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The C compiler driver used for linking.
const LINKER: &str = "cc";

/// Runs `cc objects... -o output extra_args... -lm runtime...`: `-lm`
/// comes after the user's libraries, as gcc's own libraries do, so that
/// static archives among `extra_args` that call the math library link
/// (Tcl's configure finds `sin` without `-lm`, since nissecc adds it, and
/// links `-ltcl8.6` alone); the profiling runtime (`runtime`) comes after
/// it, so that the math functions the runtime's `compiler_builtins` also
/// defines are libm's. What the driver and
/// the linker say on a successful link (their warnings, or with `-v` in
/// `extra_args` the commands they run, which CMake reads to find the
/// system's library directories) goes to our standard error, as gcc's
/// does.
pub fn link(objects: &[PathBuf], output: &Path, extra_args: &[String], runtime: &[String]) -> Result<(), BackendError> {
    let mut command = Command::new(LINKER);
    command
        .args(objects)
        .arg("-o")
        .arg(output)
        .args(extra_args)
        .arg("-lm")
        .args(runtime);
    let result = command
        .output()
        .map_err(|e| BackendError::new(format!("cannot run the linker `{LINKER}`: {e}")))?;
    if result.status.success() {
        eprint!("{}", String::from_utf8_lossy(&result.stderr));
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&result.stderr);
    Err(BackendError::new(format!(
        "linking {} failed ({}): {:?}\n{}{}",
        output.display(),
        result.status,
        command,
        stderr.trim_end(),
        if beyond_small_code_model(&stderr) { SMALL_CODE_MODEL_HINT } else { "" }
    )))
}

/// What the driver adds to a link that failed because data lies beyond
/// the small code model's ±2 GB reach of RIP-relative addressing.
pub const SMALL_CODE_MODEL_HINT: &str = "\nnote: the program's static data exceeds the small code model's 2 GB, so code after it is out of reach \
     (with -fprofile-instr, the profiling runtime's; gcc -fprofile-arcs and clang -fprofile-generate fail the same way)";

/// True when the linker's complaint `stderr` is about an address out of
/// RIP-relative reach.
pub fn beyond_small_code_model(stderr: &str) -> bool {
    stderr.contains("relocation truncated to fit") || stderr.contains("failed to convert GOTPCREL relocation")
}
