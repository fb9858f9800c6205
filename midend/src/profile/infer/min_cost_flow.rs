//! A minimum-cost maximum-flow solver for the networks of profile
//! inference: successive shortest paths, found by the modified
//! Moore–Bellman–Ford search of He et al., "Profile Inference Revisited",
//! POPL 2022, §4.1 (Algorithm 1, `ModifiedMooreBellmanFord`), and pushed
//! either along one path (the classic algorithm) or spread as evenly as
//! possible over the DAG of all shortest paths (§4.2, `FindAugmentingDAG`
//! and `AugmentFlowAlongDAG`).
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
    heads: Vec<u32>,
    residual: Vec<i64>,
    costs: Vec<i64>,
    out: Vec<Vec<u32>>,
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
        let id = self.heads.len() as u32;
        self.heads.extend([to, from]);
        self.residual.extend([capacity, 0]);
        self.costs.extend([cost, -cost]);
        self.out[from as usize].push(id);
        self.out[to as usize].push(id + 1);
        id / 2
    }

    /// The flow on edge `edge` (a number from [`Network::add_edge`]).
    pub fn flow(&self, edge: u32) -> i64 {
        self.residual[edge as usize * 2 + 1]
    }

    /// The total cost of the current flow.
    pub fn cost(&self) -> i64 {
        (0..self.heads.len() / 2).map(|k| self.residual[2 * k + 1] * self.costs[2 * k]).sum()
    }

    fn tail(&self, e: u32) -> u32 {
        self.heads[(e ^ 1) as usize]
    }

    fn push(&mut self, e: u32, amount: i64) {
        self.residual[e as usize] -= amount;
        self.residual[(e ^ 1) as usize] += amount;
    }

    /// Sends a maximum flow from `source` to `sink` at the least cost.
    pub fn solve(&mut self, source: u32, sink: u32, augmentation: Augmentation) -> SolveStats {
        let mut stats = SolveStats { greedy_flow: self.push_greedy_paths(source, sink), ..SolveStats::default() };
        let mut search = Search::new(self.num_nodes());
        let mut phase = PhaseState::new(self.num_nodes());
        while search.run(self, source, sink) {
            // The first augmentation of a phase can always follow the
            // search's own path.
            stats.searches += 1;
            stats.augmentations += 1;
            let sent = augmentation == Augmentation::EvenDag && self.augment_dag(&search, source, sink);
            if !sent {
                self.augment_path(&search, source, sink);
            }
            phase.reset();
            // The distances stay valid while tight paths remain (the
            // primal-dual method): augment along them without searching
            // again. Every tight path from the source costs exactly the
            // sink's distance, so it is a shortest path.
            // The even splits of a phase are capped: past a few, each
            // moves little (an edge that one split saturates, a path's
            // push frees again), and single paths finish the phase.
            let mut splits = 0;
            loop {
                let split = augmentation == Augmentation::EvenDag && splits < SPLITS_PER_PHASE && self.augment_dag(&search, source, sink);
                splits += usize::from(split);
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
            let edges = &self.out[u as usize];
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
            let v = self.heads[e as usize] as usize;
            if phase.dead[v] || on_path[v] || !search.is_tight(self, e, sink) {
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
        for &e in &self.out[source as usize] {
            if e % 2 == 0 {
                from_source[self.heads[e as usize] as usize] = e;
            }
        }
        let mut to_sink = vec![u32::MAX; n];
        for &e in &self.out[sink as usize] {
            if e % 2 == 1 {
                to_sink[self.heads[e as usize] as usize] = e ^ 1;
            }
        }
        let mut sent = 0;
        for e in (0..self.heads.len() as u32).step_by(2) {
            let (x, y) = (self.tail(e), self.heads[e as usize]);
            if self.costs[e as usize] != 0 || x == source || x == sink || y == source || y == sink {
                continue;
            }
            let (first, last) = (from_source[x as usize], to_sink[y as usize]);
            if first == u32::MAX || last == u32::MAX {
                continue;
            }
            let amount = self.residual[first as usize].min(self.residual[e as usize]).min(self.residual[last as usize]);
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
        let amount = path.iter().map(|&e| self.residual[e as usize]).min().unwrap_or(0);
        for &e in path {
            self.push(e, amount);
        }
        amount
    }

    /// Splits flow evenly over the DAG of shortest paths to `sink` (§4.2).
    /// Returns false, having changed nothing, when the split cannot send a
    /// whole unit through every edge it uses.
    fn augment_dag(&mut self, search: &Search, source: u32, sink: u32) -> bool {
        let dag = ShortestPathDag::new(self, search, source, sink);
        if dag.order.len() < 2 {
            return false;
        }
        // One unit split perfectly gives each edge a share; the amount to
        // send is the largest that fits every residual capacity.
        let mut share = vec![0f64; self.num_nodes()];
        share[source as usize] = 1.0;
        let mut limit = f64::INFINITY;
        for &u in &dag.order {
            let outs = &dag.out[u as usize];
            if u == sink || outs.is_empty() {
                continue;
            }
            let each = share[u as usize] / outs.len() as f64;
            for &e in outs {
                share[self.heads[e as usize] as usize] += each;
                limit = limit.min(self.residual[e as usize] as f64 / each);
            }
        }
        let amount = limit.floor().min(INFINITE as f64) as i64;
        if amount < 1 {
            return false;
        }
        let mut inflow = vec![0i64; self.num_nodes()];
        inflow[source as usize] = amount;
        let mut pushes = Vec::new();
        for &u in &dag.order {
            let outs = &dag.out[u as usize];
            let have = inflow[u as usize];
            if u == sink || have == 0 {
                continue;
            }
            let Some(split) = split_evenly(have, outs.iter().map(|&e| self.residual[e as usize])) else {
                return false;
            };
            for (&e, part) in outs.iter().zip(split) {
                if part > 0 {
                    inflow[self.heads[e as usize] as usize] += part;
                    pushes.push((e, part));
                }
            }
        }
        for (e, part) in pushes {
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
}

impl PhaseState {
    fn new(n: usize) -> PhaseState {
        PhaseState { dead: vec![false; n], arc: vec![0; n], on_path: vec![false; n] }
    }

    fn reset(&mut self) {
        self.dead.fill(false);
        self.arc.fill(0);
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
/// by the queue-based Moore–Bellman–Ford search with the pruning of §4.1:
/// a node farther than the sink is not expanded, and the search stops
/// once the sink is at distance 0 (no path is shorter, by Lemma 4.1).
struct Search {
    distance: Vec<i64>,
    parent: Vec<u32>,
    queued: Vec<bool>,
    queue: std::collections::VecDeque<u32>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search { distance: vec![i64::MAX; n], parent: vec![u32::MAX; n], queued: vec![false; n], queue: Default::default() }
    }

    /// Searches from `source`; true when `sink` is reachable.
    fn run(&mut self, net: &Network, source: u32, sink: u32) -> bool {
        self.distance.fill(i64::MAX);
        self.parent.fill(u32::MAX);
        self.queued.fill(false);
        self.queue.clear();
        self.distance[source as usize] = 0;
        self.queue.push_back(source);
        self.queued[source as usize] = true;
        while let Some(u) = self.queue.pop_front() {
            self.queued[u as usize] = false;
            if self.distance[sink as usize] == 0 {
                break;
            }
            let du = self.distance[u as usize];
            if du > self.distance[sink as usize] {
                continue;
            }
            for &e in &net.out[u as usize] {
                if net.residual[e as usize] <= 0 {
                    continue;
                }
                let v = net.heads[e as usize] as usize;
                let dv = du + net.costs[e as usize];
                if dv < self.distance[v] {
                    self.distance[v] = dv;
                    self.parent[v] = e;
                    if !self.queued[v] {
                        self.queued[v] = true;
                        self.queue.push_back(v as u32);
                    }
                }
            }
        }
        self.distance[sink as usize] != i64::MAX
    }

    /// Whether edge `e` has residual capacity and lies on a shortest path
    /// by the distances found: both ends no farther than the sink, and
    /// the edge's cost their difference.
    fn is_tight(&self, net: &Network, e: u32, sink: u32) -> bool {
        let d = &self.distance;
        let bound = d[sink as usize];
        let (u, v) = (net.tail(e) as usize, net.heads[e as usize] as usize);
        net.residual[e as usize] > 0 && d[u] <= bound && d[v] <= bound && d[u] + net.costs[e as usize] == d[v]
    }
}

/// The edges on shortest paths from the source to the sink, made acyclic
/// (§4.2, `ExtractDAG`): a depth-first search from the source over the
/// tight edges drops the edges that close a cycle, and only nodes that
/// still reach the sink are kept.
struct ShortestPathDag {
    /// The kept out-edges of every node.
    out: Vec<Vec<u32>>,
    /// The kept nodes in topological order, the source first.
    order: Vec<u32>,
}

impl ShortestPathDag {
    fn new(net: &Network, search: &Search, source: u32, sink: u32) -> ShortestPathDag {
        let n = net.num_nodes();
        // Forward edges only: the even split is over alternatives of the
        // graph. Reverse edges, with the little flow a split left on them,
        // would each limit one push and leave smaller ones behind, pushes
        // without end; single-path augmentations use them instead.
        let tight = |e: u32| e % 2 == 0 && search.is_tight(net, e, sink);
        // Iterative DFS: 0 unseen, 1 on the stack, 2 done.
        let mut state = vec![0u8; n];
        let mut out: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut postorder = Vec::new();
        let mut stack: Vec<(u32, usize)> = vec![(source, 0)];
        state[source as usize] = 1;
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            let edges = &net.out[u as usize];
            if u == sink || *next >= edges.len() {
                state[u as usize] = 2;
                postorder.push(u);
                stack.pop();
                continue;
            }
            let e = edges[*next];
            *next += 1;
            if !tight(e) {
                continue;
            }
            let v = net.heads[e as usize];
            match state[v as usize] {
                0 => {
                    out[u as usize].push(e);
                    state[v as usize] = 1;
                    stack.push((v, 0));
                }
                2 => out[u as usize].push(e),
                _ => {} // A back edge closes a cycle of cost 0: drop it.
            }
        }
        // Keep what reaches the sink, walking the reverse postorder back.
        let mut reaches = vec![false; n];
        reaches[sink as usize] = state[sink as usize] == 2;
        for &u in &postorder {
            if u != sink {
                out[u as usize].retain(|&e| reaches[net.heads[e as usize] as usize]);
                reaches[u as usize] = !out[u as usize].is_empty();
            }
        }
        let order = postorder.into_iter().rev().filter(|&u| reaches[u as usize]).collect();
        ShortestPathDag { out, order }
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
