//! The current function's frame: `__builtin_frame_address(0)` and
//! `__builtin_return_address(0)` (GCC manual, "Getting the Return or Frame
//! Address of a Function"). As with the atomic operations (`atomics`),
//! the IR has no instruction for them: each is a call to one of the
//! functions named here, which no object defines and the backend lowers
//! to Cranelift's `get_frame_pointer` and `get_return_address`. A
//! function that calls one is compiled with its frame pointer kept, so
//! the frame address is its `%rbp` and the return address the word above
//! it, as with gcc. Such a function is never inlined (`pgo::inline`), so
//! the frame read is always that of the function that called the builtin.

use super::types::{Signature, Type};
use super::{Callee, Function, InstData};

/// `() -> ptr`: the frame address of the calling function.
pub const FRAME_ADDRESS_FUNCTION: &str = "__nissecc_frame_address";

/// `() -> ptr`: the address the calling function returns to.
pub const RETURN_ADDRESS_FUNCTION: &str = "__nissecc_return_address";

/// The signature of both functions.
pub fn signature() -> Signature {
    Signature::scalars(vec![], Some(Type::PTR), false)
}

/// Whether `name` is one of these functions.
pub fn is_frame_function(name: &str) -> bool {
    name == FRAME_ADDRESS_FUNCTION || name == RETURN_ADDRESS_FUNCTION
}

/// Whether `func` calls one of these functions, and so must keep its frame
/// pointer and stay out of its callers.
pub fn reads_frame(func: &Function) -> bool {
    func.layout.iter().flat_map(|&b| &func.blocks[b].insts).any(|&inst| {
        matches!(&func.insts[inst], InstData::Call { callee: Callee::Direct(name), .. } if is_frame_function(name))
    })
}
