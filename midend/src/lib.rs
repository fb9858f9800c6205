//! nissecc's midend: the SSA IR with block parameters, its text format and
//! verifier, the CFG analyses, the optimizing transforms and (in later
//! work) instrumentation, profile reconstruction and profile-guided
//! optimization. It knows neither C nor Cranelift.

pub mod analysis;
pub mod filetest;
pub mod ir;
pub mod text;
pub mod verifier;
pub mod transform;
pub mod pipeline;
