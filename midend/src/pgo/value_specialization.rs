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

use crate::ir::{BinaryOp, BlockCall, Function, Inst, InstData, IntCC, Type};
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

/// Rewrites the division `inst`, whose divisor is `divisor`, as the
/// module comment shows, for the constant `k` that `hits` of its
/// executions divided by (`misses` did not).
fn split_on_divisor(func: &mut Function, inst: Inst, divisor: crate::ir::Value, k: i64, hits: u64, misses: u64) {
    let block = func.block_of(inst).expect("the division is placed");
    let ty = func.value_type(divisor);
    let result = func.inst_result(inst).expect("a division has a result");
    let result_ty = func.value_type(result);
    let count = func.blocks[block].count;
    let line = func.block_lines[block];
    let position = func.position_in_block(block, inst);

    // The join takes everything after the division, and its result as a
    // parameter. (New blocks join the layout at its end until the last
    // step moves them.)
    let join = func.create_block();
    let rest = func.blocks[block].insts.split_off(position + 1);
    func.blocks[block].insts.pop();
    for &moved in &rest {
        func.inst_block[moved] = join.into();
    }
    func.blocks[join].insts = rest;
    func.blocks[join].count = count;
    let joined = func.append_block_param(join, result_ty);
    crate::transform::edit::replace_uses(func, |v| if v == result { joined } else { v });

    // The slow path keeps the original division.
    let slow = func.create_block();
    func.blocks[slow].insts.push(inst);
    func.inst_block[inst] = slow.into();
    func.append_inst(slow, InstData::Jump { dest: BlockCall { block: join, args: vec![result], count: Some(misses) } }, None);

    // The fast path divides by the constant.
    let fast = func.create_block();
    let InstData::Binary { op, args: [dividend, _] } = func.insts[inst] else { unreachable!("a division") };
    let constant = func.append_value(fast, InstData::Iconst { imm: k }, ty);
    let quotient = func.append_value(fast, InstData::Binary { op, args: [dividend, constant] }, result_ty);
    func.append_inst(fast, InstData::Jump { dest: BlockCall { block: join, args: vec![quotient], count: Some(hits) } }, None);

    let test_constant = func.append_value(block, InstData::Iconst { imm: k }, ty);
    let is_k = func.append_value(block, InstData::Icmp { cond: IntCC::Eq, args: [divisor, test_constant] }, Type::I8);
    func.append_inst(
        block,
        InstData::Brif {
            cond: is_k,
            then_dest: BlockCall { block: fast, args: Vec::new(), count: Some(hits) },
            else_dest: BlockCall { block: slow, args: Vec::new(), count: Some(misses) },
        },
        None,
    );
    // The new blocks follow the division's block, fast path first.
    func.layout.retain(|&b| b != fast && b != slow && b != join);
    let at = func.layout.iter().position(|&b| b == block).expect("the block is in the layout") + 1;
    func.layout.splice(at..at, [fast, slow, join]);
    for (b, runs) in [(fast, hits), (slow, misses)] {
        func.blocks[b].count = Some(runs);
        func.block_lines[b] = line;
    }
    func.block_lines[join] = line;
}
