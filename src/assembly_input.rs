//! Assembly inputs (`.s`, and `.S` and `.sx`, which go through the
//! preprocessor first) given with `-c`: nissecc hands them to the system
//! `cc`, as it hands it the linking, so that `make CC=nissecc` builds
//! projects with assembly sources (libsodium's `salsa20_xmm6-asm.S`).
//! nissecc used to take them for objects to link, and with `-c` wrote
//! nothing and succeeded. Without `-c` they still go to the linking `cc`,
//! which assembles them itself.

use std::path::Path;
use std::process::Command;

/// Whether `path` names an assembly source, by its extension as gcc reads
/// it.
pub fn is_assembly(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "s" || e == "S" || e == "sx")
}

/// Assembles `input` into `object` with `cc -c`, passing it the
/// preprocessor's flags (`-I`, `-D`, `-U`, dependency files), which `cc`
/// applies to a `.S` file and ignores for a `.s` one.
pub fn assemble(input: &Path, object: &Path, preprocessor_flags: &[String]) -> Result<(), String> {
    let status = Command::new("cc")
        .arg("-c")
        .args(preprocessor_flags)
        .arg(input)
        .arg("-o")
        .arg(object)
        .status()
        .map_err(|e| format!("nissecc: error: cannot run the assembler `cc -c`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("nissecc: error: assembling '{}' failed", input.display()))
    }
}
