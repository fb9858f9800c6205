//! Edge-profiling instrumentation (Ball & Larus, "Optimally Profiling and
//! Tracing Programs", TOPLAS 1994, §3.2, §5 and §6.3).
//!
//! For every function of a module except those that call `vfork` or
//! `getcontext` (whose second returns nothing tells from the first; those
//! of `setjmp` are counted, see `profile::flow_graph`), [`instrument_module`]
//!
//! 1. takes the function's shape, CFG checksum and block hashes before
//!    changing it (`profile::shape`, `profile::block_hash`), classifying
//!    its calls with the module-wide may-not-return analysis
//!    (`analysis::noreturn`);
//! 2. weights the flow graph, by the §5 heuristic or an earlier profile
//!    ([`weights`]);
//! 3. for the `sese` strategy, finds the loop variables that can replace
//!    counters ([`sese`]);
//! 4. plans the counters ([`plan`], with [`spanning_tree`]);
//! 5. encodes the shape and plan as the CFG descriptor;
//! 6. inserts the increments ([`placement`], through [`counter_array`])
//!    and the SESE counters' snapshots and flushes ([`sese::rewrite`]);
//! 7. adds the counter array, descriptor, name and record that the runtime
//!    reads ([`records`]).
//!
//! Planning (steps 1–4) is pure and shared with reconstruction
//! (`profile::reconstruct`) through the descriptor; only steps 6 and 7
//! change the module.

pub mod counter_array;
pub mod path;
pub mod placement;
pub mod plan;
pub mod promotion;
pub mod records;
pub mod sample;
pub mod sese;
pub mod spanning_tree;
pub mod stats;
pub mod tpp;
pub mod trace;
pub mod values;
pub mod vertex;
pub mod weights;

pub use counter_array::ProfileUpdate;
pub use stats::{FunctionStats, InstrumentReport};
pub use values::ValueProfiling;

use crate::analysis::cfg::{cfg_checksum_of, Cfg};
use crate::analysis::loops::LoopForest;
use crate::analysis::noreturn::{NoReturn, ReturnBehaviour, OTHER_RETURNS_TWICE, SETJMP};
use crate::ir::{Callee, Function, Inst, InstData, Module};
use counter_array::CounterArray;
use crate::profile::block_hash::block_hashes;
use crate::profile::value_sites::ValueKind;
use crate::profile::{profile_name, CallExit, CfgDescriptor, FlowGraph, FunctionShape, Strategy};
use nissecc_profile_format::Profile;
use weights::Weight;

/// How to instrument.
#[derive(Clone, Copy, Debug)]
pub struct InstrumentOptions<'a> {
    pub strategy: Strategy,
    /// An earlier profile whose counts weight the spanning tree
    /// (`-fprofile-instr-weights`); functions it lacks, or whose CFG
    /// changed since, fall back to the heuristic.
    pub weights: Option<&'a Profile>,
    /// With [`Strategy::Path`], functions with at most this many paths
    /// count them in a dense array, the others in the runtime's hash
    /// table (`-fpath-array-threshold`).
    pub path_array_threshold: u64,
    /// How counters are updated (`-fprofile-update`).
    pub update: ProfileUpdate,
    /// With [`Strategy::Tpp`], the cold threshold in parts per million
    /// (`-ftpp-cold`) and the loop disconnection threshold in thousandths
    /// of a trip count (`-ftpp-loop-disconnect`).
    pub tpp_cold_ppm: u32,
    pub tpp_loop_trip_milli: u64,
    /// Whether edge counters updated in loops are kept in registers while
    /// the loop runs ([`promotion`], `-fprofile-counter-promotion`). It
    /// runs `mem2reg`, so the driver asks for it only when optimizing.
    pub promote: bool,
    /// Whether, and how, the operands of value sites are profiled
    /// (`-fprofile-values`, [`values`]).
    pub values: Option<ValueProfiling>,
}

/// Instruments every function of `module`.
pub fn instrument_module(module: &mut Module, options: &InstrumentOptions) -> InstrumentReport {
    let noreturn = NoReturn::compute(module);
    let mut report = InstrumentReport { strategy: options.strategy, functions: Vec::new(), warnings: Vec::new() };
    let mut instrumented = Vec::new();
    let source_file = module.source_file.clone();
    let context = TraceContext::of(module);
    for func in module.functions.iter_mut().filter(|f| !f.layout.is_empty()) {
        if let Some(callee) = calls_other_returns_twice(func) {
            // A second return from `vfork` or `getcontext` re-enters the
            // function in the middle of a block, and nothing tells it from
            // the first, so its counts would be wrong rather than missing.
            report.warnings.push(format!(
                "function `{}` calls `{callee}`, which may return twice: it is not instrumented and the profile has no counts for it",
                func.name
            ));
            continue;
        }
        let name = profile_name(func, &source_file);
        let (stats, checksum, descriptor, flags, value_kinds) = instrument_function(func, &name, &noreturn, options, &context, &mut report.warnings);
        // A traced function's witnesses go to the trace, not to counters.
        let counters = if options.strategy.traces() { 0 } else { stats.counters };
        instrumented.push((func.name.clone(), name, checksum, counters, descriptor, flags, value_kinds));
        report.functions.push(stats);
    }
    if !instrumented.is_empty() {
        records::declare_runtime_anchor(module);
    }
    if report.functions.iter().any(|f| f.hashed_paths) {
        records::declare_hash_count_function(module, options.update);
    }
    if options.update == ProfileUpdate::Atomic && !report.functions.is_empty() {
        counter_array::declare_atomic_add(module);
    }
    if options.strategy.traces() && !report.functions.is_empty() {
        for (name, signature) in trace::runtime_functions() {
            records::declare_extern(module, name, signature);
        }
    }
    if let Some(mode) = options.values.filter(|_| report.functions.iter().any(|f| f.value_sites > 0)) {
        mode.declare(module, options.update);
    }
    for (function, name, checksum, counters, descriptor, flags, value_kinds) in instrumented {
        let value_sites = options.values.map(|_| value_kinds.as_slice());
        records::add_function_data(module, &function, &name, checksum, counters, descriptor, flags, value_sites);
    }
    report
}

/// What tracing needs to know about the whole module: the profile names of
/// the functions it instruments, which a direct call of them follows in
/// the trace, and the functions that code writing no trace may call.
struct TraceContext {
    traced: std::collections::HashMap<String, String>,
    /// Functions whose address is taken, in code or in data, that an
    /// alias names, or that an uninstrumented function calls.
    address_taken: std::collections::HashSet<String>,
}

impl TraceContext {
    fn of(module: &Module) -> TraceContext {
        // A weak function's calls may run another object's body, so they
        // are opaque (and the weak body announces itself).
        let traced = module
            .functions
            .iter()
            .filter(|f| !f.layout.is_empty() && calls_other_returns_twice(f).is_none() && f.linkage != crate::ir::Linkage::Weak)
            .map(|f| (f.name.clone(), profile_name(f, &module.source_file)))
            .collect();
        let mut address_taken: std::collections::HashSet<String> =
            module.data.iter().flat_map(|d| d.relocs.iter().map(|r| r.symbol.clone())).collect();
        for func in &module.functions {
            for &b in &func.layout {
                for &inst in &func.blocks[b].insts {
                    if let InstData::SymbolAddr { symbol, .. } = &func.insts[inst] {
                        address_taken.insert(symbol.clone());
                    }
                }
            }
        }
        // An alias (`__attribute__((alias))`) is another name for its
        // target, by which other objects call it: like a taken address, it
        // lets untraced code call the target, which must then announce
        // itself.
        address_taken.extend(module.aliases.iter().map(|alias| alias.target.clone()));
        // A function left uninstrumented (it calls `vfork`, or a
        // program's own `setjmp` that returns nothing) writes no trace,
        // so the functions it calls directly must announce themselves.
        for func in module.functions.iter().filter(|f| !f.layout.is_empty() && calls_other_returns_twice(f).is_some()) {
            for &b in &func.layout {
                for &inst in &func.blocks[b].insts {
                    if let InstData::Call { callee: crate::ir::Callee::Direct(name), .. } = &func.insts[inst] {
                        address_taken.insert(name.clone());
                    }
                }
            }
        }
        TraceContext { traced, address_taken }
    }

    /// True when code that writes no trace may call `func`.
    fn announces(&self, func: &Function) -> bool {
        func.linkage != crate::ir::Linkage::Local || self.address_taken.contains(&func.name)
    }
}

/// The first function that `func` calls, other than `setjmp` with its
/// result ([`is_setjmp`]), that may return twice.
fn calls_other_returns_twice(func: &Function) -> Option<&str> {
    if !func.calls_returns_twice {
        return None;
    }
    func.layout.iter().flat_map(|&b| &func.blocks[b].insts).find_map(|&inst| match &func.insts[inst] {
        data @ InstData::Call { callee: Callee::Direct(name), .. }
            if OTHER_RETURNS_TWICE.contains(&name.as_str()) || (SETJMP.contains(&name.as_str()) && !is_setjmp(data)) =>
        {
            Some(name.as_str())
        }
        _ => None,
    })
}

/// Instruments one function, whose counts the profile stores under
/// `name`, and returns its statistics, CFG checksum, descriptor bytes,
/// record flags and the kinds of its value sites.
fn instrument_function(
    func: &mut Function,
    name: &str,
    noreturn: &NoReturn,
    options: &InstrumentOptions,
    context: &TraceContext,
    warnings: &mut Vec<String>,
) -> (FunctionStats, u64, Vec<u8>, u64, Vec<ValueKind>) {
    let view = FlowView::of(func, noreturn);
    let FlowView { cfg, shape, calls, graph } = &view;
    let checksum = cfg_checksum_of(cfg);
    // Like the checksum, the block hashes are of the IR before
    // instrumentation, which `-fprofile-use` sees at the same point of the
    // pipeline (`pgo::stale`).
    let block_hashes = block_hashes(func, cfg);
    let source_lines = crate::profile::SourceLines::of(func, cfg);
    // Traces and samples have no counters for values to join.
    let value_sites = match options.values {
        Some(_) if !options.strategy.traces() && options.strategy != Strategy::Sample => crate::profile::value_sites::value_sites(func, cfg),
        _ => Vec::new(),
    };

    let (weights, weights_from_profile) = match options.strategy {
        Strategy::Naive | Strategy::Sample => (Vec::new(), false),
        Strategy::Ks | Strategy::Sese | Strategy::Path | Strategy::Vertex | Strategy::Trace | Strategy::TraceNaive | Strategy::Tpp => match options
            .weights
            .map(|p| profile_weights(name, checksum, shape, graph, p))
        {
            Some(Ok((w, _))) => (w, true),
            Some(Err(warning)) => {
                warnings.push(warning);
                (weights::heuristic_weights(shape, graph), false)
            }
            None => (weights::heuristic_weights(shape, graph), false),
        },
    };
    let symbol = records::counters_symbol(&func.name);
    let counters = CounterArray { symbol: &symbol, update: options.update };
    let mut stats = FunctionStats {
        name: func.name.clone(),
        blocks: cfg.num_blocks(),
        edges: cfg.num_edges(),
        call_sites: calls.len(),
        profile_weights: weights_from_profile,
        ..FunctionStats::default()
    };
    let mut sampling = crate::profile::Sampling::default();
    let mut tracing = crate::profile::Tracing::default();
    let mut targeted = crate::profile::TargetedProfile::default();
    let mut scaled = Vec::new();
    let (counters, flags) = if options.strategy.traces() {
        let record = records::record_symbol(&func.name);
        let every_predicate = options.strategy == Strategy::TraceNaive;
        let traced_callee = |callee: &str| context.traced.get(callee).cloned();
        let done = trace::instrument(func, &view, &weights, every_predicate, context.announces(func), traced_callee, &record);
        stats.counters = done.witnessed.len();
        stats.split_edges = done.split_edges;
        tracing = done.tracing;
        // The record has no counters: witnesses go to the trace.
        (done.witnessed.iter().map(|&e| graph.edge(e).kind).collect(), 0)
    } else if options.strategy == Strategy::Sample {
        // No counter updates: the runtime's sampler fills the counters.
        sampling = sample::sampling(func, cfg);
        stats.counters = sampling.blocks.len();
        (Vec::new(), nissecc_profile_format::abi::FLAG_SAMPLED)
    } else if options.strategy == Strategy::Tpp {
        targeted.cold_ppm = options.tpp_cold_ppm;
        targeted.loop_trip_milli = options.tpp_loop_trip_milli;
        // The warning for a function the training profile lacks was given
        // with the weights: it is profiled as Ball–Larus profiles it.
        if let Some(Ok((_, flow))) = options.weights.map(|p| profile_weights(name, checksum, shape, graph, p)) {
            targeted.flow = flow;
        }
        let done = tpp::instrument(func, cfg, shape, graph, calls, &weights, &targeted, options.path_array_threshold, counters);
        targeted.cold_slots = done.cold_slots;
        stats.counters = done.counters;
        stats.split_edges = done.split_edges;
        stats.paths = done.paths;
        stats.hashed_paths = done.hashed;
        stats.tpp = Some(stats::TppStats {
            ball_larus_paths: done.ball_larus_paths,
            counted_ends: done.counted_ends,
            obvious_ends: done.obvious_ends,
            disconnected_loops: done.disconnected_loops,
        });
        (Vec::new(), done.flags)
    } else if options.strategy == Strategy::Path {
        let done = path::instrument(func, cfg, shape, graph, calls, &weights, options.path_array_threshold, counters);
        stats.counters = done.counters;
        stats.split_edges = done.split_edges;
        stats.paths = done.paths;
        stats.hashed_paths = done.hashed;
        stats.truncations = done.truncations;
        (Vec::new(), done.flags)
    } else {
        let (counted, scaled_counters) = instrument_edges(func, &view, options.strategy, &weights, weights_from_profile, counters, &mut stats);
        scaled = scaled_counters;
        if options.promote {
            stats.promoted = promotion::promote_counters(func, counters, noreturn);
            if stats.promoted > 0 {
                crate::transform::mem2reg::mem2reg(func);
            }
        }
        (counted.iter().map(|&e| graph.edge(e).kind).collect(), 0)
    };
    let mut flags = flags;
    if let Some(mode) = options.values.filter(|_| !value_sites.is_empty()) {
        let insts: Vec<Inst> = value_sites.iter().map(|&(inst, _)| inst).collect();
        values::instrument(func, &insts, mode, options.update);
        stats.value_sites = value_sites.len();
        flags |= mode.record_flag();
    }
    let value_kinds = value_sites.iter().map(|(_, site)| site.kind).collect();
    let descriptor = CfgDescriptor {
        value_sites: value_sites.into_iter().map(|(_, site)| site).collect(),
        weights_from_profile,
        block_hashes,
        sampling,
        source_lines,
        tracing,
        targeted,
        scaled,
        ..CfgDescriptor::new(options.strategy, view.shape, counters)
    };
    (stats, checksum, descriptor.encode(), flags, value_kinds)
}

/// Plans and inserts the edge counters of the naive, ks and sese
/// strategies (steps 3, 4 and 6 of the module comment), filling in
/// `stats`, and returns the counted flow edges in counter order and the
/// scaled counters, as (counter, divisor) in counter order (see the CFG
/// descriptor).
fn instrument_edges(
    func: &mut Function,
    view: &FlowView,
    strategy: Strategy,
    weights: &[Weight],
    weights_from_profile: bool,
    counters: CounterArray,
    stats: &mut FunctionStats,
) -> (Vec<u32>, Vec<(u32, u64)>) {
    let FlowView { cfg, shape, calls, graph } = view;
    let loops = LoopForest::compute(cfg);
    let (selection, sese_found) = match strategy {
        // Loop variables live in registers, which a `longjmp` restores to
        // their values at the `setjmp`: in a function that calls it, every
        // counter stays in memory.
        Strategy::Sese if !func.calls_returns_twice => {
            let (detection, selection) = sese::find(func, cfg, shape, calls, graph, &loops, weights, weights_from_profile);
            (selection, detection.counters.len())
        }
        _ => (sese::Selection::default(), 0),
    };
    let replaced: Vec<u32> = selection.used.iter().map(|u| u.flow_edge).collect();
    let mut plan_weights = weights.to_vec();
    for (e, copies) in sese::select::join_exits(graph, &selection, weights) {
        plan_weights[e as usize].primary += copies;
    }
    let counted = plan::plan(graph, strategy, &plan_weights, &replaced);
    let ks_counters = match strategy {
        Strategy::Sese | Strategy::Vertex => plan::plan(graph, Strategy::Ks, weights, &[]).len(),
        _ => counted.len(),
    };
    let counter_of = |flow_edge: u32| counted.iter().position(|&e| e == flow_edge).expect("a replaced edge is a chord");
    let filled: Vec<usize> = replaced.iter().map(|&e| counter_of(e)).collect();
    let mut splits = placement::EdgeSplits::default();
    // The naive strategy, the oracle's reference, keeps the textbook
    // placement (see `placement`'s header starts).
    let site_weights = (strategy != Strategy::Naive).then_some(plan_weights.as_slice());
    placement::insert_counters(func, cfg, graph, calls, &counted, site_weights, |i| filled.contains(&i), counters, &mut splits);
    let mut scaled = Vec::new();
    for used in &selection.used {
        let counter = counter_of(used.flow_edge);
        if let Some(divisor) = sese::rewrite::insert_sese_counter(func, cfg, used, counter, counters, &mut splits) {
            scaled.push((counter as u32, divisor));
        }
    }
    scaled.sort_unstable();
    let memory_counters = counted.len() - filled.len();
    stats.counters = counted.len();
    stats.split_edges = splits.len();
    stats.loops = loops.num_loops();
    stats.sese_found = sese_found;
    stats.sese_used = selection.used.len();
    stats.ks_replaced = ks_counters.saturating_sub(memory_counters);
    (counted, scaled)
}

/// A function's CFG before instrumentation, with its calls that may not
/// return (in the shape's call-site order) and the flow graph they give.
pub struct FlowView {
    pub cfg: Cfg,
    pub shape: FunctionShape,
    pub calls: Vec<Inst>,
    pub graph: FlowGraph,
}

impl FlowView {
    pub fn of(func: &Function, noreturn: &NoReturn) -> FlowView {
        let cfg = Cfg::compute(func);
        let shape = FunctionShape::of(func, &cfg, |data| call_exit(noreturn, func, data));
        let calls = shape.call_sites.iter().map(|site| func.blocks[cfg.blocks()[site.block as usize]].insts[site.inst as usize]).collect();
        let graph = FlowGraph::new(&shape);
        FlowView { cfg, shape, calls, graph }
    }
}

/// What the instruction `data` of `func` may do instead of returning, if
/// it is a call that the shape lists (`FunctionShape::call_sites`).
pub fn call_exit(noreturn: &NoReturn, func: &Function, data: &InstData) -> Option<CallExit> {
    match noreturn.call(func, data) {
        _ if is_setjmp(data) => Some(CallExit::ReturnsTwice),
        Some(ReturnBehaviour::MayNotReturn) => Some(CallExit::MayNotReturn),
        Some(ReturnBehaviour::NeverReturns) => Some(CallExit::NeverReturns),
        _ => None,
    }
}

/// Whether `data` calls `setjmp` or its kin directly, with the result
/// that tells a second return from the first. A program that declares
/// its own `void setjmp(…)` calls something that GCC, going by the name,
/// also takes to return twice, but nothing tells the returns apart: such
/// a call is one of [`calls_other_returns_twice`]'s.
fn is_setjmp(data: &InstData) -> bool {
    matches!(data, InstData::Call { callee: Callee::Direct(name), sig, .. } if SETJMP.contains(&name.as_str()) && sig.ret.is_some())
}

/// The weights that `profile`'s counts for the function `name` give, with
/// the counts themselves by flow edge of `graph` (empty when the profiled
/// shape differs), or a warning saying why they cannot be used.
fn profile_weights(name: &str, checksum: u64, shape: &FunctionShape, graph: &FlowGraph, profile: &Profile) -> Result<(Vec<Weight>, Vec<u64>), String> {
    let Some(old) = profile.function(name) else {
        return Err(format!("warning: the weight profile has no counts for `{name}`; using the static heuristic"));
    };
    if old.checksum != checksum {
        return Err(format!(
            "warning: the weight profile of `{name}` is stale (CFG checksum {:#018x}, now {checksum:#018x}); using the static heuristic",
            old.checksum
        ));
    }
    let unusable = |e: String| format!("warning: the weight profile of `{name}` is unusable ({e}); using the static heuristic");
    let desc = CfgDescriptor::decode(&old.descriptor).map_err(unusable)?;
    let old_graph = FlowGraph::new(&desc.shape);
    let flow = path::derive::measured_flow(&desc, &old_graph, old).map_err(unusable)?;
    let weights = weights::profile_weights(shape, graph, &desc, &flow);
    let same_graph = desc.shape == *shape && old_graph.edges() == graph.edges();
    Ok((weights, if same_graph { flow } else { Vec::new() }))
}
