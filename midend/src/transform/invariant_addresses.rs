//! The loop-invariant terms of an address are added up apart from the
//! term that changes, so that the sum of the invariant ones leaves the
//! loop.
//!
//! `s[i + k]` in a loop over `k` is computed as `s + (i + k)`: an addition
//! of `i + k` on every iteration, although `s + i` never changes. gcc's
//! and LLVM's induction-variable optimizations rewrite such an address as
//! an invariant base plus the changing index (LLVM's `LoopStrengthReduce`
//! and its address-mode-aware reassociation; Cooper and Torczon,
//! "Engineering a Compiler", 2nd ed., §8.4.2, reassociation that exposes
//! loop-invariant subexpressions to code motion). This pass does the
//! reassociation; Cranelift's loop-invariant code motion then hoists the
//! invariant sum, and the changing term, times a scale of 1, 2, 4 or 8,
//! fits the x86 addressing mode `(base, index, scale)`.
//!
//! The address of a load or store in a loop is taken apart into a sum of
//! terms, each a value times a constant scale, through `iadd`, `isub`,
//! `imul` and `ishl` by constants and `sextend` of a 32-bit `iadd nsw` or
//! `isub nsw` (the `nsw` says the sum did not wrap, so extending it equals
//! adding the extensions). Every other step is exact in 64-bit wrapping
//! arithmetic. A value the loop does not change (defined outside it, or
//! computed in it from such values only) is one term, not taken apart.
//! When the address has two or more invariant terms and exactly one term
//! that changes, with a scale an addressing mode has, it is rebuilt as
//! their sum plus that term, right before the access; constants move into
//! the access's offset. An address that is also used as a value stays as
//! it is, since it is computed anyway (as in [`super::address_offsets`]).

use crate::analysis::cfg::Cfg;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{BinaryOp, Block, Function, InstData, Type, UnaryOp, Value, ValueDef};
use crate::transform::address_offsets::values_used_as_values;
use std::collections::HashMap;

/// How deep the decomposition follows an address's operands.
const MAX_DEPTH: u32 = 8;

/// The most terms an address may have to be rebuilt.
const MAX_TERMS: usize = 6;

/// One term of an address: `value` (sign-extended from 32 bits when
/// `extend` is set) times `scale`.
#[derive(Clone, Copy, Debug)]
struct Term {
    value: Value,
    extend: bool,
    scale: i64,
}

/// Rebuilds the addresses in loops whose invariant terms can be added up
/// outside the loop; returns how many accesses changed.
pub fn group_invariant_addresses(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let forest = LoopForest::compute(&cfg);
    let used_as_value = values_used_as_values(func);
    let mut invariance = Invariance { forest: &forest, known: HashMap::new() };
    let mut rebuilt = 0;
    for block in func.layout.clone() {
        let Some(lp) = forest.innermost_loop(block) else { continue };
        if !forest.data(lp).is_reducible {
            continue;
        }
        let mut index = 0;
        while index < func.blocks[block].insts.len() {
            let inst = func.blocks[block].insts[index];
            index += 1;
            let Some((addr, offset)) = func.insts[inst].memory_address() else { continue };
            if used_as_value.contains(&addr) || func.value_type(addr) != Type::I64 {
                continue;
            }
            let mut terms = Vec::new();
            let mut constant = 0i64;
            if !decompose(func, &mut invariance, lp, addr, false, 1, 0, &mut terms, &mut constant) || terms.len() > MAX_TERMS {
                continue;
            }
            let (invariant, changing): (Vec<Term>, Vec<Term>) =
                terms.into_iter().partition(|t| invariance.of(func, lp, t.value));
            let [step] = changing[..] else { continue };
            if invariant.len() < 2 || ![1, 2, 4, 8].contains(&step.scale) {
                continue;
            }
            let Some(new_offset) = i32::try_from(constant).ok().and_then(|c| c.checked_add(offset)) else { continue };
            let mut position = index - 1;
            // Added last term first: the base pointer comes last, so the sum
            // is not the same expression as an access's own `base + index`
            // elsewhere, which Cranelift would merge it with and compute
            // wherever that access is, however often it runs (k120's
            // `buf[cand]` outside the loop over `buf[cand + len]`).
            let mut sum = None;
            for term in invariant.into_iter().rev() {
                let value = build_term(func, block, &mut position, term);
                sum = Some(match sum {
                    None => value,
                    Some(previous) => binary(func, block, &mut position, BinaryOp::Iadd, previous, value),
                });
            }
            let base = sum.expect("there are at least two invariant terms");
            let index_value = build_term(func, block, &mut position, step);
            let new_addr = binary(func, block, &mut position, BinaryOp::Iadd, base, index_value);
            index = position + 1;
            func.insts[inst].set_memory_address(new_addr, new_offset);
            rebuilt += 1;
        }
    }
    rebuilt
}

/// Which values a loop does not change, remembered per loop and value.
struct Invariance<'a> {
    forest: &'a LoopForest,
    known: HashMap<(Loop, Value), bool>,
}

impl Invariance<'_> {
    /// Whether `value` is the same on every iteration of `lp`: defined
    /// outside it, or a constant, or pure arithmetic of such values.
    fn of(&mut self, func: &Function, lp: Loop, value: Value) -> bool {
        self.within(func, lp, value, 0)
    }

    fn within(&mut self, func: &Function, lp: Loop, value: Value, depth: u32) -> bool {
        if let Some(&known) = self.known.get(&(lp, value)) {
            return known;
        }
        let invariant = match func.values[value].def {
            ValueDef::Param(block, _) => !self.forest.contains(lp, block),
            ValueDef::Result(inst) => {
                let outside = func.block_of(inst).is_some_and(|b| !self.forest.contains(lp, b));
                outside
                    || depth < MAX_DEPTH
                        && match &func.insts[inst] {
                            InstData::Iconst { .. } => true,
                            InstData::Binary { args, .. } => {
                                is_pure_arithmetic(&func.insts[inst])
                                    && args.iter().all(|&a| self.within(func, lp, a, depth + 1))
                            }
                            InstData::Unary { op: UnaryOp::Sextend | UnaryOp::Uextend | UnaryOp::Ireduce, arg } => {
                                self.within(func, lp, *arg, depth + 1)
                            }
                            _ => false,
                        }
            }
        };
        self.known.insert((lp, value), invariant);
        invariant
    }
}

/// Whether a binary instruction computes without trapping or touching
/// memory, so that it may be computed anywhere its operands are.
fn is_pure_arithmetic(data: &InstData) -> bool {
    matches!(
        data,
        InstData::Binary {
            op: BinaryOp::Iadd
                | BinaryOp::Isub
                | BinaryOp::Imul
                | BinaryOp::Ishl
                | BinaryOp::Band
                | BinaryOp::Bor
                | BinaryOp::Bxor,
            ..
        }
    )
}

/// Adds the terms of `value` times `scale` (a 32-bit value to be
/// sign-extended when `extend` is set) to `terms` and its constant part to
/// `constant`; false when an overflowing constant makes the split useless.
#[allow(clippy::too_many_arguments)]
fn decompose(
    func: &Function,
    invariance: &mut Invariance,
    lp: Loop,
    value: Value,
    extend: bool,
    scale: i64,
    depth: u32,
    terms: &mut Vec<Term>,
    constant: &mut i64,
) -> bool {
    if let Some(k) = func.constant_value(value) {
        let Some(product) = k.checked_mul(scale) else { return false };
        let Some(sum) = constant.checked_add(product) else { return false };
        *constant = sum;
        return true;
    }
    let leaf = Term { value, extend, scale };
    let ValueDef::Result(inst) = func.values[value].def else {
        terms.push(leaf);
        return true;
    };
    if depth >= MAX_DEPTH || invariance.of(func, lp, value) {
        terms.push(leaf);
        return true;
    }
    let mut deeper = |v, extend, scale| decompose(func, invariance, lp, v, extend, scale, depth + 1, terms, constant);
    let nsw = func.no_signed_wrap.contains(inst);
    match func.insts[inst] {
        // Inside a sign extension, only sums that did not wrap distribute.
        InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } if !extend || nsw => {
            deeper(a, extend, scale) && deeper(b, extend, scale)
        }
        InstData::Binary { op: BinaryOp::Isub, args: [a, b] } if !extend || nsw => match scale.checked_neg() {
            Some(negated) => deeper(a, extend, scale) && deeper(b, extend, negated),
            None => false,
        },
        InstData::Binary { op: BinaryOp::Imul, args: [a, b] } if !extend => {
            match (func.constant_value(a), func.constant_value(b)) {
                (_, Some(k)) => scale.checked_mul(k).is_some_and(|s| deeper(a, false, s)),
                (Some(k), _) => scale.checked_mul(k).is_some_and(|s| deeper(b, false, s)),
                _ => {
                    terms.push(leaf);
                    true
                }
            }
        }
        InstData::Binary { op: BinaryOp::Ishl, args: [a, b] } if !extend => match func.constant_value(b) {
            Some(shift @ 0..=62) => scale.checked_mul(1 << shift).is_some_and(|s| deeper(a, false, s)),
            _ => {
                terms.push(leaf);
                true
            }
        },
        InstData::Unary { op: UnaryOp::Sextend, arg }
            if !extend && func.value_type(value) == Type::I64 && func.value_type(arg) == Type::I32 =>
        {
            deeper(arg, true, scale)
        }
        _ => {
            terms.push(leaf);
            true
        }
    }
}

/// Materializes `term` as a 64-bit value with instructions inserted at
/// `*position` of `block`.
fn build_term(func: &mut Function, block: Block, position: &mut usize, term: Term) -> Value {
    let mut value = term.value;
    if term.extend {
        value = insert(func, block, position, InstData::Unary { op: UnaryOp::Sextend, arg: value }, Type::I64);
    }
    if term.scale == 1 {
        return value;
    }
    let (op, amount) = if term.scale > 0 && term.scale.count_ones() == 1 {
        (BinaryOp::Ishl, i64::from(term.scale.trailing_zeros()))
    } else {
        (BinaryOp::Imul, term.scale)
    };
    let amount = insert(func, block, position, InstData::Iconst { imm: amount }, Type::I64);
    binary(func, block, position, op, value, amount)
}

fn binary(func: &mut Function, block: Block, position: &mut usize, op: BinaryOp, a: Value, b: Value) -> Value {
    insert(func, block, position, InstData::Binary { op, args: [a, b] }, Type::I64)
}

fn insert(func: &mut Function, block: Block, position: &mut usize, data: InstData, ty: Type) -> Value {
    let inst = func.insert_inst(block, *position, data, Some(ty));
    *position += 1;
    func.inst_result(inst).expect("the instruction was created with a result")
}
