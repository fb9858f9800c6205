//! The mapping of IR types and signatures onto Cranelift's.

use cranelift_codegen::ir::{types, AbiParam, Signature as ClifSignature, Type as ClifType};
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

/// A Cranelift signature with the given parameter types and result.
pub(crate) fn signature_of(
    params: impl IntoIterator<Item = Type>,
    ret: Option<Type>,
) -> ClifSignature {
    let mut sig = ClifSignature::new(CALL_CONV);
    sig.params
        .extend(params.into_iter().map(|ty| AbiParam::new(clif_type(ty))));
    sig.returns
        .extend(ret.map(|ty| AbiParam::new(clif_type(ty))));
    sig
}

/// The Cranelift signature of an IR signature. For a variadic function
/// this covers the fixed parameters only; calls with further arguments
/// use a signature made of their actual argument types instead.
pub(crate) fn clif_signature(sig: &Signature) -> ClifSignature {
    signature_of(sig.params.iter().copied(), sig.ret)
}

/// The Cranelift signature a definition is compiled with: a variadic
/// definition also receives the free argument registers as parameters
/// (see `nissecc_midend::ir::varargs`).
pub(crate) fn definition_signature(sig: &Signature) -> ClifSignature {
    signature_of(nissecc_midend::ir::varargs::entry_params(sig), sig.ret)
}

/// Prints a list of IR or CLIF types as `(i32, f64)` for error messages.
pub(crate) fn type_list<T: std::fmt::Display>(tys: impl IntoIterator<Item = T>) -> String {
    let names: Vec<String> = tys.into_iter().map(|ty| ty.to_string()).collect();
    format!("({})", names.join(", "))
}
