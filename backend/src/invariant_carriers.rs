//! Loop-invariant values that Cranelift would recompute on every
//! iteration are carried through their loop's header as a parameter
//! instead (issue 20).
//!
//! Cranelift 0.135's e-graph marks an `iadd`, `isub`, `band`, `bor` or
//! `bxor` with a constant operand, and a `bnot`, for rematerialization
//! (`opts/remat.isle`), and its elaborator (`egraph/elaborate.rs`,
//! `maybe_remat_arg`) copies such a value into every block that uses it
//! other than its own. Remat is meant to save a register, but a block in a
//! loop runs on every iteration, so a loop bound computed before the loop
//! as `n + 1`, or an index base `i - 1` of an outer loop, costs an
//! instruction per iteration of the loop that uses it: in
//! k106_prime_sieve's inner loop, `lea 1(%r13), %rax` recomputes `half`
//! before each compare, where gcc compares with a register.
//!
//! So each such value defined outside a natural loop and used inside it
//! becomes a parameter `p` of the loop's header: the edges entering the
//! loop pass the value, and every back edge passes `iadd p, 0`. Cranelift's
//! `remove_constant_phis`, which runs before the e-graph, sees two
//! different incoming values and keeps the parameter; the e-graph then
//! folds `iadd p, 0` to `p`, so the back edges pass the parameter to itself
//! and the register allocator keeps it in one register with no move. Uses
//! inside the loop (nested loops included) read `p`, which is not a
//! rematerialization candidate. The outermost loop that uses a value
//! carries it; loops nested in it see the parameter. At most
//! [`MAX_CARRIED`] values per loop, so that register pressure does not
//! turn saved instructions into spills.
//!
//! A second rule (`call-split-carriers`) carries values for the register
//! allocator's sake. A value used in a loop and live across a call after
//! it, such as a buffer that `malloc` returned, filled in a loop and then
//! passed to other functions, has one live range from its definition to
//! its last use, and the call forces that range into a callee-saved
//! register or apart. regalloc2 (Cranelift's allocator) splits it, and the
//! split may land inside the loop: k001's `main` moved `buf` from `%r8` to
//! `%r15` in the loop body and back on the back edge, three instructions
//! per iteration counting the jump the move needs. Carried, the value is
//! the loop's own header parameter, a separate live range that spans only
//! the loop, which is live-range splitting at the loop's boundary (Cooper
//! and Torczon, "Engineering a Compiler", §13.4.3, splitting around
//! loops); the range outside keeps its register across the call. The rule
//! applies to a non-constant integer (parameters of the function
//! included) that is live across a call in a block the loop's exits lead
//! to ([`value_liveness`](crate::value_liveness)), and only when neither
//! the loop nor any loop around it calls a function: there the carried
//! copy would also have to survive calls, which only adds pressure
//! (k143's determinant, whose copy loop sits in a loop that recurses,
//! lost 3.4% with it; measured in docs/measurements.md).

use nissecc_midend::analysis::loops::{Loop, LoopForest};
use nissecc_midend::analysis::remat::is_rematerialized;
use nissecc_midend::analysis::Cfg;
use nissecc_midend::ir::{BinaryOp, Block, Function, InstData, Module, Type, Value, ValueDef};
use crate::builtins::is_machine_call;
use crate::value_liveness::live_across_call;
use std::collections::HashSet;

/// The most values one loop carries.
pub(crate) const MAX_CARRIED: usize = 4;

/// The most blocks, summed over the liveness queries of
/// `call-split-carriers`, that one function's queries may walk. Each query
/// walks the whole function, and a function has a query per value a loop
/// reads from outside, so a generated function of 2,000 loops, each
/// followed by a `printf`, spent 29 s in them. Past the budget the rule
/// stops applying (the code stays correct); a function of 1,000 blocks
/// still gets 1,000 queries.
const MAX_LIVENESS_BLOCKS: usize = 1_000_000;

/// `func` with the loop-invariant values that Cranelift would
/// rematerialize in its loops, and those a call would split (see the
/// module comment), carried through their headers, or `None` when there
/// are none.
pub(crate) fn carry_loop_invariants(module: &Module, func: &Function) -> Option<Function> {
    let carry_split_values = nissecc_midend::pipeline::enabled("call-split-carriers");
    let cfg = Cfg::compute(func);
    let loops = LoopForest::compute(&cfg);
    let mut carried_any = false;
    let mut liveness_budget = MAX_LIVENESS_BLOCKS;
    let mut copy = func.clone();
    for lp in loops.natural_loops() {
        let data = loops.data(lp);
        let inside: HashSet<_> = data.blocks.iter().copied().collect();
        let after = blocks_after(&cfg, &inside);
        let calls = |l: Loop| loops.data(l).blocks.iter().any(|&b| copy.blocks[b].insts.iter().any(|&i| is_machine_call(module, &copy, i)));
        let calls_around = std::iter::successors(Some(lp), |&l| loops.data(l).parent).any(calls);
        let mut carried: Vec<Value> = Vec::new();
        for &block in &data.blocks {
            for &inst in &copy.blocks[block].insts {
                for v in copy.insts[inst].all_uses() {
                    let defined_outside = match copy.values[v].def {
                        ValueDef::Result(def) => copy.block_of(def).is_some_and(|b| !inside.contains(&b)),
                        ValueDef::Param(b, _) => !inside.contains(&b),
                    };
                    let mut wanted = || {
                        matches!(copy.values[v].def, ValueDef::Result(_)) && is_rematerialized(&copy, v)
                            || !calls_around
                                && carry_split_values
                                && spend(&mut liveness_budget, cfg.blocks().len())
                                && is_split_by_a_call(module, &copy, &cfg, &after, v)
                    };
                    if defined_outside && !carried.contains(&v) && carried.len() < MAX_CARRIED && wanted() {
                        carried.push(v);
                    }
                }
            }
        }
        for &v in &carried {
            carry(&mut copy, &cfg, data.header, &inside, v);
        }
        carried_any |= !carried.is_empty();
    }
    carried_any.then_some(copy)
}

/// Takes `cost` from `budget`; false, leaving it, when it has less.
fn spend(budget: &mut usize, cost: usize) -> bool {
    match budget.checked_sub(cost) {
        Some(rest) => {
            *budget = rest;
            true
        }
        None => false,
    }
}

/// True when `v`, an integer that is not a constant, is live across a
/// call in one of the blocks `after` a loop: see the module comment.
fn is_split_by_a_call(module: &Module, func: &Function, cfg: &Cfg, after: &HashSet<Block>, v: Value) -> bool {
    matches!(func.value_type(v), Type::I8 | Type::I16 | Type::I32 | Type::I64)
        && func.constant_value(v).is_none()
        && live_across_call(func, cfg, v, |b| after.contains(&b), |i| is_machine_call(module, func, i))
}

/// The blocks outside a loop, whose blocks are `inside`, that its exits
/// lead to.
fn blocks_after(cfg: &Cfg, inside: &HashSet<Block>) -> HashSet<Block> {
    let mut after = HashSet::new();
    let mut work: Vec<Block> = inside.iter().flat_map(|&b| cfg.succ_blocks(b)).filter(|s| !inside.contains(s)).collect();
    while let Some(block) = work.pop() {
        if !inside.contains(&block) && after.insert(block) {
            work.extend(cfg.succ_blocks(block));
        }
    }
    after
}

/// Makes `v` a parameter of the loop headed by `header`, whose blocks are
/// `inside`: see the module comment. `cfg` is that of the function before
/// any value was carried, whose edges are still the function's.
fn carry(func: &mut Function, cfg: &Cfg, header: Block, inside: &HashSet<Block>, v: Value) {
    let ty = func.value_type(v);
    let param = func.append_block_param(header, ty);
    for &block in inside {
        for &inst in &func.blocks[block].insts.clone() {
            func.insts[inst].map_uses(|u| if u == v { param } else { u });
        }
    }
    for &edge in cfg.preds(header) {
        let e = *cfg.edge(edge);
        let arg = if inside.contains(&e.from) {
            let zero = func.insert_before_terminator(e.from, InstData::Iconst { imm: 0 }, ty);
            func.insert_before_terminator(e.from, InstData::Binary { op: BinaryOp::Iadd, args: [param, zero] }, ty)
        } else {
            v
        };
        func.successor_slot_mut(e.branch, e.slot as usize).args.push(arg);
    }
    debug_assert!(matches!(ty, Type::I8 | Type::I16 | Type::I32 | Type::I64));
}

#[cfg(test)]
mod tests {
    use super::*;
    use nissecc_midend::ir::Module;
    use nissecc_midend::text::parse_module;

    /// `for (i = 0; i < n + 1; i++) sum += i & 7;` with `n + 1` computed
    /// before the loop, and a nested loop reading `n - 1`.
    const LOOPS: &str = "
function @f(i64) -> i64 export {
block0(v0: i64):
    v1 = iconst.i64 1
    v2 = iadd v0, v1
    v3 = isub v0, v1
    v4 = iconst.i64 0
    jump block1(v4, v4)
block1(v5: i64, v6: i64):
    v7 = icmp slt v5, v2
    brif v7, block2(v4), block4
block2(v8: i64):
    v9 = icmp slt v8, v3
    v10 = iadd v8, v1
    brif v9, block2(v10), block3
block3:
    v11 = iconst.i64 7
    v12 = band v5, v11
    v13 = iadd v6, v12
    v14 = iadd v5, v1
    jump block1(v14, v13)
block4:
    return v6
}
";

    fn function() -> (Module, Function) {
        let module = parse_module(LOOPS).expect("the test IR parses");
        let func = module.functions[0].clone();
        (module, func)
    }

    #[test]
    fn invariants_used_in_a_loop_become_header_parameters() {
        let (mut module, func) = function();
        let carried = carry_loop_invariants(&module, &func).expect("the bounds are carried");
        let header = carried.layout[1];
        // The outer loop carries `n + 1` and `n - 1` (which its inner loop
        // reads); `v5 & 7` and `i + 1` are computed in the loop.
        assert_eq!(carried.blocks[header].params.len(), 4, "{carried}");
        let text = carried.to_string();
        assert!(text.contains("icmp slt v5, v15"), "{text}");
        assert!(text.contains("icmp slt v8, v18"), "{text}");
        assert!(text.contains("v17 = iadd v15, v16") && text.contains("jump block1(v14, v13, v17, v20)"), "{text}");
        // The entry passes the values, the back edge `iadd p, 0`.
        assert!(text.contains("jump block1(v4, v4, v2, v3)"), "{text}");
        module.functions[0] = carried;
        nissecc_midend::verifier::verify_function(&module.functions[0], &module).expect("the carried function verifies");
    }

    #[test]
    fn a_function_without_such_values_is_left_alone() {
        let (module, func) = function();
        let mut plain = func.clone();
        // Bounds that Cranelift does not rematerialize: parameters.
        nissecc_midend::transform::edit::replace_uses(&mut plain, |v| if v.as_u32() == 2 || v.as_u32() == 3 { nissecc_midend::ir::Value::from_u32(0) } else { v });
        assert!(carry_loop_invariants(&module, &plain).is_none());
    }

    use crate::value_liveness::tests::FILLED_BUFFER;

    #[test]
    fn a_value_live_across_a_call_after_the_loop_is_carried() {
        let mut module = parse_module(FILLED_BUFFER).expect("the test IR parses");
        let carried = carry_loop_invariants(&module, &module.functions[0]).expect("buf is carried");
        let text = carried.to_string();
        // The loop reads its own parameter; the calls still read v0. The
        // bound v1 dies in the loop and stays as it is.
        assert_eq!(carried.blocks[carried.layout[1]].params.len(), 2, "{text}");
        assert!(text.contains("block1(v3: i64, v10: i64)") && text.contains("v4 = iadd v10, v3"), "{text}");
        assert!(text.contains("jump block1(v2, v0)") && text.contains("call @f(v0)") && text.contains("call @g(v0)"), "{text}");
        assert!(text.contains("v7 = icmp ult v6, v1"), "{text}");
        module.functions[0] = carried;
        nissecc_midend::verifier::verify_function(&module.functions[0], &module).expect("the carried function verifies");
    }

    #[test]
    fn a_loop_that_calls_does_not_carry_for_calls() {
        // The same buffer, but the loop itself calls: a carried copy would
        // need a callee-saved register of its own.
        let text = FILLED_BUFFER.replace("    store v3, v4\n", "    store v3, v4\n    v20 = call @h(v4) : (i64) -> i64\n");
        let module = parse_module(&text).expect("the test IR parses");
        assert!(carry_loop_invariants(&module, &module.functions[0]).is_none());
        // Nor when the value is read after the loop but no call follows.
        let text = FILLED_BUFFER.replace("v8 = call @f(v0) : (i64) -> i64\n    v9 = call @g(v0) : (i64) -> i64\n    return v9", "return v0");
        let module = parse_module(&text).expect("the test IR parses");
        assert!(carry_loop_invariants(&module, &module.functions[0]).is_none());
    }
}
