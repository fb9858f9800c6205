//! The mapping of IR types and signatures onto Cranelift's.

use crate::by_value;
use crate::error::Result;
use cranelift_codegen::ir::{types, Signature as ClifSignature, Type as ClifType};
use cranelift_codegen::isa::CallConv;
use nissecc_midend::ir::{Signature, Type};

/// The calling convention of every function: C's, System V.
pub(crate) const CALL_CONV: CallConv = CallConv::SystemV;

/// The Cranelift type of an IR type; the two type systems match 1:1.
pub(crate) fn clif_type(ty: Type) -> ClifType {
    match ty {
        Type::I8 => types::I8,
        Type::I16 => types::I16,
        Type::I32 => types::I32,
        Type::I64 => types::I64,
        Type::F32 => types::F32,
        Type::F64 => types::F64,
    }
}

/// The Cranelift pointer type.
pub(crate) const POINTER: ClifType = types::I64;

/// The Cranelift signature of an IR signature, as System V passes its
/// arguments (see [`by_value`](crate::by_value)). For a variadic function
/// this covers the fixed parameters only; calls with further arguments
/// use a signature made of their actual arguments instead.
pub(crate) fn clif_signature(sig: &Signature) -> Result<ClifSignature> {
    by_value::machine_signature(&by_value::assignment(sig, &sig.params), [])
}

/// The Cranelift signature a definition is compiled with: a variadic
/// definition also receives the free argument registers as parameters
/// (see `nissecc_midend::ir::varargs`).
pub(crate) fn definition_signature(sig: &Signature) -> Result<ClifSignature> {
    let named = sig.params.len();
    let free_registers = nissecc_midend::ir::varargs::entry_params(sig).split_off(named);
    by_value::machine_signature(&by_value::assignment(sig, &sig.params), free_registers)
}

/// Prints a list of IR or CLIF types as `(i32, f64)` for error messages.
pub(crate) fn type_list<T: std::fmt::Display>(tys: impl IntoIterator<Item = T>) -> String {
    let names: Vec<String> = tys.into_iter().map(|ty| ty.to_string()).collect();
    format!("({})", names.join(", "))
}
