//! The shape of a function's CFG as a profile records it: what counter
//! placement and reconstruction need to know about the function, and
//! nothing else (Ball & Larus, "Optimally Profiling and Tracing Programs",
//! TOPLAS 1994, §2 for the CFG and §3.2 for the call sites that may end a
//! procedure early).
//!
//! A shape is taken from the IR *before* instrumentation and stored in the
//! profile (see `descriptor.rs`), so `nissecc-profdata` can print every
//! count without the source. Blocks are numbered by their position among
//! the reachable blocks in layout order and edges in `Cfg` edge order, the
//! numbering that `cfg_checksum` hashes; every strategy therefore numbers
//! blocks and edges alike.
//!
//! Besides blocks and edges, a shape lists the blocks that `return` (each
//! has a virtual edge to EXIT), the call sites whose callee may not
//! return (each may end its block early, §3.2) and the calls of `setjmp`
//! (a `longjmp` re-enters the function after them). A shape turns back into a
//! skeleton function with the same CFG, so that the loop analyses, which
//! work on functions, can run on a shape decoded from a profile.

use crate::analysis::cfg::Cfg;
use crate::ir::{Block, BlockCall, Callee, Function, InstData, Linkage, Signature, Type};
use cranelift_entity::SecondaryMap;

/// What a call may do instead of returning to its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallExit {
    /// The callee may end the program (`exit`), unwind past the caller
    /// (`longjmp`) or return normally; only counting tells.
    MayNotReturn,
    /// The callee never returns normally (`exit`, `abort`), so the code
    /// after the call never runs.
    NeverReturns,
    /// The callee is `setjmp` or its kin: it returns 0 when called, and
    /// returns again, with a nonzero value, each time a `longjmp` to the
    /// buffer it filled lands. A second return re-enters the function
    /// after the call without entering the function or its block.
    ReturnsTwice,
}

/// A call that may not return, or may return twice, at instruction `inst`
/// (its index in the block before instrumentation) of block `block`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallSite {
    pub block: u32,
    pub inst: u32,
    pub exit: CallExit,
    /// The callee's name; empty for a call through a function pointer.
    pub callee: String,
}

/// The CFG of a function's reachable blocks, with its exits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionShape {
    /// The source line of each block (0 when unknown); its length is the
    /// number of blocks. Block 0 is the entry.
    pub block_lines: Vec<u32>,
    /// `(from, to)` of every edge, in edge order: by source block, then by
    /// successor slot.
    pub edges: Vec<(u32, u32)>,
    /// The blocks that end in `return`, in increasing order.
    pub returns: Vec<u32>,
    /// The calls that may not return or may return twice, by block and
    /// then by position.
    pub call_sites: Vec<CallSite>,
}

impl FunctionShape {
    /// The shape of `func`, whose CFG is `cfg`. `classify` tells whether a
    /// call instruction may fail to return; other instructions are never
    /// asked about.
    pub fn of(func: &Function, cfg: &Cfg, mut classify: impl FnMut(&InstData) -> Option<CallExit>) -> FunctionShape {
        let mut position: SecondaryMap<Block, u32> = SecondaryMap::new();
        for (i, &b) in cfg.blocks().iter().enumerate() {
            position[b] = i as u32;
        }
        let mut shape = FunctionShape::default();
        for (i, &block) in cfg.blocks().iter().enumerate() {
            shape.block_lines.push(func.block_lines[block]);
            for &edge in cfg.succs(block) {
                shape.edges.push((i as u32, position[cfg.edge(edge).to]));
            }
            for (index, &inst) in func.blocks[block].insts.iter().enumerate() {
                let data = &func.insts[inst];
                match data {
                    InstData::Return { .. } => shape.returns.push(i as u32),
                    InstData::Call { callee, .. } => {
                        if let Some(exit) = classify(data) {
                            let callee = match callee {
                                Callee::Direct(name) => name.clone(),
                                Callee::Indirect(_) => String::new(),
                            };
                            shape.call_sites.push(CallSite { block: i as u32, inst: index as u32, exit, callee });
                        }
                    }
                    _ => {}
                }
            }
        }
        shape
    }

    pub fn num_blocks(&self) -> u32 {
        self.block_lines.len() as u32
    }

    /// The number of successor edges of each block.
    pub fn out_degrees(&self) -> Vec<u32> {
        let mut degree = vec![0; self.block_lines.len()];
        for &(from, _) in &self.edges {
            degree[from as usize] += 1;
        }
        degree
    }

    /// Checks what the rest of the profile code relies on: a shape decoded
    /// from a file may be anything.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.num_blocks();
        if n == 0 {
            return Err("the function has no blocks".into());
        }
        for (i, &(from, to)) in self.edges.iter().enumerate() {
            if from >= n || to >= n {
                return Err(format!("edge {i} ({from} -> {to}) names a block outside 0..{n}"));
            }
            if i > 0 && from < self.edges[i - 1].0 {
                return Err(format!("edge {i} is out of order: edges are sorted by source block"));
            }
            if to == 0 {
                return Err(format!("edge {i} enters the entry block, which has no predecessors"));
            }
        }
        let degree = self.out_degrees();
        for (i, &b) in self.returns.iter().enumerate() {
            if b >= n {
                return Err(format!("return block {b} is outside 0..{n}"));
            }
            if i > 0 && b <= self.returns[i - 1] {
                return Err("the return blocks are not in increasing order".into());
            }
            if degree[b as usize] != 0 {
                return Err(format!("block {b} returns but has successor edges"));
            }
        }
        for (i, site) in self.call_sites.iter().enumerate() {
            if site.block >= n {
                return Err(format!("call site {i} is in block {}, outside 0..{n}", site.block));
            }
            if i > 0 {
                let prev = &self.call_sites[i - 1];
                if (site.block, site.inst) <= (prev.block, prev.inst) {
                    return Err("the call sites are not in order of block and position".into());
                }
            }
        }
        Ok(())
    }

    /// A function with this shape's CFG and nothing else: block `i` of the
    /// shape is the `i`-th block of the layout, and its successor slots are
    /// its edges in order, so the skeleton's `Cfg` numbers blocks and edges
    /// as the shape does. The shape must be valid.
    pub fn skeleton(&self) -> Function {
        let mut func = Function::new("skeleton", Signature::default(), Linkage::Local);
        let blocks: Vec<Block> = (0..self.num_blocks()).map(|_| func.create_block()).collect();
        let mut succs: Vec<Vec<BlockCall>> = vec![Vec::new(); blocks.len()];
        for &(from, to) in &self.edges {
            succs[from as usize].push(BlockCall::new(blocks[to as usize], Vec::new()));
        }
        for (i, targets) in succs.into_iter().enumerate() {
            let block = blocks[i];
            let data = match targets.len() {
                0 if self.returns.binary_search(&(i as u32)).is_ok() => InstData::Return { value: None },
                0 => InstData::Unreachable,
                1 => InstData::Jump { dest: targets.into_iter().next().expect("one target") },
                _ => {
                    let arg = func.append_value(block, InstData::Iconst { imm: 0 }, Type::I32);
                    let mut targets = targets.into_iter();
                    let first = targets.next().expect("a first target");
                    let rest: Vec<BlockCall> = targets.collect();
                    if rest.len() == 1 {
                        let else_dest = rest.into_iter().next().expect("a second target");
                        InstData::Brif { cond: arg, then_dest: first, else_dest }
                    } else {
                        let cases = rest.into_iter().enumerate().map(|(k, bc)| (k as i64, bc)).collect();
                        InstData::Switch { arg, default: first, cases }
                    }
                }
            };
            func.append_inst(block, data, None);
        }
        func
    }
}
