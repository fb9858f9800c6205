//! Sampling (issue 17, `-fprofile-sample`): which blocks a sample profile
//! weighs, and how much one sample stands for.
//!
//! A sampled function gets a record like an instrumented one but no
//! counter updates: its counters are one sample count per listed block,
//! which the runtime's `SIGPROF` handler increments after finding the
//! interrupted block through the function's PC map (the backend writes
//! the map from the source locations it gives each block's code; see
//! `nissecc_profile_format::abi::FLAG_SAMPLED`). The descriptor marks the
//! profile [`Strategy::Sample`](crate::profile::Strategy::Sample) with
//! the list and the period, so that readers infer counts from the weights
//! (He et al., "Profile Inference Revisited", POPL 2022, §2.2).
//!
//! The midend lists the blocks and the backend maps code to them, both
//! through [`sampled_blocks`], so the two cannot disagree on the numbering.

use crate::analysis::cfg::Cfg;
use crate::ir::{Function, InstData};
use crate::profile::Sampling;

/// Instructions per sample: a sample every millisecond of CPU time (the
/// default 1000 Hz) on a core that runs about a billion IR instructions a
/// second. A block's weight, samples × period / size, then estimates its
/// execution count. The period is fixed at compile time, whatever rate
/// the run samples at (see ARCHITECTURE.md, "Sampling").
pub const SAMPLE_PERIOD: u64 = 1_000_000;

/// The blocks a sample profile weighs, as `(block, size)` in the
/// numbering of the function's shape (reachable blocks in layout order):
/// every block but those that are only a `jump`, which machine code often
/// reduces to nothing and inference fills in. A block's size is its
/// number of IR instructions, terminator included, the instructions a
/// sample can land on.
pub fn sampled_blocks(func: &Function, cfg: &Cfg) -> Vec<(u32, u32)> {
    let only_a_jump = |insts: &[crate::ir::Inst]| matches!(insts, [only] if matches!(func.insts[*only], InstData::Jump { .. }));
    cfg.blocks()
        .iter()
        .enumerate()
        .filter(|&(_, &block)| !only_a_jump(&func.blocks[block].insts))
        .map(|(index, &block)| (index as u32, func.blocks[block].insts.len() as u32))
        .collect()
}

/// What the descriptor of a sampled function records.
pub fn sampling(func: &Function, cfg: &Cfg) -> Sampling {
    Sampling { period: SAMPLE_PERIOD, blocks: sampled_blocks(func, cfg) }
}
