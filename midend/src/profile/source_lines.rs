//! The source lines of every block of a profiled function, which the
//! descriptor carries (flag bit 3) so that `nissecc-profdata annotate` can
//! print a gcov-style listing from the profile and the source alone: a
//! line's count is derived from the counts of all the blocks that have
//! code on it, as gcov derives it from its notes file.

use crate::analysis::cfg::Cfg;
use crate::ir::Function;

/// The file of a function and the lines of each of its blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceLines {
    /// The file holding the function's definition, as the preprocessor
    /// named it (the path given to the compiler for the main file).
    pub file: String,
    /// Per block, in the shape's numbering, every line of `file` with code
    /// in the block, in the order first met (a branch's line last).
    pub blocks: Vec<Vec<u32>>,
}

impl SourceLines {
    /// The lines of `func`'s reachable blocks, whose CFG is `cfg`, in the
    /// numbering of `FunctionShape::of`; `None` when the frontend recorded
    /// no file (IR read from text, for instance).
    pub fn of(func: &Function, cfg: &Cfg) -> Option<SourceLines> {
        if func.source_file.is_empty() {
            return None;
        }
        let blocks = cfg.blocks().iter().map(|&block| func.block_source_lines[block].clone()).collect();
        Some(SourceLines { file: func.source_file.clone(), blocks })
    }
}
