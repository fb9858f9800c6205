//! The execution count of every source line of a function, as gcov
//! derives it from block and edge counts (`gcov.cc`, `accumulate_line_info`
//! and `get_cycles_count`): a line's blocks are those with code on it; its
//! count is the flow entering those blocks from outside them (from other
//! lines, or the function's entry), plus the flow around every cycle that
//! stays on the line (a loop written on one line). Summing the counts of
//! the blocks instead would count a line once per block on it: a `for`
//! header is three blocks.
//!
//! A block with no line and one successor (one that only jumps on, such
//! as the empty join of an `if` inside a `do { } while (0)` macro) belongs
//! to its successor's line: flow through it reaches that line once, not
//! once when it leaves the line and again when it comes back. gcc gives
//! such blocks a line or merges them away, with the same result.
//!
//! Also the taken counts of every branch, shown on the line of the branch
//! (the last line of its block).

use super::counts::FunctionCounts;
use std::collections::{BTreeMap, BTreeSet};

/// The count of one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCount {
    /// How often execution reached the line.
    pub count: u64,
    /// Some block on the line never ran (gcov marks such lines with `*`).
    pub has_unexecuted_block: bool,
}

/// A block with two or more successors, and how often each was taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub block: u32,
    /// How often the branch ran: the sum of its out-edges, which is less
    /// than the block's count when a call before the branch did not return.
    pub total: u64,
    /// The count of each out-edge, in edge order.
    pub taken: Vec<u64>,
}

/// The lines of one function.
#[derive(Clone, Debug, Default)]
pub struct FunctionLines {
    /// The file its lines are in, as the compiler was told.
    pub file: String,
    pub lines: BTreeMap<u32, LineCount>,
    /// The branches by line, in block order.
    pub branches: BTreeMap<u32, Vec<Branch>>,
    /// The line of the function's entry (its name), when known.
    pub first_line: Option<u32>,
}

/// The most cycles counted on one line; a line whose blocks form more
/// (only generated code does) keeps the flow of those found.
const MAX_CYCLES: usize = 10_000;

/// The line counts of `function`, or `None` when its profile carries no
/// source lines (a profile written before they were recorded).
pub fn function_lines(function: &FunctionCounts) -> Option<FunctionLines> {
    let source = function.descriptor.source_lines.as_ref()?;
    let counts = &function.counts;
    let mut blocks_of_line: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for (b, lines) in source.blocks.iter().enumerate() {
        for &line in lines {
            blocks_of_line.entry(line).or_default().insert(b as u32);
        }
    }
    let mut result = FunctionLines { file: source.file.clone(), first_line: source.blocks.first().and_then(|l| l.first().copied()), ..Default::default() };
    let mut out_edges: Vec<Vec<u32>> = vec![Vec::new(); counts.blocks.len()];
    for &(from, to, _) in &counts.edges {
        out_edges[from as usize].push(to);
    }
    for (&line, lined) in &blocks_of_line {
        let mut blocks = lined.clone();
        // Jump-only blocks into the line, until no more join.
        loop {
            let before = blocks.len();
            for (b, targets) in out_edges.iter().enumerate() {
                if let [target] = targets.as_slice() {
                    if source.blocks[b].is_empty() && blocks.contains(target) {
                        blocks.insert(b as u32);
                    }
                }
            }
            if blocks.len() == before {
                break;
            }
        }
        let mut count = if blocks.contains(&0) { counts.entries } else { 0 };
        let mut inner: Vec<(u32, u32, u64)> = Vec::new();
        for &(from, to, edge_count) in &counts.edges {
            match (blocks.contains(&from), blocks.contains(&to)) {
                (false, true) => count = count.saturating_add(edge_count),
                (true, true) => inner.push((from, to, edge_count)),
                _ => {}
            }
        }
        count = count.saturating_add(cycles_count(&mut inner));
        let has_unexecuted_block = lined.iter().any(|&b| counts.blocks[b as usize] == 0);
        result.lines.insert(line, LineCount { count, has_unexecuted_block });
    }
    let mut taken_counts: Vec<Vec<u64>> = vec![Vec::new(); counts.blocks.len()];
    for &(from, _, count) in &counts.edges {
        taken_counts[from as usize].push(count);
    }
    for (b, taken) in taken_counts.into_iter().enumerate() {
        let Some(&line) = source.blocks[b].last() else { continue };
        if taken.len() >= 2 {
            result.branches.entry(line).or_default().push(Branch { block: b as u32, total: taken.iter().fold(0u64, |sum, &c| sum.saturating_add(c)), taken });
        }
    }
    Some(result)
}

/// The flow around the elementary cycles of the graph whose edges are
/// `edges` (`from, to, count`), as gcov counts it: each cycle found adds
/// its smallest remaining edge count, which is then taken from every edge
/// of the cycle. Cycles are found from each start vertex through larger
/// vertices only, so each is found once.
fn cycles_count(edges: &mut [(u32, u32, u64)]) -> u64 {
    let mut vertices: Vec<u32> = edges.iter().flat_map(|&(from, to, _)| [from, to]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    let (mut total, mut found) = (0u64, 0usize);
    for &start in &vertices {
        let mut path: Vec<usize> = Vec::new();
        let mut on_path = BTreeSet::from([start]);
        search_cycles(edges, start, start, &mut path, &mut on_path, &mut total, &mut found);
    }
    total
}

/// Extends the path of edge indices `path`, now at `at`, towards `start`.
fn search_cycles(edges: &mut [(u32, u32, u64)], start: u32, at: u32, path: &mut Vec<usize>, on_path: &mut BTreeSet<u32>, total: &mut u64, found: &mut usize) {
    for e in 0..edges.len() {
        let (from, to, _) = edges[e];
        if from != at || to < start || *found >= MAX_CYCLES {
            continue;
        }
        path.push(e);
        if to == start {
            *found += 1;
            let flow = path.iter().map(|&e| edges[e].2).min().unwrap_or(0);
            for &e in path.iter() {
                edges[e].2 -= flow;
            }
            *total = total.saturating_add(flow);
        } else if on_path.insert(to) {
            search_cycles(edges, start, to, path, on_path, total, found);
            on_path.remove(&to);
        }
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_on_one_line_counts_its_iterations_once() {
        // header 0 -> body 1 -> step 2 -> header 0, run 10 times.
        let mut edges = vec![(0, 1, 10), (1, 2, 10), (2, 0, 10)];
        assert_eq!(cycles_count(&mut edges), 10);
        // Two cycles through one header: 4 and 6 iterations.
        let mut edges = vec![(0, 1, 4), (1, 0, 4), (0, 2, 6), (2, 0, 6)];
        assert_eq!(cycles_count(&mut edges), 10);
        // No cycle.
        let mut edges = vec![(0, 1, 4), (1, 2, 4)];
        assert_eq!(cycles_count(&mut edges), 0);
    }
}
