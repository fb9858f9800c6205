//! PC maps of sampled functions (issue 17, `-fprofile-sample`): the table
//! that lets the runtime's `SIGPROF` handler turn an interrupted program
//! counter into the sample counter of an IR block.
//!
//! The design. Cranelift reports two things about finished code: the byte
//! ranges of each source location (`MachBufferFinalized::
//! get_srclocs_sorted`), and, with its `machine_code_cfg_info` setting,
//! where each machine block starts and the edges between them. The
//! lowering gives every CLIF instruction the source location of its IR
//! block, the block's index in the function's shape (reachable blocks in
//! layout order, as `Cfg` numbers them); then [`keep_anchor_locations`]
//! keeps the location only on instructions that Cranelift never moves
//! between blocks (branches, calls, loads, stores, anything that may
//! trap). Pure instructions are not reliable witnesses: the e-graph
//! rewrites and rematerializes them without their locations and hoists
//! them out of loops with theirs. So a machine block belongs to the IR
//! block whose anchored code it holds, and all of its code counts for
//! that block, including the pure instructions, register moves and, for
//! the first block, the prologue.
//!
//! A machine block without anchored code is a Cranelift edge block (moves
//! on a critical edge), or an IR block of pure code whose `jump` became a
//! fall-through and vanished. It is the latter when it falls through into
//! its only successor S and exactly one listed IR block without machine
//! code of its own jumps to S only (and, if several could, has the
//! block's predecessors among its own); otherwise its code counts
//! nowhere. Code of blocks that are not listed (only a jump) counts
//! nowhere either. The map's layout is `nissecc_profile_format::abi`'s
//! (`FLAG_SAMPLED`).
//!
//! Measured on the 160 jotai kernels at -O2: keeping the locations
//! changes no instruction (they only label code). Cranelift's
//! `sequence_point` markers would have given exact block starts, but they
//! are memory fences for its alias analysis and changed the code of 156
//! kernels, so they were not used.
//!
//! The midend declares the map as an empty data object, which the backend
//! defines after compiling the function, instead of with the other data.
//! Source locations serve nothing else in nissecc (there is no debug
//! information), so they are set only in sampled functions.

use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{self as clif, RelSourceLoc, SourceLoc};
use cranelift_codegen::CompiledCode;
use nissecc_midend::analysis::cfg::Cfg;
use nissecc_midend::instrument::sample::sampled_blocks;
use nissecc_midend::ir::{Block, DataObject, Function, Module};
use nissecc_midend::profile::CfgDescriptor;
use nissecc_profile_format::abi;
use std::collections::HashMap;

/// The data of a sampled function that the backend defines once it has
/// compiled the function: the PC map, which the midend declared empty,
/// and the descriptor and record, since a listed block that got no code
/// gets size 0 (see [`descriptor_with_mapped_sizes`]), which may change
/// the descriptor's length that the record holds.
pub(crate) struct SampledData<'m> {
    pub(crate) pc_map: &'m DataObject,
    pub(crate) descriptor: &'m DataObject,
    pub(crate) record: &'m DataObject,
}

impl<'m> SampledData<'m> {
    /// The three objects, whose definitions wait for the function's code.
    pub(crate) fn objects(&self) -> [&'m DataObject; 3] {
        [self.pc_map, self.descriptor, self.record]
    }
}

/// The module's sampled functions, by name, each with the empty PC map
/// that the midend declared, its descriptor and its record.
pub(crate) fn sampled_functions(module: &Module) -> HashMap<&str, SampledData<'_>> {
    let by_name: HashMap<&str, &DataObject> = module.data.iter().map(|d| (d.name.as_str(), d)).collect();
    let maps: HashMap<&str, &DataObject> =
        module.data.iter().filter_map(|d| Some((d.name.strip_prefix(abi::PC_MAP_PREFIX)?, d))).collect();
    module
        .functions
        .iter()
        .filter_map(|f| {
            let name = f.name.as_str();
            Some((
                name,
                SampledData {
                    pc_map: *maps.get(name)?,
                    descriptor: *by_name.get(format!("{}{name}", abi::DESCRIPTOR_PREFIX).as_str())?,
                    record: *by_name.get(format!("{}{name}", abi::RECORD_PREFIX).as_str())?,
                },
            ))
        })
        .collect()
}

/// The source location of each reachable block of `func`: its index in
/// the function's shape.
pub(crate) fn block_locations(func: &Function) -> SecondaryMap<Block, Option<SourceLoc>> {
    let mut locations = SecondaryMap::new();
    for (index, &block) in Cfg::compute(func).blocks().iter().enumerate() {
        locations[block] = Some(SourceLoc::new(index as u32));
    }
    locations
}

/// Clears the source location of every instruction of `func` that
/// Cranelift may move to another block, copy or rewrite: those that
/// neither branch, call, access memory nor may trap.
pub(crate) fn keep_anchor_locations(func: &mut clif::Function) {
    let insts: Vec<clif::Inst> = func.layout.blocks().flat_map(|block| func.layout.block_insts(block)).collect();
    for inst in insts {
        let op = func.dfg.insts[inst].opcode();
        let anchored = op.is_terminator() || op.is_call() || op.can_load() || op.can_store() || op.can_trap() || op.other_side_effects();
        if !anchored {
            func.srclocs[inst] = RelSourceLoc::default();
        }
    }
}

/// The PC map of `func`, compiled into `code` (with the locations of
/// [`block_locations`] and `machine_code_cfg_info`), and for each of its
/// counters (each listed block) whether any code counts for it.
pub(crate) fn pc_map(func: &Function, code: &CompiledCode) -> (Vec<u8>, Vec<bool>) {
    let cfg = Cfg::compute(func);
    let mut index: SecondaryMap<Block, u32> = SecondaryMap::new();
    for (i, &block) in cfg.blocks().iter().enumerate() {
        index[block] = i as u32;
    }
    let mut ir = IrBlocks {
        succs: cfg.blocks().iter().map(|&b| cfg.succ_blocks(b).map(|s| index[s]).collect()).collect(),
        preds: cfg.blocks().iter().map(|&b| cfg.pred_blocks(b).map(|p| index[p]).collect()).collect(),
        counter: vec![None; cfg.num_blocks()],
    };
    let listed = sampled_blocks(func, &cfg);
    for (counter, &(block, _)) in listed.iter().enumerate() {
        ir.counter[block as usize] = Some(counter as u32);
    }
    let located: Vec<(u32, u32)> =
        code.buffer.get_srclocs_sorted().iter().filter(|range| !range.loc.is_default()).map(|range| (range.start, range.loc.bits())).collect();
    let code_len = code.buffer.total_size();
    let ranges = attribute(code_len, &code.bb_starts, &code.bb_edges, &located, &ir);
    (encode(code_len, &ranges), mapped_counters(listed.len(), &ranges))
}

/// For each of `num_counters` counters, whether a range of the map counts
/// for it.
fn mapped_counters(num_counters: usize, ranges: &[[u32; 3]]) -> Vec<bool> {
    let mut mapped = vec![false; num_counters];
    for &[_, _, counter] in ranges {
        if let Some(slot) = mapped.get_mut(counter as usize) {
            *slot = true;
        }
    }
    mapped
}

/// The descriptor `bytes` of a sampled function with size 0 for each
/// listed block that no code counts for (`mapped`, by counter: the block's
/// place in the list), which no sample can land on and inference leaves
/// dangling rather than cold. The list and its order stay, and with them
/// the counters.
pub(crate) fn descriptor_with_mapped_sizes(bytes: &[u8], mapped: &[bool]) -> Result<Vec<u8>, String> {
    let mut desc = CfgDescriptor::decode(bytes)?;
    if desc.sampling.blocks.len() != mapped.len() {
        return Err(format!(
            "the descriptor lists {} sampled blocks but the PC map has {} counters",
            desc.sampling.blocks.len(),
            mapped.len()
        ));
    }
    for (entry, &has_code) in desc.sampling.blocks.iter_mut().zip(mapped) {
        if !has_code {
            entry.1 = 0;
        }
    }
    Ok(desc.encode())
}

/// The CFG of the IR blocks, by shape index, and each block's counter.
struct IrBlocks {
    succs: Vec<Vec<u32>>,
    preds: Vec<Vec<u32>>,
    counter: Vec<Option<u32>>,
}

/// `(start, end, counter)` ranges, sorted and disjoint, for the machine
/// blocks starting at `starts` (the first also covers the prologue
/// before it) with `edges` between them and anchored code at `located`
/// (`(offset, block)`).
fn attribute(code_len: u32, starts: &[u32], edges: &[(u32, u32)], located: &[(u32, u32)], ir: &IrBlocks) -> Vec<[u32; 3]> {
    let mut starts: Vec<u32> = starts.to_vec();
    starts.dedup();
    match starts.first_mut() {
        Some(first) => *first = 0,
        None => starts.push(0),
    }
    let block_at = |offset: u32| starts.partition_point(|&start| start <= offset).saturating_sub(1);
    let mut owner: Vec<Option<u32>> = vec![None; starts.len()];
    for &(offset, block) in located {
        let slot = &mut owner[block_at(offset)];
        slot.get_or_insert(block);
    }
    // The function's first code runs once per call, as its entry does.
    owner[0].get_or_insert(0);
    let mut owned = vec![false; ir.counter.len()];
    for &block in owner.iter().flatten() {
        if let Some(slot) = owned.get_mut(block as usize) {
            *slot = true;
        }
    }
    let edges: Vec<(usize, usize)> = edges.iter().map(|&(from, to)| (block_at(from), block_at(to))).collect();
    // From the last block back, so that a chain of pure blocks resolves
    // from its end.
    for m in (0..starts.len()).rev() {
        if owner[m].is_some() {
            continue;
        }
        let succs: Vec<usize> = edges.iter().filter(|e| e.0 == m).map(|e| e.1).collect();
        let [next] = succs[..] else { continue };
        let Some(successor) = owner.get(next).copied().flatten().filter(|_| next == m + 1) else { continue };
        let preds: Vec<u32> = edges.iter().filter(|e| e.1 == m).filter_map(|e| owner[e.0]).collect();
        let candidates = |with_preds: bool| -> Vec<u32> {
            (0..ir.counter.len() as u32)
                .filter(|&x| !owned[x as usize] && ir.counter[x as usize].is_some() && ir.succs[x as usize] == [successor])
                .filter(|&x| !with_preds || preds.iter().all(|p| ir.preds[x as usize].contains(p)))
                .collect()
        };
        let mut found = candidates(false);
        if found.len() > 1 {
            found = candidates(true);
        }
        if let [x] = found[..] {
            owner[m] = Some(x);
            owned[x as usize] = true;
        }
    }
    let mut ranges: Vec<[u32; 3]> = Vec::new();
    for (m, &start) in starts.iter().enumerate() {
        let end = starts.get(m + 1).copied().unwrap_or(code_len);
        let Some(counter) = owner[m].and_then(|block| ir.counter.get(block as usize).copied().flatten()) else { continue };
        match ranges.last_mut() {
            Some(last) if last[1] == start && last[2] == counter => last[1] = end,
            _ if start < end => ranges.push([start, end, counter]),
            _ => {}
        }
    }
    ranges
}

/// The bytes of a PC map (layout in `abi`).
fn encode(code_len: u32, ranges: &[[u32; 3]]) -> Vec<u8> {
    let mut words = vec![0u32; abi::PC_MAP_RANGES];
    words[abi::PC_MAP_CODE_LEN] = code_len;
    words[abi::PC_MAP_NUM_RANGES] = ranges.len() as u32;
    words.extend(ranges.iter().flatten());
    words.iter().flat_map(|word| word.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The diamond 0 → {1, 2} → 3 with every block listed, block `i`
    /// counting in counter `i`.
    fn diamond() -> IrBlocks {
        IrBlocks {
            succs: vec![vec![1, 2], vec![3], vec![3], vec![]],
            preds: vec![vec![], vec![0], vec![0], vec![1, 2]],
            counter: vec![Some(0), Some(1), Some(2), Some(3)],
        }
    }

    #[test]
    fn machine_blocks_count_for_their_anchored_code() {
        // Machine blocks 0x4 (entry, after a prologue), 0x10 (block 2,
        // ends with a jump), 0x18 (block 1, falls through; its only anchor
        // is a store at 0x1a) and 0x20 (block 3).
        let starts = [0x4, 0x10, 0x18, 0x20];
        let edges = [(0x4, 0x10), (0x4, 0x18), (0x10, 0x20), (0x18, 0x20)];
        let located = [(0xc, 0), (0x14, 2), (0x1a, 1), (0x28, 3)];
        let ranges = attribute(0x30, &starts, &edges, &located, &diamond());
        assert_eq!(ranges, vec![[0, 0x10, 0], [0x10, 0x18, 2], [0x18, 0x20, 1], [0x20, 0x30, 3]]);
        let words: Vec<u32> = encode(0x30, &ranges[..1]).chunks(4).map(|w| u32::from_le_bytes(w.try_into().unwrap())).collect();
        assert_eq!(words, vec![0x30, 1, 0, 0x10, 0]);
    }

    #[test]
    fn a_pure_block_whose_jump_fell_through_is_found_by_its_successor() {
        // Block 1 is pure code falling through into block 3, block 2 ends
        // with its (anchored) jump to block 3.
        let starts = [0x0, 0x10, 0x18, 0x20];
        let edges = [(0x0, 0x10), (0x0, 0x18), (0x10, 0x20), (0x18, 0x20)];
        let located = [(0xc, 0), (0x14, 2), (0x28, 3)];
        assert_eq!(attribute(0x30, &starts, &edges, &located, &diamond()), vec![[0, 0x10, 0], [0x10, 0x18, 2], [0x18, 0x20, 1], [0x20, 0x30, 3]]);
        // An unlocated block that jumps away is an edge block.
        let located = [(0xc, 0), (0x1c, 2), (0x28, 3)];
        assert_eq!(attribute(0x30, &starts, &edges, &located, &diamond()), vec![[0, 0x10, 0], [0x18, 0x20, 2], [0x20, 0x30, 3]]);
    }

    #[test]
    fn listed_blocks_without_code_get_size_0_in_the_descriptor() {
        use nissecc_midend::profile::{FunctionShape, Sampling, Strategy};
        // Block 1, the pure arm, has no machine block (its code became a
        // select, or its branch was folded).
        let starts = [0x0, 0x10, 0x20];
        let edges = [(0x0, 0x10), (0x0, 0x20), (0x10, 0x20)];
        let located = [(0xc, 0), (0x14, 2), (0x28, 3)];
        let ranges = attribute(0x30, &starts, &edges, &located, &diamond());
        assert_eq!(ranges, vec![[0, 0x10, 0], [0x10, 0x20, 2], [0x20, 0x30, 3]]);
        let mapped = mapped_counters(4, &ranges);
        assert_eq!(mapped, vec![true, false, true, true]);

        let shape = FunctionShape { block_lines: vec![1, 2, 3, 4], edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)], returns: vec![3], call_sites: Vec::new() };
        let mut desc = CfgDescriptor::new(Strategy::Sample, shape, Vec::new());
        desc.sampling = Sampling { period: 1000, blocks: vec![(0, 4), (1, 300), (2, 2), (3, 1)] };
        let patched = CfgDescriptor::decode(&descriptor_with_mapped_sizes(&desc.encode(), &mapped).unwrap()).unwrap();
        assert_eq!(patched.sampling.blocks, vec![(0, 4), (1, 0), (2, 2), (3, 1)]);
        assert_eq!(patched.shape, desc.shape);
        assert_eq!(patched.sampling.period, 1000);
        assert!(descriptor_with_mapped_sizes(&desc.encode(), &mapped[..3]).is_err());
    }

    #[test]
    fn unlisted_blocks_count_nowhere() {
        let mut ir = diamond();
        ir.counter[1] = None;
        let starts = [0x0, 0x10, 0x18, 0x20];
        let edges = [(0x0, 0x10), (0x0, 0x18), (0x10, 0x20), (0x18, 0x20)];
        let located = [(0xc, 0), (0x14, 2), (0x1a, 1), (0x28, 3)];
        assert_eq!(attribute(0x30, &starts, &edges, &located, &ir), vec![[0, 0x10, 0], [0x10, 0x18, 2], [0x20, 0x30, 3]]);
    }
}
