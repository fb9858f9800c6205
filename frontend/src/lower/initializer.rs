//! Initializers (C11 §6.7.9): the brace structure, brace elision and
//! designators are flattened once into a list of leaf items (an offset, a
//! type and an expression), which static initialization turns into bytes
//! and relocations and automatic initialization turns into stores.

use super::constant::ConstValue;
use super::{LowerResult, Lowerer, Place};
use crate::diagnostic::Diagnostic;
use crate::literal::string_literal_bytes;
use crate::types::{CType, IntKind};
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{DataObject, DataReloc, InstData, Type, Value};
use std::rc::Rc;

/// One scalar (or string-into-char-array, or whole-struct) initialization.
pub struct InitItem<'a> {
    pub offset: u64,
    pub ty: CType,
    pub expr: &'a Node<Expression>,
}

fn is_string_literal(e: &Node<Expression>) -> bool {
    matches!(e.node, Expression::StringLiteral(_))
}

fn is_char_array(ty: &CType) -> bool {
    matches!(ty, CType::Array(elem, _) if matches!(**elem, CType::Int(IntKind::Char | IntKind::SChar | IntKind::UChar)))
}

impl Lowerer {
    /// Flattens an initializer for an object of type `ty`. Returns the
    /// items and the type completed by the initializer (`int a[] = {1,2}`
    /// becomes `int[2]`).
    pub fn flatten_initializer<'a>(&mut self, ty: &CType, init: &'a Node<Initializer>) -> LowerResult<(Vec<InitItem<'a>>, CType)> {
        let mut items = Vec::new();
        let count = self.init_value(ty, 0, init, &mut items)?;
        let ty = match (ty, count) {
            (CType::Array(elem, None), Some(n)) => CType::Array(elem.clone(), Some(n)),
            (t, _) => t.clone(),
        };
        Ok((items, ty))
    }

    /// Initializes one object from one initializer; returns the element
    /// count when the object is an array.
    fn init_value<'a>(&mut self, ty: &CType, offset: u64, init: &'a Node<Initializer>, out: &mut Vec<InitItem<'a>>) -> LowerResult<Option<u64>> {
        match &init.node {
            Initializer::Expression(e) => {
                if is_char_array(ty) && is_string_literal(e) {
                    let Expression::StringLiteral(s) = &e.node else { unreachable!() };
                    let len = string_literal_bytes(&s.node).map_err(|w| Diagnostic::unsupported(e.span, w))?.len() as u64 + 1;
                    let ty = match ty {
                        CType::Array(elem, None) => CType::Array(elem.clone(), Some(len)),
                        t => t.clone(),
                    };
                    out.push(InitItem { offset, ty, expr: e });
                    return Ok(Some(len));
                }
                if matches!(ty, CType::Array(..)) {
                    return Err(Diagnostic::error_at(e.span, "array initializer must be an initializer list or string literal"));
                }
                out.push(InitItem { offset, ty: ty.clone(), expr: e });
                Ok(None)
            }
            Initializer::List(list) => {
                if ty.is_scalar() {
                    // `int x = {5};`
                    return match list.first() {
                        Some(first) => self.init_value(ty, offset, &first.node.initializer, out),
                        None => Ok(None),
                    };
                }
                // `char s[] = {"abc"}`.
                if is_char_array(ty) && list.len() == 1 && list[0].node.designation.is_empty() {
                    if let Initializer::Expression(e) = &list[0].node.initializer.node {
                        if is_string_literal(e) {
                            return self.init_value(ty, offset, &list[0].node.initializer, out);
                        }
                    }
                }
                let (_, count) = self.init_list(ty, offset, list, 0, false, out)?;
                Ok(Some(count))
            }
        }
    }

    /// The number of elements of an aggregate for positional
    /// initialization (`None`: unbounded array).
    fn element_count(&self, ty: &CType) -> Option<u64> {
        match ty {
            CType::Array(_, n) => *n,
            CType::Record(id) => Some(self.types.records[*id].fields.len() as u64),
            _ => Some(0),
        }
    }

    /// Type and offset of element `pos` of an aggregate.
    fn element_at(&self, ty: &CType, pos: u64) -> (CType, u64) {
        match ty {
            CType::Array(elem, _) => ((**elem).clone(), pos * self.types.size_of(elem).unwrap_or(0)),
            CType::Record(id) => {
                let field = &self.types.records[*id].fields[pos as usize];
                (field.ty.clone(), field.offset)
            }
            _ => unreachable!("element_at on a scalar"),
        }
    }

    /// Initializes the elements of aggregate `ty` from `items[start..]`.
    /// With `elide`, stops once the aggregate is full (brace elision);
    /// otherwise consumes the whole list. Returns the next item index and
    /// the number of elements reached.
    fn init_list<'a>(
        &mut self,
        ty: &CType,
        offset: u64,
        items: &'a [Node<InitializerListItem>],
        start: usize,
        elide: bool,
        out: &mut Vec<InitItem<'a>>,
    ) -> LowerResult<(usize, u64)> {
        let limit = self.element_count(ty);
        // A union initializes one member: the first, or the designated one.
        let is_union = matches!(ty, CType::Record(id) if self.types.records[*id].is_union);
        let mut pos = 0u64;
        let mut max = 0u64;
        let mut i = start;
        while i < items.len() {
            let item = &items[i];
            if !item.node.designation.is_empty() {
                if elide && i != start {
                    break;
                }
                pos = self.designated_position(ty, &item.node.designation[0])?;
                if item.node.designation.len() > 1 {
                    let (elem_ty, elem_off) = self.element_at(ty, pos);
                    self.init_designated(&elem_ty, offset + elem_off, &item.node.designation[1..], &item.node.initializer, out)?;
                    pos = if is_union { limit.unwrap_or(0) } else { pos + 1 };
                    max = max.max(pos);
                    i += 1;
                    continue;
                }
            }
            if limit.is_some_and(|n| pos >= n) {
                if elide {
                    break;
                }
                // Excess initializers are ignored, as GCC does after a warning.
                i += 1;
                continue;
            }
            let (elem_ty, elem_off) = self.element_at(ty, pos);
            i = self.init_element(&elem_ty, offset + elem_off, items, i, out)?;
            pos = if is_union { limit.unwrap_or(0) } else { pos + 1 };
            max = max.max(pos);
        }
        Ok((i, max))
    }

    /// Initializes one element from `items[i]`, eliding braces when a
    /// scalar initializes an aggregate element. Returns the next index.
    fn init_element<'a>(&mut self, ty: &CType, offset: u64, items: &'a [Node<InitializerListItem>], i: usize, out: &mut Vec<InitItem<'a>>) -> LowerResult<usize> {
        let init = &items[i].node.initializer;
        let Initializer::Expression(e) = &init.node else {
            self.init_value(ty, offset, init, out)?;
            return Ok(i + 1);
        };
        let direct = ty.is_scalar()
            || (is_char_array(ty) && is_string_literal(e))
            || (ty.is_record() && !matches!(e.node, Expression::Constant(_)) && &self.type_of_expression(e)? == ty);
        if direct {
            self.init_value(ty, offset, init, out)?;
            return Ok(i + 1);
        }
        let (next, _) = self.init_list(ty, offset, items, i, true, out)?;
        Ok(next.max(i + 1))
    }

    fn init_designated<'a>(&mut self, ty: &CType, offset: u64, designators: &[Node<Designator>], init: &'a Node<Initializer>, out: &mut Vec<InitItem<'a>>) -> LowerResult<()> {
        let Some((first, rest)) = designators.split_first() else {
            self.init_value(ty, offset, init, out)?;
            return Ok(());
        };
        let pos = self.designated_position(ty, first)?;
        let (elem_ty, elem_off) = self.element_at(ty, pos);
        self.init_designated(&elem_ty, offset + elem_off, rest, init, out)
    }

    fn designated_position(&mut self, ty: &CType, d: &Node<Designator>) -> LowerResult<u64> {
        match (&d.node, ty) {
            (Designator::Index(e), CType::Array(_, n)) => {
                let i = self.eval_int(e)?;
                if i < 0 || n.is_some_and(|n| i as u64 >= n) {
                    return Err(Diagnostic::error_at(e.span, "array index in initializer exceeds array bounds"));
                }
                Ok(i as u64)
            }
            (Designator::Member(name), CType::Record(id)) => self.types.records[*id]
                .fields
                .iter()
                .position(|f| f.name.as_deref() == Some(&name.node.name))
                .map(|p| p as u64)
                .ok_or_else(|| Diagnostic::error_at(name.span, format!("no member named '{}'", name.node.name))),
            (Designator::Range(_), _) => Err(Diagnostic::unsupported(d.span, "range designator")),
            _ => Err(Diagnostic::error_at(d.span, "designator does not match the type being initialized")),
        }
    }

    /// The read-only data object holding a string literal.
    pub fn string_literal_object(&mut self, tokens: &[String], span: Span) -> LowerResult<(String, CType)> {
        let bytes = string_literal_bytes(tokens).map_err(|w| Diagnostic::unsupported(span, w))?;
        Ok(self.string_constant(bytes))
    }

    /// The read-only `char` array holding `bytes` and a terminating NUL
    /// (string literals and `__func__`). Identical strings share one
    /// object, as GCC merges them.
    pub fn string_constant(&mut self, mut bytes: Vec<u8>) -> (String, CType) {
        bytes.push(0);
        let ty = CType::Array(Rc::new(CType::CHAR), Some(bytes.len() as u64));
        if let Some(symbol) = self.string_literals.get(&bytes) {
            return (symbol.clone(), ty);
        }
        let symbol = self.fresh_symbol(".str");
        self.string_literals.insert(bytes.clone(), symbol.clone());
        self.put_data(DataObject::read_only(symbol.clone(), bytes));
        (symbol, ty)
    }

    /// The bytes and relocations of a statically initialized object.
    pub fn static_image(&mut self, ty: &CType, items: &[InitItem<'_>], span: Span) -> LowerResult<(Vec<u8>, Vec<DataReloc>)> {
        let size = self.types.size_of(ty).ok_or_else(|| Diagnostic::error_at(span, "variable has incomplete type"))?;
        let mut bytes = vec![0u8; size as usize];
        let mut relocs = Vec::new();
        for item in items {
            let at = item.offset as usize;
            if let (true, Expression::StringLiteral(s)) = (matches!(item.ty, CType::Array(..)), &item.expr.node) {
                let data = string_literal_bytes(&s.node).map_err(|w| Diagnostic::unsupported(s.span, w))?;
                let room = self.types.size_of(&item.ty).unwrap_or(0) as usize;
                let n = data.len().min(room);
                bytes[at..at + n].copy_from_slice(&data[..n]);
                continue;
            }
            if !item.ty.is_scalar() {
                return Err(Diagnostic::error_at(item.expr.span, "initializer element is not a compile-time constant"));
            }
            let value = self.eval_const(item.expr).map_err(|_| {
                Diagnostic::error_at(item.expr.span, "initializer element is not a compile-time constant")
            })?;
            let value = self.const_convert(value, &item.ty, item.expr.span)?;
            let width = self.types.size_of(&item.ty).unwrap_or(0) as usize;
            match value {
                ConstValue::Int(v, _) => bytes[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]),
                ConstValue::Float(v, CType::Float) => bytes[at..at + 4].copy_from_slice(&(v as f32).to_le_bytes()),
                ConstValue::Float(v, _) => bytes[at..at + 8].copy_from_slice(&v.to_le_bytes()),
                ConstValue::Addr { symbol, offset, .. } => {
                    if width != 8 {
                        return Err(Diagnostic::error_at(item.expr.span, "initializer element is not a compile-time constant"));
                    }
                    relocs.push(DataReloc { offset: at as u32, symbol, addend: offset });
                }
            }
        }
        Ok((bytes, relocs))
    }

    /// Stores the initial value of an automatic object at `base`.
    pub fn store_initializer(&mut self, ty: &CType, base: Value, items: &[InitItem<'_>], braced: bool) -> LowerResult<()> {
        if braced || !ty.is_scalar() {
            let size = self.types.size_of(ty).unwrap_or(0);
            let whole_record = items.len() == 1 && items[0].offset == 0 && items[0].ty == *ty && ty.is_record();
            if !whole_record {
                self.zero_bytes(base, size);
            }
        }
        for item in items {
            let at = self.offset_address(base, item.offset as i64);
            if let (CType::Array(..), Expression::StringLiteral(s)) = (&item.ty, &item.expr.node) {
                let (symbol, lit_ty) = self.string_literal_object(&s.node, s.span)?;
                let room = self.types.size_of(&item.ty).unwrap_or(0);
                let n = self.types.size_of(&lit_ty).unwrap_or(0).min(room);
                let src = self.emit(InstData::SymbolAddr { symbol, offset: 0 }, Type::PTR);
                self.copy_bytes(at, src, n);
                continue;
            }
            let op = self.lower_expr(item.expr)?;
            let v = self.assign_convert(&op, &item.ty, item.expr.span)?;
            if item.ty.is_record() {
                let size = self.types.size_of(&item.ty).unwrap_or(0);
                if let Place::Addr(_) | Place::Value(_) = op.place {
                    self.copy_bytes(at, v, size);
                }
                continue;
            }
            self.store(v, at);
        }
        Ok(())
    }
}
