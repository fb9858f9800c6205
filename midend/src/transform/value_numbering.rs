//! Dominator-based value numbering with redundant-load elimination.
//!
//! Briggs, Cooper and Simpson, "Value Numbering" (Software—Practice and
//! Experience 27(6), 1997), §3 "Dominator-based value numbering" (DVNT):
//! the blocks are walked in a preorder of the dominator tree with a scoped
//! table from expressions to the value that first computed them, so a pure
//! instruction whose expression is already in the table (computed in a
//! dominating block, or earlier in its own) gets that value's number.
//!
//! Cranelift's egraph already merges such pure instructions (and doing it
//! here too was measured to cost: k139 went from 1.23 to 1.54 × gcc, from
//! the register pressure of values kept alive across blocks), so they are
//! only numbered, not removed. Loads are what this pass is for: a load of
//! an address (after numbering, the same value, offset and type) that an
//! earlier load read or an earlier store wrote, with no store or call in
//! between, is removed and its uses read the value already known (bubble sort's swap reloads `a[j]` and `a[j + 1]`
//! right after comparing them). Known loads follow the walk only into a
//! block whose every incoming edge comes from its dominator-tree parent (an
//! extended basic block), since along any other edge a store may have
//! intervened; every store forgets those it may overlap (all but the ones
//! `analysis::alias` proves disjoint, such as another field through the
//! same pointer) and then records what it stored, and every call forgets
//! them all.
//! A byte or 16-bit load that something extends neither is reused nor
//! reuses: Cranelift extends a load as cheaply as a kept value, so reusing
//! it saves nothing and holds a register (k139). One that nothing extends
//! (a `char` compared after `narrow_compares`, or stored as it is) is
//! reused like any other, and then costs nothing at all.

use crate::analysis::alias::{decompose, disjoint};
use crate::analysis::cfg::Cfg;
use crate::analysis::dominators::DominatorTree;
use crate::ir::{BinaryOp, Block, FloatCC, Function, Inst, InstData, IntCC, StackSlot, Type, UnaryOp, Value};
use super::edit::{replace_uses, retain_insts};
use std::collections::{HashMap, HashSet};

/// A pure computation, with its operands already numbered.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Expr {
    Iconst(i64, Type),
    /// The bits of the constant, so that `-0.0` and `0.0` stay apart.
    Fconst(u64, Type),
    Unary(UnaryOp, Value, Type),
    Binary(BinaryOp, Value, Value, Type),
    Icmp(IntCC, Value, Value),
    Fcmp(FloatCC, Value, Value),
    Select(Value, Value, Value),
    StackAddr(StackSlot, i32),
    SymbolAddr(String, i64),
}

/// A memory location as a load or store names it: address, offset, type.
type Location = (Value, i32, Type);

/// Removes the loads of known values; returns how many.
pub fn number_values(func: &mut Function) -> usize {
    let cfg = Cfg::compute(func);
    let domtree = DominatorTree::compute(&cfg);
    let Some(root) = domtree.root() else { return 0 };
    let extended = extended_values(func);
    // The number of every value that has one other than itself: first
    // the pure instructions', then the removed loads'.
    let mut numbers: HashMap<Value, Value> = HashMap::new();
    let mut removed: HashSet<Inst> = HashSet::new();
    let mut stack = vec![(root, HashMap::new(), HashMap::new())];
    while let Some((block, mut exprs, mut loads)) = stack.pop() {
        number_block(func, block, &extended, &mut exprs, &mut loads, &mut numbers, &mut removed);
        for child in domtree.children(block) {
            let extends = cfg.preds(child).iter().all(|&e| cfg.edge(e).from == block);
            let inherited = if extends { loads.clone() } else { HashMap::new() };
            stack.push((child, exprs.clone(), inherited));
        }
    }
    let loaded: HashMap<Value, Value> = removed
        .iter()
        .filter_map(|&inst| func.inst_result(inst))
        .map(|v| (v, numbers[&v]))
        .collect();
    retain_insts(func, |_, inst| !removed.contains(&inst));
    replace_uses(func, |v| *loaded.get(&v).unwrap_or(&v));
    removed.len()
}

/// Numbers the instructions of `block` given what its dominators computed.
fn number_block(
    func: &Function,
    block: Block,
    extended: &HashSet<Value>,
    exprs: &mut HashMap<Expr, Value>,
    loads: &mut HashMap<Location, Value>,
    numbers: &mut HashMap<Value, Value>,
    removed: &mut HashSet<Inst>,
) {
    let number = |v: Value, numbers: &HashMap<Value, Value>| *numbers.get(&v).unwrap_or(&v);
    for &inst in &func.blocks[block].insts {
        let result = func.inst_result(inst);
        let ty = result.map(|r| func.value_type(r));
        let known = match (&func.insts[inst], result, ty) {
            // An extending load costs what extending a kept value costs,
            // so reusing an extended byte or `short` saves nothing and
            // holds a register (k139).
            (&InstData::Load { .. }, Some(result), Some(Type::I8 | Type::I16)) if extended.contains(&result) => None,
            (&InstData::Load { addr, offset }, Some(result), Some(ty)) => {
                let location = (number(addr, numbers), offset, ty);
                let known = *loads.entry(location).or_insert(result);
                if known != result {
                    removed.insert(inst);
                }
                Some(known)
            }
            (&InstData::Store { value, addr, offset }, _, _) => {
                let written = decompose(func, addr, offset);
                let size = func.value_type(value).bytes();
                loads.retain(|&(a, o, ty), _| disjoint(&decompose(func, a, o), ty.bytes(), &written, size));
                let location = (number(addr, numbers), offset, func.value_type(value));
                loads.insert(location, number(value, numbers));
                None
            }
            (InstData::Call { .. }, _, _) => {
                loads.clear();
                None
            }
            (data, Some(result), Some(ty)) if data.is_pure() => {
                expression(data, ty, |v| number(v, numbers)).map(|e| *exprs.entry(e).or_insert(result))
            }
            _ => None,
        };
        if let (Some(known), Some(result)) = (known, result) {
            if known != result {
                numbers.insert(result, known);
            }
        }
    }
}

/// The values that a `sextend` or `uextend` reads.
fn extended_values(func: &Function) -> HashSet<Value> {
    func.layout
        .iter()
        .flat_map(|&block| &func.blocks[block].insts)
        .filter_map(|&inst| match func.insts[inst] {
            InstData::Unary { op: UnaryOp::Sextend | UnaryOp::Uextend, arg } => Some(arg),
            _ => None,
        })
        .collect()
}

/// The expression a pure instruction computes, operands numbered by
/// `number`; commutative integer operations list their operands in order.
fn expression(data: &InstData, ty: Type, number: impl Fn(Value) -> Value) -> Option<Expr> {
    Some(match *data {
        InstData::Iconst { imm } => Expr::Iconst(imm, ty),
        InstData::Fconst { value } => Expr::Fconst(value.to_bits(), ty),
        InstData::Unary { op, arg } => Expr::Unary(op, number(arg), ty),
        InstData::Binary { op, args: [a, b] } => {
            let (a, b) = (number(a), number(b));
            let commutative = matches!(op, BinaryOp::Iadd | BinaryOp::Imul | BinaryOp::Band | BinaryOp::Bor | BinaryOp::Bxor);
            let (a, b) = if commutative && b < a { (b, a) } else { (a, b) };
            Expr::Binary(op, a, b, ty)
        }
        InstData::Icmp { cond, args: [a, b] } => Expr::Icmp(cond, number(a), number(b)),
        InstData::Fcmp { cond, args: [a, b] } => Expr::Fcmp(cond, number(a), number(b)),
        InstData::Select { cond, if_true, if_false } => Expr::Select(number(cond), number(if_true), number(if_false)),
        InstData::StackAddr { slot, offset } => Expr::StackAddr(slot, offset),
        InstData::SymbolAddr { ref symbol, offset } => Expr::SymbolAddr(symbol.clone(), offset),
        _ => return None,
    })
}
