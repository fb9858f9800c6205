//! Switch peeling on annotated IR: the result must verify, compute what
//! the switch computed for every value around its cases (checked with the
//! reference interpreter), keep the profile's flow consistent, and test
//! the hot cluster first with one comparison.

use super::{peel_switches, MIN_COUNT};
use crate::ir::{Block, Function, InstData, IntCC, Type, Value, ValueDef};
use crate::text::parse_module;
use crate::transform::eval::run;
use crate::verifier::{print_module_errors, verify_module};
use std::collections::BTreeMap;

/// `@f(x)`: a switch on `x` of type `ty` whose default (`block1`) ran
/// `default_count` times; each case `(value, target, count)` goes to
/// `block{target}` (2 or more), which returns `100 + target`.
fn switch_function(ty: &str, cases: &[(i64, u32, u64)], default_count: u64) -> String {
    let mut targets: BTreeMap<u32, u64> = BTreeMap::new();
    for &(_, target, count) in cases {
        *targets.entry(target).or_default() += count;
    }
    let total: u64 = default_count + targets.values().sum::<u64>();
    let slots: Vec<String> = cases.iter().map(|(v, t, c)| format!("{v}: block{t} count {c}")).collect();
    let mut text = format!(
        "function @f({ty}) -> i32 export {{\nblock0(v0: {ty}) count {total}:\n    switch v0, block1 count {default_count}, [{}]\n",
        slots.join(", ")
    );
    for (target, count) in std::iter::once((1, default_count)).chain(targets) {
        text += &format!("block{target} count {count}:\n    v{target} = iconst.i32 {}\n    return v{target}\n", 100 + target);
    }
    text + "}\n"
}

fn parse(text: &str) -> Function {
    let module = parse_module(text).unwrap();
    verify_module(&module).unwrap();
    module.functions.into_iter().next().unwrap()
}

/// Peels `text`'s function and checks it against the original on every
/// value in `probe` (wrapped to the switch's type).
fn peel_and_check(text: &str, ty: Type, probe: &[i64]) -> (Function, usize) {
    let mut module = parse_module(text).unwrap();
    verify_module(&module).unwrap();
    let before = module.functions[0].clone();
    let tests = peel_switches(&mut module.functions[0], &std::collections::HashMap::new()).tests;
    if let Err(errors) = verify_module(&module) {
        panic!("{}", print_module_errors(&module, &errors));
    }
    let after = module.functions.remove(0);
    for &x in probe {
        let x = ty.canonical_imm(x);
        assert_eq!(run(&after, &[x], 100), run(&before, &[x], 100), "x = {x}\n{after}");
    }
    assert_flow_is_consistent(&after);
    (after, tests)
}

/// Every block's count equals what its incoming edges bring (the entry's
/// is its own) and what its outgoing edges take.
fn assert_flow_is_consistent(func: &Function) {
    let mut incoming: BTreeMap<Block, u64> = BTreeMap::new();
    for &block in &func.layout {
        let Some(term) = func.terminator(block) else { continue };
        let out: u64 = func.insts[term].successors().iter().map(|d| d.count.unwrap()).sum();
        if !func.insts[term].successors().is_empty() {
            assert_eq!(out, func.blocks[block].count.unwrap(), "{block} sends on what it got\n{func}");
        }
        for dest in func.insts[term].successors() {
            *incoming.entry(dest.block).or_default() += dest.count.unwrap();
        }
    }
    for &block in func.layout.iter().skip(1) {
        assert_eq!(incoming.get(&block).copied().unwrap_or(0), func.blocks[block].count.unwrap(), "{block}\n{func}");
    }
}

/// The values a test probes: each case value and its neighbours, zero,
/// and the extremes of the type.
fn probe(cases: &[(i64, u32, u64)], ty: Type) -> Vec<i64> {
    let bits = ty.bits();
    let (min, max) = (i64::MIN >> (64 - bits), i64::MAX >> (64 - bits));
    let mut values = vec![0, min, max, min + 1, max - 1, -1, 1];
    for &(v, _, _) in cases {
        values.extend([v.wrapping_sub(1), v, v.wrapping_add(1)]);
    }
    values
}

/// The first test of the peeled switch: the entry's `brif`, its
/// condition and the block and count of its `then` target.
fn first_test(func: &Function) -> (Value, Block, u64) {
    let term = func.terminator(func.layout[0]).unwrap();
    let InstData::Brif { cond, then_dest, .. } = &func.insts[term] else { panic!("the entry ends in a brif:\n{func}") };
    (*cond, then_dest.block, then_dest.count.unwrap())
}

/// The instruction that computes `value`.
fn def(func: &Function, value: Value) -> &InstData {
    let ValueDef::Result(inst) = func.values[value].def else { panic!("{value} is a parameter") };
    &func.insts[inst]
}

fn block(n: u32) -> Block {
    Block::from_u32(n)
}

#[test]
fn a_hot_single_value_is_tested_first() {
    let cases = [(1, 2, 10), (2, 3, 80), (3, 4, 5)];
    let (func, tests) = peel_and_check(&switch_function("i32", &cases, 5), Type::I32, &probe(&cases, Type::I32));
    assert!(tests >= 1);
    let (cond, target, count) = first_test(&func);
    assert_eq!((target, count), (block(3), 80));
    let InstData::Icmp { cond: IntCC::Eq, args: [x, k] } = def(&func, cond) else { panic!("an equality test:\n{func}") };
    assert_eq!((*x, func.constant_value(*k)), (func.blocks[func.layout[0]].params[0], Some(2)));
}

#[test]
fn a_hot_range_is_one_unsigned_comparison() {
    // 10..=13 go to block3, split over four slots.
    let cases = [(9, 2, 5), (10, 3, 20), (11, 3, 20), (12, 3, 20), (13, 3, 20), (20, 4, 5)];
    let (func, _) = peel_and_check(&switch_function("i32", &cases, 10), Type::I32, &probe(&cases, Type::I32));
    let (cond, target, count) = first_test(&func);
    assert_eq!((target, count), (block(3), 80));
    let InstData::Icmp { cond: IntCC::Ule, args: [shifted, span] } = def(&func, cond) else { panic!("a range test:\n{func}") };
    assert_eq!(func.constant_value(*span), Some(3));
    let InstData::Binary { args: [_, lo], .. } = def(&func, *shifted) else { panic!("x - lo") };
    assert_eq!(func.constant_value(*lo), Some(10));
}

#[test]
fn a_hot_target_with_separate_values_peels_its_hottest_run_first() {
    // block3 is reached from 1 and from 5..=6, which are not adjacent.
    let cases = [(1, 3, 30), (2, 2, 10), (5, 3, 50), (6, 3, 40), (7, 4, 10)];
    let (func, tests) = peel_and_check(&switch_function("i32", &cases, 0), Type::I32, &probe(&cases, Type::I32));
    let (_, target, count) = first_test(&func);
    assert_eq!((target, count), (block(3), 90));
    // The run of 1 (30 of the remaining 50) comes next.
    assert!(tests >= 2, "{func}");
}

#[test]
fn a_hot_default_is_tested_first_only_when_the_cases_fill_their_span() {
    let filled = [(0, 2, 5), (1, 3, 5), (2, 4, 5)];
    let (func, _) = peel_and_check(&switch_function("i32", &filled, 85), Type::I32, &probe(&filled, Type::I32));
    let (cond, target, count) = first_test(&func);
    assert_eq!((target, count), (block(1), 85));
    assert!(matches!(def(&func, cond), InstData::Icmp { cond: IntCC::Ugt, .. }), "{func}");

    // With a gap (3), the profile cannot tell how many default runs fell
    // into it, so the switch stays.
    let gapped = [(0, 2, 5), (1, 3, 5), (2, 4, 5), (4, 5, 0)];
    let text = switch_function("i32", &gapped, 85);
    let (func, tests) = peel_and_check(&text, Type::I32, &probe(&gapped, Type::I32));
    assert_eq!((tests, func.to_string()), (0, parse(&text).to_string()));
}

#[test]
fn a_cold_or_unbiased_switch_stays() {
    let cases = [(1, 2, 1), (2, 3, 9), (3, 4, 1)];
    let cold = switch_function("i32", &cases, 0);
    assert!(11 < MIN_COUNT);
    let (func, tests) = peel_and_check(&cold, Type::I32, &probe(&cases, Type::I32));
    assert_eq!((tests, func.to_string()), (0, parse(&cold).to_string()));

    let even = [(1, 2, 100), (2, 3, 100), (3, 4, 100), (4, 5, 100)];
    let unbiased = switch_function("i32", &even, 100);
    let (func, tests) = peel_and_check(&unbiased, Type::I32, &probe(&even, Type::I32));
    assert_eq!((tests, func.to_string()), (0, parse(&unbiased).to_string()));
}

#[test]
fn narrow_negative_and_extreme_case_values_stay_exact() {
    // Signed chars, with a hot range across zero.
    let chars = [(-128, 2, 5), (-2, 3, 40), (-1, 3, 40), (0, 3, 40), (127, 4, 5)];
    let mut all_chars: Vec<i64> = (-128..=127).collect();
    all_chars.extend(probe(&chars, Type::I8));
    let (func, _) = peel_and_check(&switch_function("i8", &chars, 10), Type::I8, &all_chars);
    assert_eq!(first_test(&func).1, block(3));
    // INT_MIN and INT_MAX, each hot in turn.
    for hot in [i32::MIN as i64, i32::MAX as i64] {
        let cases = [(i32::MIN as i64, 2, if hot < 0 { 90 } else { 5 }), (0, 3, 5), (i32::MAX as i64, 4, if hot > 0 { 90 } else { 5 })];
        let (func, _) = peel_and_check(&switch_function("i32", &cases, 5), Type::I32, &probe(&cases, Type::I32));
        assert_eq!(first_test(&func).1, block(if hot < 0 { 2 } else { 4 }));
    }
    // A 64-bit range at the top of the type.
    let wide = [(i64::MAX - 1, 2, 50), (i64::MAX, 2, 50), (0, 3, 5)];
    let (func, _) = peel_and_check(&switch_function("i64", &wide, 5), Type::I64, &probe(&wide, Type::I64));
    assert_eq!(first_test(&func), (first_test(&func).0, block(2), 100));
}

/// A switch whose targets take block arguments, with two parallel edges
/// to `block2` passing different values: `@g(x)` returns `x + 1` for 1,
/// `x + 7` for 2, `x` for 3 and 0 otherwise.
const WITH_ARGS: &str = "
function @g(i32) -> i32 export {
block0(v0: i32) count 100:
    v1 = iconst.i32 1
    v2 = iadd v0, v1
    v3 = iconst.i32 7
    v4 = iadd v0, v3
    v5 = iconst.i32 0
    switch v0, block3(v5) count 5, [1: block2(v2) count 10, 2: block2(v4) count 70, 3: block3(v0) count 15]
block2(v6: i32) count 80:
    return v6
block3(v7: i32) count 20:
    return v7
}
";

#[test]
fn targets_with_arguments_keep_them_and_parallel_edges_stay_apart() {
    let (func, tests) = peel_and_check(WITH_ARGS, Type::I32, &[-1, 0, 1, 2, 3, 4, i32::MIN as i64, i32::MAX as i64]);
    assert!(tests >= 1);
    let term = func.terminator(func.layout[0]).unwrap();
    let InstData::Brif { then_dest, .. } = &func.insts[term] else { panic!("a brif:\n{func}") };
    // Only the slot for 2 was peeled: 1 passes another value to block2.
    assert_eq!((then_dest.block, then_dest.count, then_dest.args.len()), (block(2), Some(70), 1));
    assert_eq!(func.constant_value(then_dest.args[0]), None);
    let InstData::Binary { args: [_, seven], .. } = def(&func, then_dest.args[0]) else { panic!("x + 7") };
    assert_eq!(func.constant_value(*seven), Some(7));
}

/// C's `case 1: case 2: case 3: return 7;` as the frontend builds it: one
/// empty block per label, each jumping to the next. `@h(x)` returns 7 for
/// 1..=3, 8 for 4 and 0 otherwise; 1..=3 ran 90 of 100 times.
const LABEL_CHAIN: &str = "
function @h(i32) -> i32 export {
block0(v0: i32) count 100:
    switch v0, block6 count 5, [1: block1 count 30, 2: block2 count 40, 3: block3 count 20, 4: block5 count 5]
block1 count 30:
    jump block2 count 30
block2 count 70:
    jump block3 count 70
block3 count 90:
    jump block4 count 90
block4 count 90:
    v1 = iconst.i32 7
    return v1
block5 count 5:
    v2 = iconst.i32 8
    return v2
block6 count 5:
    v3 = iconst.i32 0
    return v3
}
";

#[test]
fn case_labels_that_fall_through_form_one_cluster() {
    let (func, _) = peel_and_check(LABEL_CHAIN, Type::I32, &[-1, 0, 1, 2, 3, 4, 5, i32::MIN as i64]);
    let (cond, target, count) = first_test(&func);
    // The test goes straight to the code of the labels, and the label
    // blocks only the peeled slots reached are gone.
    assert_eq!((target, count), (block(4), 90));
    assert!(matches!(def(&func, cond), InstData::Icmp { cond: IntCC::Ule, .. }), "{func}");
    for label in [1, 2, 3] {
        assert!(!func.layout.contains(&block(label)), "{func}");
    }
}
