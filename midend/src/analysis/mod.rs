//! Analyses of a function's control flow. Each is a pure computation over
//! the IR that returns a result; none of them changes the function.
//!
//! - [`cfg`]: first-class edges, predecessors and successors, orders, the
//!   phi view and the CFG checksum that detects stale profiles.
//! - [`dominators`] and [`post_dominators`]: the (post-)dominator trees.
//! - [`dominance_frontier`]: dominance frontiers and their iteration.
//! - [`cycle_equivalence`]: whether every cycle through one vertex passes
//!   through another (control equivalence, for SESE counters).
//! - [`loops`]: the loop nesting forest, with irreducible loops flagged.
//! - [`noreturn`]: which calls may not return, over a whole module.
//! - [`alias`]: whether two memory accesses can touch the same bytes.
//!
//! [`filetest`] holds the filetest kinds that print these results.

pub mod alias;
pub mod cfg;
pub mod cycle_equivalence;
pub mod dominance_frontier;
pub mod dominators;
pub mod filetest;
pub mod loops;
pub mod noreturn;
pub mod post_dominators;
pub mod remat;

pub use cfg::{cfg_checksum, split_edge, Cfg, EdgeData};
pub use dominance_frontier::DominanceFrontiers;
pub use dominators::DominatorTree;
pub use loops::{Loop, LoopData, LoopForest};
pub use noreturn::{NoReturn, ReturnBehaviour};
pub use post_dominators::PostDominatorTree;
