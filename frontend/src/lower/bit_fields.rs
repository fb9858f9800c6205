//! Reading and writing bit-fields (C11 §6.7.2.1p9-11). A bit-field lives
//! in a storage unit of its declared type's size (see
//! `TypeTable::complete_record`); it is read by loading the unit and
//! shifting the field's bits to the bottom, sign- or zero-extending by the
//! declared type, and written by a read-modify-write of the unit. In a
//! packed record a field may start inside a byte and end past its unit
//! (`unsigned short x : 15` two bits into a byte): its top bits continue
//! in the byte after the unit, which is read and written as well.

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
        let v = if bits.spill(unit.bits()) > 0 {
            // The byte after the unit holds the field's top bits.
            let next = self.offset_address(addr, kind.size() as i64);
            let byte = self.load(&CType::Int(IntKind::UChar), next);
            let byte = self.resize_int(byte, Type::I8, unit, false);
            let k = self.iconst(unit, (unit.bits() - bits.shift) as i64);
            let top = self.binary(BinaryOp::Ishl, byte, k);
            self.binary(BinaryOp::Bor, v, top)
        } else {
            v
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
        let unit_ones = if unit.bits() >= 64 { u64::MAX } else { (1u64 << unit.bits()) - 1 };
        let in_unit = bits.mask() & unit_ones;
        let mask = self.iconst(unit, in_unit as i64);
        let inverse = self.iconst(unit, (!in_unit & unit_ones) as i64);
        let field = self.binary(BinaryOp::Band, shifted, mask);
        let old = self.load(&CType::Int(kind), addr);
        let kept = self.binary(BinaryOp::Band, old, inverse);
        let new = self.binary(BinaryOp::Bor, kept, field);
        self.store(new, addr);
        let spill = bits.spill(unit.bits());
        if spill > 0 {
            // The field's top `spill` bits go to the low bits of the byte
            // after the unit.
            let k = self.iconst(unit, (unit.bits() - bits.shift) as i64);
            let top = self.binary(BinaryOp::Ushr, v, k);
            let top = self.resize_int(top, unit, Type::I8, false);
            let next = self.offset_address(addr, kind.size() as i64);
            let old = self.load(&CType::Int(IntKind::UChar), next);
            let low_ones = (1i64 << spill) - 1;
            let keep = self.iconst(Type::I8, !low_ones & 0xff);
            let kept = self.binary(BinaryOp::Band, old, keep);
            let ones = self.iconst(Type::I8, low_ones);
            let top = self.binary(BinaryOp::Band, top, ones);
            let byte = self.binary(BinaryOp::Bor, kept, top);
            self.store(byte, next);
        }
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
