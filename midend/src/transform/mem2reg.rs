//! SSA construction for scalar locals: promotes stack slots whose address
//! never escapes to SSA values, with block parameters in place of
//! φ-functions.
//!
//! The frontend gives every local variable a stack slot and reads and
//! writes it with `load` and `store` through `stack_addr ssN`. A slot is
//! promotable when every use of every `stack_addr` of it is the address
//! operand of a `load` or `store` at offset 0, all these accesses have one
//! type whose size is the slot's size, and no `stack_addr` of it has a
//! non-zero offset. The address is then never stored, passed, compared or
//! offset, so nothing else can read or write the slot.
//!
//! The algorithm is that of Ron Cytron, Jeanne Ferrante, Barry K. Rosen,
//! Mark N. Wegman and F. Kenneth Zadeck, "Efficiently Computing Static
//! Single Assignment Form and the Control Dependence Graph", TOPLAS 13(4),
//! 1991: φ-functions go at the iterated dominance frontier of the blocks
//! that store to the variable (§5.1, Figure 11), a virtual block before
//! the entry storing the initial value; then a walk over the dominator
//! tree renames every load to the reaching stored value (§5.2, Figure 12).
//! Three adaptations:
//!
//! - A φ-function at block B is a new parameter of B, and its incoming
//!   value on each edge is a new argument appended to that edge's branch
//!   slot, so `brif` and `switch` slots that target B get one each.
//! - The SSA is pruned (Choi, Cytron and Ferrante, "Automatic Construction
//!   of Sparse Data Flow Evaluation Graphs", POPL 1991): a parameter is
//!   placed only where the variable is live on entry, that is where some
//!   path reaches a load before any store.
//! - Afterwards, trivially redundant parameters (every incoming value is
//!   one value or the parameter itself; Braun et al., "Simple and
//!   Efficient Construction of Static Single Assignment Form", CC 2013,
//!   Algorithm 3) are removed until none is left.
//!
//! A load that no store reaches reads an uninitialised variable; it
//! becomes a zero of the variable's type (`iconst 0` or `fconst 0.0`)
//! defined at the top of the entry block. A variable that would need a
//! parameter on the entry block (whose parameters are the function's) stays
//! in memory; the frontend never branches to the entry, so this does not
//! happen in practice.
//!
//! The pass first drops unreachable blocks from the layout, since renaming
//! walks the dominator tree. It removes the promoted slots' `stack_addr`,
//! `load` and `store` instructions; the slot entities stay allocated but
//! unused.

use super::edit::{remove_block_params, replace_uses, retain_insts};
use super::unreachable::remove_unreachable_blocks;
use crate::analysis::cfg::Cfg;
use crate::analysis::dominance_frontier::DominanceFrontiers;
use crate::analysis::dominators::DominatorTree;
use crate::ir::{Block, Function, Inst, InstData, StackSlot, Type, Value};
use cranelift_entity::{packed_option::PackedOption, EntitySet, SecondaryMap};

/// What one slot is used for, found by [`scan_slots`].
#[derive(Clone, Copy, Debug, Default)]
struct SlotUse {
    /// The type of its accesses, once one is seen.
    ty: Option<Type>,
    /// Cleared when some use keeps the slot in memory.
    promotable: bool,
    /// True when the slot has a `stack_addr` in the layout.
    addressed: bool,
}

/// The stack slots that [`mem2reg`] would promote, with the type of their
/// accesses (`None` for a slot whose address is taken but never used), in
/// slot order. Only blocks in the layout are looked at.
pub fn promotable_slots(func: &Function) -> Vec<(StackSlot, Option<Type>)> {
    let (uses, _) = scan_slots(func);
    func.stack_slots
        .keys()
        .filter(|&s| uses[s].addressed && uses[s].promotable)
        .map(|s| (s, uses[s].ty))
        .collect()
}

/// Classifies every stack slot's uses, and returns the slot whose address
/// each `stack_addr` result holds.
fn scan_slots(
    func: &Function,
) -> (
    SecondaryMap<StackSlot, SlotUse>,
    SecondaryMap<Value, PackedOption<StackSlot>>,
) {
    let mut uses: SecondaryMap<StackSlot, SlotUse> = SecondaryMap::with_default(SlotUse {
        ty: None,
        promotable: true,
        addressed: false,
    });
    let mut slot_of: SecondaryMap<Value, PackedOption<StackSlot>> = SecondaryMap::new();
    let insts = || {
        func.layout
            .iter()
            .flat_map(|&b| func.blocks[b].insts.iter().copied())
    };

    for inst in insts() {
        if let InstData::StackAddr { slot, offset } = func.insts[inst] {
            uses[slot].addressed = true;
            if offset != 0 {
                uses[slot].promotable = false;
            }
            if let Some(v) = func.inst_result(inst) {
                slot_of[v] = slot.into();
            }
        }
    }

    let access =
        |uses: &mut SecondaryMap<StackSlot, SlotUse>, slot: StackSlot, offset: i32, ty: Type| {
            let u = &mut uses[slot];
            let fits = offset == 0
                && ty.bytes() == func.stack_slots[slot].size
                && u.ty.is_none_or(|t| t == ty);
            u.promotable &= fits;
            u.ty = Some(ty);
        };
    for inst in insts() {
        let data = &func.insts[inst];
        // The operands that are allowed to be a promotable slot's address.
        let address = match *data {
            InstData::Load { addr, offset } => {
                if let (Some(slot), Some(result)) = (slot_of[addr].expand(), func.inst_result(inst))
                {
                    access(&mut uses, slot, offset, func.value_type(result));
                }
                Some(addr)
            }
            InstData::Store {
                value,
                addr,
                offset,
            } => {
                if let Some(slot) = slot_of[addr].expand() {
                    access(&mut uses, slot, offset, func.value_type(value));
                }
                Some(addr)
            }
            _ => None,
        };
        // Any other read of an address lets it escape. A store's value
        // operand is such a read even when it is also the address.
        let mut address_seen = false;
        for v in data.all_uses() {
            if Some(v) == address && !address_seen {
                address_seen = true;
                continue;
            }
            if let Some(slot) = slot_of[v].expand() {
                uses[slot].promotable = false;
            }
        }
    }
    (uses, slot_of)
}

/// A variable: a promotable slot that is loaded or stored.
struct Variable {
    slot: StackSlot,
    ty: Type,
}

/// The slots being promoted and how to recognise their accesses.
struct Variables {
    vars: Vec<Variable>,
    /// Promotable slots, including those without loads and stores.
    promoted: EntitySet<StackSlot>,
    /// The slot whose address each `stack_addr` result holds.
    slot_of: SecondaryMap<Value, PackedOption<StackSlot>>,
    /// The variable of each slot being promoted.
    var_of_slot: SecondaryMap<StackSlot, Option<usize>>,
}

impl Variables {
    fn find(func: &Function) -> Variables {
        let (uses, slot_of) = scan_slots(func);
        let mut vars = Variables {
            vars: Vec::new(),
            promoted: EntitySet::new(),
            slot_of,
            var_of_slot: SecondaryMap::new(),
        };
        for slot in func.stack_slots.keys() {
            let u = uses[slot];
            if !(u.addressed && u.promotable) {
                continue;
            }
            vars.promoted.insert(slot);
            if let Some(ty) = u.ty {
                vars.var_of_slot[slot] = Some(vars.vars.len());
                vars.vars.push(Variable { slot, ty });
            }
        }
        vars
    }

    /// The variable that `addr` is the address of, if it is being promoted.
    fn var_of(&self, addr: Value) -> Option<usize> {
        self.slot_of[addr]
            .expand()
            .and_then(|s| self.var_of_slot[s])
    }

    /// Gives up promoting `var`: its accesses stay as they are.
    fn keep_in_memory(&mut self, var: usize) {
        let slot = self.vars[var].slot;
        self.var_of_slot[slot] = None;
        self.promoted.remove(slot);
    }

    /// For each variable, the blocks that store to it, and the blocks
    /// that load it before storing to it (upward-exposed loads).
    fn def_and_exposed_blocks(
        &self,
        func: &Function,
        cfg: &Cfg,
    ) -> (Vec<Vec<Block>>, Vec<Vec<Block>>) {
        let mut defs: Vec<Vec<Block>> = vec![Vec::new(); self.vars.len()];
        let mut exposed: Vec<Vec<Block>> = vec![Vec::new(); self.vars.len()];
        for &block in cfg.blocks() {
            let mut stored = vec![false; self.vars.len()];
            for &inst in &func.blocks[block].insts {
                match func.insts[inst] {
                    InstData::Store { addr, .. } => {
                        if let Some(var) = self.var_of(addr) {
                            if !stored[var] {
                                defs[var].push(block);
                            }
                            stored[var] = true;
                        }
                    }
                    InstData::Load { addr, .. } => {
                        if let Some(var) = self.var_of(addr) {
                            if !stored[var] && exposed[var].last() != Some(&block) {
                                exposed[var].push(block);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        (defs, exposed)
    }
}

/// Promotes every promotable stack slot of `func` (see the module
/// documentation) and returns the promoted slots in slot order.
pub fn mem2reg(func: &mut Function) -> Vec<StackSlot> {
    remove_unreachable_blocks(func);
    let cfg = Cfg::compute(func);
    let Some(entry) = cfg.entry() else {
        return Vec::new();
    };
    let domtree = DominatorTree::compute(&cfg);
    let frontiers = DominanceFrontiers::compute(&cfg, &domtree);
    let mut vars = Variables::find(func);

    // Parameter placement: the iterated dominance frontier of the storing
    // blocks, restricted to blocks where the variable is live on entry.
    // The initial value is stored by a virtual block before the entry,
    // which dominates every block and so adds nothing to the frontier; the
    // entry itself only gets a parameter when it has predecessors.
    let (defs, exposed) = vars.def_and_exposed_blocks(func, &cfg);
    let mut phis: SecondaryMap<Block, Vec<(usize, Value)>> = SecondaryMap::new();
    let mut added: Vec<(Block, Value)> = Vec::new();
    for var in 0..vars.vars.len() {
        let live_in = live_in_blocks(&cfg, &defs[var], &exposed[var]);
        let blocks: Vec<Block> = frontiers
            .iterated(defs[var].iter().copied())
            .into_iter()
            .filter(|&b| live_in.contains(b))
            .collect();
        if blocks.contains(&entry) {
            vars.keep_in_memory(var);
            continue;
        }
        for block in blocks {
            let param = func.append_block_param(block, vars.vars[var].ty);
            phis[block].push((var, param));
            added.push((block, param));
        }
    }

    let mut renamer = Renamer {
        stacks: vec![Vec::new(); vars.vars.len()],
        alias: SecondaryMap::new(),
        dead: EntitySet::new(),
        zeros: Vec::new(),
        entry,
    };
    renamer.rename(func, &cfg, &domtree, &vars, &phis);
    remove_trivial_params(func, &cfg, &mut renamer, &added);
    replace_uses(func, |v| renamer.resolve(v));
    retain_insts(func, |_, inst| !renamer.dead.contains(inst));
    func.stack_slots
        .keys()
        .filter(|&s| vars.promoted.contains(s))
        .collect()
}

/// The blocks on whose entry a variable is live: those with a load that no
/// store of the same block precedes, and, backwards from them, every
/// predecessor that does not store to the variable.
fn live_in_blocks(cfg: &Cfg, defs: &[Block], exposed: &[Block]) -> EntitySet<Block> {
    let mut is_def = EntitySet::new();
    for &b in defs {
        is_def.insert(b);
    }
    let mut live = EntitySet::new();
    let mut worklist: Vec<Block> = Vec::new();
    for &b in exposed {
        if live.insert(b) {
            worklist.push(b);
        }
    }
    while let Some(b) = worklist.pop() {
        for p in cfg.pred_blocks(b) {
            if !is_def.contains(p) && live.insert(p) {
                worklist.push(p);
            }
        }
    }
    live
}

/// The renaming state: each variable's stack of reaching values, the
/// values that replace removed loads and parameters, and the instructions
/// to remove.
struct Renamer {
    stacks: Vec<Vec<Value>>,
    alias: SecondaryMap<Value, PackedOption<Value>>,
    dead: EntitySet<Inst>,
    /// The zero constants created for uninitialised reads, by type.
    zeros: Vec<(Type, Value)>,
    entry: Block,
}

impl Renamer {
    /// Renames in a preorder walk of the dominator tree (Cytron et al.
    /// Figure 12): a block's parameters and stores push the variable's
    /// new value, its loads are replaced by the value on top, each
    /// outgoing edge passes the top values to the target's new
    /// parameters, and leaving the block pops what it pushed.
    fn rename(
        &mut self,
        func: &mut Function,
        cfg: &Cfg,
        domtree: &DominatorTree,
        vars: &Variables,
        phis: &SecondaryMap<Block, Vec<(usize, Value)>>,
    ) {
        enum Step {
            Enter(Block),
            Leave(Vec<usize>),
        }
        let mut steps = vec![Step::Enter(self.entry)];
        while let Some(step) = steps.pop() {
            let block = match step {
                Step::Enter(block) => block,
                Step::Leave(pushed) => {
                    for var in pushed {
                        self.stacks[var].pop();
                    }
                    continue;
                }
            };
            let mut pushed = Vec::new();
            for &(var, param) in &phis[block] {
                self.stacks[var].push(param);
                pushed.push(var);
            }
            for inst in func.blocks[block].insts.clone() {
                match func.insts[inst] {
                    InstData::Load { addr, .. } => {
                        if let Some(var) = vars.var_of(addr) {
                            let value = self.current(func, var, vars.vars[var].ty);
                            let result = func.inst_result(inst).expect("loads have a result");
                            self.alias[result] = value.into();
                            self.dead.insert(inst);
                        }
                    }
                    InstData::Store { value, addr, .. } => {
                        if let Some(var) = vars.var_of(addr) {
                            let value = self.resolve(value);
                            self.stacks[var].push(value);
                            pushed.push(var);
                            self.dead.insert(inst);
                        }
                    }
                    InstData::StackAddr { slot, .. } if vars.promoted.contains(slot) => {
                        self.dead.insert(inst);
                    }
                    _ => {}
                }
            }
            for &edge in cfg.succs(block) {
                let e = *cfg.edge(edge);
                for &(var, _) in &phis[e.to] {
                    let value = self.current(func, var, vars.vars[var].ty);
                    func.successor_slot_mut(e.branch, e.slot as usize)
                        .args
                        .push(value);
                }
            }
            steps.push(Step::Leave(pushed));
            let children: Vec<Block> = domtree.children(block).collect();
            steps.extend(children.into_iter().rev().map(Step::Enter));
        }
    }

    /// The value of `var` that reaches the current point: the top of its
    /// stack, or a zero when no store reaches.
    fn current(&mut self, func: &mut Function, var: usize, ty: Type) -> Value {
        if let Some(&v) = self.stacks[var].last() {
            return v;
        }
        if let Some(&(_, zero)) = self.zeros.iter().find(|&&(t, _)| t == ty) {
            return zero;
        }
        let data = if ty.is_float() {
            InstData::Fconst { value: 0.0 }
        } else {
            InstData::Iconst { imm: 0 }
        };
        let inst = func.insert_inst(self.entry, self.zeros.len(), data, Some(ty));
        let zero = func.inst_result(inst).expect("constants have a result");
        self.zeros.push((ty, zero));
        zero
    }

    /// Follows replacements to the value that stands for `v`.
    fn resolve(&self, mut v: Value) -> Value {
        while let Some(next) = self.alias[v].expand() {
            v = next;
        }
        v
    }
}

/// Removes the added parameters whose incoming values are all one value
/// or the parameter itself, replacing each by that value, until no such
/// parameter is left.
fn remove_trivial_params(
    func: &mut Function,
    cfg: &Cfg,
    renamer: &mut Renamer,
    added: &[(Block, Value)],
) {
    let mut removed = EntitySet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for &(block, param) in added {
            if removed.contains(param) {
                continue;
            }
            let index = func
                .phis(block)
                .iter()
                .position(|&p| p == param)
                .expect("added parameters are in place");
            let mut unique = None;
            let mut trivial = true;
            for (_, arg) in cfg.incoming(func, block, index) {
                let arg = renamer.resolve(arg);
                if arg == param || unique == Some(arg) {
                    continue;
                }
                if unique.is_some() {
                    trivial = false;
                    break;
                }
                unique = Some(arg);
            }
            if let (true, Some(value)) = (trivial, unique) {
                renamer.alias[param] = value.into();
                removed.insert(param);
                changed = true;
            }
        }
    }
    let mut blocks: Vec<Block> = added
        .iter()
        .filter(|&&(_, p)| removed.contains(p))
        .map(|&(b, _)| b)
        .collect();
    blocks.sort();
    blocks.dedup();
    for block in blocks {
        let params = func.phis(block).to_vec();
        remove_block_params(func, cfg, block, |i| !removed.contains(params[i]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::tests::random_graph;
    use crate::ir::{
        BinaryOp, BlockCall, Callee, ExternFunction, IntCC, Linkage, Module, Signature,
    };
    use crate::transform::eval::{run, Outcome};
    use crate::verifier::{print_errors, verify_function};

    /// Emits what the frontend emits to read a local: `stack_addr` then
    /// `load`.
    fn load(f: &mut Function, b: Block, slot: StackSlot, ty: Type) -> Value {
        let addr = f.append_value(b, InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        f.append_value(b, InstData::Load { addr, offset: 0 }, ty)
    }

    fn store(f: &mut Function, b: Block, slot: StackSlot, value: Value) {
        let addr = f.append_value(b, InstData::StackAddr { slot, offset: 0 }, Type::PTR);
        f.append_inst(
            b,
            InstData::Store {
                value,
                addr,
                offset: 0,
            },
            None,
        );
    }

    fn iconst(f: &mut Function, b: Block, imm: i64) -> Value {
        f.append_value(b, InstData::Iconst { imm }, Type::I32)
    }

    fn binary(f: &mut Function, b: Block, op: BinaryOp, x: Value, y: Value) -> Value {
        f.append_value(b, InstData::Binary { op, args: [x, y] }, Type::I32)
    }

    fn jump(f: &mut Function, b: Block, to: Block) {
        f.append_inst(
            b,
            InstData::Jump {
                dest: BlockCall::new(to, vec![]),
            },
            None,
        );
    }

    fn brif(f: &mut Function, b: Block, cond: Value, then: Block, els: Block) {
        let data = InstData::Brif {
            cond,
            then_dest: BlockCall::new(then, vec![]),
            else_dest: BlockCall::new(els, vec![]),
        };
        f.append_inst(b, data, None);
    }

    fn ret(f: &mut Function, b: Block, value: Value) {
        f.append_inst(b, InstData::Return { value: Some(value) }, None);
    }

    fn new_function() -> (Function, Block, Value) {
        let sig = Signature::scalars(vec![Type::I32], Some(Type::I32), false);
        let mut f = Function::new("f", sig, Linkage::Export);
        let entry = f.create_block();
        let arg = f.append_block_param(entry, Type::I32);
        (f, entry, arg)
    }

    /// Runs the verifier, which checks among others that every use is
    /// dominated by its definition and that branch arguments match their
    /// targets' parameters.
    fn assert_valid(f: &Function) {
        let g = ExternFunction {
            name: "g".into(),
            signature: Signature::scalars(vec![Type::PTR], None, false),
            weak: false,
        };
        let module = Module {
            externs: vec![g],
            ..Module::default()
        };
        if let Err(errors) = verify_function(f, &module) {
            panic!("{}", print_errors(f, &errors));
        }
    }

    /// The loads and stores left in the layout.
    fn memory_accesses(f: &Function) -> usize {
        f.layout
            .iter()
            .flat_map(|&b| &f.blocks[b].insts)
            .filter(|&&i| matches!(f.insts[i], InstData::Load { .. } | InstData::Store { .. }))
            .count()
    }

    /// `int f(int n) { int i = 0, s = 0; while (i < n) { s += i; i++; } return s; }`
    #[test]
    fn counter_loop() {
        let (mut f, b0, n) = new_function();
        let (sn, si, ss) = (
            f.create_stack_slot(4, 4),
            f.create_stack_slot(4, 4),
            f.create_stack_slot(4, 4),
        );
        let (b1, b2, b3) = (f.create_block(), f.create_block(), f.create_block());
        store(&mut f, b0, sn, n);
        let zero = iconst(&mut f, b0, 0);
        store(&mut f, b0, si, zero);
        store(&mut f, b0, ss, zero);
        jump(&mut f, b0, b1);
        let i = load(&mut f, b1, si, Type::I32);
        let n1 = load(&mut f, b1, sn, Type::I32);
        let c = f.append_value(
            b1,
            InstData::Icmp {
                cond: IntCC::Slt,
                args: [i, n1],
            },
            Type::I8,
        );
        brif(&mut f, b1, c, b2, b3);
        let s = load(&mut f, b2, ss, Type::I32);
        let i = load(&mut f, b2, si, Type::I32);
        let s2 = binary(&mut f, b2, BinaryOp::Iadd, s, i);
        store(&mut f, b2, ss, s2);
        let one = iconst(&mut f, b2, 1);
        let i2 = binary(&mut f, b2, BinaryOp::Iadd, i, one);
        store(&mut f, b2, si, i2);
        jump(&mut f, b2, b1);
        let s = load(&mut f, b3, ss, Type::I32);
        ret(&mut f, b3, s);

        let original = f.clone();
        assert_eq!(
            promotable_slots(&f),
            vec![
                (sn, Some(Type::I32)),
                (si, Some(Type::I32)),
                (ss, Some(Type::I32))
            ]
        );
        assert_eq!(mem2reg(&mut f), vec![sn, si, ss]);
        assert_valid(&f);
        assert_eq!(memory_accesses(&f), 0);
        // `n` is never stored in the loop, so only `i` and `s` need
        // parameters at the loop header.
        assert_eq!(f.blocks[b1].params.len(), 2);
        assert!(f.blocks[b2].params.is_empty() && f.blocks[b3].params.is_empty());
        for arg in [0, 1, 5, 10] {
            assert_eq!(run(&f, &[arg], 100), run(&original, &[arg], 100));
        }
        assert_eq!(run(&f, &[5], 100), Outcome::Returned(Some(10)));
    }

    /// `int x; if (a) x = 1; else x = 2; return x;`, then the same with an
    /// assignment in one arm only, where the merge reads an uninitialised
    /// value on the other path.
    #[test]
    fn if_else_merge_and_uninitialised_path() {
        for both_arms in [true, false] {
            let (mut f, b0, a) = new_function();
            let x = f.create_stack_slot(4, 4);
            let (b1, b2, b3) = (f.create_block(), f.create_block(), f.create_block());
            brif(&mut f, b0, a, b1, b2);
            let one = iconst(&mut f, b1, 1);
            store(&mut f, b1, x, one);
            jump(&mut f, b1, b3);
            if both_arms {
                let two = iconst(&mut f, b2, 2);
                store(&mut f, b2, x, two);
            }
            jump(&mut f, b2, b3);
            let v = load(&mut f, b3, x, Type::I32);
            ret(&mut f, b3, v);

            let original = f.clone();
            mem2reg(&mut f);
            assert_valid(&f);
            assert_eq!(memory_accesses(&f), 0);
            assert_eq!(f.blocks[b3].params.len(), 1);
            let zero_in_entry = f.blocks[b0]
                .insts
                .iter()
                .any(|&i| f.insts[i] == InstData::Iconst { imm: 0 });
            assert_eq!(zero_in_entry, !both_arms);
            for arg in [0, 1] {
                assert_eq!(run(&f, &[arg], 10), run(&original, &[arg], 10));
            }
        }
    }

    /// A local whose address is passed to a call stays in memory, and so
    /// does one accessed at two types or at an offset; the others are
    /// promoted around them.
    #[test]
    fn escaping_and_mismatched_slots_stay() {
        let (mut f, b0, a) = new_function();
        let passed = f.create_stack_slot(4, 4);
        let punned = f.create_stack_slot(4, 4);
        let offset = f.create_stack_slot(8, 4);
        let stored_addr = f.create_stack_slot(4, 4);
        let pointer = f.create_stack_slot(8, 8);
        let plain = f.create_stack_slot(4, 4);
        store(&mut f, b0, passed, a);
        let p = f.append_value(
            b0,
            InstData::StackAddr {
                slot: passed,
                offset: 0,
            },
            Type::PTR,
        );
        let sig = Signature::scalars(vec![Type::PTR], None, false);
        f.append_inst(
            b0,
            InstData::Call {
                callee: Callee::Direct("g".into()),
                sig,
                args: vec![p],
            },
            None,
        );
        store(&mut f, b0, punned, a);
        load(&mut f, b0, punned, Type::F32);
        let q = f.append_value(
            b0,
            InstData::StackAddr {
                slot: offset,
                offset: 4,
            },
            Type::PTR,
        );
        f.append_inst(
            b0,
            InstData::Store {
                value: a,
                addr: q,
                offset: 0,
            },
            None,
        );
        let r = f.append_value(
            b0,
            InstData::StackAddr {
                slot: stored_addr,
                offset: 0,
            },
            Type::PTR,
        );
        store(&mut f, b0, pointer, r);
        store(&mut f, b0, plain, a);
        let v = load(&mut f, b0, plain, Type::I32);
        ret(&mut f, b0, v);

        assert_eq!(
            promotable_slots(&f),
            vec![(pointer, Some(Type::I64)), (plain, Some(Type::I32))]
        );
        assert_eq!(mem2reg(&mut f), vec![pointer, plain]);
        assert_valid(&f);
        // The stores to `passed`, `punned` and `offset` and the load of
        // `punned` remain.
        assert_eq!(memory_accesses(&f), 4);
        let ret_value = f.blocks[b0].insts.last().map(|&i| f.insts[i].clone());
        assert_eq!(ret_value, Some(InstData::Return { value: Some(a) }));
    }

    /// A `switch` with two cases to one block: both edges get an argument.
    #[test]
    fn switch_with_parallel_edges() {
        let (mut f, b0, a) = new_function();
        let x = f.create_stack_slot(4, 4);
        let (b1, b2, b3) = (f.create_block(), f.create_block(), f.create_block());
        store(&mut f, b0, x, a);
        let call = |b| BlockCall::new(b, vec![]);
        let data = InstData::Switch {
            arg: a,
            default: call(b3),
            cases: vec![(1, call(b1)), (2, call(b2)), (3, call(b2))],
        };
        f.append_inst(b0, data, None);
        let ten = iconst(&mut f, b1, 10);
        store(&mut f, b1, x, ten);
        jump(&mut f, b1, b3);
        let v = load(&mut f, b2, x, Type::I32);
        let w = binary(&mut f, b2, BinaryOp::Imul, v, v);
        store(&mut f, b2, x, w);
        jump(&mut f, b2, b3);
        let v = load(&mut f, b3, x, Type::I32);
        ret(&mut f, b3, v);

        let original = f.clone();
        mem2reg(&mut f);
        assert_valid(&f);
        assert_eq!(memory_accesses(&f), 0);
        // `b2` had no parameter to add: its incoming values all agree.
        assert!(f.blocks[b2].params.is_empty());
        assert_eq!(f.blocks[b3].params.len(), 1);
        for arg in 0..5 {
            assert_eq!(run(&f, &[arg], 10), run(&original, &[arg], 10));
        }
    }

    /// A variable that would need a parameter on the entry block stays in
    /// memory. The verifier rejects branches to the entry, so this only
    /// shows that the pass stays safe on such input.
    #[test]
    fn branch_to_the_entry_keeps_the_variable() {
        let (mut f, b0, a) = new_function();
        let x = f.create_stack_slot(4, 4);
        let b1 = f.create_block();
        let v = load(&mut f, b0, x, Type::I32);
        let w = binary(&mut f, b0, BinaryOp::Iadd, v, a);
        store(&mut f, b0, x, w);
        brif(&mut f, b0, w, b1, b1);
        // b1 loops back to the entry with the same argument.
        f.append_inst(
            b1,
            InstData::Jump {
                dest: BlockCall::new(b0, vec![a]),
            },
            None,
        );
        assert_eq!(mem2reg(&mut f), vec![]);
        assert_eq!(memory_accesses(&f), 2);
    }

    /// Random CFGs with random loads and stores of three variables: after
    /// mem2reg the function is in SSA form, has no memory access left, no
    /// trivially redundant parameter, and computes what it computed before.
    #[test]
    fn random_programs_keep_their_behaviour() {
        for seed in 0..400u64 {
            let succs = random_graph(seed, 2 + (seed % 8) as u32);
            let mut state = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
            let mut rand = move |n: u64| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state % n
            };
            let (mut f, entry, arg) = new_function();
            let slots: Vec<StackSlot> = (0..3).map(|_| f.create_stack_slot(4, 4)).collect();
            let blocks: Vec<Block> = std::iter::once(entry)
                .chain((1..succs.len()).map(|_| f.create_block()))
                .collect();
            for (i, targets) in succs.iter().enumerate() {
                let b = blocks[i];
                let mut pool = vec![arg];
                for _ in 0..rand(6) {
                    let slot = slots[rand(3) as usize];
                    match rand(3) {
                        0 => pool.push(load(&mut f, b, slot, Type::I32)),
                        1 => {
                            let v = pool[rand(pool.len() as u64) as usize];
                            let k = iconst(&mut f, b, rand(5) as i64);
                            let w = binary(&mut f, b, BinaryOp::Iadd, v, k);
                            store(&mut f, b, slot, w);
                        }
                        _ => {
                            let (x, y) = (
                                pool[rand(pool.len() as u64) as usize],
                                pool[rand(pool.len() as u64) as usize],
                            );
                            pool.push(binary(&mut f, b, BinaryOp::Isub, x, y));
                        }
                    }
                }
                let v = pool[rand(pool.len() as u64) as usize];
                // No branch may target the entry: retarget those.
                let call = |t: &u32| BlockCall::new(blocks[(*t).max(1) as usize], vec![]);
                let data = match targets.as_slice() {
                    [] => {
                        let x = load(&mut f, b, slots[0], Type::I32);
                        InstData::Return {
                            value: Some(binary(&mut f, b, BinaryOp::Iadd, x, v)),
                        }
                    }
                    [t] => InstData::Jump { dest: call(t) },
                    [t, e] => InstData::Brif {
                        cond: v,
                        then_dest: call(t),
                        else_dest: call(e),
                    },
                    [d, cases @ ..] => {
                        let three = iconst(&mut f, b, 3);
                        let arg = binary(&mut f, b, BinaryOp::Band, v, three);
                        let cases = cases
                            .iter()
                            .enumerate()
                            .map(|(k, t)| (k as i64, call(t)))
                            .collect();
                        InstData::Switch {
                            arg,
                            default: call(d),
                            cases,
                        }
                    }
                };
                f.append_inst(b, data, None);
            }

            let original = f.clone();
            let mut reachable = f.clone();
            remove_unreachable_blocks(&mut reachable);
            let expected: Vec<StackSlot> = promotable_slots(&reachable)
                .into_iter()
                .map(|(s, _)| s)
                .collect();
            assert_eq!(mem2reg(&mut f), expected, "seed {seed}");
            assert_valid(&f);
            assert_eq!(memory_accesses(&f), 0, "seed {seed}");
            let cfg = Cfg::compute(&f);
            for &b in &cfg.blocks()[1..] {
                for n in 0..f.blocks[b].params.len() {
                    let param = f.blocks[b].params[n];
                    let mut others: Vec<Value> = cfg
                        .incoming(&f, b, n)
                        .into_iter()
                        .map(|(_, v)| v)
                        .filter(|&v| v != param)
                        .collect();
                    others.sort();
                    others.dedup();
                    assert!(others.len() >= 2, "seed {seed}: {param} of {b} is trivial");
                }
            }
            for input in [-3, 0, 1, 2, 7] {
                assert_eq!(
                    run(&f, &[input], 60),
                    run(&original, &[input], 60),
                    "seed {seed} input {input}"
                );
            }
        }
    }
}
