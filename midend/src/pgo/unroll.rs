//! Profile-guided unrolling of hot counted loops: the body of a hot
//! innermost loop whose latch tests an induction variable against a
//! loop-invariant bound is copied `U` times, and a guard computed once per
//! `U` iterations proves that the `U - 1` latch tests in between would all
//! succeed, so the copies run straight through without them. gcc's
//! `-fprofile-use` turns on `-funroll-loops` for the same reason. No paper
//! of the project's collection covers unrolling, so no section is cited;
//! the guarded form with the original loop kept as the remainder loop is
//! that of J. W. Davidson and S. Jinturkar, "Aggressive Loop Unrolling in a
//! Retargetable, Optimizing Compiler", CC 1996 (unrolling loops whose trip
//! count is known only at run time), and the trip count comes from the
//! edge profile (Ball & Larus, TOPLAS 1994, §3.2, for how the counts are
//! recovered).
//!
//! A loop is unrolled when
//! - it is a natural innermost loop, not headed by the entry, with one
//!   latch ending in `brif c, H(args), X(args)` (either way round) where
//!   `H` is the header and `X` is outside the loop;
//! - `c` is `icmp CC a, b` (or `icmp CC b, a`) where `a` is `iadd p, s` or
//!   `isub p, -s` with `p` a parameter of `H` and `s` an `iconst`, the
//!   back edge passes an equal expression for `p`, and `b` is defined
//!   outside the loop or is an `iconst`;
//! - the condition under which the loop *continues* is, for `s > 0`, one of
//!   `slt ult sle ule` (or `ne` when `s == 1`), and for `s < 0` one of `sgt
//!   ugt sge uge` (or `ne` when `s == -1`);
//! - the header ran at least [`MIN_HEADER_COUNT`] times and at least
//!   1/[`HOT_SHARE`] as often as the function's hottest block, its average
//!   trip count is at least [`MIN_TRIPS`] and `TRIPS_PER_FACTOR * U`, the
//!   `U` copies hold at most [`MAX_UNROLLED_INSTS`] instructions, and a
//!   body with an inner join is not copied only twice.
//!
//! The transform keeps the loop as it was, as the remainder loop, except
//! that its back edge goes to a new guard block `G` with the header's
//! parameters. `G` is entered only after a latch test `p CC b` succeeded,
//! so `d = b - p` (for `s > 0`; `p - b` for `s < 0`), computed modulo
//! `2^bits`, is read as an unsigned number the exact distance from `p` to
//! the bound: for `slt`, `p < b` gives `0 < b - p < 2^bits`; for `ult` the
//! same with unsigned numbers; for `ne` the distance is the number of steps
//! of one, wrapping around, until `p` equals `b`. The next `U - 1` latch
//! tests compare `p + k s` for `k = 1 .. U - 1`; each holds exactly when
//! `k |s| < d` (strict conditions and `ne`) or `k |s| <= d` (`sle ule sge
//! uge`), and then `p + k s` does not wrap, because it lies between `p` and
//! `b`. So all of them hold exactly when `d >u (U - 1) |s|` (or `>=u`);
//! `(U - 1) |s|` is kept below `2^(bits - 1)`. For the ordered conditions
//! the same test is `p < b - K` (`p > b + K` counting down; `K = (U - 1)
//! |s|`, and `K - 1` with `<` for the non-strict conditions), and `G`
//! computes that limit once (saturated at the type's extreme, which no `p`
//! passes, where `b ∓ K` would wrap; see [`room_limit`]). If there is
//! room, `G` runs the `U` copies, whose first `U - 1` latches jump to the
//! next copy; the last copy tests the room for another `U` iterations
//! against the same limit and loops straight back to the first copy, so
//! the hot cycle makes one comparison per `U` iterations; when there is no
//! room, a block of its own makes the original latch test and continues
//! in the original loop (the remainder) or leaves. If `G` finds no room,
//! it runs one more iteration of the original loop. Early exits of the
//! body stay in every copy. For `ne` the room test is the distance test
//! itself (`isub` and `icmp`).
//!
//! A value defined in the loop and used after it would no longer dominate
//! its uses once the loop has copies: each such value is stored to a new
//! stack slot after its definition (in the loop and so in every copy) and
//! loaded at each use outside (`transform::demote`), and `transform::mem2reg`
//! turns the slots back into block parameters.
//!
//! The counts of the loop are split between the original (which runs the
//! first iteration of every entry and the remainder) and the copies, so
//! that branch orientation, which runs after, still sees the hot paths.

use crate::analysis::cfg::Cfg;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{BinaryOp, Block, BlockCall, Function, InstData, IntCC, Type, UnaryOp, Value, ValueDef};
use crate::transform::demote::{demote_values, values_used_outside};
use crate::transform::mem2reg;
use std::collections::{HashMap, HashSet};

/// A loop is unrolled only if its header ran at least 1/`HOT_SHARE` as
/// often as the function's hottest block.
pub const HOT_SHARE: u64 = 8;

/// The largest number of instructions the `U` copies of a body may hold.
pub const MAX_UNROLLED_INSTS: usize = 80;

/// The smallest average trip count of a loop that is unrolled: the first
/// iteration of each entry and the remainder run in the original loop, and
/// each of them passes the guard too, so short loops lose (k111's 8-trip
/// loop −1.2%, k117's 4-trip loop −9.2% at factor 2).
pub const MIN_TRIPS: u64 = 16;

/// A factor `U` is used only for loops whose average trip count is at
/// least `TRIPS_PER_FACTOR * U`.
pub const TRIPS_PER_FACTOR: u64 = 4;

/// The fewest times the header must have run: a loop that ran less can
/// gain little, while its copies change register allocation around the
/// rest of the function (k131's 25-iteration initialisation loop in
/// `main`, hot in the small training input, cost the other input 8.7%).
pub const MIN_HEADER_COUNT: u64 = 100;

/// The unrolling factors tried, largest first.
pub const FACTORS: [usize; 3] = [8, 4, 2];

/// The copies may add at most this many instructions to a function.
pub const MAX_GROWTH_INSTS: usize = 240;

/// Unrolls the hot counted innermost loops of annotated `func`; returns
/// how many loops were unrolled.
pub fn unroll_hot_loops(func: &mut Function) -> usize {
    let mut budget = MAX_GROWTH_INSTS;
    let mut seen: HashSet<Block> = HashSet::new();
    let mut unrolled = 0;
    loop {
        let cfg = Cfg::compute(func);
        let forest = LoopForest::compute(&cfg);
        let hottest = func.layout.iter().filter_map(|&b| func.blocks[b].count).max().unwrap_or(0);
        let mut found = None;
        for lp in forest.natural_loops() {
            if seen.insert(forest[lp].header) {
                found = candidate(func, &forest, lp, hottest, budget);
                if found.is_some() {
                    break;
                }
            }
        }
        let Some(candidate) = found else { break };
        budget -= candidate.growth();
        let escaping = values_used_outside(func, &candidate.blocks);
        demote_values(func, &escaping, &candidate.blocks);
        let created = unroll(func, &candidate);
        seen.extend(created);
        if !escaping.is_empty() {
            mem2reg(func);
        }
        unrolled += 1;
    }
    unrolled
}

/// A loop that [`unroll`] may transform, with what it needs to know.
#[derive(Clone, Debug)]
struct Candidate {
    header: Block,
    latch: Block,
    /// The loop's blocks, header first, in reverse postorder.
    blocks: Vec<Block>,
    /// The successor slot of the latch's `brif` that targets the header.
    back_slot: usize,
    /// The index of the induction variable among the header's parameters.
    iv: usize,
    step: i64,
    /// The condition `iv CC bound` under which the loop continues.
    continue_cc: IntCC,
    bound: Value,
    factor: usize,
    body_insts: usize,
    /// The header's count and the count of its entries from outside.
    header_count: u64,
    entries: u64,
}

impl Candidate {
    /// The instructions the copies and the guard add.
    fn growth(&self) -> usize {
        self.factor * self.body_insts + 4
    }
}

/// The shape of a counted innermost loop: one latch ending in `brif c,
/// H(args), X(args)` (either way round) to its header `H` and a block `X`
/// outside, where `c` compares a step `iv + step` of a header parameter,
/// which the back edge passes, with a loop-invariant bound (see the module
/// comment for the conditions).
#[derive(Clone, Debug)]
pub(crate) struct CountedLoop {
    pub header: Block,
    pub latch: Block,
    /// The loop's blocks, header first, in reverse postorder.
    pub blocks: Vec<Block>,
    /// The successor slot of the latch's `brif` that targets the header.
    pub back_slot: usize,
    /// The index of the induction variable among the header's parameters.
    pub iv: usize,
    pub step: i64,
    /// The condition `iv CC bound` under which the loop continues.
    pub continue_cc: IntCC,
    pub bound: Value,
}

/// The loop `lp` as a [`CountedLoop`], if it is one, is innermost and is
/// not headed by the entry block.
pub(crate) fn counted_loop(func: &Function, forest: &LoopForest, lp: Loop) -> Option<CountedLoop> {
    let data = &forest[lp];
    let header = data.header;
    if !data.children.is_empty() || data.latches.len() != 1 || data.back_edges.len() != 1 || Some(header) == func.entry() {
        return None;
    }
    let latch = data.latches[0];
    let term = func.terminator(latch)?;
    let InstData::Brif { cond, then_dest, else_dest } = &func.insts[term] else { return None };
    let in_loop = |b: Block| forest.contains(lp, b);
    let (back_slot, back, exit) = if then_dest.block == header { (0, then_dest, else_dest) } else { (1, else_dest, then_dest) };
    if back.block != header || in_loop(exit.block) {
        return None;
    }
    let ValueDef::Result(cmp) = func.values[*cond].def else { return None };
    let InstData::Icmp { cond: cc, args: [x, y] } = func.insts[cmp] else { return None };
    let params = &func.blocks[header].params;
    let (iv, step, bound, cc) = match (iv_step(func, params, x), iv_step(func, params, y)) {
        (Some((iv, step)), None) => (iv, step, y, cc),
        (None, Some((iv, step))) => (iv, step, x, cc.swapped()),
        _ => return None,
    };
    if iv_step(func, params, back.args[iv]) != Some((iv, step)) {
        return None;
    }
    let continue_cc = if back_slot == 0 { cc } else { cc.inverse() };
    let allowed = match continue_cc {
        IntCC::Slt | IntCC::Ult | IntCC::Sle | IntCC::Ule => step > 0,
        IntCC::Sgt | IntCC::Ugt | IntCC::Sge | IntCC::Uge => step < 0,
        IntCC::Ne => step == 1 || step == -1,
        IntCC::Eq => false,
    };
    let invariant = func.constant_value(bound).is_some()
        || match func.values[bound].def {
            ValueDef::Param(block, _) => !in_loop(block),
            ValueDef::Result(inst) => func.block_of(inst).is_some_and(|b| !in_loop(b)),
        };
    (allowed && invariant).then(|| CountedLoop { header, latch, blocks: data.blocks.clone(), back_slot, iv, step, continue_cc, bound })
}

/// The loop `lp`, if it should and can be unrolled within `budget` added
/// instructions.
fn candidate(func: &Function, forest: &LoopForest, lp: Loop, hottest: u64, budget: usize) -> Option<Candidate> {
    let CountedLoop { header, latch, blocks, back_slot, iv, step, continue_cc, bound } = counted_loop(func, forest, lp)?;
    let header_count = func.blocks[header].count?;
    if header_count == 0 || header_count.saturating_mul(HOT_SHARE) < hottest {
        return None;
    }
    let term = func.terminator(latch)?;
    let back = func.successor_slot(term, back_slot);
    let entries = header_count.saturating_sub(back.count?);
    let trips = header_count / entries.max(1);
    let body_insts: usize = blocks.iter().map(|&b| func.blocks[b].insts.len()).sum();
    let factor = FACTORS
        .into_iter()
        .find(|&u| {
            u * body_insts <= MAX_UNROLLED_INSTS && trips >= TRIPS_PER_FACTOR * u as u64 && u * body_insts + 4 <= budget
        })?;
    // Two copies of a body with an inner join save one test per two
    // iterations and cost the join's moves twice (k050 −13.6%).
    let inner_join = blocks.iter().any(|&b| b != header && !func.blocks[b].params.is_empty());
    if trips < MIN_TRIPS || header_count < MIN_HEADER_COUNT || factor == 2 && inner_join {
        return None;
    }
    let bits = func.value_type(func.blocks[header].params[iv]).bits();
    let span = (factor as u128 - 1) * step.unsigned_abs() as u128;
    if span >= 1u128 << (bits - 1) {
        return None;
    }
    Some(Candidate { header, latch, blocks, back_slot, iv, step, continue_cc, bound, factor, body_insts, header_count, entries })
}

/// `(i, s)` when `v` is `iadd p, s`, `iadd s, p` or `isub p, -s` with `p`
/// the `i`-th of `params` and `s` a non-zero constant.
fn iv_step(func: &Function, params: &[Value], v: Value) -> Option<(usize, i64)> {
    let (base, step) = func.constant_offset(v)?;
    let index = params.iter().position(|&p| p == base)?;
    (step != 0).then_some((index, step))
}

/// Unrolls `c`'s loop by its factor; returns the blocks it created.
fn unroll(func: &mut Function, c: &Candidate) -> Vec<Block> {
    let u = c.factor as u64;
    // The original runs each entry's first iteration and, on average,
    // half of the last `U` iterations; the copies share the rest.
    let per_entry = c.header_count as f64 / c.entries.max(1) as f64;
    let original_share = ((1.0 + (u as f64 - 1.0) / 2.0) / per_entry).min(1.0);
    let original_scale = Scale(original_share);
    let copy_scale = Scale((1.0 - original_share) / u as f64);
    let copy_header_count = copy_scale.of(c.header_count);
    let into_copies = c.entries.min(copy_header_count);

    let header_params = func.blocks[c.header].params.clone();
    let header_types: Vec<Type> = header_params.iter().map(|&p| func.value_type(p)).collect();
    let guard = func.create_block();
    let guard_params: Vec<Value> = header_types.iter().map(|&ty| func.append_block_param(guard, ty)).collect();
    let latch_term = func.terminator(c.latch).expect("the latch ends in a brif");
    let copies: Vec<HashMap<Block, Block>> =
        (0..c.factor).map(|_| c.blocks.iter().map(|&b| (b, func.create_block())).collect()).collect();
    let first = copies[0][&c.header];
    let first_params: Vec<Value> = header_types.iter().map(|&ty| func.append_block_param(first, ty)).collect();
    let test = func.create_block();
    let mut created = vec![guard, test];
    created.extend(copies.iter().flat_map(|blocks| c.blocks.iter().map(|b| blocks[b])));

    // The guard tests whether `U` more iterations fit before the bound.
    // Computing the limit in a preheader instead, once per entry, cost
    // k130 5.9% and k117 2.7% more (a block and moves per entry).
    let limit = room_limit(func, guard, c);
    let room = room_test(func, guard, c, guard_params[c.iv], limit);
    func.blocks[guard].count = func.successor_slot(latch_term, c.back_slot).count.map(|n| original_scale.of(n));
    let guard_count = func.blocks[guard].count;
    func.append_inst(
        guard,
        InstData::Brif {
            cond: room,
            then_dest: BlockCall { block: first, args: guard_params.clone(), count: guard_count.map(|_| into_copies) },
            else_dest: BlockCall {
                block: c.header,
                args: guard_params,
                count: guard_count.map(|n| n.saturating_sub(into_copies)),
            },
        },
        None,
    );

    // The copies, first to last. The first copy's header takes the
    // parameters the guard and the last copy pass; the others take the
    // values the previous copy computed.
    let mut incoming = first_params;
    for (k, blocks) in copies.iter().enumerate() {
        let last = k + 1 == c.factor;
        let mut values: HashMap<Value, Value> = header_params.iter().copied().zip(incoming.clone()).collect();
        for &block in &c.blocks {
            let copy = blocks[&block];
            func.blocks[copy].count = func.blocks[block].count.map(|n| copy_scale.of(n));
            if block != c.header {
                for p in func.blocks[block].params.clone() {
                    let ty = func.value_type(p);
                    values.insert(p, func.append_block_param(copy, ty));
                }
            }
        }
        for &block in &c.blocks {
            let copy = blocks[&block];
            for inst in func.blocks[block].insts.clone() {
                let mut data = func.insts[inst].clone();
                data.map_uses(|v| values.get(&v).copied().unwrap_or(v));
                for target in data.successors_mut() {
                    target.count = target.count.map(|n| copy_scale.of(n));
                    if let Some(&b) = blocks.get(&target.block) {
                        target.block = b;
                    }
                }
                if inst == latch_term {
                    let back = data.successors_mut().into_iter().nth(c.back_slot).expect("the back edge's slot");
                    back.block = c.header;
                    let args = back.args.clone();
                    if last {
                        // The last copy continues with the first when
                        // another `U` iterations fit, and otherwise makes
                        // the original test in a block of its own, which
                        // goes on in the remainder loop or leaves.
                        let room = match shifted_room_test(func, copy, c, args[c.iv]) {
                            Some(room) => room,
                            None => room_test(func, copy, c, args[c.iv], limit),
                        };
                        let back_count = copy_header_count.saturating_sub(into_copies);
                        for target in data.successors_mut() {
                            target.count = target.count.map(|_| {
                                if target.block == c.header {
                                    into_copies.saturating_mul(u - 1) / u
                                } else {
                                    into_copies / u
                                }
                            });
                        }
                        func.append_inst(test, data, None);
                        func.blocks[test].count = func.blocks[c.latch].count.map(|_| into_copies);
                        data = InstData::Brif {
                            cond: room,
                            then_dest: BlockCall { block: first, args, count: Some(back_count) },
                            else_dest: BlockCall { block: test, args: Vec::new(), count: Some(into_copies) },
                        };
                        if func.blocks[c.latch].count.is_none() {
                            let InstData::Brif { then_dest, else_dest, .. } = &mut data else { unreachable!() };
                            (then_dest.count, else_dest.count) = (None, None);
                        }
                    } else {
                        let count = back.count;
                        incoming = args;
                        data = InstData::Jump { dest: BlockCall { block: copies[k + 1][&c.header], args: Vec::new(), count } };
                    }
                }
                let new = func.append_copy(copy, inst, data);
                if let (Some(old), Some(new)) = (func.inst_result(inst), func.inst_result(new)) {
                    values.insert(old, new);
                }
            }
        }
        // Only the first copy's header has parameters; later headers'
        // parameters were replaced by the values passed to them.
    }

    let original_exits = func.successor_slot(latch_term, 1 - c.back_slot).count.unwrap_or(0).saturating_sub(into_copies / u);
    // The original loop becomes the remainder loop: its back edge goes to
    // the guard, and its counts keep the original's share.
    for &block in &c.blocks {
        let data = &mut func.blocks[block];
        data.count = data.count.map(|n| original_scale.of(n));
        if let Some(term) = func.terminator(block) {
            for target in func.insts[term].successors_mut() {
                target.count = target.count.map(|n| original_scale.of(n));
            }
        }
    }
    // Every entry leaves through the original latch, after its remainder
    // iterations, except those that leave from the copies' test block
    // with nothing left, and those that leave early.
    let exit_slot = 1 - c.back_slot;
    let exit = func.successor_slot_mut(latch_term, exit_slot);
    exit.count = exit.count.map(|_| original_exits);
    func.successor_slot_mut(latch_term, c.back_slot).block = guard;
    created
}

/// The bound that the induction variable is compared with to learn
/// whether `U` more iterations fit (see [`room_test`]), computed in
/// `block`: `b - K` for a loop counting up under `slt`/`ult`, `b + K` for
/// one counting down under `sgt`/`ugt`, with `K = (U - 1)|s|`, and
/// `K - 1` in place of `K` for the non-strict conditions, which become
/// strict. Where `b ∓ K` would wrap, no value of the induction variable
/// may pass, so the limit saturates at the type's extreme, which the
/// strict test never passes; the saturation check is left out when the
/// bound is a constant or an extension from a narrower type, which cannot
/// come near the extremes. `None` for `ne`, which tests the distance
/// instead.
fn room_limit(func: &mut Function, block: Block, c: &Candidate) -> Option<Value> {
    let ty = func.value_type(c.bound);
    let LimitShape { signed, down, k, min, max } = limit_shape(c, ty)?;
    // The extreme the limit saturates at, and the bound's own range.
    let extreme = if down { max } else { min };
    if let Some(imm) = func.constant_value(c.bound) {
        let b = if signed { imm as i128 } else { imm as i128 & max };
        let limit = if down { (b + k).min(max) } else { (b - k).max(min) };
        return Some(func.append_value(block, InstData::Iconst { imm: ty.canonical_imm(limit as i64) }, ty));
    }
    let (low, high) = extension_range(func, c.bound).unwrap_or((min, max));
    let wraps = if down { high + k > max } else { low - k < min };
    let k_value = func.append_value(block, InstData::Iconst { imm: ty.canonical_imm(k as i64) }, ty);
    let op = if down { BinaryOp::Iadd } else { BinaryOp::Isub };
    let moved = func.append_value(block, InstData::Binary { op, args: [c.bound, k_value] }, ty);
    if !wraps {
        return Some(moved);
    }
    let (cond, threshold) = match (signed, down) {
        (true, false) => (IntCC::Sge, min + k),
        (false, false) => (IntCC::Uge, k),
        (true, true) => (IntCC::Sle, max - k),
        (false, true) => (IntCC::Ule, max - k),
    };
    let threshold = func.append_value(block, InstData::Iconst { imm: ty.canonical_imm(threshold as i64) }, ty);
    let fits = func.append_value(block, InstData::Icmp { cond, args: [c.bound, threshold] }, Type::I8);
    let extreme = func.append_value(block, InstData::Iconst { imm: ty.canonical_imm(extreme as i64) }, ty);
    Some(func.append_value(block, InstData::Select { cond: fits, if_true: moved, if_false: extreme }, ty))
}

/// How the limit of [`room_limit`] is formed: the loop's signedness and
/// direction, the distance `K` between the limit and the bound, and the
/// range of the induction variable's type.
struct LimitShape {
    signed: bool,
    down: bool,
    k: i128,
    min: i128,
    max: i128,
}

/// The [`LimitShape`] of `c`'s condition, `None` for `ne`.
fn limit_shape(c: &Candidate, ty: Type) -> Option<LimitShape> {
    let span = (c.factor as i128 - 1) * c.step.unsigned_abs() as i128;
    let (signed, down, strict) = match c.continue_cc {
        IntCC::Slt => (true, false, true),
        IntCC::Sle => (true, false, false),
        IntCC::Ult => (false, false, true),
        IntCC::Ule => (false, false, false),
        IntCC::Sgt => (true, true, true),
        IntCC::Sge => (true, true, false),
        IntCC::Ugt => (false, true, true),
        IntCC::Uge => (false, true, false),
        IntCC::Ne | IntCC::Eq => return None,
    };
    let k = if strict { span } else { span - 1 };
    let (min, max) = ty.int_range(signed);
    Some(LimitShape { signed, down, k, min, max })
}

/// The last copy's test that `U` more iterations fit, as `p + K < b`
/// instead of `p < limit`, when that is exact: the loop counts up and its
/// bound extends a narrower value, so `p + K` cannot wrap (`p` entered the
/// copies below `b - K` and has gone at most `U |s|` further). Cranelift
/// recomputes an `isub` of a constant at each use rather than keep it in a
/// register, so `p < b - K` in the loop cost a `mov` and a `sub`; `p + K`
/// costs one `lea`. `None` when the form does not apply.
fn shifted_room_test(func: &mut Function, block: Block, c: &Candidate, p: Value) -> Option<Value> {
    let ty = func.value_type(p);
    let LimitShape { signed, down, k, max, .. } = limit_shape(c, ty)?;
    // Read unsigned, a sign-extended negative bound is near the top.
    let high = match extension_range(func, c.bound)? {
        (low, _) if low < 0 && !signed => max,
        (_, high) => high,
    };
    let travel = c.factor as i128 * c.step.unsigned_abs() as i128;
    if down || func.constant_value(c.bound).is_some() || high + travel + k > max {
        return None;
    }
    let k_value = func.append_value(block, InstData::Iconst { imm: ty.canonical_imm(k as i64) }, ty);
    let shifted = func.append_value(block, InstData::Binary { op: BinaryOp::Iadd, args: [p, k_value] }, ty);
    let cond = if signed { IntCC::Slt } else { IntCC::Ult };
    Some(func.append_value(block, InstData::Icmp { cond, args: [shifted, c.bound] }, Type::I8))
}

/// The range of `v` when it extends a narrower value: `sextend` from `n`
/// bits gives `[-2^(n-1), 2^(n-1))`, `uextend` gives `[0, 2^n)`.
fn extension_range(func: &Function, v: Value) -> Option<(i128, i128)> {
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    let InstData::Unary { op, arg } = func.insts[inst] else { return None };
    match op {
        UnaryOp::Sextend => Some(func.value_type(arg).int_range(true)),
        UnaryOp::Uextend => Some(func.value_type(arg).int_range(false)),
        _ => None,
    }
}

/// Appends to `block` the test that the induction variable `p` (entering
/// an iteration) and the `U - 1` iterations after it all pass the latch
/// test: `p < limit` in the loop's signedness and direction, or for `ne`
/// the distance `b - p` (`p - b` counting down) above `U - 1`, so that no
/// one of the `U` values equals the bound.
fn room_test(func: &mut Function, block: Block, c: &Candidate, p: Value, limit: Option<Value>) -> Value {
    let ty = func.value_type(p);
    let Some(limit) = limit else {
        let args = if c.step > 0 { [c.bound, p] } else { [p, c.bound] };
        let distance = func.append_value(block, InstData::Binary { op: BinaryOp::Isub, args }, ty);
        let span = func.append_value(block, InstData::Iconst { imm: c.factor as i64 - 1 }, ty);
        return func.append_value(block, InstData::Icmp { cond: IntCC::Ugt, args: [distance, span] }, Type::I8);
    };
    let cond = match c.continue_cc {
        IntCC::Slt | IntCC::Sle => IntCC::Slt,
        IntCC::Ult | IntCC::Ule => IntCC::Ult,
        IntCC::Sgt | IntCC::Sge => IntCC::Sgt,
        _ => IntCC::Ugt,
    };
    func.append_value(block, InstData::Icmp { cond, args: [p, limit] }, Type::I8)
}

/// A factor applied to counts.
#[derive(Clone, Copy)]
struct Scale(f64);

impl Scale {
    fn of(self, count: u64) -> u64 {
        (count as f64 * self.0).round() as u64
    }
}

/// `test unroll`: the number of loops unrolled, then the function, for
/// every function of the module (annotated with counts in the file).
pub fn filetest(module: &crate::ir::Module, _args: &str) -> Result<String, String> {
    crate::transform::filetest::run_pass_test(module, "unrolled", unroll_hot_loops)
}
