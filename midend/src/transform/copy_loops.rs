//! Copy loops become `memmove` calls: a counted single-block loop whose
//! body only copies array elements, `a[j] = a[j - 1]` or `d[j] = s[j]`
//! for one or more arrays, is replaced by one `memmove` per copied array,
//! under a run-time test that the arrays do not overlap one another.
//!
//! This is loop idiom recognition (LLVM's `LoopIdiomRecognize`) combined
//! with loop distribution (gcc's `-ftree-loop-distribute-patterns`, on at
//! -O2): a loop of several independent statements is split into one loop
//! per statement (Kennedy and Allen, "Optimizing Compilers for Modern
//! Architectures", §2.4.2 and §6.2, loop distribution), and each loop that
//! copies becomes a call of the library's block move. No paper of the
//! project's collection covers it. gcc turns both shift loops of
//! k154_lru_cache's LRU update into `memmove` calls, which copy 16 bytes
//! an instruction where the loop copies 4.
//!
//! A loop `L` qualifies when
//! - it is a natural loop of one block, entered by one edge, whose only
//!   parameter `j` is an `i64` and whose terminator is `brif c, L(j'),
//!   X(..)` (either way round) with `j' = j ± 1` and `c` a comparison of
//!   `j'` with a bound `b` defined outside the loop, under which the loop
//!   continues while `j' < b` (signed or unsigned) or `j' != b` counting
//!   up, and `j' > b` or `j' != b` counting down;
//! - every other instruction is pure arithmetic whose value stays in the
//!   loop, a load whose only use is a store of the loop, or such a store
//!   (a volatile access is a call, `ir::atomics`' fence, so it never
//!   qualifies); and
//! - every access's address is `base + c·j + k`, with `base` defined
//!   outside the loop, `k` a constant and `c` plus or minus the size of
//!   the copied type, the same `c` for a store and the load it stores.
//!
//! The loop runs `n = b - j0` iterations counting up from `j0` (`j0 - b`
//! counting down) exactly when `j0 < b` (`j0 > b`) for the ordered
//! conditions, and for `!=` when that difference, taken modulo 2^64, is
//! at least 1. Each copy (load, store) then reads and writes `n` elements
//! in regions of `n·|c|` bytes that start at the access's address for
//! the `j` of lowest address. The copies can be done one after the other
//! if no copy writes what another reads or writes, and each copy is a
//! `memmove` if the loop reads every element before it writes it: when
//! the addresses grow from iteration to iteration and the destination
//! lies below the source, or shrink and it lies above (the descending
//! `a[j] = a[j - 1]`), or when the two do not overlap. What the base and
//! offsets decide at compile time is not tested; the rest is: regions of
//! one base and one coefficient are `|Δ|` bytes apart, so they are
//! disjoint when `n ≤ |Δ| / |c|`, and any other two regions are compared
//! by their ends. A guard block on the entry edge computes `n` and the
//! tests: when all hold, a new block makes the calls and leaves to `X`
//! with the values `j` and `j'` have at the loop's end (`b - s` and `b`);
//! otherwise the loop runs as before.
//!
//! The pipeline runs this only when the module defines no `memmove` of
//! its own and not in functions that implement a block copy themselves
//! ([`may_call_memmove`]), so that a C library's `memmove` loop does not
//! become a call of itself.

use crate::analysis::cfg::Cfg;
use crate::analysis::loops::LoopForest;
use crate::ir::{BinaryOp, Block, BlockCall, Callee, Function, Inst, InstData, IntCC, Signature, Type, Value, ValueDef};
use std::collections::{HashMap, HashSet};

/// The name of the C library function the copies become.
pub const MEMMOVE: &str = "memmove";

/// `memmove`'s signature in the IR: `void *memmove(void *, const void *,
/// size_t)`.
pub fn memmove_signature() -> Signature {
    Signature::scalars(vec![Type::I64, Type::I64, Type::I64], Some(Type::I64), false)
}

/// The fewest iterations that the test of two regions of one base may
/// allow: a loop that may call `memmove` only for fewer copies than this
/// (`a[j] = a[j - 1]` counting up allows one) stays as it is.
const MIN_ROOM: u64 = 8;

/// The most iterations, minus one, that a replaced loop may run: it keeps
/// `n · |c|` and the regions' ends far from wrapping around.
const MAX_ITERATIONS_MINUS_ONE: i64 = 1 << 40;

/// False for a function that is itself a block copy or fill, whose loops
/// must not call `memmove` (the C library's own, compiled by nissecc).
pub fn may_call_memmove(func: &Function) -> bool {
    !matches!(func.name.as_str(), "memmove" | "memcpy" | "memset" | "bcopy" | "__memmove_chk" | "__memcpy_chk")
}

/// Replaces every qualifying copy loop of `func` (see the module
/// comment); returns how many.
///
/// The loops are found on one CFG and then replaced: a replacement only
/// redirects its loop's entry edge and adds blocks, so it leaves the
/// other loops as they were found. (A loop that leaves into another's
/// header reads its exit when it is replaced, so the call block leaves
/// through the other loop's guard.)
pub fn copy_loops_to_memmove(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let forest = LoopForest::compute(&cfg);
    let escaping = values_read_in_other_blocks(func);
    let found: Vec<CopyLoop> = forest
        .natural_loops()
        .filter(|&lp| forest.data(lp).blocks.len() == 1)
        .filter_map(|lp| CopyLoop::find(func, &cfg, &escaping, forest.data(lp).header))
        .collect();
    let replaced = found.len();
    for copy in found {
        copy.replace(func);
    }
    replaced
}

/// An address as `base + coef · j + offset`, `base` defined outside the
/// loop (or absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Affine {
    base: Option<Value>,
    coef: i64,
    offset: i64,
}

impl Affine {
    fn constant(offset: i64) -> Affine {
        Affine { base: None, coef: 0, offset }
    }

    fn add(self, other: Affine) -> Option<Affine> {
        let base = match (self.base, other.base) {
            (Some(_), Some(_)) => return None,
            (a, b) => a.or(b),
        };
        Some(Affine { base, coef: self.coef.checked_add(other.coef)?, offset: self.offset.checked_add(other.offset)? })
    }

    /// `self · factor` when `self` has no base.
    fn scale(self, factor: i64) -> Option<Affine> {
        if self.base.is_some() {
            return None;
        }
        Some(Affine { base: None, coef: self.coef.checked_mul(factor)?, offset: self.offset.checked_mul(factor)? })
    }
}

/// One copy of the loop: a load and the store of its value, with their
/// addresses and the size of the copied type.
#[derive(Clone, Copy, Debug)]
struct Copy {
    src: Affine,
    dst: Affine,
    size: i64,
}

/// A loop that qualifies, found by [`CopyLoop::find`].
struct CopyLoop {
    header: Block,
    /// The entry edge's branch and successor slot.
    entry: (Inst, usize),
    /// The initial value of `j`.
    start: Value,
    bound: Value,
    /// What the bound is adjusted by for a strict test: 1 for `j' <= b`,
    /// -1 for `j' >= b`, 0 otherwise.
    adjust: i64,
    /// The step, 1 or -1.
    step: i64,
    /// The condition under which the loop continues, as `j' cond b`.
    cond: IntCC,
    /// The header's branch and its successor slot that leaves the loop.
    exit: (Inst, usize),
    /// The header's parameter `j`, and its step.
    param: Value,
    copies: Vec<Copy>,
}

impl CopyLoop {
    fn find(func: &Function, cfg: &Cfg, escaping: &HashSet<Value>, header: Block) -> Option<CopyLoop> {
        let [param] = func.blocks[header].params[..] else { return None };
        if func.value_type(param) != Type::I64 || Some(header) == func.entry() {
            return None;
        }
        let preds = cfg.preds(header);
        let entries: Vec<_> = preds.iter().map(|&e| cfg.edge(e)).filter(|e| e.from != header).collect();
        if preds.len() != 2 || entries.len() != 1 {
            return None;
        }
        let entry = (entries[0].branch, entries[0].slot as usize);
        let start = func.successor_slot(entry.0, entry.1).args[0];
        let branch = func.terminator(header)?;
        let InstData::Brif { cond, then_dest, else_dest } = &func.insts[branch] else { return None };
        let (back, exit, continues_if_true) = match (then_dest.block == header, else_dest.block == header) {
            (true, false) => (then_dest, (else_dest, 1), true),
            (false, true) => (else_dest, (then_dest, 0), false),
            _ => return None,
        };
        let next = back.args[0];
        let (from, step) = func.constant_offset(next)?;
        if from != param || !matches!(step, 1 | -1) {
            return None;
        }
        let inside = |v: Value| match func.values[v].def {
            ValueDef::Result(inst) => func.block_of(inst) == Some(header),
            ValueDef::Param(block, _) => block == header,
        };
        let ValueDef::Result(compare) = func.values[*cond].def else { return None };
        let InstData::Icmp { cond: cc, args: [a, b] } = func.insts[compare] else { return None };
        // `j'` may be computed twice, for the back edge and for the test.
        let is_next = |v: Value| v == next || func.constant_offset(v) == Some((param, step));
        let (cc, bound) = match (is_next(a), is_next(b)) {
            (true, false) => (cc, b),
            (false, true) => (cc.swapped(), a),
            _ => return None,
        };
        let cc = if continues_if_true { cc } else { cc.inverse() };
        // `j' <= b` is `j' < b + 1`, and `j' >= b` is `j' > b - 1`.
        let (cc, adjust) = match (step, cc) {
            (1, IntCC::Slt | IntCC::Ult | IntCC::Ne) | (-1, IntCC::Sgt | IntCC::Ugt | IntCC::Ne) => (cc, 0),
            (1, IntCC::Sle) => (IntCC::Slt, 1),
            (1, IntCC::Ule) => (IntCC::Ult, 1),
            (-1, IntCC::Sge) => (IntCC::Sgt, -1),
            (-1, IntCC::Uge) => (IntCC::Ugt, -1),
            _ => return None,
        };
        if !invariant(func, bound, &inside, MAX_BOUND_DEPTH) {
            return None;
        }
        // What leaves the loop is `j`, `j'` or a value from outside.
        if exit.0.args.iter().any(|&v| inside(v) && v != param && !is_next(v)) {
            return None;
        }
        let copies = copies(func, header, param, escaping, &inside)?;
        if too_close(&copies, step) {
            return None;
        }
        Some(CopyLoop { header, entry, start, bound, adjust, step, cond: cc, exit: (branch, exit.1), param, copies })
    }

    /// Puts the guard and the calls on the entry edge: see the module
    /// comment.
    fn replace(self, func: &mut Function) {
        let guard = func.create_block();
        let calls = func.create_block();
        let line = func.block_lines[self.header];
        func.block_lines[guard] = line;
        func.block_lines[calls] = line;
        let original = func.successor_slot(self.entry.0, self.entry.1).clone();
        func.successor_slot_mut(self.entry.0, self.entry.1).block = guard;
        func.successor_slot_mut(self.entry.0, self.entry.1).args = Vec::new();

        let mut b = Builder { func, block: guard };
        // The bound may be computed in the loop, from values defined
        // outside it.
        let bound = b.copy_invariant(self.bound, self.header);
        let bound = match self.adjust {
            0 => bound,
            adjust => {
                let adjust = b.iconst(adjust);
                b.binary(BinaryOp::Iadd, bound, adjust)
            }
        };
        let n = if self.step == 1 { b.binary(BinaryOp::Isub, bound, self.start) } else { b.binary(BinaryOp::Isub, self.start, bound) };
        let minus_one = b.iconst(-1);
        let n_minus_one = b.binary(BinaryOp::Iadd, n, minus_one);
        let limit = b.iconst(MAX_ITERATIONS_MINUS_ONE);
        let mut ok = b.icmp(IntCC::Ule, n_minus_one, limit);
        if self.cond != IntCC::Ne {
            // The first iteration's test, `j0 cond b`, makes `n` exact.
            let first = b.icmp(self.cond, self.start, bound);
            ok = b.binary(BinaryOp::Band, ok, first);
        }
        // The lowest and highest `j` of the loop.
        let (low_j, high_j) = if self.step == 1 {
            (self.start, b.binary(BinaryOp::Iadd, self.start, n_minus_one))
        } else {
            (b.binary(BinaryOp::Isub, self.start, n_minus_one), self.start)
        };
        let region = |b: &mut Builder, a: Affine, size: i64| -> (Affine, Value, Value) {
            let j = if a.coef > 0 { low_j } else { high_j };
            let low = b.affine(a, j);
            let bytes = b.iconst(size);
            let len = b.binary(BinaryOp::Imul, n, bytes);
            let end = b.binary(BinaryOp::Iadd, low, len);
            (a, low, end)
        };
        // Each copy's regions, its own test right after them, then the
        // tests between copies.
        let pairs = pairs_apart(&self.copies, self.step);
        let mut regions: Vec<[(Affine, Value, Value); 2]> = Vec::new();
        let mut moves = Vec::new();
        for (i, copy) in self.copies.iter().enumerate() {
            let src = region(&mut b, copy.src, copy.size);
            let dst = region(&mut b, copy.dst, copy.size);
            regions.push([dst, src]);
            moves.push((dst.1, src.1, copy.size));
            if pairs.iter().any(|&(x, y)| x.copy == i && y.copy == i) {
                ok = b.disjoint(ok, src, dst, n, copy.size);
            }
        }
        for (x, y) in pairs.into_iter().filter(|(x, y)| x.copy != y.copy) {
            let size = self.copies[x.copy].size.max(self.copies[y.copy].size);
            ok = b.disjoint(ok, regions[x.copy][usize::from(x.source)], regions[y.copy][usize::from(y.source)], n, size);
        }
        let bytes_of = |b: &mut Builder, size: i64| {
            let size = b.iconst(size);
            b.binary(BinaryOp::Imul, n, size)
        };
        let fallback = BlockCall::new(self.header, original.args.clone());
        let brif = InstData::Brif { cond: ok, then_dest: BlockCall::new(calls, Vec::new()), else_dest: fallback };
        b.func.append_inst(guard, brif, None);

        let mut b = Builder { func: b.func, block: calls };
        for (dst, src, size) in moves {
            let len = bytes_of(&mut b, size);
            let call = InstData::Call { callee: Callee::Direct(MEMMOVE.to_string()), sig: memmove_signature(), args: vec![dst, src, len] };
            b.func.append_inst(calls, call, Some(Type::I64));
        }
        let last = b.iconst(-self.step);
        let final_j = b.binary(BinaryOp::Iadd, bound, last);
        let exit = b.func.successor_slot(self.exit.0, self.exit.1).clone();
        let next = |v: Value| b.func.constant_offset(v) == Some((self.param, self.step));
        let args = exit.args.iter().map(|&v| if v == self.param { final_j } else if next(v) { bound } else { v }).collect();
        b.func.append_inst(calls, InstData::Jump { dest: BlockCall::new(exit.block, args) }, None);
    }
}

/// True when two regions of one base and coefficient that must be apart
/// (see [`CopyLoop::replace`]) are less than [`MIN_ROOM`] elements apart.
fn too_close(copies: &[Copy], step: i64) -> bool {
    pairs_apart(copies, step).into_iter().any(|(x, y)| {
        let (xa, ya) = (x.address(copies), y.address(copies));
        let size = copies[x.copy].size.max(copies[y.copy].size);
        xa.base == ya.base && xa.coef == ya.coef && room(xa, ya, size).is_none_or(|room| room < MIN_ROOM)
    })
}

/// A copy's source or destination, by the copy's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Region {
    copy: usize,
    source: bool,
}

impl Region {
    fn address(self, copies: &[Copy]) -> Affine {
        let copy = &copies[self.copy];
        if self.source { copy.src } else { copy.dst }
    }
}

/// The pairs of regions that must not overlap for the copies to run one
/// after the other as `memmove`s: a copy's source and destination unless
/// it reads every element before writing it, then each destination
/// against every other copy's source and destination (each pair of
/// destinations once). The guard tests them in this order.
fn pairs_apart(copies: &[Copy], step: i64) -> Vec<(Region, Region)> {
    let source = |copy| Region { copy, source: true };
    let destination = |copy| Region { copy, source: false };
    let mut pairs: Vec<(Region, Region)> =
        (0..copies.len()).filter(|&i| !reads_before_writing(&copies[i], step)).map(|i| (source(i), destination(i))).collect();
    for i in 0..copies.len() {
        for k in (0..copies.len()).filter(|&k| k != i) {
            pairs.push((destination(i), source(k)));
            if k > i {
                pairs.push((destination(i), destination(k)));
            }
        }
    }
    pairs
}

/// How many elements of `size` bytes fit between the starts of two
/// regions of one base and coefficient (`None` if the distance overflows).
fn room(x: Affine, y: Affine, size: i64) -> Option<u64> {
    Some(x.offset.checked_sub(y.offset)?.unsigned_abs() / size.unsigned_abs())
}

/// True when the loop reads every element of `copy`'s source before it
/// writes it, whatever the trip count: the copy is then a `memmove`
/// without a test (see the module comment).
fn reads_before_writing(copy: &Copy, step: i64) -> bool {
    if copy.src.base != copy.dst.base || copy.src.coef != copy.dst.coef {
        return false;
    }
    let Some(distance) = copy.dst.offset.checked_sub(copy.src.offset) else { return false };
    let ascending = (copy.src.coef > 0) == (step > 0);
    if ascending { distance <= 0 } else { distance >= 0 }
}

/// The copies of the loop `header`, if every instruction of it but the
/// terminator is a load or store of one or pure arithmetic, and no value
/// of the loop is read outside it (see the module comment).
fn copies(
    func: &Function,
    header: Block,
    param: Value,
    escaping: &HashSet<Value>,
    inside: &dyn Fn(Value) -> bool,
) -> Option<Vec<Copy>> {
    let insts = &func.blocks[header].insts;
    if escaping.contains(&param) {
        return None;
    }
    let mut uses: HashMap<Value, usize> = HashMap::new();
    for &inst in insts {
        for v in func.insts[inst].all_uses() {
            *uses.entry(v).or_default() += 1;
        }
    }
    let mut copies = Vec::new();
    for &inst in &insts[..insts.len() - 1] {
        match &func.insts[inst] {
            InstData::Store { value, addr, offset } => {
                let ValueDef::Result(load) = func.values[*value].def else { return None };
                let InstData::Load { addr: src, offset: src_offset } = func.insts[load] else { return None };
                if func.block_of(load) != Some(header) || uses.get(value) != Some(&1) {
                    return None;
                }
                let size = i64::from(func.value_type(*value).bytes());
                let src = affine(func, src, param, inside, 8)?.add(Affine::constant(src_offset.into()))?;
                let dst = affine(func, *addr, param, inside, 8)?.add(Affine::constant((*offset).into()))?;
                if src.coef != dst.coef || src.coef.abs() != size {
                    return None;
                }
                copies.push(Copy { src, dst, size });
            }
            InstData::Load { .. } => {}
            data if data.is_pure() => {}
            _ => return None,
        }
        // A value of the loop read after it, other than through the exit
        // edge's arguments, would need the loop.
        if func.inst_result(inst).is_some_and(|result| escaping.contains(&result)) {
            return None;
        }
    }
    (!copies.is_empty()).then_some(copies)
}

/// `v` as `base + coef · j + offset`, looking through at most `depth`
/// additions, subtractions, multiplications and shifts by constants.
fn affine(func: &Function, v: Value, param: Value, inside: &dyn Fn(Value) -> bool, depth: usize) -> Option<Affine> {
    if v == param {
        return Some(Affine { base: None, coef: 1, offset: 0 });
    }
    if let Some(k) = func.constant_value(v) {
        return Some(Affine::constant(k));
    }
    if !inside(v) {
        return Some(Affine { base: Some(v), coef: 0, offset: 0 });
    }
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    let InstData::Binary { op, args: [a, b] } = func.insts[inst] else { return None };
    if depth == 0 || func.value_type(v) != Type::I64 {
        return None;
    }
    let a = affine(func, a, param, inside, depth - 1)?;
    let b = affine(func, b, param, inside, depth - 1)?;
    match op {
        BinaryOp::Iadd => a.add(b),
        BinaryOp::Isub => a.add(b.scale(-1)?),
        BinaryOp::Imul if b.base.is_none() && b.coef == 0 => a.scale(b.offset),
        BinaryOp::Imul if a.base.is_none() && a.coef == 0 => b.scale(a.offset),
        BinaryOp::Ishl if b.base.is_none() && b.coef == 0 && (0..32).contains(&b.offset) => a.scale(1 << b.offset),
        _ => None,
    }
}

/// The values of `func` that a block other than their own reads.
fn values_read_in_other_blocks(func: &Function) -> HashSet<Value> {
    let own_block = |v: Value| match func.values[v].def {
        ValueDef::Result(inst) => func.block_of(inst),
        ValueDef::Param(block, _) => Some(block),
    };
    let mut escaping = HashSet::new();
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            escaping.extend(func.insts[inst].all_uses().into_iter().filter(|&v| own_block(v) != Some(block)));
        }
    }
    escaping
}

/// How deep an expression of the bound computed in the loop may be.
const MAX_BOUND_DEPTH: usize = 4;

/// True when `v` is defined outside the loop, or computed in it by pure
/// instructions (of at most `depth` levels) from constants and such values.
fn invariant(func: &Function, v: Value, inside: &dyn Fn(Value) -> bool, depth: usize) -> bool {
    if !inside(v) {
        return true;
    }
    let ValueDef::Result(inst) = func.values[v].def else { return false };
    let data = &func.insts[inst];
    let pure = data.is_pure() && !matches!(data, InstData::Load { .. });
    pure && depth > 0 && data.operands().iter().all(|&u| invariant(func, u, inside, depth - 1))
}

/// Appends the guard's and the calls' instructions to a block.
struct Builder<'f> {
    func: &'f mut Function,
    block: Block,
}

impl Builder<'_> {
    fn iconst(&mut self, imm: i64) -> Value {
        self.func.append_value(self.block, InstData::Iconst { imm }, Type::I64)
    }

    fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.func.value_type(a);
        self.func.append_value(self.block, InstData::Binary { op, args: [a, b] }, ty)
    }

    fn icmp(&mut self, cond: IntCC, a: Value, b: Value) -> Value {
        self.func.append_value(self.block, InstData::Icmp { cond, args: [a, b] }, Type::I8)
    }

    /// `v`, which [`invariant`] accepts, as a value available in the
    /// block: itself if it is defined outside the loop `header`, and
    /// otherwise a copy of its computation.
    fn copy_invariant(&mut self, v: Value, header: Block) -> Value {
        let ValueDef::Result(inst) = self.func.values[v].def else { return v };
        if self.func.block_of(inst) != Some(header) {
            return v;
        }
        let mut data = self.func.insts[inst].clone();
        let operands = data.operands();
        let copies: Vec<Value> = operands.iter().map(|&u| self.copy_invariant(u, header)).collect();
        data.map_uses(|u| copies[operands.iter().position(|&o| o == u).expect("an operand")]);
        let ty = self.func.value_type(v);
        self.func.append_value(self.block, data, ty)
    }

    /// `base + coef · j + offset`.
    fn affine(&mut self, a: Affine, j: Value) -> Value {
        let coef = self.iconst(a.coef);
        let scaled = self.binary(BinaryOp::Imul, j, coef);
        let offset = self.iconst(a.offset);
        let sum = self.binary(BinaryOp::Iadd, scaled, offset);
        match a.base {
            Some(base) => self.binary(BinaryOp::Iadd, base, sum),
            None => sum,
        }
    }

    /// `ok` and the test that regions `x` and `y` (each `(address, low,
    /// end)`) of `n` elements do not overlap: `n ≤ |Δ| / size` for two
    /// regions of one base and coefficient `Δ` bytes apart, and their ends
    /// compared otherwise.
    fn disjoint(&mut self, ok: Value, x: (Affine, Value, Value), y: (Affine, Value, Value), n: Value, size: i64) -> Value {
        let (xa, x_low, x_end) = x;
        let (ya, y_low, y_end) = y;
        let apart = if let Some(room) = (xa.base == ya.base && xa.coef == ya.coef).then(|| room(xa, ya, size)).flatten() {
            let room = self.iconst(i64::try_from(room).unwrap_or(i64::MAX));
            self.icmp(IntCC::Ule, n, room)
        } else {
            let below = self.icmp(IntCC::Ule, x_end, y_low);
            let above = self.icmp(IntCC::Ule, y_end, x_low);
            self.binary(BinaryOp::Bor, below, above)
        };
        self.binary(BinaryOp::Band, ok, apart)
    }
}
