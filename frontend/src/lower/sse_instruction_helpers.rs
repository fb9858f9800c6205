//! The SSE and SSE2 builtins of gcc's `<xmmintrin.h>`, `<emmintrin.h>`
//! and `<mmintrin.h>` that run the instruction itself, in a small
//! function in assembly that the unit carries (as `__builtin_thread_pointer`
//! does, `builtins.rs`):
//!
//! - square roots (SQRTPS, SQRTSS, SQRTPD, SQRTSD), which the IR has no
//!   operation for, and the reciprocal approximations (RCPPS, RCPSS,
//!   RSQRTPS, RSQRTSS), whose results Intel's and AMD's processors
//!   compute differently (Intel SDM, vol. 2: "the relative error … is
//!   less than or equal to 1.5 * 2^-12"), so that only the instruction
//!   gives what gcc's code gives on the same machine;
//! - the MXCSR register (LDMXCSR, STMXCSR, behind `_mm_setcsr` and
//!   `_mm_getcsr`), the fences (SFENCE, LFENCE, MFENCE), PAUSE, CLFLUSH
//!   and EMMS.
//!
//! A helper takes the address of its result and of its operand (each a
//! 16-byte vector, read and written unaligned), an `int`, a pointer or
//! nothing. Its name carries the unit's seed, so units linked together
//! each keep their own hidden copy.

use super::sse_integer_builtins::Lanes;
use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::CType;
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{AssemblyFunction, Signature, Type};

/// The instructions of a builtin this module runs, by its name without
/// `__builtin_ia32_`, and how it is called.
fn instruction(name: &str) -> Option<(&'static str, Kind)> {
    Some(match name {
        "sqrtps" => ("sqrtps %xmm0, %xmm0", Kind::Vector(Type::F32)),
        "sqrtss" => ("sqrtss %xmm0, %xmm0", Kind::Vector(Type::F32)),
        "sqrtpd" => ("sqrtpd %xmm0, %xmm0", Kind::Vector(Type::F64)),
        "sqrtsd" => ("sqrtsd %xmm0, %xmm0", Kind::Vector(Type::F64)),
        "rcpps" => ("rcpps %xmm0, %xmm0", Kind::Vector(Type::F32)),
        "rcpss" => ("rcpss %xmm0, %xmm0", Kind::Vector(Type::F32)),
        "rsqrtps" => ("rsqrtps %xmm0, %xmm0", Kind::Vector(Type::F32)),
        "rsqrtss" => ("rsqrtss %xmm0, %xmm0", Kind::Vector(Type::F32)),
        // The red zone below the stack pointer holds the register's word.
        "stmxcsr" => ("stmxcsr -4(%rsp)\n\tmovl -4(%rsp), %eax", Kind::ReturnsInt),
        "ldmxcsr" => ("movl %edi, -4(%rsp)\n\tldmxcsr -4(%rsp)", Kind::TakesInt),
        "sfence" => ("sfence", Kind::Nothing),
        "lfence" => ("lfence", Kind::Nothing),
        "mfence" => ("mfence", Kind::Nothing),
        "pause" => ("pause", Kind::Nothing),
        "emms" => ("emms", Kind::Nothing),
        "clflush" => ("clflush (%rdi)", Kind::TakesPointer),
        _ => return None,
    })
}

#[derive(Clone, Copy)]
enum Kind {
    /// `(result *, const operand *)`: a 16-byte vector of these elements.
    Vector(Type),
    ReturnsInt,
    TakesInt,
    TakesPointer,
    Nothing,
}

/// Whether this module computes `__builtin_<base>`.
pub fn is_sse_instruction_builtin(base: &str) -> bool {
    base.strip_prefix("ia32_").and_then(instruction).is_some()
}

impl Lowerer {
    /// `__builtin_<base>(args…)` for a `base` that
    /// [`is_sse_instruction_builtin`] accepts.
    pub fn lower_sse_instruction_builtin(&mut self, base: &str, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let name = base.strip_prefix("ia32_").expect("an ia32 builtin");
        let (text, kind) = instruction(name).expect("an instruction builtin");
        let expected = match kind {
            Kind::Vector(_) | Kind::TakesInt | Kind::TakesPointer => 1,
            Kind::ReturnsInt | Kind::Nothing => 0,
        };
        if args.len() != expected {
            return Err(Diagnostic::error_at(span, format!("'__builtin_{base}' takes {expected} argument{}", if expected == 1 { "" } else { "s" })));
        }
        let body = match kind {
            Kind::Vector(_) => format!("movups (%rsi), %xmm0\n\t{text}\n\tmovups %xmm0, (%rdi)"),
            _ => text.to_string(),
        };
        let symbol = format!("__nissecc_{name}_{:016x}", self.asm_symbol_seed());
        if !self.module.assembly.iter().any(|f| f.name == symbol) {
            let text = format!(
                "\t.text\n\t.p2align 4\n\t.globl {symbol}\n\t.hidden {symbol}\n\t.type {symbol}, @function\n{symbol}:\n\t{body}\n\tret\n\t.size {symbol}, .-{symbol}\n"
            );
            self.module.assembly.push(AssemblyFunction { name: symbol.clone(), text });
        }
        Ok(match kind {
            Kind::Vector(element) => {
                let a = self.vector_argument(&args[0], 16, span)?;
                let lanes = Lanes::of(element, 16);
                let dst = self.simd_temporary(lanes);
                self.call_helper(&symbol, Signature::scalars(vec![Type::PTR, Type::PTR], None, false), vec![dst, a]);
                Operand { ty: lanes.ctype(), place: Place::Value(dst) }
            }
            Kind::ReturnsInt => {
                let r = self.call_helper(&symbol, Signature::scalars(vec![], Some(Type::I32), false), vec![]).expect("a result");
                Operand { ty: CType::Int(crate::types::IntKind::UInt), place: Place::Value(r) }
            }
            Kind::TakesInt => {
                let x = self.argument_as(&args[0], &CType::Int(crate::types::IntKind::UInt), span)?;
                self.call_helper(&symbol, Signature::scalars(vec![Type::I32], None, false), vec![x]);
                Operand { ty: CType::Void, place: Place::Void }
            }
            Kind::TakesPointer => {
                let p = self.pointer_argument(&args[0], span)?;
                self.call_helper(&symbol, Signature::scalars(vec![Type::PTR], None, false), vec![p]);
                Operand { ty: CType::Void, place: Place::Void }
            }
            Kind::Nothing => {
                self.call_helper(&symbol, Signature::scalars(vec![], None, false), vec![]);
                Operand { ty: CType::Void, place: Place::Void }
            }
        })
    }
}
