//! Initializers (C11 §6.7.9): the brace structure, brace elision and
//! designators are flattened once into a list of leaf items (an offset, a
//! type and an expression), which static initialization turns into bytes
//! and relocations and automatic initialization turns into stores.
//!
//! A braced list walks its object with a cursor, as §6.7.9p17-20 describe
//! the "current object": a stack of frames, one per aggregate being filled
//! by brace elision, each at the position of its next element. A
//! designation resets the cursor to the list's own object and moves it
//! down the designated path; a positional initializer takes the element
//! after the last one initialized, leaving exhausted frames for their
//! parents. An aggregate element given an expression that does not
//! initialize it whole (a scalar for a struct, say) gets a frame of its
//! own, so the expression goes to its first scalar. Later items override
//! earlier ones for the same bytes, a braced list for an aggregate
//! element overrides all that its parts were given before, and
//! designating another member of a union drops what its previous member
//! was given.

use super::constant::ConstValue;
use super::{LowerResult, Lowerer, Place};
use crate::diagnostic::Diagnostic;
use crate::literal::{string_literal, StringLiteral};
use crate::types::{BitField, CType, RecordId};
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{DataObject, DataReloc, InstData, Type, Value};
use std::collections::HashMap;
use std::rc::Rc;

/// One scalar (or string-into-array, or whole-struct) initialization.
pub struct InitItem<'a> {
    pub offset: u64,
    pub ty: CType,
    /// The bits of a bit-field member at `offset`.
    pub bits: Option<BitField>,
    pub expr: &'a Node<Expression>,
}

/// An element of an aggregate: its type, offset and bit-field position.
struct Element {
    ty: CType,
    offset: u64,
    bits: Option<BitField>,
}

/// One aggregate on the cursor's stack and the position of its next
/// element (an index into an array, or into a record's `fields`).
struct Frame {
    ty: CType,
    offset: u64,
    position: u64,
}

impl Lowerer {
    /// Flattens an initializer for an object of type `ty`. Returns the
    /// items and the type completed by the initializer (`int a[] = {1,2}`
    /// becomes `int[2]`).
    pub fn flatten_initializer<'a>(&mut self, ty: &CType, init: &'a Node<Initializer>) -> LowerResult<(Vec<InitItem<'a>>, CType)> {
        let mut items = Vec::new();
        let count = self.init_value(ty, 0, None, init, &mut items)?;
        let ty = match (ty, count) {
            (CType::Array(elem, None), Some(n)) => CType::Array(elem.clone(), Some(n)),
            (t, _) => t.clone(),
        };
        Ok((items, ty))
    }

    /// The string literal `e` when it initializes an array of type `ty`
    /// whole: `char s[] = "abc"`, `int w[4] = L"abc"`.
    fn string_initializer(&self, ty: &CType, e: &Node<Expression>) -> LowerResult<Option<StringLiteral>> {
        let (CType::Array(elem, _), Expression::StringLiteral(s)) = (ty, &e.node) else { return Ok(None) };
        let CType::Int(kind) = **elem else { return Ok(None) };
        let literal = string_literal(&s.node).map_err(|w| Diagnostic::unsupported(e.span, w))?;
        Ok((kind.size() as usize == literal.elem_size()).then_some(literal))
    }

    /// The only item of `list` when it is a string literal that initializes
    /// an array of type `ty` whole: `char s[] = {"abc"}`.
    fn braced_string<'a>(&self, ty: &CType, list: &'a [Node<InitializerListItem>]) -> LowerResult<Option<&'a Node<Initializer>>> {
        let [only] = list else { return Ok(None) };
        let Initializer::Expression(e) = &only.node.initializer.node else { return Ok(None) };
        Ok((only.node.designation.is_empty() && self.string_initializer(ty, e)?.is_some()).then_some(&only.node.initializer))
    }

    /// Initializes one object from one initializer; returns the element
    /// count when the object is an array.
    fn init_value<'a>(&mut self, ty: &CType, offset: u64, bits: Option<BitField>, init: &'a Node<Initializer>, out: &mut Vec<InitItem<'a>>) -> LowerResult<Option<u64>> {
        // Initializing an atomic object is not an atomic access (C11 §7.17.2.2).
        let ty = ty.unatomic();
        match &init.node {
            Initializer::Expression(e) => {
                if let Some(literal) = self.string_initializer(ty, e)? {
                    let len = literal.len_with_terminator();
                    let ty = match ty {
                        CType::Array(elem, None) => CType::Array(elem.clone(), Some(len)),
                        t => t.clone(),
                    };
                    out.push(InitItem { offset, ty, bits: None, expr: e });
                    return Ok(Some(len));
                }
                if let Some((initialized, list)) = self.compound_literal_list(ty, e)? {
                    let reached = match (self.braced_string(&initialized, list)?, list.first()) {
                        (Some(only), _) => self.init_value(&initialized, offset, None, only, out)?.unwrap_or(0),
                        (None, Some(first)) if initialized.is_scalar() => {
                            self.init_value(&initialized, offset, bits, &first.node.initializer, out)?;
                            0
                        }
                        (None, _) => self.init_list(&initialized, offset, list, out)?,
                    };
                    return Ok(match initialized {
                        CType::Array(_, length) => Some(length.unwrap_or(reached)),
                        _ => None,
                    });
                }
                if matches!(ty, CType::Array(..)) {
                    return Err(Diagnostic::error_at(e.span, "array initializer must be an initializer list or string literal"));
                }
                if let (CType::Vector(..), Expression::CompoundLiteral(literal)) = (ty, &e.node) {
                    // A vector compound literal initializes as its list
                    // would, which also makes it a constant for a static
                    // object, as GCC allows (`V v[] = { (V){ 1, 2 } }`).
                    let literal_ty = self.type_name(&literal.node.type_name)?;
                    if self.vector_assignable(&literal_ty, ty) {
                        self.init_list(ty, offset, &literal.node.initializer_list, out)?;
                        return Ok(None);
                    }
                }
                out.push(InitItem { offset, ty: ty.clone(), bits, expr: e });
                Ok(None)
            }
            Initializer::List(list) => {
                // A complex object takes its first element only, as GCC's
                // "excess elements in scalar initializer" does.
                if ty.is_scalar() || ty.is_complex() {
                    // `int x = {5};`, and the empty `{}` (zero).
                    return match list.first() {
                        Some(first) => self.init_value(ty, offset, bits, &first.node.initializer, out),
                        None => Ok(None),
                    };
                }
                // `char s[] = {"abc"}`.
                if let Some(only) = self.braced_string(ty, list)? {
                    return self.init_value(ty, offset, None, only, out);
                }
                if !matches!(ty, CType::Array(..) | CType::Record(_) | CType::Vector(..)) {
                    return Err(Diagnostic::error_at(init.span, format!("initializer list for type '{}'", self.types.describe(ty))));
                }
                Ok(Some(self.init_list(ty, offset, list, out)?))
            }
        }
    }

    /// The number of element positions of an aggregate (`None`: an array
    /// of unknown size).
    fn position_count(&self, ty: &CType) -> Option<u64> {
        match ty {
            CType::Array(_, n) => *n,
            // A vector is initialized as an array of its elements.
            CType::Vector(_, n) => Some(*n),
            CType::Record(id) => Some(self.types.records[*id].fields.len() as u64),
            _ => Some(0),
        }
    }

    fn union_of(&self, ty: &CType) -> Option<RecordId> {
        match ty {
            CType::Record(id) if self.types.records[*id].is_union => Some(*id),
            _ => None,
        }
    }

    /// The first position at or after `position` that initializers fill
    /// (records skip unnamed bit-fields).
    fn fillable_position(&self, ty: &CType, mut position: u64) -> u64 {
        if let CType::Record(id) = ty {
            let fields = &self.types.records[*id].fields;
            while (position as usize) < fields.len() && !fields[position as usize].is_initializable() {
                position += 1;
            }
        }
        position
    }

    /// The element at `position` of an aggregate at `offset`.
    fn element_at(&self, ty: &CType, offset: u64, position: u64) -> Element {
        match ty {
            CType::Array(elem, _) | CType::Vector(elem, _) => Element { ty: elem.unatomic().clone(), offset: offset + position * self.types.size_of(elem).unwrap_or(0), bits: None },
            CType::Record(id) => {
                let field = &self.types.records[*id].fields[position as usize];
                Element { ty: field.ty.unatomic().clone(), offset: offset + field.offset, bits: field.bits }
            }
            _ => unreachable!("element_at on a scalar"),
        }
    }

    /// Initializes an aggregate from a braced list; returns how many
    /// elements of the aggregate the list reached.
    fn init_list<'a>(&mut self, ty: &CType, offset: u64, list: &'a [Node<InitializerListItem>], out: &mut Vec<InitItem<'a>>) -> LowerResult<u64> {
        let mut stack = vec![Frame { ty: ty.clone(), offset, position: 0 }];
        // The member each union (by offset and record) holds so far.
        let mut union_members: HashMap<(u64, RecordId), u64> = HashMap::new();
        let mut reached = 0u64;
        for item in list {
            if item.node.designation.is_empty() {
                if !self.next_position(&mut stack) {
                    // Excess initializers are ignored, as GCC does after a
                    // warning.
                    continue;
                }
                self.init_at_cursor(&mut stack, &item.node.initializer, &mut union_members, out)?;
                reached = reached.max(stack[0].position + (stack.len() > 1) as u64);
                continue;
            }
            // A GNU range designator `[lo ... hi]` repeats the item for
            // each index; several (`[1 ... 2][0 ... 1]`) for each
            // combination of their indices, the last varying fastest.
            let mut ranges = Vec::new();
            for d in &item.node.designation {
                if let Designator::Range(r) = &d.node {
                    let (lo, hi) = (self.eval_int(&r.node.from)?, self.eval_int(&r.node.to)?);
                    if lo < 0 || hi < lo {
                        return Err(Diagnostic::error_at(r.span, "empty or negative index range in initializer"));
                    }
                    ranges.push((lo as u64, hi as u64));
                }
            }
            let mut indices: Vec<u64> = ranges.iter().map(|&(lo, _)| lo).collect();
            loop {
                stack.truncate(1);
                self.designate(&mut stack, &item.node.designation, &indices, &mut union_members, out)?;
                self.init_at_cursor(&mut stack, &item.node.initializer, &mut union_members, out)?;
                reached = reached.max(stack[0].position + (stack.len() > 1) as u64);
                // The next combination, as an odometer turns.
                let Some(turning) = (0..indices.len()).rev().find(|&k| indices[k] < ranges[k].1) else { break };
                indices[turning] += 1;
                for k in turning + 1..indices.len() {
                    indices[k] = ranges[k].0;
                }
            }
        }
        Ok(reached)
    }

    /// Moves the cursor to the next fillable element, leaving exhausted
    /// frames; false when the whole list's object is full.
    fn next_position(&self, stack: &mut Vec<Frame>) -> bool {
        loop {
            let top = stack.last_mut().expect("the list's own frame");
            top.position = self.fillable_position(&top.ty, top.position);
            if self.position_count(&top.ty).is_none_or(|n| top.position < n) {
                return true;
            }
            if stack.len() == 1 {
                return false;
            }
            stack.pop();
            self.advance(stack);
        }
    }

    /// Moves past the element just initialized; a union takes only one.
    fn advance(&self, stack: &mut [Frame]) {
        let top = stack.last_mut().expect("a frame");
        top.position = if self.union_of(&top.ty).is_some() { self.position_count(&top.ty).unwrap_or(0) } else { top.position + 1 };
    }

    /// Follows a designation from the list's own frame, leaving the cursor
    /// on the designated element.
    /// `range_indices` holds the index each range designator of the
    /// designation stands for, in order.
    fn designate<'a>(&mut self, stack: &mut Vec<Frame>, designation: &[Node<Designator>], range_indices: &[u64], union_members: &mut HashMap<(u64, RecordId), u64>, out: &mut Vec<InitItem<'a>>) -> LowerResult<()> {
        let mut steps = Vec::new();
        let mut ranges_seen = 0;
        for (i, d) in designation.iter().enumerate() {
            // Each designator's type is that of the element the previous
            // ones reached.
            let ty = if i == 0 {
                stack[0].ty.clone()
            } else {
                let top = stack.last().expect("a frame");
                let element = self.element_at(&top.ty, top.offset, top.position);
                stack.push(Frame { ty: element.ty, offset: element.offset, position: 0 });
                stack.last().expect("just pushed").ty.clone()
            };
            steps.clear();
            let range_index = match d.node {
                Designator::Range(_) => {
                    ranges_seen += 1;
                    range_indices[ranges_seen - 1]
                }
                _ => 0,
            };
            self.designated_positions(&ty, d, range_index, &mut steps)?;
            for (j, &position) in steps.iter().enumerate() {
                if j > 0 {
                    let top = stack.last().expect("a frame");
                    let element = self.element_at(&top.ty, top.offset, top.position);
                    stack.push(Frame { ty: element.ty, offset: element.offset, position: 0 });
                }
                let top = stack.last_mut().expect("a frame");
                top.position = position;
                let (ty, offset) = (top.ty.clone(), top.offset);
                self.select_union_member(&ty, offset, position, union_members, out);
            }
        }
        Ok(())
    }

    /// Records that a union's member `position` is being initialized; a
    /// different member than before discards what the old one was given.
    fn select_union_member(&self, ty: &CType, offset: u64, position: u64, union_members: &mut HashMap<(u64, RecordId), u64>, out: &mut Vec<InitItem<'_>>) {
        let Some(id) = self.union_of(ty) else { return };
        if let Some(previous) = union_members.insert((offset, id), position) {
            if previous != position {
                let end = offset + self.types.records[id].size;
                out.retain(|item| item.offset < offset || item.offset >= end);
            }
        }
    }

    /// Initializes the element under the cursor from `init`, descending
    /// into aggregate elements that a lone expression starts (brace
    /// elision), then advances the cursor.
    fn init_at_cursor<'a>(&mut self, stack: &mut Vec<Frame>, init: &'a Node<Initializer>, union_members: &mut HashMap<(u64, RecordId), u64>, out: &mut Vec<InitItem<'a>>) -> LowerResult<()> {
        loop {
            let top = stack.last().expect("a frame");
            let (ty, offset, position) = (top.ty.clone(), top.offset, top.position);
            let element = self.element_at(&ty, offset, position);
            self.select_union_member(&ty, offset, position, union_members, out);
            let descend = match &init.node {
                Initializer::List(_) => false,
                Initializer::Expression(e) => !self.initializes_whole(&element.ty, e)?,
            };
            if !descend {
                // A braced list or a whole value for an aggregate element
                // initializes all of it, overriding what earlier items
                // gave its parts (`.a.x = 1, .a = { .y = 2 }` leaves x 0).
                if !element.ty.is_scalar() {
                    if let Some(size) = self.types.size_of(&element.ty) {
                        let (start, end) = (element.offset, element.offset + size);
                        out.retain(|item| item.offset < start || item.offset >= end);
                    }
                }
                self.init_value(&element.ty, element.offset, element.bits, init, out)?;
                self.advance(stack);
                return Ok(());
            }
            stack.push(Frame { ty: element.ty, offset: element.offset, position: 0 });
            if !self.next_position(stack) {
                return Ok(());
            }
        }
    }

    /// True when expression `e` initializes an object of type `ty` by
    /// itself: a scalar, a string for an array, a struct of the same type.
    fn initializes_whole(&mut self, ty: &CType, e: &Node<Expression>) -> LowerResult<bool> {
        if ty.is_scalar() || self.string_initializer(ty, e)?.is_some() {
            return Ok(true);
        }
        if ty.is_record() && !matches!(e.node, Expression::Constant(_) | Expression::StringLiteral(_)) {
            return Ok(&self.type_of_expression(e)? == ty);
        }
        if ty.is_vector() && !matches!(e.node, Expression::Constant(_) | Expression::StringLiteral(_)) {
            // A vector of another type is an error (or, from a comparison,
            // GCC's opaque vector), reported when it is converted.
            let from = self.type_of_expression(e)?;
            return Ok(from.is_vector() && self.types.size_of(&from) == self.types.size_of(ty));
        }
        Ok(!matches!(ty, CType::Array(..) | CType::Record(_) | CType::Vector(..)))
    }

    /// The positions one designator selects, from the aggregate `ty`: one
    /// index, or the path to a member through anonymous members.
    /// `range_index` is the index a range designator stands for.
    fn designated_positions(&mut self, ty: &CType, d: &Node<Designator>, range_index: u64, out: &mut Vec<u64>) -> LowerResult<()> {
        match (&d.node, ty) {
            // GCC takes no designators in a vector's list.
            (Designator::Index(_) | Designator::Range(_), CType::Vector(..)) => {
                Err(Diagnostic::error_at(d.span, "array index in non-array initializer"))
            }
            (Designator::Index(e), CType::Array(_, n)) => {
                let i = self.eval_int(e)?;
                if i < 0 || n.is_some_and(|n| i as u64 >= n) {
                    return Err(Diagnostic::error_at(e.span, "array index in initializer exceeds array bounds"));
                }
                out.push(i as u64);
                Ok(())
            }
            (Designator::Member(name), CType::Record(id)) => {
                let path = self.types.field_path(*id, &name.node.name).ok_or_else(|| {
                    Diagnostic::error_at(name.span, format!("no member named '{}' in '{}'", name.node.name, self.types.describe(ty)))
                })?;
                out.extend(path.into_iter().map(|p| p as u64));
                Ok(())
            }
            (Designator::Range(_), CType::Array(_, n)) => {
                if n.is_some_and(|n| range_index >= n) {
                    return Err(Diagnostic::error_at(d.span, "array index range in initializer exceeds array bounds"));
                }
                out.push(range_index);
                Ok(())
            }
            _ => Err(Diagnostic::error_at(d.span, "designator does not match the type being initialized")),
        }
    }

    /// The read-only data object holding a string literal.
    pub fn string_literal_object(&mut self, tokens: &[String], span: Span) -> LowerResult<(String, CType)> {
        let literal = string_literal(tokens).map_err(|w| Diagnostic::unsupported(span, w))?;
        Ok(self.string_constant(&literal))
    }

    /// The read-only array holding a string literal and its terminating
    /// null character. Identical strings share
    /// one object, as GCC merges them.
    pub fn string_constant(&mut self, literal: &StringLiteral) -> (String, CType) {
        let ty = CType::Array(Rc::new(literal.elem.clone()), Some(literal.len_with_terminator()));
        let bytes = literal.bytes_with_terminator();
        let key = (bytes, literal.elem_size());
        if let Some(symbol) = self.string_literals.get(&key) {
            return (symbol.clone(), ty);
        }
        let symbol = self.fresh_symbol(".str");
        let mut object = DataObject::read_only(symbol.clone(), key.0.clone());
        object.align = object.align.max(literal.elem_size() as u32);
        self.string_literals.insert(key, symbol.clone());
        self.put_data(object);
        (symbol, ty)
    }

    /// The image of a statically initialized object: its bytes up to the
    /// last one an initializer sets, how many zero bytes follow them, and
    /// its relocations. The zeros are not materialized (`DataObject::zero_fill`).
    pub fn static_image(&mut self, ty: &CType, items: &[InitItem<'_>], span: Span) -> LowerResult<(Vec<u8>, u64, Vec<DataReloc>)> {
        let size = self.types.size_of(ty).ok_or_else(|| Diagnostic::error_at(span, "variable has incomplete type"))?;
        let mut bytes: Vec<u8> = Vec::new();
        let mut relocs = Vec::new();
        for item in items {
            // Initializers for a flexible array member extend the object,
            // as GCC allows for static storage.
            let width = self.types.size_of(&item.ty).unwrap_or(0);
            let end = item.offset.saturating_add(width);
            if end > MAX_INITIALIZED_BYTES {
                return Err(Diagnostic::unsupported(
                    item.expr.span,
                    format!("an initializer {} bytes into a static object (at most {MAX_INITIALIZED_BYTES} initialized bytes; zeros may follow them)", item.offset),
                ));
            }
            let (at, width) = (item.offset as usize, width as usize);
            // A bit-field that straddles its unit also covers the byte after it.
            let covered = width + item.bits.map_or(0, |bits| bits.spill(width as u32 * 8).min(1) as usize);
            if at + covered > bytes.len() {
                bytes.resize(at + covered, 0);
            }
            // An item overrides the address an earlier one put in its bytes
            // (`{ [0 ... 2] = f, [0] = g }`, `{ &x, [0] = 0 }`), as it
            // overrides their value.
            relocs.retain(|r: &DataReloc| (r.offset as usize) + 8 <= at || (r.offset as usize) >= at + covered);
            if let Some(literal) = self.string_initializer(&item.ty, item.expr)? {
                let room = self.types.size_of(&item.ty).unwrap_or(0) as usize;
                let n = literal.bytes.len().min(room);
                bytes[at..at + n].copy_from_slice(&literal.bytes[..n]);
                continue;
            }
            if let CType::Unsupported(what) = &item.ty {
                return Err(Diagnostic::unsupported(item.expr.span, format!("{what} values")));
            }
            if !item.ty.is_scalar() && !item.ty.is_complex() {
                return Err(Diagnostic::error_at(item.expr.span, "initializer element is not a compile-time constant"));
            }
            // An operand outside the subset (`(_Complex float)0.5 == 0.5`)
            // is named as such, not taken for a value known only at run time.
            let value = self.eval_const(item.expr).map_err(|e| match e.message.starts_with("unsupported:") {
                true => e,
                false => Diagnostic::error_at(item.expr.span, "initializer element is not a compile-time constant"),
            })?;
            let value = self.const_convert(value, &item.ty, item.expr.span)?;
            let width = self.types.size_of(&item.ty).unwrap_or(0) as usize;
            if let (Some(bits), ConstValue::Int(v, _)) = (item.bits, &value) {
                let mut unit = [0u8; 16];
                unit[..covered].copy_from_slice(&bytes[at..at + covered]);
                let merged = bits.insert(u128::from_le_bytes(unit), *v as u64);
                bytes[at..at + covered].copy_from_slice(&merged.to_le_bytes()[..covered]);
                continue;
            }
            match value {
                ConstValue::Int(v, _) => bytes[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]),
                ConstValue::Int128(v, _) => bytes[at..at + 16].copy_from_slice(&v.to_le_bytes()),
                ConstValue::Float(v, CType::Float) => bytes[at..at + 4].copy_from_slice(&(v as f32).to_le_bytes()),
                ConstValue::Float(v, _) => bytes[at..at + 8].copy_from_slice(&v.to_le_bytes()),
                ConstValue::LongDouble(x) => bytes[at..at + 16].copy_from_slice(&x.object_bytes()),
                ConstValue::Complex { re, im, ty } => {
                    let parts = Self::const_complex_bytes(re, im, &ty);
                    bytes[at..at + parts.len()].copy_from_slice(&parts);
                }
                ConstValue::Addr { symbol, offset, .. } => {
                    if width != 8 {
                        return Err(Diagnostic::error_at(item.expr.span, "initializer element is not a compile-time constant"));
                    }
                    relocs.push(DataReloc { offset: at as u32, symbol, addend: offset });
                }
            }
        }
        let zero_fill = size.saturating_sub(bytes.len() as u64);
        Ok((bytes, zero_fill, relocs))
    }

    /// Stores the initial value of an automatic object at `base`.
    pub fn store_initializer(&mut self, ty: &CType, base: Value, items: &[InitItem<'_>], braced: bool) -> LowerResult<()> {
        let object_size = self.types.size_of(ty).unwrap_or(0);
        // A bit-field of a packed record may sit in a storage unit that
        // reaches past the object; only the bytes it covers count.
        let end = |item: &InitItem<'_>| match item.bits {
            Some(bits) => item.offset + (bits.shift as u64 + bits.width as u64).div_ceil(8),
            None => item.offset + self.types.size_of(&item.ty).unwrap_or(0),
        };
        if let Some(item) = items.iter().find(|item| end(item) > object_size) {
            return Err(Diagnostic::error_at(item.expr.span, "non-static initialization of a flexible array member"));
        }
        if braced || !ty.is_scalar() {
            let size = self.types.size_of(ty).unwrap_or(0);
            let whole_record = items.len() == 1 && items[0].offset == 0 && items[0].ty == *ty && ty.is_record();
            if !whole_record {
                self.zero_bytes(base, size);
            }
        }
        for item in items {
            let at = self.offset_address(base, item.offset as i64);
            if let Some(literal) = self.string_initializer(&item.ty, item.expr)? {
                let (symbol, lit_ty) = self.string_constant(&literal);
                let room = self.types.size_of(&item.ty).unwrap_or(0);
                let n = self.types.size_of(&lit_ty).unwrap_or(0).min(room);
                let src = self.emit(InstData::SymbolAddr { symbol, offset: 0 }, Type::PTR);
                self.copy_bytes(at, src, n);
                continue;
            }
            let op = self.lower_expr(item.expr)?;
            let v = self.assign_convert(&op, &item.ty, item.expr.span)?;
            if let Some(bits) = item.bits {
                self.store_bit_field(at, &item.ty, bits, v);
                continue;
            }
            if item.ty.is_record() {
                let size = self.types.size_of(&item.ty).unwrap_or(0);
                if let Place::Addr(_) | Place::Value(_) = op.place {
                    self.copy_bytes(at, v, size);
                }
                continue;
            }
            self.store_typed(&item.ty, v, at);
        }
        Ok(())
    }
}

/// The most bytes of a static object that initializers may set (the rest
/// of the object, zeros, may be any size).
pub const MAX_INITIALIZED_BYTES: u64 = 1 << 31;
