//! Profiles as the compiler and its tools see them: the shape of a
//! function's CFG, the flow graph that counters live on, the descriptor
//! that instrumented code stores in the profile, and the reconstruction of
//! exact block and edge counts from counter values (Ball & Larus,
//! "Optimally Profiling and Tracing Programs", TOPLAS 1994, §2–3.2).
//!
//! - [`shape`]: the CFG before instrumentation, with returns and the call
//!   sites that may not return.
//! - [`flow_graph`]: the CFG made strongly connected through EXIT, with
//!   blocks cut at those call sites so that flow is conserved even when
//!   the program ends inside a call (§3.2).
//! - [`descriptor`]: the versioned byte encoding of a shape and its
//!   counter plan.
//! - [`reconstruct`]: counts from counters, by flow conservation.
//! - [`pipeless`]: the counter-free cycles that block counts survive
//!   (§3.3.1), for the vertex strategy, and [`vertex_flow`]: its
//!   reconstruction.
//! - [`source_lines`]: the lines of every block, for coverage listings.
//! - [`combined`]: what the statistics of a combined profile stand for.
//! - [`value_sites`]: the instructions whose operands value profiling
//!   records.
//!
//! `nissecc-profdata` needs only [`decode_descriptor`] and
//! [`reconstruct()`].

pub mod block_hash;
pub mod combined;
pub mod descriptor;
pub mod flow_graph;
pub mod infer;
pub mod name;
pub mod pipeless;
pub mod reconstruct;
pub mod shape;
pub mod vertex_flow;
pub mod source_lines;
pub mod value_sites;

pub use descriptor::{CfgDescriptor, Sampling, Strategy, TargetedProfile, TracedCall, Tracing};
pub use name::profile_name;
pub use flow_graph::{FlowEdge, FlowEdgeKind, FlowGraph, Measure};
pub use reconstruct::{reconstruct, CallSiteCount, EdgeProfile};
pub use shape::{CallExit, CallSite, FunctionShape};
pub use source_lines::SourceLines;

/// Decodes the CFG descriptor that the runtime copied into a profile.
pub fn decode_descriptor(bytes: &[u8]) -> Result<CfgDescriptor, String> {
    CfgDescriptor::decode(bytes)
}
