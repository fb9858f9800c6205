//! The CFG descriptor: the bytes an instrumented function carries for the
//! runtime to copy into the profile next to its counters, so that
//! `nissecc-profdata` can turn raw counters into every block and edge
//! count without the source (Ball & Larus, "Optimally Profiling and
//! Tracing Programs", TOPLAS 1994, §3.2: counters on the chords of a
//! spanning tree determine all edge counts, given the graph).
//!
//! A descriptor holds the function's [`FunctionShape`] before
//! instrumentation, the strategy that placed the counters, and for each
//! counter the flow-graph edge it counts (see `flow_graph.rs`). The plan
//! itself is stored rather than recomputed, because a plan driven by an
//! earlier profile cannot be recomputed from the new one.
//!
//! Encoding (version 1). Integers are unsigned LEB128 unless marked `u8`:
//!
//! ```text
//! magic "NCFG", version u8, strategy u8 (0 naive, 1 ks, 3 path), flags u8
//!     (bit 0: weights came from a profile)
//! num_blocks, then num_blocks source lines (0 when unknown)
//! num_edges, then (from, to) per edge, in edge order
//! num_returns, then the returning blocks in increasing order
//! num_call_sites, then per call site: block, instruction index,
//!     kind u8 (0 may not return, 1 never returns, 2 returns twice:
//!     `setjmp`), callee name length,
//!     callee name bytes (empty for an indirect call)
//! num_counters, then per counter: kind u8 (0 CFG edge, 1 return,
//!     2 continuation, 4 entry, 5 re-entry after `setjmp`), index (edge,
//!     block or call site; 0 for entry)
//! for the strategy `sample` (4) only: the period, then num_sampled,
//!     then per sampled block: block, size
//! for the strategy `tpp` (8) only: the cold threshold (parts per
//!     million), the loop disconnection threshold (thousandths), the
//!     number of cold slots, num_flow, then num_flow training counts
//!     (one per flow edge, or none)
//! with flag bit 2 only: num_blocks block hashes
//! with flag bit 3 only: the source file's name length, its bytes, then
//!     per block: num_lines, then its lines
//! with flag bit 4 only: num_value_sites, then per site: block,
//!     instruction index, kind u8 (0 divisor, 1 switch operand, 2 call
//!     target)
//! with flag bit 5 only: num_scaled, then per scaled counter, in
//!     increasing counter order: counter index, divisor (at least 2)
//! ```
//!
//! A *scaled* counter (flag bit 5) holds its edge's count times its
//! divisor: a SESE counter whose variable steps by more than one adds the
//! variable's values at loop entry and exit and leaves the division to
//! reconstruction (`instrument::sese::rewrite`). Reconstruction divides
//! it, and a value that the divisor does not divide is inconsistent.
//!
//! Flag bit 1 marks counts that profile inference produced rather than
//! measured (`profile::infer`); they are stored as a naive profile, a
//! count per countable edge, and reconstruct like one.
//!
//! A *sample* profile (He et al., "Profile Inference Revisited", POPL
//! 2022, §2.2) holds weights, not counts: its values are first one sample
//! count per sampled block, in the order listed, then one per counter,
//! each the sampled count of a countable flow edge (a CFG edge, a return,
//! a continuation, the entry). A block or edge not listed has
//! no weight (it is *dangling*). A block's weight is its samples times
//! the period divided by its size (the instructions a sample can land on:
//! 1 for simulated sampling), so that weights estimate execution counts.
//! A listed block of size 0 has no code a sample could land on (the
//! backend found none for it): it is dangling, whatever its count says.
//! Reading a sample profile infers its counts.
//!
//! The block hashes (flag bit 2) let a function whose CFG has changed
//! since it was profiled keep the counts of the blocks that still match
//! (`pgo::stale`).
//!
//! The source lines (flag bit 3) list every line with code in each block
//! and the file they are in (`source_lines.rs`), for coverage listings;
//! `block_lines` keeps only the line where a block's first statement
//! starts. A reader older than the flag rejects such a descriptor by its
//! unknown flag rather than misreading it.
//!
//! Decoding checks everything that later code relies on and reports the
//! first problem with its byte offset; it never panics.

use nissecc_profile_format::leb128::put;
use super::flow_graph::{FlowEdgeKind, FlowGraph, Measure};
use super::shape::{CallExit, CallSite, FunctionShape};
use super::source_lines::SourceLines;
use super::value_sites::{ValueKind, ValueSite};
use std::fmt;

/// The first bytes of every descriptor.
pub const DESCRIPTOR_MAGIC: &[u8; 4] = b"NCFG";
/// The encoding version this code writes and reads.
pub const DESCRIPTOR_VERSION: u8 = 1;

/// How counters were placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// A counter on every countable edge: the ground truth.
    Naive,
    /// Counters on the chords of a maximum spanning tree (Knuth and
    /// Stevenson; Ball & Larus §3.2).
    Ks,
    /// Knuth–Stevenson, with loop variables replacing the counters they
    /// can (Frenot and Pereira, CC 2024).
    Sese,
    /// Ball–Larus path profiling: one count per executed acyclic path
    /// (see `instrument/path`); the descriptor places no edge counters.
    Path,
    /// Sampled weights of blocks and edges, from which inference
    /// (`profile::infer`) derives counts; not an instrumentation strategy.
    Sample,
    /// Block counts only: the Knuth–Stevenson chords less those whose
    /// cycles the block counts do not need (Ball & Larus §3.3.3; see
    /// `instrument::vertex`). Edge counts are not determined.
    Vertex,
    /// Tracing (Ball & Larus §4): witnesses on a set of edges with the
    /// blocking property that solves Trace(E_wit), written to a trace file
    /// from which `nissecc-profdata trace` regenerates the execution (see
    /// `instrument::trace`). The profile holds no counts.
    Trace,
    /// Tracing with a witness on every edge out of a block with several
    /// successors: the reference the optimal placement is checked against.
    TraceNaive,
    /// Targeted path profiling (Joshi, Bond & Zilles): Ball–Larus paths of
    /// the hot part of the graph that a training edge profile shows, with
    /// one cold slot, and no counts where the paths are obvious from that
    /// profile (see `instrument::tpp`). The descriptor stores the training
    /// counts.
    Tpp,
}

impl Strategy {
    /// Every strategy the compiler implements, naive (the ground truth)
    /// first; `nissecc --print-profile-strategies` prints these names, and
    /// `nissecc-bench` discovers its columns from that list.
    pub const ALL: &'static [Strategy] = &[Strategy::Naive, Strategy::Ks, Strategy::Sese, Strategy::Path, Strategy::Vertex];

    /// The tracing strategies, which `-fprofile-instr` accepts besides
    /// [`Strategy::ALL`]; their builds write traces, not counts.
    pub const TRACING: &'static [Strategy] = &[Strategy::Trace, Strategy::TraceNaive];

    /// True for the strategies that write a trace.
    pub fn traces(self) -> bool {
        Strategy::TRACING.contains(&self)
    }

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::Ks => "ks",
            Strategy::Sese => "sese",
            Strategy::Path => "path",
            Strategy::Sample => "sample",
            Strategy::Vertex => "vertex",
            Strategy::Trace => "trace",
            Strategy::TraceNaive => "trace-naive",
            Strategy::Tpp => "tpp",
        }
    }

    pub fn from_name(name: &str) -> Option<Strategy> {
        match name {
            "naive" => Some(Strategy::Naive),
            "ks" => Some(Strategy::Ks),
            "sese" => Some(Strategy::Sese),
            "path" => Some(Strategy::Path),
            "sample" => Some(Strategy::Sample),
            "vertex" => Some(Strategy::Vertex),
            "trace" => Some(Strategy::Trace),
            "trace-naive" => Some(Strategy::TraceNaive),
            "tpp" => Some(Strategy::Tpp),
            _ => None,
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decoded descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CfgDescriptor {
    pub strategy: Strategy,
    /// True when the spanning tree was weighted by an earlier profile
    /// rather than by the static heuristic.
    pub weights_from_profile: bool,
    pub shape: FunctionShape,
    /// The flow-graph edge that each counter counts, in counter order.
    pub counters: Vec<FlowEdgeKind>,
    /// True when inference produced the counts (a naive profile).
    pub inferred: bool,
    /// The sampled blocks of a sample profile; empty otherwise.
    pub sampling: Sampling,
    /// A hash per block of its instructions and neighbours, for matching
    /// a stale profile; empty when the descriptor has none. Each blends a
    /// loose and a strict hash into one `u64` (`profile::block_hash`).
    pub block_hashes: Vec<u64>,
    /// The source lines of every block, when the compiler knew them.
    pub source_lines: Option<SourceLines>,
    /// What regenerating a trace needs besides the witnessed edges (which
    /// are `counters`: witness `i` is written when edge `counters[i]`
    /// runs); empty unless the strategy traces.
    pub tracing: Tracing,
    /// What a TPP profile was planned from; empty for other strategies.
    pub targeted: TargetedProfile,
    /// The value sites, in site order, when the function's values were
    /// profiled (`-fprofile-values`); empty otherwise.
    pub value_sites: Vec<ValueSite>,
    /// The scaled counters (module comment), as (counter index, divisor)
    /// in increasing counter order.
    pub scaled: Vec<(u32, u64)>,
}

/// What targeted path profiling planned a function's paths from: the
/// training edge profile and the thresholds (`instrument::tpp`), from
/// which a reader rebuilds the same hot graph and derived paths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TargetedProfile {
    /// `-ftpp-cold`, in parts per million of the source's count.
    pub cold_ppm: u32,
    /// `-ftpp-loop-disconnect`, in thousandths of a trip count.
    pub loop_trip_milli: u64,
    /// The training count of every flow edge, in flow-edge order; empty
    /// when the training profile lacked the function.
    pub flow: Vec<u64>,
    /// How many path numbers from the number of hot paths on count cold
    /// paths (at least 1); set by instrumentation.
    pub cold_slots: u64,
}

/// The calls of a traced function that write to the trace, and whether
/// the function announces itself (`instrument::trace`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracing {
    /// True when the function writes an ENTER token at its start, because
    /// code that writes no trace may call it (it is visible to other
    /// objects, or its address is taken).
    pub announces: bool,
    /// Every call that writes to the trace, in block and then instruction
    /// order.
    pub calls: Vec<TracedCall>,
}

/// A call of a traced function that writes to the trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedCall {
    pub block: u32,
    /// The call's index in its block, before instrumentation.
    pub inst: u32,
    /// The profile name of a traced function of the same module that the
    /// call calls directly, whose witnesses follow in the trace; `None` for
    /// any other call (through a pointer, or to code that writes no trace
    /// but may call traced functions back), which writes RESUME when it
    /// returns.
    pub callee: Option<String>,
}

/// What the values of a sample profile weigh.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sampling {
    /// Executions that one sample stands for (the inverse of the rate).
    pub period: u64,
    /// `(block, size)` for every block with a weight, in value order.
    pub blocks: Vec<(u32, u32)>,
}

impl CfgDescriptor {
    /// A descriptor of `shape` with the counters of `strategy` and none of
    /// the optional parts.
    pub fn new(strategy: Strategy, shape: FunctionShape, counters: Vec<FlowEdgeKind>) -> CfgDescriptor {
        CfgDescriptor {
            strategy,
            weights_from_profile: false,
            shape,
            counters,
            inferred: false,
            sampling: Sampling::default(),
            block_hashes: Vec::new(),
            tracing: Tracing::default(),
            targeted: TargetedProfile::default(),
            value_sites: Vec::new(),
            source_lines: None,
            scaled: Vec::new(),
        }
    }

    /// The count that counter `index` holds as `value`: `value` itself, or
    /// for a scaled counter the quotient by its divisor. A value the
    /// divisor does not divide is an inconsistency, as a break of flow
    /// conservation is: threads updating a scaled counter at once under
    /// `-fprofile-update=single` lose some of its additions.
    pub fn counter_count(&self, index: usize, value: u64) -> Result<u64, String> {
        match self.scaled.iter().find(|&&(i, _)| i as usize == index) {
            None => Ok(value),
            Some(&(_, divisor)) if value % divisor == 0 => Ok(value / divisor),
            Some(&(_, divisor)) => Err(format!(
                "{}: counter {index} holds {value}, which its divisor {divisor} does not divide",
                super::reconstruct::INCONSISTENT
            )),
        }
    }
}

const FLAG_PROFILE_WEIGHTS: u8 = 1;
const FLAG_INFERRED: u8 = 2;
const FLAG_BLOCK_HASHES: u8 = 4;
const FLAG_SOURCE_LINES: u8 = 8;
const FLAG_VALUE_SITES: u8 = 16;
const FLAG_SCALED: u8 = 32;
const KNOWN_FLAGS: u8 = FLAG_PROFILE_WEIGHTS | FLAG_INFERRED | FLAG_BLOCK_HASHES | FLAG_SOURCE_LINES | FLAG_VALUE_SITES | FLAG_SCALED;
const STRATEGY_SAMPLE: u8 = 4;
/// The strategy byte of a path profile. It is 3, not 2, so that the value
/// 2 stays free for the SESE strategy developed on another branch.
const STRATEGY_PATH: u8 = 3;
const STRATEGY_VERTEX: u8 = 5;
const STRATEGY_TRACE: u8 = 6;
const STRATEGY_TRACE_NAIVE: u8 = 7;
const STRATEGY_TPP: u8 = 8;

impl CfgDescriptor {
    /// The bytes of the descriptor.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(DESCRIPTOR_MAGIC);
        out.push(DESCRIPTOR_VERSION);
        out.push(match self.strategy {
            Strategy::Naive => 0,
            Strategy::Ks => 1,
            Strategy::Sese => 2,
            Strategy::Path => STRATEGY_PATH,
            Strategy::Sample => STRATEGY_SAMPLE,
            Strategy::Vertex => STRATEGY_VERTEX,
            Strategy::Trace => STRATEGY_TRACE,
            Strategy::TraceNaive => STRATEGY_TRACE_NAIVE,
            Strategy::Tpp => STRATEGY_TPP,
        });
        let mut flags = 0;
        for (set, flag) in [
            (self.weights_from_profile, FLAG_PROFILE_WEIGHTS),
            (self.inferred, FLAG_INFERRED),
            (!self.block_hashes.is_empty(), FLAG_BLOCK_HASHES),
            (self.source_lines.is_some(), FLAG_SOURCE_LINES),
            (!self.value_sites.is_empty(), FLAG_VALUE_SITES),
            (!self.scaled.is_empty(), FLAG_SCALED),
        ] {
            if set {
                flags |= flag;
            }
        }
        out.push(flags);
        let shape = &self.shape;
        put(&mut out, shape.block_lines.len() as u64);
        for &line in &shape.block_lines {
            put(&mut out, line.into());
        }
        put(&mut out, shape.edges.len() as u64);
        for &(from, to) in &shape.edges {
            put(&mut out, from.into());
            put(&mut out, to.into());
        }
        put(&mut out, shape.returns.len() as u64);
        for &b in &shape.returns {
            put(&mut out, b.into());
        }
        put(&mut out, shape.call_sites.len() as u64);
        for site in &shape.call_sites {
            put(&mut out, site.block.into());
            put(&mut out, site.inst.into());
            out.push(match site.exit {
                CallExit::MayNotReturn => 0,
                CallExit::NeverReturns => 1,
                CallExit::ReturnsTwice => 2,
            });
            put(&mut out, site.callee.len() as u64);
            out.extend_from_slice(site.callee.as_bytes());
        }
        put(&mut out, self.counters.len() as u64);
        for &kind in &self.counters {
            let (tag, index) = match kind {
                FlowEdgeKind::Cfg(i) => (0, i),
                FlowEdgeKind::Return(b) => (1, b),
                FlowEdgeKind::Continuation(i) => (2, i),
                FlowEdgeKind::EarlyExit(i) => (3, i),
                FlowEdgeKind::Entry => (4, 0),
                FlowEdgeKind::ReEntry(i) => (5, i),
            };
            out.push(tag);
            put(&mut out, index.into());
        }
        if self.strategy == Strategy::Sample {
            put(&mut out, self.sampling.period);
            put(&mut out, self.sampling.blocks.len() as u64);
            for &(block, size) in &self.sampling.blocks {
                put(&mut out, block.into());
                put(&mut out, size.into());
            }
        }
        if self.strategy.traces() {
            out.push(u8::from(self.tracing.announces));
            put(&mut out, self.tracing.calls.len() as u64);
            for call in &self.tracing.calls {
                put(&mut out, call.block.into());
                put(&mut out, call.inst.into());
                match &call.callee {
                    Some(name) => {
                        out.push(1);
                        put(&mut out, name.len() as u64);
                        out.extend_from_slice(name.as_bytes());
                    }
                    None => out.push(0),
                }
            }
        }
        if self.strategy == Strategy::Tpp {
            put(&mut out, self.targeted.cold_ppm.into());
            put(&mut out, self.targeted.loop_trip_milli);
            put(&mut out, self.targeted.cold_slots);
            put(&mut out, self.targeted.flow.len() as u64);
            for &count in &self.targeted.flow {
                put(&mut out, count);
            }
        }
        for &hash in &self.block_hashes {
            put(&mut out, hash);
        }
        if let Some(source) = &self.source_lines {
            put(&mut out, source.file.len() as u64);
            out.extend_from_slice(source.file.as_bytes());
            for lines in &source.blocks {
                put(&mut out, lines.len() as u64);
                for &line in lines {
                    put(&mut out, line.into());
                }
            }
        }
        if !self.value_sites.is_empty() {
            put(&mut out, self.value_sites.len() as u64);
            for site in &self.value_sites {
                put(&mut out, site.block.into());
                put(&mut out, site.inst.into());
                out.push(match site.kind {
                    ValueKind::Divisor => 0,
                    ValueKind::SwitchOperand => 1,
                    ValueKind::CallTarget => 2,
                });
            }
        }
        if !self.scaled.is_empty() {
            put(&mut out, self.scaled.len() as u64);
            for &(counter, divisor) in &self.scaled {
                put(&mut out, counter.into());
                put(&mut out, divisor);
            }
        }
        out
    }

    /// Decodes and checks a descriptor.
    pub fn decode(bytes: &[u8]) -> Result<CfgDescriptor, String> {
        let mut r = Reader { bytes, offset: 0 };
        if bytes.len() < DESCRIPTOR_MAGIC.len() || &bytes[..DESCRIPTOR_MAGIC.len()] != DESCRIPTOR_MAGIC {
            return Err("not a CFG descriptor: the magic bytes `NCFG` are missing".into());
        }
        r.offset = DESCRIPTOR_MAGIC.len();
        let version = r.byte("the version")?;
        if version != DESCRIPTOR_VERSION {
            return Err(format!("CFG descriptor version {version} is not supported (expected {DESCRIPTOR_VERSION})"));
        }
        let strategy = match r.byte("the strategy")? {
            0 => Strategy::Naive,
            1 => Strategy::Ks,
            2 => Strategy::Sese,
            STRATEGY_PATH => Strategy::Path,
            STRATEGY_SAMPLE => Strategy::Sample,
            STRATEGY_VERTEX => Strategy::Vertex,
            STRATEGY_TRACE => Strategy::Trace,
            STRATEGY_TRACE_NAIVE => Strategy::TraceNaive,
            STRATEGY_TPP => Strategy::Tpp,
            other => return Err(r.error(format!("unknown strategy {other}"))),
        };
        let flags = r.byte("the flags")?;
        if flags & !KNOWN_FLAGS != 0 {
            return Err(r.error(format!("unknown flags {flags:#x}")));
        }

        let mut shape = FunctionShape::default();
        let num_blocks = r.count("the number of blocks")?;
        for _ in 0..num_blocks {
            shape.block_lines.push(r.u32("a block's line")?);
        }
        let num_edges = r.count("the number of edges")?;
        for _ in 0..num_edges {
            shape.edges.push((r.u32("an edge's source")?, r.u32("an edge's target")?));
        }
        let num_returns = r.count("the number of returns")?;
        for _ in 0..num_returns {
            shape.returns.push(r.u32("a returning block")?);
        }
        let num_sites = r.count("the number of call sites")?;
        for _ in 0..num_sites {
            let block = r.u32("a call site's block")?;
            let inst = r.u32("a call site's instruction")?;
            let exit = match r.byte("a call site's kind")? {
                0 => CallExit::MayNotReturn,
                1 => CallExit::NeverReturns,
                2 => CallExit::ReturnsTwice,
                other => return Err(r.error(format!("unknown call-site kind {other}"))),
            };
            let len = r.count("a callee name's length")?;
            let name = r.take(len, "a callee name")?;
            let callee = String::from_utf8(name.to_vec()).map_err(|_| r.error("a callee name is not UTF-8".into()))?;
            shape.call_sites.push(CallSite { block, inst, exit, callee });
        }
        let num_counters = r.count("the number of counters")?;
        let mut counters = Vec::new();
        for _ in 0..num_counters {
            let tag = r.byte("a counter's kind")?;
            let index = r.u32("a counter's edge")?;
            counters.push(match tag {
                0 => FlowEdgeKind::Cfg(index),
                1 => FlowEdgeKind::Return(index),
                2 => FlowEdgeKind::Continuation(index),
                3 => FlowEdgeKind::EarlyExit(index),
                4 => FlowEdgeKind::Entry,
                5 => FlowEdgeKind::ReEntry(index),
                other => return Err(r.error(format!("unknown counter kind {other}"))),
            });
        }
        let mut sampling = Sampling::default();
        if strategy == Strategy::Sample {
            sampling.period = r.leb128("the sampling period")?;
            let num_sampled = r.count("the number of sampled blocks")?;
            for _ in 0..num_sampled {
                sampling.blocks.push((r.u32("a sampled block")?, r.u32("a sampled block's size")?));
            }
        }
        let mut tracing = Tracing::default();
        if strategy.traces() {
            tracing.announces = match r.byte("whether the function announces itself")? {
                0 => false,
                1 => true,
                other => return Err(r.error(format!("bad announcement flag {other}"))),
            };
            let num_calls = r.count("the number of traced calls")?;
            for _ in 0..num_calls {
                let block = r.u32("a traced call's block")?;
                let inst = r.u32("a traced call's position")?;
                let callee = match r.byte("a traced call's kind")? {
                    0 => None,
                    1 => {
                        let len = r.count("a callee's name length")?;
                        let name = r.take(len, "a callee's name")?;
                        Some(String::from_utf8(name.to_vec()).map_err(|_| r.error("a callee's name is not UTF-8".into()))?)
                    }
                    other => return Err(r.error(format!("bad traced call kind {other}"))),
                };
                if block as usize >= shape.block_lines.len() {
                    return Err(r.error(format!("a traced call in block {block}, outside the function")));
                }
                tracing.calls.push(TracedCall { block, inst, callee });
            }
        }
        let mut targeted = TargetedProfile::default();
        if strategy == Strategy::Tpp {
            targeted.cold_ppm = r.u32("the cold threshold")?;
            targeted.loop_trip_milli = r.leb128("the loop disconnection threshold")?;
            targeted.cold_slots = r.leb128("the number of cold slots")?;
            let num_flow = r.count("the number of training counts")?;
            for _ in 0..num_flow {
                targeted.flow.push(r.leb128("a training count")?);
            }
        }
        let mut block_hashes = Vec::new();
        if flags & FLAG_BLOCK_HASHES != 0 {
            for _ in 0..shape.block_lines.len() {
                block_hashes.push(r.leb128("a block hash")?);
            }
        }
        let mut source_lines = None;
        if flags & FLAG_SOURCE_LINES != 0 {
            let len = r.count("the source file name's length")?;
            let name = r.take(len, "the source file name")?;
            let file = String::from_utf8(name.to_vec()).map_err(|_| r.error("the source file name is not UTF-8".into()))?;
            let mut blocks = Vec::with_capacity(shape.block_lines.len());
            for _ in 0..shape.block_lines.len() {
                let num_lines = r.count("a block's number of source lines")?;
                blocks.push((0..num_lines).map(|_| r.u32("a block's source line")).collect::<Result<Vec<_>, _>>()?);
            }
            source_lines = Some(SourceLines { file, blocks });
        }
        let mut value_sites = Vec::new();
        if flags & FLAG_VALUE_SITES != 0 {
            let num_sites = r.count("the number of value sites")?;
            for _ in 0..num_sites {
                let block = r.u32("a value site's block")?;
                let inst = r.u32("a value site's instruction")?;
                let kind = match r.byte("a value site's kind")? {
                    0 => ValueKind::Divisor,
                    1 => ValueKind::SwitchOperand,
                    2 => ValueKind::CallTarget,
                    other => return Err(r.error(format!("unknown value-site kind {other}"))),
                };
                if block as usize >= shape.block_lines.len() {
                    return Err(r.error(format!("a value site in block {block} of {}", shape.block_lines.len())));
                }
                value_sites.push(ValueSite { block, inst, kind });
            }
        }
        let mut scaled: Vec<(u32, u64)> = Vec::new();
        if flags & FLAG_SCALED != 0 {
            let num_scaled = r.count("the number of scaled counters")?;
            for _ in 0..num_scaled {
                let counter = r.u32("a scaled counter")?;
                let divisor = r.leb128("a scaled counter's divisor")?;
                if counter as usize >= counters.len() || scaled.last().is_some_and(|&(last, _)| last >= counter) {
                    return Err(r.error(format!("scaled counter {counter} is out of order or not among the {} counters", counters.len())));
                }
                if divisor < 2 {
                    return Err(r.error(format!("scaled counter {counter} has divisor {divisor}")));
                }
                scaled.push((counter, divisor));
            }
        }
        if r.offset != bytes.len() {
            return Err(r.error(format!("{} bytes follow the descriptor", bytes.len() - r.offset)));
        }

        shape.validate().map_err(|e| format!("invalid CFG descriptor: {e}"))?;
        if matches!(strategy, Strategy::Path | Strategy::Tpp) && !counters.is_empty() {
            return Err(format!("invalid CFG descriptor: a {strategy} profile places no edge counters"));
        }
        if strategy == Strategy::Tpp {
            check_targeted(&shape, &targeted)?;
        }
        if strategy == Strategy::Sample {
            check_sampling(&shape, &sampling)?;
        }
        let desc = CfgDescriptor {
            strategy,
            weights_from_profile: flags & FLAG_PROFILE_WEIGHTS != 0,
            shape,
            counters,
            inferred: flags & FLAG_INFERRED != 0,
            sampling,
            block_hashes,
            tracing,
            targeted,
            source_lines,
            value_sites,
            scaled,
        };
        desc.counter_edges(&FlowGraph::new(&desc.shape))?;
        Ok(desc)
    }

    /// The flow-graph edge of each counter, after checking that each counts
    /// a distinct countable edge.
    pub fn counter_edges(&self, graph: &FlowGraph) -> Result<Vec<u32>, String> {
        let mut seen = vec![false; graph.edges().len()];
        let mut edges = Vec::with_capacity(self.counters.len());
        for (i, &kind) in self.counters.iter().enumerate() {
            let e = graph
                .edge_of(kind)
                .ok_or_else(|| format!("invalid CFG descriptor: counter {i} counts {kind:?}, which the function does not have"))?;
            if graph.measure(e) != Measure::Countable {
                return Err(format!("invalid CFG descriptor: counter {i} counts {kind:?}, which cannot be counted"));
            }
            if std::mem::replace(&mut seen[e as usize], true) {
                return Err(format!("invalid CFG descriptor: counter {i} counts {kind:?} a second time"));
            }
            edges.push(e);
        }
        Ok(edges)
    }
}

/// Checks a TPP descriptor's training profile: a count per flow edge (or
/// none), conserved at every vertex, and a cold threshold of at most 100%.
fn check_targeted(shape: &FunctionShape, targeted: &TargetedProfile) -> Result<(), String> {
    if targeted.cold_slots == 0 || targeted.cold_slots > 1 << 20 {
        return Err(format!("invalid CFG descriptor: {} cold slots", targeted.cold_slots));
    }
    if u64::from(targeted.cold_ppm) > 1_000_000 {
        return Err(format!("invalid CFG descriptor: a cold threshold of {} parts per million", targeted.cold_ppm));
    }
    if targeted.flow.is_empty() {
        return Ok(());
    }
    let graph = FlowGraph::new(shape);
    if targeted.flow.len() != graph.edges().len() {
        return Err(format!("invalid CFG descriptor: {} training counts for {} flow edges", targeted.flow.len(), graph.edges().len()));
    }
    let known: Vec<Option<u64>> = targeted.flow.iter().map(|&c| Some(c)).collect();
    super::reconstruct::solve_flow(&graph, &known).map_err(|e| format!("invalid CFG descriptor: the training counts are inconsistent: {e}"))?;
    Ok(())
}

/// Checks what a sample profile weighs: a positive period and distinct
/// blocks of the function. (Its weighed edges are
/// checked as counters are: distinct and countable.)
fn check_sampling(shape: &FunctionShape, sampling: &Sampling) -> Result<(), String> {
    if sampling.period == 0 {
        return Err("invalid CFG descriptor: a sample profile with period 0".into());
    }
    let mut seen = vec![false; shape.block_lines.len()];
    for &(block, _) in &sampling.blocks {
        let slot = seen
            .get_mut(block as usize)
            .ok_or_else(|| format!("invalid CFG descriptor: sampled block {block} is outside the function"))?;
        if std::mem::replace(slot, true) {
            return Err(format!("invalid CFG descriptor: block {block} is sampled twice"));
        }
    }
    Ok(())
}

/// Reads a descriptor front to back.
struct Reader<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Reader<'a> {
    fn error(&self, message: String) -> String {
        format!("invalid CFG descriptor at byte {}: {message}", self.offset)
    }

    fn truncated(&self, what: &str) -> String {
        format!("CFG descriptor truncated at byte {} while reading {what}", self.offset)
    }

    fn byte(&mut self, what: &str) -> Result<u8, String> {
        let b = *self.bytes.get(self.offset).ok_or_else(|| self.truncated(what))?;
        self.offset += 1;
        Ok(b)
    }

    fn leb128(&mut self, what: &str) -> Result<u64, String> {
        use nissecc_profile_format::leb128::{read, ReadError};
        match read(self.bytes, &mut self.offset) {
            Ok(value) => Ok(value),
            Err(ReadError::Truncated { at }) => {
                self.offset = at;
                Err(self.truncated(what))
            }
            Err(ReadError::TooLong) => Err(self.error(format!("{what} does not fit in 64 bits"))),
        }
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        let start = self.offset;
        let value = self.leb128(what)?;
        u32::try_from(value).map_err(|_| {
            self.offset = start;
            self.error(format!("{what} ({value}) does not fit in 32 bits"))
        })
    }

    /// A count of items that follow, each at least one byte long, so a
    /// corrupt count cannot make the decoder allocate more than the input.
    fn count(&mut self, what: &str) -> Result<usize, String> {
        let start = self.offset;
        let value = self.leb128(what)?;
        let left = (self.bytes.len() - self.offset) as u64;
        if value > left {
            self.offset = start;
            return Err(self.truncated(&format!("{what} ({value}, but only {left} bytes follow)")));
        }
        Ok(value as usize)
    }

    fn take(&mut self, len: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self.offset.checked_add(len).filter(|&end| end <= self.bytes.len()).ok_or_else(|| self.truncated(what))?;
        let slice = &self.bytes[self.offset..end];
        self.offset = end;
        Ok(slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> CfgDescriptor {
        CfgDescriptor::new(
            Strategy::Ks,
            FunctionShape {
                block_lines: vec![3, 4, 300],
                edges: vec![(0, 1), (0, 2), (1, 2)],
                returns: vec![2],
                call_sites: vec![CallSite { block: 1, inst: 2, exit: CallExit::MayNotReturn, callee: "work".into() }],
            },
            vec![FlowEdgeKind::Cfg(1), FlowEdgeKind::Continuation(0)],
        )
    }

    #[test]
    fn sample_profiles_inferred_flags_and_block_hashes_round_trip() {
        let mut desc = sample();
        desc.strategy = Strategy::Sample;
        desc.counters = vec![FlowEdgeKind::Cfg(2)];
        desc.sampling = Sampling { period: 100, blocks: vec![(2, 7), (0, 1)] };
        desc.block_hashes = vec![1, u64::MAX, 0];
        let bytes = round_trip_and_truncations(&desc);
        let mut inferred = sample();
        inferred.strategy = Strategy::Naive;
        inferred.inferred = true;
        assert_eq!(CfgDescriptor::decode(&inferred.encode()).unwrap(), inferred);
        let mut twice = desc.clone();
        twice.sampling.blocks.push((2, 1));
        assert!(CfgDescriptor::decode(&twice.encode()).unwrap_err().contains("sampled twice"));
        let mut outside = desc.clone();
        outside.sampling.blocks.push((3, 1));
        assert!(CfgDescriptor::decode(&outside.encode()).unwrap_err().contains("outside"));
        let mut no_period = desc.clone();
        no_period.sampling.period = 0;
        assert!(CfgDescriptor::decode(&no_period.encode()).unwrap_err().contains("period 0"));
        let mut return_weight = desc.clone();
        return_weight.counters.push(FlowEdgeKind::Return(2));
        assert_eq!(CfgDescriptor::decode(&return_weight.encode()).unwrap(), return_weight);
        let mut early_exit_weight = desc;
        early_exit_weight.counters.push(FlowEdgeKind::EarlyExit(0));
        assert!(CfgDescriptor::decode(&early_exit_weight.encode()).unwrap_err().contains("cannot be counted"));
    }

    #[test]
    fn source_lines_round_trip_and_every_truncation_is_an_error() {
        let mut desc = sample();
        desc.source_lines = Some(SourceLines { file: "dir/f.c".into(), blocks: vec![vec![3, 1], vec![], vec![300, 301]] });
        let bytes = desc.encode();
        assert_eq!(bytes[6], FLAG_SOURCE_LINES);
        assert_eq!(CfgDescriptor::decode(&bytes).unwrap(), desc);
        for len in 0..bytes.len() {
            assert!(CfgDescriptor::decode(&bytes[..len]).is_err(), "{len}");
        }
        // Without the flag, the same bytes are a shorter descriptor
        // followed by stray bytes, never source lines read by accident.
        let mut unflagged = bytes.clone();
        unflagged[6] = 0;
        assert!(CfgDescriptor::decode(&unflagged).unwrap_err().contains("bytes follow"));
        let mut unknown = bytes;
        unknown[6] = 0x40;
        assert!(CfgDescriptor::decode(&unknown).unwrap_err().contains("unknown flags 0x40"));
    }

    /// `desc`'s bytes, after checking that they decode to `desc` and that
    /// every truncation of them is an error.
    fn round_trip_and_truncations(desc: &CfgDescriptor) -> Vec<u8> {
        let bytes = desc.encode();
        assert_eq!(&CfgDescriptor::decode(&bytes).unwrap(), desc);
        for len in 0..bytes.len() {
            assert!(CfgDescriptor::decode(&bytes[..len]).is_err(), "{len}");
        }
        bytes
    }

    /// The error of decoding `bytes` with the byte `from_end` bytes before
    /// their end set to `value`.
    fn error_with_byte(bytes: &[u8], from_end: usize, value: u8) -> String {
        let mut changed = bytes.to_vec();
        let at = changed.len() - from_end;
        changed[at] = value;
        CfgDescriptor::decode(&changed).unwrap_err()
    }

    #[test]
    fn scaled_counters_round_trip_divide_and_bad_ones_are_named() {
        let desc = CfgDescriptor { scaled: vec![(1, 4)], ..sample() };
        let bytes = round_trip_and_truncations(&desc);
        assert_eq!(desc.counter_count(0, 7), Ok(7));
        assert_eq!(desc.counter_count(1, 28), Ok(7));
        let error = desc.counter_count(1, 30).unwrap_err();
        assert!(error.contains("divisor 4 does not divide") && error.contains(super::super::reconstruct::INCONSISTENT), "{error}");
        // The last pair: counter 1, divisor 4.
        assert!(error_with_byte(&bytes, 1, 1).contains("divisor 1"));
        assert!(error_with_byte(&bytes, 2, 2).contains("not among the 2 counters"));
    }

    #[test]
    fn value_sites_round_trip_and_bad_ones_are_named() {
        let desc = CfgDescriptor {
            value_sites: vec![
                ValueSite { block: 0, inst: 3, kind: ValueKind::Divisor },
                ValueSite { block: 2, inst: 0, kind: ValueKind::SwitchOperand },
            ],
            ..sample()
        };
        let bytes = round_trip_and_truncations(&desc);
        // The last site: block, instruction, kind.
        assert!(error_with_byte(&bytes, 1, 9).contains("unknown value-site kind 9"));
        assert!(error_with_byte(&bytes, 3, 3).contains("a value site in block 3 of 3"));
    }

    #[test]
    fn round_trips() {
        let desc = sample();
        let bytes = desc.encode();
        assert_eq!(CfgDescriptor::decode(&bytes).unwrap(), desc);
    }

    #[test]
    fn a_setjmp_site_and_its_re_entry_counter_round_trip() {
        let mut desc = sample();
        desc.shape.call_sites.push(CallSite { block: 2, inst: 0, exit: CallExit::ReturnsTwice, callee: "_setjmp".into() });
        desc.counters.push(FlowEdgeKind::ReEntry(1));
        assert_eq!(CfgDescriptor::decode(&desc.encode()).unwrap(), desc);
        // A re-entry counter at a call that is not a setjmp names no edge.
        let mut desc = sample();
        desc.counters.push(FlowEdgeKind::ReEntry(0));
        assert!(CfgDescriptor::decode(&desc.encode()).unwrap_err().contains("does not have"));
    }

    #[test]
    fn every_truncation_is_an_error() {
        let bytes = sample().encode();
        for len in 0..bytes.len() {
            let err = CfgDescriptor::decode(&bytes[..len]).unwrap_err();
            assert!(err.contains("truncated") || err.contains("magic"), "{len}: {err}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(CfgDescriptor::decode(&longer).unwrap_err().contains("1 bytes follow"));
    }

    #[test]
    fn bad_contents_are_named() {
        let mut desc = sample();
        desc.counters.push(FlowEdgeKind::EarlyExit(0));
        assert!(CfgDescriptor::decode(&desc.encode()).unwrap_err().contains("cannot be counted"));
        let mut desc = sample();
        desc.counters.push(FlowEdgeKind::Cfg(1));
        assert!(CfgDescriptor::decode(&desc.encode()).unwrap_err().contains("second time"));
        let mut desc = sample();
        desc.shape.edges.push((2, 7));
        assert!(CfgDescriptor::decode(&desc.encode()).unwrap_err().contains("outside"));
        let mut desc = sample();
        desc.strategy = Strategy::Path;
        assert!(CfgDescriptor::decode(&desc.encode()).unwrap_err().contains("places no edge counters"));
        desc.counters.clear();
        assert_eq!(CfgDescriptor::decode(&desc.encode()).unwrap(), desc);
        let mut bytes = sample().encode();
        bytes[4] = 9;
        assert!(CfgDescriptor::decode(&bytes).unwrap_err().contains("version 9"));
    }
}
