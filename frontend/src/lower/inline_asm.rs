//! GNU `asm` statements. Programs use empty templates to hide values from
//! the optimizer or as barriers (GCC's torture tests are full of
//! `asm ("" : "+r" (x))` and `asm volatile ("" ::: "memory")`). An empty
//! template executes nothing, so (GCC manual, "Extended Asm"):
//! - inputs are evaluated, for their side effects, and nothing more;
//! - an output tied to an input by a matching constraint (`"=r" (a) :
//!   "0" (v)`, or `"[name]"`) receives that input's value, since the
//!   register it lives in is not changed;
//! - an in-out operand (`"+r"`, `"+m"`) keeps its value;
//! - a write-only output that is not tied (`"=r" (x)`) has an
//!   indeterminate value, and keeps the one it had;
//! - a `"memory"` clobber is a compiler barrier
//!   (`ir::atomics`' signal fence): memory accesses do not move across it.
//!
//! A template with instructions becomes a call to a wrapper function
//! written in assembly (`asm_wrapper.rs`), which runs it with the operands
//! in registers; basic `asm` with instructions outside a function and
//! `asm goto` stay outside the subset.

use super::asm_wrapper as wrapper;
use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::{AsmStatement, Expression, GnuAsmOperand, StringLiteral};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::atomics::AtomicOp;
use nissecc_midend::ir::{AssemblyFunction, InstData, Signature, Type, Value};

impl Lowerer {
    /// Lowers an `asm` statement (see the module header).
    pub fn lower_asm_statement(&mut self, asm: &Node<AsmStatement>) -> LowerResult<()> {
        let extended = match &asm.node {
            AsmStatement::GnuBasic(template) if is_blank(&template.node) => return Ok(()),
            AsmStatement::GnuBasic(template) => return self.lower_asm_with_instructions(template, &[], &[], &[], asm.span),
            AsmStatement::GnuExtended(extended) => extended,
        };
        if !is_blank(&extended.template.node) {
            return self.lower_asm_with_instructions(&extended.template, &extended.outputs, &extended.inputs, &extended.clobbers, asm.span);
        }
        let mut outputs = Vec::new();
        for output in &extended.outputs {
            let constraint = decoded(&output.node.constraints.node).unwrap_or_default();
            let target = self.lower_expr(&output.node.variable_name)?;
            if !is_lvalue(&target) {
                return Err(Diagnostic::error_at(output.span, "an asm output operand must be an lvalue"));
            }
            outputs.push((output, constraint, target));
        }
        let mut inputs = Vec::new();
        for input in &extended.inputs {
            let constraint = decoded(&input.node.constraints.node).unwrap_or_default();
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
        let clobbers_memory = extended.clobbers.iter().any(|c| decoded(&c.node).as_deref() == Some("memory"));
        if clobbers_memory {
            self.atomic_call(AtomicOp::SignalFence, Type::I64, vec![]);
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
        if arguments.is_empty() {
            return Err(Diagnostic::error_at(callee.span, "an asm statement needs a template"));
        }
        if !blank {
            let pieces: Option<Vec<Vec<String>>> = arguments.iter().map(|a| match &a.node {
                Expression::StringLiteral(s) => Some(s.node.clone()),
                _ => None,
            }).collect();
            let pieces = pieces.ok_or_else(|| Diagnostic::unsupported(callee.span, "inline assembly with operands in this position"))?.concat();
            let template = Node { node: pieces, span: callee.span };
            self.lower_asm_with_instructions(&template, &[], &[], &[], callee.span)?;
        }
        Ok(Operand { ty: CType::Void, place: Place::Void })
    }

    /// Lowers an `asm` statement with instructions to a call of its
    /// wrapper (see `asm_wrapper.rs`).
    fn lower_asm_with_instructions(&mut self, template: &Node<StringLiteral>, outputs: &[Node<GnuAsmOperand>], inputs: &[Node<GnuAsmOperand>], clobbers: &[Node<StringLiteral>], span: Span) -> LowerResult<()> {
        let unsupported = |what: String| Diagnostic::unsupported(span, what);
        let template_text = decoded(&template.node).ok_or_else(|| unsupported("an asm template that is not UTF-8".into()))?;
        let mut clobbered = Vec::new();
        for c in clobbers {
            if let Some(reg) = decoded(&c.node).and_then(|name| wrapper::clobbered_register(&name)) {
                clobbered.push(reg);
            }
        }
        // The operands: outputs first, then inputs, in GCC's numbering.
        let mut operands: Vec<wrapper::Operand> = Vec::new();
        let mut targets: Vec<Option<Operand>> = Vec::new();
        let mut arguments: Vec<Value> = Vec::new();
        let all: Vec<(&Node<GnuAsmOperand>, bool)> = outputs.iter().map(|o| (o, true)).chain(inputs.iter().map(|i| (i, false))).collect();
        let mut constraints = Vec::new();
        for (operand, _) in &all {
            let text = decoded(&operand.node.constraints.node).unwrap_or_default();
            let mut constraint = wrapper::parse_constraint(&text).map_err(unsupported)?;
            // A named matching constraint (`"[out]"`) becomes a number.
            if let Some(name) = &constraint.tied_name {
                let tied = (0..outputs.len()).find(|&k| ties_to(&text, k, &outputs[k]));
                let tied = tied.ok_or_else(|| Diagnostic::error_at(operand.span, format!("no asm output is named [{name}]")))?;
                constraint.place = wrapper::Place::Tied(tied);
            }
            constraints.push(constraint);
        }
        for (index, ((operand, output), constraint)) in all.iter().zip(&constraints).enumerate() {
            let name = operand.node.symbolic_name.as_ref().map(|s| s.node.name.clone());
            let value = self.lower_expr(&operand.node.variable_name)?;
            let size = self.types.size_of(&value.ty).unwrap_or(8).clamp(1, 8) as u32;
            let size = if size.is_power_of_two() { size } else { 8 };
            let mut op = wrapper::Operand { place: constraint.place, size, constant: None, name, output: *output, has_argument: false };
            if *output && !is_lvalue(&value) {
                return Err(Diagnostic::error_at(operand.span, "an asm output operand must be an lvalue"));
            }
            if let wrapper::Place::Tied(n) = constraint.place {
                if *output || n >= outputs.len() || constraints[n].place == wrapper::Place::Memory {
                    return Err(unsupported(format!("asm operand {index}'s matching constraint")));
                }
            }
            match constraint.place {
                wrapper::Place::Immediate => {
                    let k = self.eval_int(&operand.node.variable_name).map_err(|_| Diagnostic::error_at(operand.span, "an asm immediate operand must be an integer constant"))?;
                    op.constant = Some(k);
                }
                wrapper::Place::Memory => {
                    let address = match value.place {
                        Place::Addr(a) => a,
                        _ => return Err(unsupported(format!("asm memory operand {index} that is not an object in memory"))),
                    };
                    arguments.push(address);
                    op.has_argument = true;
                }
                _ if *output && !constraint.in_out => {}
                _ => {
                    let v = self.rvalue(&value, operand.span)?;
                    arguments.push(self.asm_word(v, &value.ty, operand.span)?);
                    op.has_argument = true;
                }
            }
            operands.push(op);
            targets.push(if *output && constraint.place != wrapper::Place::Memory { Some(value) } else { None });
        }
        self.asm_count += 1;
        let symbol = format!("__nissecc_asm_{:016x}_{}", self.asm_symbol_seed(), self.asm_count);
        let location = self.source_map.locate(template.span.start);
        let origin = wrapper::Origin { file: &location.file, line: location.line };
        let wrapper = wrapper::write_wrapper(&symbol, &template_text, Some(&origin), &operands, &clobbered, self.asm_count).map_err(unsupported)?;
        self.module.assembly.push(AssemblyFunction { name: symbol.clone(), text: wrapper.text });
        // The output buffer: one 8-byte word per register output.
        let register_outputs: Vec<usize> = (0..targets.len()).filter(|&i| targets[i].is_some()).collect();
        let buffer = if register_outputs.is_empty() {
            None
        } else {
            let slot = self.f().func.create_stack_slot(8 * register_outputs.len() as u32, 8);
            let address = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
            arguments.push(address);
            Some(address)
        };
        let signature = Signature::scalars(vec![Type::I64; arguments.len()], None, false);
        self.call_helper(&symbol, signature, arguments);
        if let Some(buffer) = buffer {
            for (k, &i) in register_outputs.iter().enumerate() {
                let target = targets[i].clone().expect("a register output");
                let word_address = self.offset_address(buffer, 8 * k as i64);
                let word = self.load(&CType::ULONG, word_address);
                let value = self.from_asm_word(word, &target.ty, span)?;
                self.store_to(&target, value);
            }
        }
        Ok(())
    }

    /// A scalar operand as the 64-bit word the wrapper receives.
    fn asm_word(&mut self, v: Value, ty: &CType, span: Span) -> LowerResult<Value> {
        match ty.decay() {
            t if t.is_pointer() => Ok(v),
            t @ CType::Int(_) => self.convert(v, &t, &CType::ULONG, span),
            t => Err(Diagnostic::unsupported(span, format!("an asm operand of type '{}'", self.types.describe(&t)))),
        }
    }

    /// The 64-bit word a wrapper stored, as a value of `ty`.
    fn from_asm_word(&mut self, word: Value, ty: &CType, span: Span) -> LowerResult<Value> {
        match ty {
            t if t.is_pointer() => Ok(word),
            t @ CType::Int(_) => self.convert(word, &CType::ULONG, t, span),
            t => Err(Diagnostic::unsupported(span, format!("an asm output of type '{}'", self.types.describe(t)))),
        }
    }

    /// A number that tells this unit's wrappers from other units': a hash
    /// of the source file's absolute path (FNV-1a).
    pub(super) fn asm_symbol_seed(&self) -> u64 {
        let name = self.source_map.main_file();
        let path = std::fs::canonicalize(name).map(|p| p.display().to_string()).unwrap_or_else(|_| name.to_string());
        path.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
    }
}

fn is_lvalue(operand: &Operand) -> bool {
    matches!(operand.place, Place::Addr(_) | Place::BitField(..))
}

/// Whether input constraint `constraint` ties the input to output number
/// `index`: the output's digit, or its `[name]`.
fn ties_to(constraint: &str, index: usize, output: &Node<GnuAsmOperand>) -> bool {
    let Ok(constraint) = wrapper::parse_constraint(constraint) else { return false };
    let named = |name: String| output.node.symbolic_name.as_ref().is_some_and(|s| s.node.name == name);
    constraint.place == wrapper::Place::Tied(index) || constraint.tied_name.is_some_and(named)
}

/// A string literal's text as C decodes it (constraints, clobbers,
/// templates), or `None` if it is malformed or not UTF-8.
fn decoded(pieces: &StringLiteral) -> Option<String> {
    crate::literal::string_literal(pieces).ok().and_then(|s| String::from_utf8(s.bytes).ok())
}

/// Whether a template holds no instructions, only white space.
fn is_blank(pieces: &StringLiteral) -> bool {
    decoded(pieces).is_some_and(|t| t.trim().is_empty())
}
