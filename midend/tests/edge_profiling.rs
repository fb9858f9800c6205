//! Edge profiling end to end on IR text (Ball & Larus, "Optimally Profiling
//! and Tracing Programs", TOPLAS 1994, §3.2, §5, §6.3): instrument a
//! function, run it on random paths, and check that reconstruction from
//! the counters gives back exactly the block, edge, call and early-exit
//! counts of those paths.
//!
//! The runs come from a CFG walker, not a real interpreter: at each branch
//! it picks a successor slot at random, at each call that may not return
//! it sometimes ends the run there (as `exit()` deep in a callee would),
//! and it evaluates only the counter increments. It walks the
//! *instrumented* function, so placement is tested too, and records the
//! ground truth in terms of the original function's blocks, edges (a
//! terminator and a slot, which instrumentation keeps) and calls. A run
//! that reaches `unreachable` or never ends is dropped with its counter
//! updates, as a trapping or killed program writes no profile.

use nissecc_midend::analysis::{Cfg, NoReturn, ReturnBehaviour};
use nissecc_midend::instrument::plan::plan;
use nissecc_midend::instrument::weights::{heuristic_weights, Weight};
use nissecc_midend::instrument::counter_array::ATOMIC_ADD_FUNCTION;
use nissecc_midend::instrument::{instrument_module, InstrumentOptions, ProfileUpdate};
use nissecc_midend::ir::{BinaryOp, Block, Callee, Function, Inst, InstData, Module, UnaryOp, Value};
use nissecc_midend::profile::{
    decode_descriptor, reconstruct, CallExit, FlowEdgeKind, FlowGraph, FunctionShape, Measure, Strategy,
};
use nissecc_midend::text::parse_module;
use nissecc_midend::verifier::{print_module_errors, verify_module};
use nissecc_profile_format::{FunctionProfile, Profile};
use std::collections::HashMap;

const PROGRAM: &str = r#"
declare @ext(i32) -> i32
declare @exit(i32)
declare @abort()
declare @printf(i64, ...) -> i32

; Nested loops with a break out of both, and a call that may not return in
; the inner loop.
function @nested(i32) -> i32 export {
block0(v0: i32):
    jump block1
block1:
    brif v0, block2, block7
block2:
    jump block3
block3:
    v1 = call @ext(v0) : (i32) -> i32
    brif v1, block4, block6
block4:
    brif v0, block5, block7
block5:
    jump block3
block6:
    brif v0, block1, block7
block7:
    return v0
}

; A switch with parallel edges, a brif whose arms agree, and a self-loop.
function @switchy(i32) -> i32 export {
block0(v0: i32):
    switch v0, block1, [1: block2, 2: block2, 3: block3, 4: block1]
block1:
    brif v0, block1, block2
block2:
    brif v0, block3, block3
block3:
    return v0
}

; An irreducible region inside a loop, and an unreachable block.
function @irreducible(i32) -> i32 export {
block0(v0: i32):
    jump block1
block1:
    brif v0, block2, block3
block2:
    jump block3
block3:
    brif v0, block2, block4
block4:
    brif v0, block1, block5
block5:
    return v0
block6:
    jump block1
}

; An infinite loop that only calls that may not return can leave, two of
; them in one block.
function @forever(i32) export {
block0(v0: i32):
    jump block1
block1:
    v1 = call @ext(v0) : (i32) -> i32
    brif v1, block2, block3
block2:
    v2 = call @ext(v0) : (i32) -> i32
    v3 = call @ext(v2) : (i32) -> i32
    jump block1
block3:
    jump block1
}

; An infinite loop with no way out at all.
function @spin(i32) export {
block0(v0: i32):
    jump block1
block1:
    brif v0, block1, block2
block2:
    jump block1
}

; Calls that never return, a call that may not return in the entry block
; (whose early exit competes with EXIT -> entry for the tree), and a call
; of a defined function that may exit.
function @dies(i32) -> i32 export {
block0(v0: i32):
    v1 = call @ext(v0) : (i32) -> i32
    brif v1, block1, block2
block1:
    call @exit(v0) : (i32)
    unreachable
block2:
    brif v0, block3, block4
block3:
    call @abort() : ()
    jump block4
block4:
    v2 = call @helper(v0) : (i32) -> i32
    return v2
}

; Returns or exits.
function @helper(i32) -> i32 export {
block0(v0: i32):
    brif v0, block1, block2
block1:
    call @exit(v0) : (i32)
    unreachable
block2:
    return v0
}

; Straight-line code with a call known to return.
function @straight(i64) -> i32 export {
block0(v0: i64):
    v1 = call @printf(v0) : (i64, ...) -> i32
    return v1
}
"#;

/// Exact counts of a set of runs, numbered as in the original function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Truth {
    blocks: Vec<u64>,
    edges: Vec<u64>,
    entries: u64,
    returns: HashMap<u32, u64>,
    /// Per call site of the shape: how often it was reached, and how often
    /// it did not return.
    reached: Vec<u64>,
    early: Vec<u64>,
}

impl Truth {
    /// The count of flow edge `kind`, as a counter would have seen it.
    fn count(&self, kind: FlowEdgeKind) -> u64 {
        match kind {
            FlowEdgeKind::Cfg(i) => self.edges[i as usize],
            FlowEdgeKind::Return(b) => self.returns.get(&b).copied().unwrap_or(0),
            FlowEdgeKind::Continuation(i) => self.reached[i as usize] - self.early[i as usize],
            FlowEdgeKind::EarlyExit(i) => self.early[i as usize],
            FlowEdgeKind::Entry => self.entries,
            FlowEdgeKind::ReEntry(_) => unreachable!("the simulated functions call no setjmp"),
        }
    }
}

/// A small deterministic random number generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The original function's facts that the walker needs.
struct Original {
    cfg: Cfg,
    shape: FunctionShape,
    /// Call site index and kind of each call that may not return.
    sites: HashMap<Inst, (usize, CallExit)>,
    position: HashMap<Block, u32>,
}

fn classify(noreturn: &NoReturn, func: &Function, data: &InstData) -> Option<CallExit> {
    match noreturn.call(func, data) {
        Some(ReturnBehaviour::MayNotReturn) => Some(CallExit::MayNotReturn),
        Some(ReturnBehaviour::NeverReturns) => Some(CallExit::NeverReturns),
        _ => None,
    }
}

impl Original {
    fn new(module: &Module, func: &Function) -> Original {
        let noreturn = NoReturn::compute(module);
        let cfg = Cfg::compute(func);
        let shape = FunctionShape::of(func, &cfg, |d| classify(&noreturn, func, d));
        let sites = shape
            .call_sites
            .iter()
            .enumerate()
            .map(|(i, s)| (func.blocks[cfg.blocks()[s.block as usize]].insts[s.inst as usize], (i, s.exit)))
            .collect();
        let position = cfg.blocks().iter().enumerate().map(|(i, &b)| (b, i as u32)).collect();
        Original { cfg, shape, sites, position }
    }

    fn empty_truth(&self) -> Truth {
        Truth {
            blocks: vec![0; self.shape.num_blocks() as usize],
            edges: vec![0; self.shape.edges.len()],
            reached: vec![0; self.shape.call_sites.len()],
            early: vec![0; self.shape.call_sites.len()],
            ..Truth::default()
        }
    }
}

/// Walks `runs` random executions of `func` (the original or an
/// instrumented copy of `original`'s function) and returns their ground
/// truth and the final values of the counter array `counters` (by byte
/// offset).
fn walk(original: &Original, func: &Function, counters: &str, runs: usize, seed: u64) -> (Truth, HashMap<i64, u64>) {
    const EXIT_ONE_IN: usize = 8;
    const SOFT_LIMIT: usize = 200;
    const HARD_LIMIT: usize = 400;
    let mut rng = Rng(seed | 1);
    let mut truth = original.empty_truth();
    let mut memory: HashMap<i64, u64> = HashMap::new();
    'runs: for _ in 0..runs {
        let (saved_truth, saved_memory) = (truth.clone(), memory.clone());
        let mut values: HashMap<Value, i64> = HashMap::new();
        let mut block = func.entry().expect("a body");
        let mut steps = 0;
        truth.entries += 1;
        loop {
            steps += 1;
            if steps > HARD_LIMIT {
                truth = saved_truth;
                memory = saved_memory;
                continue 'runs;
            }
            if let Some(&pos) = original.position.get(&block) {
                truth.blocks[pos as usize] += 1;
            }
            let mut next = None;
            for &inst in &func.blocks[block].insts {
                let result = func.inst_result(inst);
                let known = |values: &HashMap<Value, i64>, v: Value| values.get(&v).copied();
                match &func.insts[inst] {
                    InstData::SymbolAddr { symbol, offset } if symbol == counters => {
                        values.insert(result.unwrap(), *offset);
                    }
                    InstData::Load { addr, offset } => {
                        if let Some(a) = known(&values, *addr) {
                            values.insert(result.unwrap(), *memory.get(&(a + i64::from(*offset))).unwrap_or(&0) as i64);
                        }
                    }
                    InstData::Iconst { imm } => {
                        values.insert(result.unwrap(), *imm);
                    }
                    // Counter updates add, and a counter placed at a
                    // loop header is decremented on the loop's entries
                    // (`placement`'s header starts): an `isub`, or an
                    // atomic add of a negated amount.
                    InstData::Binary { op: op @ (BinaryOp::Iadd | BinaryOp::Isub), args } => {
                        if let (Some(a), Some(b)) = (known(&values, args[0]), known(&values, args[1])) {
                            let value = if *op == BinaryOp::Iadd { a.wrapping_add(b) } else { a.wrapping_sub(b) };
                            values.insert(result.unwrap(), value);
                        }
                    }
                    InstData::Unary { op: UnaryOp::Ineg, arg } => {
                        if let Some(a) = known(&values, *arg) {
                            values.insert(result.unwrap(), a.wrapping_neg());
                        }
                    }
                    InstData::Store { value, addr, offset } => {
                        if let (Some(v), Some(a)) = (known(&values, *value), known(&values, *addr)) {
                            memory.insert(a + i64::from(*offset), v as u64);
                        }
                    }
                    InstData::Call { callee: Callee::Direct(name), args, .. } if name == ATOMIC_ADD_FUNCTION => {
                        if let (Some(a), Some(d)) = (known(&values, args[0]), known(&values, args[1])) {
                            let count = memory.entry(a).or_insert(0);
                            *count = count.wrapping_add(d as u64);
                        }
                    }
                    InstData::Call { .. } => {
                        if let Some(&(site, exit)) = original.sites.get(&inst) {
                            truth.reached[site] += 1;
                            let ends = match exit {
                                CallExit::NeverReturns => true,
                                CallExit::MayNotReturn => steps > SOFT_LIMIT || rng.below(EXIT_ONE_IN) == 0,
                                CallExit::ReturnsTwice => unreachable!("the simulated functions call no setjmp"),
                            };
                            if ends {
                                truth.early[site] += 1;
                                continue 'runs;
                            }
                        }
                    }
                    InstData::Return { .. } => {
                        let pos = original.position[&block];
                        *truth.returns.entry(pos).or_default() += 1;
                        continue 'runs;
                    }
                    InstData::Unreachable => {
                        truth = saved_truth;
                        memory = saved_memory;
                        continue 'runs;
                    }
                    data if data.is_terminator() => {
                        let succs = data.successors();
                        // Split edges add one-way jumps, which must not use up random
                        // numbers, so that every instrumentation walks alike.
                        let slot = if succs.len() == 1 { 0 } else { rng.below(succs.len()) };
                        if let Some(edge) = original.cfg.edge_at(inst, slot as u32) {
                            truth.edges[edge.as_u32() as usize] += 1;
                        }
                        next = Some(succs[slot].block);
                    }
                    _ => {}
                }
            }
            block = next.expect("a block ends in a terminator");
        }
    }
    (truth, memory)
}

fn parse() -> Module {
    let module = parse_module(PROGRAM).unwrap_or_else(|e| panic!("{e}"));
    if let Err(errors) = verify_module(&module) {
        panic!("{}", print_module_errors(&module, &errors));
    }
    module
}

/// Instruments a copy of `module` and checks the result: verifier, text
/// round trip, and the descriptor's plan against a fresh plan.
fn instrumented(module: &Module, strategy: Strategy, weights: Option<&Profile>) -> Module {
    instrumented_updating(module, strategy, weights, ProfileUpdate::Single)
}

/// [`instrumented`], with counters updated as `update` says.
fn instrumented_updating(module: &Module, strategy: Strategy, weights: Option<&Profile>, update: ProfileUpdate) -> Module {
    let mut copy = module.clone();
    let report = instrument_module(&mut copy, &InstrumentOptions { strategy, weights, path_array_threshold: 0, tpp_cold_ppm: 0, tpp_loop_trip_milli: 0, update, promote: false, values: None });
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    if let Err(errors) = verify_module(&copy) {
        panic!("{}", print_module_errors(&copy, &errors));
    }
    let text = copy.to_string();
    let reparsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(reparsed.to_string(), text, "the instrumented module round-trips");
    copy
}

fn descriptor_bytes<'m>(module: &'m Module, func: &str) -> &'m [u8] {
    &module.data.iter().find(|d| d.name == format!("__nisse_cfg.{func}")).expect("a descriptor").bytes
}

/// The counter values in counter order.
fn counter_values(memory: &HashMap<i64, u64>, num_counters: usize) -> Vec<u64> {
    (0..num_counters).map(|i| memory.get(&(8 * i as i64)).copied().unwrap_or(0)).collect()
}

/// Checks that reconstruction from `counters` gives exactly `truth`.
fn assert_reconstructs(what: &str, desc: &nissecc_midend::profile::CfgDescriptor, counters: &[u64], truth: &Truth) {
    let profile = reconstruct(desc, counters).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(profile.blocks, truth.blocks, "{what}: block counts");
    let edges: Vec<u64> = profile.edges.iter().map(|e| e.2).collect();
    assert_eq!(edges, truth.edges, "{what}: edge counts");
    assert_eq!(profile.entries, truth.entries, "{what}: calls");
    let early: Vec<u64> = profile.early_exits.iter().map(|e| e.count).collect();
    assert_eq!(early, truth.early, "{what}: early exits");
}

const FUNCTIONS: &[&str] = &["nested", "switchy", "irreducible", "forever", "spin", "dies", "helper", "straight"];

#[test]
fn instrumented_runs_reconstruct_exactly() {
    let module = parse();
    let naive = instrumented(&module, Strategy::Naive, None);
    let ks = instrumented(&module, Strategy::Ks, None);
    let ks_atomic = instrumented_updating(&module, Strategy::Ks, None, ProfileUpdate::Atomic);
    let mut weight_profile = Profile::default();
    for (n, &name) in FUNCTIONS.iter().enumerate() {
        let original = Original::new(&module, module.function(name).unwrap());
        let mut truths = Vec::new();
        for (strategy, m) in [("naive", &naive), ("ks", &ks), ("ks, atomic updates", &ks_atomic)] {
            let desc = decode_descriptor(descriptor_bytes(m, name)).unwrap();
            let seed = 0x9e37_79b9_7f4a_7c15 ^ n as u64;
            let (truth, memory) = walk(&original, m.function(name).unwrap(), &format!("__nisse_cnt.{name}"), 300, seed);
            let counters = counter_values(&memory, desc.counters.len());
            assert_reconstructs(&format!("{name} ({strategy})"), &desc, &counters, &truth);
            if strategy == "naive" {
                weight_profile.functions.push(FunctionProfile {
                    name: name.to_string(),
                    checksum: nissecc_midend::analysis::cfg_checksum(module.function(name).unwrap()),
                    descriptor: descriptor_bytes(m, name).to_vec(),
                    counters,
                    paths: Vec::new(),
                    values: Vec::new(),
                });
            }
            truths.push(truth);
        }
        // The same seed walks the same paths whatever the instrumentation.
        assert!(truths.iter().all(|truth| *truth == truths[0]), "{name}: the walks agree");
    }

    // Knuth–Stevenson weighted by the naive profile is exact too.
    let weighted = instrumented(&module, Strategy::Ks, Some(&weight_profile));
    for (n, &name) in FUNCTIONS.iter().enumerate() {
        let original = Original::new(&module, module.function(name).unwrap());
        let desc = decode_descriptor(descriptor_bytes(&weighted, name)).unwrap();
        assert!(desc.weights_from_profile, "{name}: weights came from the profile");
        let (truth, memory) = walk(&original, weighted.function(name).unwrap(), &format!("__nisse_cnt.{name}"), 300, 77 + n as u64);
        let counters = counter_values(&memory, desc.counters.len());
        assert_reconstructs(&format!("{name} (ks, profile weights)"), &desc, &counters, &truth);
    }
}

#[test]
fn any_spanning_tree_reconstructs_exactly() {
    let module = parse();
    let mut rng = Rng(12345);
    for &name in FUNCTIONS {
        let func = module.function(name).unwrap();
        let original = Original::new(&module, func);
        let (truth, _) = walk(&original, func, "", 300, 99);
        let graph = FlowGraph::new(&original.shape);
        for round in 0..20 {
            let weights: Vec<Weight> = (0..graph.edges().len())
                .map(|_| Weight { primary: (rng.next() % 5) as f64, secondary: (rng.next() % 100) as f64 })
                .collect();
            let counted = plan(&graph, Strategy::Ks, &weights, &[]);
            let desc = nissecc_midend::profile::CfgDescriptor {
                weights_from_profile: true,
                ..nissecc_midend::profile::CfgDescriptor::new(
                    Strategy::Ks,
                    original.shape.clone(),
                    counted.iter().map(|&e| graph.edge(e).kind).collect(),
                )
            };
            let counters: Vec<u64> = desc.counters.iter().map(|&k| truth.count(k)).collect();
            assert_reconstructs(&format!("{name} (random tree {round})"), &desc, &counters, &truth);
        }
    }
}

/// The number of counters Knuth–Stevenson needs: every edge whose count is
/// not known in advance, minus the edges of a spanning forest.
fn minimum_counters(graph: &FlowGraph) -> usize {
    let mut parent: Vec<u32> = (0..graph.num_vertices()).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            x = parent[x as usize];
        }
        x
    }
    let mut unknown = 0;
    let mut forest = 0;
    for (e, edge) in graph.edges().iter().enumerate() {
        if graph.measure(e as u32) == Measure::KnownZero {
            continue;
        }
        unknown += 1;
        let (a, b) = (find(&mut parent, edge.from), find(&mut parent, edge.to));
        if a != b {
            parent[a as usize] = b;
            forest += 1;
        }
    }
    unknown - forest
}

#[test]
fn knuth_stevenson_is_minimal_and_replannable() {
    let module = parse();
    let ks = instrumented(&module, Strategy::Ks, None);
    for &name in FUNCTIONS {
        let desc = decode_descriptor(descriptor_bytes(&ks, name)).unwrap();
        let graph = FlowGraph::new(&desc.shape);
        assert_eq!(desc.counters.len(), minimum_counters(&graph), "{name}: KS uses the minimum number of counters");
        // The plan is a pure function of the stored shape: the descriptor
        // alone reproduces it.
        let replanned = plan(&graph, Strategy::Ks, &heuristic_weights(&desc.shape, &graph), &[]);
        let kinds: Vec<FlowEdgeKind> = replanned.iter().map(|&e| graph.edge(e).kind).collect();
        assert_eq!(kinds, desc.counters, "{name}: replanning from the descriptor");
        // Early exits are never counted.
        assert!(desc.counters.iter().all(|k| !matches!(k, FlowEdgeKind::EarlyExit(_))));
    }
}

#[test]
fn call_sites_are_classified() {
    let module = parse();
    let kinds = |name: &str| -> Vec<(u32, CallExit, String)> {
        let original = Original::new(&module, module.function(name).unwrap());
        original.shape.call_sites.iter().map(|s| (s.block, s.exit, s.callee.clone())).collect()
    };
    use CallExit::*;
    assert_eq!(
        kinds("dies"),
        vec![
            (0, MayNotReturn, "ext".to_string()),
            (1, NeverReturns, "exit".to_string()),
            (3, NeverReturns, "abort".to_string()),
            (4, MayNotReturn, "helper".to_string()),
        ]
    );
    assert!(kinds("straight").is_empty(), "printf returns");
    let noreturn = NoReturn::compute(&module);
    assert_eq!(noreturn.callee("spin"), ReturnBehaviour::NeverReturns);
    assert_eq!(noreturn.callee("forever"), ReturnBehaviour::NeverReturns);
    assert_eq!(noreturn.callee("helper"), ReturnBehaviour::MayNotReturn);
    assert_eq!(noreturn.callee("straight"), ReturnBehaviour::Returns);
}

#[test]
fn inconsistent_counters_are_errors() {
    let module = parse();
    let naive = instrumented(&module, Strategy::Naive, None);
    let desc = decode_descriptor(descriptor_bytes(&naive, "nested")).unwrap();
    // All zeros are consistent; one stray count is not.
    let mut counters = vec![0; desc.counters.len()];
    assert!(reconstruct(&desc, &counters).is_ok());
    counters[0] = 1;
    let err = reconstruct(&desc, &counters).unwrap_err();
    assert!(err.contains("inconsistent"), "{err}");
    let err = reconstruct(&desc, &counters[1..]).unwrap_err();
    assert!(err.contains("counters"), "{err}");
}
