//! Where a function's counters live and how instrumented code updates
//! them: the one place that writes a counter (`-fprofile-update`, as in
//! gcc and clang).
//!
//! - [`ProfileUpdate::Single`] updates a counter with a plain load, add
//!   and store. It is the cheapest, and exact for a single thread; two
//!   threads updating the same counter at once may lose a count.
//! - [`ProfileUpdate::Atomic`] updates it with one atomic add, so that
//!   concurrent threads lose nothing. The add is a call of
//!   [`ATOMIC_ADD_FUNCTION`], which the backend lowers to a `lock`-prefixed
//!   add instead of a call; instrumentation runs after every midend pass,
//!   so no pass ever sees the call. Path counts in the runtime's hash table
//!   go through its atomic entry point instead.
//!
//! SESE counters (`sese::rewrite`) and path registers live in registers
//! of one activation and are private to a thread; only their flushes into
//! the array go through here, and so become atomic too.

use crate::ir::{BinaryOp, Block, Callee, Function, InstData, Module, Signature, Type, UnaryOp, Value};

/// How counters are updated (`-fprofile-update=single|atomic`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProfileUpdate {
    /// A load, an add and a store: exact in one thread.
    #[default]
    Single,
    /// An atomic add: exact in any number of threads.
    Atomic,
}

/// The function `void __nisse_atomic_add(u64 *counter, u64 delta)`,
/// which adds `delta` to `*counter` atomically. It is not a function of
/// the runtime: the backend replaces every call with the instruction.
pub const ATOMIC_ADD_FUNCTION: &str = "__nisse_atomic_add";

/// The signature of [`ATOMIC_ADD_FUNCTION`].
pub fn atomic_add_signature() -> Signature {
    Signature::scalars(vec![Type::I64, Type::I64], None, false)
}

/// Declares [`ATOMIC_ADD_FUNCTION`] in `module`, so that its calls
/// verify.
pub fn declare_atomic_add(module: &mut Module) {
    super::records::declare_extern(module, ATOMIC_ADD_FUNCTION, atomic_add_signature());
}

/// A function's counter array, by symbol, and how its counters are
/// updated.
#[derive(Clone, Copy, Debug)]
pub struct CounterArray<'a> {
    pub symbol: &'a str,
    pub update: ProfileUpdate,
}

impl CounterArray<'_> {
    /// Inserts `counters[counter] = counters[counter] op amount` into
    /// `block` before instruction `index`, and returns the index after it;
    /// `op` is `iadd` or `isub`.
    pub fn insert_update(&self, func: &mut Function, block: Block, index: usize, counter: usize, op: BinaryOp, amount: Value) -> usize {
        let mut at = index;
        let mut emit = |data: InstData, ty: Option<Type>| {
            let inst = func.insert_inst(block, at, data, ty);
            at += 1;
            func.inst_result(inst)
        };
        let (base, offset) = self.element(counter);
        let addr = emit(InstData::SymbolAddr { symbol: self.symbol.to_string(), offset: base }, Some(Type::I64)).expect("an address");
        update_at(&mut emit, self.update, addr, offset, op, amount);
        at
    }

    /// Where counter `counter` lives, as a symbol offset and a load and
    /// store offset: the array's start and the counter's byte offset,
    /// whenever that fits the memory access. Every update of a function
    /// then takes the same address, `symbol_addr` of the array with no
    /// offset, which Cranelift's value numbering makes one value, hoisted
    /// out of loops (see the backend's `loop_branches` for when Cranelift
    /// hoists); with the offset in the symbol instead, each counter's
    /// address would be a value of its own, and a loop with n counters
    /// would hold n addresses in registers (or spill them). Where to
    /// compute that address is Cranelift's choice: its e-graph places
    /// every pure value anew, so an address the midend hoists is sunk
    /// back to its uses.
    pub fn element(&self, counter: usize) -> (i64, i32) {
        let bytes = 8 * counter as i64;
        match i32::try_from(bytes) {
            Ok(offset) => (0, offset),
            Err(_) => (bytes, 0),
        }
    }
}

/// Emits, through `emit`, the update `*(addr + offset) op= amount` of one
/// 64-bit count in the way `update` says. `op` is `iadd` or `isub`.
pub fn update_at(
    emit: &mut impl FnMut(InstData, Option<Type>) -> Option<Value>,
    update: ProfileUpdate,
    addr: Value,
    offset: i32,
    op: BinaryOp,
    amount: Value,
) {
    debug_assert!(matches!(op, BinaryOp::Iadd | BinaryOp::Isub));
    match update {
        ProfileUpdate::Single => {
            let old = emit(InstData::Load { addr, offset }, Some(Type::I64)).expect("a loaded value");
            let new = emit(InstData::Binary { op, args: [old, amount] }, Some(Type::I64)).expect("a sum");
            emit(InstData::Store { value: new, addr, offset }, None);
        }
        ProfileUpdate::Atomic => {
            let addr = match offset {
                0 => addr,
                _ => {
                    let offset = emit(InstData::Iconst { imm: i64::from(offset) }, Some(Type::I64)).expect("a constant");
                    emit(InstData::Binary { op: BinaryOp::Iadd, args: [addr, offset] }, Some(Type::I64)).expect("an address")
                }
            };
            let delta = match op {
                BinaryOp::Isub => emit(InstData::Unary { op: UnaryOp::Ineg, arg: amount }, Some(Type::I64)).expect("a negation"),
                _ => amount,
            };
            let callee = Callee::Direct(ATOMIC_ADD_FUNCTION.to_string());
            emit(InstData::Call { callee, sig: atomic_add_signature(), args: vec![addr, delta] }, None);
        }
    }
}
