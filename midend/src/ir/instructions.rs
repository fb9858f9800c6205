//! Instructions and their operands.
//!
//! Every instruction produces at most one result value; the result and its
//! type live in the function's value table (`Function::inst_result`). A
//! block ends in exactly one terminator (`jump`, `brif`, `switch`, `return`,
//! `unreachable`). Branch targets are [`BlockCall`]s carrying the arguments
//! for the target's block parameters, as in Cranelift and MLIR: the n-th
//! argument of every incoming edge is the n-th incoming value of the
//! target's n-th parameter, i.e. of the papers' φ-function.

use super::entities::{Block, StackSlot, Value};
use super::types::Signature;
use std::fmt;

/// A branch target together with the arguments passed to its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockCall {
    pub block: Block,
    pub args: Vec<Value>,
    /// How often this edge ran in the profile that `-fprofile-use`
    /// applied (`pgo::annotate`); `None` without a profile.
    pub count: Option<u64>,
}

impl BlockCall {
    pub fn new(block: Block, args: Vec<Value>) -> Self {
        BlockCall { block, args, count: None }
    }
}

/// Two-operand opcodes. Both operands and the result share one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Iadd,
    Isub,
    Imul,
    Sdiv,
    Udiv,
    Srem,
    Urem,
    Band,
    Bor,
    Bxor,
    /// Shifts take the amount modulo the bit width, as Cranelift does.
    Ishl,
    Sshr,
    Ushr,
    /// The high 64 bits of the unsigned 128-bit product of two `i64`s.
    Umulh,
    Fadd,
    Fsub,
    Fmul,
    Fdiv,
}

/// One-operand opcodes, including every conversion. For conversions the
/// result type is the type of the result value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Ineg,
    Bnot,
    Fneg,
    Sextend,
    Uextend,
    Ireduce,
    Fpromote,
    Fdemote,
    FcvtToSint,
    FcvtToUint,
    FcvtFromSint,
    FcvtFromUint,
    /// Reinterprets the bits of a value as another type of the same width.
    Bitcast,
    /// Reverses the bytes of an integer (`__builtin_bswap32`).
    Bswap,
    /// Counts leading zero bits; the width for zero (`__builtin_clz`).
    Clz,
    /// Counts trailing zero bits; the width for zero (`__builtin_ctz`).
    Ctz,
    /// Counts one bits (`__builtin_popcount`).
    Popcnt,
}

/// Integer comparison conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntCC {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl IntCC {
    /// The condition that holds exactly when `self` does not.
    pub fn inverse(self) -> IntCC {
        match self {
            IntCC::Eq => IntCC::Ne,
            IntCC::Ne => IntCC::Eq,
            IntCC::Slt => IntCC::Sge,
            IntCC::Sge => IntCC::Slt,
            IntCC::Sle => IntCC::Sgt,
            IntCC::Sgt => IntCC::Sle,
            IntCC::Ult => IntCC::Uge,
            IntCC::Uge => IntCC::Ult,
            IntCC::Ule => IntCC::Ugt,
            IntCC::Ugt => IntCC::Ule,
        }
    }

    /// The condition that holds for `(b, a)` exactly when `self` holds
    /// for `(a, b)`: `a < b` is `b > a`.
    pub fn swapped(self) -> IntCC {
        match self {
            IntCC::Eq | IntCC::Ne => self,
            IntCC::Slt => IntCC::Sgt,
            IntCC::Sgt => IntCC::Slt,
            IntCC::Sle => IntCC::Sge,
            IntCC::Sge => IntCC::Sle,
            IntCC::Ult => IntCC::Ugt,
            IntCC::Ugt => IntCC::Ult,
            IntCC::Ule => IntCC::Uge,
            IntCC::Uge => IntCC::Ule,
        }
    }
}

/// Float comparison conditions with C semantics: every condition but `ne`
/// is false when an operand is NaN, and `ne` is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatCC {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// What a call calls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A function of this module or an external symbol, by name.
    Direct(String),
    /// A function pointer.
    Indirect(Value),
}

/// An instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum InstData {
    /// An integer constant, stored sign-extended from its type's width.
    Iconst { imm: i64 },
    /// A float constant; an `f32` constant holds a value exactly
    /// representable as `f32`.
    Fconst { value: f64 },
    Unary { op: UnaryOp, arg: Value },
    Binary { op: BinaryOp, args: [Value; 2] },
    /// Produces an `i8` that is 0 or 1.
    Icmp { cond: IntCC, args: [Value; 2] },
    /// Produces an `i8` that is 0 or 1.
    Fcmp { cond: FloatCC, args: [Value; 2] },
    /// `cond != 0 ? if_true : if_false`.
    Select { cond: Value, if_true: Value, if_false: Value },
    /// Loads a value of the result's type from `addr + offset`.
    Load { addr: Value, offset: i32 },
    Store { value: Value, addr: Value, offset: i32 },
    /// The address of a stack slot plus a byte offset.
    StackAddr { slot: StackSlot, offset: i32 },
    /// The address of a data object or function, by name, plus a byte offset.
    SymbolAddr { symbol: String, offset: i64 },
    /// The address of the function's first argument passed on the stack,
    /// or of where it would be: the System V overflow area that `va_arg`
    /// reads (the caller's stack pointer at the call).
    IncomingStackArgs,
    /// A call; `sig` is the callee's signature (with `variadic` set for
    /// calls to variadic externals, whose extra arguments follow).
    Call { callee: Callee, sig: Signature, args: Vec<Value> },
    Jump { dest: BlockCall },
    /// Branches to `then_dest` when `cond != 0`, else to `else_dest`.
    Brif { cond: Value, then_dest: BlockCall, else_dest: BlockCall },
    /// Multi-way branch on an integer. Successor slot 0 is `default`, and
    /// slot `i + 1` is `cases[i]`. Case values are distinct.
    Switch { arg: Value, default: BlockCall, cases: Vec<(i64, BlockCall)> },
    Return { value: Option<Value> },
    /// Control never reaches here (a trap if it does).
    Unreachable,
}

impl InstData {
    /// True for the instructions that end a block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstData::Jump { .. }
                | InstData::Brif { .. }
                | InstData::Switch { .. }
                | InstData::Return { .. }
                | InstData::Unreachable
        )
    }

    /// The successor slots of a terminator, in slot order.
    pub fn successors(&self) -> Vec<&BlockCall> {
        match self {
            InstData::Jump { dest } => vec![dest],
            InstData::Brif { then_dest, else_dest, .. } => vec![then_dest, else_dest],
            InstData::Switch { default, cases, .. } => {
                let mut succ = vec![default];
                succ.extend(cases.iter().map(|(_, bc)| bc));
                succ
            }
            _ => Vec::new(),
        }
    }

    /// Successor `slot` of the order of [`InstData::successors_mut`],
    /// without gathering the others (a switch may have 100,000).
    pub fn successor_mut(&mut self, slot: usize) -> Option<&mut BlockCall> {
        match (self, slot) {
            (InstData::Jump { dest }, 0) => Some(dest),
            (InstData::Brif { then_dest, .. }, 0) => Some(then_dest),
            (InstData::Brif { else_dest, .. }, 1) => Some(else_dest),
            (InstData::Switch { default, .. }, 0) => Some(default),
            (InstData::Switch { cases, .. }, slot) => cases.get_mut(slot - 1).map(|(_, bc)| bc),
            _ => None,
        }
    }

    /// Mutable access to the successor slots, in slot order.
    pub fn successors_mut(&mut self) -> Vec<&mut BlockCall> {
        match self {
            InstData::Jump { dest } => vec![dest],
            InstData::Brif { then_dest, else_dest, .. } => vec![then_dest, else_dest],
            InstData::Switch { default, cases, .. } => {
                let mut succ = vec![default];
                succ.extend(cases.iter_mut().map(|(_, bc)| bc));
                succ
            }
            _ => Vec::new(),
        }
    }

    /// The value operands, not counting branch arguments.
    pub fn operands(&self) -> Vec<Value> {
        match self {
            InstData::Iconst { .. }
            | InstData::Fconst { .. }
            | InstData::StackAddr { .. }
            | InstData::SymbolAddr { .. }
            | InstData::IncomingStackArgs
            | InstData::Jump { .. }
            | InstData::Unreachable => vec![],
            InstData::Unary { arg, .. } => vec![*arg],
            InstData::Binary { args, .. }
            | InstData::Icmp { args, .. }
            | InstData::Fcmp { args, .. } => args.to_vec(),
            InstData::Select { cond, if_true, if_false } => vec![*cond, *if_true, *if_false],
            InstData::Load { addr, .. } => vec![*addr],
            InstData::Store { value, addr, .. } => vec![*value, *addr],
            InstData::Call { callee, args, .. } => {
                let mut ops = Vec::with_capacity(args.len() + 1);
                if let Callee::Indirect(f) = callee {
                    ops.push(*f);
                }
                ops.extend_from_slice(args);
                ops
            }
            InstData::Brif { cond, .. } => vec![*cond],
            InstData::Switch { arg, .. } => vec![*arg],
            InstData::Return { value } => value.iter().copied().collect(),
        }
    }

    /// The address a load or store accesses, as its address value and
    /// constant offset; `None` for any other instruction.
    pub fn memory_address(&self) -> Option<(Value, i32)> {
        match *self {
            InstData::Load { addr, offset } | InstData::Store { addr, offset, .. } => Some((addr, offset)),
            _ => None,
        }
    }

    /// Makes a load or store access `addr + offset` instead.
    ///
    /// # Panics
    ///
    /// If the instruction is neither a load nor a store.
    pub fn set_memory_address(&mut self, new_addr: Value, new_offset: i32) {
        match self {
            InstData::Load { addr, offset } | InstData::Store { addr, offset, .. } => {
                *addr = new_addr;
                *offset = new_offset;
            }
            _ => panic!("only a load or a store has an address"),
        }
    }

    /// Every value the instruction reads: operands and branch arguments.
    pub fn all_uses(&self) -> Vec<Value> {
        let mut uses = self.operands();
        for bc in self.successors() {
            uses.extend_from_slice(&bc.args);
        }
        uses
    }

    /// Applies `f` to every value the instruction reads, operands and
    /// branch arguments alike, so that a pass can rename uses in place.
    pub fn map_uses(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            InstData::Iconst { .. }
            | InstData::Fconst { .. }
            | InstData::StackAddr { .. }
            | InstData::SymbolAddr { .. }
            | InstData::IncomingStackArgs
            | InstData::Unreachable => {}
            InstData::Unary { arg, .. } => *arg = f(*arg),
            InstData::Binary { args, .. }
            | InstData::Icmp { args, .. }
            | InstData::Fcmp { args, .. } => {
                args[0] = f(args[0]);
                args[1] = f(args[1]);
            }
            InstData::Select { cond, if_true, if_false } => {
                *cond = f(*cond);
                *if_true = f(*if_true);
                *if_false = f(*if_false);
            }
            InstData::Load { addr, .. } => *addr = f(*addr),
            InstData::Store { value, addr, .. } => {
                *value = f(*value);
                *addr = f(*addr);
            }
            InstData::Call { callee, args, .. } => {
                if let Callee::Indirect(v) = callee {
                    *v = f(*v);
                }
                for a in args.iter_mut() {
                    *a = f(*a);
                }
            }
            InstData::Jump { .. } => {}
            InstData::Brif { cond, .. } => *cond = f(*cond),
            InstData::Switch { arg, .. } => *arg = f(*arg),
            InstData::Return { value } => {
                if let Some(v) = value {
                    *v = f(*v);
                }
            }
        }
        for bc in self.successors_mut() {
            for a in bc.args.iter_mut() {
                *a = f(*a);
            }
        }
    }

    /// True when removing the instruction (if its result is unused) cannot
    /// change the program's behaviour. Divisions may trap and are kept.
    pub fn is_pure(&self) -> bool {
        match self {
            InstData::Binary { op, .. } => !matches!(
                op,
                BinaryOp::Sdiv | BinaryOp::Udiv | BinaryOp::Srem | BinaryOp::Urem
            ),
            InstData::Iconst { .. }
            | InstData::Fconst { .. }
            | InstData::Unary { .. }
            | InstData::Icmp { .. }
            | InstData::Fcmp { .. }
            | InstData::Select { .. }
            | InstData::StackAddr { .. }
            | InstData::SymbolAddr { .. }
            | InstData::Load { .. } => true,
            _ => false,
        }
    }
}

macro_rules! opcode_names {
    ($ty:ident { $($variant:ident => $name:literal),* $(,)? }) => {
        impl $ty {
            /// The text-format name.
            pub fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),* }
            }
            /// Parses a text-format name.
            pub fn from_name(name: &str) -> Option<Self> {
                match name { $($name => Some($ty::$variant),)* _ => None }
            }
            /// Every variant, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),*];
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

opcode_names!(BinaryOp {
    Iadd => "iadd", Isub => "isub", Imul => "imul", Sdiv => "sdiv", Udiv => "udiv",
    Srem => "srem", Urem => "urem", Band => "band", Bor => "bor", Bxor => "bxor",
    Ishl => "ishl", Sshr => "sshr", Ushr => "ushr", Umulh => "umulh",
    Fadd => "fadd", Fsub => "fsub", Fmul => "fmul", Fdiv => "fdiv",
});

opcode_names!(UnaryOp {
    Ineg => "ineg", Bnot => "bnot", Fneg => "fneg", Sextend => "sextend",
    Uextend => "uextend", Ireduce => "ireduce", Fpromote => "fpromote",
    Fdemote => "fdemote", FcvtToSint => "fcvt_to_sint", FcvtToUint => "fcvt_to_uint",
    FcvtFromSint => "fcvt_from_sint", FcvtFromUint => "fcvt_from_uint", Bitcast => "bitcast",
    Bswap => "bswap", Clz => "clz", Ctz => "ctz", Popcnt => "popcnt",
});

opcode_names!(IntCC {
    Eq => "eq", Ne => "ne", Slt => "slt", Sle => "sle", Sgt => "sgt", Sge => "sge",
    Ult => "ult", Ule => "ule", Ugt => "ugt", Uge => "uge",
});

opcode_names!(FloatCC {
    Eq => "eq", Ne => "ne", Lt => "lt", Le => "le", Gt => "gt", Ge => "ge",
});

impl BinaryOp {
    pub fn is_float(self) -> bool {
        matches!(self, BinaryOp::Fadd | BinaryOp::Fsub | BinaryOp::Fmul | BinaryOp::Fdiv)
    }
}

impl UnaryOp {
    /// True for the conversions, whose result type differs from the
    /// operand's and is printed as a `.type` suffix.
    pub fn is_conversion(self) -> bool {
        !matches!(self, UnaryOp::Ineg | UnaryOp::Bnot | UnaryOp::Fneg)
    }
}
