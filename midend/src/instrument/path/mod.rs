//! Ball–Larus path profiling, `-fprofile-instr=path` (Ball & Larus,
//! "Efficient Path Profiling", MICRO 1996; restated in
//! `../shared/notes/efficient-path-profiling.md`; the LLVM experience of
//! Preuss, "Implementation of Path Profiling in LLVM", §3.3–3.4 and
//! §4.2.2).
//!
//! For one function, on the flow graph of its shape (`profile/`):
//!
//! 1. [`dag`]: cut the depth-first back edges into dummy edge pairs;
//! 2. [`numbering`]: give every edge a `Val` so that each ENTRY → EXIT
//!    path sums to a distinct number in `[0, NumPaths)`, cutting more
//!    edges if the numbers would not fit in 64 bits;
//! 3. [`increments`]: move the values onto the chords of a maximum
//!    spanning tree;
//! 4. [`placement`]: rewrite the IR to keep the path register and count
//!    each finished path, in a dense array when the function has at most
//!    `-fpath-array-threshold` paths and in the runtime's hash table
//!    otherwise.
//!
//! Steps 1–2 depend on the shape alone, so the descriptor (which stores
//! the shape) is all a tool needs to [`regenerate`] paths from their
//! numbers and to [`derive`] the edge profile they imply.

pub mod dag;
pub mod derive;
pub mod increments;
pub mod numbering;
pub mod placement;
pub mod regenerate;

use crate::analysis::cfg::Cfg;
use crate::instrument::counter_array::CounterArray;
use crate::instrument::weights::Weight;
use crate::ir::{Function, Inst};
use crate::profile::{FlowGraph, FunctionShape};
use placement::Storage;

/// The default of `-fpath-array-threshold`: functions with at most this
/// many paths count them in a dense array.
pub const DEFAULT_ARRAY_THRESHOLD: u64 = 4096;

/// What path instrumentation did to one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathInstrumentation {
    /// The number of potential paths, `NumPaths(ENTRY)`.
    pub paths: u64,
    /// True when the paths are counted in the runtime's hash table.
    pub hashed: bool,
    /// The length of the counter array (0 with the hash table).
    pub counters: usize,
    /// The record flags that tell the runtime how to read the counts.
    pub flags: u64,
    /// Edges cut so that path numbers fit in 64 bits.
    pub truncations: usize,
    /// CFG edges split to hold the code of a cut edge.
    pub split_edges: usize,
}

/// Instruments `func` for path profiling. `cfg`, `shape` and `graph`
/// describe it before instrumentation, `calls[i]` is the shape's call site
/// `i`, `weights` weight the flow edges, and `counters` names the counter
/// array (the hash table's key when the paths are hashed) and says how
/// counts are updated.
#[allow(clippy::too_many_arguments)]
pub fn instrument(
    func: &mut Function,
    cfg: &Cfg,
    shape: &FunctionShape,
    graph: &FlowGraph,
    calls: &[Inst],
    weights: &[Weight],
    array_threshold: u64,
    counters: CounterArray,
) -> PathInstrumentation {
    let numbering = numbering::number(graph);
    let inc = increments::increments(&numbering, graph, weights);
    let paths = numbering.total();
    let storage = Storage::for_paths(paths, array_threshold, counters);
    let hashed = storage.hashed();
    let code = placement::RegisterCode::ball_larus(graph, &numbering, &inc);
    let split_edges = placement::insert_path_counting(func, cfg, shape, graph, &code, calls, &storage, counters.update);
    PathInstrumentation {
        paths,
        hashed,
        counters: if hashed { 0 } else { paths as usize },
        flags: storage.flags(),
        truncations: numbering.truncations(),
        split_edges,
    }
}
