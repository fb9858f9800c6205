//! The target: x86-64 System V (Linux), position-independent code because
//! `cc` links PIE executables by default.
//!
//! The ISA is looked up by a fixed triple with baseline features rather
//! than detected from the host (`cranelift_native`), so that the same IR
//! compiles to the same object on every machine, which keeps profiles and
//! code-layout experiments comparable.

use crate::error::{BackendError, Result};
use crate::{BackendOptions, OptLevel};
use cranelift_codegen::isa::{self, OwnedTargetIsa};
use cranelift_codegen::settings::{self, Configurable};
use target_lexicon::Triple;

/// The only target triple.
pub(crate) const TARGET_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// Builds the target ISA for `opts`.
/// The target ISA. `preserve_frame_pointers` is set only for the ISA that
/// compiles variadic definitions, whose `va_start` reads the frame pointer
/// (`IncomingStackArgs`), and functions that call
/// `__builtin_frame_address` or `__builtin_return_address`
/// (`nissecc_midend::ir::frame`); other functions keep frameless leaves.
/// `machine_cfg` asks for the machine code's block starts and edges,
/// which PC maps need ([`crate::pc_map`]); it changes no code.
pub(crate) fn target_isa(opts: &BackendOptions, preserve_frame_pointers: bool, machine_cfg: bool) -> Result<OwnedTargetIsa> {
    let opt_level = match opts.opt_level {
        OptLevel::None => "none",
        OptLevel::Speed => "speed",
    };
    let verifier = if cfg!(debug_assertions) {
        "true"
    } else {
        "false"
    };
    let mut flags = settings::builder();
    let preserve = if preserve_frame_pointers { "true" } else { "false" };
    let settings: [(&str, &str); 8] = [
        ("opt_level", opt_level),
        ("is_pic", "true"),
        // Thread-local objects are reached through `__tls_get_addr`, the
        // general-dynamic model, which is right in shared objects too; the
        // linker relaxes it in executables.
        ("tls_model", "elf_gd"),
        ("enable_verifier", verifier),
        // Large frames are probed page by page, as gcc's
        // -fstack-clash-protection does, without needing a runtime helper.
        ("enable_probestack", "true"),
        ("probestack_strategy", "inline"),
        ("preserve_frame_pointers", preserve),
        ("machine_code_cfg_info", if machine_cfg { "true" } else { "false" }),
    ];
    for (name, value) in settings {
        flags
            .set(name, value)
            .map_err(|e| BackendError::new(format!("Cranelift setting {name}={value}: {e}")))?;
    }
    let triple: Triple = TARGET_TRIPLE
        .parse()
        .map_err(|e| BackendError::new(format!("bad target triple {TARGET_TRIPLE}: {e}")))?;
    let builder = isa::lookup(triple)
        .map_err(|e| BackendError::new(format!("target {TARGET_TRIPLE} is unavailable: {e}")))?;
    builder
        .finish(settings::Flags::new(flags))
        .map_err(|e| BackendError::new(format!("cannot build the {TARGET_TRIPLE} ISA: {e}")))
}
