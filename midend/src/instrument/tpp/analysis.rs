//! The targeted path graph of one function: everything TPP decides from
//! the function's shape and its training edge profile, computed the same
//! way when instrumenting and when reading the profile, so that the
//! descriptor needs to store only the profile's counts and the two
//! thresholds.
//!
//! 1. The Ball–Larus graph of the shape (`path::dag`, `path::numbering`),
//!    with its back edges and any truncations cut.
//! 2. Loop disconnection ([`super::disconnect`]) cuts the edges into and
//!    out of loops with a high average trip count.
//! 3. Cold edges ([`super::cold`]) leave the hot graph, transitively.
//! 4. The hot graph is numbered; if its paths would be too many for the
//!    poison test, numbering truncates it, and the same edges are cut in
//!    the full graph.
//! 5. Obvious paths ([`super::obvious`]) are found on the edges that ran.
//! 6. The recording points that still count are those that are not
//!    obvious and ran; the edges that need path-register code are those
//!    from which such a recording point using the register is reachable.
//!
//! With no edge profile (a function the training run lacks), every edge
//! is hot, no loop is disconnected and nothing is obvious: the function
//! is profiled as Ball–Larus profiles it, plus a cold slot that stays 0.

use super::cold::{locally_hot, prune};
use super::disconnect::disconnect;
use super::obvious;
use crate::instrument::path::dag::{DagEdgeKind, PathDag};
use crate::instrument::path::numbering::{number, number_dag, Numbering};
use crate::profile::{FlowEdgeKind, FlowGraph, TargetedProfile};

/// What a recording point (an edge into EXIT) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recording {
    /// Counts the hot path in the register (or the cold slot when the
    /// register is poisoned).
    Path,
    /// Counts the cold slot: the edge is cold, so every path ending there
    /// is.
    Cold,
    /// Counts nothing: only obvious paths end here, or it never ran.
    Nothing,
}

/// One path recovered from the edge profile rather than counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedPath {
    /// Its edges in the full graph, from ENTRY to EXIT.
    pub edges: Vec<u32>,
    /// Its number in the hot graph, or `None` for a cold path.
    pub number: Option<u64>,
    /// The count of its defining edge.
    pub count: u64,
}

/// The targeted path graph of one function.
#[derive(Clone, Debug)]
pub struct TargetedPaths {
    /// Every edge of the acyclic graph, cold ones included.
    pub full: PathDag,
    /// The numbered hot graph; its edge numbers are `full`'s.
    pub numbering: Numbering,
    /// By edge of `full`: the edge is hot.
    pub hot: Vec<bool>,
    /// By edge of `full`: what a live edge into EXIT counts.
    pub recording: Vec<Recording>,
    /// By vertex: a recording point that counts the register can be
    /// reached from it, so edges into it need their register code.
    pub needed: Vec<bool>,
    /// The paths recovered from the edge profile.
    pub derived: Vec<DerivedPath>,
    /// The headers of the loops disconnected.
    pub disconnected: Vec<u32>,
    /// The number of paths Ball–Larus numbering gives the function.
    pub ball_larus_paths: u64,
    /// By cut: its start dummy (see [`TargetedPaths::start_of`]).
    start_of: Vec<u32>,
}

/// The poison value: set on a transition into cold code (Joshi, Bond &
/// Zilles, Appendix A.2). Its two top bits are set, so that the additions
/// of the hot edges after it (at most [`poison_limit`] paths' worth) keep
/// it far above every hot path number.
pub const POISON: u64 = 0xC000_0000_0000_0000;

/// The largest number of paths a vertex of the hot graph may have: small
/// enough that a poisoned register, after the increments of any one run
/// of hot edges (each potential is a sum of at most |V| values below the
/// path count), stays at least 2^63 and so above every path number.
pub fn poison_limit(dag: &PathDag) -> u64 {
    let edges = dag.num_edges() as u64 + 1;
    let vertices = u64::from(dag.num_vertices()) + 2;
    ((1u64 << 60) / vertices / (3 * edges)).max(1)
}

impl TargetedPaths {
    /// The graph of `graph` for the training profile `profile`.
    pub fn new(graph: &FlowGraph, profile: &TargetedProfile) -> TargetedPaths {
        let ball_larus = number(graph);
        let ball_larus_paths = ball_larus.total();
        let mut full = ball_larus.dag;
        let flow = (!profile.flow.is_empty()).then_some(profile.flow.as_slice());
        let source_count = |f: u32, flow: &[u64]| graph.succs(graph.edge(f).from).iter().map(|&e| u128::from(flow[e as usize])).sum::<u128>();
        let flow_hot = |f: u32| match flow {
            None => true,
            Some(flow) => match graph.edge(f).kind {
                FlowEdgeKind::ReEntry(_) => flow[f as usize] > 0,
                _ => locally_hot(flow[f as usize], source_count(f, flow), profile.cold_ppm),
            },
        };
        let disconnected = match flow {
            Some(flow) => disconnect(&mut full, graph, flow, profile.loop_trip_milli, flow_hot),
            None => Vec::new(),
        };
        // One start per cut target (Figure 6b): a path that begins after a
        // cold back edge begins where the hot ones into the same header do.
        let mut first_start = std::collections::HashMap::new();
        let mut start_of: Vec<u32> = Vec::new();
        for c in 0..full.cuts().len() as u32 {
            let s = full.dummy(DagEdgeKind::Start(c));
            start_of.push(*first_start.entry(full.edge(s).to).or_insert(s));
        }
        full = full.filtered(|e| match full.edge(e).kind {
            DagEdgeKind::Start(c) => start_of[c as usize] == e,
            _ => true,
        });
        let starts = &start_of;
        let edge_hot = |dag: &PathDag, e: u32| match dag.edge(e).kind {
            DagEdgeKind::Flow(f) => flow_hot(f),
            DagEdgeKind::End(c) => flow_hot(dag.cuts()[c as usize].flow_edge),
            DagEdgeKind::Start(_) => (0..starts.len()).any(|c| starts[c] == e && flow_hot(dag.cuts()[c].flow_edge)),
        };
        let marks: Vec<bool> = (0..full.num_edges() as u32).map(|e| edge_hot(&full, e)).collect();
        let hot = prune(&full, &marks);
        let before = full.cuts().len();
        let numbering = number_dag(full.filtered(|e| hot[e as usize]), graph, poison_limit(&full));
        // Numbering's truncations are cuts of hot edges: make them in the
        // full graph too, where they get the same edge numbers.
        for cut in &numbering.dag.cuts()[before..] {
            let e = full.live_flow_edge(cut.flow_edge).expect("numbering cuts a live edge");
            full.cut(graph, cut.flow_edge, cut.reason, Some(e));
            start_of.push(full.dummy(DagEdgeKind::Start(full.cuts().len() as u32 - 1)));
        }
        let mut hot = hot;
        hot.resize(full.num_edges(), true);

        let count = |e: u32| match (flow, full.edge(e).kind) {
            (None, _) => 1,
            (Some(flow), DagEdgeKind::Flow(f)) => flow[f as usize],
            (Some(flow), DagEdgeKind::End(c)) => flow[full.cuts()[c as usize].flow_edge as usize],
            (Some(flow), DagEdgeKind::Start(_)) => {
                (0..start_of.len()).filter(|&c| start_of[c] == e).map(|c| flow[full.cuts()[c].flow_edge as usize]).fold(0, u64::saturating_add)
            }
        };
        let ran: Vec<bool> = (0..full.num_edges() as u32).map(|e| count(e) > 0).collect();
        let found = match flow {
            Some(_) => Some(obvious::find(&full, &ran)),
            None => None,
        };
        let mut recording = vec![Recording::Nothing; full.num_edges()];
        for e in full.live_edges().filter(|&e| full.edge(e).to == full.exit()) {
            let obvious = found.as_ref().is_some_and(|o| o.obvious_end[e as usize]);
            recording[e as usize] = match () {
                _ if obvious || !ran[e as usize] => Recording::Nothing,
                _ if hot[e as usize] => Recording::Path,
                _ => Recording::Cold,
            };
        }
        let mut needed = vec![false; full.num_vertices() as usize];
        for &v in full.topological().iter().rev() {
            needed[v as usize] = full.succs(v).iter().any(|&e| recording[e as usize] == Recording::Path || needed[full.edge(e).to as usize]);
        }
        let derived = found
            .map(|o| {
                o.derived
                    .into_iter()
                    .map(|(edges, d)| {
                        let number = edges.iter().all(|&e| hot[e as usize]).then(|| edges.iter().map(|&e| numbering.val[e as usize]).sum());
                        DerivedPath { count: count(d), number, edges }
                    })
                    .collect()
            })
            .unwrap_or_default();
        TargetedPaths { full, numbering, hot, recording, needed, derived, disconnected, ball_larus_paths, start_of }
    }

    /// The start dummy of the path that begins after cut `c`: the first
    /// one into the cut's target.
    pub fn start_of(&self, c: u32) -> u32 {
        self.start_of[c as usize]
    }

    /// The number of hot paths; the cold slot's number.
    pub fn hot_paths(&self) -> u64 {
        self.numbering.total()
    }
}
