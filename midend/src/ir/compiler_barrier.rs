//! The compiler barrier: a call to [`COMPILER_BARRIER_FUNCTION`], which
//! the frontend emits for an empty `asm` statement that clobbers
//! `"memory"` (`asm volatile ("" ::: "memory")`, the classic `barrier()`).
//! To the midend it is an opaque call, so no pass moves, reuses or
//! removes a memory access across it; the backend lowers it to an
//! instruction with Cranelift's fence semantics that costs one load
//! (x86 needs no fence instruction for a compiler barrier), never to a
//! call.

use super::types::Signature;

/// The name of the barrier "function"; no object defines it.
pub const COMPILER_BARRIER_FUNCTION: &str = "__nissecc_compiler_barrier";

/// The signature of [`COMPILER_BARRIER_FUNCTION`]: no arguments, no result.
pub fn compiler_barrier_signature() -> Signature {
    Signature::scalars(vec![], None, false)
}
