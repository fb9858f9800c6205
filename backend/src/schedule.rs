//! The backend's adjustments to the schedule that Cranelift's e-graph pass
//! leaves, made between Cranelift's optimization and its lowering (see
//! `compile` in [`crate::module_emit`]).
//!
//! Cranelift's elaborator decides the order of a block's pure instructions
//! before instruction selection, without knowing which loads selection
//! will fold into their users or which values the register allocator must
//! keep apart. Two local rules fix the orders that measurably cost
//! registers and moves in loops:
//! - [`crate::load_users`]: what lies between a foldable load and its
//!   user, and does not feed the user, goes after the user;
//! - [`crate::condition_placement`]: a loop latch's condition is computed
//!   right before its branch.
//!
//! Both move only pure instructions within a block, so they change no
//! value and no memory access; `NISSECC_DISABLE_PASSES=load-users` or
//! `branch-conditions` turns one off.

use cranelift_codegen::dominator_tree::DominatorTree;
use cranelift_codegen::ir::{Block, Function, Inst, Value, ValueDef};
use std::collections::{HashMap, HashSet};

/// Applies both rules to `func`, whose dominator tree is `domtree`.
pub(crate) fn adjust(func: &mut Function, domtree: &DominatorTree) {
    if nissecc_midend::pipeline::enabled("load-users") {
        crate::load_users::place_load_users(func);
    }
    if nissecc_midend::pipeline::enabled("branch-conditions") {
        crate::condition_placement::place_branch_conditions(func, domtree);
    }
}

/// Whether `inst` neither reads nor writes memory, cannot trap, and is no
/// call or branch: it can move anywhere in its block that its operands
/// and users allow.
pub(crate) fn is_pure(func: &Function, inst: Inst) -> bool {
    let opcode = func.dfg.insts[inst].opcode();
    !(opcode.can_load()
        || opcode.can_store()
        || opcode.can_trap()
        || opcode.other_side_effects()
        || opcode.is_call()
        || opcode.is_branch()
        || opcode.is_terminator())
}

/// Who reads a value: one instruction, once, or more than that.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    Only(Inst),
    Several,
}

/// The readers of each value read at all, as an operand or a branch
/// argument.
pub(crate) fn readers(func: &Function) -> HashMap<Value, Reader> {
    let mut readers = HashMap::new();
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            for value in func.dfg.inst_values(inst) {
                readers.entry(value).and_modify(|r| *r = Reader::Several).or_insert(Reader::Only(inst));
            }
        }
    }
    readers
}

/// How many blocks [`is_live_out`] visits before it gives up and answers
/// that the value is live: then moving a condition lengthens nothing that
/// was not already live to the end of the block, and a subtraction from
/// it becomes a `lea` that costs nothing where a `sub` would do.
const MAX_VISITED: usize = 64;

/// Whether `v` is read after the end of `block`: in a block reachable from
/// it without passing through the block that defines `v` (which would
/// define it anew).
pub(crate) fn is_live_out(func: &Function, v: Value, block: Block) -> bool {
    let home = match func.dfg.value_def(v) {
        ValueDef::Result(def, _) => func.layout.inst_block(def),
        ValueDef::Param(block, _) => Some(block),
        _ => None,
    };
    let mut seen: HashSet<Block> = HashSet::new();
    let mut work: Vec<Block> = func.block_successors(block).collect();
    while let Some(block) = work.pop() {
        if Some(block) == home || !seen.insert(block) {
            continue;
        }
        if seen.len() > MAX_VISITED {
            return true;
        }
        for inst in func.layout.block_insts(block) {
            if func.dfg.inst_values(inst).any(|u| u == v) {
                return true;
            }
        }
        work.extend(func.block_successors(block));
    }
    false
}

/// Test scaffolding shared by the schedule rules' tests: one-loop
/// functions built with Cranelift's `FunctionBuilder`, and the order of
/// named instructions.
#[cfg(test)]
pub(crate) mod loops {
    use cranelift_codegen::ir::{types, AbiParam, Block, Function, Inst, InstBuilder, Signature, Type, Value};
    use cranelift_codegen::isa::{CallConv, TargetFrontendConfig};
    use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
    use std::collections::HashMap;

    /// The blocks and values a loop's body is built from.
    pub(crate) struct Loop {
        /// The function's parameters.
        pub params: Vec<Value>,
        /// The loop block, which the builder is positioned in.
        pub body: Block,
        /// The loop block's parameters, the carried values.
        pub carried: Vec<Value>,
        /// The block after the loop, with one parameter, which it returns.
        pub exit: Block,
    }

    /// A function of `params` (all `i64`) returning a `result`: its entry
    /// block jumps to a loop block with parameters of the `carried` types,
    /// passing what `start` builds; `body` builds the loop block, ending
    /// with its branch, and names the values whose instructions the test
    /// looks at.
    pub(crate) fn loop_function(
        params: usize,
        carried: &[Type],
        result: Type,
        start: impl FnOnce(&mut FunctionBuilder) -> Vec<Value>,
        body: impl FnOnce(&mut FunctionBuilder, &Loop) -> Vec<(&'static str, Value)>,
    ) -> (Function, HashMap<&'static str, Inst>) {
        let mut sig = Signature::new(CallConv::SystemV);
        sig.params.extend((0..params).map(|_| AbiParam::new(types::I64)));
        sig.returns.push(AbiParam::new(result));
        let mut func = Function::with_name_signature(Default::default(), sig);
        let mut context = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut func, &mut context);
        let (entry, body_block, exit) = (b.create_block(), b.create_block(), b.create_block());
        b.append_block_params_for_function_params(entry);
        let carried: Vec<Value> = carried.iter().map(|&ty| b.append_block_param(body_block, ty)).collect();
        let returned = b.append_block_param(exit, result);
        b.switch_to_block(entry);
        let initial: Vec<_> = start(&mut b).into_iter().map(Into::into).collect();
        b.ins().jump(body_block, &initial);
        b.switch_to_block(body_block);
        let shape = Loop { params: b.block_params(entry).to_vec(), body: body_block, carried, exit };
        let named = body(&mut b, &shape);
        b.switch_to_block(exit);
        b.ins().return_(&[returned]);
        b.seal_all_blocks();
        b.finalize(TargetFrontendConfig {
            default_call_conv: CallConv::SystemV,
            pointer_width: target_lexicon::PointerWidth::U64,
            page_size_align_log2: 12,
        });
        let names = named.into_iter().map(|(name, v)| (name, func.dfg.value_def(v).unwrap_inst())).collect();
        (func, names)
    }

    /// The names of the named instructions, in the order `func`'s layout
    /// has them (they are all in one block).
    pub(crate) fn order(func: &Function, names: &HashMap<&'static str, Inst>) -> Vec<&'static str> {
        let any = names.values().next().expect("at least one named instruction");
        let block = func.layout.inst_block(*any).expect("the instruction is in the layout");
        let by_inst: HashMap<Inst, &'static str> = names.iter().map(|(&n, &i)| (i, n)).collect();
        func.layout.block_insts(block).filter_map(|i| by_inst.get(&i).copied()).collect()
    }
}
