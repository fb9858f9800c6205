//! The `long double` helpers: small functions of x87 code, written here
//! as bytes, that the frontend calls for every operation on the 80-bit
//! extended format and the backend calls at the ABI boundary where a
//! `long double` result travels in `%st(0)`.
//!
//! Cranelift knows no x87 and no 80-bit type, and never touches the x87
//! register stack, so an x87 value can only live in memory between
//! helpers. The frontend keeps each `long double` value in a 16-byte
//! object (the ABI's size and alignment, 10 significant bytes) and passes
//! addresses: `__nissecc_x87_add(dst, a, b)` computes `*dst = *a + *b` with
//! `fldt`/`faddp`/`fstpt`, so results are rounded as gcc's x87 code rounds
//! them. Conversions pass the scalar side in its System V register.
//!
//! A function returning `long double` leaves the value in `%st(0)`. The
//! backend returns from such a definition right after calling
//! `load_st0(slot)`, which loads `%st(0)` and returns with it there, and
//! after a call of such a function it calls `store_st0(dst)` before
//! anything else, which pops `%st(0)` into memory. Cranelift emits nothing
//! between those calls and the `ret` or the original call that could use
//! the x87 stack, so the value passes intact.
//!
//! Each helper that a module uses is defined in its object as a local
//! function. Temporaries below `%rsp` use the red zone: every helper is a
//! leaf.

use crate::error::{BackendError, Result};
use cranelift_codegen::ir::Signature as ClifSignature;
use cranelift_module::{FuncId, Linkage, Module as _};
use cranelift_object::ObjectModule;
use std::collections::BTreeMap;

/// The prefix of every helper's symbol.
pub(crate) const PREFIX: &str = "__nissecc_x87_";

/// The helper that loads `%st(0)` from the object its argument points at.
pub(crate) const LOAD_ST0: &str = "__nissecc_x87_load_st0";
/// The helper that pops `%st(0)` into the object its argument points at.
pub(crate) const STORE_ST0: &str = "__nissecc_x87_store_st0";

/// The machine code of the helper `name` (with its prefix), if it is one.
pub(crate) fn helper_code(name: &str) -> Option<&'static [u8]> {
    let code: &'static [u8] = match name.strip_prefix(PREFIX)? {
        // fldt (%rsi); fldt (%rdx); f<op>p %st, %st(1); fstpt (%rdi); ret
        "add" => &[0xdb, 0x2e, 0xdb, 0x2a, 0xde, 0xc1, 0xdb, 0x3f, 0xc3],
        "sub" => &[0xdb, 0x2e, 0xdb, 0x2a, 0xde, 0xe9, 0xdb, 0x3f, 0xc3],
        "mul" => &[0xdb, 0x2e, 0xdb, 0x2a, 0xde, 0xc9, 0xdb, 0x3f, 0xc3],
        "div" => &[0xdb, 0x2e, 0xdb, 0x2a, 0xde, 0xf9, 0xdb, 0x3f, 0xc3],
        // fldt (%rsi); fchs; fstpt (%rdi); ret
        "neg" => &[0xdb, 0x2e, 0xd9, 0xe0, 0xdb, 0x3f, 0xc3],
        // Compares *a (%rdi) with *b (%rsi): 0 equal, 1 less, 2 greater,
        // 3 unordered.
        //   xor %eax,%eax; xor %ecx,%ecx; xor %edx,%edx
        //   fldt (%rsi); fldt (%rdi); fucomip %st(1),%st; fstp %st(0)
        //   setb %al; seta %cl; setp %dl
        //   add %ecx,%ecx; or %ecx,%eax; add %edx,%edx; or %edx,%eax; ret
        "cmp" => &[
            0x31, 0xc0, 0x31, 0xc9, 0x31, 0xd2, 0xdb, 0x2e, 0xdb, 0x2f, 0xdf, 0xe9, 0xdd, 0xd8,
            0x0f, 0x92, 0xc0, 0x0f, 0x97, 0xc1, 0x0f, 0x9a, 0xc2, 0x01, 0xc9, 0x09, 0xc8, 0x01,
            0xd2, 0x09, 0xd0, 0xc3,
        ],
        // movsd %xmm0,-8(%rsp); fldl -8(%rsp); fstpt (%rdi); ret
        "from_f64" => &[
            0xf2, 0x0f, 0x11, 0x44, 0x24, 0xf8, 0xdd, 0x44, 0x24, 0xf8, 0xdb, 0x3f, 0xc3,
        ],
        // fldt (%rdi); fstpl -8(%rsp); movsd -8(%rsp),%xmm0; ret
        "to_f64" => &[
            0xdb, 0x2f, 0xdd, 0x5c, 0x24, 0xf8, 0xf2, 0x0f, 0x10, 0x44, 0x24, 0xf8, 0xc3,
        ],
        // movss %xmm0,-4(%rsp); flds -4(%rsp); fstpt (%rdi); ret
        "from_f32" => &[
            0xf3, 0x0f, 0x11, 0x44, 0x24, 0xfc, 0xd9, 0x44, 0x24, 0xfc, 0xdb, 0x3f, 0xc3,
        ],
        // fldt (%rdi); fstps -4(%rsp); movss -4(%rsp),%xmm0; ret
        "to_f32" => &[
            0xdb, 0x2f, 0xd9, 0x5c, 0x24, 0xfc, 0xf3, 0x0f, 0x10, 0x44, 0x24, 0xfc, 0xc3,
        ],
        // mov %rsi,-8(%rsp); fildll -8(%rsp); fstpt (%rdi); ret
        "from_i64" => &[
            0x48, 0x89, 0x74, 0x24, 0xf8, 0xdf, 0x6c, 0x24, 0xf8, 0xdb, 0x3f, 0xc3,
        ],
        // As from_i64, then, when %rsi is negative as a signed number,
        // adds 2^64 (0x5f800000 as a float):
        //   test %rsi,%rsi; jns 1f; movl $0x5f800000,-12(%rsp); fadds -12(%rsp)
        //   1: fstpt (%rdi); ret
        "from_u64" => &[
            0x48, 0x89, 0x74, 0x24, 0xf8, 0xdf, 0x6c, 0x24, 0xf8, 0x48, 0x85, 0xf6, 0x79, 0x0c,
            0xc7, 0x44, 0x24, 0xf4, 0x00, 0x00, 0x80, 0x5f, 0xd8, 0x44, 0x24, 0xf4, 0xdb, 0x3f,
            0xc3,
        ],
        // fldt (%rdi); fisttpll -8(%rsp); mov -8(%rsp),%rax; ret
        "to_i64" => &[
            0xdb, 0x2f, 0xdd, 0x4c, 0x24, 0xf8, 0x48, 0x8b, 0x44, 0x24, 0xf8, 0xc3,
        ],
        // Values from 2^63 (0x5f000000 as a float) up are reduced by 2^63
        // first and get the top bit back:
        //   fldt (%rdi); movl $0x5f000000,-12(%rsp); flds -12(%rsp)
        //   fcomip %st(1),%st; ja 1f
        //   fsubs -12(%rsp); fisttpll -8(%rsp); mov -8(%rsp),%rax; btc $63,%rax; ret
        //   1: fisttpll -8(%rsp); mov -8(%rsp),%rax; ret
        "to_u64" => &[
            0xdb, 0x2f, 0xc7, 0x44, 0x24, 0xf4, 0x00, 0x00, 0x00, 0x5f, 0xd9, 0x44, 0x24, 0xf4,
            0xdf, 0xf1, 0x77, 0x13, 0xd8, 0x64, 0x24, 0xf4, 0xdd, 0x4c, 0x24, 0xf8, 0x48, 0x8b,
            0x44, 0x24, 0xf8, 0x48, 0x0f, 0xba, 0xf8, 0x3f, 0xc3, 0xdd, 0x4c, 0x24, 0xf8, 0x48,
            0x8b, 0x44, 0x24, 0xf8, 0xc3,
        ],
        // fldt (%rdi); ret: returns with the value in %st(0).
        "load_st0" => &[0xdb, 0x2f, 0xc3],
        // fstpt (%rdi); ret: pops a returned %st(0) into memory.
        "store_st0" => &[0xdb, 0x3f, 0xc3],
        _ => return None,
    };
    Some(code)
}

/// True when `name` is one of the helpers.
pub(crate) fn is_helper(name: &str) -> bool {
    helper_code(name).is_some()
}

/// The helpers a module uses, declared on first use as local functions
/// and defined by [`X87Helpers::define_all`].
#[derive(Default)]
pub(crate) struct X87Helpers {
    declared: BTreeMap<String, FuncId>,
}

impl X87Helpers {
    /// The helper `name`, declared with `signature` if it is new.
    pub(crate) fn declare(
        &mut self,
        object: &mut ObjectModule,
        name: &str,
        signature: &ClifSignature,
    ) -> Result<FuncId> {
        if let Some(&id) = self.declared.get(name) {
            return Ok(id);
        }
        let id = object
            .declare_function(name, Linkage::Local, signature)
            .map_err(|e| BackendError::from_module(e, None))?;
        self.declared.insert(name.to_string(), id);
        Ok(id)
    }

    /// Defines the code of every declared helper.
    pub(crate) fn define_all(&self, object: &mut ObjectModule) -> Result<()> {
        for (name, &id) in &self.declared {
            let code = helper_code(name).expect("only helpers are declared");
            object
                .define_function_bytes(id, 16, code, &[])
                .map_err(|e| BackendError::from_module(e, None))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_helper_returns() {
        for name in [
            "add", "sub", "mul", "div", "neg", "cmp", "from_f64", "to_f64", "from_f32", "to_f32",
            "from_i64", "from_u64", "to_i64", "to_u64", "load_st0", "store_st0",
        ] {
            let code = helper_code(&format!("{PREFIX}{name}")).expect("a helper");
            assert_eq!(code.last(), Some(&0xc3), "{name} ends in ret");
        }
        assert!(!is_helper("__nissecc_x87_other"));
        assert!(!is_helper("add"));
    }

    #[test]
    fn the_jumps_land_on_instruction_starts() {
        let to_u64 = helper_code("__nissecc_x87_to_u64").unwrap();
        // `ja` at 16..18 jumps 0x13 bytes past its end, to the second
        // `fisttpll`.
        assert_eq!(to_u64[16], 0x77);
        assert_eq!(&to_u64[18 + 0x13..18 + 0x13 + 2], &[0xdd, 0x4c]);
        let from_u64 = helper_code("__nissecc_x87_from_u64").unwrap();
        assert_eq!(from_u64[12], 0x79);
        assert_eq!(&from_u64[14 + 0x0c..14 + 0x0c + 2], &[0xdb, 0x3f]);
    }
}
