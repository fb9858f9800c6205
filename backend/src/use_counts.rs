//! How often each IR value is read, for the lowering decisions that fuse
//! an instruction into its only user or keep it apart for its many users.

use nissecc_midend::ir::{Block, Function, InstData, Value};
use std::collections::HashMap;

/// The number of reads of each value (operands and branch arguments) by
/// the instructions of `blocks`.
pub(crate) fn use_counts(ir: &Function, blocks: &[Block]) -> HashMap<Value, usize> {
    let mut uses: HashMap<Value, usize> = HashMap::new();
    for data in blocks.iter().filter_map(|&b| ir.blocks.get(b)) {
        for v in data.insts.iter().filter_map(|&i| ir.insts.get(i)).flat_map(InstData::all_uses) {
            *uses.entry(v).or_default() += 1;
        }
    }
    uses
}
