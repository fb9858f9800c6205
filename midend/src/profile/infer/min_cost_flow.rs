//! A minimum-cost maximum-flow solver for the networks of profile
//! inference (He et al., "Profile Inference Revisited", POPL 2022, §4):
//! successive shortest paths, pushed either along one path (the classic
//! algorithm) or spread as evenly as possible over the DAG of all shortest
//! paths (§4.2, `FindAugmentingDAG` and `AugmentFlowAlongDAG`).
//!
//! The networks that inference builds have non-negative costs and finite
//! capacities out of the source only, so the flow value is bounded and
//! every augmentation sends at least one unit: the solver terminates.
//! Before the searches it sends flow greedily along every two-edge path
//! `source → x → y → sink` whose middle edge costs nothing (§4.1, "Number
//! of iterations"): such paths are shortest paths, since no path in these
//! networks costs less than 0 (Lemma 4.1).
//!
//! Pushing along shortest paths keeps the invariant of Ford and Fulkerson's
//! algorithm: the flow has the least cost among flows of its value. Any
//! combination of shortest paths keeps it too, which is what lets the DAG
//! augmentation split flow evenly between alternatives of equal cost.
//!
//! Where this departs from the paper's Algorithm 1, for speed (a CFG of
//! 1,000 blocks took 41 ms with the paper's search, 8.6 ms now; see
//! `docs/inference.md`):
//!
//! - **The search.** The paper finds each shortest path with a
//!   queue-based Moore–Bellman–Ford search (`ModifiedMooreBellmanFord`,
//!   §4.1), which may scan a node many times. Here Dijkstra's algorithm
//!   runs on costs reduced by node potentials (Edmonds and Karp, 1972),
//!   which scans each node once, with the paper's pruning: it stops once
//!   the sink is settled.
//! - **Phases.** After a search, every tight path (reduced cost 0) is a
//!   shortest path, so the solver augments along tight paths until none is
//!   left before it searches again (the primal-dual method), with Dinic's
//!   blocking-flow bookkeeping. A phase first marks the nodes with a tight
//!   path to the sink, backwards from it, so that its searches do not walk
//!   the much larger part of the tight graph that leads nowhere.
//! - **Closed ends.** No shortest path enters the source or leaves the
//!   sink, so a supply or demand edge, once saturated, stays saturated;
//!   the solver drops them from the lists it scans.

/// An unbounded capacity. Sums of a few of these still fit in `i64`.
pub const INFINITE: i64 = i64::MAX / 8;

/// The most even-split augmentations in one phase (see [`Network::solve`]).
const SPLITS_PER_PHASE: usize = 32;

/// How each augmentation sends flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Augmentation {
    /// Along one shortest path, as classic min-cost-flow solvers do.
    SinglePath,
    /// Over every shortest path at once, split evenly at each branch
    /// (§4.2); one path when the split cannot send a whole unit.
    EvenDag,
}

/// A flow network with residual capacities. Edge `2k` is the `k`-th edge
/// added; edge `2k + 1` is its reverse, whose residual capacity is the
/// flow on edge `2k`.
#[derive(Clone, Debug, Default)]
pub struct Network {
    edges: Vec<Edge>,
    out: Vec<Vec<u32>>,
    /// The edges out of every node as one array, node by node, built by
    /// [`Network::solve`] from `out`: node `u`'s are
    /// `arcs[first[u]..first[u + 1]]`. The searches walk these.
    first: Vec<u32>,
    end: Vec<u32>,
    arcs: Vec<u32>,
}

/// One direction of an edge: where it leads, how much more it can carry,
/// and its cost per unit. Kept together, they are read together.
#[derive(Clone, Copy, Debug)]
struct Edge {
    head: u32,
    residual: i64,
    cost: i64,
}

/// What a solve did, for tests and measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Shortest-path searches that found a path.
    pub augmentations: usize,
    /// Flow sent by the greedy zero-cost paths.
    pub greedy_flow: i64,
    /// Shortest-path searches (phases of the primal-dual method).
    pub searches: usize,
}

impl Network {
    pub fn new() -> Network {
        Network::default()
    }

    pub fn add_node(&mut self) -> u32 {
        self.out.push(Vec::new());
        (self.out.len() - 1) as u32
    }

    pub fn num_nodes(&self) -> usize {
        self.out.len()
    }

    /// Adds an edge `from → to`; returns its number for [`Network::flow`].
    pub fn add_edge(&mut self, from: u32, to: u32, capacity: i64, cost: i64) -> u32 {
        debug_assert!(capacity >= 0 && cost >= 0);
        let id = self.edges.len() as u32;
        self.edges.extend([Edge { head: to, residual: capacity, cost }, Edge { head: from, residual: 0, cost: -cost }]);
        self.out[from as usize].push(id);
        self.out[to as usize].push(id + 1);
        id / 2
    }

    /// The flow on edge `edge` (a number from [`Network::add_edge`]).
    pub fn flow(&self, edge: u32) -> i64 {
        self.edges[edge as usize * 2 + 1].residual
    }

    /// The total cost of the current flow.
    pub fn cost(&self) -> i64 {
        self.edges.chunks(2).map(|pair| pair[1].residual * pair[0].cost).sum()
    }

    /// The residual edges out of `u` (after [`Network::solve`] began).
    fn arcs(&self, u: u32) -> &[u32] {
        &self.arcs[self.first[u as usize] as usize..self.end[u as usize] as usize]
    }

    /// Lays out the edges out of every node in `arcs`, leaving out those
    /// into the source: no augmenting path returns to it.
    fn index_arcs(&mut self, source: u32) {
        self.arcs.clear();
        self.first.clear();
        self.end.clear();
        for edges in &self.out {
            self.first.push(self.arcs.len() as u32);
            self.arcs.extend(edges.iter().filter(|&&e| self.edges[e as usize].head != source));
            self.end.push(self.arcs.len() as u32);
        }
    }

    /// Drops the saturated edges out of the source from its list, and
    /// from the sink's the reverses of the saturated edges into it. No
    /// shortest path enters the source or leaves the sink, so those
    /// edges can never regain residual capacity; without them each search
    /// and each phase scans only the supplies and demands still open.
    fn drop_saturated_ends(&mut self, source: u32, sink: u32) {
        self.retain_arcs(source, |edges, e| edges[e as usize].residual > 0);
        self.retain_arcs(sink, |edges, e| edges[(e ^ 1) as usize].residual > 0);
    }

    /// Keeps, in order, the edges out of `u` that `keep` accepts.
    fn retain_arcs(&mut self, u: u32, keep: impl Fn(&[Edge], u32) -> bool) {
        let (first, end) = (self.first[u as usize] as usize, self.end[u as usize] as usize);
        let mut kept = first;
        for i in first..end {
            let e = self.arcs[i];
            if keep(&self.edges, e) {
                self.arcs[kept] = e;
                kept += 1;
            }
        }
        self.end[u as usize] = kept as u32;
    }

    fn tail(&self, e: u32) -> u32 {
        self.edges[(e ^ 1) as usize].head
    }

    fn push(&mut self, e: u32, amount: i64) {
        self.edges[e as usize].residual -= amount;
        self.edges[(e ^ 1) as usize].residual += amount;
    }

    /// Sends a maximum flow from `source` to `sink` at the least cost.
    pub fn solve(&mut self, source: u32, sink: u32, augmentation: Augmentation) -> SolveStats {
        self.index_arcs(source);
        let mut stats = SolveStats { greedy_flow: self.push_greedy_paths(source, sink), ..SolveStats::default() };
        let mut search = Search::new(self.num_nodes());
        let mut phase = PhaseState::new(self.num_nodes());
        let mut dag = ShortestPathDag::new(self.num_nodes());
        loop {
            self.drop_saturated_ends(source, sink);
            if !search.run(self, source, sink) {
                break;
            }
            phase.start(self, &search, source, sink);
            // The first augmentation of a phase can always follow the
            // search's own path.
            stats.searches += 1;
            stats.augmentations += 1;
            let sent = augmentation == Augmentation::EvenDag && self.augment_dag(&search, &phase, &mut dag, source, sink);
            if !sent {
                self.augment_path(&search, source, sink);
            }
            // The distances stay valid while tight paths remain (the
            // primal-dual method): augment along them without searching
            // again. Every tight path from the source costs exactly the
            // sink's distance, so it is a shortest path.
            // The even splits of a phase are capped: past a few, each
            // moves little (an edge that one split saturates, a path's
            // push frees again), and single paths finish the phase.
            // Once a split fails, single paths finish the phase too.
            let mut splits = if sent { 0 } else { SPLITS_PER_PHASE };
            loop {
                let split = augmentation == Augmentation::EvenDag && splits < SPLITS_PER_PHASE && self.augment_dag(&search, &phase, &mut dag, source, sink);
                splits = if split { splits + 1 } else { SPLITS_PER_PHASE };
                if !split && !self.augment_tight_path(&search, &mut phase, source, sink) {
                    break;
                }
                stats.augmentations += 1;
            }
        }
        stats
    }

    /// Pushes the bottleneck amount along one path of tight edges to
    /// `sink`, found depth first; false when there is none. As in Dinic's
    /// blocking flow, `phase` remembers for the rest of the phase which
    /// nodes lead nowhere and how far each node's edges have been tried,
    /// so the searches of one phase together cost about one pass over
    /// the tight edges per path. (Reverse edges can make a node useful
    /// again; missing that ends the phase early, and the next search
    /// finds it.)
    fn augment_tight_path(&mut self, search: &Search, phase: &mut PhaseState, source: u32, sink: u32) -> bool {
        if phase.dead[source as usize] {
            return false;
        }
        let mut on_path = std::mem::take(&mut phase.on_path);
        let mut stack: Vec<u32> = vec![source];
        let mut path: Vec<u32> = Vec::new();
        on_path[source as usize] = true;
        let mut sent = false;
        while let Some(&u) = stack.last() {
            if u == sink {
                sent = self.push_bottleneck(&path) > 0;
                break;
            }
            let edges = self.arcs(u);
            let Some(&e) = edges.get(phase.arc[u as usize]) else {
                phase.dead[u as usize] = true;
                on_path[u as usize] = false;
                stack.pop();
                path.pop();
                if let Some(&parent) = stack.last() {
                    phase.arc[parent as usize] += 1;
                }
                continue;
            };
            let v = self.edges[e as usize].head as usize;
            if phase.dead[v] || on_path[v] || !search.is_tight(self, u, e) {
                phase.arc[u as usize] += 1;
                continue;
            }
            on_path[v] = true;
            stack.push(v as u32);
            path.push(e);
        }
        for &u in &stack {
            on_path[u as usize] = false;
        }
        phase.on_path = on_path;
        sent
    }

    /// Sends flow along every path `source → x → y → sink` whose middle
    /// edge costs 0; returns the flow sent.
    fn push_greedy_paths(&mut self, source: u32, sink: u32) -> i64 {
        let n = self.num_nodes();
        let mut from_source = vec![u32::MAX; n];
        for &e in self.arcs(source) {
            if e % 2 == 0 {
                from_source[self.edges[e as usize].head as usize] = e;
            }
        }
        let mut to_sink = vec![u32::MAX; n];
        for &e in self.arcs(sink) {
            if e % 2 == 1 {
                to_sink[self.edges[e as usize].head as usize] = e ^ 1;
            }
        }
        let mut sent = 0;
        for e in (0..self.edges.len() as u32).step_by(2) {
            let (x, y) = (self.tail(e), self.edges[e as usize].head);
            if self.edges[e as usize].cost != 0 || x == source || x == sink || y == source || y == sink {
                continue;
            }
            let (first, last) = (from_source[x as usize], to_sink[y as usize]);
            if first == u32::MAX || last == u32::MAX {
                continue;
            }
            let amount = self.edges[first as usize].residual.min(self.edges[e as usize].residual).min(self.edges[last as usize].residual);
            if amount > 0 {
                self.push(first, amount);
                self.push(e, amount);
                self.push(last, amount);
                sent += amount;
            }
        }
        sent
    }

    /// Pushes the bottleneck amount along the search's path to `sink`.
    fn augment_path(&mut self, search: &Search, source: u32, sink: u32) {
        let mut path = Vec::new();
        let mut v = sink;
        while v != source {
            let e = search.parent[v as usize];
            path.push(e);
            v = self.tail(e);
            assert!(path.len() <= self.num_nodes(), "the shortest-path tree has a cycle");
        }
        self.push_bottleneck(&path);
    }

    /// Pushes along `path` as much as its narrowest edge takes; returns
    /// the amount.
    fn push_bottleneck(&mut self, path: &[u32]) -> i64 {
        let amount = path.iter().map(|&e| self.edges[e as usize].residual).min().unwrap_or(0);
        for &e in path {
            self.push(e, amount);
        }
        amount
    }

    /// Splits flow evenly over the DAG of shortest paths to `sink` (§4.2),
    /// built in `dag`. Returns false, having changed nothing, when the
    /// split cannot send a whole unit through every edge it uses.
    fn augment_dag(&mut self, search: &Search, phase: &PhaseState, dag: &mut ShortestPathDag, source: u32, sink: u32) -> bool {
        dag.build(self, search, &phase.dead, source, sink);
        if dag.order.len() < 2 {
            return false;
        }
        // One unit split perfectly gives each edge a share; the amount to
        // send is the largest that fits every residual capacity.
        dag.share[source as usize] = 1.0;
        let mut limit = f64::INFINITY;
        for &u in &dag.order {
            let outs = &dag.out[u as usize];
            if u == sink || outs.is_empty() {
                continue;
            }
            let each = dag.share[u as usize] / outs.len() as f64;
            for &e in outs {
                dag.share[self.edges[e as usize].head as usize] += each;
                limit = limit.min(self.edges[e as usize].residual as f64 / each);
            }
        }
        let amount = limit.floor().min(INFINITE as f64) as i64;
        if amount < 1 {
            return false;
        }
        dag.inflow[source as usize] = amount;
        dag.pushes.clear();
        for &u in &dag.order {
            let outs = &dag.out[u as usize];
            let have = dag.inflow[u as usize];
            if u == sink || have == 0 {
                continue;
            }
            let Some(split) = split_evenly(have, outs.iter().map(|&e| self.edges[e as usize].residual)) else {
                return false;
            };
            for (&e, part) in outs.iter().zip(split) {
                if part > 0 {
                    dag.inflow[self.edges[e as usize].head as usize] += part;
                    dag.pushes.push((e, part));
                }
            }
        }
        for &(e, part) in &dag.pushes {
            self.push(e, part);
        }
        true
    }
}

/// What the tight-path searches of one phase have learnt.
struct PhaseState {
    /// Nodes with no tight path to the sink left.
    dead: Vec<bool>,
    /// The next edge of each node to try.
    arc: Vec<usize>,
    /// Scratch: the nodes on the current path (all false between calls).
    on_path: Vec<bool>,
    /// Scratch for [`PhaseState::start`].
    queue: Vec<u32>,
}

impl PhaseState {
    fn new(n: usize) -> PhaseState {
        PhaseState { dead: vec![false; n], arc: vec![0; n], on_path: vec![false; n], queue: Vec::new() }
    }

    /// Starts a phase after a search: every node is dead but those with a
    /// path of tight edges to the sink, found backwards from it (the
    /// edges into a node are the reverses of its own), and no edge has
    /// been tried. Most of what the source reaches by tight edges leads
    /// nowhere; this spares the phase's searches from walking it.
    fn start(&mut self, net: &Network, search: &Search, source: u32, sink: u32) {
        self.dead.fill(true);
        self.arc.fill(0);
        self.dead[sink as usize] = false;
        self.queue.clear();
        self.queue.push(sink);
        while let Some(v) = self.queue.pop() {
            for &a in net.arcs(v) {
                let (w, into_v) = (net.edges[a as usize].head, a ^ 1);
                if self.dead[w as usize] && search.is_tight(net, w, into_v) {
                    self.dead[w as usize] = false;
                    self.queue.push(w);
                }
            }
        }
        self.dead[source as usize] = false;
    }
}

/// Splits `amount` over edges with the given residual capacities as
/// evenly as possible; `None` if they cannot take it all.
fn split_evenly(amount: i64, capacities: impl Iterator<Item = i64>) -> Option<Vec<i64>> {
    let capacities: Vec<i64> = capacities.collect();
    let mut parts = vec![0i64; capacities.len()];
    let mut left = amount;
    loop {
        let open: Vec<usize> = (0..parts.len()).filter(|&i| parts[i] < capacities[i]).collect();
        if left == 0 {
            return Some(parts);
        }
        if open.is_empty() {
            return None;
        }
        let count = open.len() as i64;
        let (base, extra) = (left / count, left % count);
        for (k, &i) in open.iter().enumerate() {
            let want = base + i64::from((k as i64) < extra);
            let take = want.min(capacities[i] - parts[i]);
            parts[i] += take;
            left -= take;
        }
    }
}

/// Shortest distances from the source over edges with residual capacity,
/// by Dijkstra's algorithm on costs reduced by node potentials (Edmonds
/// and Karp, 1972), with the pruning of §4.1: the search stops once the
/// sink is settled, since no node farther than the sink is on a shortest
/// path to it.
///
/// The potentials `π` keep every residual edge's reduced cost
/// `c(u, v) + π(u) - π(v)` non-negative, which is what Dijkstra needs.
/// They start at 0, where every edge with residual capacity costs at
/// least 0 (reverse edges carry no flow yet, and the greedy paths use
/// edges of cost 0). After each search each node's potential grows by its
/// distance, capped at the sink's: then every edge on a shortest path has
/// reduced cost 0 (it is *tight*), no edge's reduced cost becomes
/// negative (a node the search did not settle is at least as far as the
/// sink), and pushing flow along tight edges only opens reverse edges of
/// reduced cost 0. The paper's queue-based Moore–Bellman–Ford search
/// needs no potentials but may scan a node many times; with them, each
/// node is scanned once per search.
struct Search {
    distance: Vec<i64>,
    potential: Vec<i64>,
    parent: Vec<u32>,
    settled: Vec<bool>,
    heap: std::collections::BinaryHeap<std::cmp::Reverse<(i64, u32)>>,
    level: Vec<u32>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            distance: vec![i64::MAX; n],
            potential: vec![0; n],
            parent: vec![u32::MAX; n],
            settled: vec![false; n],
            heap: Default::default(),
            level: Vec::new(),
        }
    }

    /// The cost of residual edge `e`, out of `u`, reduced by the
    /// potentials.
    #[inline(always)]
    fn reduced_cost(&self, net: &Network, u: u32, e: u32) -> i64 {
        net.edges[e as usize].cost + self.potential[u as usize] - self.potential[net.edges[e as usize].head as usize]
    }

    /// Searches from `source`; true when `sink` is reachable, and then the
    /// potentials have moved so that the shortest paths are tight.
    fn run(&mut self, net: &Network, source: u32, sink: u32) -> bool {
        self.distance.fill(i64::MAX);
        self.parent.fill(u32::MAX);
        self.settled.fill(false);
        self.heap.clear();
        self.distance[source as usize] = 0;
        self.level.clear();
        self.level.push(source);
        // Nodes reached at the distance being settled wait in `level`, not
        // in the heap: most edges are tight once the potentials have
        // moved, and this spares their heap operations.
        loop {
            let u = match self.level.pop() {
                Some(u) => u,
                None => match self.heap.pop() {
                    Some(std::cmp::Reverse((_, u))) => u,
                    None => break,
                },
            };
            if self.settled[u as usize] {
                continue;
            }
            let du = self.distance[u as usize];
            self.settled[u as usize] = true;
            if u == sink {
                break;
            }
            for &e in net.arcs(u) {
                let v = net.edges[e as usize].head as usize;
                if net.edges[e as usize].residual <= 0 || self.settled[v] {
                    continue;
                }
                let reduced = self.reduced_cost(net, u, e);
                debug_assert!(reduced >= 0, "a residual edge of negative reduced cost");
                let dv = du + reduced;
                if dv < self.distance[v] {
                    self.distance[v] = dv;
                    self.parent[v] = e;
                    if reduced == 0 {
                        self.level.push(v as u32);
                    } else {
                        self.heap.push(std::cmp::Reverse((dv, v as u32)));
                    }
                }
            }
        }
        let bound = self.distance[sink as usize];
        if bound == i64::MAX {
            return false;
        }
        for (potential, &distance) in self.potential.iter_mut().zip(&self.distance) {
            *potential += distance.min(bound);
        }
        true
    }

    /// Whether edge `e` has residual capacity and lies on a shortest path
    /// by the current potentials: its reduced cost is 0.
    #[inline(always)]
    fn is_tight(&self, net: &Network, u: u32, e: u32) -> bool {
        net.edges[e as usize].residual > 0 && self.reduced_cost(net, u, e) == 0
    }
}

/// The edges on shortest paths from the source to the sink, made acyclic
/// (§4.2, `ExtractDAG`): a depth-first search from the source over the
/// tight edges drops the edges that close a cycle, and only nodes that
/// still reach the sink are kept. One value serves every augmentation of
/// a solve: each build resets only the nodes the previous one reached.
struct ShortestPathDag {
    /// The kept out-edges of every node.
    out: Vec<Vec<u32>>,
    /// The kept nodes in topological order, the source first.
    order: Vec<u32>,
    /// Scratch for [`Network::augment_dag`], per node: the share of one
    /// unit sent from the source, and the flow that reaches it.
    share: Vec<f64>,
    inflow: Vec<i64>,
    /// Scratch for [`Network::augment_dag`]: the pushes of one split.
    pushes: Vec<(u32, i64)>,
    /// The search's state per node: 0 unseen, 1 on the stack, 2 done.
    state: Vec<u8>,
    reaches: Vec<bool>,
    /// The nodes the last build reached, in postorder.
    postorder: Vec<u32>,
    stack: Vec<(u32, usize)>,
}

impl ShortestPathDag {
    fn new(n: usize) -> ShortestPathDag {
        ShortestPathDag {
            out: vec![Vec::new(); n],
            order: Vec::new(),
            share: vec![0.0; n],
            inflow: vec![0; n],
            pushes: Vec::new(),
            state: vec![0; n],
            reaches: vec![false; n],
            postorder: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Builds the DAG over the tight edges between nodes not `dead`.
    fn build(&mut self, net: &Network, search: &Search, dead: &[bool], source: u32, sink: u32) {
        for &u in &self.postorder {
            let u = u as usize;
            self.out[u].clear();
            self.share[u] = 0.0;
            self.inflow[u] = 0;
            self.state[u] = 0;
            self.reaches[u] = false;
        }
        self.postorder.clear();
        self.order.clear();
        // Forward edges only: the even split is over alternatives of the
        // graph. Reverse edges, with the little flow a split left on them,
        // would each limit one push and leave smaller ones behind, pushes
        // without end; single-path augmentations use them instead.
        let tight = |u: u32, e: u32| e % 2 == 0 && search.is_tight(net, u, e);
        self.stack.push((source, 0));
        self.state[source as usize] = 1;
        while let Some(&mut (u, ref mut next)) = self.stack.last_mut() {
            let edges = net.arcs(u);
            if u == sink || *next >= edges.len() {
                self.state[u as usize] = 2;
                self.postorder.push(u);
                self.stack.pop();
                continue;
            }
            let e = edges[*next];
            *next += 1;
            if !tight(u, e) {
                continue;
            }
            let v = net.edges[e as usize].head;
            if dead[v as usize] {
                continue;
            }
            match self.state[v as usize] {
                0 => {
                    self.out[u as usize].push(e);
                    self.state[v as usize] = 1;
                    self.stack.push((v, 0));
                }
                2 => self.out[u as usize].push(e),
                _ => {} // A back edge closes a cycle of cost 0: drop it.
            }
        }
        // Keep what reaches the sink, walking the reverse postorder back.
        self.reaches[sink as usize] = self.state[sink as usize] == 2;
        for &u in &self.postorder {
            if u != sink {
                let reaches = &self.reaches;
                self.out[u as usize].retain(|&e| reaches[net.edges[e as usize].head as usize]);
                self.reaches[u as usize] = !self.out[u as usize].is_empty();
            }
        }
        let reaches = &self.reaches;
        self.order.extend(self.postorder.iter().rev().filter(|&&u| reaches[u as usize]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::profile::infer::synthetic::Lcg;

    /// The largest flow value and the least cost of a flow of that value,
    /// by enumerating every integer flow on every edge.
    fn brute_force(n: u32, edges: &[(u32, u32, i64, i64)], source: u32, sink: u32) -> (i64, i64) {
        let mut best = (0i64, 0i64);
        let mut flow = vec![0i64; edges.len()];
        loop {
            let mut balance = vec![0i64; n as usize];
            for (&(u, v, _, _), &f) in edges.iter().zip(&flow) {
                balance[u as usize] -= f;
                balance[v as usize] += f;
            }
            let conserved = (0..n).all(|x| x == source || x == sink || balance[x as usize] == 0);
            if conserved {
                let value = balance[sink as usize];
                let cost: i64 = edges.iter().zip(&flow).map(|(&(_, _, _, c), &f)| c * f).sum();
                if value > best.0 || (value == best.0 && cost < best.1) {
                    best = (value, cost);
                }
            }
            // The next flow vector, like an odometer.
            let mut i = 0;
            loop {
                if i == edges.len() {
                    return best;
                }
                if flow[i] < edges[i].2 {
                    flow[i] += 1;
                    break;
                }
                flow[i] = 0;
                i += 1;
            }
        }
    }

    fn solved(n: u32, edges: &[(u32, u32, i64, i64)], source: u32, sink: u32, augmentation: Augmentation) -> (i64, i64, Network) {
        let mut net = Network::new();
        for _ in 0..n {
            net.add_node();
        }
        let ids: Vec<u32> = edges.iter().map(|&(u, v, cap, cost)| net.add_edge(u, v, cap, cost)).collect();
        net.solve(source, sink, augmentation);
        // The flow is a flow: within capacities and conserved.
        let mut balance = vec![0i64; n as usize];
        for (&id, &(u, v, cap, _)) in ids.iter().zip(edges) {
            let f = net.flow(id);
            assert!((0..=cap).contains(&f), "flow {f} on an edge of capacity {cap}");
            balance[u as usize] -= f;
            balance[v as usize] += f;
        }
        for x in 0..n {
            if x != source && x != sink {
                assert_eq!(balance[x as usize], 0, "node {x} does not conserve flow");
            }
        }
        (balance[sink as usize], net.cost(), net)
    }

    #[test]
    fn agrees_with_brute_force_on_small_random_networks() {
        let mut rng = Lcg(7);
        let mut checked = 0;
        while checked < 300 {
            let n = 3 + rng.below(3) as u32;
            let m = 3 + rng.below(4) as usize;
            let edges: Vec<(u32, u32, i64, i64)> = (0..m)
                .map(|_| {
                    let u = rng.below(n as u64) as u32;
                    let v = rng.below(n as u64) as u32;
                    (u, v, rng.below(4) as i64, rng.below(4) as i64)
                })
                .filter(|&(u, v, _, _)| u != v)
                .collect();
            if edges.is_empty() {
                continue;
            }
            let expected = brute_force(n, &edges, 0, n - 1);
            for augmentation in [Augmentation::SinglePath, Augmentation::EvenDag] {
                let (value, cost, _) = solved(n, &edges, 0, n - 1, augmentation);
                assert_eq!((value, cost), expected, "{augmentation:?} on {edges:?}");
            }
            checked += 1;
        }
    }

    /// The largest flow value and its least cost, by the textbook
    /// successive shortest paths: Bellman–Ford over the whole residual
    /// network, no potentials, no pruning, one path at a time.
    fn textbook(n: u32, edges: &[(u32, u32, i64, i64)], source: u32, sink: u32) -> (i64, i64) {
        let mut arcs: Vec<(usize, usize, i64, i64)> = Vec::new();
        for &(u, v, cap, cost) in edges {
            arcs.push((u as usize, v as usize, cap, cost));
            arcs.push((v as usize, u as usize, 0, -cost));
        }
        let (mut value, mut total) = (0, 0);
        loop {
            let mut distance = vec![i64::MAX; n as usize];
            let mut parent = vec![usize::MAX; n as usize];
            distance[source as usize] = 0;
            for _ in 0..n {
                for (i, &(u, v, cap, cost)) in arcs.iter().enumerate() {
                    if cap > 0 && distance[u] != i64::MAX && distance[u] + cost < distance[v] {
                        distance[v] = distance[u] + cost;
                        parent[v] = i;
                    }
                }
            }
            if distance[sink as usize] == i64::MAX {
                return (value, total);
            }
            let mut path = Vec::new();
            let mut v = sink as usize;
            while v != source as usize {
                path.push(parent[v]);
                v = arcs[parent[v]].0;
            }
            let amount = path.iter().map(|&i| arcs[i].2).min().unwrap();
            for &i in &path {
                arcs[i].2 -= amount;
                arcs[i ^ 1].2 += amount;
            }
            value += amount;
            total += amount * distance[sink as usize];
        }
    }

    #[test]
    fn agrees_with_textbook_successive_shortest_paths_on_larger_networks() {
        // Networks shaped like inference's: every node fed from the source
        // and draining to the sink, costs of 0 and of the gadget's sizes,
        // so that many paths tie and the potentials, the phases, the
        // backward marking and the even split all get exercised.
        let mut rng = Lcg(11);
        for _ in 0..200 {
            let n = 6 + rng.below(30) as u32;
            let (source, sink) = (0, 1);
            let mut edges = Vec::new();
            for x in 2..n {
                if rng.below(2) == 0 {
                    edges.push((source, x, 1 + rng.below(50) as i64, 0));
                }
                if rng.below(2) == 0 {
                    edges.push((x, sink, 1 + rng.below(50) as i64, 0));
                }
            }
            for _ in 0..3 * n {
                let (u, v) = (2 + rng.below(u64::from(n - 2)) as u32, 2 + rng.below(u64::from(n - 2)) as u32);
                let cost = [0, 0, 1, 10, 11, 20][rng.below(6) as usize];
                let cap = if rng.below(3) == 0 { INFINITE } else { 1 + rng.below(40) as i64 };
                if u != v {
                    edges.push((u, v, cap, cost));
                }
            }
            let expected = textbook(n, &edges, source, sink);
            for augmentation in [Augmentation::SinglePath, Augmentation::EvenDag] {
                let (value, cost, _) = solved(n, &edges, source, sink, augmentation);
                assert_eq!((value, cost), expected, "{augmentation:?} on {edges:?}");
            }
        }
    }

    #[test]
    fn the_dag_splits_flow_evenly_between_equal_paths() {
        // 0 → 1 → 3 and 0 → 2 → 3, both of cost 2, 10 units in.
        let edges = [(4, 0, 10, 0), (0, 1, 100, 1), (0, 2, 100, 1), (1, 3, 100, 1), (2, 3, 100, 1)];
        let (value, _, net) = solved(5, &edges, 4, 3, Augmentation::EvenDag);
        assert_eq!(value, 10);
        assert_eq!((net.flow(1), net.flow(2)), (5, 5));
        let (_, _, net) = solved(5, &edges, 4, 3, Augmentation::SinglePath);
        assert!(net.flow(1) == 10 || net.flow(2) == 10, "one path takes all");
    }

    #[test]
    fn uneven_amounts_are_split_to_the_unit() {
        assert_eq!(split_evenly(7, [10, 10, 10].into_iter()), Some(vec![3, 2, 2]));
        assert_eq!(split_evenly(7, [1, 10, 10].into_iter()), Some(vec![1, 3, 3]));
        assert_eq!(split_evenly(7, [1, 2, 3].into_iter()), None);
    }
}
