//! Unit tests of complete loop peeling ([`super::peel`]): for every
//! condition class, step sign and orientation of the latch, a loop from a
//! constant start to a constant bound is peeled, its loop disappears, and
//! the function computes what it computed, checked with the reference
//! interpreter; loops the transform must leave alone are checked too.

use super::peel::{peel_constant_loops, MAX_TRIPS};
use crate::analysis::cfg::Cfg;
use crate::analysis::loops::LoopForest;
use crate::ir::Module;
use crate::text::parse_module;
use crate::transform::eval::{run, Outcome};
use crate::verifier::{print_module_errors, verify_module};

/// `for (p = start; ; ) { acc = acc * 3 + p ^ v0; if (!(p + step CC
/// bound)) break; p += step; }` in `ty`, with its header `count` times
/// hot; the latch's header is its `else` target when `header_is_else`.
fn constant_loop(ty: &str, start: i64, step: i64, cc: &str, bound: i64, header_is_else: bool, count: u64) -> String {
    let back = count.saturating_sub(10);
    // `header_is_else` writes the test negated, with the exit first.
    let branch = if header_is_else {
        format!("v11 = icmp {} v8, v13\n    brif v11, block2 count 10, block1(v8, v9) count {back}", negated(cc))
    } else {
        format!("brif v10, block1(v8, v9) count {back}, block2 count 10")
    };
    format!(
        "
function @f(i64) -> i64 export {{
block0(v0: i64) count 10:
    v1 = iconst.{ty} {start}
    v2 = iconst.i64 0
    jump block1(v1, v2) count 10
block1(v3: {ty}, v4: i64) count {count}:
    v5 = iconst.i64 3
    v6 = imul v4, v5
    v7 = sextend.i64 v3
    v14 = bxor v7, v0
    v9 = iadd v6, v14
    v15 = iconst.{ty} {step}
    v8 = iadd v3, v15
    v13 = iconst.{ty} {bound}
    v10 = icmp {cc} v8, v13
    {branch}
block2 count 10:
    return v9
}}
"
    )
}

fn negated(cc: &str) -> &'static str {
    match cc {
        "slt" => "sge",
        "sle" => "sgt",
        "sgt" => "sle",
        "sge" => "slt",
        "ult" => "uge",
        "ule" => "ugt",
        "ugt" => "ule",
        "uge" => "ult",
        "ne" => "eq",
        other => panic!("no condition {other}"),
    }
}

fn parse(text: &str) -> Module {
    let module = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    verify_module(&module).unwrap();
    module
}

fn loops(module: &Module) -> usize {
    let func = &module.functions[0];
    LoopForest::compute(&Cfg::compute(func)).natural_loops().count()
}

/// Peels `f` in `text` (`expected` loops), then checks that no loop is
/// left when one was peeled, and that the function computes what it did.
fn check_peeled(text: &str, expected: usize) {
    let mut module = parse(text);
    let before = module.functions[0].clone();
    let peeled = peel_constant_loops(&mut module.functions[0]);
    assert_eq!(peeled, expected, "{text}\n{}", module.functions[0]);
    if let Err(errors) = verify_module(&module) {
        panic!("{}", print_module_errors(&module, &errors));
    }
    if expected > 0 {
        assert_eq!(loops(&module), 0, "a loop is left:\n{}", module.functions[0]);
    }
    for x in [0, 1, -1, 77, i64::MIN, i64::MAX] {
        let expected = run(&before, &[x], 2000);
        assert_ne!(expected, Outcome::OutOfFuel, "{text}");
        assert_eq!(run(&module.functions[0], &[x], 2000), expected, "f({x})\n{}", module.functions[0]);
    }
}

/// Every condition class with steps of both signs, both orientations of
/// the latch, in 8-bit loops that wrap around their type and 32-bit ones.
#[test]
fn constant_loops_of_every_condition_peel_and_compute_the_same() {
    let cases: &[(&str, i64, i64, i64)] = &[
        ("slt", 0, 1, 8),
        ("slt", -3, 2, 9),
        ("sle", 1, 3, 13),
        ("ult", 0, 1, 3),
        ("ule", 2, 1, 2),
        ("sgt", 7, -1, 0),
        ("sge", 5, -2, -5),
        ("ugt", 9, -3, 0),
        ("uge", 4, -1, 1),
        ("ne", 0, 1, 12),
        ("ne", 5, -1, -3),
    ];
    for ty in ["i8", "i32"] {
        for &(cc, start, step, bound) in cases {
            for header_is_else in [false, true] {
                check_peeled(&constant_loop(ty, start, step, cc, bound, header_is_else, 1000), 1);
            }
        }
    }
}

/// An 8-bit counter that wraps from 127 to -128 on its way to its bound.
#[test]
fn a_wrapping_counter_peels() {
    check_peeled(&constant_loop("i8", 125, 1, "ne", -127, false, 1000), 1);
    check_peeled(&constant_loop("i8", -126, -1, "ne", 126, true, 1000), 1);
}

/// A single trip (the first test fails) still peels into straight code.
#[test]
fn a_loop_that_runs_once_peels() {
    check_peeled(&constant_loop("i32", 4, 1, "slt", 5, false, 1000), 1);
}

/// Loops the transform leaves alone: too many trips, a cold loop, and a
/// loop whose bound or start is not a constant.
#[test]
fn long_cold_and_variable_loops_stay() {
    check_peeled(&constant_loop("i32", 0, 1, "slt", MAX_TRIPS as i64 + 1, false, 1000), 0);
    check_peeled(&constant_loop("i32", 0, 1, "slt", 8, false, 20), 0);
    // A bound of 0..7 from the argument, and a start of 0..7.
    let variable_bound = constant_loop("i32", 0, 1, "slt", 8, false, 1000)
        .replace("v13 = iconst.i32 8", "v16 = iconst.i64 7\n    v17 = band v0, v16\n    v13 = ireduce.i32 v17");
    check_peeled(&variable_bound, 0);
    let variable_start = constant_loop("i32", 0, 1, "slt", 8, false, 1000)
        .replace("    v1 = iconst.i32 0\n    v2 = iconst.i64 0\n", "    v2 = iconst.i64 0\n    v16 = iconst.i64 7\n    v17 = band v0, v16\n    v1 = ireduce.i32 v17\n");
    check_peeled(&variable_start, 0);
}

/// A nest of two constant loops (k062's neighbourhood): the inner loop is
/// peeled, then the outer one, which has become innermost.
#[test]
fn nested_constant_loops_peel_from_the_inside_out() {
    let text = "
function @f(i64) -> i64 export {
block0(v0: i64) count 10:
    v1 = iconst.i32 -1
    v2 = iconst.i64 0
    jump block1(v1, v2) count 10
block1(v3: i32, v4: i64) count 300:
    v5 = iconst.i32 -1
    jump block2(v5, v4) count 300
block2(v6: i32, v7: i64) count 900:
    v8 = imul v3, v6
    v9 = sextend.i64 v8
    v10 = iadd v7, v9
    v11 = iadd v10, v0
    v12 = iconst.i32 1
    v13 = iadd v6, v12
    v14 = iconst.i32 1
    v15 = icmp sle v13, v14
    brif v15, block2(v13, v11) count 600, block3 count 300
block3 count 300:
    v16 = iconst.i32 1
    v17 = iadd v3, v16
    v18 = iconst.i32 1
    v19 = icmp sle v17, v18
    brif v19, block1(v17, v11) count 290, block4 count 10
block4 count 10:
    return v11
}
";
    check_peeled(text, 2);
}
