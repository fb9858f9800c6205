//! Thunks for calls to variadic functions such as `printf`.
//!
//! The System V ABI requires a caller of a variadic function to set `%al`
//! to an upper bound of the number of vector registers holding arguments
//! (at most 8); the callee's prologue uses it to decide whether to spill
//! `%xmm0`–`%xmm7`. Cranelift cannot make variadic calls, so for each pair
//! of a variadic callee and a count N the module gets a local thunk
//! `__nissecc_va_<callee>_<N>` of seven bytes:
//!
//! ```text
//! b0 NN            mov  $N, %al
//! e9 xx xx xx xx   jmp  callee@PLT
//! ```
//!
//! A call site calls the thunk with a signature made of its actual
//! argument types. System V assigns arguments to registers and stack slots
//! the same way for a non-variadic call with those types as for the
//! variadic call (floats to `%xmm0..7` in order, integers to the six GPRs
//! in order, the rest to the stack), and `%al` is not an argument
//! register, so the thunk forwards every argument untouched.

use crate::error::{BackendError, Result};
use cranelift_codegen::binemit::Reloc;
use cranelift_module::{FuncId, Linkage, Module as _, ModuleReloc, ModuleRelocTarget};
use cranelift_object::ObjectModule;
use nissecc_midend::ir::Type;
use std::collections::BTreeMap;

/// The number of vector registers that carry arguments in System V.
const VECTOR_ARG_REGS: usize = 8;

/// Offset of the `jmp`'s rel32 in the thunk.
const JMP_REL32_OFFSET: u32 = 3;

/// The `%al` value for a call with arguments of types `arg_types`.
pub(crate) fn vector_reg_count(arg_types: impl IntoIterator<Item = Type>) -> u8 {
    let floats = arg_types.into_iter().filter(|ty| ty.is_float()).count();
    floats.min(VECTOR_ARG_REGS) as u8
}

/// The thunks a module needs, declared on first use and defined by
/// [`VariadicThunks::define_all`].
#[derive(Default)]
pub(crate) struct VariadicThunks {
    /// Keyed by callee and `%al` value; the key order fixes the order in
    /// which the thunks are defined, so that objects are reproducible.
    thunks: BTreeMap<(String, u8), Thunk>,
}

struct Thunk {
    id: FuncId,
    callee: FuncId,
}

impl VariadicThunks {
    /// The thunk that calls `callee` (declared as `callee_id`) with `%al`
    /// set to `vector_regs`, declaring it if needed. Its declared
    /// signature is empty: every call site imports it with its own.
    pub(crate) fn thunk(
        &mut self,
        object: &mut ObjectModule,
        callee: &str,
        callee_id: FuncId,
        vector_regs: u8,
    ) -> Result<FuncId> {
        let key = (callee.to_string(), vector_regs);
        if let Some(thunk) = self.thunks.get(&key) {
            return Ok(thunk.id);
        }
        let name = thunk_name(callee, vector_regs);
        let signature = object.make_signature();
        let id = object
            .declare_function(&name, Linkage::Local, &signature)
            .map_err(|e| BackendError::from_module(e, None))?;
        self.thunks.insert(
            key,
            Thunk {
                id,
                callee: callee_id,
            },
        );
        Ok(id)
    }

    /// Defines the code of every declared thunk.
    pub(crate) fn define_all(&self, object: &mut ObjectModule) -> Result<()> {
        for ((_, vector_regs), thunk) in &self.thunks {
            let code = thunk_code(*vector_regs);
            let jump = ModuleReloc {
                offset: JMP_REL32_OFFSET,
                kind: Reloc::X86CallPLTRel4,
                name: ModuleRelocTarget::from(thunk.callee),
                // The rel32 is relative to the end of the instruction, 4
                // bytes after the field.
                addend: -4,
            };
            object
                .define_function_bytes(thunk.id, 16, &code, &[jump])
                .map_err(|e| BackendError::from_module(e, None))?;
        }
        Ok(())
    }

    /// An assembly listing of the thunks, for `--emit=asm`.
    pub(crate) fn listing(&self) -> String {
        let mut text = String::new();
        for (callee, vector_regs) in self.thunks.keys() {
            text.push_str(&format!(
                "{}:\n  movb ${vector_regs}, %al\n  jmp {callee}@PLT\n\n",
                thunk_name(callee, *vector_regs)
            ));
        }
        text
    }
}

fn thunk_name(callee: &str, vector_regs: u8) -> String {
    format!("__nissecc_va_{callee}_{vector_regs}")
}

/// `mov $vector_regs, %al; jmp rel32` with a zero rel32 to relocate.
fn thunk_code(vector_regs: u8) -> [u8; 7] {
    [0xb0, vector_regs, 0xe9, 0, 0, 0, 0]
}
