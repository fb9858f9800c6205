//! The value sites of a function (`-fprofile-values`): the instructions
//! whose operand value profiling records, as LLVM's value profiling
//! (`ValueProfileCollector`: indirect-call targets, memory-intrinsic
//! sizes) and gcc's (`-fprofile-values`: divisors, modulos, indirect
//! calls) record them. nissecc records
//!
//! - the divisor of an integer division or remainder whose divisor is not
//!   a constant: a dominant divisor lets `-fprofile-use` divide by a
//!   constant, which Cranelift turns into a multiply or a shift;
//! - the operand of a `switch`: it tells a hot default that falls between
//!   the cases from one that falls outside them;
//! - the target of an indirect call: a dominant target can be called
//!   directly, and then inlined (LLVM's indirect-call promotion). The
//!   runtime records the target as the 64-bit FNV-1a hash of the profile
//!   name of the instrumented function at that address
//!   ([`target_hash`]), since addresses change from one build (and run)
//!   to the next, or as 0 when no instrumented function is there.
//!
//! Sites are numbered in the order of the function's blocks (the CFG's
//! order) and of the instructions in each block. Instrumentation and
//! `-fprofile-use` see the same IR (the same `-O` pipeline precedes both),
//! so the same enumeration finds the same sites; the descriptor stores
//! each site's block, position and kind, and a function whose sites do
//! not match them gets no value counts.

use crate::analysis::cfg::Cfg;
use crate::ir::{BinaryOp, Callee, Function, Inst, InstData, Value};

/// What a value site records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// The divisor of `sdiv`, `udiv`, `srem` or `urem`.
    Divisor,
    /// The operand of a `switch`.
    SwitchOperand,
    /// The callee of an indirect call.
    CallTarget,
}

impl ValueKind {
    /// The kind's name in listings.
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::Divisor => "divisor",
            ValueKind::SwitchOperand => "switch",
            ValueKind::CallTarget => "target",
        }
    }
}

/// One value site as the descriptor records it: its block (an index into
/// the CFG's blocks), its position in the block and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValueSite {
    pub block: u32,
    pub inst: u32,
    pub kind: ValueKind,
}

/// The value sites of `func`, in site order, each with its instruction.
pub fn value_sites(func: &Function, cfg: &Cfg) -> Vec<(Inst, ValueSite)> {
    let mut sites = Vec::new();
    for (b, &block) in cfg.blocks().iter().enumerate() {
        for (i, &inst) in func.blocks[block].insts.iter().enumerate() {
            if let Some(kind) = site_kind(func, inst) {
                sites.push((inst, ValueSite { block: b as u32, inst: i as u32, kind }));
            }
        }
    }
    sites
}

/// The kind of value site `inst` is, if it is one.
pub fn site_kind(func: &Function, inst: Inst) -> Option<ValueKind> {
    match &func.insts[inst] {
        InstData::Binary { op: BinaryOp::Sdiv | BinaryOp::Udiv | BinaryOp::Srem | BinaryOp::Urem, args } if func.constant_value(args[1]).is_none() => {
            Some(ValueKind::Divisor)
        }
        InstData::Switch { arg, .. } if func.constant_value(*arg).is_none() => Some(ValueKind::SwitchOperand),
        InstData::Call { callee: Callee::Indirect(_), .. } => Some(ValueKind::CallTarget),
        _ => None,
    }
}

/// The value that the site `inst` records.
pub fn profiled_value(func: &Function, inst: Inst) -> Value {
    match &func.insts[inst] {
        InstData::Binary { args, .. } => args[1],
        InstData::Switch { arg, .. } => *arg,
        InstData::Call { callee: Callee::Indirect(target), .. } => *target,
        other => unreachable!("not a value site: {other:?}"),
    }
}

/// How a call-target site records the function called: the FNV-1a hash
/// of its profile name (`profile::profile_name`), which the runtime
/// computes from the function's record.
pub fn target_hash(profile_name: &str) -> u64 {
    nissecc_profile_format::fnv1a64(profile_name.as_bytes())
}

/// What a profile says about one value site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteValues {
    pub site: ValueSite,
    /// How often the site ran: its block's count.
    pub executions: u64,
    /// The counted values with their counts, the most frequent first (ties
    /// by value).
    pub values: Vec<(u64, u64)>,
}

impl SiteValues {
    /// The executions whose value was not counted (seen first when every
    /// slot of the site was taken).
    pub fn uncounted(&self) -> u64 {
        self.executions.saturating_sub(self.values.iter().map(|&(_, count)| count).sum())
    }
}

/// The values of each of `sites` in `counts` (a profile's value counts,
/// sorted by site), with the sites' executions from `block_counts`, the
/// function's block counts. A count for a site the descriptor lacks, or
/// counts that add up to more than the site's executions, make the
/// profile inconsistent.
pub fn site_values(sites: &[ValueSite], counts: &[nissecc_profile_format::ValueCount], block_counts: &[u64]) -> Result<Vec<SiteValues>, String> {
    let mut result: Vec<SiteValues> = sites
        .iter()
        .map(|&site| SiteValues { site, executions: block_counts.get(site.block as usize).copied().unwrap_or(0), values: Vec::new() })
        .collect();
    for count in counts {
        let Some(entry) = result.get_mut(count.site as usize) else {
            return Err(format!("value counts for site {} of a function with {} value sites", count.site, sites.len()));
        };
        entry.values.push((count.value, count.count));
    }
    for (i, entry) in result.iter_mut().enumerate() {
        let counted = entry.values.iter().fold(0u64, |sum, &(_, count)| sum.saturating_add(count));
        if counted > entry.executions {
            return Err(format!("value site {i} counted {counted} values but its block ran {} times", entry.executions));
        }
        entry.values.sort_by_key(|&(value, count)| (std::cmp::Reverse(count), value));
    }
    Ok(result)
}
