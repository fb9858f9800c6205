//! Calls that become an instruction instead of a call:
//!
//! - C library functions that Cranelift has an instruction for, as gcc
//!   does at every optimization level: `fabs` and `fabsf` (clearing the
//!   sign bit cannot fail or set `errno`), and `abs`, `labs` and `llabs`
//!   (`iabs`, a negation and a conditional move; C11 7.22.6.1 leaves the
//!   most negative argument undefined, and `iabs` returns it unchanged, as
//!   the C library does). `sqrt` is not among them,
//!   because it sets `errno` for negative arguments. A module that defines
//!   a function of the same name keeps its own function.
//! - The instrumentation's atomic counter add
//!   ([`ATOMIC_ADD_FUNCTION`], `-fprofile-update=atomic`), which exists
//!   only as this instruction: a `lock`-prefixed add to memory.
//! - The atomic operations of `nissecc_midend::ir::atomics`, which become
//!   Cranelift's atomic instructions (all sequentially consistent); its
//!   signal fence, the compiler barrier, is an atomic load from a one-byte
//!   stack slot.
//! - The frame builtins of `nissecc_midend::ir::frame`, which become
//!   `get_frame_pointer` and `get_return_address` in a function compiled
//!   with its frame pointer kept (`frame::reads_frame`).

use cranelift_codegen::ir::{self as clif, AtomicRmwOp, InstBuilder, MemFlagsData};
use cranelift_frontend::FunctionBuilder;
use nissecc_midend::instrument::counter_array::{atomic_add_signature, ATOMIC_ADD_FUNCTION};
use crate::types::clif_type;
use nissecc_midend::ir::atomics::{AtomicOp, RmwOp};
use nissecc_midend::ir::frame;
use nissecc_midend::ir::{Callee, Function, Inst, InstData, Module, Signature, Type};

/// The instruction a call becomes instead of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BuiltinCall {
    Atomic(AtomicOp, Type),
    FrameAddress,
    ReturnAddress,
    CounterAdd,
    Fabs,
    Iabs,
}

/// What a call to `name` with signature `sig` and `nargs` arguments
/// becomes, if it is one of the calls above; `None` for an ordinary call.
pub(crate) fn builtin_call(module: &Module, name: &str, sig: &Signature, nargs: usize) -> Option<BuiltinCall> {
    if module.function(name).is_some() {
        return None;
    }
    if let Some((op, ty)) = AtomicOp::of_function(name) {
        if *sig == op.function(ty).1 && nargs == sig.params.len() {
            return Some(BuiltinCall::Atomic(op, ty));
        }
    }
    if frame::is_frame_function(name) && *sig == frame::signature() && nargs == 0 {
        return Some(if name == frame::FRAME_ADDRESS_FUNCTION { BuiltinCall::FrameAddress } else { BuiltinCall::ReturnAddress });
    }
    if name == ATOMIC_ADD_FUNCTION && *sig == atomic_add_signature() && nargs == 2 {
        return Some(BuiltinCall::CounterAdd);
    }
    let (ty, builtin) = match name {
        "fabs" => (Type::F64, BuiltinCall::Fabs),
        "fabsf" => (Type::F32, BuiltinCall::Fabs),
        "abs" => (Type::I32, BuiltinCall::Iabs),
        "labs" | "llabs" => (Type::I64, BuiltinCall::Iabs),
        _ => return None,
    };
    let c_signature = !sig.variadic && sig.params == [ty] && sig.ret == Some(ty);
    (c_signature && nargs == 1).then_some(builtin)
}

/// Emits the instruction that replaces a call to `name` with `args`, if
/// `name` is such a function called with its signature. Returns `None`
/// for an ordinary call, and otherwise the instruction's result, if it
/// has one.
pub(crate) fn lower_builtin_call(
    builder: &mut FunctionBuilder,
    module: &Module,
    name: &str,
    sig: &Signature,
    args: &[clif::Value],
) -> Option<Option<clif::Value>> {
    Some(match builtin_call(module, name, sig, args.len())? {
        BuiltinCall::Atomic(op, ty) => lower_atomic(builder, op, clif_type(ty), args),
        BuiltinCall::FrameAddress => Some(builder.ins().get_frame_pointer(crate::types::POINTER)),
        BuiltinCall::ReturnAddress => Some(builder.ins().get_return_address(crate::types::POINTER)),
        BuiltinCall::CounterAdd => {
            builder.ins().atomic_rmw(clif::types::I64, MemFlagsData::trusted(), AtomicRmwOp::Add, args[0], args[1]);
            None
        }
        BuiltinCall::Fabs => Some(builder.ins().fabs(args[0])),
        BuiltinCall::Iabs => Some(builder.ins().iabs(args[0])),
    })
}

/// True when `inst` is a call that stays a call in the machine code.
pub(crate) fn is_machine_call(module: &Module, func: &Function, inst: Inst) -> bool {
    match &func.insts[inst] {
        InstData::Call { callee: Callee::Direct(name), sig, args } => builtin_call(module, name, sig, args.len()).is_none(),
        InstData::Call { .. } => true,
        _ => false,
    }
}

/// Emits the Cranelift atomic instruction of `op` on values of type `ty`.
fn lower_atomic(builder: &mut FunctionBuilder, op: AtomicOp, ty: clif::Type, args: &[clif::Value]) -> Option<clif::Value> {
    let flags = MemFlagsData::trusted();
    match op {
        AtomicOp::Load => Some(builder.ins().atomic_load(ty, flags, args[0])),
        AtomicOp::Store => {
            builder.ins().atomic_store(flags, args[1], args[0]);
            None
        }
        AtomicOp::Rmw(rmw) => {
            let rmw = match rmw {
                RmwOp::Add => AtomicRmwOp::Add,
                RmwOp::Sub => AtomicRmwOp::Sub,
                RmwOp::And => AtomicRmwOp::And,
                RmwOp::Or => AtomicRmwOp::Or,
                RmwOp::Xor => AtomicRmwOp::Xor,
                RmwOp::Nand => AtomicRmwOp::Nand,
                RmwOp::Exchange => AtomicRmwOp::Xchg,
            };
            Some(builder.ins().atomic_rmw(ty, flags, rmw, args[0], args[1]))
        }
        AtomicOp::CompareExchange => Some(builder.ins().atomic_cas(flags, args[0], args[1], args[2])),
        AtomicOp::Fence => {
            builder.ins().fence();
            None
        }
        AtomicOp::SignalFence => {
            // An atomic load has fence semantics for Cranelift (its alias
            // analysis and code motion keep memory accesses on their side
            // of it) and is a plain `mov` on x86: a compiler barrier for
            // one load.
            let slot = builder.create_sized_stack_slot(clif::StackSlotData::new(clif::StackSlotKind::ExplicitSlot, 1, 0));
            let addr = builder.ins().stack_addr(crate::types::POINTER, slot, 0);
            builder.ins().atomic_load(clif::types::I8, flags, addr);
            None
        }
    }
}

/// Whether `name` is a function that exists only as an instruction, so
/// that the object must not import it.
pub(crate) fn is_instruction_only(name: &str) -> bool {
    name == ATOMIC_ADD_FUNCTION || AtomicOp::of_function(name).is_some() || frame::is_frame_function(name)
}

