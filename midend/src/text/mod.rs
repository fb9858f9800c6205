//! The IR's text format: a printer and a parser that round-trip.
//!
//! The format reads like Cranelift's CLIF. A module lists `declare` lines
//! for external functions, `data` lines for data objects and `function`
//! bodies:
//!
//! ```text
//! declare @printf(i64, ...) -> i32
//!
//! data @table local readonly align 8 = bytes [01 00 00 00] relocs [0: @other+4]
//! data @ext_var extern
//! data @record local align 8 section "nisse_records" = bytes [00 00 00 00 00 00 00 00]
//!
//! function @main(i32, i64) -> i32 export {
//!     ss0 = stack_slot size 16, align 8
//! block0(v0: i32, v1: i64) line 3:
//!     v2 = iconst.i32 1
//!     v3 = iadd v0, v2
//!     brif v3, block1(v3), block2
//! block1(v4: i32) cold:
//!     return v4
//! block2:
//!     unreachable
//! }
//! ```
//!
//! Names are entity indices (`block2`, `v3`, `ss0`), and the parser keeps
//! them: the entity named `v3` in the text is `Value` number 3 of the parsed
//! function. Printing a parsed function therefore gives back the names its
//! text used, and `print(parse(print(m))) == print(m)` for every module the
//! verifier accepts (and for most that it rejects: the text can spell any
//! invalid IR that still defines every name it uses).
//! Comments start with `;` and run to the end of the line; the parser
//! ignores them, and analyses print their results as trailing comments
//! through [`Annotator`].

mod lexer;
mod parser;
mod printer;
mod resolve;
mod source_map;

#[cfg(test)]
mod tests;

pub use parser::{parse_function, parse_module, parse_module_with_source_map, ParseError};
pub use printer::{
    print_function_annotated, print_function_with, print_module_annotated, print_module_with,
    Annotator,
};
pub use source_map::SourceMap;

use crate::ir::{Block, Inst, InstData, StackSlot, Type, Value};
use std::fmt;

/// A place in a function's text that a comment or an error can concern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entity {
    /// The symbol itself: a function's header line, a `data` line or a
    /// `declare` line.
    Symbol,
    /// A stack slot's declaration line.
    StackSlot(StackSlot),
    /// A block's header line.
    Block(Block),
    /// An instruction's line.
    Inst(Inst),
}

impl fmt::Display for Entity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entity::Symbol => f.write_str("header"),
            Entity::StackSlot(ss) => write!(f, "{ss}"),
            Entity::Block(b) => write!(f, "{b}"),
            Entity::Inst(i) => write!(f, "{i}"),
        }
    }
}

/// True when the text of `data` spells its result type as a `.type`
/// suffix on the opcode. Every other instruction's result type follows
/// from its operands or its opcode, so the printer omits it and the parser
/// infers it.
pub(crate) fn has_type_suffix(data: &InstData) -> bool {
    match data {
        InstData::Iconst { .. } | InstData::Fconst { .. } | InstData::Load { .. } => true,
        InstData::Unary { op, .. } => op.is_conversion(),
        _ => false,
    }
}

/// The result type that `data` implies when its text has no type suffix:
/// the first operand's type for arithmetic, `if_true`'s for `select`, `i8`
/// for comparisons, `i64` for addresses and the signature's return type for
/// calls. `None` when it depends on a value whose type `value_type` does
/// not know yet, or when the instruction has a type suffix or no result.
pub(crate) fn implied_result_type(
    data: &InstData,
    value_type: impl Fn(Value) -> Option<Type>,
) -> Option<Type> {
    match data {
        InstData::Unary { op, arg } if !op.is_conversion() => value_type(*arg),
        InstData::Binary { args, .. } => value_type(args[0]),
        InstData::Select { if_true, .. } => value_type(*if_true),
        InstData::Icmp { .. } | InstData::Fcmp { .. } => Some(Type::I8),
        InstData::StackAddr { .. } | InstData::SymbolAddr { .. } | InstData::IncomingStackArgs => Some(Type::PTR),
        InstData::Call { sig, .. } => sig.ret,
        _ => None,
    }
}

/// Whether an instruction has a result value: `Some(true)` when it must,
/// `Some(false)` when it must not (`store`, terminators, calls without a
/// return type), and `None` when it may (a call whose result is unused).
pub(crate) fn has_result(data: &InstData) -> Option<bool> {
    match data {
        InstData::Store { .. } => Some(false),
        InstData::Call { sig, .. } if sig.ret.is_some() => None,
        InstData::Call { .. } => Some(false),
        _ if data.is_terminator() => Some(false),
        _ => Some(true),
    }
}
