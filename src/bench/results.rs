//! What the benchmark measured, per kernel and build: the data that the
//! table, the CSV files and the plots are made from.

use super::code_size::CodeSize;
use super::pgo::PgoResult;
use serde_json::Value;
use std::collections::BTreeMap;

/// One build of one kernel.
#[derive(Clone, Debug, Default)]
pub struct BuildResult {
    /// Wall time of the compiler command, linking included.
    pub compile_ms: f64,
    pub size: CodeSize,
    /// Dynamic instructions per measured input, in input order; empty
    /// without valgrind.
    pub instructions: Vec<(String, u64)>,
    /// Dynamic instructions in the kernel's own functions, summed over
    /// the measured inputs; `None` without valgrind.
    pub own_instructions: Option<u64>,
    /// Distinct instruction addresses executed in the kernel's own
    /// functions, over all measured inputs; `None` without valgrind.
    pub distinct: Option<usize>,
}

impl BuildResult {
    /// The dynamic instructions summed over the measured inputs.
    pub fn total_instructions(&self) -> Option<u64> {
        if self.instructions.is_empty() {
            None
        } else {
            Some(self.instructions.iter().map(|(_, n)| n).sum())
        }
    }
}

/// Every measurement of one kernel.
#[derive(Clone, Debug, Default)]
pub struct KernelResult {
    pub name: String,
    pub tags: Vec<String>,
    pub long: bool,
    /// The inputs that were run.
    pub inputs: Vec<String>,
    /// By build label.
    pub builds: BTreeMap<String, BuildResult>,
    /// `nissecc --stats=json` of each strategy's build, by strategy.
    pub stats: BTreeMap<String, Value>,
    pub pgo: Option<PgoResult>,
}

/// A kernel's results and everything that went wrong with it.
#[derive(Clone, Debug, Default)]
pub struct KernelOutcome {
    pub result: KernelResult,
    /// One line per failure, each naming the kernel, input and build.
    pub failures: Vec<String>,
}
