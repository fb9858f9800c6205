//! Checks every rule of `narrow_compares` against the interpreter: for
//! each pair of extensions, each condition and each constant of interest,
//! the narrowed function must return what the original returns on every
//! pair of bytes (or every byte, against a constant), and the pass must
//! narrow exactly the comparisons that the rules allow.

use super::eval::{run, Outcome};
use super::narrow_compares::narrow_compares;
use crate::ir::Function;
use crate::text::parse_module;
use crate::verifier::verify_function;

const CONDITIONS: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// Parses `text`, a module of one function, and returns the function and
/// its narrowed copy with the number of comparisons narrowed.
fn narrowed(text: &str) -> (Function, Function, usize) {
    let module = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let original = module.functions[0].clone();
    let mut func = original.clone();
    let count = narrow_compares(&mut func);
    verify_function(&func, &module).unwrap_or_else(|_| panic!("the pass broke:\n{func}"));
    (original, func, count)
}

/// Every value of a signed integer type of `bits` bits (8 or 16) that a
/// test tries: all of them for bytes, the ones around each boundary for
/// `short`s.
fn narrow_values(bits: u32) -> Vec<i64> {
    let min = -(1i64 << (bits - 1));
    if bits == 8 {
        return (min..-min).collect();
    }
    let mut values: Vec<i64> = [min, -129, -128, -1, 0, 127, 128, 255, 256, -min - 1]
        .iter()
        .flat_map(|&v| [v - 1, v, v + 1])
        .filter(|v| (min..-min).contains(v))
        .collect();
    values.dedup();
    values
}

#[test]
fn two_extensions_of_bytes_compare_the_same_narrowed_or_stay() {
    for (left, right) in [("sextend", "sextend"), ("uextend", "uextend"), ("sextend", "uextend"), ("uextend", "sextend")] {
        for cond in CONDITIONS {
            let text = format!(
                "function @f(i8, i8) -> i8 export {{
block0(v0: i8, v1: i8):
    v2 = {left}.i32 v0
    v3 = {right}.i32 v1
    v4 = icmp {cond} v2, v3
    return v4
}}"
            );
            let (original, func, count) = narrowed(&text);
            assert_eq!(count, usize::from(left == right), "{left}/{right} {cond}:\n{func}");
            for a in narrow_values(8) {
                for b in narrow_values(8) {
                    assert_eq!(run(&func, &[a, b], 0), run(&original, &[a, b], 0), "{left}/{right} {cond} on {a}, {b}:\n{func}");
                }
            }
        }
    }
}

#[test]
fn an_extension_and_a_constant_compare_the_same_narrowed_or_stay() {
    let constants = [i32::MIN as i64, -65536, -32769, -32768, -129, -128, -127, -1, 0, 1, 126, 127, 128, 254, 255, 256, 32767, 32768, 65535, 65536, i32::MAX as i64];
    for (narrow, bits) in [("i8", 8u32), ("i16", 16)] {
        for op in ["sextend", "uextend"] {
            for cond in CONDITIONS {
                for c in constants {
                    let in_range = if op == "sextend" {
                        (-(1i64 << (bits - 1))..(1i64 << (bits - 1))).contains(&c)
                    } else {
                        (0..(1i64 << bits)).contains(&c)
                    };
                    for constant_first in [false, true] {
                        let operands = if constant_first { "v2, v1" } else { "v1, v2" };
                        let text = format!(
                            "function @f({narrow}) -> i8 export {{
block0(v0: {narrow}):
    v1 = {op}.i32 v0
    v2 = iconst.i32 {c}
    v3 = icmp {cond} {operands}
    return v3
}}"
                        );
                        let (original, func, count) = narrowed(&text);
                        assert_eq!(count, usize::from(in_range), "{op} {cond} against {c}:\n{func}");
                        for a in narrow_values(bits) {
                            let expected = run(&original, &[a], 0);
                            assert!(matches!(expected, Outcome::Returned(Some(0 | 1))));
                            assert_eq!(run(&func, &[a], 0), expected, "{op} {cond} {operands} with {c} on {a}:\n{func}");
                        }
                    }
                }
            }
        }
    }
}
