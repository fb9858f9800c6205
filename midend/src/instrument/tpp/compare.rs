//! A TPP profile next to the Ball–Larus profile of a run on the same
//! input: the paper's *attribution of definite flow* (Joshi, Bond &
//! Zilles, §5: `100% - %overcount - %undercount`, each weighted by path
//! length in blocks, relative to the Ball–Larus profile), and the exact
//! comparison that the oracle makes.
//!
//! The two profiles cut paths at different edges: TPP also cuts where it
//! disconnects loops (and where its own numbering truncates). As the paper
//! does (§5, footnote 5), every Ball–Larus path is split at the edges TPP
//! cuts, which include every edge Ball–Larus cuts, so that each piece is a
//! path of TPP's graph; the pieces' counts add up per path. TPP starts
//! every path that begins at one vertex after a cut with one dummy edge
//! (`TargetedPaths::start_of`), so pieces that Ball–Larus tells apart only
//! by the back edge before them add up too.

use super::analysis::TargetedPaths;
use crate::instrument::path::dag::DagEdgeKind;
use crate::instrument::path::numbering::Numbering;
use crate::instrument::path::regenerate::regenerate;
use crate::profile::flow_graph::Vertex;
use crate::profile::FlowGraph;
use std::collections::HashMap;

/// A path of TPP's full graph: its edges from ENTRY to EXIT.
pub type PathKey = Vec<u32>;

/// What a TPP profile reports for one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reported {
    /// Counted hot paths.
    pub counted: HashMap<PathKey, u64>,
    /// Hot paths recovered from the training counts.
    pub derived: HashMap<PathKey, u64>,
    /// The cold slot's count, and the obvious cold paths' counts.
    pub cold_counted: u64,
    pub cold_derived: u64,
}

impl Reported {
    /// The `(number, count)` pairs of a TPP profile of the function whose
    /// targeted graph is `paths`, with the derived paths, or why they are
    /// not a TPP profile of it. `cold_slots` is the number of path
    /// numbers, from the number of hot paths on, that count cold paths.
    pub fn of(paths: &TargetedPaths, counts: &[(u64, u64)], cold_slots: u64) -> Result<Reported, String> {
        let mut reported = Reported::default();
        let hot = paths.hot_paths();
        for &(number, count) in counts {
            if number >= hot && number - hot < cold_slots {
                reported.cold_counted += count;
                continue;
            }
            let edges = regenerate(&paths.numbering, number)
                .ok_or_else(|| format!("path number {number} is outside the {hot} hot paths and the {cold_slots} cold slots"))?;
            let last = *edges.last().expect("a path has edges");
            if paths.recording[last as usize] != super::analysis::Recording::Path {
                return Err(format!("hot path {number} ends where the targeted graph counts nothing"));
            }
            *reported.counted.entry(edges).or_default() += count;
        }
        for derived in &paths.derived {
            match derived.number {
                Some(_) => *reported.derived.entry(derived.edges.clone()).or_default() += derived.count,
                None => reported.cold_derived += derived.count,
            }
        }
        Ok(reported)
    }

    /// The count of every path reported, counted or derived.
    pub fn all(&self) -> HashMap<PathKey, u64> {
        let mut all = self.counted.clone();
        for (key, &count) in &self.derived {
            *all.entry(key.clone()).or_default() += count;
        }
        all
    }
}

/// The Ball–Larus paths `(number, count)` of a profile numbered by
/// `ball_larus`, split at TPP's cuts: the count of every path of TPP's
/// full graph.
pub fn split_ball_larus(paths: &TargetedPaths, ball_larus: &Numbering, counts: &[(u64, u64)]) -> Result<HashMap<PathKey, u64>, String> {
    let full = &paths.full;
    let mut cut_of_flow = HashMap::new();
    for (c, cut) in full.cuts().iter().enumerate() {
        cut_of_flow.insert(cut.flow_edge, c as u32);
    }
    let mut live_of_flow = HashMap::new();
    for e in full.live_edges() {
        if let DagEdgeKind::Flow(f) = full.edge(e).kind {
            live_of_flow.insert(f, e);
        }
    }
    let tpp_cut = |f: u32| cut_of_flow.get(&f).copied().ok_or_else(|| format!("Ball–Larus cuts flow edge {f}, which TPP does not"));
    let mut split = HashMap::new();
    for &(number, count) in counts {
        let edges = regenerate(ball_larus, number).ok_or_else(|| format!("path number {number} is outside the {} Ball–Larus paths", ball_larus.total()))?;
        let mut piece: PathKey = Vec::new();
        for e in edges {
            match ball_larus.dag.edge(e).kind {
                DagEdgeKind::Start(c) => piece.push(paths.start_of(tpp_cut(ball_larus.dag.cuts()[c as usize].flow_edge)?)),
                DagEdgeKind::End(c) => {
                    piece.push(full.dummy(DagEdgeKind::End(tpp_cut(ball_larus.dag.cuts()[c as usize].flow_edge)?)));
                    *split.entry(std::mem::take(&mut piece)).or_default() += count;
                }
                DagEdgeKind::Flow(f) => match live_of_flow.get(&f) {
                    Some(&live) => {
                        piece.push(live);
                        if full.edge(live).to == full.exit() {
                            *split.entry(std::mem::take(&mut piece)).or_default() += count;
                        }
                    }
                    None => {
                        let c = tpp_cut(f)?;
                        piece.push(full.dummy(DagEdgeKind::End(c)));
                        *split.entry(std::mem::take(&mut piece)).or_default() += count;
                        piece.push(paths.start_of(c));
                    }
                },
            }
        }
    }
    Ok(split)
}

/// Whether every edge of `key` is hot.
pub fn is_hot(paths: &TargetedPaths, key: &PathKey) -> bool {
    key.iter().all(|&e| paths.hot[e as usize])
}

/// The number of blocks a path of TPP's full graph runs through.
pub fn blocks(paths: &TargetedPaths, graph: &FlowGraph, key: &PathKey) -> u64 {
    let full = &paths.full;
    let block = |v: u32| match graph.vertex(v) {
        Vertex::Segment { block, .. } => Some(block),
        Vertex::Exit => None,
    };
    let mut last = None;
    let mut n = 0;
    let first = full.edge(key[0]);
    let starts_at_entry = matches!(first.kind, DagEdgeKind::Flow(_)) && first.from == full.entry();
    let vertices = starts_at_entry.then_some(first.from).into_iter().chain(key.iter().map(|&e| full.edge(e).to));
    for v in vertices {
        if let Some(b) = block(v) {
            if last != Some(b) {
                n += 1;
                last = Some(b);
            }
        }
    }
    n
}

/// Flow weighted by path length in blocks: the parts of the attribution
/// of definite flow.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Attribution {
    /// The reference profile's flow.
    pub total: f64,
    /// Flow TPP reports beyond the reference, and flow it does not report.
    pub over: f64,
    pub under: f64,
}

impl Attribution {
    /// `100% - %overcount - %undercount`, as a fraction; 1 when nothing
    /// ran.
    pub fn aodf(&self) -> f64 {
        if self.total == 0.0 {
            1.0
        } else {
            1.0 - (self.over + self.under) / self.total
        }
    }

    pub fn add(&mut self, other: Attribution) {
        self.total += other.total;
        self.over += other.over;
        self.under += other.under;
    }
}

/// The attribution of definite flow of `reported` against the split
/// Ball–Larus profile `reference`.
pub fn attribution(paths: &TargetedPaths, graph: &FlowGraph, reported: &Reported, reference: &HashMap<PathKey, u64>) -> Attribution {
    let all = reported.all();
    let mut result = Attribution::default();
    let mut keys: Vec<&PathKey> = reference.keys().chain(all.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let length = blocks(paths, graph, key) as f64;
        let truth = reference.get(key).copied().unwrap_or(0) as f64;
        let claimed = all.get(key).copied().unwrap_or(0) as f64;
        result.total += truth * length;
        result.over += (claimed - truth).max(0.0) * length;
        result.under += (truth - claimed).max(0.0) * length;
    }
    result
}

/// Checks `reported` against the split Ball–Larus profile `reference` of
/// the same run, exactly:
///
/// - every hot path that ends where TPP counts has the reference's count,
///   and TPP counts no other path;
/// - the cold slot holds the reference's flow through the cold paths that
///   end where TPP counts (the poisoned ones, and those ending on cold
///   edges);
/// - when the training profile is of the same run (`same_input`), every
///   path ending where TPP counts nothing is recovered: the hot ones with
///   the reference's counts, the cold ones adding up to the derived cold
///   flow.
pub fn check_against(paths: &TargetedPaths, reported: &Reported, reference: &HashMap<PathKey, u64>, same_input: bool) -> Result<(), String> {
    use super::analysis::Recording;
    let ends = |key: &PathKey| paths.recording[*key.last().expect("a path has edges") as usize];
    let describe = |key: &PathKey| format!("{key:?}");
    let (mut cold_counted, mut cold_derived) = (0u64, 0u64);
    let mut counted: HashMap<&PathKey, u64> = HashMap::new();
    let mut derived: HashMap<&PathKey, u64> = HashMap::new();
    for (key, &count) in reference.iter().filter(|(_, &c)| c > 0) {
        match (is_hot(paths, key), ends(key)) {
            (true, Recording::Path) => drop(counted.insert(key, count)),
            (true, Recording::Nothing) => drop(derived.insert(key, count)),
            (true, Recording::Cold) => return Err(format!("hot path {} ends on a cold edge", describe(key))),
            (false, Recording::Path | Recording::Cold) => cold_counted += count,
            (false, Recording::Nothing) => cold_derived += count,
        }
    }
    let compare = |what: &str, expected: &HashMap<&PathKey, u64>, actual: &HashMap<PathKey, u64>| -> Result<(), String> {
        for (key, &count) in actual.iter().filter(|(_, &c)| c > 0) {
            let truth = expected.get(key).copied().unwrap_or(0);
            if truth != count {
                return Err(format!("{what} path {} has count {count}; Ball–Larus says {truth}", describe(key)));
            }
        }
        for (key, &truth) in expected {
            if actual.get(*key).copied().unwrap_or(0) != truth {
                return Err(format!("{what} path {} ran {truth} times and was not reported", describe(key)));
            }
        }
        Ok(())
    };
    compare("counted", &counted, &reported.counted)?;
    if reported.cold_counted != cold_counted {
        return Err(format!(
            "the cold slot holds {}; Ball–Larus's flow through cold paths that end at counting points is {cold_counted}",
            reported.cold_counted
        ));
    }
    if same_input {
        compare("derived", &derived, &reported.derived)?;
        if reported.cold_derived != cold_derived {
            return Err(format!("the derived cold flow is {}; Ball–Larus's flow through uncounted cold paths is {cold_derived}", reported.cold_derived));
        }
    }
    Ok(())
}
