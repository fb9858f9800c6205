//! The filetest kinds of the transforms (`test mem2reg`). Each runs its
//! pass on every function of the module, verifies the result, and prints
//! what the pass did followed by the rewritten function.

use super::mem2reg::mem2reg;
use crate::ir::Module;
use crate::verifier::{print_errors, verify_function};

/// `test mem2reg`: a `promoted:` line listing the promoted slots, then
/// the function after the pass, for every function.
pub fn mem2reg_test(module: &Module, _args: &str) -> Result<String, String> {
    let mut out = String::new();
    for func in &module.functions {
        let mut func = func.clone();
        let promoted = mem2reg(&mut func);
        if let Err(errors) = verify_function(&func, module) {
            return Err(format!(
                "mem2reg broke @{}:\n{}",
                func.name,
                print_errors(&func, &errors)
            ));
        }
        out += &format!(
            "promoted in @{}: [{}]\n",
            func.name,
            crate::analysis::cfg::list(&promoted)
        );
        out += &func.to_string();
    }
    Ok(out)
}

/// Runs `pass` on a copy of every function of `module`, verifies the
/// result, and prints `<what>: N` followed by the rewritten function.
pub(crate) fn run_pass_test(
    module: &Module,
    what: &str,
    mut pass: impl FnMut(&mut crate::ir::Function) -> usize,
) -> Result<String, String> {
    let mut out = String::new();
    for func in &module.functions {
        let mut func = func.clone();
        let count = pass(&mut func);
        if let Err(errors) = verify_function(&func, module) {
            return Err(format!("the pass broke @{}:\n{}", func.name, print_errors(&func, &errors)));
        }
        out += &format!("{what} in @{}: {count}\n", func.name);
        out += &func.to_string();
    }
    Ok(out)
}

/// `test inline-memops`: the number of calls expanded, then the function.
pub fn inline_memops_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "expanded", |func| {
        super::inline_memops::inline_small_memops(func, |name| module.function(name).is_none())
    })
}

/// `test copy-loops`: the number of copy loops replaced, then the
/// function.
pub fn copy_loops_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "replaced", super::copy_loops::copy_loops_to_memmove)
}

/// `test simplify-cfg`: 1 if the CFG changed, then the function.
pub fn simplify_cfg_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "changed", |func| usize::from(super::simplify_cfg::simplify_cfg(func)))
}

/// `test rotate-loops`: the number of loops rotated, then the function
/// after rotation and the clean-up that follows it in the pipeline (CFG
/// simplification and dead code elimination).
pub fn rotate_loops_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "rotated", |func| {
        let rotated = super::rotate_loops::rotate_loops(func);
        super::simplify_cfg::simplify_cfg(func);
        super::dce::eliminate_dead_code(func);
        rotated
    })
}

/// `test dce`: the number of instructions and block parameters removed,
/// then the function.
pub fn dce_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "removed (instructions + parameters)", |func| {
        let (insts, params) = super::dce::eliminate_dead_code(func);
        insts + params
    })
}

/// `test widen-ivs`: the number of counters widened, then the function
/// after widening and dead code elimination.
pub fn widen_ivs_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "widened", |func| {
        let widened = super::widen_ivs::widen_ivs(func);
        super::dce::eliminate_dead_code(func);
        widened
    })
}

/// `test value-numbering`: the number of instructions removed, then the
/// function.
pub fn value_numbering_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "removed", super::value_numbering::number_values)
}

/// `test narrow-compares`: the number of comparisons narrowed, then the
/// function after narrowing and the dead code elimination that follows
/// it in the pipeline.
pub fn narrow_compares_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "narrowed", |func| {
        let narrowed = super::narrow_compares::narrow_compares(func);
        super::dce::eliminate_dead_code(func);
        narrowed
    })
}

/// `test if-convert`: the number of hammocks converted, then the function
/// after the conversion and the CFG simplification that follows it.
pub fn if_convert_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "converted", |func| {
        let converted = super::if_convert::if_convert(func);
        super::simplify_cfg::simplify_cfg(func);
        converted
    })
}

/// `test hoist-loads`: the number of loads hoisted, then the function.
pub fn hoist_loads_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "hoisted", super::hoist_loads::hoist_invariant_loads)
}

/// `test address-offsets`: the number of loads and stores whose address
/// lost its constant, then the function.
pub fn address_offsets_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "folded", super::address_offsets::fold_address_offsets)
}

/// `test invariant-addresses`: the number of loads and stores whose
/// address was regrouped, then the function.
pub fn invariant_addresses_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "regrouped", super::invariant_addresses::group_invariant_addresses)
}

/// `test narrow-arithmetic`: the number of truncations that became narrow
/// operations, then the function.
pub fn narrow_arithmetic_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "narrowed", super::narrow_arithmetic::narrow_arithmetic)
}

/// `test truncated-parameters`: the number of parameters widened, then the
/// function.
pub fn truncated_parameters_test(module: &Module, _args: &str) -> Result<String, String> {
    run_pass_test(module, "widened", super::truncated_parameters::widen_truncated_parameters)
}
