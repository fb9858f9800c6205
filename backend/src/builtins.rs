//! C library functions that Cranelift has an instruction for, so that a
//! call to them becomes that instruction, as gcc does at every
//! optimization level: `fabs` and `fabsf` (clearing the sign bit cannot
//! fail or set `errno`). `sqrt` is not among them, because it sets `errno`
//! for negative arguments. A module that defines a function of the same
//! name keeps its own function.

use cranelift_codegen::ir::{self as clif, InstBuilder};
use cranelift_frontend::FunctionBuilder;
use nissecc_midend::ir::{Module, Signature, Type};

/// Emits the instruction that replaces a call to `name` with `args`, if
/// `name` is such a library function called with its C signature, and
/// returns its result.
pub(crate) fn lower_builtin_call(
    builder: &mut FunctionBuilder,
    module: &Module,
    name: &str,
    sig: &Signature,
    args: &[clif::Value],
) -> Option<clif::Value> {
    let float = match name {
        "fabs" => Type::F64,
        "fabsf" => Type::F32,
        _ => return None,
    };
    let c_signature = !sig.variadic && sig.params == [float] && sig.ret == Some(float);
    if !c_signature || args.len() != 1 || module.function(name).is_some() {
        return None;
    }
    Some(builder.ins().fabs(args[0]))
}
