//! Induction-variable widening: a 32-bit loop counter that indexes memory
//! gets a 64-bit twin, so the loop stops sign- or zero-extending it on
//! every iteration.
//!
//! C indexes arrays with `int`, and a pointer is 64 bits wide, so `a[i]`
//! becomes `a + sextend(i) * 4`: one `movslq` per access per iteration.
//! This is the widening of LLVM's `IndVarSimplify` (and of Wolfe's
//! induction-variable substitution, "High Performance Compilers for
//! Parallel Computing", §9.4): for a header parameter `i: i32` that the
//! loop increments by one, a new header parameter `w: i64` equal to
//! `extend(i)` is carried alongside it, the extensions of `i` and `i + 1`
//! inside the loop become `w` and `w + 1`, and the latch's comparison of
//! `i + 1` becomes a comparison of `w + 1` with the extended bound, after
//! which the 32-bit counter is usually dead.
//!
//! The widening is exact only if `i + 1` never wraps. nissecc's IR has no
//! "no signed wrap" flags, so the pass proves it instead: every edge into
//! the header must be the taken side of a comparison `x < y` of the value
//! `x` it passes for `i` (signed for `sextend`, unsigned for `uextend`).
//! Then `i < y <= MAX` holds on every iteration, so `i + 1 <= MAX` does
//! not wrap. Rotated loops (see [`super::rotate_loops`]) have exactly
//! this shape: the guard tests the initial value, the latch the next one.
//!
//! The loop stays a natural loop whose counter is a header parameter with
//! a `v + 1` increment, now of 64 bits.

use crate::analysis::cfg::Cfg;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{
    BinaryOp, Block, Function, Inst, InstData, IntCC, Type, UnaryOp, Value, ValueDef,
};
use std::collections::HashMap;

/// Widens the qualifying counters of every loop of `func`; returns how
/// many were widened.
pub fn widen_ivs(func: &mut Function) -> usize {
    let mut widened = 0;
    loop {
        let cfg = Cfg::compute(func);
        let forest = LoopForest::compute(&cfg);
        let candidate = forest.natural_loops().find_map(|lp| {
            let header = forest.data(lp).header;
            (0..func.blocks[header].params.len())
                .find_map(|index| Counter::find(func, &cfg, &forest, lp, index))
        });
        match candidate {
            Some(counter) => {
                counter.widen(func, &forest);
                widened += 1;
            }
            None => return widened,
        }
    }
}

/// A header parameter that qualifies, found by [`Counter::find`].
struct Counter {
    lp: Loop,
    param: Value,
    extend: UnaryOp,
    /// For each edge into the header: the branch, its slot, and whether it
    /// is a back edge (whose argument is `param + 1`).
    edges: Vec<(Inst, usize, bool)>,
    /// The latch comparisons of `param + 1` (the second value) with a
    /// bound, to widen.
    latch_tests: Vec<(Inst, Value)>,
}

impl Counter {
    fn find(func: &Function, cfg: &Cfg, forest: &LoopForest, lp: Loop, index: usize) -> Option<Counter> {
        let header = forest.data(lp).header;
        let param = func.blocks[header].params[index];
        if func.value_type(param) != Type::I32 || Some(header) == func.entry() {
            return None;
        }
        let mut extend = None;
        let mut edges = Vec::new();
        let mut latch_tests = Vec::new();
        for &edge in cfg.preds(header) {
            let e = cfg.edge(edge);
            let arg = func.successor_slot(e.branch, e.slot as usize).args[index];
            let (test, signed) = tested_below_bound(func, e.branch, e.slot as usize, arg)?;
            let op = if signed { UnaryOp::Sextend } else { UnaryOp::Uextend };
            if *extend.get_or_insert(op) != op {
                return None;
            }
            let back = forest.contains(lp, e.from);
            if back {
                if !is_increment_of(func, arg, param) {
                    return None;
                }
                latch_tests.push((test, arg));
            }
            edges.push((e.branch, e.slot as usize, back));
        }
        let extend = extend?;
        // Worth it only if the loop extends the counter.
        let extends_in_loop = forest.data(lp).blocks.iter().any(|&b| {
            func.blocks[b].insts.iter().any(|&i| extended_counter(func, i, extend, param).is_some())
        });
        extends_in_loop.then_some(Counter { lp, param, extend, edges, latch_tests })
    }

    fn widen(self, func: &mut Function, forest: &LoopForest) {
        let header = forest.data(self.lp).header;
        let index = func.blocks[header].params.iter().position(|&p| p == self.param).expect("a parameter of the header");
        let wide = func.append_block_param(header, Type::I64);

        // Incoming arguments: the extended initial value, or `wide + 1`.
        for &(branch, slot, back) in &self.edges {
            let source = func.block_of(branch).expect("a branch of the layout");
            let value = if back {
                let one = insert_before_terminator(func, source, InstData::Iconst { imm: 1 }, Type::I64);
                let args = [wide, one];
                insert_before_terminator(func, source, InstData::Binary { op: BinaryOp::Iadd, args }, Type::I64)
            } else {
                let arg = func.successor_slot(branch, slot).args[index];
                insert_before_terminator(func, source, InstData::Unary { op: self.extend, arg }, Type::I64)
            };
            func.successor_slot_mut(branch, slot).args.push(value);
        }

        // Extensions of the counter and of its increment inside the loop.
        let blocks = forest.data(self.lp).blocks.clone();
        let mut replaced: HashMap<Value, Value> = HashMap::new();
        for &block in &blocks {
            let mut position = 0;
            while position < func.blocks[block].insts.len() {
                let inst = func.blocks[block].insts[position];
                match extended_counter(func, inst, self.extend, self.param) {
                    Some(Extended::Counter) => {
                        let result = func.inst_result(inst).expect("an extension has a result");
                        replaced.insert(result, wide);
                    }
                    Some(Extended::Increment) => {
                        let one = func.insert_inst(block, position, InstData::Iconst { imm: 1 }, Some(Type::I64));
                        let one = func.inst_result(one).expect("an iconst has a result");
                        position += 1;
                        func.insts[inst] = InstData::Binary { op: BinaryOp::Iadd, args: [wide, one] };
                    }
                    None => {}
                }
                position += 1;
            }
        }
        for &block in &blocks {
            for &inst in &func.blocks[block].insts {
                func.insts[inst].map_uses(|v| *replaced.get(&v).unwrap_or(&v));
            }
        }

        // The latch tests compare `wide + 1` with the extended bound.
        for (test, tested) in self.latch_tests {
            widen_test(func, test, tested, self.extend, wide);
        }
    }
}

/// What an instruction extends, if it extends the counter or its
/// increment to 64 bits.
enum Extended {
    Counter,
    Increment,
}

fn extended_counter(func: &Function, inst: Inst, extend: UnaryOp, param: Value) -> Option<Extended> {
    let InstData::Unary { op, arg } = func.insts[inst] else { return None };
    let result = func.inst_result(inst)?;
    if op != extend || func.value_type(result) != Type::I64 {
        return None;
    }
    if arg == param {
        Some(Extended::Counter)
    } else if is_increment_of(func, arg, param) {
        Some(Extended::Increment)
    } else {
        None
    }
}

/// If taking `slot` of `branch` implies `arg < y` for some `y`, the
/// comparison and whether it is signed.
fn tested_below_bound(func: &Function, branch: Inst, slot: usize, arg: Value) -> Option<(Inst, bool)> {
    let InstData::Brif { cond, .. } = func.insts[branch] else { return None };
    let ValueDef::Result(test) = func.values[cond].def else { return None };
    let InstData::Icmp { cond: cc, args: [a, b] } = func.insts[test] else { return None };
    // The condition that holds on the edge, with `arg` on the left.
    let holds = if slot == 0 { cc } else { negate(cc) };
    let holds = if a == arg {
        holds
    } else if b == arg {
        swap(holds)
    } else {
        return None;
    };
    match holds {
        IntCC::Slt => Some((test, true)),
        IntCC::Ult => Some((test, false)),
        _ => None,
    }
}

fn negate(cc: IntCC) -> IntCC {
    match cc {
        IntCC::Eq => IntCC::Ne,
        IntCC::Ne => IntCC::Eq,
        IntCC::Slt => IntCC::Sge,
        IntCC::Sge => IntCC::Slt,
        IntCC::Sle => IntCC::Sgt,
        IntCC::Sgt => IntCC::Sle,
        IntCC::Ult => IntCC::Uge,
        IntCC::Uge => IntCC::Ult,
        IntCC::Ule => IntCC::Ugt,
        IntCC::Ugt => IntCC::Ule,
    }
}

/// The condition with its operands swapped (`a < b` is `b > a`).
fn swap(cc: IntCC) -> IntCC {
    match cc {
        IntCC::Slt => IntCC::Sgt,
        IntCC::Sgt => IntCC::Slt,
        IntCC::Sle => IntCC::Sge,
        IntCC::Sge => IntCC::Sle,
        IntCC::Ult => IntCC::Ugt,
        IntCC::Ugt => IntCC::Ult,
        IntCC::Ule => IntCC::Uge,
        IntCC::Uge => IntCC::Ule,
        IntCC::Eq | IntCC::Ne => cc,
    }
}

/// True when `v` is `param + 1`.
fn is_increment_of(func: &Function, v: Value, param: Value) -> bool {
    let ValueDef::Result(inst) = func.values[v].def else { return false };
    let InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } = func.insts[inst] else { return false };
    let is_one = |x: Value| match func.values[x].def {
        ValueDef::Result(i) => matches!(func.insts[i], InstData::Iconst { imm: 1 }),
        ValueDef::Param(..) => false,
    };
    (a == param && is_one(b)) || (b == param && is_one(a))
}

/// Rewrites the latch test `icmp cc (i + 1), n` (`tested` is `i + 1`)
/// into `icmp cc (wide + 1), extend(n)`. `extend(n)` goes right after
/// `n`'s definition, so it is computed outside the loop when `n` is
/// invariant.
fn widen_test(func: &mut Function, test: Inst, tested: Value, extend: UnaryOp, wide: Value) {
    let InstData::Icmp { cond, args } = func.insts[test] else { return };
    let bound_index = usize::from(args[0] == tested);
    let bound = extend_after_definition(func, args[bound_index], extend);
    let block = func.block_of(test).expect("in the layout");
    let position = func.blocks[block].insts.iter().position(|&i| i == test).expect("in its block");
    let one = func.insert_inst(block, position, InstData::Iconst { imm: 1 }, Some(Type::I64));
    let one = func.inst_result(one).expect("an iconst has a result");
    let next = func.insert_inst(
        block,
        position + 1,
        InstData::Binary { op: BinaryOp::Iadd, args: [wide, one] },
        Some(Type::I64),
    );
    let next = func.inst_result(next).expect("an iadd has a result");
    let mut wide_args = [next, next];
    wide_args[bound_index] = bound;
    func.insts[test] = InstData::Icmp { cond, args: wide_args };
}

/// `extend(v)` as a 64-bit value, defined right after `v` (a constant
/// becomes a 64-bit constant).
fn extend_after_definition(func: &mut Function, v: Value, extend: UnaryOp) -> Value {
    let (block, position, data) = match func.values[v].def {
        ValueDef::Result(inst) => {
            let block = func.block_of(inst).expect("in the layout");
            let position = func.blocks[block].insts.iter().position(|&i| i == inst).expect("in its block") + 1;
            let data = match func.insts[inst] {
                InstData::Iconst { imm } if extend == UnaryOp::Uextend => InstData::Iconst { imm: imm as u32 as i64 },
                InstData::Iconst { imm } => InstData::Iconst { imm },
                _ => InstData::Unary { op: extend, arg: v },
            };
            (block, position, data)
        }
        ValueDef::Param(block, _) => (block, 0, InstData::Unary { op: extend, arg: v }),
    };
    let inst = func.insert_inst(block, position, data, Some(Type::I64));
    func.inst_result(inst).expect("created with a result")
}

/// Inserts `data` right before the terminator of `block` and returns its
/// result.
fn insert_before_terminator(func: &mut Function, block: Block, data: InstData, ty: Type) -> Value {
    let position = func.blocks[block].insts.len() - 1;
    let inst = func.insert_inst(block, position, data, Some(ty));
    func.inst_result(inst).expect("created with a result")
}
