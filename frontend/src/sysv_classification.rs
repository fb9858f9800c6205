//! The System V x86-64 classification of structs and unions passed or
//! returned by value (AMD64 psABI 1.0, §3.2.3 "Parameter Passing").
//!
//! An object larger than two eightbytes, or with a member that is not at
//! its natural alignment (a `packed` layout), is MEMORY. Otherwise each
//! eightbyte starts as NO_CLASS and every scalar inside it, found by
//! walking members and array elements at their offsets, merges its class
//! in: INTEGER for integers, pointers and bit-fields, SSE for `float` and
//! `double`; INTEGER wins over SSE. A `long double` (class X87) or any
//! other type outside the subset makes the object MEMORY, which is what
//! §3.2.3 gives for an X87 argument. As a result, a `long double` or a
//! struct or union holding nothing else comes back in `%st(0)`
//! (`sysv_result`).

use crate::types::{CType, TypeTable};
use nissecc_midend::ir::abi::{Aggregate, Eightbyte};

impl TypeTable {
    /// The classification of the struct or union type `ty`.
    pub fn sysv_aggregate(&self, ty: &CType) -> Aggregate {
        let size = self.size_of(ty).unwrap_or(0);
        let align = self.align_of(ty);
        if size > 16 {
            return Aggregate::in_memory(size, align);
        }
        let mut classes = vec![Eightbyte::NoClass; size.div_ceil(8) as usize];
        match self.merge_classes(ty, 0, &mut classes) {
            Ok(()) => {
                // An SSEUP eightbyte not preceded by SSE or SSEUP (where
                // unions overlap a vector's upper half) becomes SSE.
                for i in 0..classes.len() {
                    let preceded = i > 0 && matches!(classes[i - 1], Eightbyte::Sse | Eightbyte::SseUp);
                    if classes[i] == Eightbyte::SseUp && !preceded {
                        classes[i] = Eightbyte::Sse;
                    }
                }
                Aggregate { size, align, eightbytes: Some(classes) }
            }
            Err(NotInRegisters) => Aggregate::in_memory(size, align),
        }
    }

    /// The classification of a result of type `ty`, a `long double`,
    /// struct or union: X87 when it is 16 bytes of `long double` only.
    pub fn sysv_result(&self, ty: &CType) -> Aggregate {
        if self.size_of(ty) == Some(16) && self.only_long_double(ty) {
            return Aggregate::x87();
        }
        self.sysv_aggregate(ty)
    }

    /// True when `ty` is made of `long double`s only (and has one).
    fn only_long_double(&self, ty: &CType) -> bool {
        match ty {
            CType::LongDouble => true,
            CType::Array(elem, Some(n)) => *n > 0 && self.only_long_double(elem),
            CType::Record(id) => {
                let fields = &self.records[*id].fields;
                !fields.is_empty() && fields.iter().all(|f| f.bits.is_none() && self.only_long_double(&f.ty))
            }
            _ => false,
        }
    }

    /// Merges the classes of the scalars of `ty`, placed at byte `offset`,
    /// into `classes`.
    fn merge_classes(&self, ty: &CType, offset: u64, classes: &mut [Eightbyte]) -> Result<(), NotInRegisters> {
        let class = match ty {
            // An `__int128` is INTEGER in both its eightbytes (§3.2.3).
            CType::Int(_) | CType::Int128 { .. } | CType::Pointer(..) => Eightbyte::Integer,
            CType::Float | CType::Double => Eightbyte::Sse,
            // A complex value is classified as a struct of its two parts
            // (psABI §3.2.3): SSE, SSE for `_Complex double` and one SSE
            // eightbyte for `_Complex float`.
            CType::Complex(element) => {
                let part = self.size_of(element).unwrap_or(8);
                self.merge_classes(element, offset, classes)?;
                return self.merge_classes(element, offset + part, classes);
            }
            CType::Array(elem, length) => {
                let elem_size = self.size_of(elem).unwrap_or(0);
                for i in 0..length.unwrap_or(0) {
                    self.merge_classes(elem, offset + i * elem_size, classes)?;
                }
                return Ok(());
            }
            CType::Record(id) => {
                for field in &self.records[*id].fields {
                    match field.bits {
                        Some(bits) if bits.width == 0 => {}
                        Some(bits) => {
                            let first = field.offset + u64::from(bits.shift / 8);
                            let last = field.offset + u64::from((bits.shift + bits.width - 1) / 8);
                            merge_range(classes, first, last + 1, Eightbyte::Integer);
                        }
                        None => self.merge_classes(&field.ty, offset + field.offset, classes)?,
                    }
                }
                return Ok(());
            }
            // An atomic member is passed as its value type is.
            CType::Atomic(t) => return self.merge_classes(t, offset, classes),
            // A GCC vector (GCC's reading of §3.2.3): up to four bytes are
            // INTEGER, eight bytes SSE, sixteen SSE and SSEUP, one whole
            // `%xmm` register; larger ones (without AVX) MEMORY.
            CType::Vector(..) => {
                let size = self.size_of(ty).unwrap_or(0);
                if offset % self.align_of(ty) != 0 || size > 16 {
                    return Err(NotInRegisters);
                }
                match size {
                    16 => {
                        merge_range(classes, offset, offset + 8, Eightbyte::Sse);
                        merge_range(classes, offset + 8, offset + 16, Eightbyte::SseUp);
                        return Ok(());
                    }
                    8 => Eightbyte::Sse,
                    _ => Eightbyte::Integer,
                }
            }
            CType::LongDouble | CType::Unsupported(_) | CType::Void | CType::Function(_) | CType::Vla(..) => return Err(NotInRegisters),
        };
        let size = self.size_of(ty).unwrap_or(0);
        if offset % self.align_of(ty) != 0 {
            return Err(NotInRegisters);
        }
        merge_range(classes, offset, offset + size, class);
        Ok(())
    }
}

/// A member that sends the whole object to memory.
struct NotInRegisters;

/// Merges `class` into the eightbytes that bytes `start..end` touch.
fn merge_range(classes: &mut [Eightbyte], start: u64, end: u64, class: Eightbyte) {
    let first = (start / 8) as usize;
    let last = (end.saturating_sub(1) / 8) as usize;
    for eightbyte in classes.iter_mut().take(last + 1).skip(first) {
        *eightbyte = match (*eightbyte, class) {
            (Eightbyte::NoClass, c) | (c, Eightbyte::NoClass) => c,
            (Eightbyte::Integer, _) | (_, Eightbyte::Integer) => Eightbyte::Integer,
            (Eightbyte::SseUp, Eightbyte::SseUp) => Eightbyte::SseUp,
            (Eightbyte::Sse | Eightbyte::SseUp, Eightbyte::Sse | Eightbyte::SseUp) => Eightbyte::Sse,
            (Eightbyte::X87, _) | (_, Eightbyte::X87) => unreachable!("x87 members make the object MEMORY"),
        };
    }
}
