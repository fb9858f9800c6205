//! nissecc's backend, the only crate that knows Cranelift.
//!
//! It lowers a [`midend::ir::Module`](nissecc_midend::ir::Module) to
//! Cranelift IR (CLIF), compiles it to an x86-64 ELF object with
//! `cranelift-object`, and links objects into an executable with the
//! system `cc`. The pipeline of one module is:
//!
//! 1. `declare`: every function, extern and data object becomes a symbol
//!    of the object module.
//! 2. `data`: data objects are defined, with their relocations.
//! 3. `lower`: each IR function becomes one CLIF function; calls to
//!    variadic functions, direct or through a pointer, go through the
//!    thunks of `variadic_thunk`.
//! 4. `module_emit`: the CLIF functions are compiled and defined (with
//!    the PC map of each sampled function, `pc_map`), then the thunks,
//!    and the object is written.
//!
//! [`link()`] then runs `cc`.

mod aliases;
mod assembly;
mod block_order;
mod builtins;
mod by_value;
mod data;
mod declare;
mod doubled_indices;
mod error;
mod extending_loads;
mod got_relaxation;
mod invariant_carriers;
mod value_liveness;
mod isa;
mod link;
mod condition_placement;
mod load_users;
mod loop_branches;
mod loop_boundary_copies;
mod lower;
mod module_emit;
mod operand_order;
mod pc_map;
mod schedule;
mod selection_forms;
mod symbols;
mod types;
mod use_counts;
mod variadic_thunk;
mod x87;

pub use error::BackendError;
pub use link::{beyond_small_code_model, link};

use module_emit::ObjectEmitter;
use nissecc_midend::ir::Module;

/// How hard Cranelift optimizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OptLevel {
    /// Cranelift's `none`: fastest compilation (`-O0`).
    #[default]
    None,
    /// Cranelift's `speed` (`-O1`, `-O2`).
    Speed,
}

/// Options of the backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackendOptions {
    pub opt_level: OptLevel,
    /// Runs the Cranelift verifier on every lowered function before
    /// compiling it, so that malformed IR becomes a [`BackendError`]
    /// instead of a panic inside Cranelift. On by default; the verifier
    /// inside Cranelift's own pipeline runs only in debug builds.
    pub verify: bool,
}

impl Default for BackendOptions {
    fn default() -> Self {
        BackendOptions {
            opt_level: OptLevel::None,
            verify: true,
        }
    }
}

/// Compiles `module` to the bytes of an x86-64 ELF relocatable object.
pub fn compile_module(module: &Module, opts: &BackendOptions) -> Result<Vec<u8>, BackendError> {
    let mut emitter = ObjectEmitter::new(module, opts)?;
    for func in &module.functions {
        emitter.lower(func)?;
        emitter.define(func)?;
    }
    assembly::merge_assembly(emitter.finish()?, &module.assembly)
}

/// The CLIF of every function of `module`, as lowered and before any
/// Cranelift optimization (`--emit=clif`). A header comment maps the
/// symbol numbers (`u0:3`) the functions refer to onto names.
pub fn emit_clif(module: &Module, opts: &BackendOptions) -> Result<String, BackendError> {
    let mut emitter = ObjectEmitter::new(module, opts)?;
    let mut functions = String::new();
    for func in &module.functions {
        emitter.lower(func)?;
        functions.push('\n');
        functions.push_str(&emitter.current_clif());
    }
    // The legend comes last to be built, as lowering declares the thunks.
    Ok(emitter.symbol_legend() + &functions)
}

/// A listing of the machine code of every function of `module` (`-S`,
/// `--emit=asm`), as Cranelift's VCode after register allocation, followed
/// by the variadic-call thunks. It is for reading, not for assembling.
pub fn emit_asm(module: &Module, opts: &BackendOptions) -> Result<String, BackendError> {
    let mut emitter = ObjectEmitter::new(module, opts)?;
    emitter.set_disasm(true);
    let mut text = String::new();
    for func in &module.functions {
        emitter.lower(func)?;
        emitter.define(func)?;
        text.push_str(&emitter.current_asm(&func.name));
        text.push('\n');
    }
    text.push_str(&emitter.thunk_asm());
    Ok(text)
}
