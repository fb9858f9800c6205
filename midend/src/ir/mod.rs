//! The IR: SSA with block parameters, typed indices and first-class edges.

pub mod abi;
pub mod atomics;
pub mod frame;
mod entities;
mod function;
mod instructions;
mod module;
mod types;
pub mod varargs;

pub use entities::{Block, Edge, Inst, StackSlot, Value};
pub use function::{BlockData, Function, Linkage, StackSlotData, ValueData, ValueDef};
pub use instructions::{BinaryOp, BlockCall, Callee, FloatCC, InstData, IntCC, UnaryOp};
pub use module::{Alias, AssemblyFunction, DataObject, DataReloc, ExternFunction, Module};
pub use types::{Signature, Type};
