//! Division by a profiled divisor (`values`; gcc's
//! `gimple_divmod_fixed_value_transform` in `value-prof.cc`, LLVM's
//! memop-size specialization in `PGOMemOPSizeOpt.cpp` for the same idea
//! on another operation). A division or remainder whose value profile
//! (`-fprofile-values`, `profile::value_sites`) shows one divisor `K` in
//! most of its executions becomes
//!
//! ```text
//! brif d == K, fast, slow
//! fast: q1 = x / K        ; a constant divisor: Cranelift multiplies or shifts
//! slow: q2 = x / d        ; the original division
//! join(q): the rest of the block
//! ```
//!
//! (`pgo::versioning`).
//!
//! An integer division takes 20 to 90 cycles on x86-64; by a constant,
//! Cranelift's magic-number lowering makes it a multiply and shifts (a
//! power of two: shifts alone). The rule is gcc's: the site ran at least
//! [`MIN_EXECUTIONS`] times and `K` accounts for more than half of its
//! executions. `K` is never 0 (the original traps) nor, for signed
//! operations, −1 (`INT_MIN / −1` must trap as the original does).
//!
//! The transform runs right after annotation, before inlining, so that
//! an inlined callee carries its specialized division into its callers,
//! and gives the new edges the value's count and the rest.

use crate::ir::{BinaryOp, Function, Inst, InstData, IntCC, Type, Value};
use crate::profile::value_sites::{SiteValues, ValueKind};

/// The fewest executions of a site worth a test.
pub const MIN_EXECUTIONS: u64 = 32;

/// Specializes the divisions among `sites` (instructions of `func` with
/// their profiled values) whose divisor is dominated by one value, and
/// returns how many.
pub fn specialize_divisions(func: &mut Function, sites: &[(Inst, SiteValues)]) -> usize {
    let mut done = 0;
    for (inst, site) in sites {
        if site.site.kind != ValueKind::Divisor || site.executions < MIN_EXECUTIONS {
            continue;
        }
        let Some(&(value, count)) = site.values.first() else { continue };
        if count <= site.executions / 2 {
            continue;
        }
        let InstData::Binary { op, args: [_, divisor] } = func.insts[*inst] else { continue };
        // Values are recorded sign-extended from the divisor's width, as
        // the IR stores constants.
        let k = value as i64;
        let signed = matches!(op, BinaryOp::Sdiv | BinaryOp::Srem);
        if k == 0 || (signed && k == -1) {
            continue;
        }
        if func.block_of(*inst).is_some() {
            split_on_divisor(func, *inst, divisor, k, count, site.executions - count);
            done += 1;
        }
    }
    done
}

/// Versions the division `inst`, whose divisor is `divisor`, on the
/// constant `k` that `hits` of its executions divided by (`misses` did
/// not).
fn split_on_divisor(func: &mut Function, inst: Inst, divisor: Value, k: i64, hits: u64, misses: u64) {
    let ty = func.value_type(divisor);
    let InstData::Binary { op, args: [dividend, _] } = func.insts[inst] else { unreachable!("a division") };
    let result_ty = func.value_type(func.inst_result(inst).expect("a division has a result"));
    let test = |func: &mut Function, block| {
        let constant = func.append_value(block, InstData::Iconst { imm: k }, ty);
        func.append_value(block, InstData::Icmp { cond: IntCC::Eq, args: [divisor, constant] }, Type::I8)
    };
    let fast = |func: &mut Function, block| {
        let constant = func.append_value(block, InstData::Iconst { imm: k }, ty);
        Some(func.append_value(block, InstData::Binary { op, args: [dividend, constant] }, result_ty))
    };
    super::versioning::version(func, inst, test, fast, hits, misses);
}
