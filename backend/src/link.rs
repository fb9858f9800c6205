//! Links objects into an executable with the system C compiler driver,
//! which adds the C runtime start files and libc.

use crate::error::BackendError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The C compiler driver used for linking.
const LINKER: &str = "cc";

/// Runs `cc objects... -o output -lm extra_args...`.
pub fn link(objects: &[PathBuf], output: &Path, extra_args: &[String]) -> Result<(), BackendError> {
    let mut command = Command::new(LINKER);
    command
        .args(objects)
        .arg("-o")
        .arg(output)
        .arg("-lm")
        .args(extra_args);
    let result = command
        .output()
        .map_err(|e| BackendError::new(format!("cannot run the linker `{LINKER}`: {e}")))?;
    if result.status.success() {
        return Ok(());
    }
    Err(BackendError::new(format!(
        "linking {} failed ({}): {:?}\n{}",
        output.display(),
        result.status,
        command,
        String::from_utf8_lossy(&result.stderr).trim_end()
    )))
}
