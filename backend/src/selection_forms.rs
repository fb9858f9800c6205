//! Equivalent CLIF forms that Cranelift's x86-64 instruction selection
//! lowers in fewer instructions, chosen once its e-graph pass is done
//! (see `compile` in [`crate::module_emit`]), since the e-graph would
//! canonicalize them back.
//!
//! - **`x - k` is `x + (-k)`** (`constant-subtractions`). x86's `sub` is
//!   two-address, so `x - 1` with `x` still live afterwards is `mov` then
//!   `sub`. Cranelift lowers a 32- or 64-bit `iadd` as `lea`
//!   (`iadd_base_case_32_or_64_lea` in `isa/x64/lower.isle`), which writes
//!   a third register, and emits it as `add` when the registers coincide;
//!   its e-graph, though, keeps `isub x, k` for positive `k` (`cprop.isle`
//!   turns only negative subtrahends into additions). gcc and clang emit
//!   `lea -1(%rax), %ecx` for the same code.
//! - **A zero test of a shared `band` tests its result**
//!   (`shared-band-tests`). Selection lowers `brif (band a b)`, and
//!   `icmp eq|ne (band a b), 0`, as `test a, b`, which saves the `and`
//!   when nothing else reads it. When something else does (`while (x) x
//!   &= x - 1;` rotated: the latch tests the `and` it also passes to the
//!   back edge), the `and` runs anyway and `test a, b` keeps both operands
//!   alive past it, which costs a `mov`. The test then reads the `band`'s
//!   value with `icmp ugt v, 0` (or `ule` for `eq`), which for an unsigned
//!   comparison with zero is the same predicate and which selection lowers
//!   as `test v, v` (`emit_cmp`'s rule for a zero right-hand side; only
//!   `eq` and `ne` look through a `band`).
//!
//! - **A carried extremum overwrites the carried operand**
//!   (`extremum-operands`). Selection lowers `umax x, y` (and `umin`,
//!   `smax`, `smin`) as `cmp` and a `cmov` into `x`'s register, so in
//!   `if (c > best) best = c;`, which the e-graph makes `umax c, best`,
//!   the new `best` lands in `c`'s register and the back edge needs a
//!   `mov` into `best`'s, and a `jmp` of its own. When the result is passed
//!   to a block parameter that is the second operand, the operands swap,
//!   as [`crate::operand_order`] does for the midend's commutative
//!   operations.
//!
//! The rewrites keep every value the same. `NISSECC_DISABLE_PASSES`
//! turns each off by its name.

use crate::schedule::{is_live_out, readers, Reader};
use cranelift_codegen::cursor::{Cursor, FuncCursor};
use cranelift_codegen::ir::condcodes::IntCC;
use std::collections::HashSet;
use cranelift_codegen::ir::{types, Function, Inst, InstBuilder, InstructionData, Opcode, Type, Value, ValueDef};

/// Applies the rewrites that are enabled to `func`.
pub(crate) fn choose(func: &mut Function) {
    if nissecc_midend::pipeline::enabled("constant-subtractions") {
        add_negated_constants(func);
    }
    if nissecc_midend::pipeline::enabled("shared-band-tests") {
        test_shared_bands(func);
    }
    if nissecc_midend::pipeline::enabled("extremum-operands") {
        carry_extrema_in_place(func);
    }
}

/// Swaps the operands of each integer `umax`, `umin`, `smax` or `smin`
/// whose result is passed to a block parameter that is its second
/// operand and not its first; returns how many.
pub(crate) fn carry_extrema_in_place(func: &mut Function) -> usize {
    let mut passed_to: HashSet<(Value, Value)> = HashSet::new();
    for inst in all_insts(func) {
        for call in func.dfg.insts[inst].branch_destination(&func.dfg.jump_tables, &func.dfg.exception_tables) {
            let params = func.dfg.block_params(call.block(&func.dfg.value_lists));
            for (arg, &param) in call.args(&func.dfg.value_lists).zip(params) {
                if let Some(arg) = arg.as_value() {
                    passed_to.insert((arg, param));
                }
            }
        }
    }
    let mut swapped = 0;
    for inst in all_insts(func) {
        let InstructionData::Binary { opcode: Opcode::Umax | Opcode::Umin | Opcode::Smax | Opcode::Smin, args: [x, y] } = func.dfg.insts[inst] else { continue };
        if !func.dfg.value_type(x).is_int() {
            continue;
        }
        let result = func.dfg.first_result(inst);
        if passed_to.contains(&(result, y)) && !passed_to.contains(&(result, x)) {
            func.dfg.inst_args_mut(inst).swap(0, 1);
            swapped += 1;
        }
    }
    swapped
}

/// Rewrites each 32- or 64-bit `isub x, k` of a constant `k` whose
/// negation is a 32-bit displacement as `iadd x, -k`, where `x` is read
/// after it or where the difference goes to a block parameter (k010's `hi
/// = mid - 1`, which would otherwise be a `sub` and a `mov` into `hi`'s
/// register). Elsewhere `x` dies there and `sub` overwrites it in place,
/// and a `lea` would only perturb register allocation: k064's `row - c + n
/// - 1`, folded into one `lea`, cost 20% in spills. Returns how many.
pub(crate) fn add_negated_constants(func: &mut Function) -> usize {
    let mut rewritten = 0;
    for inst in all_insts(func) {
        let InstructionData::Binary { opcode: Opcode::Isub, args: [x, k] } = func.dfg.insts[inst] else { continue };
        let ty = func.dfg.value_type(x);
        let Some(constant) = constant(func, k) else { continue };
        let Some(negated) = negated_displacement(ty, constant) else { continue };
        if !read_after(func, inst, x) && !passed_to_a_block(func, inst) {
            continue;
        }
        let mut cursor = FuncCursor::new(func).at_inst(inst);
        let minus_k = cursor.ins().iconst(ty, negated);
        func.dfg.insts[inst] = InstructionData::Binary { opcode: Opcode::Iadd, args: [x, minus_k] };
        rewritten += 1;
    }
    rewritten
}

/// Whether `v` is read after `inst`: later in its block, or after the
/// block.
fn read_after(func: &Function, inst: Inst, v: Value) -> bool {
    let block = func.layout.inst_block(inst).expect("the instruction is in the layout");
    let mut later = func.layout.next_inst(inst);
    while let Some(i) = later {
        if func.dfg.inst_values(i).any(|u| u == v) {
            return true;
        }
        later = func.layout.next_inst(i);
    }
    is_live_out(func, v, block)
}

/// Whether the result of `inst` is an argument of its block's terminator.
fn passed_to_a_block(func: &Function, inst: Inst) -> bool {
    let result = func.dfg.first_result(inst);
    let block = func.layout.inst_block(inst).expect("the instruction is in the layout");
    func.layout.last_inst(block).is_some_and(|last| func.dfg.inst_values(last).any(|v| v == result))
}

/// `-k` as the immediate of an `iconst` of `ty` (zero-extended, as the
/// verifier wants narrow constants), when `ty` is `i32` or `i64` and `-k`
/// fits a 32-bit signed displacement.
fn negated_displacement(ty: Type, k: i64) -> Option<i64> {
    match ty {
        types::I32 => Some(i64::from((k as i32).wrapping_neg() as u32)),
        types::I64 => k.checked_neg().filter(|n| i32::try_from(*n).is_ok()),
        _ => None,
    }
}

/// Points each zero test of a `band` that other instructions also read at
/// an `icmp ugt|ule v, 0` of its value; returns how many tests changed.
pub(crate) fn test_shared_bands(func: &mut Function) -> usize {
    let readers = readers(func);
    let shared = |func: &Function, v: Value| is_band(func, v) && readers.get(&v) == Some(&Reader::Several);
    let mut rewritten = 0;
    for inst in all_insts(func) {
        match func.dfg.insts[inst] {
            InstructionData::Brif { arg, .. } if shared(func, arg) => {
                let test = nonzero_test(func, inst, arg, IntCC::UnsignedGreaterThan);
                if let InstructionData::Brif { arg, .. } = &mut func.dfg.insts[inst] {
                    *arg = test;
                }
                rewritten += 1;
            }
            InstructionData::Ternary { opcode: Opcode::Select, args: [cond, ..] } if shared(func, cond) => {
                let test = nonzero_test(func, inst, cond, IntCC::UnsignedGreaterThan);
                func.dfg.inst_args_mut(inst)[0] = test;
                rewritten += 1;
            }
            InstructionData::IntCompare { opcode: Opcode::Icmp, cond: cond @ (IntCC::Equal | IntCC::NotEqual), args: [a, b] } => {
                let tested = match (constant(func, a), constant(func, b)) {
                    (_, Some(0)) => a,
                    (Some(0), _) => b,
                    _ => continue,
                };
                if !shared(func, tested) {
                    continue;
                }
                let zero = if tested == a { b } else { a };
                let unsigned = if cond == IntCC::Equal { IntCC::UnsignedLessThanOrEqual } else { IntCC::UnsignedGreaterThan };
                func.dfg.insts[inst] = InstructionData::IntCompare { opcode: Opcode::Icmp, cond: unsigned, args: [tested, zero] };
                rewritten += 1;
            }
            _ => {}
        }
    }
    rewritten
}

/// A new `icmp cond v, 0` placed right before `inst`.
fn nonzero_test(func: &mut Function, inst: Inst, v: Value, cond: IntCC) -> Value {
    let ty = func.dfg.value_type(v);
    let mut cursor = FuncCursor::new(func).at_inst(inst);
    let zero = cursor.ins().iconst(ty, 0);
    cursor.ins().icmp(cond, v, zero)
}

/// Whether `v` is the result of a `band` of integers of at most 64 bits.
fn is_band(func: &Function, v: Value) -> bool {
    let ValueDef::Result(def, _) = func.dfg.value_def(v) else { return false };
    let ty = func.dfg.value_type(v);
    func.dfg.insts[def].opcode() == Opcode::Band && ty.is_int() && ty.bits() <= 64
}

/// The constant `v` is defined as, sign-extended from its type.
fn constant(func: &Function, v: Value) -> Option<i64> {
    let ValueDef::Result(def, _) = func.dfg.value_def(v) else { return None };
    let InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } = func.dfg.insts[def] else { return None };
    Some(imm.sign_extend_from_width(func.dfg.value_type(v).bits()).bits())
}

/// Every instruction of `func`, in layout order, collected first so that
/// the rewrites may insert instructions.
fn all_insts(func: &Function) -> Vec<Inst> {
    func.layout.blocks().flat_map(|b| func.layout.block_insts(b)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::loops::loop_function;
    use cranelift_codegen::ir::types;
    use cranelift_codegen::isa::TargetIsa;
    use cranelift_codegen::settings::{self, Configurable};
    use cranelift_frontend::FunctionBuilder;
    use std::collections::HashMap;

    fn start(b: &mut FunctionBuilder) -> Vec<Value> {
        vec![b.ins().iconst(types::I32, 0), b.ins().iconst(types::I32, 0)]
    }

    /// `while (x) { x &= x - 1; c++; }` rotated, over `i32`s: `x - 1`,
    /// `x & (x - 1)` carried and tested. With `test_band` false, the
    /// latch tests `c` instead and nothing but the back edge reads the
    /// `band`; with `sub_dies`, the loop carries `x - 1` and nothing else
    /// reads `x`.
    fn clear_lowest_bits(test_band: bool, sub_dies: bool) -> (Function, HashMap<&'static str, Inst>) {
        loop_function(0, &[types::I32, types::I32], types::I32, start, |b, shape| {
            let [x, c] = [0, 1].map(|k| shape.carried[k]);
            let one = b.ins().iconst(types::I32, 1);
            let less = b.ins().isub(x, one);
            let cleared = if sub_dies { less } else { b.ins().band(x, less) };
            let counted = b.ins().iadd(c, one);
            let tested = if test_band { cleared } else { counted };
            b.ins().brif(tested, shape.body, &[cleared.into(), counted.into()], shape.exit, &[counted.into()]);
            vec![("less", less), ("cleared", cleared), ("counted", counted)]
        })
    }

    fn verify(func: &Function) {
        let mut flags = settings::builder();
        flags.set("opt_level", "speed").unwrap();
        let isa: std::sync::Arc<dyn TargetIsa> = cranelift_codegen::isa::lookup_by_name("x86_64")
            .unwrap()
            .finish(settings::Flags::new(flags))
            .unwrap();
        cranelift_codegen::verify_function(func, &*isa).unwrap_or_else(|e| panic!("{e}\n{}", func.display()));
    }

    fn opcode_and_args(func: &Function, inst: Inst) -> (Opcode, Vec<Value>) {
        (func.dfg.insts[inst].opcode(), func.dfg.inst_args(inst).to_vec())
    }

    #[test]
    fn a_subtraction_from_a_live_value_becomes_an_addition_of_the_negation() {
        let (mut func, names) = clear_lowest_bits(true, false);
        assert_eq!(add_negated_constants(&mut func), 1);
        verify(&func);
        let (opcode, args) = opcode_and_args(&func, names["less"]);
        assert_eq!(opcode, Opcode::Iadd);
        // An `i32` constant is zero-extended in its immediate: -1 is 2^32 - 1.
        assert_eq!(constant(&func, args[1]), Some(-1));
        let ValueDef::Result(def, _) = func.dfg.value_def(args[1]) else { panic!("not an instruction's result") };
        assert_eq!(func.dfg.insts[def], InstructionData::UnaryImm { opcode: Opcode::Iconst, imm: 0xffff_ffff_i64.into() });
    }

    #[test]
    fn a_subtraction_passed_to_a_block_becomes_an_addition() {
        // `x - 1` goes to the back edge, and `x` dies at it.
        let (mut func, names) = clear_lowest_bits(false, true);
        assert_eq!(add_negated_constants(&mut func), 1);
        assert_eq!(opcode_and_args(&func, names["less"]).0, Opcode::Iadd);
    }

    #[test]
    fn a_subtraction_that_ends_its_operand_and_stays_in_the_block_is_kept() {
        let (mut func, names) = loop_function(1, &[types::I64], types::I64, |b| vec![b.ins().iconst(types::I64, 0)], |b, shape| {
            let sum = shape.carried[0];
            let one = b.ins().iconst(types::I64, 1);
            let moved = b.ins().iadd(sum, shape.params[0]);
            let less = b.ins().isub(moved, one);
            let next = b.ins().imul(less, sum);
            b.ins().brif(next, shape.body, &[next.into()], shape.exit, &[next.into()]);
            vec![("less", less)]
        });
        assert_eq!(add_negated_constants(&mut func), 0);
        assert_eq!(opcode_and_args(&func, names["less"]).0, Opcode::Isub);
    }

    #[test]
    fn a_carried_band_is_tested_as_a_value() {
        let (mut func, names) = clear_lowest_bits(true, false);
        assert_eq!(test_shared_bands(&mut func), 1);
        verify(&func);
        let branch = func.layout.last_inst(func.layout.inst_block(names["cleared"]).unwrap()).unwrap();
        let InstructionData::Brif { arg, .. } = func.dfg.insts[branch] else { panic!("the block ends in a brif") };
        let ValueDef::Result(test, _) = func.dfg.value_def(arg) else { panic!("the condition is no result") };
        let InstructionData::IntCompare { cond, args: [tested, zero], .. } = func.dfg.insts[test] else { panic!("not an icmp") };
        assert_eq!((cond, tested, constant(&func, zero)), (IntCC::UnsignedGreaterThan, func.dfg.first_result(names["cleared"]), Some(0)));
    }

    /// A loop over an `i32` `c` that computes `c & 12` and then ends with
    /// what `branch` builds from the loop, `c` and `c & 12`.
    fn low_bits_loop(
        branch: impl FnOnce(&mut FunctionBuilder, &crate::schedule::loops::Loop, Value, Value) -> Vec<(&'static str, Value)>,
    ) -> (Function, HashMap<&'static str, Inst>) {
        loop_function(1, &[types::I32], types::I32, |b| vec![b.ins().iconst(types::I32, 0)], |b, shape| {
            let c = shape.carried[0];
            let mask = b.ins().iconst(types::I32, 12);
            let low = b.ins().band(c, mask);
            branch(b, shape, c, low)
        })
    }

    #[test]
    fn a_band_only_the_test_reads_keeps_its_test() {
        let (mut func, _) = low_bits_loop(|b, shape, c, low| {
            let one = b.ins().iconst(types::I32, 1);
            let next = b.ins().iadd(c, one);
            b.ins().brif(low, shape.body, &[next.into()], shape.exit, &[next.into()]);
            vec![("low", low)]
        });
        assert_eq!(test_shared_bands(&mut func), 0);
    }

    #[test]
    fn an_equality_test_of_a_shared_band_becomes_unsigned() {
        let (mut func, names) = low_bits_loop(|b, shape, _, low| {
            let zero = b.ins().iconst(types::I32, 0);
            let done = b.ins().icmp(IntCC::Equal, zero, low);
            b.ins().brif(done, shape.exit, &[low.into()], shape.body, &[low.into()]);
            vec![("done", done)]
        });
        assert_eq!(test_shared_bands(&mut func), 1);
        verify(&func);
        let InstructionData::IntCompare { cond, args: [tested, zero], .. } = func.dfg.insts[names["done"]] else { panic!("not an icmp") };
        assert_eq!(cond, IntCC::UnsignedLessThanOrEqual);
        assert!(is_band(&func, tested));
        assert_eq!(constant(&func, zero), Some(0));
    }

    /// `best = umax(c, best)`, carried back to `best` (and, if
    /// `also_first`, to `c` as well).
    fn running_maximum(also_first: bool) -> (Function, HashMap<&'static str, Inst>) {
        loop_function(1, &[types::I32, types::I32], types::I32, start, |b, shape| {
            let [c, best] = [0, 1].map(|k| shape.carried[k]);
            let larger = b.ins().umax(c, best);
            let one = b.ins().iconst(types::I32, 1);
            let next = b.ins().iadd(c, one);
            let again = if also_first { larger } else { next };
            b.ins().brif(next, shape.body, &[again.into(), larger.into()], shape.exit, &[larger.into()]);
            vec![("larger", larger)]
        })
    }

    #[test]
    fn a_carried_maximum_overwrites_its_carried_operand() {
        let (mut func, names) = running_maximum(false);
        let before = opcode_and_args(&func, names["larger"]).1;
        assert_eq!(carry_extrema_in_place(&mut func), 1);
        assert_eq!(opcode_and_args(&func, names["larger"]).1, [before[1], before[0]]);
    }

    #[test]
    fn a_maximum_carried_to_both_operands_keeps_its_order() {
        let (mut func, _) = running_maximum(true);
        assert_eq!(carry_extrema_in_place(&mut func), 0);
    }
}
