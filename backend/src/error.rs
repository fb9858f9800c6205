//! The backend's error type. Malformed IR, unknown symbols, Cranelift
//! failures and linker failures all end up here as a readable message;
//! the backend never panics on bad input.

use cranelift_codegen::ir::Function as ClifFunction;
use cranelift_codegen::print_errors::pretty_verifier_error;
use cranelift_codegen::CodegenError;
use cranelift_module::ModuleError;
use std::fmt;

/// An error of the backend, with a message naming the function (and
/// where possible the block or value) it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackendError {
    message: String,
    /// The error is the input's, not the compiler's: the assembler
    /// rejected the instructions of an `asm` statement.
    in_input: bool,
}

impl BackendError {
    pub fn new(message: impl Into<String>) -> Self {
        BackendError {
            message: message.into(),
            in_input: false,
        }
    }

    /// An error in the program being compiled (see `is_in_input`).
    pub fn in_input(message: impl Into<String>) -> Self {
        BackendError {
            message: message.into(),
            in_input: true,
        }
    }

    /// Whether the error is the input's fault, like a frontend error,
    /// rather than a failure of the compiler.
    pub fn is_in_input(&self) -> bool {
        self.in_input
    }

    /// Prefixes the message with the function it concerns.
    pub(crate) fn in_function(self, name: &str) -> Self {
        BackendError {
            message: format!("in function `{name}`: {}", self.message),
            in_input: self.in_input,
        }
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// Converts a Cranelift codegen error. Verifier errors are printed
    /// next to the CLIF of `func`, the way Cranelift's tools show them.
    pub(crate) fn from_codegen(error: CodegenError, func: &ClifFunction) -> Self {
        match error {
            CodegenError::Verifier(errors) => BackendError::new(format!(
                "the lowered CLIF is invalid:\n{}",
                pretty_verifier_error(func, None, errors)
            )),
            other => BackendError::new(format!("Cranelift failed: {other}")),
        }
    }

    /// Converts an error of `cranelift-module`; `func` is the function
    /// being defined, if any, for printing verifier errors.
    pub(crate) fn from_module(error: ModuleError, func: Option<&ClifFunction>) -> Self {
        match (error, func) {
            (ModuleError::Compilation(e), Some(func)) => BackendError::from_codegen(e, func),
            (error, _) => BackendError::new(error.to_string()),
        }
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BackendError {}

pub(crate) type Result<T> = std::result::Result<T, BackendError>;
