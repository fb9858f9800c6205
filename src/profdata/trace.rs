//! `nissecc-profdata trace FILE.ntrace`: regenerates the execution that a
//! tracing build recorded (`-fprofile-instr=trace`), with the procedure
//! `regenerate` of Ball & Larus, "Optimally Profiling and Tracing
//! Programs", TOPLAS 1994, §4.1 (Figure 14), extended to many procedures
//! as §4.2 says: a stack of active functions, a callee's CFG followed from
//! its entry at a direct call, and the caller resumed when the callee
//! reaches EXIT.
//!
//! At a predicate `p` the next token is a witness, and the successor is
//! the `q` whose witness set `witness(p, q)` holds it: the witnesses that
//! come first on the witness-free paths that begin with `p -> q`. The
//! placement (`instrument::trace::plan`) makes these sets disjoint and,
//! with the blocking property, keeps every call and return off those
//! paths, so whatever a callee writes comes after the witness that led to
//! the call. The tokens that are not witnesses (see
//! `nissecc_profile_format::trace`) start activations that the trace
//! cannot know from the CFG (ENTER), end an opaque call (RESUME), unwind
//! to the `setjmp` where a `longjmp` landed (LANDING), and separate the
//! threads (THREAD), each of which is regenerated on its own.
//!
//! The end of a thread's tokens ends the activations it leaves open,
//! each inside a call that did not return: the early exits of §3.2.
//! `--edge-profile` folds the regenerated blocks and edges into an edge
//! profile, printed as `show --json` prints one, which must equal the
//! naive profile of the same run: the oracle of tracing.

use super::counts::FunctionCounts;
use super::json::to_json;
use nissecc_midend::instrument::trace::plan::{decisions, traversable};
use nissecc_midend::instrument::trace::segment_vertex;
use nissecc_midend::profile::reconstruct::edge_profile;
use nissecc_midend::profile::{decode_descriptor, CfgDescriptor, FlowEdgeKind, FlowGraph, Strategy};
use nissecc_profile_format::trace::{self, ENTER, LANDING, RESUME, THREAD};
use serde_json::json;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// What `trace` prints.
#[derive(Clone, Debug, Default)]
pub struct TraceOptions {
    /// Only the blocks of this function.
    pub function: Option<String>,
    /// At most this many blocks.
    pub limit: Option<usize>,
    pub json: bool,
    /// The edge profile the trace implies instead of the trace.
    pub edge_profile: bool,
}

/// The listing of the trace in `path`.
pub fn trace_file(path: &Path, options: &TraceOptions) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = trace::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let program = Program::new(&file).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut regenerated = Vec::new();
    for (thread, tokens) in threads(&file.tokens).map_err(|e| format!("{}: {e}", path.display()))? {
        let mut run = Regeneration::new(&program, options);
        run.thread(&tokens).map_err(|e| format!("{}: thread {thread}: {e}", path.display()))?;
        regenerated.push((thread, run));
    }
    if options.edge_profile {
        return Ok(edge_profile_json(&program, &regenerated));
    }
    Ok(if options.json { listing_json(&program, &regenerated) } else { listing_text(&program, &regenerated) })
}

/// The tokens of each thread, in order of first appearance. The operands
/// of ENTER and LANDING are copied as they are, whatever their value.
fn threads(tokens: &[u64]) -> Result<Vec<(u64, Vec<u64>)>, String> {
    let mut threads: Vec<(u64, Vec<u64>)> = Vec::new();
    let mut current = None;
    let mut i = 0;
    while i < tokens.len() {
        let operands = match tokens[i] {
            THREAD => {
                let thread = *tokens.get(i + 1).ok_or("the trace ends inside a THREAD token")?;
                current = Some(match threads.iter().position(|(t, _)| *t == thread) {
                    Some(k) => k,
                    None => {
                        threads.push((thread, Vec::new()));
                        threads.len() - 1
                    }
                });
                i += 2;
                continue;
            }
            ENTER => 1,
            LANDING => 2,
            _ => 0,
        };
        let k = current.ok_or("the trace's first token names no thread")?;
        let end = (i + 1 + operands).min(tokens.len());
        threads[k].1.extend_from_slice(&tokens[i..end]);
        i = end;
    }
    Ok(threads)
}

/// A traced function, with what regeneration needs precomputed.
struct Function {
    name: String,
    checksum: u64,
    descriptor: CfgDescriptor,
    graph: FlowGraph,
    /// The witness of each flow edge, if it is witnessed.
    witness_of: Vec<Option<u64>>,
    /// Per vertex, the traced calls of its segment in order: the index of
    /// a directly called traced function, or `None` for an opaque call.
    calls: Vec<Vec<Option<usize>>>,
    /// Per predicate vertex, the out-edge that each witness selects.
    choice: Vec<HashMap<u64, u32>>,
    /// Per vertex, the call site whose call ends its segment, if any.
    ending_site: Vec<Option<u32>>,
}

/// Every function of a trace file.
struct Program {
    functions: Vec<Function>,
    by_number: HashMap<u64, usize>,
}

impl Program {
    fn new(file: &trace::TraceFile) -> Result<Program, String> {
        let mut functions = Vec::new();
        let mut by_number = HashMap::new();
        let mut by_name = HashMap::new();
        for f in &file.functions {
            let descriptor = decode_descriptor(&f.descriptor).map_err(|e| format!("function `{}`: {e}", f.name))?;
            if !descriptor.strategy.traces() {
                return Err(format!("function `{}` was built with -fprofile-instr={}, not for tracing", f.name, descriptor.strategy));
            }
            by_number.insert(f.number, functions.len());
            by_name.insert(f.name.clone(), functions.len());
            let graph = FlowGraph::new(&descriptor.shape);
            functions.push((f, descriptor, graph));
        }
        let functions = functions
            .into_iter()
            .map(|(f, descriptor, graph)| Function::new(f.name.clone(), f.checksum, descriptor, graph, &by_name))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Program { functions, by_number })
    }

    fn by_number(&self, number: u64) -> Result<usize, String> {
        self.by_number.get(&number).copied().ok_or_else(|| format!("a token names function record {number}, which the trace does not list"))
    }
}

impl Function {
    fn new(name: String, checksum: u64, descriptor: CfgDescriptor, graph: FlowGraph, by_name: &HashMap<String, usize>) -> Result<Function, String> {
        let problem = |what: String| format!("function `{name}`: {what}");
        let mut witness_of = vec![None; graph.edges().len()];
        for (i, &e) in descriptor.counter_edges(&graph).map_err(problem)?.iter().enumerate() {
            witness_of[e as usize] = Some(trace::token(i as u64));
        }
        let n = graph.num_vertices() as usize;
        let mut calls = vec![Vec::new(); n];
        for call in &descriptor.tracing.calls {
            let v = segment_vertex(&graph, &descriptor.shape.call_sites, call.block, call.inst) as usize;
            let callee = match &call.callee {
                Some(callee) => Some(*by_name.get(callee).ok_or_else(|| problem(format!("it calls `{callee}`, which the trace does not list")))?),
                None => None,
            };
            calls.get_mut(v).ok_or_else(|| problem("a traced call outside the function".into()))?.push(callee);
        }
        let mut ending_site = vec![None; n];
        for (s, site) in descriptor.shape.call_sites.iter().enumerate() {
            let v = segment_vertex(&graph, &descriptor.shape.call_sites, site.block, site.inst) as usize;
            ending_site[v] = Some(s as u32);
        }
        let mut choice = vec![HashMap::new(); n];
        for v in 0..graph.num_vertices() {
            let outs: Vec<u32> = decisions(&graph, v).collect();
            if v == graph.exit() || outs.len() < 2 {
                continue;
            }
            for &e in &outs {
                for w in first_witnesses(&graph, &witness_of, e) {
                    if choice[v as usize].insert(w, e).is_some_and(|other| other != e) {
                        return Err(problem(format!("witness {w} does not tell the successors of {} apart", graph.describe(v))));
                    }
                }
            }
        }
        Ok(Function { name, checksum, descriptor, graph, witness_of, calls, choice, ending_site })
    }
}

/// The witnesses that come first on the witness-free paths that begin
/// with edge `e`.
fn first_witnesses(graph: &FlowGraph, witness_of: &[Option<u64>], e: u32) -> Vec<u64> {
    let mut found = Vec::new();
    let mut seen = vec![false; graph.edges().len()];
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if std::mem::replace(&mut seen[e as usize], true) {
            continue;
        }
        if let Some(w) = witness_of[e as usize] {
            found.push(w);
            continue;
        }
        let to = graph.edge(e).to;
        if to != graph.exit() {
            stack.extend(decisions(graph, to));
        }
    }
    found
}

/// An active function: where it is and how far its segment's calls got.
struct Frame {
    function: usize,
    vertex: u32,
    next_call: usize,
    /// Inside an opaque call: the callbacks' activations come until RESUME.
    in_opaque_call: bool,
}

/// One regenerated block.
struct Step {
    function: usize,
    block: u32,
    depth: usize,
}

/// The regeneration of one thread.
struct Regeneration<'a> {
    program: &'a Program,
    options: &'a TraceOptions,
    steps: Vec<Step>,
    /// The count of every flow edge of every function, for `--edge-profile`.
    flow: Vec<Vec<u64>>,
}

impl<'a> Regeneration<'a> {
    fn new(program: &'a Program, options: &'a TraceOptions) -> Regeneration<'a> {
        let flow = program.functions.iter().map(|f| vec![0; f.graph.edges().len()]).collect();
        Regeneration { program, options, steps: Vec::new(), flow }
    }

    fn count(&mut self, function: usize, kind: FlowEdgeKind) {
        let f = &self.program.functions[function];
        let e = f.graph.edge_of(kind).expect("the function has this edge");
        self.flow[function][e as usize] += 1;
    }

    /// Records that `frame`'s function entered the block of its vertex, if
    /// the vertex is the block's first segment.
    fn arrive(&mut self, stack: &[Frame]) {
        let frame = stack.last().expect("a frame");
        let f = &self.program.functions[frame.function];
        if let nissecc_midend::profile::flow_graph::Vertex::Segment { block, segment: 0 } = f.graph.vertex(frame.vertex) {
            let wanted = self.options.function.as_ref().is_none_or(|name| *name == f.name);
            let room = self.options.limit.is_none_or(|limit| self.steps.len() < limit);
            if wanted && (room || self.options.edge_profile) {
                self.steps.push(Step { function: frame.function, block, depth: stack.len() - 1 });
            }
        }
    }

    /// Starts an activation of `function` at its entry.
    fn enter(&mut self, stack: &mut Vec<Frame>, function: usize) {
        let entry = self.program.functions[function].graph.block_entry(0);
        self.count(function, FlowEdgeKind::Entry);
        stack.push(Frame { function, vertex: entry, next_call: 0, in_opaque_call: false });
        self.arrive(stack);
    }

    /// Ends `frame` inside the call that ends its segment (an early exit).
    fn exit_early(&mut self, frame: &Frame) -> Result<(), String> {
        let f = &self.program.functions[frame.function];
        match f.ending_site[frame.vertex as usize] {
            Some(site) => {
                self.count(frame.function, FlowEdgeKind::EarlyExit(site));
                Ok(())
            }
            None => Err(format!("the trace ends in `{}` at {}, which is inside no call that may not return", f.name, f.graph.describe(frame.vertex))),
        }
    }

    /// Regenerates one thread's tokens.
    fn thread(&mut self, tokens: &[u64]) -> Result<(), String> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut at = 0;
        let next = |at: &mut usize| -> Option<u64> {
            let token = tokens.get(*at).copied();
            *at += usize::from(token.is_some());
            token
        };
        loop {
            let Some(frame) = stack.last_mut() else {
                // Between activations: only ENTER can come.
                match next(&mut at) {
                    None => return Ok(()),
                    Some(ENTER) => {
                        let number = next(&mut at).ok_or("the trace ends inside an ENTER token")?;
                        let function = self.program.by_number(number)?;
                        self.enter(&mut stack, function);
                        continue;
                    }
                    Some(token) => return Err(format!("token {token} at position {} starts no function", at - 1)),
                }
            };
            let function = frame.function;
            let f = &self.program.functions[function];
            if frame.in_opaque_call || (frame.next_call == f.calls[frame.vertex as usize].len() && decisions(&f.graph, frame.vertex).next().is_none()) {
                // Inside an opaque call, or at a call that never returns:
                // only the callbacks' activations, RESUME or LANDING come.
                match next(&mut at) {
                    None => break,
                    Some(ENTER) => {
                        let number = next(&mut at).ok_or("the trace ends inside an ENTER token")?;
                        let callee = self.program.by_number(number)?;
                        self.enter(&mut stack, callee);
                    }
                    Some(RESUME) if frame.in_opaque_call => frame.in_opaque_call = false,
                    Some(LANDING) => {
                        let number = next(&mut at).ok_or("the trace ends inside a LANDING token")?;
                        let site = next(&mut at).ok_or("the trace ends inside a LANDING token")?;
                        self.land(&mut stack, number, site)?;
                    }
                    Some(token) => {
                        return Err(format!("token {token} at position {} in `{}` at {}, inside a call", at - 1, f.name, f.graph.describe(frame.vertex)))
                    }
                }
                continue;
            }
            if let Some(&call) = f.calls[frame.vertex as usize].get(frame.next_call) {
                frame.next_call += 1;
                match call {
                    None => frame.in_opaque_call = true,
                    Some(callee) => {
                        if self.program.functions[callee].descriptor.tracing.announces {
                            match next(&mut at) {
                                None => break,
                                Some(ENTER) => {
                                    let number = next(&mut at).ok_or("the trace ends inside an ENTER token")?;
                                    if self.program.by_number(number)? != callee {
                                        return Err(format!("`{}` calls `{}`, but the trace enters another function", f.name, self.program.functions[callee].name));
                                    }
                                }
                                Some(token) => return Err(format!("token {token} at position {} where `{}` should enter", at - 1, self.program.functions[callee].name)),
                            }
                        }
                        self.enter(&mut stack, callee);
                    }
                }
                continue;
            }
            // The segment's calls are done: take an edge out.
            let outs: Vec<u32> = decisions(&f.graph, frame.vertex).collect();
            let e = if outs.len() == 1 {
                outs[0]
            } else {
                let Some(&token) = tokens.get(at) else { break };
                if token == LANDING {
                    next(&mut at);
                    let number = next(&mut at).ok_or("the trace ends inside a LANDING token")?;
                    let site = next(&mut at).ok_or("the trace ends inside a LANDING token")?;
                    self.land(&mut stack, number, site)?;
                    continue;
                }
                *f.choice[frame.vertex as usize]
                    .get(&token)
                    .ok_or_else(|| {
                        let mut known: Vec<u64> = f.choice[frame.vertex as usize].keys().copied().collect();
                        known.sort();
                        format!("token {token} at position {at} selects no successor of {} in `{}` (its witnesses are {known:?})", f.graph.describe(frame.vertex), f.name)
                    })?
            };
            if let Some(w) = f.witness_of[e as usize] {
                match next(&mut at) {
                    Some(token) if token == w => {}
                    Some(token) => return Err(format!("token {token} at position {} where `{}` writes witness {w}", at - 1, f.name)),
                    None => break,
                }
            }
            let edge = *f.graph.edge(e);
            self.flow[function][e as usize] += 1;
            if edge.to == f.graph.exit() {
                stack.pop();
                continue;
            }
            let frame = stack.last_mut().expect("the frame");
            frame.vertex = edge.to;
            frame.next_call = 0;
            self.arrive(&stack);
        }
        // The tokens ended with activations open: each ended inside a call.
        while let Some(frame) = stack.pop() {
            self.exit_early(&frame)?;
        }
        Ok(())
    }

    /// A `longjmp` landed at call site `site` (a `setjmp`) of the function
    /// of record `number`: the frames above its nearest activation end
    /// inside their calls, as does that activation's own call, which then
    /// continues after the `setjmp`.
    fn land(&mut self, stack: &mut Vec<Frame>, number: u64, site: u64) -> Result<(), String> {
        let function = self.program.by_number(number)?;
        let name = &self.program.functions[function].name;
        let Some(depth) = stack.iter().rposition(|frame| frame.function == function) else {
            return Err(format!("a longjmp lands in `{name}`, which is not active"));
        };
        while stack.len() > depth + 1 {
            let frame = stack.pop().expect("a frame");
            self.exit_early(&frame)?;
        }
        let frame = stack.last().expect("the landing frame");
        self.exit_early(frame)?;
        let site = u32::try_from(site).map_err(|_| format!("a LANDING token names call site {site}"))?;
        let f = &self.program.functions[function];
        let e = f.graph.edge_of(FlowEdgeKind::ReEntry(site)).ok_or_else(|| format!("`{name}` has no setjmp at call site {site}"))?;
        debug_assert!(!traversable(&f.graph, e));
        self.flow[function][e as usize] += 1;
        let to = f.graph.edge(e).to;
        let frame = stack.last_mut().expect("the landing frame");
        frame.vertex = to;
        // The segment after a `setjmp` starts right after the call, so all
        // its calls lie ahead.
        frame.next_call = 0;
        frame.in_opaque_call = false;
        Ok(())
    }
}

/// `trace` as text: a line per block, indented by call depth, per thread.
fn listing_text(program: &Program, threads: &[(u64, Regeneration)]) -> String {
    let mut out = String::new();
    for (k, (_, run)) in threads.iter().enumerate() {
        let _ = writeln!(out, "thread {}:", k + 1);
        for step in &run.steps {
            let f = &program.functions[step.function];
            let line = f.descriptor.shape.block_lines.get(step.block as usize).copied().filter(|&l| l != 0);
            let line = line.map(|l| format!(" (line {l})")).unwrap_or_default();
            let _ = writeln!(out, "{:indent$}{} block{}{line}", "", f.name, step.block, indent = 2 + 2 * step.depth);
        }
    }
    out
}

/// `trace --json`: the blocks of every thread.
fn listing_json(program: &Program, threads: &[(u64, Regeneration)]) -> String {
    let threads: Vec<_> = threads
        .iter()
        .enumerate()
        .map(|(k, (_, run))| {
            let blocks: Vec<_> = run
                .steps
                .iter()
                .map(|s| {
                    let f = &program.functions[s.function];
                    json!({ "function": f.name, "block": s.block, "line": f.descriptor.shape.block_lines.get(s.block as usize), "depth": s.depth })
                })
                .collect();
            json!({ "thread": k + 1, "blocks": blocks })
        })
        .collect();
    format!("{}\n", json!({ "threads": threads }))
}

/// `trace --edge-profile`: the counts of every function over all threads,
/// as `show --json` prints a profile.
fn edge_profile_json(program: &Program, threads: &[(u64, Regeneration)]) -> String {
    let mut functions: Vec<FunctionCounts> = program
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut flow = vec![0u64; f.graph.edges().len()];
            for (_, run) in threads {
                for (total, count) in flow.iter_mut().zip(&run.flow[i]) {
                    *total += count;
                }
            }
            let counts = edge_profile(&f.descriptor.shape, &f.graph, &flow);
            let descriptor = CfgDescriptor { strategy: Strategy::Naive, ..f.descriptor.clone() };
            FunctionCounts { name: f.name.clone(), checksum: f.checksum, counters: Vec::new(), descriptor, counts, paths: Vec::new(), values: Vec::new() }
        })
        .collect();
    functions.sort_by(|a, b| a.name.cmp(&b.name));
    functions.dedup_by(|a, b| a.name == b.name);
    format!("{}\n", to_json(&functions, false))
}
