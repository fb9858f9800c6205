//! Where one SSA value is live, computed for that value alone.
//!
//! The classic backward dataflow (Aho, Lam, Sethi and Ullman, "Compilers",
//! §9.2.5, "Live-Variable Analysis") restricted to a single variable: the
//! blocks where `v` is live on entry are those from which a use of `v` is
//! reachable without passing its definition. In SSA form that is a walk
//! backwards from the blocks that use `v`, stopping at the block that
//! defines it (Appel, "Modern Compiler Implementation", §19.6, "Liveness
//! by paths"). A branch argument is a use in the branching block.

use nissecc_midend::analysis::Cfg;
use nissecc_midend::ir::{Block, Function, Inst, Value, ValueDef};
use std::collections::HashSet;

/// The blocks on whose entry `v` is live. In strict SSA form `v`'s
/// definition dominates its uses, so its own block is never among them.
pub(crate) fn live_in_blocks(func: &Function, cfg: &Cfg, v: Value) -> HashSet<Block> {
    let def_block = match func.values[v].def {
        ValueDef::Result(inst) => func.block_of(inst),
        ValueDef::Param(block, _) => Some(block),
    };
    let mut work: Vec<Block> = cfg
        .blocks()
        .iter()
        .copied()
        .filter(|&b| Some(b) != def_block && func.blocks[b].insts.iter().any(|&i| func.insts[i].all_uses().contains(&v)))
        .collect();
    let mut live_in = HashSet::new();
    while let Some(block) = work.pop() {
        if Some(block) != def_block && live_in.insert(block) {
            work.extend(cfg.pred_blocks(block));
        }
    }
    live_in
}

/// True when `v` holds a value across some call in a block that
/// `consider` accepts (`is_call` tells calls from other instructions):
/// `v` is defined before the call and read after it.
pub(crate) fn live_across_call(
    func: &Function,
    cfg: &Cfg,
    v: Value,
    consider: impl Fn(Block) -> bool,
    is_call: impl Fn(Inst) -> bool,
) -> bool {
    let live_in = live_in_blocks(func, cfg, v);
    cfg.blocks().iter().filter(|&&block| consider(block)).any(|&block| {
        let mut live = cfg.succ_blocks(block).any(|s| live_in.contains(&s));
        for &inst in func.blocks[block].insts.iter().rev() {
            if defines(func, inst, v) {
                return false;
            }
            if live && is_call(inst) {
                return true;
            }
            live |= func.insts[inst].all_uses().contains(&v);
        }
        false
    })
}

fn defines(func: &Function, inst: Inst, v: Value) -> bool {
    matches!(func.values[v].def, ValueDef::Result(def) if def == inst)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use nissecc_midend::ir::InstData;
    use nissecc_midend::text::parse_module;

    /// k001's `main`: `buf` (v0) is filled in a loop, then passed to two
    /// calls; the bound `n` (v1) is read only in the loop, before them.
    pub(crate) const FILLED_BUFFER: &str = "
declare @f(i64) -> i64
declare @g(i64) -> i64
declare @h(i64) -> i64

function @main(i64, i64) -> i64 export {
block0(v0: i64, v1: i64):
    v2 = iconst.i64 0
    jump block1(v2)
block1(v3: i64):
    v4 = iadd v0, v3
    store v3, v4
    v5 = iconst.i64 8
    v6 = iadd v3, v5
    v7 = icmp ult v6, v1
    brif v7, block1(v6), block2
block2:
    v8 = call @f(v0) : (i64) -> i64
    v9 = call @g(v0) : (i64) -> i64
    return v9
}
";

    fn calls(func: &Function) -> impl Fn(Inst) -> bool + '_ {
        |inst| matches!(func.insts[inst], InstData::Call { .. })
    }

    #[test]
    fn a_value_read_after_a_call_is_live_across_it() {
        let module = parse_module(FILLED_BUFFER).expect("the test IR parses");
        let func = &module.functions[0];
        let cfg = Cfg::compute(func);
        let [entry, header, exit] = [0, 1, 2].map(|i| func.layout[i]);
        let p = func.blocks[entry].params[0];
        let n = func.blocks[entry].params[1];
        assert_eq!(live_in_blocks(func, &cfg, p), HashSet::from([header, exit]));
        assert_eq!(live_in_blocks(func, &cfg, n), HashSet::from([header]));
        assert!(live_across_call(func, &cfg, p, |b| b == exit, calls(func)));
        assert!(!live_across_call(func, &cfg, n, |_| true, calls(func)), "n dies in the loop, before the calls");
        assert!(!live_across_call(func, &cfg, p, |b| b != exit, calls(func)), "only the exit block calls");
    }

    #[test]
    fn a_value_passed_to_the_last_call_only_is_not_live_across_it() {
        let module = parse_module(&FILLED_BUFFER.replace("v9 = call @g(v0)", "v9 = call @g(v8)"))
            .expect("the test IR parses");
        let func = &module.functions[0];
        let cfg = Cfg::compute(func);
        let p = func.blocks[func.layout[0]].params[0];
        assert!(!live_across_call(func, &cfg, p, |_| true, calls(func)));
        // A value defined by a call is not live across that call.
        let v8 = func.blocks[func.layout[2]].insts.iter().find_map(|&i| func.inst_result(i)).unwrap();
        assert!(!live_across_call(func, &cfg, v8, |_| true, calls(func)));
    }
}
