//! Versioning one instruction on a profiled value: what the value-profile
//! transforms share (`value_specialization`, `call_promotion`). The
//! instruction `i` of block `B` becomes
//!
//! ```text
//! B:    ...; c = <test>; brif c, fast, slow
//! fast: <the specialized copy>; jump join(r1)
//! slow: i; jump join(r2)
//! join(r): the rest of B
//! ```
//!
//! with the edges' counts `hits` (the test held) and `misses`, so that
//! orientation, which runs later, lays the hot version out first. An
//! instruction without a result joins without a parameter.

use crate::ir::{Block, BlockCall, Function, Inst, InstData, Value};

/// Versions `inst` of `func` as the module comment shows: `test` appends
/// the condition's computation to the end of `inst`'s block and returns
/// it, and `fast` appends the specialized copy to the fast block and
/// returns its result (`None` exactly when `inst` has none).
pub fn version(
    func: &mut Function,
    inst: Inst,
    test: impl FnOnce(&mut Function, Block) -> Value,
    fast: impl FnOnce(&mut Function, Block) -> Option<Value>,
    hits: u64,
    misses: u64,
) {
    let block = func.block_of(inst).expect("the versioned instruction is placed");
    let count = func.blocks[block].count;
    let line = func.block_lines[block];
    let position = func.position_in_block(block, inst);

    // The join takes everything after `inst`, and its result as a
    // parameter. (New blocks join the layout at its end until the last
    // step moves them.)
    let join = func.create_block();
    let rest = func.blocks[block].insts.split_off(position + 1);
    func.blocks[block].insts.pop();
    for &moved in &rest {
        func.inst_block[moved] = join.into();
    }
    func.blocks[join].insts = rest;
    func.blocks[join].count = count;
    let result = func.inst_result(inst);
    if let Some(result) = result {
        let joined = func.append_block_param(join, func.value_type(result));
        crate::transform::edit::replace_uses(func, |v| if v == result { joined } else { v });
    }
    let jump_to_join = |args: Option<Value>, count: u64| InstData::Jump { dest: BlockCall { block: join, args: args.into_iter().collect(), count: Some(count) } };

    // The slow path keeps the original instruction.
    let slow = func.create_block();
    func.blocks[slow].insts.push(inst);
    func.inst_block[inst] = slow.into();
    func.append_inst(slow, jump_to_join(result, misses), None);

    let fast_block = func.create_block();
    let fast_result = fast(func, fast_block);
    debug_assert_eq!(fast_result.is_some(), result.is_some());
    func.append_inst(fast_block, jump_to_join(fast_result, hits), None);

    let cond = test(func, block);
    func.append_inst(
        block,
        InstData::Brif {
            cond,
            then_dest: BlockCall { block: fast_block, args: Vec::new(), count: Some(hits) },
            else_dest: BlockCall { block: slow, args: Vec::new(), count: Some(misses) },
        },
        None,
    );

    // The new blocks follow the versioned block, fast path first.
    func.layout.retain(|&b| b != fast_block && b != slow && b != join);
    let at = func.layout.iter().position(|&b| b == block).expect("the block is in the layout") + 1;
    func.layout.splice(at..at, [fast_block, slow, join]);
    for (b, runs) in [(fast_block, Some(hits)), (slow, Some(misses)), (join, count)] {
        func.blocks[b].count = runs;
        func.block_lines[b] = line;
    }
}
