//! Unit tests of the profile-guided transforms on annotated IR text: each
//! transform must leave verifiable IR that computes what the original
//! computed (checked with the reference interpreter), and must do what it
//! promises to the layout.

use super::branch_orientation::orient_branches;
use super::cold_blocks::mark_cold_blocks;
use super::cranelift_layout::{branch_cost, predicted_order};
use super::function_order::order_functions;
use super::inline::inline_hot_calls;
use super::tail_duplication::duplicate_tails;
use crate::ir::{Block, Callee, InstData, Module};
use crate::text::parse_module;
use crate::transform::eval::{run, Outcome};
use crate::transform::number_values;
use crate::verifier::{print_module_errors, verify_module};

fn parse(text: &str) -> Module {
    let module = parse_module(text).unwrap();
    verify_module(&module).unwrap();
    module
}

fn assert_valid(module: &Module) {
    if let Err(errors) = verify_module(module) {
        panic!("{}", print_module_errors(module, &errors));
    }
}

/// `@f(x)`: 1 when `x < 10`, else 2; the profile says `x < 10` held 90
/// times out of 100.
const BIASED: &str = "
function @f(i32) -> i32 export {
block0(v0: i32) count 100:
    v1 = iconst.i32 10
    v2 = icmp slt v0, v1
    brif v2, block1 count 90, block2 count 10
block1 count 90:
    v3 = iconst.i32 1
    return v3
block2 count 10:
    v4 = iconst.i32 2
    return v4
}
";

#[test]
fn orientation_makes_the_hot_successor_the_else_target() {
    let mut module = parse(BIASED);
    let before = module.functions[0].clone();
    let stats = orient_branches(&mut module.functions[0]);
    assert_eq!(stats.flipped, 1);
    assert_valid(&module);
    let func = &module.functions[0];
    let term = func.terminator(func.layout[0]).unwrap();
    let InstData::Brif { then_dest, else_dest, .. } = &func.insts[term] else { panic!("a brif") };
    assert_eq!((then_dest.count, else_dest.count), (Some(10), Some(90)));
    assert_eq!(else_dest.block, func.layout[1]);
    for x in [-5, 0, 9, 10, 11, 1000] {
        assert_eq!(run(func, &[x], 10), run(&before, &[x], 10), "x = {x}");
    }
    // A second pass finds nothing to do.
    assert_eq!(orient_branches(&mut module.functions[0]).flipped, 0);
}

/// `@count(n)`: a loop that leaves early through `block3` once and
/// otherwise loops back from its latch `block4` 99 times; the latch's exit
/// never ran, so it is cold and Cranelift emits it last: nothing the latch
/// branches to can follow it.
const LATCH: &str = "
function @count(i32) -> i32 export {
block0(v0: i32) count 1:
    v1 = iconst.i32 0
    jump block1(v1) count 1
block1(v2: i32) count 100:
    v3 = iconst.i32 1000
    v4 = icmp eq v2, v3
    brif v4, block3 count 1, block4 count 99
block3 count 1:
    return v3
block4 count 99:
    v5 = iconst.i32 1
    v6 = iadd v2, v5
    v7 = icmp slt v6, v0
    brif v7, block1(v6) count 99, block2 count 0
block2 count 0:
    return v6
}
";

#[test]
fn the_predicted_layout_costs_a_back_edge_turned_to_fall_through_more() {
    let module = parse(LATCH);
    let func = &module.functions[0];
    let order = predicted_order(func);
    let [b0, b1, b3, b4, b2] = [0, 1, 2, 3, 4].map(|i| func.layout[i]);
    assert_eq!(order, [b0, b1, b4, b3, b2]);
    // `block1` takes its branch to `block3` once; the latch takes its back
    // edge 99 times and never runs its jump to `block2`.
    assert_eq!(branch_cost(func, &order), 1 + 99);
    // Turned round, the latch runs a conditional jump out and a taken
    // unconditional jump back on every iteration.
    let mut turned = module.functions[0].clone();
    let term = turned.terminator(b4).unwrap();
    if let InstData::Brif { then_dest, else_dest, .. } = &mut turned.insts[term] {
        std::mem::swap(then_dest, else_dest);
    }
    assert_eq!(branch_cost(&turned, &predicted_order(&turned)), 1 + 2 * 99);
}

#[test]
fn orientation_leaves_a_latch_whose_hot_target_is_the_loop_header() {
    let mut module = parse(LATCH);
    let before = module.functions[0].clone();
    let stats = orient_branches(&mut module.functions[0]);
    assert_eq!(stats.flipped, 0);
    assert_valid(&module);
    let func = &module.functions[0];
    let term = func.terminator(func.layout[3]).unwrap();
    let InstData::Brif { then_dest, .. } = &func.insts[term] else { panic!("a brif") };
    assert_eq!((then_dest.block, then_dest.count), (func.layout[1], Some(99)));
    for n in [-3, 0, 1, 50, 2000] {
        assert_eq!(run(func, &[n], 1000), run(&before, &[n], 1000), "n = {n}");
    }
}

#[test]
fn orientation_negates_shared_and_plain_conditions() {
    // v2 feeds two branches, so it cannot be inverted in place; v0 is a
    // parameter, which becomes `icmp eq v0, 0`. Turning block0's branch
    // lets block2 follow it, and block4's lets block5 follow it; block2's
    // hot successor already follows it.
    let mut module = parse(
        "
function @g(i32) -> i32 export {
block0(v0: i32) count 10:
    v1 = iconst.i32 3
    v2 = icmp sgt v0, v1
    brif v2, block2 count 9, block1 count 1
block1 count 1:
    return v1
block2 count 9:
    brif v2, block4 count 9, block3 count 0
block3 count 0:
    return v0
block4 count 9:
    brif v0, block5 count 8, block6 count 1
block5 count 8:
    return v0
block6 count 1:
    return v1
}
",
    );
    let before = module.functions[0].clone();
    assert_eq!(orient_branches(&mut module.functions[0]).flipped, 2);
    assert_valid(&module);
    let func = &module.functions[0];
    let icmps = |block: usize| {
        func.blocks[func.layout[block]].insts.iter().filter(|&&i| matches!(func.insts[i], InstData::Icmp { .. })).count()
    };
    // The shared comparison stays and an inverted copy is added; the
    // parameter is compared with zero.
    assert_eq!((icmps(0), icmps(2), icmps(4)), (2, 0, 1));
    for x in [-1, 0, 2, 3, 4, 9] {
        assert_eq!(run(func, &[x], 10), run(&before, &[x], 10), "x = {x}");
    }
}

#[test]
fn never_run_blocks_are_cold_but_not_the_entry() {
    let mut module = parse(BIASED.replace("count 100:", "count 90:").replace("count 10", "count 0").as_str());
    assert_eq!(mark_cold_blocks(&mut module.functions[0]), 1);
    let func = &module.functions[0];
    let cold: Vec<bool> = func.layout.iter().map(|&b| func.blocks[b].cold).collect();
    assert_eq!(cold, vec![false, false, true]);
}

#[test]
fn functions_are_ordered_hot_first_and_never_run_last() {
    let mut module = parse(
        "
function @never() -> i32 export {
block0 count 0:
    v0 = iconst.i32 0
    return v0
}
function @unprofiled() -> i32 export {
block0:
    v0 = iconst.i32 0
    return v0
}
function @warm() -> i32 export {
block0 count 5:
    v0 = iconst.i32 0
    return v0
}
function @hot() -> i32 export {
block0 count 500:
    v0 = iconst.i32 0
    return v0
}
",
    );
    order_functions(&mut module);
    let names: Vec<&str> = module.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["hot", "warm", "unprofiled", "never"]);
}

#[test]
fn hot_calls_are_inlined_and_compute_the_same() {
    // @caller(x) = @f(x) + @f(x + 20) in a loop-free body that the
    // profile saw 100 times; @f branches and has a stack slot.
    let text = format!(
        "{BIASED}
function @caller(i32) -> i32 export {{
    ss0 = stack_slot size 4, align 4
block0(v0: i32) count 100:
    v1 = call @f(v0) : (i32) -> i32
    v2 = iconst.i32 20
    v3 = iadd v0, v2
    v4 = call @f(v3) : (i32) -> i32
    v5 = iadd v1, v4
    return v5
}}
"
    );
    let mut module = parse(&text);
    assert_eq!(inline_hot_calls(&mut module), 2);
    assert_valid(&module);
    let caller = module.function("caller").unwrap();
    let has_calls = caller.layout.iter().flat_map(|&b| &caller.blocks[b].insts).any(|&i| matches!(caller.insts[i], InstData::Call { .. }));
    assert!(!has_calls, "{caller}");
    let f = module.function("f").unwrap();
    for x in [-3, 0, 9, 10, 25] {
        let value = |o: Outcome| match o {
            Outcome::Returned(Some(v)) => v,
            other => panic!("{other:?}"),
        };
        let expected = value(run(f, &[x], 10)) + value(run(f, &[x + 20], 10));
        assert_eq!(value(run(caller, &[x], 50)), expected, "x = {x}");
    }
    // The copies carry the callee's counts scaled to the call site (here
    // the callee's own counts, as all 100 entries came from each site).
    assert!(caller.to_string().contains("count 90"), "{caller}");
}

#[test]
fn inlined_bodies_are_specialized_to_their_call_sites() {
    // @caller passes @f the constant 3, and @bump the address of a local
    // that nothing else sees. After inlining, @f's test of its parameter
    // folds away, and the local becomes a value: no branch, stack access
    // or call is left, and the result is the same.
    let text = format!(
        "{BIASED}
function @bump(i64) export {{
block0(v0: i64) count 100:
    v1 = load.i32 v0
    v2 = iconst.i32 1
    v3 = iadd v1, v2
    store v3, v0
    return
}}
function @caller() -> i32 export {{
    ss0 = stack_slot size 4, align 4
block0 count 100:
    v0 = iconst.i32 3
    v1 = call @f(v0) : (i32) -> i32
    v2 = stack_addr ss0
    store v1, v2
    call @bump(v2) : (i64)
    v3 = load.i32 v2
    return v3
}}
"
    );
    let mut module = parse(&text);
    assert_eq!(inline_hot_calls(&mut module), 2);
    assert_valid(&module);
    let caller = module.function("caller").unwrap();
    let left: Vec<String> = caller
        .layout
        .iter()
        .flat_map(|&b| &caller.blocks[b].insts)
        .filter(|&&i| matches!(caller.insts[i], InstData::Call { .. } | InstData::StackAddr { .. } | InstData::Load { .. } | InstData::Store { .. } | InstData::Brif { .. }))
        .map(|&i| format!("{:?}", caller.insts[i]))
        .collect();
    assert!(left.is_empty(), "{left:?} left in\n{caller}");
    assert_eq!(run(caller, &[], 50), Outcome::Returned(Some(2)));
}

#[test]
fn weak_callees_stay_calls() {
    // The same hot sites as above, but @f is weak: another object's
    // strong @f may be the one that runs, so its body cannot be copied.
    let text = format!(
        "{}
function @caller(i32) -> i32 export {{
block0(v0: i32) count 100:
    v1 = call @f(v0) : (i32) -> i32
    return v1
}}
",
        BIASED.replacen(") -> i32 export {", ") -> i32 weak {", 1)
    );
    let mut module = parse(&text);
    assert_eq!(module.function("f").unwrap().linkage, crate::ir::Linkage::Weak);
    assert_eq!(inline_hot_calls(&mut module), 0);
}

#[test]
fn cold_or_self_recursive_callees_stay_calls() {
    let text = "
function @rec(i32) -> i32 export {
block0(v0: i32) count 50:
    v1 = call @rec(v0) : (i32) -> i32
    return v1
}
function @main() -> i32 export {
block0 count 10000:
    v0 = iconst.i32 1
    v1 = call @rec(v0) : (i32) -> i32
    brif v1, block1 count 0, block2 count 10000
block1 count 0:
    v2 = call @leaf(v0) : (i32) -> i32
    return v2
block2 count 10000:
    return v1
}
function @leaf(i32) -> i32 export {
block0(v0: i32) count 0:
    return v0
}
";
    let mut module = parse(text);
    assert_eq!(inline_hot_calls(&mut module), 0);
}

#[test]
fn call_sites_that_run_once_per_run_stay_calls() {
    // @main runs once. Its first call to @g runs once (straight-line
    // code); its loop calls @g 99 more times, so @g is entered 100 times
    // and the loop's site is hot. @once is entered once, from the loop's
    // exit block, and @h, entered 50 times, calls it on none of them.
    // @rare is entered once, from @h. With the hottest count 100, every
    // site passes the 1% threshold.
    let text = "
function @g(i32) -> i32 export {
block0(v0: i32) count 100:
    return v0
}
function @once(i32) -> i32 export {
block0(v0: i32) count 1:
    return v0
}
function @main() -> i32 export {
block0 count 1:
    v0 = iconst.i32 0
    v1 = call @g(v0) : (i32) -> i32
    jump block1(v1) count 1
block1(v2: i32) count 99:
    v3 = call @g(v2) : (i32) -> i32
    v4 = iconst.i32 100
    v5 = icmp slt v3, v4
    brif v5, block1(v3) count 98, block2 count 1
block2 count 1:
    v6 = call @once(v3) : (i32) -> i32
    return v6
}
function @rare(i32) -> i32 export {
block0(v0: i32) count 1:
    return v0
}
function @h(i32) -> i32 export {
block0(v0: i32) count 50:
    brif v0, block1 count 1, block2 count 49
block1 count 1:
    v1 = call @rare(v0) : (i32) -> i32
    return v1
block2 count 49:
    return v0
}
";
    let mut module = parse(text);
    assert_eq!(inline_hot_calls(&mut module), 1);
    let h = module.function("h").unwrap();
    let h_calls = h.layout.iter().flat_map(|&b| &h.blocks[b].insts).filter(|&&i| matches!(h.insts[i], InstData::Call { .. }));
    assert_eq!(h_calls.count(), 1, "{h}");
    assert_valid(&module);
    let main = module.function("main").unwrap();
    let calls: Vec<(Block, String)> = main
        .layout
        .iter()
        .flat_map(|&b| main.blocks[b].insts.iter().map(move |&i| (b, i)))
        .filter_map(|(b, i)| match &main.insts[i] {
            InstData::Call { callee: Callee::Direct(name), .. } => Some((b, name.clone())),
            _ => None,
        })
        .collect();
    let entry = main.layout[0];
    assert_eq!(calls.len(), 2, "{main}");
    assert!(calls.contains(&(entry, "g".to_string())), "{main}");
    assert!(calls.iter().any(|(_, name)| name == "once"), "{main}");
}

/// A function `@name(i32) -> i32` of `insts` instructions (a chain of
/// additions and the return), entered `count` times.
fn chain_function(name: &str, insts: usize, count: u64) -> String {
    let mut text = format!("function @{name}(i32) -> i32 export {{\nblock0(v0: i32) count {count}:\n");
    for i in 1..insts {
        text += &format!("    v{i} = iadd v{}, v0\n", i - 1);
    }
    text + &format!("    return v{}\n}}\n", insts - 1)
}

#[test]
fn large_callees_are_inlined_only_at_very_hot_sites() {
    // @mid (150 instructions) is called 1000 times from @veryhot and 50
    // times from @warm: both sites pass the 1% threshold (11), only the
    // first the 10% one (105). @huge (500 instructions) stays a call.
    let mut text = chain_function("mid", 150, 1050) + &chain_function("huge", 500, 1000);
    for (caller, count, callee) in [("veryhot", 1000, "mid"), ("warm", 50, "mid"), ("hugecaller", 1000, "huge")] {
        text += &format!(
            "function @{caller}(i32) -> i32 export {{\nblock0(v0: i32) count {count}:\n    v1 = call @{callee}(v0) : (i32) -> i32\n    return v1\n}}\n"
        );
    }
    let mut module = parse(&text);
    assert_eq!(inline_hot_calls(&mut module), 1);
    assert_valid(&module);
    let calls = |name: &str| {
        let f = module.function(name).unwrap();
        f.layout.iter().flat_map(|&b| &f.blocks[b].insts).filter(|&&i| matches!(f.insts[i], InstData::Call { .. })).count()
    };
    assert_eq!((calls("veryhot"), calls("warm"), calls("hugecaller")), (0, 1, 1));
    let mid = module.function("mid").unwrap();
    let veryhot = module.function("veryhot").unwrap();
    let value = |o: Outcome| match o {
        Outcome::Returned(Some(v)) => v,
        other => panic!("{other:?}"),
    };
    for x in [-7, 0, 3] {
        assert_eq!(value(run(veryhot, &[x], 10)), value(run(mid, &[x], 10)), "x = {x}");
    }
}

/// `@mix(n, p)`: a loop whose body is a diamond (`block2` runs 75 times
/// out of 100, and is the `else` target, so Cranelift places it right
/// after the branch and `block3` after it) joining in the latch `block4`,
/// which stores the running value to `p`; the exit `block5` is also
/// reached when the loop does not run, and returns what `p` holds.
const DIAMOND: &str = "
function @mix(i32, i64) -> i32 export {
block0(v0: i32, v40: i64) count 1:
    v1 = iconst.i32 0
    store v1, v40
    v30 = icmp sle v0, v1
    brif v30, block5 count 0, block1(v1, v1) count 1
block1(v2: i32, v3: i32) count 100:
    v4 = iconst.i32 3
    v5 = band v2, v4
    v20 = icmp eq v5, v1
    brif v20, block3 count 25, block2 count 75
block2 count 75:
    v6 = iadd v3, v2
    jump block4(v6) count 75
block3 count 25:
    v7 = isub v3, v2
    jump block4(v7) count 25
block4(v8: i32) count 100:
    store v8, v40
    v9 = iconst.i32 1
    v10 = iadd v2, v9
    v11 = icmp slt v10, v0
    brif v11, block1(v10, v8) count 99, block5 count 1
block5 count 1:
    v12 = load.i32 v40
    return v12
}
";

#[test]
fn a_hot_join_is_copied_into_its_hot_predecessor() {
    let mut module = parse(DIAMOND);
    let before = module.functions[0].clone();
    assert_eq!(duplicate_tails(&mut module.functions[0]), 1);
    assert_valid(&module);
    let func = &module.functions[0];
    let [_, _, b2, _, b4, _] = [0, 1, 2, 3, 4, 5].map(|i| func.layout[i]);
    // The hot arm now ends in the latch's branch, with the edge's share of
    // the latch's counts; the latch keeps the rest.
    let term = func.terminator(b2).unwrap();
    let InstData::Brif { then_dest, else_dest, .. } = &func.insts[term] else { panic!("a copied brif") };
    assert_eq!((then_dest.count, else_dest.count), (Some(74), Some(0)));
    assert_eq!(func.blocks[b4].count, Some(25));
    let term = func.terminator(b4).unwrap();
    let InstData::Brif { then_dest, else_dest, .. } = &func.insts[term] else { panic!("the latch's brif") };
    assert_eq!((then_dest.count, else_dest.count), (Some(25), Some(1)));
    for n in [-1, 0, 1, 2, 7, 100] {
        assert_eq!(run(func, &[n, 64], 10_000), run(&before, &[n, 64], 10_000), "n = {n}");
    }
}

#[test]
fn a_join_whose_values_are_used_elsewhere_or_that_follows_stays() {
    // The exit, reached from the latch only, reads the join's parameter
    // `v8` directly.
    let text = DIAMOND
        .replace("brif v30, block5 count 0, block1(v1, v1) count 1", "jump block1(v1, v1) count 1")
        .replace("    v12 = load.i32 v40\n    return v12", "    return v8");
    let mut module = parse(&text);
    assert_eq!(duplicate_tails(&mut module.functions[0]), 0);
    // The exit takes an argument too, so both targets of a copied branch
    // would take arguments (each edge then needs moves of its own), and the
    // exit's one predecessor would become two (critical edges).
    let text = DIAMOND
        .replace("brif v30, block5 count 0, block1(v1, v1) count 1", "jump block1(v1, v1) count 1")
        .replace("brif v11, block1(v10, v8) count 99, block5 count 1", "brif v11, block1(v10, v8) count 99, block5(v8) count 1")
        .replace("block5 count 1:\n    v12 = load.i32 v40\n    return v12", "block5(v13: i32) count 1:\n    return v13");
    let mut module = parse(&text);
    assert_eq!(duplicate_tails(&mut module.functions[0]), 0);
    // With the hot arm as the `then` target, Cranelift places the hot arm
    // right before the join, where its jump costs nothing.
    let text = DIAMOND.replace("brif v20, block3 count 25, block2 count 75", "brif v20, block2 count 75, block3 count 25");
    let mut module = parse(&text);
    assert_eq!(duplicate_tails(&mut module.functions[0]), 0);
}

/// `@shift(a, j, v)`: insertion sort's inner step (`block0` sets `a[1]`
/// to 5 and `a[2]` to `v`). `block1` loads `a[j]`
/// and compares it; `block2`, its only successor on the hot side, computes
/// the same address anew and loads `a[j]` again before storing it to
/// `a[j + 1]`. `block3` is reached from two blocks and reloads too.
const RELOAD: &str = "
function @shift(i64, i64, i32) -> i32 export {
block0(v0: i64, v1: i64, v2: i32) count 1:
    v32 = iconst.i64 4
    v33 = iadd v0, v32
    v34 = iconst.i32 5
    store v34, v33
    store v2, v33 + 4
    v30 = iconst.i32 0
    v31 = icmp eq v2, v30
    brif v31, block3 count 0, block1 count 1
block1 count 1:
    v3 = iconst.i64 4
    v4 = imul v1, v3
    v5 = iadd v0, v4
    v6 = load.i32 v5
    v7 = icmp sgt v6, v2
    brif v7, block2 count 1, block3 count 0
block2 count 1:
    v8 = iconst.i64 4
    v9 = imul v1, v8
    v10 = iadd v0, v9
    v11 = load.i32 v10
    v12 = load.i32 v10 + 4
    store v11, v10 + 4
    v13 = load.i32 v10
    v14 = iadd v11, v12
    v15 = iadd v14, v13
    return v15
block3 count 0:
    v16 = load.i32 v0
    return v16
}
";

#[test]
fn a_reload_of_what_the_only_predecessor_loaded_reuses_it() {
    let mut module = parse(RELOAD);
    let before = module.functions[0].clone();
    // Only block2's first load goes: the load at offset 4 reads another
    // address, the one after the store may read what the store wrote, and
    // block3 has two predecessors.
    assert_eq!(number_values(&mut module.functions[0]), 1);
    assert_valid(&module);
    let func = &module.functions[0];
    let loads = |block: usize| {
        func.blocks[func.layout[block]].insts.iter().filter(|&&i| matches!(func.insts[i], InstData::Load { .. })).count()
    };
    assert_eq!((loads(1), loads(2), loads(3)), (1, 2, 1));
    for v in [0, 2, 5, 7, 9] {
        let outcome = run(func, &[1000, 1, v], 100);
        assert_eq!(outcome, run(&before, &[1000, 1, v], 100), "v = {v}");
        if v < 5 && v != 0 {
            assert_eq!(outcome, Outcome::Returned(Some(5 + v + 5)), "v = {v}");
        }
    }
}

#[test]
fn a_chain_of_reloads_ends_at_the_first_load() {
    // Each block reloads `*p` after its one predecessor loaded it; the
    // middle load is both reused and replaced, and the first reads what
    // the store just wrote.
    let mut module = parse(
        "
function @chain(i64, i32) -> i32 export {
block0(v0: i64, v1: i32) count 1:
    v2 = iconst.i32 7
    store v2, v0
    v3 = load.i32 v0
    v4 = icmp sgt v3, v1
    brif v4, block1 count 1, block3 count 0
block1 count 1:
    v5 = load.i32 v0
    v6 = icmp sgt v5, v1
    brif v6, block2 count 1, block3 count 0
block2 count 1:
    v7 = load.i32 v0
    v8 = iadd v7, v5
    return v8
block3 count 0:
    return v1
}
",
    );
    let before = module.functions[0].clone();
    assert_eq!(number_values(&mut module.functions[0]), 3);
    assert_valid(&module);
    for v in [0, 6, 7, 8] {
        assert_eq!(run(&module.functions[0], &[64, v], 10), run(&before, &[64, v], 10), "v = {v}");
    }
}
