//! Induction-variable widening: a 32-bit loop counter that indexes memory
//! gets a 64-bit twin, so the loop stops sign- or zero-extending it on
//! every iteration.
//!
//! C indexes arrays with `int`, and a pointer is 64 bits wide, so `a[i]`
//! becomes `a + sextend(i) * 4`: one `movslq` per access per iteration.
//! This is the widening of LLVM's `IndVarSimplify` (and of Wolfe's
//! induction-variable substitution, "High Performance Compilers for
//! Parallel Computing", §9.4): for a header parameter `i: i32`, a new
//! header parameter `w: i64` equal to `extend(i)` is carried alongside it.
//! Inside the loop, `extend(i + d)` becomes `w + d`, and comparisons of
//! `i + d` with a bound defined outside the loop compare `w + d` with the
//! extended bound.
//!
//! The rewriting is exact only if `i + d` does not wrap. Two facts prove
//! it:
//!
//! - the addition is C signed arithmetic, which the frontend records in
//!   `Function::no_signed_wrap` (overflow would be undefined behaviour),
//!   for sign extension; or
//! - `d == 1` and every edge into the header is the taken side of a
//!   comparison `x < y` of the value `x` it passes for `i` (signed for
//!   `sextend`, unsigned for `uextend`): then `i < y <= MAX` holds on
//!   every iteration, so `i + 1` does not wrap. Rotated loops (see
//!   [`super::rotate_loops`]) have this shape, which covers unsigned
//!   counters.
//!
//! Signed arithmetic goes further, as LLVM's widening of an induction
//! variable's users does: when `a op b` (`iadd`, `isub`, `imul`) is flagged
//! `no_signed_wrap`, its 32-bit result is the exact one, so
//! `sextend(a op b) == sextend(a) op sextend(b)`. An extension of such an
//! expression whose leaves are the counter, constants, values defined
//! outside the loop or counters widened before (`a[i * m + j]`,
//! `best[c - w]`) becomes 64-bit arithmetic on the twin, and so do the
//! back edges' values, which lets the counter step by a loop-invariant
//! amount (`j += i`). Whatever still reads the 32-bit counter then reads
//! `ireduce(w)`, a free truncation, so the 32-bit counter and its
//! increment die.
//!
//! The loop stays a natural loop whose counter is a header parameter, now
//! of 64 bits.

use crate::analysis::cfg::Cfg;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{
    BinaryOp, Block, Function, Inst, InstData, IntCC, Type, UnaryOp, Value, ValueDef,
};
use super::edit::replace_uses;
use std::collections::HashMap;

/// How many nested `nsw` operations an extension is looked through
/// (`a[i * m + j]` needs two).
const MAX_DEPTH: usize = 4;

/// Widens the qualifying counters of every loop of `func`; returns how
/// many were widened.
pub fn widen_ivs(func: &mut Function) -> usize {
    // The known 64-bit extensions of 32-bit values (see `Counter::twins`).
    let mut twins: HashMap<Value, (Value, UnaryOp)> = HashMap::new();
    let mut widened = 0;
    loop {
        let cfg = Cfg::compute(func);
        let forest = LoopForest::compute(&cfg);
        let candidate = forest.natural_loops().find_map(|lp| {
            let header = forest.data(lp).header;
            (0..func.blocks[header].params.len())
                .filter(|&index| !twins.contains_key(&func.blocks[header].params[index]))
                .find_map(|index| Counter::find(func, &cfg, &forest, &twins, lp, index))
        });
        let Some(counter) = candidate else { return widened };
        let extend = counter.extend;
        for (narrow, wide) in counter.widen(func, &cfg, &forest) {
            twins.insert(narrow, (wide, extend));
        }
        widened += 1;
    }
}

/// A header parameter that qualifies, found by [`Counter::find`].
struct Counter {
    lp: Loop,
    param: Value,
    extend: UnaryOp,
    /// True when `param + 1` is known not to wrap (the tested-edges proof).
    tested: bool,
    /// The 64-bit extension (and the extension's kind) of each 32-bit
    /// value that an earlier widening made known: counters, their
    /// truncations, and their non-wrapping `param + d`.
    twins: HashMap<Value, (Value, UnaryOp)>,
}

impl Counter {
    fn find(
        func: &Function,
        cfg: &Cfg,
        forest: &LoopForest,
        twins: &HashMap<Value, (Value, UnaryOp)>,
        lp: Loop,
        index: usize,
    ) -> Option<Counter> {
        let header = forest.data(lp).header;
        let param = func.blocks[header].params[index];
        if func.value_type(param) != Type::I32 || Some(header) == func.entry() {
            return None;
        }
        // Which comparison, if any, every incoming edge passes.
        let mut tested_kind: Option<Option<bool>> = None;
        for &edge in cfg.preds(header) {
            let e = cfg.edge(edge);
            let arg = func.successor_slot(e.branch, e.slot as usize).args[index];
            let kind = tested_below_bound(func, e.branch, e.slot as usize, arg);
            if *tested_kind.get_or_insert(kind) != kind {
                tested_kind = Some(None);
            }
        }
        let tested_signed = tested_kind.flatten();
        for extend in [UnaryOp::Sextend, UnaryOp::Uextend] {
            let signed = extend == UnaryOp::Sextend;
            let twins = twins.clone();
            let counter = Counter { lp, param, extend, tested: tested_signed == Some(signed), twins };
            let back_edges_extend = forest.data(lp).back_edges.iter().all(|&edge| {
                let e = cfg.edge(edge);
                let arg = func.successor_slot(e.branch, e.slot as usize).args[index];
                counter.wide_form(func, forest, arg, MAX_DEPTH).is_some()
            });
            let extends_in_loop = forest.data(lp).blocks.iter().any(|&b| {
                func.blocks[b].insts.iter().any(|&i| counter.extension(func, forest, i))
            });
            if back_edges_extend && extends_in_loop {
                return Some(counter);
            }
        }
        None
    }

    /// `d` if `v` is `param + d` and `extend(v) == extend(param) + d`.
    fn offset(&self, func: &Function, v: Value) -> Option<i64> {
        if v == self.param {
            return Some(0);
        }
        let ValueDef::Result(inst) = func.values[v].def else { return None };
        let d = self.wrapping_offset(func, inst)?;
        let nsw = self.extend == UnaryOp::Sextend && func.no_signed_wrap.contains(inst);
        (nsw || (self.tested && d == 1)).then_some(d)
    }

    /// `d` if `inst` computes `param + d` in 32 bits, wrapping or not.
    fn wrapping_offset(&self, func: &Function, inst: Inst) -> Option<i64> {
        let (base, d) = func.constant_offset(func.inst_result(inst)?)?;
        (base == self.param).then_some(d)
    }

    /// True if `inst` extends to 64 bits a value whose extension
    /// [`Counter::wide_form`] computes from the counter's twin.
    fn extension(&self, func: &Function, forest: &LoopForest, inst: Inst) -> bool {
        let InstData::Unary { op, arg } = func.insts[inst] else { return false };
        let Some(result) = func.inst_result(inst) else { return false };
        op == self.extend
            && func.value_type(result) == Type::I64
            && self.wide_form(func, forest, arg, MAX_DEPTH) == Some(true)
    }

    /// Whether `extend(v)` can be computed in 64 bits without `v`: `v` is
    /// `param + d`, a constant, a value defined outside the loop, a value
    /// whose extension an earlier widening made known, or a
    /// signed `iadd`, `isub` or `imul` flagged `no_signed_wrap` (of at
    /// most `depth` nested such operations) whose operands are all of
    /// these. For such an operation `sextend(a op b) == sextend(a) op
    /// sextend(b)`, because the 32-bit result is the exact one. `Some(true)`
    /// when the counter is among the leaves, `Some(false)` when it is not,
    /// `None` when the extension cannot be computed so.
    fn wide_form(&self, func: &Function, forest: &LoopForest, v: Value, depth: usize) -> Option<bool> {
        if self.offset(func, v).is_some() {
            return Some(true);
        }
        if func.constant_value(v).is_some() || self.outside(func, forest, v) || self.twin(v).is_some() {
            return Some(false);
        }
        let ValueDef::Result(inst) = func.values[v].def else { return None };
        let InstData::Binary { op: BinaryOp::Iadd | BinaryOp::Isub | BinaryOp::Imul, args: [a, b] } = func.insts[inst]
        else {
            return None;
        };
        if depth == 0 || self.extend != UnaryOp::Sextend || !func.no_signed_wrap.contains(inst) {
            return None;
        }
        let a = self.wide_form(func, forest, a, depth - 1)?;
        let b = self.wide_form(func, forest, b, depth - 1)?;
        Some(a || b)
    }

    /// Computes `extend(v)` for a `v` that [`Counter::wide_form`] accepts,
    /// with new instructions placed before `inst` in `block`. A value whose
    /// extension an earlier widening made known is replaced by it (a twin
    /// is a parameter of the counter's header, and `twin + d` is computed
    /// right before the truncation it replaced, so the extension is
    /// available wherever the value is); a value defined outside the loop
    /// is extended right after its definition. Every 64-bit operation is flagged
    /// `no_signed_wrap`: its 32-bit original did not wrap, so neither does
    /// it.
    fn build_wide(
        &self,
        func: &mut Function,
        forest: &LoopForest,
        wide: Value,
        block: Block,
        inst: Inst,
        v: Value,
    ) -> Value {
        let (op, args) = if let Some(d) = self.offset(func, v) {
            if d == 0 {
                return wide;
            }
            (BinaryOp::Iadd, [wide, func.insert_before(block, inst, InstData::Iconst { imm: d }, Type::I64)])
        } else if let Some(twin) = self.twin(v) {
            return twin;
        } else if func.constant_value(v).is_some() || self.outside(func, forest, v) {
            return extend_after_definition(func, v, self.extend);
        } else {
            let ValueDef::Result(def) = func.values[v].def else { unreachable!("wide_form accepted {v}") };
            let InstData::Binary { op, args: [a, b] } = func.insts[def] else { unreachable!("wide_form accepted {v}") };
            let a = self.build_wide(func, forest, wide, block, inst, a);
            let b = self.build_wide(func, forest, wide, block, inst, b);
            (op, [a, b])
        };
        let result = func.insert_before(block, inst, InstData::Binary { op, args }, Type::I64);
        if let ValueDef::Result(new) = func.values[result].def {
            func.no_signed_wrap.insert(new);
        }
        result
    }

    /// The twin of `v` if `v` is a counter widened before with the same
    /// extension, or its truncation.
    fn twin(&self, v: Value) -> Option<Value> {
        self.twins.get(&v).filter(|&&(_, extend)| extend == self.extend).map(|&(twin, _)| twin)
    }

    /// True when `v` is defined outside the loop.
    fn outside(&self, func: &Function, forest: &LoopForest, v: Value) -> bool {
        match func.values[v].def {
            ValueDef::Result(i) => func.block_of(i).is_some_and(|b| !forest.contains(self.lp, b)),
            ValueDef::Param(b, _) => !forest.contains(self.lp, b),
        }
    }

    /// True for a 32-bit comparison of two values that
    /// [`Counter::wide_form`] accepts, one of them computed from the
    /// counter, whose condition the extension preserves.
    fn comparison(&self, func: &Function, forest: &LoopForest, inst: Inst) -> bool {
        let InstData::Icmp { cond, args: [a, b] } = func.insts[inst] else { return false };
        if func.value_type(a) != Type::I32 {
            return false;
        }
        let preserved = match cond {
            IntCC::Eq | IntCC::Ne => true,
            IntCC::Slt | IntCC::Sle | IntCC::Sgt | IntCC::Sge => self.extend == UnaryOp::Sextend,
            IntCC::Ult | IntCC::Ule | IntCC::Ugt | IntCC::Uge => self.extend == UnaryOp::Uextend,
        };
        let forms = (self.wide_form(func, forest, a, MAX_DEPTH), self.wide_form(func, forest, b, MAX_DEPTH));
        preserved && matches!(forms, (Some(true), Some(_)) | (Some(_), Some(true)))
    }

    /// Adds the twin, rewrites the loop's extensions and comparisons, and
    /// replaces the counter by the truncated twin. Returns the 32-bit
    /// values whose extension is now known, with that extension: the
    /// counter and its truncation (the twin), and each `param + d` that
    /// does not wrap (`twin + d`), so that later counters' expressions
    /// can still use them (`a[(i - 1) * w + j]` inside the `i` loop).
    fn widen(self, func: &mut Function, cfg: &Cfg, forest: &LoopForest) -> Vec<(Value, Value)> {
        let header = forest.data(self.lp).header;
        let index = func.blocks[header].params.iter().position(|&p| p == self.param).expect("a parameter of the header");
        let wide = func.append_block_param(header, Type::I64);

        // Incoming arguments: the extended initial value on entry edges,
        // the extension computed from the twin on back edges.
        for &edge in cfg.preds(header) {
            let e = cfg.edge(edge);
            let (branch, slot) = (e.branch, e.slot as usize);
            let arg = func.successor_slot(branch, slot).args[index];
            let value = if forest.data(self.lp).back_edges.contains(&edge) {
                self.build_wide(func, forest, wide, e.from, branch, arg)
            } else {
                func.insert_before_terminator(e.from, InstData::Unary { op: self.extend, arg }, Type::I64)
            };
            func.successor_slot_mut(branch, slot).args.push(value);
        }

        // Extensions and comparisons of the counter inside the loop.
        let blocks = forest.data(self.lp).blocks.clone();
        let mut extensions = Vec::new();
        let mut comparisons = Vec::new();
        for &block in &blocks {
            for &inst in &func.blocks[block].insts {
                if self.extension(func, forest, inst) {
                    extensions.push((block, inst));
                } else if self.comparison(func, forest, inst) {
                    comparisons.push((block, inst));
                }
            }
        }
        let mut replaced: HashMap<Value, Value> = HashMap::new();
        let mut known = vec![(self.param, wide)];
        for (block, inst) in extensions {
            let InstData::Unary { arg, .. } = func.insts[inst] else { continue };
            let value = self.build_wide(func, forest, wide, block, inst, arg);
            replaced.insert(func.inst_result(inst).expect("an extension has a result"), value);
            func.blocks[block].insts.retain(|&i| i != inst);
            func.inst_block[inst] = None.into();
        }
        for (block, inst) in comparisons {
            let InstData::Icmp { cond, args: [a, b] } = func.insts[inst] else { continue };
            let a = self.build_wide(func, forest, wide, block, inst, a);
            let b = self.build_wide(func, forest, wide, block, inst, b);
            func.insts[inst] = InstData::Icmp { cond, args: [a, b] };
        }

        // What still reads the 32-bit counter reads the truncated twin (a
        // free truncation), so the counter and its increment die: `param +
        // d` becomes `ireduce(twin + d)`, which is exact even if the
        // addition wraps, and every other use reads `ireduce(twin)`. (When
        // the counter's value leaves the loop, Cranelift may narrow
        // `ireduce(twin + d)` back into a 32-bit addition, which keeps the
        // twin alive next to `twin + d`; measured, truncating still pays.)
        for index in 0..func.layout.len() {
            let block = func.layout[index];
            let offsets: Vec<(Inst, i64)> = func.blocks[block]
                .insts
                .iter()
                .filter_map(|&inst| Some((inst, self.wrapping_offset(func, inst)?)))
                .collect();
            for (inst, d) in offsets {
                let result = func.inst_result(inst).expect("an addition has a result");
                let exact = self.offset(func, result).is_some();
                let offset = func.insert_before(block, inst, InstData::Iconst { imm: d }, Type::I64);
                let data = InstData::Binary { op: BinaryOp::Iadd, args: [wide, offset] };
                let sum = func.insert_before(block, inst, data, Type::I64);
                func.insts[inst] = InstData::Unary { op: UnaryOp::Ireduce, arg: sum };
                func.no_signed_wrap.remove(inst);
                if exact {
                    if let ValueDef::Result(add) = func.values[sum].def {
                        func.no_signed_wrap.insert(add);
                    }
                    known.push((result, sum));
                }
            }
        }
        let truncate = InstData::Unary { op: UnaryOp::Ireduce, arg: wide };
        let inst = func.insert_inst(header, 0, truncate, Some(Type::I32));
        let narrow = func.inst_result(inst).expect("created with a result");
        replaced.insert(self.param, narrow);
        // An extension inside the loop may be used after it, too.
        replace_uses(func, |v| *replaced.get(&v).unwrap_or(&v));
        known.push((narrow, wide));
        known
    }
}

/// If taking `slot` of `branch` implies `arg < y` for some `y`: whether
/// the comparison is signed.
fn tested_below_bound(func: &Function, branch: Inst, slot: usize, arg: Value) -> Option<bool> {
    let InstData::Brif { cond, .. } = func.insts[branch] else { return None };
    let ValueDef::Result(test) = func.values[cond].def else { return None };
    let InstData::Icmp { cond: cc, args: [a, b] } = func.insts[test] else { return None };
    // The condition that holds on the edge, with `arg` on the left.
    let holds = if slot == 0 { cc } else { cc.inverse() };
    let holds = if a == arg {
        holds
    } else if b == arg {
        holds.swapped()
    } else {
        return None;
    };
    match holds {
        IntCC::Slt => Some(true),
        IntCC::Ult => Some(false),
        _ => None,
    }
}

/// `extend(v)` as a 64-bit value, defined right after `v` (a constant
/// becomes a 64-bit constant).
fn extend_after_definition(func: &mut Function, v: Value, extend: UnaryOp) -> Value {
    let (block, position) = func.after_definition(v);
    let data = match func.constant_value(v) {
        Some(imm) if extend == UnaryOp::Uextend => InstData::Iconst { imm: imm as u32 as i64 },
        Some(imm) => InstData::Iconst { imm },
        None => InstData::Unary { op: extend, arg: v },
    };
    let inst = func.insert_inst(block, position, data, Some(Type::I64));
    func.inst_result(inst).expect("created with a result")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;
    use crate::transform::dce::eliminate_dead_code;
    use crate::transform::eval::run;
    use crate::verifier::verify_function;

    /// `for (i = k; i <= n; i++) s += (long)i;` with a top-tested header
    /// and `long s`: no comparison proves that `i + 1` does not wrap, only
    /// the signed-arithmetic flag on the increment does.
    const INCLUSIVE: &str = "function @f(i32, i32) -> i64 export {
block0(v0: i32, v1: i32):
    v2 = iconst.i64 0
    jump block1(v0, v2)
block1(v3: i32, v4: i64):
    v5 = icmp sle v3, v1
    brif v5, block2, block3
block2:
    v6 = sextend.i64 v3
    v7 = iadd v4, v6
    v8 = iconst.i32 1
    v9 = iadd v3, v8
    jump block1(v9, v7)
block3:
    return v4
}";

    fn increment(func: &Function) -> Inst {
        func.insts
            .keys()
            .find(|&i| matches!(func.insts[i], InstData::Binary { op: BinaryOp::Iadd, .. })
                && func.inst_result(i).is_some_and(|r| func.value_type(r) == Type::I32))
            .expect("the loop increments its counter")
    }

    #[test]
    fn signed_arithmetic_flag_allows_widening_an_untested_counter() {
        let module = parse_module(INCLUSIVE).unwrap();
        let original = module.functions[0].clone();
        let mut unflagged = original.clone();
        assert_eq!(widen_ivs(&mut unflagged), 0);

        let mut func = original.clone();
        let inc = increment(&func);
        func.no_signed_wrap.insert(inc);
        assert_eq!(widen_ivs(&mut func), 1);
        eliminate_dead_code(&mut func);
        verify_function(&func, &module).unwrap();
        let text = func.to_string();
        assert!(!text.contains("sextend.i64 v3"), "{text}");
        assert!(text.contains("icmp sle"), "{text}");
        for (k, n) in [(0, 5), (-3, 2), (7, 1), (-1, -1)] {
            assert_eq!(run(&func, &[k, n], 100), run(&original, &[k, n], 100), "k = {k}, n = {n}");
        }
    }
}
