//! Targeted path profiling, `-fprofile-instr=tpp` (Joshi, Bond & Zilles,
//! "Targeted Path Profiling: Lower Overhead Path Profiling for Staged
//! Dynamic Optimization Systems", CGO 2004,
//! `../shared/papers/targeted-path-profiling-joshi-bond-zilles.md`).
//!
//! Ball–Larus path profiling (`instrument::path`), guided by an edge
//! profile of an earlier run (`-fprofile-instr-weights`):
//!
//! - **Cold paths (§4.1).** Edges under `-ftpp-cold` of their source's
//!   count, and those no hot ENTRY → EXIT path uses, leave the graph
//!   before numbering ([`cold`]), so fewer paths are numbered and more
//!   functions count in an array. A cold edge whose target can still reach
//!   a counting recording point *poisons* the path register, so that the
//!   path lands in a cold counter (Appendix A): in an array, the register
//!   starts where every number the hot increments can bring it to is one
//!   of a few cold slots past the `N` hot paths, and the ends count as
//!   Ball–Larus's do; otherwise it becomes [`analysis::POISON`], which no
//!   run of hot increments brings below 2^63, and the ends a poisoned
//!   register can reach count `min(r, N)` (Appendix A.1's conditional
//!   move; see [`register_code`]). A cold back edge always counts a cold
//!   slot. The paths that begin at a
//!   loop header share one start dummy, whichever back edge (or cut) ran,
//!   so Figure 6's three cases follow: when some hot edge is cut into the
//!   header, its dummy is hot and a cold back edge restarts the register
//!   there (case b); when none is, the dummy is cold and the cold back edge
//!   poisons (case a); and a back edge from a cold loop body poisons a
//!   register that is already poisoned (case c, the same code).
//! - **Loop disconnection (§4.2.1).** Loops whose average trip count is at
//!   least `-ftpp-loop-disconnect` are cut out with dummy edges
//!   ([`disconnect`]).
//! - **Obvious paths (§4.2.2).** Recording points reached only by obvious
//!   paths count nothing, and edges that reach no counting recording point
//!   carry no register code ([`obvious`]); the paths are recovered from the
//!   training counts, which the descriptor stores, so the profile's reader
//!   rebuilds the same graph ([`analysis`]). Dummy edges carry code like
//!   any other edge, as Appendix A.3 requires: a cut edge runs the code of
//!   its exit dummy and then that of its entry dummy.
//!
//! The counts are Ball–Larus's: a dense array of `N` hot counters and the
//! cold slots after them or, past `-fpath-array-threshold`, the runtime's
//! hash table, with the one cold slot at number `N`. The descriptor records
//! the number of cold slots.

pub mod analysis;
pub mod cold;
pub mod compare;
pub mod disconnect;
pub mod filetest;
pub mod obvious;

use crate::analysis::cfg::Cfg;
use crate::instrument::counter_array::CounterArray;
use crate::instrument::path::dag::DagEdgeKind;
use crate::instrument::path::increments::increments;
use crate::instrument::path::placement::{insert_path_counting, Count, EdgeCode, RegisterCode, Start, Storage};
use crate::instrument::weights::Weight;
use crate::ir::{Function, Inst};
use crate::profile::{FlowEdgeKind, FlowGraph, FunctionShape, TargetedProfile};
use analysis::{Recording, TargetedPaths, POISON};

/// The default of `-ftpp-cold`: 5%, the cold threshold of the paper's
/// recommended configuration TPP(5,15) (§5.1).
pub const DEFAULT_COLD_PERCENT: f64 = 5.0;

/// The default of `-ftpp-loop-disconnect`: loops entered on fewer than 15%
/// of their header's runs, TPP(5,15)'s second threshold, run at least
/// 100/15 iterations per entry.
pub const DEFAULT_LOOP_DISCONNECT: f64 = 100.0 / 15.0;

/// What TPP did to one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TppInstrumentation {
    /// The number of hot paths (the cold slot's number).
    pub paths: u64,
    /// The number Ball–Larus gives the same function.
    pub ball_larus_paths: u64,
    pub hashed: bool,
    /// The length of the counter array (0 with the hash table).
    pub counters: usize,
    pub flags: u64,
    /// Recording points that count, and those left out as obvious.
    pub counted_ends: usize,
    pub obvious_ends: usize,
    pub disconnected_loops: usize,
    pub split_edges: usize,
    /// The numbers from `paths` on that count cold paths.
    pub cold_slots: u64,
}

/// The largest number of cold slots a function's array may get so that a
/// poisoned register needs no `min` (see [`register_code`]), besides the
/// number of hot paths.
pub const MAX_COLD_SLOTS: u64 = 256;

/// The path-register code of `paths`, whose hot edges have the
/// increments `inc`, and the number of cold slots it counts in (from
/// number `N`, the number of hot paths, on). With the hash table, or when
/// the range below is too wide, a poisoned register is [`POISON`] and each
/// end it may reach counts `min(r + k, N)`: one cold slot. Otherwise the
/// poisoned register starts at a value that makes every number it can
/// reach at an end fall in `[N, N + slots)`: the sums of increments from a
/// vertex to EXIT lie in a range known at compile time (after a poison,
/// only hot edges add to the register until it ends, restarts or is
/// poisoned again), so the ends count `r + k` exactly as Ball–Larus does,
/// and every slot past `N` is cold.
pub fn register_code(graph: &FlowGraph, paths: &TargetedPaths, inc: &[u64], hashed: bool) -> (RegisterCode, u64) {
    let dag = &paths.full;
    let needed = |v: u32| paths.needed[v as usize];
    let entry_hot = dag.succs(dag.entry()).iter().any(|&e| paths.hot[e as usize]);
    let mut poisoned = may_be_poisoned(graph, paths, entry_hot);
    let any_poisoned = poisoned.contains(&true);
    let range = (!hashed && any_poisoned).then(|| increment_sums(paths, inc)).flatten().filter(|(lo, hi)| hi - lo < i128::from(MAX_COLD_SLOTS));
    if range.is_some() {
        poisoned.fill(false);
    }
    let end = |e: u32| match paths.recording[e as usize] {
        Recording::Path if poisoned[dag.edge(e).from as usize] => Count::PathOrCold(inc[e as usize]),
        Recording::Path => Count::Path(inc[e as usize]),
        Recording::Cold => Count::Cold,
        Recording::Nothing => Count::Nothing,
    };
    let start = |e: u32| match () {
        _ if !needed(dag.edge(e).to) => Start::Keep,
        _ if paths.hot[e as usize] => Start::Const(inc[e as usize]),
        _ => Start::Poison,
    };
    let mut edges = vec![EdgeCode::Keep; graph.edges().len()];
    for e in dag.live_edges() {
        let DagEdgeKind::Flow(f) = dag.edge(e).kind else { continue };
        edges[f as usize] = match graph.edge(f).kind {
            FlowEdgeKind::Return(_) | FlowEdgeKind::EarlyExit(_) => EdgeCode::End(end(e)),
            FlowEdgeKind::ReEntry(_) => EdgeCode::Restart(start(e)),
            _ if !needed(dag.edge(e).to) => EdgeCode::Keep,
            _ if paths.hot[e as usize] => EdgeCode::Add(inc[e as usize]),
            _ => EdgeCode::Poison,
        };
    }
    for (c, cut) in dag.cuts().iter().enumerate() {
        let c = c as u32;
        let code = EdgeCode::Cut { end: end(dag.dummy(DagEdgeKind::End(c))), start: start(paths.start_of(c)) };
        edges[cut.flow_edge as usize] = match code {
            EdgeCode::Cut { end: Count::Nothing, start: Start::Keep } => EdgeCode::Keep,
            code => code,
        };
    }
    let entry = if entry_hot { Start::Const(0) } else { Start::Poison };
    let n = paths.hot_paths();
    let (poison, slots) = match range {
        // The lowest sum lands at N.
        Some((lo, hi)) => ((i128::from(n) - lo) as u64, (hi - lo + 1) as u64),
        None => (POISON, 1),
    };
    (RegisterCode { edges, entry, clamp: Some(n), poison }, slots)
}

/// The least and greatest sum of increments from any vertex of the hot
/// graph to EXIT, as integers (the increments are differences of
/// potentials that `poison_limit` keeps within 64 bits), or `None` when
/// the hot graph is empty.
fn increment_sums(paths: &TargetedPaths, inc: &[u64]) -> Option<(i128, i128)> {
    let dag = &paths.numbering.dag;
    let n = dag.num_vertices() as usize;
    let mut sums: Vec<Option<(i128, i128)>> = vec![None; n];
    sums[dag.exit() as usize] = Some((0, 0));
    for &v in dag.topological().iter().rev() {
        for &e in dag.succs(v) {
            let Some((lo, hi)) = sums[dag.edge(e).to as usize] else { continue };
            let k = i128::from(inc[e as usize] as i64);
            let entry = sums[v as usize].get_or_insert((lo + k, hi + k));
            *entry = (entry.0.min(lo + k), entry.1.max(hi + k));
        }
    }
    sums.into_iter().flatten().reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)))
}

/// By vertex: whether the register may hold a poisoned value there. It is
/// poisoned after a cold edge (or a cold ENTRY, or a cold start), and stays
/// so along hot edges until a path starts again (a start dummy, or a
/// re-entry after `setjmp`); only the counts at the ends of such vertices
/// need the `min` that sends it to the cold slot.
fn may_be_poisoned(graph: &FlowGraph, paths: &TargetedPaths, entry_hot: bool) -> Vec<bool> {
    let dag = &paths.full;
    let mut poisoned = vec![false; dag.num_vertices() as usize];
    poisoned[dag.entry() as usize] = !entry_hot;
    for &v in dag.topological() {
        for &e in dag.succs(v) {
            let edge = dag.edge(e);
            let starts = match edge.kind {
                DagEdgeKind::Start(_) => true,
                DagEdgeKind::Flow(f) => matches!(graph.edge(f).kind, FlowEdgeKind::ReEntry(_)),
                DagEdgeKind::End(_) => false,
            };
            let after = !paths.hot[e as usize] || (!starts && poisoned[v as usize]);
            poisoned[edge.to as usize] |= after;
        }
    }
    poisoned
}
/// Instruments `func` for targeted path profiling from the training
/// profile `profile`; the arguments are those of `path::instrument`.
#[allow(clippy::too_many_arguments)]
pub fn instrument(
    func: &mut Function,
    cfg: &Cfg,
    shape: &FunctionShape,
    graph: &FlowGraph,
    calls: &[Inst],
    weights: &[Weight],
    profile: &TargetedProfile,
    array_threshold: u64,
    counters: CounterArray,
) -> TppInstrumentation {
    let paths = TargetedPaths::new(graph, profile);
    let inc = increments(&paths.numbering, graph, weights);
    let hot = paths.hot_paths();
    let storage = Storage::for_paths(hot, array_threshold, counters);
    let hashed = storage.hashed();
    let (code, cold_slots) = register_code(graph, &paths, &inc, hashed);
    let split_edges = insert_path_counting(func, cfg, shape, graph, &code, calls, &storage, counters.update);
    let ends: Vec<Recording> = paths.full.live_edges().filter(|&e| paths.full.edge(e).to == paths.full.exit()).map(|e| paths.recording[e as usize]).collect();
    TppInstrumentation {
        paths: hot,
        ball_larus_paths: paths.ball_larus_paths,
        hashed,
        counters: if hashed { 0 } else { (hot + cold_slots) as usize },
        cold_slots,
        flags: storage.flags(),
        counted_ends: ends.iter().filter(|&&r| r != Recording::Nothing).count(),
        obvious_ends: ends.iter().filter(|&&r| r == Recording::Nothing).count(),
        disconnected_loops: paths.disconnected.len(),
        split_edges,
    }
}
