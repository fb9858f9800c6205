//! Variadic definitions in the System V x86-64 ABI (AMD64 psABI §3.5.7).
//! A caller passes the unnamed arguments of a variadic call exactly as it
//! would pass named ones: in the general-purpose and vector argument
//! registers the named arguments left free, then on the stack. A variadic
//! definition therefore receives, after its named parameters, one extra
//! entry-block parameter per free register: an `i64` for each of the six
//! general-purpose registers and then an `f64` for each of the eight vector
//! registers (the low half, which is where a `double` argument travels).
//! The frontend stores them into a register save area for `va_arg`, and
//! `incoming_stack_args` gives the overflow area. The backend declares the
//! definition with these extra parameters, so Cranelift, which has no
//! variadic functions, reads the registers for it.

use super::abi::{assign, GP_ARGUMENT_REGISTERS, VECTOR_ARGUMENT_REGISTERS};
use super::{Signature, Type};

/// How a variadic definition's named parameters use the argument
/// registers and the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedArguments {
    /// General-purpose registers taken, at most six.
    pub gp_registers: usize,
    /// Vector registers taken, at most eight.
    pub vector_registers: usize,
    /// Bytes of named arguments passed on the stack.
    pub stack_bytes: usize,
}

impl NamedArguments {
    /// The places of `sig`'s parameters, as the System V ABI assigns them
    /// (see `abi::assign`; structs passed by value take one register per
    /// eightbyte or a copy on the stack).
    pub fn of(sig: &Signature) -> NamedArguments {
        let assignment = assign(sig, &sig.params);
        NamedArguments {
            gp_registers: assignment.gp_registers,
            vector_registers: assignment.vector_registers,
            stack_bytes: assignment.stack_bytes as usize,
        }
    }

    /// The extra entry-block parameters: the free registers' contents.
    pub fn unnamed_register_params(&self) -> Vec<Type> {
        let gp = GP_ARGUMENT_REGISTERS - self.gp_registers;
        let vector = VECTOR_ARGUMENT_REGISTERS - self.vector_registers;
        std::iter::repeat_n(Type::I64, gp).chain(std::iter::repeat_n(Type::F64, vector)).collect()
    }
}

/// The entry block's parameter types for a definition with signature
/// `sig`: its parameters, and for a variadic one the free registers.
pub fn entry_params(sig: &Signature) -> Vec<Type> {
    let mut params = sig.params.clone();
    if sig.variadic {
        params.extend(NamedArguments::of(sig).unnamed_register_params());
    }
    params
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_parameters_leave_the_other_registers_to_va_arg() {
        let sig = Signature::scalars(vec![Type::I64, Type::F64, Type::I32], None, true);
        let named = NamedArguments::of(&sig);
        assert_eq!(named, NamedArguments { gp_registers: 2, vector_registers: 1, stack_bytes: 0 });
        let extra = named.unnamed_register_params();
        assert_eq!(extra.iter().filter(|&&t| t == Type::I64).count(), 4);
        assert_eq!(extra.iter().filter(|&&t| t == Type::F64).count(), 7);
        assert_eq!(entry_params(&sig).len(), 3 + 11);
    }

    #[test]
    fn named_parameters_beyond_the_registers_go_on_the_stack() {
        let sig = Signature::scalars(vec![Type::I32; 8], None, true);
        let named = NamedArguments::of(&sig);
        assert_eq!(named.stack_bytes, 16);
        assert_eq!(named.unnamed_register_params(), vec![Type::F64; 8]);
    }
}
