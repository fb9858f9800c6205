//! GNU `asm` statements whose template is empty. Programs use them to hide
//! values from the optimizer or as barriers (GCC's torture tests are full
//! of `asm ("" : "+r" (x))` and `asm volatile ("" ::: "memory")`). An empty
//! template executes nothing, so (GCC manual, "Extended Asm"):
//! - inputs are evaluated, for their side effects, and nothing more;
//! - an output tied to an input by a matching constraint (`"=r" (a) :
//!   "0" (v)`, or `"[name]"`) receives that input's value, since the
//!   register it lives in is not changed;
//! - an in-out operand (`"+r"`, `"+m"`) keeps its value;
//! - a write-only output that is not tied (`"=r" (x)`) has an
//!   indeterminate value, and keeps the one it had;
//! - a `"memory"` clobber is a compiler barrier
//!   (`ir::compiler_barrier`): memory accesses do not move across it.
//!
//! A template with instructions is outside the subset: nissecc has no
//! assembler for Cranelift's code.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use lang_c::ast::{AsmStatement, Expression, GnuAsmOperand, StringLiteral};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::compiler_barrier::{compiler_barrier_signature, COMPILER_BARRIER_FUNCTION};

impl Lowerer {
    /// Lowers an `asm` statement with an empty template (see the module
    /// header).
    pub fn lower_asm_statement(&mut self, asm: &Node<AsmStatement>) -> LowerResult<()> {
        let extended = match &asm.node {
            AsmStatement::GnuBasic(template) => return check_empty(template, asm.span),
            AsmStatement::GnuExtended(extended) => extended,
        };
        check_empty(&extended.template, asm.span)?;
        let mut outputs = Vec::new();
        for output in &extended.outputs {
            let constraint = literal_text(&output.node.constraints.node);
            let target = self.lower_expr(&output.node.variable_name)?;
            if !is_lvalue(&target) {
                return Err(Diagnostic::error_at(output.span, "an asm output operand must be an lvalue"));
            }
            outputs.push((output, constraint, target));
        }
        let mut inputs = Vec::new();
        for input in &extended.inputs {
            let constraint = literal_text(&input.node.constraints.node);
            let operand = self.lower_expr(&input.node.variable_name)?;
            // A memory operand is the object itself; any other is a value.
            let value = if constraint.contains('m') && is_lvalue(&operand) { None } else { Some(self.rvalue(&operand, input.span)?) };
            inputs.push((input, constraint, operand.ty, value));
        }
        for (index, (output, constraint, target)) in outputs.iter().enumerate() {
            if !constraint.starts_with('=') {
                continue;
            }
            let tied = inputs.iter().find(|(_, c, _, _)| ties_to(c, index, output));
            if let (Some((input, _, ty, Some(value))), true) = (tied, target.ty.is_scalar()) {
                let value = self.convert(*value, ty, &target.ty, input.span)?;
                self.store_to(target, value);
            }
        }
        let clobbers_memory = extended.clobbers.iter().any(|c| literal_text(&c.node) == "memory");
        if clobbers_memory {
            self.call_helper(COMPILER_BARRIER_FUNCTION, compiler_barrier_signature(), vec![]);
        }
        Ok(())
    }

    /// `asm ("")` read as a call (lang-c parses a bare `asm (…)` in some
    /// positions as a call of a function named `asm`): an empty template
    /// is a statement without effect.
    pub fn lower_asm_call(&mut self, callee: &Node<Expression>, arguments: &[Node<Expression>]) -> LowerResult<Operand> {
        let blank = arguments.iter().all(|a| match &a.node {
            Expression::StringLiteral(s) => is_blank(&s.node),
            _ => false,
        });
        if !blank || arguments.is_empty() {
            return Err(Diagnostic::unsupported(callee.span, "inline assembly"));
        }
        Ok(Operand { ty: crate::types::CType::Void, place: Place::Void })
    }
}

fn is_lvalue(operand: &Operand) -> bool {
    matches!(operand.place, Place::Addr(_) | Place::BitField(..))
}

/// Whether input constraint `constraint` ties the input to output number
/// `index`: the digit of the output, or its `[name]`.
fn ties_to(constraint: &str, index: usize, output: &Node<GnuAsmOperand>) -> bool {
    let constraint = constraint.trim_start_matches(['%', '&']);
    if constraint.parse::<usize>() == Ok(index) {
        return true;
    }
    match (constraint.strip_prefix('[').and_then(|c| c.strip_suffix(']')), &output.node.symbolic_name) {
        (Some(name), Some(symbolic)) => symbolic.node.name == name,
        _ => false,
    }
}

fn check_empty(template: &Node<StringLiteral>, span: Span) -> LowerResult<()> {
    if is_blank(&template.node) {
        Ok(())
    } else {
        Err(Diagnostic::unsupported(span, "inline assembly"))
    }
}

/// The text of a string literal's pieces without their quotes (constraints
/// and clobbers hold no escapes).
fn literal_text(pieces: &StringLiteral) -> String {
    pieces.iter().map(|p| p.trim_start_matches(|c: char| c != '"').trim_matches('"')).collect()
}

/// Whether a template holds no instructions: only blanks and the escapes
/// `\n` and `\t`.
fn is_blank(pieces: &StringLiteral) -> bool {
    literal_text(pieces).replace("\\n", " ").replace("\\t", " ").trim().is_empty()
}
