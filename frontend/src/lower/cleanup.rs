//! `__attribute__((cleanup(f)))` on automatic variables (GCC manual,
//! "Common Variable Attributes"): `f(&var)` runs whenever the variable's
//! scope is left, in reverse order of declaration: at the end of its
//! block, and before a `break`, `continue` or `goto` that jumps out of the
//! block, or a `return` (after its value is computed). `f` is resolved
//! where the variable is declared, and the call passes the variable's
//! slot, so a later declaration that hides either name changes nothing.
//!
//! The variables in scope with a cleanup are a stack of indices into the
//! function's list of them (`CleanupState::active`). A loop or `switch`
//! remembers the stack's height where it began, which `break` and
//! `continue` unwind to; a label remembers the stack where it is defined.
//! A `goto` to a label defined earlier unwinds to what both share; one to
//! a label not yet seen jumps to a block of its own, which is filled in
//! with the cleanups once the label is defined. A `goto` into the scope
//! of a variable with a cleanup, past its declaration, which GCC accepts
//! (and then cleans up a variable it never initialized), is unsupported.

use super::scope::Symbol;
use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::span::Span;
use nissecc_midend::ir::{Block, BlockCall, Callee, InstData, Signature, StackSlot, Type};
use std::collections::HashMap;

/// A variable with a cleanup function.
struct CleanupVar {
    /// The cleanup function's symbol and signature.
    symbol: String,
    sig: Signature,
    /// The variable's slot, whose address the function gets.
    slot: StackSlot,
}

/// A `goto` to a label that was not defined yet.
struct PendingGoto {
    label: String,
    /// The block the `goto` jumped to, which runs the cleanups and jumps
    /// on to the label; `None` when no cleanup was active at the `goto`.
    trampoline: Option<Block>,
    active: Vec<usize>,
    span: Span,
}

/// The cleanups of the function being lowered.
#[derive(Default)]
pub struct CleanupState {
    vars: Vec<CleanupVar>,
    /// The variables in scope, in declaration order.
    active: Vec<usize>,
    /// The height of `active` where each enclosing loop or `switch`
    /// began, for `break`, and each enclosing loop, for `continue`.
    break_heights: Vec<usize>,
    continue_heights: Vec<usize>,
    /// The active variables at each defined label.
    labels: HashMap<String, Vec<usize>>,
    pending_gotos: Vec<PendingGoto>,
}

impl Lowerer {
    /// Registers the cleanup function `function`, named in the attribute
    /// at `span`, of the automatic variable in `slot`.
    pub(super) fn add_cleanup(&mut self, function: &str, slot: StackSlot, span: Span) -> LowerResult<()> {
        let Some(Symbol::Global { symbol, ty: CType::Function(ft) }) = self.scopes.lookup(function).cloned() else {
            return Err(Diagnostic::error_at(span, format!("cleanup argument not a function: '{function}'")));
        };
        if ft.params.len() != 1 || !ft.params[0].is_pointer() {
            return Err(Diagnostic::error_at(span, format!("cleanup function '{function}' must take one pointer argument")));
        }
        let sig = self.reference_function(&symbol, &ft, span)?;
        let state = &mut self.f().cleanups;
        state.active.push(state.vars.len());
        state.vars.push(CleanupVar { symbol, sig, slot });
        Ok(())
    }

    /// Calls the cleanup functions of the variables `ids`, last first.
    fn run_cleanups(&mut self, ids: &[usize]) {
        for &id in ids.iter().rev() {
            let var = &self.f().cleanups.vars[id];
            let (symbol, sig, slot) = (var.symbol.clone(), var.sig.clone(), var.slot);
            let address = self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR);
            let call = InstData::Call { callee: Callee::Direct(symbol), sig: sig.clone(), args: vec![address] };
            match sig.ret {
                Some(ty) => {
                    self.emit(call, ty);
                }
                None => self.emit_effect(call),
            }
        }
    }

    /// The height of the stack of active cleanups, where a scope begins.
    pub(super) fn cleanup_height(&mut self) -> usize {
        self.f().cleanups.active.len()
    }

    /// Ends a scope that began at `height`: runs its cleanups if its end
    /// is reachable, and takes them off the stack.
    pub(super) fn end_cleanup_scope(&mut self, height: usize) {
        let ids = self.f().cleanups.active.split_off(height);
        if !ids.is_empty() && !self.current_terminated() {
            self.run_cleanups(&ids);
        }
    }

    /// Runs, before a `return`, the cleanups of every variable in scope.
    pub(super) fn cleanups_before_return(&mut self) {
        let ids = self.f().cleanups.active.clone();
        self.run_cleanups(&ids);
    }

    /// Enters a loop (`is_loop`) or a `switch`, for `break` and `continue`.
    pub(super) fn enter_breakable(&mut self, is_loop: bool) {
        let height = self.cleanup_height();
        let state = &mut self.f().cleanups;
        state.break_heights.push(height);
        if is_loop {
            state.continue_heights.push(height);
        }
    }

    pub(super) fn leave_breakable(&mut self, is_loop: bool) {
        let state = &mut self.f().cleanups;
        state.break_heights.pop();
        if is_loop {
            state.continue_heights.pop();
        }
    }

    /// Runs the cleanups that a `break` (or a `continue`) leaves.
    pub(super) fn cleanups_before_break(&mut self, is_continue: bool) {
        let state = &self.f().cleanups;
        let heights = if is_continue { &state.continue_heights } else { &state.break_heights };
        let Some(&height) = heights.last() else { return };
        let ids = state.active[height..].to_vec();
        self.run_cleanups(&ids);
    }

    /// Jumps to label `name`'s `target` block from a `goto` at `span`,
    /// running the cleanups of the scopes it leaves.
    pub(super) fn goto_with_cleanups(&mut self, name: &str, target: Block, span: Span) -> LowerResult<()> {
        let active = self.f().cleanups.active.clone();
        if let Some(at_label) = self.f().cleanups.labels.get(name).cloned() {
            let shared = shared_prefix(&active, &at_label);
            if shared < at_label.len() {
                return Err(jump_into_scope(span));
            }
            self.run_cleanups(&active[shared..]);
            self.jump_to(target);
            return Ok(());
        }
        let trampoline = if active.is_empty() { None } else { Some(self.new_block()) };
        self.jump_to(trampoline.unwrap_or(target));
        self.f().cleanups.pending_gotos.push(PendingGoto { label: name.to_string(), trampoline, active, span });
        Ok(())
    }

    /// Defines label `name` here, at block `target`: finishes the `goto`s
    /// that jumped to it before.
    pub(super) fn define_cleanup_label(&mut self, name: &str, target: Block) -> LowerResult<()> {
        let at_label = self.f().cleanups.active.clone();
        let state = &mut self.f().cleanups;
        state.labels.insert(name.to_string(), at_label.clone());
        let (pending, rest) = std::mem::take(&mut state.pending_gotos).into_iter().partition(|g| g.label == name);
        state.pending_gotos = rest;
        let pending: Vec<PendingGoto> = pending;
        let here = self.f().current;
        for goto in pending {
            let shared = shared_prefix(&goto.active, &at_label);
            if shared < at_label.len() {
                return Err(jump_into_scope(goto.span));
            }
            if let Some(trampoline) = goto.trampoline {
                self.switch_to(trampoline);
                self.run_cleanups(&goto.active[shared..]);
                self.emit_effect(InstData::Jump { dest: BlockCall::new(target, vec![]) });
            }
        }
        self.switch_to(here);
        Ok(())
    }
}

/// How many variables two stacks of active cleanups share from the bottom.
fn shared_prefix(a: &[usize], b: &[usize]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// GCC accepts such a jump and runs the cleanup on the variable it never
/// initialized when the scope ends.
fn jump_into_scope(span: Span) -> Diagnostic {
    Diagnostic::unsupported(span, "a jump into the scope of a variable with __attribute__((cleanup)), past its declaration")
}
