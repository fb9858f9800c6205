//! Runs the system C preprocessor (`cc -E`) on a source file.
//!
//! The preprocessed text keeps `# N "file"` line markers, which
//! `source_map` uses to map lang-c's byte offsets back to the user's files.
//!
//! Source is bytes, and lang-c reads `&str`: a byte that is not part of
//! valid UTF-8 (a Latin-1 `é` inside a string literal, which gcc accepts)
//! becomes the private-use character U+F700 + byte ([`escape_byte`]), and
//! `literal` turns it back into that byte, as Python's `surrogateescape`
//! does. (A source that spells U+F780 to U+F7FF itself, in UTF-8, gets
//! raw bytes for them too; columns after an escaped byte on its line are
//! off by two.) The preprocessor's warnings (`#warning`, null characters
//! it ignored) are passed on.
//!
//! A `.i` file is C that is already preprocessed, as gcc takes it (`cc
//! -E` writes one, and ccache and `make foo.i` hand it back): it is read
//! as it is, with no preprocessor run.

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
    /// Other flags for the preprocessor, in order: `-include F`,
    /// `-isystem D`, dependency files (`-MMD -MF F`)…
    pub extra: Vec<String>,
}

/// The preprocessor's output.
pub struct Preprocessed {
    /// The text, with any byte that is not UTF-8 escaped.
    pub text: String,
    /// What the preprocessor printed, already in `file:line:col:` form.
    pub messages: String,
}

/// The first of the 128 private-use characters that stand for the bytes
/// 0x80 to 0xFF that are not UTF-8 (U+F780 to U+F7FF).
const ESCAPED_BYTES: u32 = 0xF700;

/// The character that stands for the byte `b` (0x80 or more).
pub fn escape_byte(b: u8) -> char {
    char::from_u32(ESCAPED_BYTES + u32::from(b)).expect("a private-use character")
}

/// The byte that `c` stands for, if it is an escaped byte.
pub fn escaped_byte(c: char) -> Option<u8> {
    let code = c as u32;
    (ESCAPED_BYTES + 0x80..=ESCAPED_BYTES + 0xFF).contains(&code).then(|| (code - ESCAPED_BYTES) as u8)
}

/// `bytes` as a string, with every byte that is not part of valid UTF-8
/// escaped.
fn escape_invalid_utf8(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(chunk.invalid().iter().map(|&b| escape_byte(b)));
    }
    out
}

/// Whether `path` names a C source, by its extension as gcc reads it:
/// `.c`, or `.i` for C already preprocessed.
pub fn is_c_source(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "c" || e == PREPROCESSED_EXTENSION)
}

/// The extension of C that is already preprocessed.
const PREPROCESSED_EXTENSION: &str = "i";

/// Preprocesses `path` and returns the preprocessed text.
pub fn preprocess(path: &Path, options: &PreprocessOptions) -> Result<Preprocessed, Diagnostic> {
    if path.extension().is_some_and(|e| e == PREPROCESSED_EXTENSION) {
        let bytes = std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read {}: {e}", path.display())))?;
        return Ok(Preprocessed { text: escape_invalid_utf8(&bytes), messages: String::new() });
    }
    let output = command(path, options)
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
    let text = match String::from_utf8(output.stdout) {
        Ok(text) => text,
        Err(e) => escape_invalid_utf8(e.as_bytes()),
    };
    Ok(Preprocessed { text, messages: String::from_utf8_lossy(&output.stderr).into_owned() })
}

/// The changes to gcc's predefined macros that describe what nissecc
/// lacks, as preprocessor flags. Programs select their code by these
/// macros, so a reference compiler given the same flags builds the same
/// code paths as nissecc (the semantic fuzzer's gcc builds do).
pub fn feature_macros() -> Vec<String> {
    let mut flags = Vec::new();
    // nissecc announces what gcc -O2 announces for x86-64, `__SSE__`,
    // `__SSE2__`, `__MMX__` and `__MMX_WITH_SSE__` included: it computes
    // the ia32 builtins behind `<mmintrin.h>`, `<xmmintrin.h>` and
    // `<emmintrin.h>` (`lower/sse_integer_builtins.rs`,
    // `lower/sse_float_builtins.rs`, `lower/sse_instruction_helpers.rs`),
    // so programs take the SIMD paths that gcc's builds take. Floating-point
    // math is SSE math (`__SSE_MATH__`, `__FLT_EVAL_METHOD__` 0), as gcc's.
    // It does not announce `__float128`, which it lacks, and it says that
    // it has no complex types (C11 §6.10.8.3): it computes with `_Complex
    // float` and `_Complex double`, but the standard's complex types
    // include `_Complex long double`, which stays unsupported, so
    // programs that test for them take their portable paths instead of
    // failing on an `unsupported:` type. (It has `_Atomic` and `__int128`,
    // whose `__SIZEOF_INT128__` gcc's own definition announces.)
    flags.push("-U__SIZEOF_FLOAT128__".to_string());
    flags.push("-D__STDC_NO_COMPLEX__=1".to_string());
    flags
}

/// The preprocessor command for `path`, which writes the preprocessed
/// text to its standard output (what `nissecc -E` prints, too).
pub fn command(path: &Path, options: &PreprocessOptions) -> Command {
    let mut cmd = Command::new("cc");
    cmd.arg("-E").arg(format!("-std={}", options.standard.as_deref().unwrap_or("gnu11")));
    // Headers must not select inline or builtin variants that assume GCC's
    // own code generator.
    cmd.arg("-U__OPTIMIZE__").arg("-D__NISSECC__=1");
    cmd.args(feature_macros());
    for dir in &options.include_dirs {
        cmd.arg(format!("-I{dir}"));
    }
    for def in &options.defines {
        cmd.arg(format!("-D{def}"));
    }
    for undef in &options.undefines {
        cmd.arg(format!("-U{undef}"));
    }
    cmd.args(&options.extra);
    cmd.arg(path);
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_utf8_round_trip() {
        let text = escape_invalid_utf8(b"\"caf\xe9 \xff\" \xc3\xa9");
        assert_eq!(text.chars().filter_map(escaped_byte).collect::<Vec<u8>>(), vec![0xe9, 0xff]);
        assert!(text.ends_with(" é"), "valid UTF-8 stays as it is: {text}");
    }
}
