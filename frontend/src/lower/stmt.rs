//! Statements (C11 §6.8): blocks, selection, iteration and jumps, lowered
//! to a CFG. Conditions branch directly (`&&`, `||` and `!` become
//! control flow), so every source-level decision is its own branch, which
//! is what edge and path profiles should show.

use super::function::{CaseRangeLabel, LabelInfo, SwitchContext};
use super::{LowerResult, Lowerer};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, BlockCall, InstData, IntCC};

impl Lowerer {
    pub fn lower_block_items(&mut self, items: &[Node<BlockItem>]) -> LowerResult<()> {
        for item in items {
            match &item.node {
                BlockItem::Declaration(d) => {
                    self.set_code_line(item.span.start);
                    self.lower_local_declaration(d)?
                }
                BlockItem::StaticAssert(s) => self.check_static_assert(s)?,
                BlockItem::Statement(s) => self.lower_statement(s)?,
            }
        }
        Ok(())
    }

    pub fn lower_statement(&mut self, stmt: &Node<Statement>) -> LowerResult<()> {
        let line = self.set_code_line(stmt.span.start);
        self.note_line(line);
        match &stmt.node {
            Statement::Compound(items) => self.in_block(stmt.span, items, |this| this.lower_block_items(items)),
            Statement::Expression(Some(e)) => {
                self.lower_expr(e)?;
                Ok(())
            }
            Statement::Expression(None) => Ok(()),
            Statement::If(s) => self.lower_if(s),
            Statement::While(s) => self.lower_while(s),
            Statement::DoWhile(s) => self.lower_do_while(s),
            Statement::For(s) => self.lower_for(s),
            Statement::Switch(s) => self.lower_switch(s),
            Statement::Labeled(s) => self.lower_labeled(s),
            Statement::Goto(label) => {
                let name = self.resolve_label(&label.node.name);
                let target = self.label_block(&name, label.span);
                self.note_code_line();
                self.goto_with_cleanups(&name, target, label.span)?;
                self.continue_in_new_block();
                Ok(())
            }
            Statement::Break => {
                let target = *self.f().break_targets.last().ok_or_else(|| {
                    Diagnostic::error_at(stmt.span, "break statement not in loop or switch statement")
                })?;
                self.note_code_line();
                self.cleanups_before_break(false);
                self.jump_to(target);
                self.continue_in_new_block();
                Ok(())
            }
            Statement::Continue => {
                let target = *self
                    .f()
                    .continue_targets
                    .last()
                    .ok_or_else(|| Diagnostic::error_at(stmt.span, "continue statement not in loop statement"))?;
                self.note_code_line();
                self.cleanups_before_break(true);
                self.jump_to(target);
                self.continue_in_new_block();
                Ok(())
            }
            Statement::Return(value) => self.lower_return(value.as_deref()),
            Statement::Asm(asm) => self.lower_asm_statement(asm),
        }
    }

    fn lower_return(&mut self, value: Option<&Node<Expression>>) -> LowerResult<()> {
        let ret_ty = self.f().return_type.clone();
        let value = match (value, &ret_ty) {
            (None, _) => None,
            (Some(e), CType::Void) => {
                self.lower_expr(e)?;
                None
            }
            (Some(e), ty) if ty.is_memory_value() => {
                let op = self.lower_expr(e)?;
                let src = self.assign_convert(&op, ty, e.span)?;
                let dst = self.f().struct_return.expect("a struct-returning function has a result pointer");
                let size = self.types.size_of(ty).unwrap_or(0);
                self.copy_bytes(dst, src, size);
                None
            }
            (Some(e), ty) => {
                let op = self.lower_expr(e)?;
                Some(self.assign_convert(&op, ty, e.span)?)
            }
        };
        let value = match (value, ret_ty.ir_type()) {
            (None, Some(ty)) => {
                Some(if ty.is_float() { self.fconst(ty, 0.0) } else { self.iconst(ty, 0) })
            }
            (v, _) => v,
        };
        self.cleanups_before_return();
        self.emit_effect(InstData::Return { value });
        self.continue_in_new_block();
        Ok(())
    }

    fn lower_if(&mut self, s: &Node<IfStatement>) -> LowerResult<()> {
        let then_block = self.new_block();
        let join = self.new_block();
        let else_block = if s.node.else_statement.is_some() { self.new_block() } else { join };
        // A constant condition branches one way only, as GCC folds it even
        // at -O0: the arm it skips stays reachable only through labels.
        match self.eval_const(&s.node.condition) {
            Ok(value @ (super::constant::ConstValue::Int(..) | super::constant::ConstValue::Float(..))) => {
                let taken = self.const_truth(&value);
                self.jump_to(if taken { then_block } else { else_block })
            }
            _ => self.lower_condition(&s.node.condition, then_block, else_block)?,
        }
        self.switch_to(then_block);
        self.lower_statement(&s.node.then_statement)?;
        self.jump_to(join);
        if let Some(else_stmt) = &s.node.else_statement {
            self.switch_to(else_block);
            self.lower_statement(else_stmt)?;
            self.jump_to(join);
        }
        self.switch_to(join);
        Ok(())
    }

    /// Lowers a loop body with its `break` and `continue` targets.
    fn lower_loop_body(&mut self, body: &Node<Statement>, exit: nissecc_midend::ir::Block, next: nissecc_midend::ir::Block) -> LowerResult<()> {
        self.f().break_targets.push(exit);
        self.f().continue_targets.push(next);
        self.enter_breakable(true);
        let result = self.lower_statement(body);
        self.leave_breakable(true);
        self.f().break_targets.pop();
        self.f().continue_targets.pop();
        result
    }

    fn lower_while(&mut self, s: &Node<WhileStatement>) -> LowerResult<()> {
        let header = self.new_block();
        let body = self.new_block();
        let exit = self.new_block();
        self.jump_to(header);
        self.switch_to(header);
        self.lower_condition(&s.node.expression, body, exit)?;
        self.switch_to(body);
        self.lower_loop_body(&s.node.statement, exit, header)?;
        self.jump_to(header);
        self.switch_to(exit);
        Ok(())
    }

    fn lower_do_while(&mut self, s: &Node<DoWhileStatement>) -> LowerResult<()> {
        let body = self.new_block();
        let cond = self.new_block();
        let exit = self.new_block();
        self.jump_to(body);
        self.switch_to(body);
        self.lower_loop_body(&s.node.statement, exit, cond)?;
        self.jump_to(cond);
        self.switch_to(cond);
        self.set_code_line(s.node.expression.span.start);
        self.lower_condition(&s.node.expression, body, exit)?;
        self.switch_to(exit);
        Ok(())
    }

    fn lower_for(&mut self, s: &Node<ForStatement>) -> LowerResult<()> {
        self.scopes.push();
        let height = self.cleanup_height();
        let result = self.lower_for_in_scope(s);
        self.end_cleanup_scope(height);
        self.scopes.pop();
        result
    }

    /// lang-c parses the first clause of `for (T *p; …)`, where `T` is a
    /// typedef name, as the multiplication `T * p`, and
    /// `for (T *p, **q; …)` as a comma expression of such products and
    /// dereferences, and `for (T *p, *q = h; …)` (gawk 5.2's `pma.c`) as
    /// one whose later items are assignments. This is the declaration the
    /// program wrote, rebuilt from such an expression, or `None` for a
    /// real expression.
    fn pointer_declaration_in_disguise(&self, e: &Node<Expression>) -> Option<Node<Declaration>> {
        let items: Vec<&Node<Expression>> = match &e.node {
            Expression::Comma(list) => list.iter().collect(),
            _ => vec![e],
        };
        let (first, rest) = items.split_first()?;
        let Expression::BinaryOperator(product) = &first.node else { return None };
        let Expression::Identifier(type_name) = &product.node.lhs.node else { return None };
        if product.node.operator.node != BinaryOperator::Multiply
            || !matches!(self.scopes.lookup(&type_name.node.name), Some(super::scope::Symbol::Typedef(_)))
        {
            return None;
        }
        // The product's `*` is the first declarator's first pointer.
        let mut declarators = vec![pointer_declarator(&product.node.rhs, 1)?];
        for item in rest {
            declarators.push(initialized_pointer_declarator(item)?);
        }
        let specifier = DeclarationSpecifier::TypeSpecifier(Node::new(TypeSpecifier::TypedefName((**type_name).clone()), type_name.span));
        Some(Node::new(Declaration { specifiers: vec![Node::new(specifier, type_name.span)], declarators }, e.span))
    }

    fn lower_for_in_scope(&mut self, s: &Node<ForStatement>) -> LowerResult<()> {
        match &s.node.initializer.node {
            ForInitializer::Empty => {}
            ForInitializer::Expression(e) => match self.pointer_declaration_in_disguise(e) {
                Some(declaration) => self.lower_local_declaration(&declaration)?,
                None => {
                    self.lower_expr(e)?;
                }
            },
            ForInitializer::Declaration(d) => self.lower_local_declaration(d)?,
            ForInitializer::StaticAssert(a) => self.check_static_assert(a)?,
        }
        let header = self.new_block();
        let body = self.new_block();
        let step = self.new_block();
        let exit = self.new_block();
        self.jump_to(header);
        self.switch_to(header);
        match &s.node.condition {
            Some(c) => {
                self.set_code_line(c.span.start);
                self.lower_condition(c, body, exit)?
            }
            None => self.jump_to(body),
        }
        self.switch_to(body);
        self.lower_loop_body(&s.node.statement, exit, step)?;
        self.jump_to(step);
        self.switch_to(step);
        if let Some(e) = &s.node.step {
            self.set_code_line(e.span.start);
            self.lower_expr(e)?;
        }
        self.jump_to(header);
        self.switch_to(exit);
        Ok(())
    }

    fn lower_switch(&mut self, s: &Node<SwitchStatement>) -> LowerResult<()> {
        let op = self.lower_expr(&s.node.expression)?;
        if matches!(op.ty, CType::Int128 { .. }) {
            return Err(Diagnostic::unsupported(s.node.expression.span, "a switch on an __int128"));
        }
        if !op.ty.is_integer() {
            return Err(Diagnostic::error_at(s.node.expression.span, "switch quantity is not an integer"));
        }
        let ty = op.ty.promote();
        let value = self.rvalue(&op, s.node.expression.span)?;
        let value = self.convert(value, &op.ty, &ty, s.node.expression.span)?;
        let dispatch = self.f().current;
        let exit = self.new_block();
        let body = self.new_block();
        self.switch_to(body);
        self.f().switches.push(SwitchContext { ty: ty.clone(), cases: Vec::new(), case_spans: Default::default(), ranges: Vec::new(), default: None });
        self.f().break_targets.push(exit);
        self.enter_breakable(false);
        let result = self.lower_statement(&s.node.statement);
        self.leave_breakable(false);
        self.f().break_targets.pop();
        let ctx = self.f().switches.pop().expect("the switch context");
        result?;
        self.jump_to(exit);
        // Case ranges are tested before the switch, each as one unsigned
        // comparison: `value - low <= high - low`.
        self.set_code_line(s.node.expression.span.start);
        self.switch_to(dispatch);
        let ir_ty = ty.ir_type().expect("an integer type");
        for range in &ctx.ranges {
            let low = self.iconst(ir_ty, range.low);
            let offset = self.binary(BinaryOp::Isub, value, low);
            let width = self.iconst(ir_ty, range.high.wrapping_sub(range.low));
            let inside = self.icmp(IntCC::Ule, offset, width);
            let next = self.new_block();
            self.emit_effect(InstData::Brif { cond: inside, then_dest: BlockCall::new(range.block, vec![]), else_dest: BlockCall::new(next, vec![]) });
            self.switch_to(next);
        }
        let default = BlockCall::new(ctx.default.unwrap_or(exit), vec![]);
        let cases = ctx.cases.into_iter().map(|(v, b, _)| (v, BlockCall::new(b, vec![]))).collect();
        self.emit_effect(InstData::Switch { arg: value, default, cases });
        self.switch_to(exit);
        Ok(())
    }

    fn lower_labeled(&mut self, s: &Node<LabeledStatement>) -> LowerResult<()> {
        self.define_label(s)?;
        self.lower_statement(&s.node.statement)
    }

    /// Starts the block of `s`'s label (an identifier, `case` or
    /// `default`), where its statement goes.
    pub fn define_label(&mut self, s: &Node<LabeledStatement>) -> LowerResult<()> {
        let block = match &s.node.label.node {
            Label::Identifier(id) => {
                let name = self.resolve_label(&id.node.name);
                let block = self.label_block(&name, id.span);
                let info = self.f().labels.get_mut(&name).expect("the label was just made");
                if info.defined {
                    return Err(Diagnostic::error_at(id.span, format!("redefinition of label '{}'", id.node.name)));
                }
                info.defined = true;
                self.define_cleanup_label(&name, block)?;
                block
            }
            Label::Case(e) => {
                let Some(ctx) = self.f().switches.last() else {
                    return Err(Diagnostic::error_at(s.node.label.span, "'case' label not in switch statement"));
                };
                let ty = ctx.ty.clone();
                let v = self.eval_int(e)?;
                // Case values are stored as the IR stores immediates:
                // sign-extended from the controlling type's width.
                let v = ty.ir_type().expect("an integer type").canonical_imm(self.wrap_to(v, &ty));
                let block = self.new_block();
                let value = self.wrap_to(v, &ty);
                let ctx = self.f().switches.last_mut().expect("checked above");
                let repeated = ctx.case_spans.get(&v).copied();
                let in_range = ctx.ranges.iter().find(|r| in_case_range(r, value, &ty)).map(|r| r.span);
                if let Some(first) = repeated {
                    return Err(Diagnostic::error_at(e.span, format!("duplicate case value '{v}'"))
                        .with_note(format!("previous case at byte {}", first.start)));
                }
                if let Some(range) = in_range {
                    return Err(Diagnostic::error_at(e.span, "duplicate (or overlapping) case value")
                        .with_note(format!("the case range at byte {}", range.start)));
                }
                let ctx = self.f().switches.last_mut().expect("checked above");
                ctx.cases.push((v, block, e.span));
                ctx.case_spans.insert(v, e.span);
                block
            }
            Label::CaseRange(r) => {
                let Some(ctx) = self.f().switches.last() else {
                    return Err(Diagnostic::error_at(s.node.label.span, "'case' label not in switch statement"));
                };
                let ty = ctx.ty.clone();
                let low = self.eval_int(&r.node.low)?;
                let high = self.eval_int(&r.node.high)?;
                let (low, high) = (self.wrap_to(low, &ty), self.wrap_to(high, &ty));
                let block = self.new_block();
                let unsigned_64 = matches!(ty, CType::Int(k) if !k.is_signed() && k.size() == 8);
                let empty = if unsigned_64 { (low as u64) > (high as u64) } else { low > high };
                // GCC warns about an empty range and drops it.
                if !empty {
                    let range = CaseRangeLabel { low, high, block, span: r.span };
                    let cases: Vec<(i64, Span)> = self.f().switches.last().expect("checked above").cases.iter().map(|c| (c.0, c.2)).collect();
                    let clash = cases.into_iter().find(|&(c, _)| in_case_range(&range, self.wrap_to(c, &ty), &ty)).map(|c| c.1);
                    let ctx = self.f().switches.last().expect("checked above");
                    let clash = clash.or_else(|| {
                        ctx.ranges.iter().find(|other| in_case_range(other, low, &ty) || in_case_range(&range, other.low, &ty)).map(|o| o.span)
                    });
                    if let Some(first) = clash {
                        return Err(Diagnostic::error_at(r.span, "duplicate (or overlapping) case value")
                            .with_note(format!("previous case at byte {}", first.start)));
                    }
                    self.f().switches.last_mut().expect("checked above").ranges.push(range);
                }
                block
            }
            Label::Default => {
                let block = self.new_block();
                let Some(ctx) = self.f().switches.last_mut() else {
                    return Err(Diagnostic::error_at(s.node.label.span, "'default' label not in switch statement"));
                };
                if ctx.default.is_some() {
                    return Err(Diagnostic::error_at(s.node.label.span, "multiple default labels in one switch"));
                }
                ctx.default = Some(block);
                block
            }
        };
        self.jump_to(block);
        self.switch_to(block);
        Ok(())
    }

    /// The block of a label, created on first mention.
    pub fn label_block(&mut self, name: &str, span: lang_c::span::Span) -> nissecc_midend::ir::Block {
        if let Some(info) = self.f().labels.get(name) {
            return info.block;
        }
        let block = self.new_block();
        self.f().labels.insert(name.to_string(), LabelInfo { block, defined: false, first_use: span });
        block
    }
}

/// Whether `value`, a value of the switch's type `ty`, is within `range`.
fn in_case_range(range: &CaseRangeLabel, value: i64, ty: &CType) -> bool {
    let bits = match ty {
        CType::Int(k) => k.size() * 8,
        _ => 64,
    };
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    (value.wrapping_sub(range.low) as u64 & mask) <= (range.high.wrapping_sub(range.low) as u64 & mask)
}

/// The declarator that the expression `*…*name` or `*…*name = value`
/// spells: a later item of a declaration in disguise, where an
/// initializer reads as an assignment (which binds tighter than the
/// comma, as an initializer is an assignment expression).
fn initialized_pointer_declarator(e: &Node<Expression>) -> Option<Node<InitDeclarator>> {
    match &e.node {
        Expression::BinaryOperator(assignment) if assignment.node.operator.node == BinaryOperator::Assign => {
            let mut declarator = pointer_declarator(&assignment.node.lhs, 0)?;
            let value = &assignment.node.rhs;
            declarator.node.initializer = Some(Node::new(Initializer::Expression(value.clone()), value.span));
            Some(declarator)
        }
        _ => pointer_declarator(e, 0),
    }
}

/// The declarator `*…*name` (with `pointers` stars already seen) that the
/// expression `*…*name` spells, without an initializer.
fn pointer_declarator(e: &Node<Expression>, pointers: usize) -> Option<Node<InitDeclarator>> {
    match &e.node {
        Expression::Identifier(name) => {
            let pointer = Node::new(DerivedDeclarator::Pointer(Vec::new()), e.span);
            let declarator = Declarator {
                kind: Node::new(DeclaratorKind::Identifier((**name).clone()), name.span),
                derived: vec![pointer; pointers],
                extensions: Vec::new(),
            };
            Some(Node::new(InitDeclarator { declarator: Node::new(declarator, e.span), initializer: None }, e.span))
        }
        Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => pointer_declarator(&u.node.operand, pointers + 1),
        _ => None,
    }
}
