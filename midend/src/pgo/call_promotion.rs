//! Indirect-call promotion (`values`; LLVM's `PGOIndirectCallPromotion`,
//! gcc's `gimple_ic_transform` in `value-prof.cc`): an indirect call
//! whose value profile (`-fprofile-values`, `profile::value_sites`) shows
//! one target `F` in most of its executions becomes
//!
//! ```text
//! brif fp == &F, direct, indirect
//! direct:   r1 = call F(args)     ; a direct call, which inlining may take
//! indirect: r2 = call_indirect fp(args)
//! join(r): the rest of the block
//! ```
//!
//! (`pgo::versioning`). The rule is gcc's for a single target: the site
//! ran at least [`MIN_EXECUTIONS`] times and `F` took more than half of
//! its executions. `F` must be defined in the module being compiled (a
//! target is recorded by the hash of its profile name,
//! `value_sites::target_hash`) with the call's very signature: a K&R
//! call through a pointer of another type stays indirect. It runs right
//! after annotation, before inlining, so that the direct call, with its
//! count, can be inlined.

use super::versioning::version;
use crate::ir::{Callee, Function, Inst, InstData, IntCC, Signature, Type};
use crate::profile::value_sites::{SiteValues, ValueKind};
use std::collections::HashMap;

/// The fewest executions of a site worth a test.
pub const MIN_EXECUTIONS: u64 = 32;

/// The functions defined in a module, by call-target hash: name and
/// signature.
pub type Targets = HashMap<u64, (String, Signature)>;

/// Promotes the indirect calls among `sites` (instructions of `func`
/// with their profiled values) whose target is dominated by one function
/// of `targets`, and returns how many.
pub fn promote_indirect_calls(func: &mut Function, sites: &[(Inst, SiteValues)], targets: &Targets) -> usize {
    let mut done = 0;
    for (inst, site) in sites {
        if site.site.kind != ValueKind::CallTarget || site.executions < MIN_EXECUTIONS || func.block_of(*inst).is_none() {
            continue;
        }
        let Some(&(hash, count)) = site.values.first() else { continue };
        if count <= site.executions / 2 {
            continue;
        }
        let Some((target, target_sig)) = targets.get(&hash) else { continue };
        let InstData::Call { callee: Callee::Indirect(pointer), sig, args } = func.insts[*inst].clone() else { continue };
        if sig != *target_sig || sig.variadic {
            continue;
        }
        let test = |func: &mut Function, block| {
            let address = func.append_value(block, InstData::SymbolAddr { symbol: target.clone(), offset: 0 }, Type::PTR);
            func.append_value(block, InstData::Icmp { cond: IntCC::Eq, args: [pointer, address] }, Type::I8)
        };
        let result_ty = func.inst_result(*inst).map(|r| func.value_type(r));
        let direct = |func: &mut Function, block| {
            let call = func.append_inst(block, InstData::Call { callee: Callee::Direct(target.clone()), sig, args }, result_ty);
            func.inst_result(call)
        };
        version(func, *inst, test, direct, count, site.executions - count);
        done += 1;
    }
    done
}
