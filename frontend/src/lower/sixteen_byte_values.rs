//! The scalar types whose values are 16-byte objects in memory rather than
//! IR values: `long double` (see `x87`) and `__int128` (see `int128`). An
//! operand of one holds the address of its bytes, and every result goes to
//! a fresh temporary, so a stored value is copied, never shared.

use super::Lowerer;
use nissecc_midend::ir::{InstData, Type, Value};

/// The bytes of a `long double` or `__int128` object.
pub const SIXTEEN_BYTES: u32 = 16;

impl Lowerer {
    /// The address of a fresh 16-byte temporary, 16-byte aligned.
    pub fn sixteen_byte_temporary(&mut self) -> Value {
        let slot = self.f().func.create_stack_slot(SIXTEEN_BYTES, 16);
        self.emit(InstData::StackAddr { slot, offset: 0 }, Type::PTR)
    }

    /// Copies the 16 bytes at `src` to `dst`.
    pub fn copy_sixteen_bytes(&mut self, dst: Value, src: Value) {
        for offset in [0, 8] {
            let half = self.emit(InstData::Load { addr: src, offset }, Type::I64);
            self.emit_effect(InstData::Store { value: half, addr: dst, offset });
        }
    }

    /// A copy of the 16 bytes at `src`, in a fresh temporary.
    pub fn snapshot_sixteen_bytes(&mut self, src: Value) -> Value {
        let copy = self.sixteen_byte_temporary();
        self.copy_sixteen_bytes(copy, src);
        copy
    }
}
