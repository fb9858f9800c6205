//! The code that turns a SESE counter into the count of the edge it
//! replaces (Frenot and Pereira, "Reusing Loop Variables as Counters",
//! CC 2024, §3.1, Example 3.8 and Figure 7b).
//!
//! The paper's two steps are: save the variable's value on loop entry,
//! and at every loop exit store `(v - v_init) / step`. Here:
//!
//! - **Entry.** When every entry edge of the header passes the same value
//!   (the usual case: a constant, or the value computed before the loop),
//!   that value, which dominates the loop, is `v_init`. Otherwise the
//!   header gets one more parameter that entry edges set to the variable's
//!   value and back edges pass on unchanged.
//! - **Exits.** On each exit edge the count of this loop activation,
//!   `n = (v - v_init) / step` (less one on the exits of a rotated latch
//!   whose back edge is replaced; see `select.rs`), is added to the
//!   replaced counter, so that
//!   the counter holds exactly what the Knuth–Stevenson increment would
//!   have counted; reconstruction needs no special case. The code goes at
//!   the start of the exit's target when the exit is its only incoming
//!   edge, and otherwise on a block splitting the edge.
//! - **Latch exits into a join.** A latch exit's flush reads the variable
//!   after its step, `iadd v, step`; on a block of its own, Cranelift
//!   rematerializes that sum there from `v`, which then stays live beside
//!   the stepped value across the latch's branch and costs a register
//!   copy per iteration. So where the exit's target is also entered from
//!   outside the loop (the join after a rotated loop's guard), the target
//!   gets a parameter instead: each latch exit passes the stepped value,
//!   every other edge `entry + step`, and the target's start adds
//!   `(p - v_init) / step - 1`, which is 0 on the other edges; the
//!   distance `p - v_init` is taken in the variable's width and
//!   zero-extended, so that a narrow `entry + step` that wraps still counts
//!   0. A parameter with different incoming values is opaque to Cranelift
//!   (`select::flushes_at_join` gives the conditions).
//! - **Calls that may not return.** If the program ends inside such a call
//!   (`exit()` in a callee), the exits never run. So the count so far is
//!   added before the call and, if the call returns, taken back after it;
//!   the net effect is zero unless the program ends inside the call.
//!
//! **The split form** (steps up to 256, plain updates). The counter holds
//! the count times `|step|`: an activation adds `s × (v_exit - v_init) -
//! lo`, with `s` the step's sign and `lo` `|step|` for a rotated latch's
//! back edge (0 otherwise). Its two halves go to the counter at the two
//! ends of the activation: each entry edge adds `-(s × v_init + lo)`,
//! each exit `s × v_exit` (plus `|step|` on an exit that does not subtract
//! one iteration, when others do), and a call that may not return
//! `s × v + lo` before it and the opposite after it, so that the counter is
//! exact wherever the program ends. The CFG descriptor lists a counter
//! whose step is not ±1 with `|step|` as its divisor, and reconstruction
//! divides. Each half is one add to
//! memory (an `add %reg, counter(%rip)`, and no code for a constant 0),
//! where the distance costs a copy and a subtraction besides, and the
//! entry value is not kept live through the loop. The exit flushes the
//! value after the step itself, so Cranelift has no `v - 1` to fold into
//! the value before the step. The backend puts counters in Cranelift's
//! opaque alias region (a vendored change): otherwise store-to-load
//! forwarding would carry the counter from the entry's update to the
//! exit's in a register through the loop. The join flush is the same,
//! with 0 passed on the join's other edges. A counter is negative while
//! its loop runs, so the atomic mode, whose counters another thread may
//! write out at any moment, keeps the distance form.
//!
//! **Division.** `n` is computed in 64-bit modular arithmetic, with no
//! division instruction: write `step = 2^k × odd`. The difference
//! `d = v - v_init` (after sign extension for a narrower, non-wrapping
//! variable) equals `step × n` modulo 2^64, so `(d >> k) × odd⁻¹` equals
//! `n` modulo `2^(64-k)`, where `odd⁻¹` is the inverse of `odd` modulo
//! 2^64 (it exists because `odd` is odd). This is exact as long as
//! `n < 2^(64-k)`, which `select.rs` guarantees, and it handles negative
//! steps, pointers scaled by their element size (Figure 7) and several
//! increments on one circuit alike.

use super::select::{EntryValue, Flush, UsedCounter};
use crate::analysis::cfg::Cfg;
use crate::instrument::counter_array::{CounterArray, ProfileUpdate};
use crate::instrument::placement::EdgeSplits;
use crate::ir::{BinaryOp, Block, Edge, Function, Inst, InstData, Type, UnaryOp, Value};

/// Inserts the entry snapshot and the flushes of `used`, whose replaced
/// counter is `counter` in the array `counters`, in the split form where
/// it applies. Returns the counter's divisor when it holds its count scaled (the
/// split form of a variable that steps by more than one).
pub fn insert_sese_counter(func: &mut Function, cfg: &Cfg, used: &UsedCounter, counter: usize, counters: CounterArray, splits: &mut EdgeSplits) -> Option<u64> {
    if split_applies(used, counters) {
        insert_split(func, cfg, used, counter, counters, splits);
        let divisor = used.counter.step.unsigned_abs();
        return (divisor > 1).then_some(divisor);
    }
    let joins = join_targets(cfg, used);
    let entry = match used.entry {
        EntryValue::Existing(v) => v,
        EntryValue::Snapshot => add_snapshot(func, cfg, used),
    };
    for &target in &joins {
        flush_at_join(func, cfg, used, target, entry, counter, counters, splits);
    }
    for flush in &used.flushes {
        match *flush {
            Flush::Exit { at_join: true, .. } => {}
            Flush::Exit { edge, value, less_one, at_join: false } => {
                let block = exit_flush_block(func, cfg, splits, edge);
                let mut at = Cursor { block, index: 0 };
                let mut n = at.count(func, used, value, entry);
                if less_one {
                    let one = at.iconst(func, 1);
                    n = at.binary(func, BinaryOp::Isub, n, one);
                }
                at.add_to_counter(func, counters, counter, n, BinaryOp::Iadd);
            }
            Flush::Call { call, value, may_return } => {
                let mut at = Cursor::before(func, call);
                let n = at.count(func, used, value, entry);
                at.add_to_counter(func, counters, counter, n, BinaryOp::Iadd);
                if may_return {
                    // Step over the call.
                    at.index += 1;
                    at.add_to_counter(func, counters, counter, n, BinaryOp::Isub);
                }
            }
        }
    }
    None
}

/// The largest step whose variable is kept in split form: the counter
/// holds the count times the step, exact while that product stays below
/// 2^64 (for a step of 256, 2^56 iterations: over two years at one per
/// nanosecond, the bound `select` accepts wrapping variables under).
pub const MAX_SCALED_STEP: u64 = 256;

/// Whether the counter is kept in split form (module comment): a step of
/// at most [`MAX_SCALED_STEP`], and plain updates, since a counter that is
/// meaningless while a loop runs must not be read by another thread's
/// exit.
fn split_applies(used: &UsedCounter, counters: CounterArray) -> bool {
    counters.update == ProfileUpdate::Single && used.counter.step.unsigned_abs() <= MAX_SCALED_STEP
}

/// Inserts the split form of `used` (module comment): with `s` the step's
/// sign and `lo` `|step|` when the replaced edge is a rotated latch's back
/// edge, each entry edge adds `-(s × v_init + lo)` to the counter, each
/// exit `s × v_exit + lo - less_one × |step|` (so `s × v_exit` on the
/// usual exits), and a call that may not return `s × v + lo` before it and
/// the opposite after it.
fn insert_split(func: &mut Function, cfg: &Cfg, used: &UsedCounter, counter: usize, counters: CounterArray, splits: &mut EdgeSplits) {
    let (s, step) = (used.counter.step.signum(), used.counter.step.abs());
    // One iteration less is one step less of the scaled count.
    let lo = if used.flushes.iter().any(|f| matches!(f, Flush::Exit { less_one: true, .. })) { step } else { 0 };
    let add = |func: &mut Function, at: &mut Cursor, value: Value, sign: i64, constant: i64| {
        at.add_scaled(func, counters, counter, used.counter.ty, value, sign, constant);
    };
    let header = used.counter.header;
    for &edge in cfg.preds(header).iter().filter(|e| !used.counter.back_edges.contains(e)) {
        let data = *cfg.edge(edge);
        let block = if cfg.succs(data.from).len() == 1 { data.from } else { splits.block_on(func, cfg, edge) };
        let (_, branch, slot) = jump_into(func, cfg, splits, edge);
        let value = func.successor_slot(branch, slot).args[used.counter.param_index];
        let mut at = Cursor { block, index: func.blocks[block].insts.len() - 1 };
        add(func, &mut at, value, -s, -lo);
    }
    for target in join_targets(cfg, used) {
        // Each latch exit passes the stepped value; every other edge 0,
        // which adds nothing.
        let param = join_parameter(func, cfg, used, target, splits, |func, at| at.typed_iconst(func, used.counter.ty, 0));
        add(func, &mut Cursor { block: target, index: 0 }, param, s, lo - step);
    }
    for flush in &used.flushes {
        match *flush {
            Flush::Exit { at_join: true, .. } => {}
            Flush::Exit { edge, value, less_one, at_join: false } => {
                let block = exit_flush_block(func, cfg, splits, edge);
                add(func, &mut Cursor { block, index: 0 }, value, s, lo - i64::from(less_one) * step);
            }
            Flush::Call { call, value, may_return } => {
                let mut at = Cursor::before(func, call);
                add(func, &mut at, value, s, lo);
                if may_return {
                    // Step over the call.
                    at.index += 1;
                    add(func, &mut at, value, -s, -lo);
                }
            }
        }
    }
}

/// Flushes at the start of `target` the latch exits of `used` that enter
/// it (`Flush::Exit`'s `at_join`): `target` gets a parameter, which each
/// latch exit sets to the variable after its step and every other edge
/// to `entry + step`, and the count is that parameter's less one, which
/// is 0 on the other edges.
#[allow(clippy::too_many_arguments)]
fn flush_at_join(
    func: &mut Function,
    cfg: &Cfg,
    used: &UsedCounter,
    target: Block,
    entry: Value,
    counter: usize,
    counters: CounterArray,
    splits: &mut EdgeSplits,
) {
    let ty = used.counter.ty;
    let param = join_parameter(func, cfg, used, target, splits, |func, at| match func.constant_value(entry) {
        // A constant is made anew where it is used, since its definition
        // need not dominate the edge.
        Some(c) => at.typed_iconst(func, ty, c.wrapping_add(used.counter.step)),
        None => {
            let step = at.typed_iconst(func, ty, used.counter.step);
            at.value(func, InstData::Binary { op: BinaryOp::Iadd, args: [entry, step] }, ty)
        }
    });
    let mut at = Cursor { block: target, index: 0 };
    let entry = match func.constant_value(entry) {
        Some(c) => at.typed_iconst(func, ty, c),
        None => entry,
    };
    let n = at.count_modular(func, used, param, entry);
    let one = at.iconst(func, 1);
    let n = at.binary(func, BinaryOp::Isub, n, one);
    at.add_to_counter(func, counters, counter, n, BinaryOp::Iadd);
}

/// The targets of `used`'s latch exits that flush at a join
/// (`Flush::Exit`'s `at_join`), each once.
fn join_targets(cfg: &Cfg, used: &UsedCounter) -> Vec<Block> {
    let mut joins: Vec<Block> = used
        .flushes
        .iter()
        .filter_map(|f| match *f {
            Flush::Exit { edge, at_join: true, .. } => Some(cfg.edge(edge).to),
            _ => None,
        })
        .collect();
    joins.sort();
    joins.dedup();
    joins
}

/// Gives the join `target` a parameter of the variable's type and returns
/// it: each latch exit of `used` into it passes the variable's value
/// there, every other edge what `other` emits at the end of the edge's
/// source (or split block).
fn join_parameter(
    func: &mut Function,
    cfg: &Cfg,
    used: &UsedCounter,
    target: Block,
    splits: &EdgeSplits,
    mut other: impl FnMut(&mut Function, &mut Cursor) -> Value,
) -> Value {
    let param = func.append_block_param(target, used.counter.ty);
    for &edge in cfg.preds(target) {
        let latch_value = used.flushes.iter().find_map(|f| match *f {
            Flush::Exit { edge: e, value, .. } if e == edge => Some(value),
            _ => None,
        });
        let (block, branch, slot) = jump_into(func, cfg, splits, edge);
        let passed = match latch_value {
            Some(value) => value,
            None => other(func, &mut Cursor { block, index: func.blocks[block].insts.len() - 1 }),
        };
        func.successor_slot_mut(branch, slot).args.push(passed);
    }
    param
}

/// The block where the flush of the exit `edge` goes: the exit's target
/// when the exit is its only incoming edge, otherwise a block splitting
/// the edge.
fn exit_flush_block(func: &mut Function, cfg: &Cfg, splits: &mut EdgeSplits, edge: Edge) -> Block {
    let target = cfg.edge(edge).to;
    if cfg.preds(target).len() == 1 {
        target
    } else {
        splits.block_on(func, cfg, edge)
    }
}

/// The jump that takes `edge` into its target, as its block, branch and
/// successor slot: the split block's, if the edge has one.
fn jump_into(func: &Function, cfg: &Cfg, splits: &EdgeSplits, edge: Edge) -> (Block, Inst, usize) {
    match splits.existing(edge) {
        Some(split) => (split, *func.blocks[split].insts.last().expect("a jump"), 0),
        None => (cfg.edge(edge).from, cfg.edge(edge).branch, cfg.edge(edge).slot as usize),
    }
}

/// Adds the header parameter that holds the variable's entry value:
/// entry edges pass the variable's incoming value, back edges pass the
/// parameter itself.
fn add_snapshot(func: &mut Function, cfg: &Cfg, used: &UsedCounter) -> Value {
    let header = used.counter.header;
    let snapshot = func.append_block_param(header, used.counter.ty);
    for &edge in cfg.preds(header) {
        let data = *cfg.edge(edge);
        let call = func.successor_slot_mut(data.branch, data.slot as usize);
        let passed = if used.counter.back_edges.contains(&edge) { snapshot } else { call.args[used.counter.param_index] };
        call.args.push(passed);
    }
    snapshot
}

/// A place to insert instructions, moving past each one inserted.
struct Cursor {
    block: Block,
    index: usize,
}

impl Cursor {
    /// The place just before the placed instruction `inst`.
    fn before(func: &Function, inst: Inst) -> Cursor {
        let block = func.block_of(inst).expect("the instruction is placed");
        let index = func.blocks[block].insts.iter().position(|&i| i == inst).expect("in its block");
        Cursor { block, index }
    }

    fn insert(&mut self, func: &mut Function, data: InstData, ty: Option<Type>) -> Option<Value> {
        let inst = func.insert_inst(self.block, self.index, data, ty);
        self.index += 1;
        func.inst_result(inst)
    }

    fn value(&mut self, func: &mut Function, data: InstData, ty: Type) -> Value {
        self.insert(func, data, Some(ty)).expect("a value")
    }

    fn iconst(&mut self, func: &mut Function, imm: i64) -> Value {
        self.value(func, InstData::Iconst { imm }, Type::I64)
    }

    /// An `iconst` of `imm`, wrapped to `ty`.
    fn typed_iconst(&mut self, func: &mut Function, ty: Type, imm: i64) -> Value {
        self.value(func, InstData::Iconst { imm: ty.canonical_imm(imm) }, ty)
    }

    fn binary(&mut self, func: &mut Function, op: BinaryOp, a: Value, b: Value) -> Value {
        self.value(func, InstData::Binary { op, args: [a, b] }, Type::I64)
    }

    /// Emits `n = (value - entry) / step` (module comment).
    fn count(&mut self, func: &mut Function, used: &UsedCounter, value: Value, entry: Value) -> Value {
        let (mut value, mut entry) = (value, entry);
        if used.counter.ty != Type::I64 {
            value = self.value(func, InstData::Unary { op: UnaryOp::Sextend, arg: value }, Type::I64);
            entry = self.value(func, InstData::Unary { op: UnaryOp::Sextend, arg: entry }, Type::I64);
        }
        // A negative step counts down: subtract the other way round and
        // divide by `-step`, which saves multiplying by -1.
        let (d, step) = match used.counter.step {
            step if step < 0 => (self.binary(func, BinaryOp::Isub, entry, value), step.wrapping_neg()),
            step => (self.binary(func, BinaryOp::Isub, value, entry), step),
        };
        self.divide_by_step(func, d, step)
    }

    /// [`Cursor::count`] with the distance taken in the variable's own
    /// width and zero-extended, for [`flush_at_join`]: the other edges into
    /// the join pass `entry + step`, which may wrap in a narrow type, and
    /// their distance must still be exactly `|step|`. On a latch exit the
    /// distance is `|value - entry|`, below 2^32 for a 32-bit variable that
    /// does not wrap inside the loop, which `count` assumes too.
    fn count_modular(&mut self, func: &mut Function, used: &UsedCounter, value: Value, entry: Value) -> Value {
        let ty = used.counter.ty;
        let (d, step) = match used.counter.step {
            step if step < 0 => (self.value(func, InstData::Binary { op: BinaryOp::Isub, args: [entry, value] }, ty), step.wrapping_neg()),
            step => (self.value(func, InstData::Binary { op: BinaryOp::Isub, args: [value, entry] }, ty), step),
        };
        let d = if ty == Type::I64 { d } else { self.value(func, InstData::Unary { op: UnaryOp::Uextend, arg: d }, Type::I64) };
        self.divide_by_step(func, d, step)
    }

    /// Emits `d / step` for a `d` that `step` (positive) divides exactly,
    /// by a shift and a multiplication by the inverse of its odd part.
    fn divide_by_step(&mut self, func: &mut Function, d: Value, step: i64) -> Value {
        let mut d = d;
        let k = step.trailing_zeros();
        if k > 0 {
            let shift = self.iconst(func, k as i64);
            d = self.binary(func, BinaryOp::Ushr, d, shift);
        }
        let inverse = modular_inverse(step >> k);
        if inverse == 1 {
            return d;
        }
        let factor = self.iconst(func, inverse);
        let mut n = self.binary(func, BinaryOp::Imul, d, factor);
        if k > 0 {
            let mask = self.iconst(func, (u64::MAX >> k) as i64);
            n = self.binary(func, BinaryOp::Band, n, mask);
        }
        n
    }

    /// Emits `counters[counter] += sign × value + constant`, with `value`
    /// of type `ty` sign-extended (a narrow variable does not wrap) and
    /// `sign` ±1; nothing when that is a constant 0.
    #[allow(clippy::too_many_arguments)]
    fn add_scaled(&mut self, func: &mut Function, counters: CounterArray, counter: usize, ty: Type, value: Value, sign: i64, constant: i64) {
        if let Some(c) = func.constant_value(value) {
            let amount = sign.wrapping_mul(ty.canonical_imm(c)).wrapping_add(constant);
            if amount != 0 {
                let n = self.iconst(func, amount);
                self.add_to_counter(func, counters, counter, n, BinaryOp::Iadd);
            }
            return;
        }
        let mut x = if ty == Type::I64 { value } else { self.value(func, InstData::Unary { op: UnaryOp::Sextend, arg: value }, Type::I64) };
        // sign × x + constant = sign × (x + sign × constant).
        if constant != 0 {
            let c = self.iconst(func, sign.wrapping_mul(constant));
            x = self.binary(func, BinaryOp::Iadd, x, c);
        }
        let op = if sign > 0 { BinaryOp::Iadd } else { BinaryOp::Isub };
        self.add_to_counter(func, counters, counter, x, op);
    }

    /// Emits `counters[counter] = counters[counter] op n`.
    fn add_to_counter(&mut self, func: &mut Function, counters: CounterArray, counter: usize, n: Value, op: BinaryOp) {
        self.index = counters.insert_update(func, self.block, self.index, counter, op, n);
    }
}

/// The inverse of the odd number `odd` modulo 2^64, by Newton's iteration
/// (each step doubles the number of correct low bits; `odd` itself is
/// right in the low three).
pub fn modular_inverse(odd: i64) -> i64 {
    debug_assert!(odd & 1 == 1);
    let mut x = odd;
    for _ in 0..5 {
        x = x.wrapping_mul(2i64.wrapping_sub(odd.wrapping_mul(x)));
    }
    x
}

#[cfg(test)]
mod tests {
    use super::modular_inverse;

    #[test]
    fn inverses_of_odd_numbers() {
        for odd in [1i64, 3, 5, 7, -1, -3, 0x7fff_ffff_ffff_ffff, 12345678901, -987654321] {
            assert_eq!(odd.wrapping_mul(modular_inverse(odd)), 1, "{odd}");
        }
    }

    #[test]
    fn recovers_counts_through_wrap_around() {
        // (step × n) mod 2^64, shifted and multiplied back, gives n.
        for step in [1i64, -1, 2, -4, 3, 8, 24, -24, 40, 256] {
            let k = step.trailing_zeros();
            for n in [0i64, 1, 7, 1 << 20, (1 << 40) + 3] {
                let d = step.wrapping_mul(n);
                let shifted = ((d as u64) >> k) as i64;
                let recovered = shifted.wrapping_mul(modular_inverse(step >> k)) & (u64::MAX >> k) as i64;
                assert_eq!(recovered, n, "step {step}, n {n}");
            }
        }
    }
}
