//! Loop-invariant loads: a load at the top of a loop's header whose address
//! is defined outside a loop that neither stores nor calls moves into a new
//! preheader, so it runs once per entry instead of once per iteration.
//!
//! Loop-invariant code motion (Aho, Lam, Sethi and Ullman, "Compilers:
//! Principles, Techniques, and Tools", 2nd ed., §9.5.2), restricted to
//! loads, since Cranelift already hoists pure arithmetic but never a load
//! (it cannot know that nothing in the loop writes the memory). Two
//! conditions keep the move exact:
//!
//! - no instruction of the loop calls, and no store of the loop can write
//!   a byte the load reads (`analysis::alias`: a store to `s->match_start`
//!   leaves `s->window` alone), so the memory the load reads is the same
//!   on every iteration;
//! - the load runs whenever the loop is entered: it is in the header, and
//!   only pure instructions that cannot trap, or other loads, come before
//!   it. (If an earlier load faults, so may the hoisted one, first; both
//!   are undefined behaviour, and nothing observable lies between them.)
//!   The preheader is a new block on the loop's single entry edge, so a
//!   loop that is skipped (the guard of a rotated loop) does not load
//!   either. (gcc -O1 hoists `buf[pos]` out of k120's match loop.)

use crate::analysis::alias::{decompose, disjoint};
use crate::analysis::cfg::Cfg;
use crate::analysis::loops::LoopForest;
use crate::ir::{BlockCall, Function, Inst, InstData, ValueDef};

/// Hoists the invariant loads of every loop of `func`; returns how many.
pub fn hoist_invariant_loads(func: &mut Function) -> usize {
    let mut hoisted = 0;
    loop {
        let cfg = Cfg::compute(func);
        let forest = LoopForest::compute(&cfg);
        let found = forest.natural_loops().find_map(|lp| {
            let data = forest.data(lp);
            let mut stores = Vec::new();
            let mut calls = false;
            for &b in &data.blocks {
                for &i in &func.blocks[b].insts {
                    match func.insts[i] {
                        InstData::Store { value, addr, offset } => {
                            stores.push((decompose(func, addr, offset), func.value_type(value).bytes()));
                        }
                        InstData::Call { .. } => calls = true,
                        _ => {}
                    }
                }
            }
            let entries: Vec<_> =
                cfg.preds(data.header).iter().copied().filter(|e| !data.back_edges.contains(e)).collect();
            if calls || entries.len() != 1 || Some(data.header) == func.entry() {
                return None;
            }
            let unwritten = |load: Inst| {
                let InstData::Load { addr, offset } = func.insts[load] else { return false };
                let size = func.value_type(func.inst_result(load).expect("a load has a result")).bytes();
                let read = decompose(func, addr, offset);
                stores.iter().all(|(written, written_size)| disjoint(&read, size, written, *written_size))
            };
            let outside = |v| match func.values[v].def {
                ValueDef::Result(i) => func.block_of(i).is_some_and(|b| !forest.contains(lp, b)),
                ValueDef::Param(b, _) => !forest.contains(lp, b),
            };
            // The header's instructions that move: loads of invariant
            // addresses, and the pure arithmetic (not loads) those
            // addresses are computed by from values defined outside.
            let mut moved: Vec<Inst> = Vec::new();
            let mut invariant_arith: Vec<Inst> = Vec::new();
            let invariant = |v, arith: &[Inst]| {
                outside(v) || matches!(func.values[v].def, ValueDef::Result(i) if arith.contains(&i))
            };
            for &inst in &func.blocks[data.header].insts {
                match func.insts[inst] {
                    InstData::Load { addr, .. } if invariant(addr, &invariant_arith) && unwritten(inst) => moved.push(inst),
                    InstData::Load { .. } => {}
                    ref other if other.is_pure() => {
                        if other.operands().iter().all(|&v| invariant(v, &invariant_arith)) {
                            invariant_arith.push(inst);
                        }
                    }
                    _ => break,
                }
            }
            if moved.is_empty() {
                return None;
            }
            // The arithmetic moves too (Cranelift would hoist it anyway),
            // in its order, before the loads that read it.
            let header_order = &func.blocks[data.header].insts;
            let mut moved: Vec<Inst> = header_order
                .iter()
                .copied()
                .filter(|i| moved.contains(i) || invariant_arith.contains(i))
                .collect();
            moved.dedup();
            Some((data.header, entries[0], moved))
        });
        let Some((header, entry, loads)) = found else { return hoisted };
        let loads_moved = loads.iter().filter(|&&i| matches!(func.insts[i], InstData::Load { .. })).count();
        let e = cfg.edge(entry);
        let call = std::mem::replace(func.successor_slot_mut(e.branch, e.slot as usize), BlockCall::new(header, Vec::new()));
        let preheader = func.create_block();
        func.successor_slot_mut(e.branch, e.slot as usize).block = preheader;
        func.blocks[header].insts.retain(|i| !loads.contains(i));
        for &inst in &loads {
            func.blocks[preheader].insts.push(inst);
            func.inst_block[inst] = preheader.into();
        }
        func.append_inst(preheader, InstData::Jump { dest: call }, None);
        hoisted += loads_moved;
    }
}
