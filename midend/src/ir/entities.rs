//! Typed indices of the IR, built with `cranelift-entity`.
//!
//! Their `Display` forms (`block3`, `v7`, `inst2`, `ss0`, `e5`) are the
//! names the text format uses.

use cranelift_entity::entity_impl;

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// An SSA value: an instruction result or a block parameter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// An instruction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Inst(u32);
entity_impl!(Inst, "inst");

/// A stack slot: addressable local memory of the function's frame.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StackSlot(u32);
entity_impl!(StackSlot, "ss");

/// A CFG edge: one successor slot of one terminator. Edges are numbered by
/// `analysis::cfg::Cfg` in layout order of their source blocks, then by
/// successor slot, so that two edges joining the same pair of blocks (as a
/// `switch` may have) stay distinct and every strategy numbers them alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge(u32);
entity_impl!(Edge, "e");
