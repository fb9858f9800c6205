//! The midend pipeline: the passes every function goes through between the
//! frontend and the backend, in order. A pass is a plain function over the
//! IR; this file is the one place that lists them (like Cranelift's
//! `context.rs` or QBE's `main.c`).

use crate::ir::Module;
use crate::transform::{
    copy_loops_to_memmove, fold_address_offsets, fold_constants, eliminate_dead_code, group_invariant_addresses, zero_extend_nonnegatives, divide_nonnegatives, hoist_invariant_loads, if_convert, inline_small_memops, mem2reg, narrow_arithmetic, narrow_compares, number_values, remove_unreachable_blocks,
    rotate_loops_with, simplify_cfg, thread_jumps, widen_ivs, widen_truncated_parameters,
};
use crate::verifier::{print_module_errors, verify_module};

/// Optimization level requested by the driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OptLevel {
    O0,
    O1,
    O2,
}

/// How the pipeline runs.
#[derive(Clone, Copy, Debug)]
pub struct PipelineOptions {
    pub level: OptLevel,
    /// Runs the verifier on the frontend's output and after every pass, so
    /// that a broken pass is reported as an internal error naming the pass
    /// instead of becoming a miscompilation.
    pub verify: bool,
}

/// The IR was invalid after a pass: a compiler bug.
#[derive(Debug)]
pub struct PipelineError {
    pub pass: &'static str,
    pub report: String,
}

impl std::fmt::Display for PipelineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "internal compiler error: invalid IR after {}:\n{}", self.pass, self.report)
    }
}

fn check(module: &Module, pass: &'static str, options: &PipelineOptions) -> Result<(), PipelineError> {
    if !options.verify {
        return Ok(());
    }
    verify_module(module).map_err(|errors| PipelineError { pass, report: print_module_errors(module, &errors) })
}

/// Runs the pipeline on every function of `module`. SSA construction runs
/// at every level: the frontend leaves every local in memory. Functions
/// that call `setjmp` keep that form (see `Function::calls_returns_twice`).
pub fn run(module: &mut Module, options: &PipelineOptions) -> Result<(), PipelineError> {
    check(module, "the frontend", options)?;
    for func in &mut module.functions {
        remove_unreachable_blocks(func);
    }
    check(module, "unreachable-block removal", options)?;
    if options.level >= OptLevel::O1 && enabled("memops") {
        // Before mem2reg, so that small struct temporaries become scalars.
        let defined: std::collections::HashSet<String> =
            module.functions.iter().map(|f| f.name.clone()).collect();
        for func in &mut module.functions {
            inline_small_memops(func, |name| !defined.contains(name));
        }
        check(module, "memcpy/memset expansion", options)?;
    }
    for func in module.functions.iter_mut().filter(|f| !f.calls_returns_twice) {
        mem2reg(func);
    }
    check(module, "mem2reg", options)?;
    if options.level >= OptLevel::O1 {
        optimize(module, options)?;
    }
    Ok(())
}

/// The optimizing passes of -O1 and -O2, after SSA construction. Each
/// pass's effect on the benchmark kernels is recorded in docs/measurements.md.
fn optimize(module: &mut Module, options: &PipelineOptions) -> Result<(), PipelineError> {
    each_function(module, options, "fold-constants", "constant folding", |func| {
        fold_constants(func);
    })?;
    each_function(module, options, "narrow-arithmetic", "arithmetic narrowing", |func| {
        narrow_arithmetic(func);
    })?;
    each_function(module, options, "simplify-cfg", "CFG simplification", |func| {
        simplify_cfg(func);
    })?;
    each_function(module, options, "thread-jumps", "jump threading", |func| {
        // Before if-conversion, which would turn the repeated test's `if`
        // into a `select`.
        if thread_jumps(func) > 0 {
            simplify_cfg(func);
        }
    })?;
    each_function(module, options, "if-convert", "if-conversion", |func| {
        // Reloads in an arm, and the address arithmetic only they read,
        // would keep it from running speculatively.
        if enabled("gvn") {
            number_values(func);
            eliminate_dead_code(func);
        }
        if if_convert(func) > 0 {
            simplify_cfg(func);
        }
    })?;
    each_function(module, options, "rotate", "loop rotation", |func| {
        rotate_loops_with(func, enabled("rotate-multi-exit"));
        simplify_cfg(func);
    })?;
    each_function(module, options, "nonnegative-divisions", "division of nonnegative values", |func| {
        divide_nonnegatives(func);
    })?;
    each_function(module, options, "widen", "induction-variable widening", |func| {
        // Value numbering first: a rotated loop's latch reloads a bound
        // that its guard loaded (`i < c->size`), and widening compares the
        // counter with the extended bound only if the bound is defined
        // outside the loop (k154_lru_cache's search loop).
        if enabled("gvn") {
            number_values(func);
        }
        widen_ivs(func);
    })?;
    each_function(module, options, "truncated-parameters", "truncated parameter widening", |func| {
        widen_truncated_parameters(func);
    })?;
    each_function(module, options, "nonnegative-extensions", "zero extension of nonnegative values", |func| {
        zero_extend_nonnegatives(func);
    })?;
    each_function(module, options, "address-offsets", "address offset folding", |func| {
        fold_address_offsets(func);
    })?;
    each_function(module, options, "invariant-addresses", "invariant address grouping", |func| {
        group_invariant_addresses(func);
    })?;
    each_function(module, options, "narrow-compares", "compare narrowing", |func| {
        // Rotation passes every header value to the loop's exits as a
        // block argument; until dead code elimination drops the unused
        // ones, they read the extensions that narrowing must see unread.
        eliminate_dead_code(func);
        // Before value numbering, which reuses a byte load only when
        // nothing extends it: the extensions that narrowing left unused
        // must go first.
        if narrow_compares(func) > 0 {
            eliminate_dead_code(func);
        }
    })?;
    each_function(module, options, "gvn", "value numbering", |func| {
        number_values(func);
    })?;
    each_function(module, options, "hoist-loads", "load hoisting", |func| {
        hoist_invariant_loads(func);
    })?;
    each_function(module, options, "dce", "dead code elimination", |func| {
        eliminate_dead_code(func);
    })?;
    // After dead code elimination, which drops the counters that widening
    // left unused from the loops' headers.
    copy_loops(module, options)
}

/// The copy loops of `module`'s functions become `memmove` calls
/// (`transform::copy_loops`), unless the module defines a `memmove` or
/// declares one of another signature; `memmove` is declared if a call was
/// made.
fn copy_loops(module: &mut Module, options: &PipelineOptions) -> Result<(), PipelineError> {
    use crate::transform::copy_loops::{may_call_memmove, memmove_signature, MEMMOVE};
    let declared = module.externs.iter().find(|e| e.name == MEMMOVE).map(|e| e.signature.clone());
    if module.function(MEMMOVE).is_some() || declared.as_ref().is_some_and(|sig| *sig != memmove_signature()) {
        return Ok(());
    }
    // Declared first, so that the verifier sees the calls' callee.
    if declared.is_none() {
        module.externs.push(crate::ir::ExternFunction { name: MEMMOVE.to_string(), signature: memmove_signature(), weak: false });
    }
    let mut replaced = 0;
    each_function(module, options, "copy-loops", "copy-loop replacement", |func| {
        if may_call_memmove(func) {
            replaced += copy_loops_to_memmove(func);
        }
    })?;
    if replaced == 0 && declared.is_none() {
        module.externs.pop();
    }
    Ok(())
}

/// Runs `pass` on every function of `module` unless `NISSECC_DISABLE_PASSES`
/// names `name` ([`enabled`]), then verifies the module, blaming
/// `description` for invalid IR.
fn each_function(
    module: &mut Module,
    options: &PipelineOptions,
    name: &str,
    description: &'static str,
    mut pass: impl FnMut(&mut crate::ir::Function),
) -> Result<(), PipelineError> {
    if !enabled(name) {
        return Ok(());
    }
    for func in module.functions.iter_mut().filter(|f| !f.calls_returns_twice) {
        pass(func);
    }
    check(module, description, options)
}

/// False for a pass named in the environment variable
/// `NISSECC_DISABLE_PASSES` (comma-separated: `memops`, `fold-constants`, `simplify-cfg`,
/// `thread-jumps`, `if-convert`, `rotate`, `nonnegative-divisions`, `widen`, `nonnegative-extensions`, `address-offsets`, `narrow-compares`, `gvn`, `hoist-loads`, `copy-loops`, `dce`, `inline-cleanup` (after profile-guided inlining), and the backend's `extending-loads`, `loop-branches`,
/// `invariant-carriers` (with `call-split-carriers`, its second rule), `load-users`, `branch-conditions`, `constant-subtractions`, `shared-band-tests`, `extremum-operands`, `loop-exit-copies`, `loop-entry-copies` and `unused-slots`; `rotate-multi-exit` keeps rotation from loops whose
/// header values must be demoted), which exists to measure what each pass
/// is worth.
pub fn enabled(pass: &str) -> bool {
    std::env::var("NISSECC_DISABLE_PASSES")
        .map_or(true, |list| !list.split(',').any(|p| p.trim() == pass))
}

/// Instruments `module` for edge profiling. It runs after [`run`], so the
/// CFG checksums and descriptors describe the IR as the passes left it.
pub fn instrument(
    module: &mut Module,
    instrument: &crate::instrument::InstrumentOptions,
    options: &PipelineOptions,
) -> Result<crate::instrument::InstrumentReport, PipelineError> {
    let report = crate::instrument::instrument_module(module, instrument);
    check(module, "instrumentation", options)?;
    Ok(report)
}

/// Applies a profile (`-fprofile-use`): annotates the IR with its counts
/// and runs the profile-guided transforms. Like [`instrument`], it runs
/// after [`run`], so the functions it matches have the CFGs that the
/// instrumented build counted.
pub fn apply_profile(
    module: &mut Module,
    profile: crate::pgo::matching::ProfileRef<'_>,
    pgo: &crate::pgo::PgoOptions,
    options: &PipelineOptions,
) -> Result<Result<crate::pgo::PgoReport, String>, PipelineError> {
    let report = crate::pgo::apply_profile(module, profile, pgo);
    check(module, "profile-guided optimization", options)?;
    Ok(report)
}
