//! Unit tests of loop unrolling ([`super::unroll`]): for every condition
//! class, step sign and orientation of the latch, the unrolled function
//! must verify and compute what the original computed, checked with the
//! reference interpreter on start values and bounds at both ends of the
//! induction variable's type and around zero, where wrap-around, the
//! saturation of the limit and the remainder loop are exercised. Loops
//! the transform must leave alone are checked too.

use super::unroll::unroll_hot_loops;
use crate::ir::{Function, Module, Type};
use crate::text::parse_module;
use crate::transform::eval::{run, Outcome};
use crate::verifier::{print_module_errors, verify_module};

/// A do-while loop counting its iterations: `p` starts at `v0` and steps
/// by `step`; it continues while `p + step CC v1` (the header is the
/// `then` target unless `header_is_else`, in which case the test is
/// written negated so that the loop means the same). The header ran
/// `header_count` times over 20 entries, and the body holds `pad` more
/// instructions (so that a larger body gets a smaller factor).
fn counted_loop(ty: Type, cc: &str, step: i64, header_is_else: bool, header_count: u64, pad: usize) -> String {
    let back = header_count - 20;
    let (test_cc, branch) = if header_is_else {
        (negated(cc), format!("brif v9, block2 count 20, block1(v8, v6) count {back}"))
    } else {
        (cc.to_string(), format!("brif v9, block1(v8, v6) count {back}, block2 count 20"))
    };
    let padding: String = (0..pad).map(|i| format!("    v{} = iadd v3, v3\n", 100 + i)).collect();
    format!(
        "
function @f({ty}, {ty}) -> i32 export {{
block0(v0: {ty}, v1: {ty}) count 20:
    v2 = iconst.i32 0
    jump block1(v0, v2) count 20
block1(v3: {ty}, v4: i32) count {header_count}:
{padding}    v5 = iconst.i32 1
    v6 = iadd v4, v5
    v7 = iconst.{ty} {step}
    v8 = iadd v3, v7
    v9 = icmp {test_cc} v8, v1
    {branch}
block2 count 20:
    return v6
}}
"
    )
}

/// The text-format name of the condition that holds when `cc` does not.
fn negated(cc: &str) -> String {
    let inverse = match cc {
        "slt" => "sge",
        "sge" => "slt",
        "sle" => "sgt",
        "sgt" => "sle",
        "ult" => "uge",
        "uge" => "ult",
        "ule" => "ugt",
        "ugt" => "ule",
        "ne" => "eq",
        "eq" => "ne",
        other => panic!("no condition {other}"),
    };
    inverse.to_string()
}

fn parse(text: &str) -> Module {
    let module = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    verify_module(&module).unwrap();
    module
}

fn assert_valid(module: &Module) {
    if let Err(errors) = verify_module(module) {
        panic!("{}", print_module_errors(module, &errors));
    }
}

/// Values of type `ty` near its signed and unsigned extremes and zero.
fn interesting(ty: Type) -> Vec<i64> {
    let bits = ty.bits();
    let min = if bits == 64 { i64::MIN } else { -(1i64 << (bits - 1)) };
    let max = if bits == 64 { i64::MAX } else { (1i64 << (bits - 1)) - 1 };
    let mut values = Vec::new();
    for d in 0..5 {
        values.extend([min + d, max - d, d - 2]);
    }
    values.extend([min / 2, max / 2, 40, -40]);
    values
}

/// Unrolls `f` in `text` (which must happen, `expected` times) and checks
/// that it computes what the original does for every pair of
/// [`interesting`] arguments that ends within the interpreter's fuel.
fn check_unrolled_equivalent(text: &str, ty: Type, expected: usize) -> Function {
    let mut module = parse(text);
    let before = module.functions[0].clone();
    let unrolled = unroll_hot_loops(&mut module.functions[0]);
    assert_eq!(unrolled, expected, "{text}\n{}", module.functions[0]);
    assert_valid(&module);
    let after = &module.functions[0];
    let mut ended = 0;
    for &start in &interesting(ty) {
        for &bound in &interesting(ty) {
            let expected = run(&before, &[start, bound], 600);
            if expected == Outcome::OutOfFuel {
                continue;
            }
            ended += 1;
            assert_eq!(run(after, &[start, bound], 4000), expected, "f({start}, {bound})\n{after}");
        }
    }
    assert!(ended > 50, "too few runs ended: {ended}");
    after.clone()
}

/// The condition classes the transform accepts, with steps of both signs
/// and sizes, in 8-bit (all wrap-around within reach of the interpreter)
/// and 32-bit loops, each latch oriented both ways, at each unrolling
/// factor (trip count 100 chooses 8, trip count 20 chooses 4, and a body
/// of 22 instructions 2).
#[test]
fn every_condition_class_unrolls_and_computes_the_same() {
    let cases: &[(&str, &[i64])] = &[
        ("slt", &[1, 2, 3]),
        ("sle", &[1, 3]),
        ("ult", &[1, 2]),
        ("ule", &[1, 3]),
        ("sgt", &[-1, -2, -3]),
        ("sge", &[-1, -3]),
        ("ugt", &[-1, -2]),
        ("uge", &[-1, -3]),
        ("ne", &[1, -1]),
    ];
    for ty in [Type::I8, Type::I32] {
        for &(cc, steps) in cases {
            for &step in steps {
                for header_is_else in [false, true] {
                    for (header_count, pad) in [(2000, 0), (400, 0), (2000, 16)] {
                        let text = counted_loop(ty, cc, step, header_is_else, header_count, pad);
                        check_unrolled_equivalent(&text, ty, 1);
                    }
                }
            }
        }
    }
}

/// A 32-bit loop whose bound `v10` extends the 8-bit argument `v1`
/// (`extension` is `sextend` or `uextend`): the last copy then tests
/// `p + K CC b` instead of `p < b - K`, which must stay exact for every
/// 8-bit bound, including a negative one read as unsigned. (Testing
/// `p + K - 1`, or trusting a sign-extended bound in an unsigned loop,
/// makes this test fail.)
fn extended_bound_loop(cc: &str, step: i64, extension: &str) -> String {
    format!(
        "
function @f(i32, i8) -> i32 export {{
block0(v0: i32, v1: i8) count 20:
    v2 = iconst.i32 0
    v10 = {extension}.i32 v1
    jump block1(v0, v2) count 20
block1(v3: i32, v4: i32) count 2000:
    v5 = iconst.i32 1
    v6 = iadd v4, v5
    v7 = iconst.i32 {step}
    v8 = iadd v3, v7
    v9 = icmp {cc} v8, v10
    brif v9, block1(v8, v6) count 1980, block2 count 20
block2 count 20:
    return v6
}}
"
    )
}

#[test]
fn loops_up_to_an_extended_bound_unroll_and_compute_the_same() {
    for extension in ["sextend", "uextend"] {
        for cc in ["slt", "sle", "ult", "ule"] {
            for step in [1, 2, 3] {
                let text = extended_bound_loop(cc, step, extension);
                check_unrolled_equivalent(&text, Type::I8, 1);
            }
        }
    }
}

/// The loop is counted from the bound's point of view: `icmp sgt b, p'`
/// is `p' slt b`.
#[test]
fn a_bound_on_the_left_is_swapped() {
    let text = counted_loop(Type::I8, "slt", 1, false, 2000, 0).replace("icmp slt v8, v1", "icmp sgt v1, v8");
    check_unrolled_equivalent(&text, Type::I8, 1);
}

/// Conditions that do not bound the distance, or that the step walks
/// away from, are left alone, as are cold loops and short trip counts.
#[test]
fn uncounted_or_cold_loops_are_left_alone() {
    for (cc, step) in [("ne", 2), ("ne", -3), ("sgt", 1), ("slt", -1), ("ult", -1), ("ugt", 1), ("eq", 1)] {
        let mut module = parse(&counted_loop(Type::I32, cc, step, false, 2000, 0));
        assert_eq!(unroll_hot_loops(&mut module.functions[0]), 0, "{cc} by {step}");
    }
    // Trip count 15 is below the minimum of 16; 17 trips are enough for
    // a body copied twice.
    let mut module = parse(&counted_loop(Type::I32, "slt", 1, false, 300, 16));
    assert_eq!(unroll_hot_loops(&mut module.functions[0]), 0);
    let mut module = parse(&counted_loop(Type::I32, "slt", 1, false, 340, 16));
    assert_eq!(unroll_hot_loops(&mut module.functions[0]), 1);
    // 34 trips but only 68 executions of the header.
    let text = counted_loop(Type::I32, "slt", 1, false, 340, 0)
        .replace("count 20", "count 2")
        .replace("count 320", "count 66")
        .replace("count 340", "count 68");
    let mut module = parse(&text);
    assert_eq!(unroll_hot_loops(&mut module.functions[0]), 0);
    // Without counts the loop is not known to be hot.
    let text = counted_loop(Type::I32, "slt", 1, false, 2000, 0);
    let mut module = parse(&text);
    let func = &mut module.functions[0];
    for block in func.layout.clone() {
        func.blocks[block].count = None;
    }
    for data in func.insts.values_mut() {
        for target in data.successors_mut() {
            target.count = None;
        }
    }
    assert_eq!(unroll_hot_loops(&mut module.functions[0]), 0);
}

/// A bound loaded inside the loop (a global the loop may change) is not
/// invariant: the loop is left alone.
#[test]
fn a_bound_loaded_in_the_loop_is_rejected() {
    let text = "
function @f(i64, i32) -> i32 export {
block0(v0: i64, v1: i32) count 10:
    jump block1(v1) count 10
block1(v3: i32) count 1000:
    v7 = iconst.i32 1
    v8 = iadd v3, v7
    v10 = load.i32 v0
    v9 = icmp slt v8, v10
    brif v9, block1(v8) count 990, block2 count 10
block2 count 10:
    return v8
}
";
    let mut module = parse(text);
    assert_eq!(unroll_hot_loops(&mut module.functions[0]), 0);
}

/// `for (i = p; i < n; i++) if (i == x) return i * 2;` over two blocks,
/// whose count and induction variable are used after the loop and in the
/// early exit: the values are carried out of every copy (through stack
/// slots that mem2reg promotes again).
#[test]
fn early_exits_and_values_used_after_the_loop() {
    let text = "
function @f(i32, i32) -> i32 export {
block0(v0: i32, v1: i32) count 10:
    v2 = iconst.i32 0
    jump block1(v0, v2) count 10
block1(v3: i32, v4: i32) count 1000:
    v5 = iconst.i32 1
    v6 = iadd v4, v5
    v10 = iconst.i32 7
    v11 = icmp eq v3, v10
    brif v11, block3 count 2, block4 count 998
block3 count 2:
    v12 = iadd v6, v3
    return v12
block4 count 998:
    v7 = iconst.i32 1
    v8 = iadd v3, v7
    v13 = iadd v8, v7
    v9 = icmp slt v8, v1
    brif v9, block1(v8, v6) count 990, block2 count 8
block2 count 8:
    v14 = iadd v6, v13
    return v14
}
";
    let after = check_unrolled_equivalent(text, Type::I32, 1);
    assert!(after.stack_slots.values().count() >= 2);
    assert!(
        after.layout.iter().all(|&b| after.blocks[b].insts.iter().all(|&i| !matches!(
            after.insts[i],
            crate::ir::InstData::StackAddr { .. }
        ))),
        "mem2reg promoted the slots again:\n{after}"
    );
}
