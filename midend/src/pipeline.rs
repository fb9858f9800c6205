//! The midend pipeline: the passes every function goes through between the
//! frontend and the backend, in order. A pass is a plain function over the
//! IR; this file is the one place that lists them (like Cranelift's
//! `context.rs` or QBE's `main.c`).

use crate::ir::Module;
use crate::transform::{mem2reg, remove_unreachable_blocks};

/// Optimization level requested by the driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OptLevel {
    O0,
    O1,
    O2,
}

/// Runs the pipeline on every function of `module`. SSA construction runs
/// at every level: the frontend leaves every local in memory.
pub fn run(module: &mut Module, _level: OptLevel) {
    for func in &mut module.functions {
        remove_unreachable_blocks(func);
        mem2reg(func);
    }
}
