//! nissecc's midend: the SSA IR with block parameters, its text format and
//! verifier, the CFG analyses, the optimizing transforms, edge-profiling
//! instrumentation and profile reconstruction, and (in later work)
//! profile-guided optimization. It knows neither C nor Cranelift.

pub mod analysis;
pub mod filetest;
pub mod instrument;
pub mod ir;
pub mod text;
pub mod verifier;
pub mod transform;
pub mod pgo;
pub mod pipeline;
pub mod profile;
