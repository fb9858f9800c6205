//! Complete peeling of hot loops with a constant trip count: a hot
//! innermost counted loop whose induction variable starts at the same
//! constant on every entry and runs to a constant bound is replaced by
//! one copy of its body per iteration, each with the induction variable
//! as a constant, so that what depends on it folds: the exit tests, the
//! `continue` of a `dy == 0 && dx == 0` neighbour, the index arithmetic.
//!
//! gcc's `-fprofile-use` turns on `-fpeel-loops`, which peels hot loops
//! completely when their trip count is a small constant; gcc's own gains
//! on the long kernels are largest there (k062's 3×3 neighbourhood ×4.1,
//! k005's eight-step bit loop). No paper of the project's collection
//! covers peeling; the transform is loop peeling taken to the whole trip
//! count (Muchnick, "Advanced Compiler Design and Implementation", §17.4.3,
//! "Loop Peeling"; Aho, Lam, Sethi and Ullman, "Compilers", §10.5, for
//! unrolling by the full trip count), and the loop's heat comes from the
//! edge profile (Ball & Larus, TOPLAS 1994, §3.2).
//!
//! A loop is peeled when it is a counted loop ([`counted_loop`]: one
//! latch testing `iv + s` against a bound), every edge entering its header
//! passes the same constant for `iv`, the bound is a constant, and the
//! trip count `T` that follows is at most [`MAX_TRIPS`]; when its header
//! ran at least [`MIN_HEADER_COUNT`] times and at least 1/[`HOT_SHARE`] as
//! often as the function's hottest block; and when the `T` copies hold at
//! most [`MAX_PEELED_INSTS`] instructions, within the function's budget of
//! [`MAX_GROWTH_INSTS`].
//!
//! **Why it is exact whatever `T` is.** The copies are peeled iterations:
//! the edges into the loop go to the first copy, copy `k`'s back edge goes
//! to copy `k + 1`, and the last copy's back edge goes to the original
//! loop, which is kept. Each copy keeps its latch test and its early exits
//! as they were, so the function computes what it computed for any trip
//! count; `T` only decides how many copies there are. With the right `T`
//! the last copy's test folds to the exit, and the original loop becomes
//! unreachable and is removed. In copy `k` the induction variable is the
//! constant `c + k s` (wrapped to its type): the value it has on every
//! execution of that copy, since copy `k` runs only after `k` back edges.
//!
//! A copy of the function is cleaned up first as after peeling, since
//! inlining passes a callee's constant arguments through a block's
//! parameters into expressions such as a start `deg - 1`; the copy
//! replaces the function only when it has a loop to peel. After peeling,
//! [`clean_up`] folds constants and branches and merges
//! the copies' straight-line blocks until nothing changes, then removes
//! dead code. A value defined in the loop and used after it is demoted
//! to a stack slot first and rebuilt into SSA by `mem2reg`, as in
//! [`super::unroll`]. The copies take `1/T` of the loop's counts each;
//! the original loop keeps none, so that it is not peeled again when its
//! last test does not fold. The next innermost loop may qualify once its
//! inner loop is peeled (k062's `dy` loop once its `dx` loop is).

use super::unroll::{counted_loop, CountedLoop, HOT_SHARE, MIN_HEADER_COUNT};
use crate::analysis::cfg::Cfg;
use crate::analysis::loops::LoopForest;
use crate::ir::{Block, Function, Inst, InstData, IntCC, Type, Value};
use crate::transform::demote::{demote_values, values_used_outside};
use crate::transform::fold_constants::compare;
use crate::transform::{eliminate_dead_code, fold_constants, mem2reg, simplify_cfg};
use std::collections::HashMap;

/// The largest trip count peeled.
pub const MAX_TRIPS: u64 = 16;

/// The most instructions the copies of one loop may hold.
pub const MAX_PEELED_INSTS: usize = 240;

/// The copies may add at most this many instructions to a function.
pub const MAX_GROWTH_INSTS: usize = 600;

/// A loop that [`peel`] may transform.
#[derive(Clone, Debug)]
struct Candidate {
    shape: CountedLoop,
    /// The constant the induction variable starts at.
    start: i64,
    trips: u64,
    body_insts: usize,
}

/// Peels the hot constant-trip-count loops of annotated `func` completely
/// (see the module comment); returns how many loops it peeled.
pub fn peel_constant_loops(func: &mut Function) -> usize {
    // Inlining passes a callee's arguments to the parameters of the
    // block that starts its copy, and leaves them in expressions (`deg -
    // 1` of `horner(c, 15, x)`): merged and folded, they may give a loop
    // a constant start or bound. A function with no loop to peel even
    // then is left as it was: the clean-up alone changed other
    // transforms' and the register allocator's choices (k031 +6.6%).
    let mut cleaned = func.clone();
    clean_up(&mut cleaned);
    if find_candidate(&cleaned, MAX_GROWTH_INSTS).is_none() {
        return 0;
    }
    *func = cleaned;
    let mut budget = MAX_GROWTH_INSTS;
    let mut peeled = 0;
    while let Some(candidate) = find_candidate(func, budget) {
        budget -= candidate.trips as usize * candidate.body_insts;
        let escaping = values_used_outside(func, &candidate.shape.blocks);
        demote_values(func, &escaping, &candidate.shape.blocks);
        peel(func, &candidate);
        if !escaping.is_empty() {
            mem2reg(func);
        }
        clean_up(func);
        peeled += 1;
    }
    peeled
}

/// The first loop of `func` to peel within `budget` added instructions.
fn find_candidate(func: &Function, budget: usize) -> Option<Candidate> {
    let cfg = Cfg::compute(func);
    let forest = LoopForest::compute(&cfg);
    let hottest = func.layout.iter().filter_map(|&b| func.blocks[b].count).max().unwrap_or(0);
    let found = forest.natural_loops().find_map(|lp| {
        let shape = counted_loop(func, &forest, lp)?;
        candidate(func, &cfg, shape, hottest, budget)
    });
    found
}

/// `shape`, if it is hot, starts and ends at constants, and its copies fit
/// in `budget`.
fn candidate(func: &Function, cfg: &Cfg, shape: CountedLoop, hottest: u64, budget: usize) -> Option<Candidate> {
    let header_count = func.blocks[shape.header].count?;
    if header_count < MIN_HEADER_COUNT || header_count.saturating_mul(HOT_SHARE) < hottest {
        return None;
    }
    let bound = func.constant_value(shape.bound)?;
    let mut starts = cfg
        .preds(shape.header)
        .iter()
        .map(|&edge| cfg.edge(edge))
        .filter(|e| !shape.blocks.contains(&e.from))
        .map(|e| func.constant_value(func.successor_slot(e.branch, e.slot as usize).args[shape.iv]));
    let start = starts.next()??;
    if !starts.all(|s| s == Some(start)) {
        return None;
    }
    let ty = func.value_type(func.blocks[shape.header].params[shape.iv]);
    let trips = trip_count(start, shape.step, shape.continue_cc, bound, ty)?;
    let body_insts: usize = shape.blocks.iter().map(|&b| func.blocks[b].insts.len()).sum();
    let size = trips as usize * body_insts;
    (size <= MAX_PEELED_INSTS && size <= budget).then_some(Candidate { shape, start, trips, body_insts })
}

/// How many times a bottom-tested loop runs its body when its induction
/// variable of type `ty` starts at `start`, steps by `step`, and the loop
/// continues while `iv + step CC bound`; `None` above [`MAX_TRIPS`].
fn trip_count(start: i64, step: i64, cc: IntCC, bound: i64, ty: Type) -> Option<u64> {
    let mut iv = ty.canonical_imm(start);
    for trips in 1..=MAX_TRIPS {
        let next = ty.canonical_imm(iv.wrapping_add(step));
        if !compare(cc, next, bound, ty) {
            return Some(trips);
        }
        iv = next;
    }
    None
}

/// Peels `c`'s loop `c.trips` times in front of itself.
fn peel(func: &mut Function, c: &Candidate) {
    let shape = &c.shape;
    let trips = c.trips;
    let latch_term = func.terminator(shape.latch).expect("the latch ends in a brif");
    // The edges into the loop, found before the copies add edges to it.
    let cfg = Cfg::compute(func);
    let entries: Vec<(Inst, usize)> = cfg
        .preds(shape.header)
        .iter()
        .map(|&edge| cfg.edge(edge))
        .filter(|e| !shape.blocks.contains(&e.from))
        .map(|e| (e.branch, e.slot as usize))
        .collect();
    let copies: Vec<HashMap<Block, Block>> =
        (0..trips).map(|_| shape.blocks.iter().map(|&b| (b, func.create_block())).collect()).collect();
    let share = |n: u64| n / trips;

    // Every copy's blocks take the parameters of the originals, except
    // the header's induction variable, which is a constant in each copy.
    let mut maps: Vec<HashMap<Value, Value>> = Vec::with_capacity(copies.len());
    for (k, blocks) in copies.iter().enumerate() {
        let mut values = HashMap::new();
        for &block in &shape.blocks {
            let copy = blocks[&block];
            func.blocks[copy].count = func.blocks[block].count.map(share);
            for (index, p) in func.blocks[block].params.clone().into_iter().enumerate() {
                let ty = func.value_type(p);
                values.insert(p, func.append_block_param(copy, ty));
                if block == shape.header && index == shape.iv {
                    let iv = ty.canonical_imm(c.start.wrapping_add((k as i64).wrapping_mul(shape.step)));
                    values.insert(p, func.append_value(copy, InstData::Iconst { imm: iv }, ty));
                }
            }
        }
        maps.push(values);
    }
    for (k, blocks) in copies.iter().enumerate() {
        for &block in &shape.blocks {
            let copy = blocks[&block];
            for inst in func.blocks[block].insts.clone() {
                let mut data = func.insts[inst].clone();
                data.map_uses(|v| maps[k].get(&v).copied().unwrap_or(v));
                for target in data.successors_mut() {
                    target.count = target.count.map(share);
                    if let Some(&b) = blocks.get(&target.block) {
                        target.block = b;
                    }
                }
                if inst == latch_term {
                    // The back edge goes on to the next copy, or from the
                    // last copy into the original loop.
                    let back = data.successors_mut().into_iter().nth(shape.back_slot).expect("the back edge's slot");
                    back.block = copies.get(k + 1).map_or(shape.header, |next| next[&shape.header]);
                }
                let new = func.append_copy(copy, inst, data);
                if let (Some(old), Some(new)) = (func.inst_result(inst), func.inst_result(new)) {
                    maps[k].insert(old, new);
                }
            }
        }
    }
    // The blocks are copied in reverse postorder, in which a value's
    // definition, which dominates its uses, comes before them: every use
    // finds its copy mapped.

    // The edges into the loop enter the first copy; the original loop
    // keeps no count, since it runs only if the last test does not fold.
    let first = copies[0][&shape.header];
    for (branch, slot) in entries {
        func.successor_slot_mut(branch, slot).block = first;
    }
    for &block in &shape.blocks {
        func.blocks[block].count = Some(0);
        if let Some(term) = func.terminator(block) {
            for target in func.insts[term].successors_mut() {
                target.count = Some(0);
            }
        }
    }
}

/// Folds the peeled copies' constants and branches and merges their
/// blocks until nothing changes, then removes what is dead.
fn clean_up(func: &mut Function) {
    for _ in 0..8 {
        let folded = fold_constants(func);
        let simplified = simplify_cfg(func);
        if folded == 0 && !simplified {
            break;
        }
    }
    eliminate_dead_code(func);
}
