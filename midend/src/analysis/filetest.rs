//! The filetest kinds of the analyses (`test cfg`, `test domtree`, `test
//! postdomtree`, `test loops`). Each prints, for every function of the
//! module, a `function @name:` line and then the analysis's `render`
//! output, so that `; check:` lines can match it.

use super::cfg::Cfg;
use super::dominance_frontier::DominanceFrontiers;
use super::dominators::DominatorTree;
use super::loops::LoopForest;
use super::post_dominators::PostDominatorTree;
use crate::ir::{Function, Module};

/// Concatenates `render(func, cfg)` for every function of `module`, each
/// under a `function @name:` line.
fn per_function(module: &Module, render: impl Fn(&Function, &Cfg) -> String) -> String {
    let mut out = String::new();
    for func in &module.functions {
        let cfg = Cfg::compute(func);
        out += &format!("function @{}:\n", func.name);
        out += &render(func, &cfg);
    }
    out
}

/// `test cfg`: edges, per-block neighbours, reverse postorder, checksum
/// and unreachable blocks.
pub fn cfg(module: &Module, _args: &str) -> Result<String, String> {
    Ok(per_function(module, |func, cfg| cfg.render(func)))
}

/// `test domtree`: immediate dominators, the tree's preorder and the
/// dominance frontiers.
pub fn domtree(module: &Module, _args: &str) -> Result<String, String> {
    Ok(per_function(module, |_, cfg| {
        let domtree = DominatorTree::compute(cfg);
        domtree.render(cfg) + &DominanceFrontiers::compute(cfg, &domtree).render(cfg)
    }))
}

/// `test postdomtree`: immediate post-dominators (`exit` for the virtual
/// exit) and the blocks connected to the exit for infinite loops.
pub fn postdomtree(module: &Module, _args: &str) -> Result<String, String> {
    Ok(per_function(module, |func, cfg| {
        PostDominatorTree::compute(func, cfg).render(cfg)
    }))
}

/// `test loops`: the loop forest and each block's innermost loop.
pub fn loops(module: &Module, _args: &str) -> Result<String, String> {
    Ok(per_function(module, |_, cfg| {
        LoopForest::compute(cfg).render(cfg)
    }))
}
