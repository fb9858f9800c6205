//! Thunks for calls to variadic functions such as `printf`, direct or
//! through a pointer.
//!
//! The System V ABI requires a caller of a variadic function to set `%al`
//! to an upper bound of the number of vector registers holding arguments
//! (at most 8); the callee's prologue uses it to decide whether to spill
//! `%xmm0`–`%xmm7`. Cranelift cannot make variadic calls and has no way
//! to put a value in `%rax` at a call (`%rax` is never an argument
//! register, and CLIF has no register constraints or inline assembly), so
//! calls go through small thunks written as bytes here, which set `%al`
//! and jump on. A call site calls its thunk with a signature made of its
//! actual argument types. System V assigns arguments to registers and
//! stack slots the same way for a non-variadic call with those types as
//! for the variadic call (floats to `%xmm0..7` in order, integers to the
//! six GPRs in order, the rest to the stack), and `%al` is not an
//! argument register, so a thunk forwards every argument untouched.
//!
//! **Direct calls.** For each pair of a variadic callee and a count N the
//! module gets a local thunk `__nissecc_va_<callee>_<N>` of seven bytes:
//!
//! ```text
//! b0 NN            mov  $N, %al
//! e9 xx xx xx xx   jmp  callee@PLT
//! ```
//!
//! **Indirect calls** (through a pointer to a variadic or unprototyped
//! function). The callee is known only at run time, so the call passes
//! its address to the thunk as one extra argument, appended after the
//! real ones. Appended last, it lands in the first argument register the
//! call leaves free, without moving any other argument:
//!
//! - the next integer register (`%rdi`, `%rsi`, `%rdx`, `%rcx`, `%r8`,
//!   `%r9`, after the call's integer and pointer arguments) if one is
//!   free; the thunk `__nissecc_vai_<N>_<reg>` is
//!
//!   ```text
//!   b0 NN            mov  $N, %al
//!   ff e7            jmp  *%rdi      (rsi: ff e6, rdx: ff e2, rcx: ff e1,
//!                                     r8: 41 ff e0, r9: 41 ff e1)
//!   ```
//!
//! - otherwise the next vector register `%xmmK` (the address bitcast to
//!   `f64`; K is then the number of float arguments, and the address is
//!   not counted in N, which equals K); the thunk
//!   `__nissecc_vai_<N>_xmm<K>` moves it to `%r11`, a scratch register
//!   that is never an argument:
//!
//!   ```text
//!   66 49 0f 7e XX   movq %xmmK, %r11   (XX = 0xc3 | K << 3)
//!   b0 NN            mov  $N, %al
//!   41 ff e3         jmp  *%r11
//!   ```
//!
//! The callee never reads the extra register: a variadic callee reads
//! exactly the arguments it expects (and saves registers wholesale, which
//! is harmless), a non-variadic one called through an unprototyped
//! pointer ignores `%al` and every register past its parameters. A call
//! with all six integer and all eight vector argument registers in use has
//! nowhere to put the address and is rejected.

use crate::error::{BackendError, Result};
use cranelift_codegen::binemit::Reloc;
use cranelift_module::{FuncId, Linkage, Module as _, ModuleReloc, ModuleRelocTarget};
use cranelift_object::ObjectModule;
use nissecc_midend::ir::abi::Assignment;
use nissecc_midend::ir::Type;
use std::collections::BTreeMap;
use std::fmt;

/// The number of vector registers that carry arguments in System V.
const VECTOR_ARG_REGS: usize = 8;

/// The integer argument registers of System V, in order.
const INT_ARG_REGS: [&str; 6] = ["rdi", "rsi", "rdx", "rcx", "r8", "r9"];

/// Offset of the `jmp`'s rel32 in a direct thunk.
const JMP_REL32_OFFSET: u32 = 3;

/// The `%al` value for a call whose arguments are assigned as
/// `assignment`: the vector registers they take.
pub(crate) fn vector_reg_count(assignment: &Assignment) -> u8 {
    assignment.vector_registers.min(VECTOR_ARG_REGS) as u8
}

/// The argument register through which an indirect variadic call passes
/// its callee's address to the thunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum AddressReg {
    /// The integer argument register of this index (0 = `%rdi`); the
    /// address is passed as an `i64`.
    Int(u8),
    /// `%xmm` of this index; the address is passed bitcast to `f64`.
    Vector(u8),
}

impl AddressReg {
    /// The first argument register that a call whose arguments are
    /// assigned as `assignment` leaves free, or `None` if it uses them all.
    pub(crate) fn first_free(assignment: &Assignment) -> Option<AddressReg> {
        let (ints, floats) = (assignment.gp_registers, assignment.vector_registers);
        if ints < INT_ARG_REGS.len() {
            Some(AddressReg::Int(ints as u8))
        } else if floats < VECTOR_ARG_REGS {
            Some(AddressReg::Vector(floats as u8))
        } else {
            None
        }
    }

    /// The IR type of the extra argument holding the address.
    pub(crate) fn arg_type(self) -> Type {
        match self {
            AddressReg::Int(_) => Type::I64,
            AddressReg::Vector(_) => Type::F64,
        }
    }
}

impl fmt::Display for AddressReg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AddressReg::Int(i) => f.write_str(INT_ARG_REGS[usize::from(i)]),
            AddressReg::Vector(k) => write!(f, "xmm{k}"),
        }
    }
}

/// The thunks a module needs, declared on first use and defined by
/// [`VariadicThunks::define_all`].
#[derive(Default)]
pub(crate) struct VariadicThunks {
    /// Thunks of direct calls, keyed by callee and `%al` value; the key
    /// order fixes the order in which the thunks are defined, so that
    /// objects are reproducible.
    thunks: BTreeMap<(String, u8), Thunk>,
    /// Thunks of indirect calls, keyed by `%al` value and the register
    /// holding the callee's address.
    indirect: BTreeMap<(u8, AddressReg), FuncId>,
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
        let id = declare_thunk(object, &thunk_name(callee, vector_regs))?;
        self.thunks.insert(
            key,
            Thunk {
                id,
                callee: callee_id,
            },
        );
        Ok(id)
    }

    /// The thunk that sets `%al` to `vector_regs` and jumps to the address
    /// in `reg`, declaring it if needed. Like the direct thunks, it is
    /// declared with an empty signature.
    pub(crate) fn indirect_thunk(
        &mut self,
        object: &mut ObjectModule,
        vector_regs: u8,
        reg: AddressReg,
    ) -> Result<FuncId> {
        if let Some(&id) = self.indirect.get(&(vector_regs, reg)) {
            return Ok(id);
        }
        let id = declare_thunk(object, &indirect_thunk_name(vector_regs, reg))?;
        self.indirect.insert((vector_regs, reg), id);
        Ok(id)
    }

    /// Defines the code of every declared thunk: the direct ones, then
    /// the indirect ones.
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
        for (&(vector_regs, reg), &id) in &self.indirect {
            let code = indirect_thunk_code(vector_regs, reg);
            object
                .define_function_bytes(id, 16, &code, &[])
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
        for &(vector_regs, reg) in self.indirect.keys() {
            let name = indirect_thunk_name(vector_regs, reg);
            text.push_str(&match reg {
                AddressReg::Int(_) => {
                    format!("{name}:\n  movb ${vector_regs}, %al\n  jmp *%{reg}\n\n")
                }
                AddressReg::Vector(_) => format!(
                    "{name}:\n  movq %{reg}, %r11\n  movb ${vector_regs}, %al\n  jmp *%r11\n\n"
                ),
            });
        }
        text
    }
}

/// Declares a local thunk with an empty signature.
fn declare_thunk(object: &mut ObjectModule, name: &str) -> Result<FuncId> {
    let signature = object.make_signature();
    object
        .declare_function(name, Linkage::Local, &signature)
        .map_err(|e| BackendError::from_module(e, None))
}

fn thunk_name(callee: &str, vector_regs: u8) -> String {
    format!("__nissecc_va_{callee}_{vector_regs}")
}

fn indirect_thunk_name(vector_regs: u8, reg: AddressReg) -> String {
    format!("__nissecc_vai_{vector_regs}_{reg}")
}

/// `mov $vector_regs, %al; jmp rel32` with a zero rel32 to relocate.
fn thunk_code(vector_regs: u8) -> [u8; 7] {
    [0xb0, vector_regs, 0xe9, 0, 0, 0, 0]
}

/// `mov $vector_regs, %al; jmp *%reg`, or for a vector register
/// `movq %xmmK, %r11; mov $vector_regs, %al; jmp *%r11`.
fn indirect_thunk_code(vector_regs: u8, reg: AddressReg) -> Vec<u8> {
    let set_al = [0xb0, vector_regs];
    match reg {
        AddressReg::Int(i) => {
            // `jmp *r/m64` is `ff /4`: ModRM 0b11_100_rrr, with REX.B for
            // r8 and r9.
            let number = [7u8, 6, 2, 1, 8, 9][usize::from(i)];
            let mut code = set_al.to_vec();
            if number >= 8 {
                code.push(0x41);
            }
            code.extend([0xff, 0xe0 | (number & 7)]);
            code
        }
        AddressReg::Vector(k) => {
            // `movq r/m64, xmm` is `66 REX.W 0f 7e /r`: REX.W|REX.B (r11),
            // ModRM 0b11_kkk_011.
            let mut code = vec![0x66, 0x49, 0x0f, 0x7e, 0xc3 | (k << 3)];
            code.extend(set_al);
            // `jmp *%r11`.
            code.extend([0x41, 0xff, 0xe3]);
            code
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The encodings, as GNU `as` produces them.
    #[test]
    fn indirect_thunk_encodings() {
        let int = |i| indirect_thunk_code(3, AddressReg::Int(i));
        assert_eq!(int(0), [0xb0, 3, 0xff, 0xe7]);
        assert_eq!(int(1), [0xb0, 3, 0xff, 0xe6]);
        assert_eq!(int(2), [0xb0, 3, 0xff, 0xe2]);
        assert_eq!(int(3), [0xb0, 3, 0xff, 0xe1]);
        assert_eq!(int(4), [0xb0, 3, 0x41, 0xff, 0xe0]);
        assert_eq!(int(5), [0xb0, 3, 0x41, 0xff, 0xe1]);
        let movq = [0xc3, 0xcb, 0xd3, 0xdb, 0xe3, 0xeb, 0xf3, 0xfb];
        for (k, modrm) in movq.into_iter().enumerate() {
            assert_eq!(
                indirect_thunk_code(k as u8, AddressReg::Vector(k as u8)),
                [0x66, 0x49, 0x0f, 0x7e, modrm, 0xb0, k as u8, 0x41, 0xff, 0xe3]
            );
        }
    }

    fn first_free(types: &[Type]) -> Option<AddressReg> {
        let sig = nissecc_midend::ir::Signature::scalars(vec![], None, true);
        AddressReg::first_free(&nissecc_midend::ir::abi::assign(&sig, types))
    }

    #[test]
    fn first_free_register() {
        use Type::*;
        assert_eq!(first_free(&[]), Some(AddressReg::Int(0)));
        assert_eq!(first_free(&[I64, F64, I32, F64]), Some(AddressReg::Int(2)));
        assert_eq!(
            first_free(&[I64, I32, I8, I16, I64, I64, I64, F64]),
            Some(AddressReg::Vector(1))
        );
        let full: Vec<Type> = [I64; 7].into_iter().chain([F64; 8]).collect();
        assert_eq!(first_free(&full), None);
        assert_eq!(AddressReg::Int(5).to_string(), "r9");
        assert_eq!(AddressReg::Vector(7).to_string(), "xmm7");
    }
}
