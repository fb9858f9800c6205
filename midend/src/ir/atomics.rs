//! Atomic memory operations, for GCC's `__atomic_*` and `__sync_*`
//! builtins (GCC manual, "Built-in Functions for Memory Model Aware Atomic
//! Operations" and "Legacy `__sync` Built-in Functions"). The IR has no
//! atomic instructions: an atomic operation is a call to one of the
//! functions named here, which no object defines and the backend lowers to
//! Cranelift's atomic instructions. To every midend pass it is an opaque
//! call, so no memory access moves across it, which is at least as strong
//! as any C memory order asks. Cranelift's atomics are sequentially
//! consistent, so every memory order gets `__ATOMIC_SEQ_CST`.
//!
//! A signal fence (`__atomic_signal_fence`, and an `asm` statement that
//! clobbers `"memory"`) orders memory accesses for the compiler only: the
//! midend sees the same opaque call, and the backend emits an atomic load
//! from a one-byte stack slot, which has fence semantics for Cranelift and
//! is a plain `mov` on x86.
//!
//! Names: `__nissecc_atomic_<op>_<type>` with `<type>` one of `i8`,
//! `i16`, `i32`, `i64`, and `__nissecc_atomic_fence` and
//! `__nissecc_atomic_signal_fence`.

use super::types::{Signature, Type};

/// The prefix of every atomic operation's name.
const PREFIX: &str = "__nissecc_atomic_";

/// An atomic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    /// `(ptr) -> T`.
    Load,
    /// `(ptr, T)`.
    Store,
    /// `(ptr, T) -> old T`: the read-modify-write operations.
    Rmw(RmwOp),
    /// `(ptr, expected T, desired T) -> old T`.
    CompareExchange,
    /// `()`: a full memory fence.
    Fence,
    /// `()`: a compiler barrier, which emits no fence instruction.
    SignalFence,
}

/// What a read-modify-write operation stores, from the old value and the
/// operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    /// `~(old & operand)`.
    Nand,
    /// The operand.
    Exchange,
}

impl RmwOp {
    const ALL: [RmwOp; 7] = [RmwOp::Add, RmwOp::Sub, RmwOp::And, RmwOp::Or, RmwOp::Xor, RmwOp::Nand, RmwOp::Exchange];

    fn name(self) -> &'static str {
        match self {
            RmwOp::Add => "add",
            RmwOp::Sub => "sub",
            RmwOp::And => "and",
            RmwOp::Or => "or",
            RmwOp::Xor => "xor",
            RmwOp::Nand => "nand",
            RmwOp::Exchange => "xchg",
        }
    }
}

impl AtomicOp {
    fn name(self) -> &'static str {
        match self {
            AtomicOp::Load => "load",
            AtomicOp::Store => "store",
            AtomicOp::Rmw(op) => op.name(),
            AtomicOp::CompareExchange => "cas",
            AtomicOp::Fence => "fence",
            AtomicOp::SignalFence => "signal_fence",
        }
    }

    /// The function that performs this operation on values of type `ty`
    /// (ignored for a fence), and its signature.
    pub fn function(self, ty: Type) -> (String, Signature) {
        let scalars = |params: Vec<Type>, ret: Option<Type>| Signature::scalars(params, ret, false);
        match self {
            AtomicOp::Fence | AtomicOp::SignalFence => (format!("{PREFIX}{}", self.name()), scalars(vec![], None)),
            AtomicOp::Load => (self.typed_name(ty), scalars(vec![Type::PTR], Some(ty))),
            AtomicOp::Store => (self.typed_name(ty), scalars(vec![Type::PTR, ty], None)),
            AtomicOp::Rmw(_) => (self.typed_name(ty), scalars(vec![Type::PTR, ty], Some(ty))),
            AtomicOp::CompareExchange => (self.typed_name(ty), scalars(vec![Type::PTR, ty, ty], Some(ty))),
        }
    }

    fn typed_name(self, ty: Type) -> String {
        format!("{PREFIX}{}_{ty}", self.name())
    }

    /// The operation and type that the function `name` performs, if it is
    /// one of these functions.
    pub fn of_function(name: &str) -> Option<(AtomicOp, Type)> {
        let rest = name.strip_prefix(PREFIX)?;
        if let Some(fence) = [AtomicOp::Fence, AtomicOp::SignalFence].into_iter().find(|f| f.name() == rest) {
            return Some((fence, Type::I64));
        }
        let (op, ty) = rest.rsplit_once('_')?;
        let ty = [Type::I8, Type::I16, Type::I32, Type::I64].into_iter().find(|t| t.to_string() == ty)?;
        let op = [AtomicOp::Load, AtomicOp::Store, AtomicOp::CompareExchange]
            .into_iter()
            .chain(RmwOp::ALL.map(AtomicOp::Rmw))
            .find(|o| o.name() == op)?;
        Some((op, ty))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_is_read_back_from_its_name() {
        let ops = [AtomicOp::Load, AtomicOp::Store, AtomicOp::CompareExchange, AtomicOp::Fence, AtomicOp::SignalFence].into_iter().chain(RmwOp::ALL.map(AtomicOp::Rmw));
        for op in ops {
            for ty in [Type::I8, Type::I16, Type::I32, Type::I64] {
                let (name, _) = op.function(ty);
                let expected_ty = if matches!(op, AtomicOp::Fence | AtomicOp::SignalFence) { Type::I64 } else { ty };
                assert_eq!(AtomicOp::of_function(&name), Some((op, expected_ty)), "{name}");
            }
        }
        assert_eq!(AtomicOp::of_function("__nissecc_atomic_add_f64"), None);
        assert_eq!(AtomicOp::of_function("__nissecc_atomic_mul_i32"), None);
        assert_eq!(AtomicOp::of_function("atomic_add_i32"), None);
    }
}
