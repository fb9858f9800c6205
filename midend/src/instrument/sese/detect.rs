//! Finding SESE counters: loop-header block parameters whose every
//! dependence circuit inside the loop is made of block parameters and
//! increments by constants, all in control-equivalent blocks (Frenot and
//! Pereira, "Reusing Loop Variables as Counters", CC 2024, Definition 3.5;
//! §3.2, Theorems 3.9 and 3.10).
//!
//! For a parameter `v0` of the header of a reducible loop (Definition 3.1;
//! irreducible loops are never used) the search
//!
//! 1. collects the *circuit*: walking backwards from the values the back
//!    edges pass for `v0`, through the incoming values of block parameters
//!    of the loop and through the operand of `u + c` / `u - c` (or
//!    `c + u`) with a constant `c`, until `v0`. Anything else on the way,
//!    such as a value from outside the loop (a reset like `x = 0`), a
//!    multiplication or a load, rejects `v0` (Definition 3.5, item 1).
//!    There must be an increment (Theorem 3.9) and the constants must not
//!    sum to zero, or the value would say nothing.
//! 2. checks that every increment is cycle equivalent to the others on the
//!    profiler's flow graph (Definition 3.5, item 2, with Definition 3.2's
//!    control equivalence; see `analysis::cycle_equivalence`). The flow
//!    graph cuts blocks at calls that may not return, so two increments
//!    separated by such a call are not equivalent.
//! 3. checks that the circuit really carries the variable: an SSA program
//!    may compute `t = i + 1` on every iteration yet pass `i` on some edge
//!    (`if (c) i = t`), and then the increment's executions are not the
//!    variable's growth. A forward data-flow over the loop computes the
//!    circuit value current at every point (the header's `v0`, then each
//!    increment in turn, a circuit parameter where one merges paths, and
//!    "unknown" where paths with different values merge without one); each
//!    increment must read the current value, and each edge must pass the
//!    current value to a circuit parameter. Under these conditions the
//!    current value is always `v_entry + step × n`, where `n` counts the
//!    executions of each increment (Theorem 3.10), and it is what the
//!    instrumentation reads at the loop's exits.
//!
//! Detection does not change the function and does not decide whether a
//! counter is worth using; `select.rs` does.

use crate::analysis::cfg::Cfg;
use crate::analysis::cycle_equivalence::cycle_equivalent;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::{BinaryOp, Block, Edge, Function, Inst, InstData, Type, UnaryOp, Value, ValueDef};
use crate::profile::FlowGraph;
use std::collections::{HashMap, HashSet};

/// A header parameter that satisfies Definition 3.5.
#[derive(Clone, Debug)]
pub struct SeseCounter {
    pub lp: Loop,
    pub header: Block,
    /// The loop's back edges, from its latches to the header.
    pub back_edges: Vec<Edge>,
    /// The loop's blocks.
    pub blocks: Vec<Block>,
    /// The parameter's position among the header's parameters.
    pub param_index: usize,
    pub param: Value,
    pub ty: Type,
    /// The increments on the circuit, in the loop's reverse postorder and
    /// then in block order.
    pub increments: Vec<Inst>,
    /// The sum of the increments' constants, sign-extended to 64 bits and
    /// added with wrapping: the variable's growth per circuit iteration.
    pub step: i64,
    /// Every increment is C signed arithmetic of `int` rank or wider, which
    /// never wraps in a correct program.
    pub no_signed_wrap: bool,
    /// The circuit value current on entry to each block of the loop, where
    /// it is known.
    current_at_entry: HashMap<Block, Value>,
    /// The circuit's increments, by the value they define.
    increment_of: HashMap<Value, Inst>,
}

/// Why a header parameter is not a SESE counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// Not an integer or pointer.
    NotInteger,
    /// A circuit holds something other than parameters and increments by
    /// constants (Definition 3.5, item 1).
    NotAffine,
    /// No increment on any circuit (Theorem 3.9).
    NoIncrement,
    /// The increments sum to zero.
    ZeroStep,
    /// Two increments are not control equivalent (item 2; the `nonSESE`
    /// function of the paper's Figure 5).
    NotControlEquivalent,
    /// The SSA values do not carry the variable along the circuit (see the
    /// module comment, step 3).
    NotCarried,
}

/// What detection found in one function.
#[derive(Clone, Debug, Default)]
pub struct Detection {
    pub counters: Vec<SeseCounter>,
    /// Every header parameter of a reducible loop that is not a counter.
    pub rejected: Vec<(Value, Rejection)>,
}

/// How to find an instruction's flow-graph vertex.
pub struct SegmentMap<'a> {
    func: &'a Function,
    graph: &'a FlowGraph,
    position: HashMap<Block, u32>,
    /// The may-not-return call sites of each block, by instruction index.
    cut_points: HashMap<u32, Vec<u32>>,
}

impl<'a> SegmentMap<'a> {
    /// `call_sites` lists `(block position, instruction index)` of every
    /// call that cuts its block (the shape's call sites).
    pub fn new(func: &'a Function, cfg: &Cfg, graph: &'a FlowGraph, call_sites: impl Iterator<Item = (u32, u32)>) -> Self {
        let position = cfg.blocks().iter().enumerate().map(|(i, &b)| (b, i as u32)).collect();
        let mut cut_points: HashMap<u32, Vec<u32>> = HashMap::new();
        for (block, inst) in call_sites {
            cut_points.entry(block).or_default().push(inst);
        }
        SegmentMap { func, graph, position, cut_points }
    }

    /// The position of `block` in the CFG's block order.
    pub fn position(&self, block: Block) -> u32 {
        self.position[&block]
    }

    /// The flow-graph vertex (block segment) that holds `inst`.
    pub fn segment_of(&self, inst: Inst) -> u32 {
        let block = self.func.block_of(inst).expect("the instruction is placed");
        let b = self.position(block);
        let index = self.func.blocks[block].insts.iter().position(|&i| i == inst).expect("in its block") as u32;
        let cuts_before = self.cut_points.get(&b).map_or(0, |cuts| cuts.iter().filter(|&&c| c < index).count());
        self.graph.block_entry(b) + cuts_before as u32
    }
}

/// Finds the SESE counters of every reducible loop of `func`.
pub fn detect(func: &Function, cfg: &Cfg, loops: &LoopForest, segments: &SegmentMap) -> Detection {
    let mut detection = Detection::default();
    let graph = segments.graph;
    let edges: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.from, e.to)).collect();
    for lp in loops.natural_loops() {
        let header = loops.data(lp).header;
        for (index, &param) in func.blocks[header].params.iter().enumerate() {
            match candidate(func, cfg, loops, lp, index) {
                Ok(counter) => {
                    let vertices: Vec<u32> = counter.increments.iter().map(|&i| segments.segment_of(i)).collect();
                    if vertices.iter().all(|&v| cycle_equivalent(graph.num_vertices(), &edges, vertices[0], v)) {
                        detection.counters.push(counter);
                    } else {
                        detection.rejected.push((param, Rejection::NotControlEquivalent));
                    }
                }
                Err(why) => detection.rejected.push((param, why)),
            }
        }
    }
    detection
}

/// Steps 1 and 3 of the module comment for parameter `index` of `lp`'s
/// header.
fn candidate(func: &Function, cfg: &Cfg, loops: &LoopForest, lp: Loop, index: usize) -> Result<SeseCounter, Rejection> {
    let data = loops.data(lp);
    let header = data.header;
    let param = func.blocks[header].params[index];
    let ty = func.value_type(param);
    if !ty.is_int() {
        return Err(Rejection::NotInteger);
    }
    let in_loop = |b: Block| loops.contains(lp, b);

    // Step 1: the circuit.
    let mut circuit: HashSet<Value> = HashSet::from([param]);
    let mut increment_of: HashMap<Value, Inst> = HashMap::new();
    let mut work: Vec<Value> = data.back_edges.iter().map(|&e| cfg.block_call(func, e).args[index]).collect();
    while let Some(x) = work.pop() {
        if circuit.contains(&x) {
            continue;
        }
        match func.values[x].def {
            ValueDef::Param(block, n) if block != header && in_loop(block) => {
                circuit.insert(x);
                work.extend(cfg.preds(block).iter().map(|&e| cfg.block_call(func, e).args[n as usize]));
            }
            ValueDef::Result(inst) if func.block_of(inst).is_some_and(in_loop) => {
                let operand = increment_operand(func, inst).ok_or(Rejection::NotAffine)?;
                circuit.insert(x);
                increment_of.insert(x, inst);
                work.push(operand);
            }
            _ => return Err(Rejection::NotAffine),
        }
    }
    if increment_of.is_empty() {
        return Err(Rejection::NoIncrement);
    }
    let step = increment_of.values().fold(0i64, |sum, &inst| sum.wrapping_add(increment_constant(func, inst)));
    if step == 0 {
        return Err(Rejection::ZeroStep);
    }

    // Step 3: the current circuit value at each block's entry, by a forward
    // data-flow to a fixed point over the loop's blocks.
    let circuit_param = |block: Block| -> Result<Option<Value>, Rejection> {
        let mut found = func.blocks[block].params.iter().filter(|p| circuit.contains(p));
        let first = found.next().copied();
        if found.next().is_some() {
            // Two parameters carrying the variable: not a single circuit.
            return Err(Rejection::NotCarried);
        }
        Ok(first)
    };
    let at_end = |entry: Option<Current>, block: Block| -> Option<Current> {
        let last = func.blocks[block].insts.iter().rev().filter_map(|&i| func.inst_result(i)).find(|v| increment_of.contains_key(v));
        match last {
            Some(v) => Some(Current::Known(v)),
            None => entry,
        }
    };
    let mut entry: HashMap<Block, Option<Current>> = HashMap::new();
    entry.insert(header, Some(Current::Known(param)));
    loop {
        let mut changed = false;
        for &block in data.blocks.iter().skip(1) {
            let new = match circuit_param(block)? {
                Some(p) => Some(Current::Known(p)),
                None => cfg
                    .pred_blocks(block)
                    .filter_map(|pred| at_end(entry.get(&pred).copied().flatten(), pred))
                    .fold(None, |acc: Option<Current>, c| Some(acc.map_or(c, |a| a.meet(c)))),
            };
            if entry.get(&block).copied().flatten() != new {
                entry.insert(block, new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let current_at_entry: HashMap<Block, Value> = entry
        .iter()
        .filter_map(|(&b, c)| match c {
            Some(Current::Known(v)) => Some((b, *v)),
            _ => None,
        })
        .collect();

    // Every increment reads the current value, and every edge inside the
    // loop passes the current value to a circuit parameter.
    let mut increments = Vec::new();
    for &block in &data.blocks {
        let mut current = current_at_entry.get(&block).copied();
        for &inst in &func.blocks[block].insts {
            let Some(result) = func.inst_result(inst) else { continue };
            if increment_of.contains_key(&result) {
                if current != increment_operand(func, inst) {
                    return Err(Rejection::NotCarried);
                }
                increments.push(inst);
                current = Some(result);
            }
        }
        for &edge in cfg.succs(block) {
            let to = cfg.edge(edge).to;
            if !in_loop(to) {
                continue;
            }
            let target_param = if to == header { Some(index) } else { circuit_param(to)?.map(|p| param_position(func, to, p)) };
            if let Some(n) = target_param {
                if current != Some(cfg.block_call(func, edge).args[n]) {
                    return Err(Rejection::NotCarried);
                }
            }
        }
    }
    let no_signed_wrap = increments.iter().all(|&i| func.no_signed_wrap.contains(i));
    Ok(SeseCounter { lp, header, back_edges: data.back_edges.clone(), blocks: data.blocks.clone(), param_index: index, param, ty, increments, step, no_signed_wrap, current_at_entry, increment_of })
}

impl SeseCounter {
    /// The circuit value current right before instruction `index` of
    /// `block` (the terminator's index gives the value at the block's
    /// end), or `None` where paths with different values meet.
    pub fn current_before(&self, func: &Function, block: Block, index: usize) -> Option<Value> {
        let mut current = self.current_at_entry.get(&block).copied();
        for &inst in &func.blocks[block].insts[..index] {
            if let Some(result) = func.inst_result(inst).filter(|r| self.increment_of.contains_key(r)) {
                current = Some(result);
            }
        }
        current
    }
}

/// The data-flow lattice: a known current value, or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Current {
    Known(Value),
    Unknown,
}

impl Current {
    fn meet(self, other: Current) -> Current {
        if self == other {
            self
        } else {
            Current::Unknown
        }
    }
}

/// The position of parameter `p` among `block`'s parameters.
fn param_position(func: &Function, block: Block, p: Value) -> usize {
    func.blocks[block].params.iter().position(|&q| q == p).expect("a parameter of the block")
}

/// The non-constant operand of an increment `u + c`, `c + u` or `u - c`.
pub fn increment_operand(func: &Function, inst: Inst) -> Option<Value> {
    match func.insts[inst] {
        InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } => match (constant(func, a, 4), constant(func, b, 4)) {
            (None, Some(_)) => Some(a),
            (Some(_), None) => Some(b),
            _ => None,
        },
        InstData::Binary { op: BinaryOp::Isub, args: [a, b] } => constant(func, b, 4).is_some().then_some(a).filter(|&a| constant(func, a, 4).is_none()),
        _ => None,
    }
}

/// The constant that increment `inst` adds, negated for a subtraction.
pub fn increment_constant(func: &Function, inst: Inst) -> i64 {
    match func.insts[inst] {
        InstData::Binary { op: BinaryOp::Iadd, args: [a, b] } => constant(func, a, 4).or_else(|| constant(func, b, 4)).expect("an increment"),
        InstData::Binary { op: BinaryOp::Isub, args: [_, b] } => constant(func, b, 4).expect("an increment").wrapping_neg(),
        _ => unreachable!("not an increment"),
    }
}

/// The value of `v` when it is a constant, or an operation on constants
/// such as the frontend's `1 * 8` for a pointer step or a widened `int` constant, sign-extended to 64
/// bits; `depth` bounds the search.
fn constant(func: &Function, v: Value, depth: u32) -> Option<i64> {
    if let Some(imm) = func.constant_value(v) {
        return Some(imm);
    }
    let ValueDef::Result(inst) = func.values[v].def else { return None };
    match func.insts[inst] {
        InstData::Binary { op, args: [a, b] } if depth > 0 => {
            let (a, b) = (constant(func, a, depth - 1)?, constant(func, b, depth - 1)?);
            let wide = match op {
                BinaryOp::Iadd => a.wrapping_add(b),
                BinaryOp::Isub => a.wrapping_sub(b),
                BinaryOp::Imul => a.wrapping_mul(b),
                _ => return None,
            };
            Some(func.value_type(v).canonical_imm(wide))
        }
        InstData::Unary { op, arg } if depth > 0 => {
            let a = constant(func, arg, depth - 1)?;
            let from = func.value_type(arg);
            let wide = match op {
                UnaryOp::Sextend => a,
                UnaryOp::Uextend => a & (u64::MAX >> (64 - from.bits())) as i64,
                UnaryOp::Ireduce => a,
                _ => return None,
            };
            Some(func.value_type(v).canonical_imm(wide))
        }
        _ => None,
    }
}
