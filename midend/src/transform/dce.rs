//! Dead code elimination, block parameters included.
//!
//! The mark-and-sweep algorithm of Cytron et al., "Efficiently Computing
//! Static Single Assignment Form and the Control Dependence Graph"
//! (TOPLAS 13(4), 1991, §7.1, Figure 13), without its control-dependence
//! part (branches are always live, so no CFG change is needed): an
//! instruction with an effect (store, call, terminator, a possibly
//! trapping division) is live; so is every value a live instruction reads;
//! a block parameter is live when some use of it is, and then so is the
//! argument each incoming edge passes for it. Everything else goes.
//!
//! Cranelift removes dead instructions itself, but not dead block
//! parameters, and each one costs a register move on every edge into its
//! block; loop rotation and CFG simplification create such parameters.

use super::edit::remove_block_params;
use crate::analysis::cfg::Cfg;
use crate::ir::{Function, Value, ValueDef};
use cranelift_entity::EntitySet;

/// Removes dead instructions and block parameters from `func`; returns
/// how many of each were removed.
pub fn eliminate_dead_code(func: &mut Function) -> (usize, usize) {
    let cfg = Cfg::compute(func);
    let live = live_values(func, &cfg);

    let mut dead_insts = 0;
    super::edit::retain_insts(func, |f, inst| {
        let keep = !f.insts[inst].is_pure() || f.inst_result(inst).is_some_and(|r| live.contains(r));
        dead_insts += usize::from(!keep);
        keep
    });

    let mut dead_params = 0;
    for index in 0..func.layout.len() {
        let block = func.layout[index];
        if Some(block) == func.entry() {
            continue;
        }
        let params = func.blocks[block].params.clone();
        if params.iter().all(|&p| live.contains(p)) {
            continue;
        }
        dead_params += params.iter().filter(|&&p| !live.contains(p)).count();
        remove_block_params(func, &cfg, block, |i| live.contains(params[i]));
    }
    (dead_insts, dead_params)
}

/// The values that some effect depends on.
fn live_values(func: &Function, cfg: &Cfg) -> EntitySet<Value> {
    let mut live: EntitySet<Value> = EntitySet::new();
    let mut work: Vec<Value> = Vec::new();
    let mark = |v: Value, live: &mut EntitySet<Value>, work: &mut Vec<Value>| {
        if live.insert(v) {
            work.push(v);
        }
    };
    // Roots: the operands (not the branch arguments) of effectful
    // instructions.
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            if !func.insts[inst].is_pure() {
                for v in func.insts[inst].operands() {
                    mark(v, &mut live, &mut work);
                }
            }
        }
    }
    while let Some(v) = work.pop() {
        match func.values[v].def {
            ValueDef::Result(inst) => {
                for operand in func.insts[inst].operands() {
                    mark(operand, &mut live, &mut work);
                }
            }
            ValueDef::Param(block, index) => {
                for &edge in cfg.preds(block) {
                    let e = cfg.edge(edge);
                    let arg = func.successor_slot(e.branch, e.slot as usize).args[index as usize];
                    mark(arg, &mut live, &mut work);
                }
            }
        }
    }
    live
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_module;

    #[test]
    fn removes_a_parameter_only_its_own_loop_uses() {
        // v2 is carried around the loop but never read by anything else.
        let text = "function @f(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 1
    jump block1(v0, v0)
block1(v2: i32, v3: i32):
    v4 = iadd v2, v1
    v5 = isub v3, v1
    brif v5, block1(v4, v5), block2
block2:
    return v3
}";
        let module = parse_module(text).unwrap();
        let mut func = module.functions[0].clone();
        assert_eq!(eliminate_dead_code(&mut func), (1, 1));
        let printed = func.to_string();
        assert!(printed.contains("block1(v3: i32):"), "{printed}");
        assert!(printed.contains("brif v5, block1(v5), block2"), "{printed}");
    }
}
