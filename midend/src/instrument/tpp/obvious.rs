//! Obvious paths (Joshi, Bond & Zilles, "Targeted Path Profiling", §4.2.2,
//! Figure 8).
//!
//! A *defining edge* lies on exactly one ENTRY → EXIT path of the acyclic
//! graph; that path is *obvious*, and its count is the edge's. The edges
//! are found from two counts per vertex, each saturating at two: the
//! paths from ENTRY to it and the paths from it to EXIT. An edge whose
//! source has one path from ENTRY and whose target has one path to EXIT
//! is defining.
//!
//! Elimination is the paper's two steps:
//!
//! 1. A recording point (an edge into EXIT) that a search from ENTRY along
//!    non-defining edges does not reach is reached by obvious paths only
//!    (Figure 8): it needs no count.
//! 2. Edges from which no recording point that still counts can be
//!    reached need no path-register code (done by the caller, which knows
//!    which recording points use the register).
//!
//! Recovery traces each defining edge's path (the unique path from ENTRY
//! to its source and from its target to EXIT) and gives it the edge's
//! count; the paths that end at a recording point of step 1 are the
//! derived part of the profile.
//!
//! Unlike the paper, which finds obvious paths after removing cold edges
//! (§4.3) and so may overcount them by the cold flow through their
//! defining edges, this runs on the graph of every edge that ran in the
//! edge profile: a derived count is then exact whenever the edge profile
//! is of the same run, and a derived path through a cold edge adds to the
//! cold share rather than to a hot path.

use crate::instrument::path::dag::PathDag;

/// The obvious-path structure of the edges of `dag` that `ran` accepts.
#[derive(Clone, Debug)]
pub struct Obvious {
    /// By edge: it is a defining edge.
    pub defining: Vec<bool>,
    /// By edge: it is a recording point reached only by obvious paths.
    pub obvious_end: Vec<bool>,
    /// The obvious paths that end at such a recording point, each as its
    /// edges from ENTRY to EXIT with one of its defining edges.
    pub derived: Vec<(Vec<u32>, u32)>,
}

/// Finds the defining edges, the obvious recording points and their paths
/// among the live edges of `dag` that `ran` accepts.
pub fn find(dag: &PathDag, ran: &[bool]) -> Obvious {
    let n = dag.num_vertices() as usize;
    let live: Vec<u32> = dag.live_edges().filter(|&e| ran[e as usize]).collect();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &e in &live {
        preds[dag.edge(e).to as usize].push(e);
    }
    let succs = |v: u32| dag.succs(v).iter().copied().filter(|&e| ran[e as usize]);

    let mut from_entry = vec![0u8; n];
    from_entry[dag.entry() as usize] = 1;
    for &v in dag.topological() {
        for e in succs(v) {
            let to = dag.edge(e).to as usize;
            from_entry[to] = (from_entry[to] + from_entry[v as usize]).min(2);
        }
    }
    let mut to_exit = vec![0u8; n];
    to_exit[dag.exit() as usize] = 1;
    for &v in dag.topological().iter().rev() {
        if v != dag.exit() {
            to_exit[v as usize] = succs(v).map(|e| to_exit[dag.edge(e).to as usize]).fold(0, |a, b| (a + b).min(2));
        }
    }
    let mut defining = vec![false; dag.num_edges()];
    for &e in &live {
        let edge = dag.edge(e);
        defining[e as usize] = from_entry[edge.from as usize] == 1 && to_exit[edge.to as usize] == 1;
    }

    // Figure 8: recording points reached along non-defining edges.
    let mut obvious_end = vec![false; dag.num_edges()];
    for &e in &live {
        obvious_end[e as usize] = dag.edge(e).to == dag.exit();
    }
    let mut visited = vec![false; n];
    let mut work: Vec<u32> = succs(dag.entry()).filter(|&e| !defining[e as usize]).collect();
    while let Some(e) = work.pop() {
        let to = dag.edge(e).to;
        if to == dag.exit() {
            obvious_end[e as usize] = false;
        } else if !std::mem::replace(&mut visited[to as usize], true) {
            work.extend(succs(to).filter(|&f| !defining[f as usize]));
        }
    }

    // Recovery: the path of every defining edge that ends at an obvious
    // recording point, once each.
    let mut seen = std::collections::HashSet::new();
    let mut derived = Vec::new();
    for &d in live.iter().filter(|&&e| defining[e as usize]) {
        let mut path = Vec::new();
        let mut v = dag.edge(d).from;
        while v != dag.entry() {
            let &e = preds[v as usize].iter().find(|&&e| from_entry[dag.edge(e).from as usize] == 1).expect("one path from ENTRY");
            path.push(e);
            v = dag.edge(e).from;
        }
        path.reverse();
        path.push(d);
        let mut v = dag.edge(d).to;
        while v != dag.exit() {
            let e = succs(v).find(|&e| to_exit[dag.edge(e).to as usize] == 1).expect("one path to EXIT");
            path.push(e);
            v = dag.edge(e).to;
        }
        let last = *path.last().expect("a path has edges");
        if obvious_end[last as usize] && seen.insert(path.clone()) {
            derived.push((path, d));
        }
    }
    Obvious { defining, obvious_end, derived }
}
