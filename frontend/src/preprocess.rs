//! Runs the system C preprocessor (`cc -E`) on a source file.
//!
//! The preprocessed text keeps `# N "file"` line markers, which
//! `source_map` uses to map lang-c's byte offsets back to the user's files.

use crate::diagnostic::Diagnostic;
use std::path::Path;
use std::process::Command;

/// Options passed through to the preprocessor.
#[derive(Clone, Debug, Default)]
pub struct PreprocessOptions {
    pub include_dirs: Vec<String>,
    /// `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
    pub undefines: Vec<String>,
    /// The `-std=` language (`c89`, `gnu11`…); `gnu11` when unset.
    pub standard: Option<String>,
}

/// Preprocesses `path` and returns the preprocessed text.
pub fn preprocess(path: &Path, options: &PreprocessOptions) -> Result<String, Diagnostic> {
    let mut cmd = Command::new("cc");
    cmd.arg("-E").arg(format!("-std={}", options.standard.as_deref().unwrap_or("gnu11")));
    // Headers must not select inline or builtin variants that assume GCC's
    // own code generator.
    cmd.arg("-U__OPTIMIZE__").arg("-D__NISSECC__=1");
    for dir in &options.include_dirs {
        cmd.arg(format!("-I{dir}"));
    }
    for def in &options.defines {
        cmd.arg(format!("-D{def}"));
    }
    for undef in &options.undefines {
        cmd.arg(format!("-U{undef}"));
    }
    cmd.arg(path);
    let output = cmd
        .output()
        .map_err(|e| Diagnostic::error(format!("cannot run the preprocessor `cc -E`: {e}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(Diagnostic::error(format!(
            "preprocessing {} failed:\n{}",
            path.display(),
            stderr.trim_end()
        )));
    }
    String::from_utf8(output.stdout)
        .map_err(|_| Diagnostic::error(format!("{}: unsupported: source text that is not valid UTF-8 (lang-c reads UTF-8 only)", path.display())))
}
