//! The IR verifier. Every pass's output must pass it; debug builds and
//! tests run it after each pass.
//!
//! It checks the invariants below, in four phases. The instruction and
//! dominance phases run only when the structure phase found every entity
//! the function refers to and no block or instruction twice, because they
//! index the function's tables; so the verifier never panics on malformed
//! IR. Other errors do not stop the later phases.
//!
//! **Module** (`verifier/symbols.rs`)
//! - M1. Function, extern and data object names are unique in the module:
//!   they share the linker's namespace.
//! - M2. Data objects: the alignment is a power of two; an `extern` object
//!   has no bytes and no relocations; each relocation's 8 bytes lie inside
//!   the object and do not overlap another relocation; each relocation's
//!   symbol is a function, extern or data object of the module.
//!
//! **Structure** (`verifier/structure.rs`)
//! - S1. A function definition has a body: its layout is not empty.
//! - S2. Every block in the layout exists, and none appears twice.
//! - S3. Every block in the layout is non-empty, ends in exactly one
//!   terminator and has no terminator elsewhere.
//! - S4. Every instruction in a layout block exists, is in only one place,
//!   and its `inst_block` names that block.
//! - S5. Definitions agree with the value table: the n-th parameter of a
//!   block is defined as `Param(block, n)`, an instruction's result as
//!   `Result(inst)`, and both exist.
//! - S6. An instruction has a result exactly when it produces a value:
//!   never for `store` and terminators, always for the others, and for a
//!   call only if its signature has a return type (a call may drop it).
//! - S7. Every value an instruction reads exists; every branch target
//!   exists and is in the layout; every stack slot `stack_addr` names
//!   exists; stack slot alignments are powers of two.
//!
//! **Instructions** (`verifier/instructions.rs`)
//! - I1. The entry block's parameter types equal the signature's (for a
//!   variadic definition, followed by the free argument registers, see
//!   `ir::varargs`), and no branch targets the entry block.
//! - I2. Branch arguments match the target block's parameters in number
//!   and type.
//! - I3. Results have the type their text implies: a binary or unary
//!   non-conversion op has its first operand's type, `select` its arms'
//!   type, a comparison `i8`, an address `i64` and a call its signature's
//!   return type.
//! - I4. `iconst` gives an integer and its immediate is stored
//!   sign-extended from the type's width; `fconst` gives a float, and an
//!   `f32` constant holds a value that an `f32` represents exactly.
//! - I5. Binary ops take two operands of one type, integer ops on integers
//!   and float ops on floats; the shift amount of `ishl`/`sshr`/`ushr` may
//!   be any integer type.
//! - I6. `ineg` and `bnot` take an integer, `fneg` a float. Conversions go
//!   the right way: `sextend`/`uextend` to a strictly wider integer,
//!   `ireduce` to a strictly narrower one, `fpromote` from `f32` to `f64`,
//!   `fdemote` from `f64` to `f32`, `fcvt_to_*` from a float to an integer,
//!   `fcvt_from_*` from an integer to a float, `bitcast` between types of
//!   the same width.
//! - I7. `icmp` compares two integers of one type, `fcmp` two floats of
//!   one type.
//! - I8. The condition of `brif` and `select` and the argument of `switch`
//!   are integers; `select`'s arms share a type.
//! - I9. `load` and `store` addresses are `i64`.
//! - I10. `symbol_addr` names a function, extern or data object of the
//!   module.
//! - I11. Calls: the argument count equals the signature's parameter count,
//!   or exceeds it for a variadic signature; fixed arguments have the
//!   parameter types; a direct callee is a function or extern of the
//!   module whose parameters and return type equal the call's signature
//!   (the `variadic` flag may differ, as for unprototyped C functions); an
//!   indirect callee is an `i64`.
//! - I12. `return` gives a value exactly when the signature has a return
//!   type, and of that type.
//! - I13. `switch` case values are distinct and fit the argument's type
//!   (stored sign-extended, like `iconst` immediates).
//!
//! **Dominance** (`verifier/dominance.rs`)
//! - D1. Every value an instruction reads is defined in the layout: a
//!   parameter of a block in the layout or the result of an instruction
//!   placed in one.
//! - D2. Every definition dominates its uses. A block parameter is defined
//!   at the top of its block, and a branch argument is used at the end of
//!   the branch's block. Within one block the definition comes first. In
//!   a block the entry does not reach, dominance is undefined, so only the
//!   within-block order is checked there.

mod dominance;
mod instructions;
mod print_errors;
mod structure;
mod symbols;

pub use print_errors::{print_errors, print_module_errors};

use crate::ir::{Function, Module};
use crate::text::Entity;
use std::fmt;

/// One broken invariant, located at the entity it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifierError {
    /// The function, data object or extern the error is in.
    pub symbol: String,
    pub location: Entity,
    pub message: String,
}

impl fmt::Display for VerifierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}", self.symbol)?;
        if self.location != Entity::Symbol {
            write!(f, ", {}", self.location)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Collects the errors found in one symbol.
pub(crate) struct Errors<'a> {
    symbol: &'a str,
    list: Vec<VerifierError>,
}

impl<'a> Errors<'a> {
    fn new(symbol: &'a str) -> Self {
        Errors {
            symbol,
            list: Vec::new(),
        }
    }

    pub(crate) fn report(&mut self, location: Entity, message: impl Into<String>) {
        self.list.push(VerifierError {
            symbol: self.symbol.to_string(),
            location,
            message: message.into(),
        });
    }

    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// Checks every invariant of one function; `module` provides the callees
/// and symbols it refers to.
pub fn verify_function(func: &Function, module: &Module) -> Result<(), Vec<VerifierError>> {
    verify_function_with(func, &symbols::Symbols::of(module))
}

/// [`verify_function`] with the module's symbols already indexed.
fn verify_function_with(func: &Function, symbols: &symbols::Symbols) -> Result<(), Vec<VerifierError>> {
    let mut errors = Errors::new(&func.name);
    if let Some(placement) = structure::check(func, &mut errors) {
        instructions::check(func, symbols, &mut errors);
        dominance::check(func, &placement, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.list)
    }
}

/// Checks the module-level invariants and every function.
pub fn verify_module(module: &Module) -> Result<(), Vec<VerifierError>> {
    let index = symbols::Symbols::of(module);
    let mut all = symbols::check(module, &index);
    for func in &module.functions {
        if let Err(errors) = verify_function_with(func, &index) {
            all.extend(errors);
        }
    }
    if all.is_empty() {
        Ok(())
    } else {
        Err(all)
    }
}

/// Verifies `module` and panics with the annotated text if it is invalid:
/// for tests and for debug builds after each pass.
pub fn assert_valid(module: &Module) {
    if let Err(errors) = verify_module(module) {
        panic!("invalid IR:\n{}", print_module_errors(module, &errors));
    }
}

#[cfg(test)]
mod tests;
