//! Stale profiles: recovering the counts of a function whose CFG changed
//! since it was profiled, as BOLT's stale profile matching does (LLVM's
//! `bolt/lib/Profile/StaleProfileMatching.cpp`, reviews D144500 and
//! D146661), with profile inference to fill in what does not match (He,
//! Mestre, Pupyrev, Wang and Yu, "Profile Inference Revisited", POPL 2022,
//! §1 and §2.2: counts of a partly matched profile are weights, the rest
//! of the function is dangling).
//!
//! Two phases:
//!
//! 1. *Matching.* Every block of the profiled and of the current function
//!    has a hash of its opcodes and neighbours (`profile::block_hash`).
//!    The entries match each other. Then a current block matches a
//!    profiled one when their strict hashes are equal and each is the
//!    only one with that hash on its side; then, among the blocks still
//!    unmatched, the same with the loose hashes (opcodes only).
//! 2. *Inference.* A matched block weighs its profiled count; a CFG edge
//!    whose ends both matched, and which joins the matched blocks in the
//!    profiled function too, weighs the profiled edge's count. The other
//!    blocks and edges are unknown, and `profile::infer` (profi) turns the
//!    weights into consistent counts numbered by the current shape.
//!
//! When nothing but the entry matches, no count is recovered: the caller
//! drops the function's profile as it did before.

use crate::profile::block_hash::loose;
use crate::profile::infer::{infer, Objective, Weights};
use crate::profile::{EdgeProfile, FunctionShape};
use std::collections::HashMap;

/// The counts recovered for a function whose CFG changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// Inferred counts, numbered by the current shape.
    pub counts: EdgeProfile,
    /// How many of the current blocks matched a profiled block; the
    /// others' counts were inferred.
    pub matched: usize,
}

/// Recovers the counts of a function that was profiled with shape
/// `profiled`, block hashes `profiled_hashes` and counts `counts`, and now
/// has shape `current` and block hashes `current_hashes`; `None` when no
/// block but the entry matches. An error comes from inference.
pub fn recover(
    profiled: &FunctionShape,
    profiled_hashes: &[u64],
    counts: &EdgeProfile,
    current: &FunctionShape,
    current_hashes: &[u64],
) -> Result<Option<Recovered>, String> {
    if profiled_hashes.len() != profiled.block_lines.len() || current_hashes.len() != current.block_lines.len() {
        return Err("a block hash per block is missing".into());
    }
    let matching = match_blocks(profiled_hashes, current_hashes);
    let matched = matching.iter().filter(|m| m.is_some()).count();
    if matched <= 1 {
        return Ok(None);
    }
    let weights = matched_weights(profiled, counts, current, &matching);
    let counts = infer(current, &weights, Objective::Profi)?;
    Ok(Some(Recovered { counts, matched }))
}

/// For each current block, the profiled block it matches: the entries
/// match, then blocks whose strict hash is unique and equal on both sides,
/// then, among the rest, blocks whose loose hash is.
pub fn match_blocks(profiled: &[u64], current: &[u64]) -> Vec<Option<u32>> {
    let mut matching: Vec<Option<u32>> = vec![None; current.len()];
    let mut taken = vec![false; profiled.len()];
    if profiled.is_empty() || current.is_empty() {
        return matching;
    }
    matching[0] = Some(0);
    taken[0] = true;
    let strict: fn(u64) -> u64 = |hash| hash;
    let loose: fn(u64) -> u64 = |hash| u64::from(loose(hash));
    for key in [strict, loose] {
        let old = unique_hashes(profiled, |i| !taken[i], key);
        let new = unique_hashes(current, |i| matching[i].is_none(), key);
        // Each key is unique on both sides, so the order of the map does
        // not change the result.
        for (hash, block) in new {
            if let (Some(block), Some(&Some(old_block))) = (block, old.get(&hash)) {
                matching[block] = Some(old_block as u32);
                taken[old_block] = true;
            }
        }
    }
    matching
}

/// The blocks with index `i` such that `free(i)`, by `key` of their hash:
/// the block that has it, or `None` when several do.
fn unique_hashes(hashes: &[u64], free: impl Fn(usize) -> bool, key: fn(u64) -> u64) -> HashMap<u64, Option<usize>> {
    let mut found: HashMap<u64, Option<usize>> = HashMap::new();
    for (i, &hash) in hashes.iter().enumerate().filter(|&(i, _)| free(i)) {
        found.entry(key(hash)).and_modify(|block| *block = None).or_insert(Some(i));
    }
    found
}

/// The inference weights of the current shape that the matching gives:
/// profiled counts on matched blocks and on edges between matched blocks
/// that the profiled function has too, nothing elsewhere.
fn matched_weights(profiled: &FunctionShape, counts: &EdgeProfile, current: &FunctionShape, matching: &[Option<u32>]) -> Weights {
    let mut weights = Weights::unknown(current);
    for (block, old) in matching.iter().enumerate() {
        if let Some(old) = *old {
            weights.blocks[block] = Some(counts.blocks[old as usize]);
        }
    }
    // Parallel edges (two successor slots of one branch to one block) pair
    // up in slot order, when both functions have as many.
    let by_ends = |shape: &FunctionShape| {
        let mut edges: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
        for (i, &ends) in shape.edges.iter().enumerate() {
            edges.entry(ends).or_default().push(i);
        }
        edges
    };
    let old_edges = by_ends(profiled);
    for ((from, to), edges) in by_ends(current) {
        let (Some(old_from), Some(old_to)) = (matching[from as usize], matching[to as usize]) else { continue };
        match old_edges.get(&(old_from, old_to)) {
            Some(old) if old.len() == edges.len() => {
                for (&edge, &old) in edges.iter().zip(old) {
                    weights.edges[edge] = Some(counts.edges[old].2);
                }
            }
            _ => {}
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use crate::profile::block_hash::block_hashes;
    use crate::profile::block_hash::examples::{edited_loop, LOOP};
    use crate::text::parse_function;

    /// The shape and block hashes of the function `text`.
    fn shape_and_hashes(text: &str) -> (FunctionShape, Vec<u64>) {
        let func = parse_function(text).unwrap();
        let cfg = Cfg::compute(&func);
        (FunctionShape::of(&func, &cfg, |_| None), block_hashes(&func, &cfg))
    }

    /// One call of `LOOP` with `n` = 10, six of the elements positive.
    fn loop_counts() -> EdgeProfile {
        EdgeProfile {
            blocks: vec![1, 11, 10, 6, 10, 1],
            edges: vec![(0, 1, 1), (1, 2, 10), (1, 5, 1), (2, 3, 6), (2, 4, 4), (3, 4, 6), (4, 1, 10)],
            entries: 1,
            ..EdgeProfile::default()
        }
    }

    #[test]
    fn matching_takes_unique_hashes_strict_first() {
        let h = |opcodes: u64, rest: u64| (opcodes << 32) | rest;
        let profiled = [h(9, 9), h(1, 1), h(2, 2), h(2, 3), h(4, 4), h(4, 4), h(5, 5)];
        let current = [h(8, 8), h(2, 3), h(1, 7), h(2, 2), h(4, 4), h(6, 6), h(5, 6)];
        // Entry to entry whatever its hash; blocks 1 and 3 by their strict
        // hashes; block 2 by its loose hash once those are taken; block 4's
        // hash is not unique among the profiled blocks; block 5 has no
        // counterpart; block 6 matches loosely.
        assert_eq!(match_blocks(&profiled, &current), [Some(0), Some(3), Some(1), Some(2), None, None, Some(6)]);
        // A loose hash shared by two unmatched blocks matches neither.
        assert_eq!(match_blocks(&[h(0, 0), h(3, 1), h(3, 2)], &[h(0, 0), h(3, 3)]), [Some(0), None]);
        assert_eq!(match_blocks(&[], &[h(0, 0)]), [None]);
    }

    #[test]
    fn an_unedited_function_keeps_its_counts_exactly() {
        let (shape, hashes) = shape_and_hashes(LOOP);
        let recovered = recover(&shape, &hashes, &loop_counts(), &shape, &hashes).unwrap().expect("counts are recovered");
        assert_eq!(recovered.matched, shape.block_lines.len());
        assert_eq!(recovered.counts, loop_counts());
    }

    #[test]
    fn an_edit_keeps_the_counts_of_the_matched_blocks() {
        let (old_shape, old_hashes) = shape_and_hashes(LOOP);
        let (shape, hashes) = shape_and_hashes(&edited_loop());
        let recovered = recover(&old_shape, &old_hashes, &loop_counts(), &shape, &hashes).unwrap().expect("counts are recovered");
        // The entry, the loop header (loosely: its predecessor changed),
        // the test, the addition and the latch match; the two new blocks
        // and the changed exit do not.
        assert_eq!(recovered.matched, 5);
        let counts = &recovered.counts;
        assert_eq!(counts.blocks.len(), 8);
        assert_eq!((counts.blocks[0], &counts.blocks[3..7]), (1, &[11, 10, 6, 10][..]));
        // Flow conservation gives the rest: the loop is entered once, and
        // left once.
        assert_eq!((counts.blocks[2], counts.blocks[7]), (1, 1));
        assert_eq!(counts.entries, 1);
    }

    #[test]
    fn nothing_is_recovered_when_only_the_entry_matches() {
        let (shape, hashes) = shape_and_hashes(LOOP);
        let other: Vec<u64> = hashes.iter().map(|h| !h).collect();
        assert_eq!(recover(&shape, &hashes, &loop_counts(), &shape, &other), Ok(None));
    }
}
