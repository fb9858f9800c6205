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
use crate::ir::{BinaryOp, Block, FloatCC, Function, Inst, InstData, IntCC, StackSlot, Type, UnaryOp, Value, ValueDef};
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
    /// A 64-bit value plus a nonzero constant: `iadd` and `isub` of
    /// constants, with chains added up (`(p + 258) - 1` is `p + 257`).
    Offset(Value, i64),
}

/// What numbering learns about values beyond their expressions, by their
/// numbers: the 64-bit values that are another value plus a constant.
#[derive(Default)]
struct Facts {
    offsets: HashMap<Value, (Value, i64)>,
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
    let mut facts = Facts::default();
    // The expressions in scope are one table with an undo log (Briggs,
    // Cooper and Simpson's scoped table), so that a long chain of
    // dominators costs memory in its length, not its square.
    let mut exprs = ScopedTable::default();
    let mut stack = vec![Visit::Enter(root, HashMap::new())];
    while let Some(visit) = stack.pop() {
        let (block, mut loads) = match visit {
            Visit::Enter(block, loads) => (block, loads),
            Visit::Leave(mark) => {
                exprs.undo_to(mark);
                continue;
            }
        };
        stack.push(Visit::Leave(exprs.mark()));
        number_block(func, block, &extended, &mut exprs, &mut loads, &mut numbers, &mut facts, &mut removed);
        if loads.len() > MAX_KNOWN_LOADS {
            loads.clear();
        }
        for child in domtree.children(block) {
            let inherited = if writes_nothing_between(func, &cfg, block, child) { loads.clone() } else { HashMap::new() };
            stack.push(Visit::Enter(child, inherited));
        }
    }
    let same_args = parameters_with_one_value(func, &cfg, &domtree, &numbers);
    let loaded: HashMap<Value, Value> = removed
        .iter()
        .filter_map(|&inst| func.inst_result(inst))
        .map(|v| (v, numbers[&v]))
        .collect();
    retain_insts(func, |_, inst| !removed.contains(&inst));
    replace_uses(func, |v| *loaded.get(&v).or_else(|| same_args.get(&v)).unwrap_or(&v));
    removed.len()
}

/// A step of the walk over the dominator tree: number a block, with the
/// loads known on entry, or leave one, forgetting the expressions its
/// subtree added (the log length on entry).
enum Visit {
    Enter(Block, HashMap<Location, Value>),
    Leave(usize),
}

/// The most known loads a block hands to its children; past it they are
/// forgotten, so that copying them stays cheap.
const MAX_KNOWN_LOADS: usize = 256;

/// A hash table whose insertions can be undone in reverse order.
#[derive(Default)]
struct ScopedTable {
    map: HashMap<Expr, Value>,
    log: Vec<Expr>,
}

impl ScopedTable {
    /// The value of `key`, inserting `value` first if it has none.
    fn get_or_insert(&mut self, key: Expr, value: Value) -> Value {
        if let Some(&known) = self.map.get(&key) {
            return known;
        }
        self.log.push(key.clone());
        self.map.insert(key, value);
        value
    }

    fn mark(&self) -> usize {
        self.log.len()
    }

    /// Removes every key inserted since `mark`.
    fn undo_to(&mut self, mark: usize) {
        for key in self.log.drain(mark..) {
            self.map.remove(&key);
        }
    }
}

/// The most blocks [`writes_nothing_between`] looks at.
const REGION_LIMIT: usize = 64;

/// Whether no store or call can run after `parent` ends and before
/// `child`, which `parent` immediately dominates, starts: every block on a
/// path between them (found backwards from `child`, at most
/// [`REGION_LIMIT`] of them) neither stores nor calls. Then the memory
/// `parent` knew is still known in `child`: the extended basic block of
/// the paper when `parent` is `child`'s only predecessor, and also the
/// join of an `if` whose arms only compute.
fn writes_nothing_between(func: &Function, cfg: &Cfg, parent: Block, child: Block) -> bool {
    let mut seen: HashSet<Block> = HashSet::new();
    let mut work: Vec<Block> = cfg.preds(child).iter().map(|&e| cfg.edge(e).from).filter(|&b| b != parent).collect();
    while let Some(block) = work.pop() {
        if !seen.insert(block) {
            continue;
        }
        if seen.len() > REGION_LIMIT {
            return false;
        }
        let writes = func.blocks[block].insts.iter().any(|&i| matches!(func.insts[i], InstData::Store { .. } | InstData::Call { .. }));
        if writes {
            return false;
        }
        work.extend(cfg.preds(block).iter().map(|&e| cfg.edge(e).from).filter(|&b| b != parent));
    }
    true
}

/// The block parameters that receive one value, by number, on every
/// incoming edge, mapped to that value when it is available where their
/// blocks start: a C variable reset to what it held (zlib's
/// `scan = strend - MAX_MATCH`, which is `scan` again) needs no register
/// of its own. Parameters that feed each other around loops are taken a
/// strongly connected component at a time, as Braun, Buchwald, Hack,
/// Leißa, Mallon and Zwinkau remove redundant phi cycles ("Simple and
/// Efficient Construction of Static Single Assignment Form", CC 2013,
/// §3.2): a component whose arguments from outside it are all one value
/// is that value.
fn parameters_with_one_value(func: &Function, cfg: &Cfg, domtree: &DominatorTree, numbers: &HashMap<Value, Value>) -> HashMap<Value, Value> {
    let number = |v: Value| *numbers.get(&v).unwrap_or(&v);
    // Every parameter with the numbers of its incoming arguments.
    let mut params: Vec<(Value, Block, Vec<Value>)> = Vec::new();
    for &block in cfg.blocks() {
        for (i, &param) in func.blocks[block].params.iter().enumerate() {
            let args = cfg
                .preds(block)
                .iter()
                .map(|&e| {
                    let edge = cfg.edge(e);
                    number(func.successor_slot(edge.branch, edge.slot as usize).args[i])
                })
                .collect();
            params.push((param, block, args));
        }
    }
    let index: HashMap<Value, usize> = params.iter().enumerate().map(|(i, p)| (p.0, i)).collect();
    let successors: Vec<Vec<usize>> =
        params.iter().map(|(_, _, args)| args.iter().filter_map(|a| index.get(a).copied()).collect()).collect();
    let mut replace: HashMap<Value, Value> = HashMap::new();
    // Components come dependencies first, so the parameters an argument
    // names are already resolved when they lie outside the component.
    for component in strongly_connected_components(&successors) {
        let members: HashSet<Value> = component.iter().map(|&i| params[i].0).collect();
        let mut outside: Vec<Value> = component
            .iter()
            .flat_map(|&i| params[i].2.iter().map(|a| *replace.get(a).unwrap_or(a)))
            .filter(|a| !members.contains(a))
            .collect();
        outside.sort();
        outside.dedup();
        let [value] = outside[..] else { continue };
        let defined_in = match func.values[value].def {
            ValueDef::Result(inst) => func.block_of(inst),
            ValueDef::Param(b, _) => Some(b),
        };
        let available = |block: Block| defined_in.is_some_and(|b| b != block && domtree.dominates(b, block));
        if component.iter().all(|&i| available(params[i].1)) {
            for &i in &component {
                replace.insert(params[i].0, value);
            }
        }
    }
    replace
}

/// The strongly connected components of a graph given by successor lists,
/// each a list of vertices, in an order where a component comes after
/// every component it reaches (Tarjan's algorithm, iteratively).
fn strongly_connected_components(successors: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = successors.len();
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if order[root] != usize::MAX {
            continue;
        }
        let mut frames = vec![(root, 0usize)];
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut child)) = frames.last_mut() {
            if let Some(&w) = successors[v].get(*child) {
                *child += 1;
                if order[w] == usize::MAX {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    frames.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("the component's vertices are on the stack");
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}

/// Numbers the instructions of `block` given what its dominators computed.
#[allow(clippy::too_many_arguments)]
fn number_block(
    func: &Function,
    block: Block,
    extended: &HashSet<Value>,
    exprs: &mut ScopedTable,
    loads: &mut HashMap<Location, Value>,
    numbers: &mut HashMap<Value, Value>,
    facts: &mut Facts,
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
            (data, Some(result), Some(ty)) if data.is_pure() => match offset_form(func, result, ty, |v| number(v, numbers), facts) {
                Some((base, 0)) => Some(base),
                Some((base, offset)) => {
                    let known = exprs.get_or_insert(Expr::Offset(base, offset), result);
                    facts.offsets.insert(known, (base, offset));
                    Some(known)
                }
                None => expression(data, ty, |v| number(v, numbers)).map(|e| exprs.get_or_insert(e, result)),
            },
            _ => None,
        };
        if let (Some(known), Some(result)) = (known, result) {
            if known != result {
                numbers.insert(result, known);
            }
        }
    }
}

/// `value` as a numbered base plus a constant, when it is a 64-bit `iadd`
/// or `isub` of a constant (`Function::constant_offset`).
fn offset_form(func: &Function, value: Value, ty: Type, number: impl Fn(Value) -> Value, facts: &Facts) -> Option<(Value, i64)> {
    if ty != Type::I64 {
        return None;
    }
    let (base, k) = func.constant_offset(value)?;
    let (base, offset) = facts.offsets.get(&number(base)).copied().unwrap_or((number(base), 0));
    Some((base, offset.wrapping_add(k)))
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
