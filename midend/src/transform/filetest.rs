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
