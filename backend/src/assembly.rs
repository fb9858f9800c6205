//! Functions written in assembly (`ir::AssemblyFunction`, the wrappers of
//! inline `asm` statements) join the module's object: the system's
//! assembler, through the C compiler driver, assembles their text, and
//! `ld -r` merges that object with Cranelift's into one relocatable
//! object, so that `-c` still writes one `.o` and the link needs nothing
//! more. Cranelift has no way to take assembler text.

use crate::error::BackendError;
use nissecc_midend::ir::AssemblyFunction;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// Scratch directories made by this process so far.
static SCRATCH: AtomicU32 = AtomicU32::new(0);

/// `object` with `functions` assembled into it.
pub(crate) fn merge_assembly(object: Vec<u8>, functions: &[AssemblyFunction]) -> Result<Vec<u8>, BackendError> {
    if functions.is_empty() {
        return Ok(object);
    }
    let dir = std::env::temp_dir().join(format!("nissecc-asm-{}-{}", std::process::id(), SCRATCH.fetch_add(1, Ordering::Relaxed)));
    std::fs::create_dir_all(&dir).map_err(|e| BackendError::new(format!("cannot create {}: {e}", dir.display())))?;
    let result = merge_in(&dir, object, functions);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn merge_in(dir: &Path, object: Vec<u8>, functions: &[AssemblyFunction]) -> Result<Vec<u8>, BackendError> {
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| BackendError::new(format!("cannot write {}: {e}", path.display())))?;
        Ok::<_, BackendError>(path)
    };
    let source: String = functions.iter().map(|f| f.text.as_str()).collect::<Vec<_>>().join("\n") + "\n\t.section .note.GNU-stack,\"\",@progbits\n";
    let compiled = write("compiled.o", &object)?;
    let assembly = write("asm.s", source.as_bytes())?;
    let assembled = dir.join("asm.o");
    let merged = dir.join("merged.o");
    assemble(&assembly, &assembled)?;
    run(Command::new("ld").arg("-r").arg(&compiled).arg(&assembled).arg("-o").arg(&merged), "merging the inline assembly's object")?;
    std::fs::read(&merged).map_err(|e| BackendError::new(format!("cannot read {}: {e}", merged.display())))
}

/// Assembles `assembly` into `assembled`. The templates' lines carry line
/// markers of the user's source (the frontend's `asm_wrapper`), so an
/// error the assembler reports at one of them is the program's: an
/// instruction GAS does not know, as gcc would report it. An error at a
/// line of the scratch file itself is in the wrapper nissecc wrote.
fn assemble(assembly: &Path, assembled: &Path) -> Result<(), BackendError> {
    let what = "assembling the inline assembly";
    let output = output_of(Command::new("cc").arg("-c").arg("-x").arg("assembler").arg(assembly).arg("-o").arg(assembled), what)?;
    if output.status.success() {
        return Ok(());
    }
    let messages = String::from_utf8_lossy(&output.stderr);
    let scratch = assembly.display().to_string();
    let errors: Vec<&str> = messages.lines().filter(|l| !l.ends_with("Assembler messages:")).collect();
    let in_template = !errors.is_empty() && errors.iter().all(|l| !l.starts_with(&scratch));
    if in_template {
        return Err(BackendError::in_input(format!("the assembler rejected an asm statement:\n{}", errors.join("\n"))));
    }
    Err(failure(what, &output))
}

/// The output of `command`, which does `what`.
fn output_of(command: &mut Command, what: &str) -> Result<std::process::Output, BackendError> {
    command.output().map_err(|e| BackendError::new(format!("{what}: cannot run {:?}: {e}", command.get_program())))
}

/// The error of `what`, which ended with `output`.
fn failure(what: &str, output: &std::process::Output) -> BackendError {
    BackendError::new(format!("{what} failed ({}): {}", output.status, String::from_utf8_lossy(&output.stderr).trim_end()))
}

fn run(command: &mut Command, what: &str) -> Result<(), BackendError> {
    let output = output_of(command, what)?;
    if output.status.success() {
        return Ok(());
    }
    Err(failure(what, &output))
}
