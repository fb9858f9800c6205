//! Reading and writing bit-fields (C11 §6.7.2.1p9-11). A bit-field lives
//! in a storage unit of its declared type's size (see
//! `TypeTable::complete_record`); it is read by loading the unit and
//! shifting the field's bits to the bottom, sign- or zero-extending by the
//! declared type, and written by a read-modify-write of the unit.

use super::Lowerer;
use crate::types::{BitField, CType, IntKind};
use nissecc_midend::ir::{BinaryOp, Type, Value};

impl Lowerer {
    /// The IR type of a bit-field's storage unit.
    fn unit_type(kind: IntKind) -> Type {
        Type::int_with_bytes(kind.size()).expect("an integer size")
    }

    /// Moves the low `bits.width` bits of `v` (of the unit's type) to the
    /// top and back, which sign- or zero-extends them.
    fn extend_low_bits(&mut self, v: Value, unit: Type, width: u32, signed: bool) -> Value {
        let spare = unit.bits() - width;
        if spare == 0 {
            return v;
        }
        let k = self.iconst(unit, spare as i64);
        let up = self.binary(BinaryOp::Ishl, v, k);
        self.binary(if signed { BinaryOp::Sshr } else { BinaryOp::Ushr }, up, k)
    }

    /// The value of the bit-field at `addr`, as type `value_ty`.
    pub fn load_bit_field(&mut self, addr: Value, bits: BitField, kind: IntKind, value_ty: &CType) -> Value {
        let unit = Self::unit_type(kind);
        let whole = self.load(&CType::Int(kind), addr);
        let v = if bits.shift == 0 {
            whole
        } else {
            let k = self.iconst(unit, bits.shift as i64);
            self.binary(BinaryOp::Ushr, whole, k)
        };
        let v = self.extend_low_bits(v, unit, bits.width, kind.is_signed());
        let target = value_ty.ir_type().expect("an integer value type");
        self.resize_int(v, unit, target, kind.is_signed())
    }

    /// Stores integer `v` into the bit-field at `addr` and returns the
    /// value the field then holds, as type `value_ty` (the value of an
    /// assignment expression).
    pub fn store_bit_field_value(&mut self, addr: Value, bits: BitField, kind: IntKind, v: Value, value_ty: &CType) -> Value {
        let unit = Self::unit_type(kind);
        let from = self.value_type(v);
        let v = self.resize_int(v, from, unit, kind.is_signed());
        let shift = self.iconst(unit, bits.shift as i64);
        let shifted = if bits.shift == 0 { v } else { self.binary(BinaryOp::Ishl, v, shift) };
        let mask = self.iconst(unit, bits.mask() as i64);
        let inverse = self.iconst(unit, !bits.mask() as i64);
        let field = self.binary(BinaryOp::Band, shifted, mask);
        let old = self.load(&CType::Int(kind), addr);
        let kept = self.binary(BinaryOp::Band, old, inverse);
        let new = self.binary(BinaryOp::Bor, kept, field);
        self.store(new, addr);
        let held = self.extend_low_bits(v, unit, bits.width, kind.is_signed());
        let target = value_ty.ir_type().expect("an integer value type");
        self.resize_int(held, unit, target, kind.is_signed())
    }

    /// Stores `v`, of the field's declared type `declared`, into a
    /// bit-field (static-style initialization of an automatic object).
    pub fn store_bit_field(&mut self, addr: Value, declared: &CType, bits: BitField, v: Value) {
        let CType::Int(kind) = declared else { unreachable!("bit-fields have integer types") };
        self.store_bit_field_value(addr, bits, *kind, v, declared);
    }
}
