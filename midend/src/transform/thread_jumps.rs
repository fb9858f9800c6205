//! Jump threading over a join that repeats its predecessor's test: when
//! a block `P` ends in `brif d`, and one of its edges enters a join `J`
//! whose own `brif c` tests what `d` just tested (the same comparison of
//! equal operands, or its inverse), the edge's outcome of `c` is known.
//! The edge then gets a copy of `J` that jumps straight to the known
//! successor, and `J` keeps its other predecessors. This is the code
//! replication of F. Mueller and D. B. Whalley, "Avoiding Conditional
//! Branches by Code Replication", PLDI 1995, for the one case of a
//! condition that a single edge decides; it is not in the project's paper
//! collection, so no section is cited.
//!
//! The case is KMP's inner loop (k060_kmp_search):
//!
//! ```c
//! while (k > 0 && pat[k] != txt[i]) k = fail[k - 1];
//! if (pat[k] == txt[i]) k++;
//! ```
//!
//! The `while` leaves on `pat[k] == txt[i]` or on `k <= 0`, and both exits
//! meet at the `if`, which tests `pat[k] == txt[i]` again; gcc threads
//! the first exit to `k++`.
//!
//! Operands are equal when they are the same value after `J`'s parameters
//! are replaced by the edge's arguments, or the same pure instruction of
//! equal operands. A value that `J` itself computes is compared by its
//! instruction only: in a loop where `P` follows `J`, `P` saw the
//! previous iteration's instance. Two loads are equal only when nothing can write memory
//! between them: `J` must hold pure instructions only (loads included),
//! and from the load that `d` reads back to `P`'s branch, no block may
//! store or call.
//!
//! The copy breaks the dominance of `J`'s values over their uses after
//! `J`: they are demoted to stack slots before copying (every copy stores
//! its own) and promoted back by `mem2reg` (see [`super::demote`]).

use super::demote::{demote_values, values_used_outside};
use super::edit::copy_body;
use super::mem2reg;
use crate::ir::{Block, BlockCall, Function, Inst, InstData, Value, ValueDef};
use cranelift_entity::EntityRef;
use std::collections::{HashMap, HashSet};

/// The largest join, in instructions including its branch, that is
/// copied.
pub const MAX_JOIN_INSTS: usize = 12;

/// How deep the operand comparison looks through instructions.
const MAX_DEPTH: usize = 6;

/// The most edges threaded in one function, which bounds the growth.
const MAX_THREADS: usize = 16;

/// Threads the edges of `func` whose join repeats their test; returns
/// how many were threaded.
pub fn thread_jumps(func: &mut Function) -> usize {
    if func.calls_returns_twice {
        return 0;
    }
    let mut threaded = 0;
    while threaded < MAX_THREADS {
        let Some(thread) = find_thread(func) else { break };
        apply(func, &thread);
        threaded += 1;
    }
    if threaded > 0 {
        mem2reg(func);
    }
    threaded
}

/// An edge to thread: successor `slot` of `pred`'s `brif`, entering
/// `join`, whose branch then takes its successor `outcome_slot`.
struct Thread {
    pred: Block,
    slot: usize,
    join: Block,
    outcome_slot: usize,
}

/// The first edge of `func` that can be threaded.
fn find_thread(func: &Function) -> Option<Thread> {
    let mut predecessors: HashMap<Block, Vec<Block>> = HashMap::new();
    for &block in &func.layout {
        for successor in func.successors(block) {
            predecessors.entry(successor).or_default().push(block);
        }
    }
    for &join in &func.layout {
        let preds = predecessors.get(&join).map_or(&[][..], Vec::as_slice);
        if preds.len() < 2 || Some(join) == func.entry() || !is_pure_join(func, join) {
            continue;
        }
        let Some(term) = func.terminator(join) else { continue };
        let InstData::Brif { cond: c, .. } = func.insts[term] else { continue };
        for &pred in preds {
            let Some(pred_term) = func.terminator(pred) else { continue };
            let InstData::Brif { cond: d, then_dest, else_dest } = &func.insts[pred_term] else { continue };
            if pred == join || then_dest.block == else_dest.block {
                continue;
            }
            let (slot, edge) = if then_dest.block == join { (0, then_dest) } else { (1, else_dest) };
            let renamed: HashMap<Value, Value> = func.blocks[join].params.iter().copied().zip(edge.args.iter().copied()).collect();
            let known = Known { func, join, pred, renamed: &renamed, predecessors: &predecessors };
            if let Some(outcome) = known.implied(c, *d, slot == 0) {
                return Some(Thread { pred, slot, join, outcome_slot: if outcome { 0 } else { 1 } });
            }
        }
    }
    None
}

/// True when `join` is small and, but for its `brif`, computes without
/// writing memory or calling.
fn is_pure_join(func: &Function, join: Block) -> bool {
    let insts = &func.blocks[join].insts;
    insts.len() <= MAX_JOIN_INSTS && insts.split_last().is_some_and(|(_, body)| body.iter().all(|&i| func.insts[i].is_pure()))
}

/// What the edge from `pred` into `join` knows: `join`'s parameters are
/// the edge's arguments (`renamed`).
struct Known<'a> {
    func: &'a Function,
    join: Block,
    pred: Block,
    renamed: &'a HashMap<Value, Value>,
    /// The predecessors of every block of `func`.
    predecessors: &'a HashMap<Block, Vec<Block>>,
}

impl Known<'_> {
    /// The value of `join`'s condition `c` on the edge, which is taken
    /// when `pred`'s condition `d` is `d_holds`, if `c` repeats `d` or
    /// its inverse.
    fn implied(&self, c: Value, d: Value, d_holds: bool) -> Option<bool> {
        if self.equal(c, d, 0) {
            return Some(d_holds);
        }
        let (InstData::Icmp { cond: cc, args: [a, b] }, InstData::Icmp { cond: dd, args: [x, y] }) = (self.defining(c)?, self.defining(d)?) else {
            return None;
        };
        let (cc, dd) = (*cc, *dd);
        let dd = if self.equal(*a, *x, 0) && self.equal(*b, *y, 0) {
            dd
        } else if self.equal(*a, *y, 0) && self.equal(*b, *x, 0) {
            dd.swapped()
        } else {
            return None;
        };
        if cc == dd {
            Some(d_holds)
        } else if cc == dd.inverse() {
            Some(!d_holds)
        } else {
            None
        }
    }

    /// The instruction that defines `v`, if an instruction does.
    fn defining(&self, v: Value) -> Option<&InstData> {
        match self.func.values[v].def {
            ValueDef::Result(inst) => Some(&self.func.insts[inst]),
            ValueDef::Param(..) => None,
        }
    }

    /// True when `v`, a value as `join` sees it, equals `w`, a value as
    /// `pred`'s branch sees it.
    fn equal(&self, v: Value, w: Value, depth: usize) -> bool {
        let v = self.renamed.get(&v).copied().unwrap_or(v);
        let func = self.func;
        let (ValueDef::Result(vi), ValueDef::Result(wi)) = (func.values[v].def, func.values[w].def) else { return v == w };
        // A value that `join` computes is its next instance, which may
        // differ from the one `pred` saw when `pred` follows `join` in a
        // loop; any other value is the same on both sides of the edge.
        let in_join = func.block_of(vi) == Some(self.join);
        if v == w && !in_join {
            return true;
        }
        if depth >= MAX_DEPTH || func.value_type(v) != func.value_type(w) {
            return false;
        }
        let (vd, wd) = (&func.insts[vi], &func.insts[wi]);
        if !vd.is_pure() || !wd.is_pure() || shape(vd) != shape(wd) {
            return false;
        }
        if matches!(vd, InstData::Load { .. }) && !(in_join && self.nothing_written_after(wi)) {
            return false;
        }
        let (vs, ws) = (vd.operands(), wd.operands());
        vs.len() == ws.len() && vs.iter().zip(&ws).all(|(&a, &b)| self.equal(a, b, depth + 1))
    }

    /// True when no instruction between `load` and `pred`'s branch, on
    /// any path, writes memory or calls.
    fn nothing_written_after(&self, load: Inst) -> bool {
        let func = self.func;
        let Some(home) = func.block_of(load) else { return false };
        let writes = |insts: &[Inst]| insts.iter().any(|&i| !func.insts[i].is_pure() && !func.insts[i].is_terminator());
        let position = func.position_in_block(home, load);
        if writes(&func.blocks[home].insts[position + 1..]) {
            return false;
        }
        if home == self.pred {
            return true;
        }
        // The blocks from which `pred` is reached without passing through
        // `home`: all of them lie between the load and the branch.
        let mut seen: HashSet<Block> = HashSet::from([self.pred]);
        let mut work = vec![self.pred];
        while let Some(block) = work.pop() {
            if writes(&func.blocks[block].insts) {
                return false;
            }
            for &p in self.predecessors.get(&block).map_or(&[][..], Vec::as_slice) {
                if p == home {
                    continue;
                }
                if Some(p) == func.entry() {
                    return false;
                }
                if seen.insert(p) {
                    work.push(p);
                }
            }
        }
        true
    }
}

/// `data` with its operands erased, to compare two instructions'
/// opcodes, types, constants and offsets.
fn shape(data: &InstData) -> InstData {
    let mut shape = data.clone();
    shape.map_uses(|_| Value::new(0));
    shape
}

/// Gives the edge of `thread` a copy of its join that jumps to the known
/// successor.
fn apply(func: &mut Function, thread: &Thread) {
    let Thread { pred, slot, join, outcome_slot } = *thread;
    let escaping = values_used_outside(func, &[join]);
    demote_values(func, &escaping, &[join]);
    let pred_term = func.terminator(pred).expect("the predecessor ends in its brif");
    let edge = func.successor_slot(pred_term, slot).clone();
    let copy = func.create_block();
    let mut renamed: HashMap<Value, Value> = func.blocks[join].params.iter().copied().zip(edge.args.iter().copied()).collect();
    let join_term = copy_body(func, join, copy, &mut renamed);
    let target = func.successor_slot(join_term, outcome_slot).clone();
    let args = target.args.iter().map(|v| renamed.get(v).copied().unwrap_or(*v)).collect();
    let dest = BlockCall { block: target.block, args, count: edge.count };
    func.append_inst(copy, InstData::Jump { dest }, None);
    func.blocks[copy].count = edge.count;
    *func.successor_slot_mut(pred_term, slot) = BlockCall { block: copy, args: Vec::new(), count: edge.count };
    if let (Some(count), Some(edge_count)) = (func.blocks[join].count, edge.count) {
        func.blocks[join].count = Some(count.saturating_sub(edge_count));
    }
}
