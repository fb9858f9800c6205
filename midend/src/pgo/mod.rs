//! Profile-guided optimization (`-fprofile-use`): reads the counts of an
//! earlier run into the IR and lays the code out by them.
//!
//! [`apply_profile`] runs at the point of the pipeline where
//! instrumentation would (after every other pass, `pipeline::apply_profile`),
//! so the CFG it matches is the CFG the instrumented build counted. For
//! each function it
//!
//! 1. matches the profile by name, CFG checksum and shape ([`matching`];
//!    Ball & Larus, "Optimally Profiling and Tracing Programs", TOPLAS 1994,
//!    §3.2 for turning counters back into edge counts), or, when the
//!    function changed since it was profiled, matches its blocks by hash
//!    and infers the counts of the others ([`stale`]);
//! 2. writes the block and edge counts into the IR ([`annotate`]);
//! 3. with `-fprofile-values` profiles and the `values` transforms,
//!    divides by a dominant divisor as a constant
//!    ([`value_specialization`]) and calls a dominant indirect-call
//!    target directly ([`call_promotion`]);
//!
//! then inlines hot call sites of small callees ([`inline`]); then, in
//! every annotated function,
//!
//! 4. peels hot loops with a small constant trip count completely
//!    ([`peel`]), and unrolls hot counted innermost loops with small bodies, testing
//!    the bound once per unrolled iteration ([`unroll`]), and moves the
//!    copies' index offsets into their accesses
//!    (`transform::fold_address_offsets`);
//! 5. tests the hottest targets of hot switches first, before the rest of
//!    the switch, or a dominant profiled value of a hot default
//!    ([`switch_peeling`]);
//! 6. copies small hot join blocks into their hot predecessors
//!    ([`tail_duplication`]);
//! 7. orients every two-way branch so that its hot successor falls
//!    through, judged by the layout Cranelift will produce
//!    ([`branch_orientation`], [`cranelift_layout`]);
//! 8. runs value numbering again (`transform::number_values`), so that a
//!    copied join or a turned branch does not reload what its one
//!    predecessor just loaded: Cranelift's own redundant-load elimination
//!    depends on the block order and misses such reloads;
//! 9. marks the blocks that never ran cold ([`cold_blocks`]);
//!
//! and finally orders the module's functions hottest first
//! ([`function_order`]). The layout steps follow Pettis & Hansen,
//! "Profile Guided Code Positioning", PLDI 1990; which transforms run is
//! chosen by [`PgoOptions`], so that each can be measured on its own.

pub mod annotate;
pub mod branch_orientation;
pub mod call_promotion;
pub mod cold_blocks;
pub mod cranelift_layout;
pub mod function_order;
pub mod inline;
pub mod matching;
pub mod peel;
#[cfg(test)]
mod peel_tests;
pub mod stale;
pub mod switch_peeling;
pub mod tail_duplication;
#[cfg(test)]
mod tests;
pub mod unroll;
#[cfg(test)]
mod unroll_tests;
pub mod value_specialization;
pub mod versioning;

use crate::analysis::cfg::Cfg;
use crate::analysis::noreturn::NoReturn;
use crate::ir::Module;
use matching::{match_function, Match, ProfileRef, StaleCounts};
use crate::profile::value_sites::{SiteValues, ValueKind};
use std::collections::{HashMap, HashSet};

/// The profile-guided transforms, each of which can be turned off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgoOptions {
    /// Hot successors fall through ([`branch_orientation`]).
    pub orient_branches: bool,
    /// Blocks that never ran are sunk ([`cold_blocks`]).
    pub cold_blocks: bool,
    /// Hot functions first, never-run functions last ([`function_order`]).
    pub order_functions: bool,
    /// Hot call sites of small callees are inlined ([`inline`]).
    pub inline: bool,
    /// Small hot join blocks are copied into their hot predecessors
    /// ([`tail_duplication`]).
    pub tail_duplication: bool,
    /// Value numbering runs again after the layout transforms, removing
    /// the reloads that copies and turned branches expose
    /// (`transform::number_values`).
    pub reuse_loads: bool,
    /// Hot counted loops with small bodies are unrolled ([`unroll`]).
    pub unroll: bool,
    /// Hot loops with a small constant trip count are peeled completely
    /// ([`peel`]).
    pub peel_loops: bool,
    /// The hottest targets of hot switches are tested first
    /// ([`switch_peeling`]).
    pub peel_switches: bool,
    /// The transforms that read value profiles (`-fprofile-values`):
    /// divisions whose profile shows one dominant divisor divide by it as
    /// a constant when it comes ([`value_specialization`]), and a switch's
    /// hot default tests its dominant value first ([`switch_peeling`]),
    /// and an indirect call's dominant target is called directly
    /// ([`call_promotion`]).
    pub use_values: bool,
    /// With a combined profile, orientation leaves alone the branches
    /// whose bias is unstable across the runs
    /// (`profile::combined::unstable_branches`); no effect otherwise.
    pub stable_orientation: bool,
}

/// The default: the transforms that paid on the jotai-subset kernels
/// (`scripts/measure-pgo.py`, see ARCHITECTURE.md). Function ordering
/// changed no kernel's instruction count by more than 0.07%, and marking
/// never-run blocks cold cost one kernel 3.5% (and gained at most 2%)
/// once orientation judges the layout itself, so both run only when asked
/// for. Tail duplication paid on its own branch, but once `-O2` gained
/// if-conversion and value numbering it gained at most 1.6% on any kernel
/// and cost k131_dijkstra_dense 6.1% (same-input profiles, all 160
/// kernels), so it runs only when asked for too. Complete peeling gains up
/// to ×3.6 (k062) and costs no kernel more than 1% with either profile.
/// Unrolling gains up to
/// 46% and costs no kernel more than 1% with either profile; switch
/// peeling made no kernel more than 1% slower with same- or cross-input
/// profiles (`docs/measurements.md` has the numbers). Keeping
/// orientation off branches whose bias is unstable across the runs of a
/// combined profile changed the code of 11 of 157 kernels trained on
/// their other inputs and evaluated on a held-out one
/// (`scripts/measure-combined.py`): 6 gained up to 0.8%, 3 lost up to
/// 4.9%, geometric mean +0.03%, so it runs only when asked for.
/// The value-profile transforms (`values`) changed 9 kernels' code:
/// dividing by a dominant divisor as a constant added instructions to 8
/// of them (up to 6%, k115_chained_hash), since a multiply-and-shift
/// sequence and the test are more instructions than one `div`, whatever
/// they save in cycles; testing a switch's dominant value gained 5.3% on
/// k123_glob_match with its own input's profile and lost 4.3% with the
/// other input's, whose dominant value it never sees. So they too run
/// only when asked for.
impl Default for PgoOptions {
    fn default() -> Self {
        PgoOptions {
            order_functions: false,
            cold_blocks: false,
            tail_duplication: false,
            stable_orientation: false,
            use_values: false,
            ..PgoOptions::every()
        }
    }
}

impl PgoOptions {
    /// The names `-fprofile-use-transforms=` accepts.
    pub const NAMES: [&'static str; 11] = ["orient", "cold", "order", "inline", "tail", "reload", "unroll", "peel", "switch", "values", "stable"];

    /// Every transform (`all`).
    pub fn every() -> PgoOptions {
        PgoOptions {
            orient_branches: true,
            cold_blocks: true,
            order_functions: true,
            inline: true,
            tail_duplication: true,
            reuse_loads: true,
            unroll: true,
            peel_loops: true,
            peel_switches: true,
            use_values: true,
            stable_orientation: true,
        }
    }

    /// Only annotation, no transform.
    pub fn none() -> PgoOptions {
        PgoOptions {
            orient_branches: false,
            cold_blocks: false,
            order_functions: false,
            inline: false,
            tail_duplication: false,
            reuse_loads: false,
            unroll: false,
            peel_loops: false,
            peel_switches: false,
            use_values: false,
            stable_orientation: false,
        }
    }

    /// Parses a comma-separated list of transform names (see
    /// [`Self::NAMES`]), `all`, `default` or `none`, applied left to right; `-NAME`
    /// turns a transform off (`all,-inline`).
    pub fn parse(list: &str) -> Result<PgoOptions, String> {
        let mut options = PgoOptions::none();
        for item in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let (name, on) = match item.strip_prefix('-') {
                Some(name) => (name, false),
                None => (item, true),
            };
            match name {
                "all" if on => options = PgoOptions::every(),
                "default" if on => options = PgoOptions::default(),
                "none" if on => options = PgoOptions::none(),
                "orient" => options.orient_branches = on,
                "cold" => options.cold_blocks = on,
                "order" => options.order_functions = on,
                "inline" => options.inline = on,
                "tail" => options.tail_duplication = on,
                "reload" => options.reuse_loads = on,
                "unroll" => options.unroll = on,
                "peel" => options.peel_loops = on,
                "switch" => options.peel_switches = on,
                "values" => options.use_values = on,
                "stable" => options.stable_orientation = on,
                _ => {
                    return Err(format!(
                        "unknown profile-guided transform '{item}' (expected {}, all, default or none, or -NAME to turn one off)",
                        Self::NAMES.join(", ")
                    ))
                }
            }
        }
        Ok(options)
    }
}

/// How the profile applied to one function.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum FunctionOutcome {
    /// Annotated and optimized; `stale` when the function changed since
    /// it was profiled and its counts were recovered ([`stale`]).
    Optimized {
        flipped: usize,
        kept_float: usize,
        /// Branches orientation left alone as unstable across runs.
        held: usize,
        cold: usize,
        tails: usize,
        reloads: usize,
        unrolled: usize,
        /// Loops peeled completely.
        peeled_loops: usize,
        peeled: usize,
        specialized: usize,
        promoted: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        stale: Option<StaleCounts>,
    },
    Missing,
    /// The function changed since it was profiled and its counts were
    /// dropped.
    Stale(StaleCounts),
    /// The counts violate flow conservation: why.
    Inconsistent(String),
}

impl FunctionOutcome {
    /// An annotated function that no transform has changed yet.
    fn optimized(stale: Option<StaleCounts>) -> FunctionOutcome {
        FunctionOutcome::Optimized { flipped: 0, kept_float: 0, held: 0, cold: 0, tails: 0, reloads: 0, unrolled: 0, peeled_loops: 0, peeled: 0, specialized: 0, promoted: 0, stale }
    }
}

/// What [`apply_profile`] did to a module.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PgoReport {
    pub functions: Vec<(String, FunctionOutcome)>,
    /// Call sites inlined.
    pub inlined: usize,
}

impl PgoReport {
    /// A table with a row per function: whether the profile matched, and
    /// what each transform did to it (`--stats` with `-fprofile-use`).
    pub fn render(&self) -> String {
        let mut out = format!(
            "{:<32} {:>9} {:>11} {:>8} {:>8} {:>12} {:>6} {:>5} {:>7} {:>7} {:>4}\n",
            "function", "profile", "specialized", "promoted", "unrolled", "peeled-loops", "peeled", "tails", "flipped", "reloads", "cold"
        );
        for (name, outcome) in &self.functions {
            out += &match outcome {
                FunctionOutcome::Optimized { flipped, cold, tails, reloads, unrolled, peeled_loops, peeled, specialized, promoted, stale, .. } => format!(
                    "{name:<32} {:>9} {specialized:>11} {promoted:>8} {unrolled:>8} {peeled_loops:>12} {peeled:>6} {tails:>5} {flipped:>7} {reloads:>7} {cold:>4}\n",
                    if stale.is_some() { "recovered" } else { "matched" }
                ),
                FunctionOutcome::Missing => format!("{name:<32} {:>9}\n", "missing"),
                FunctionOutcome::Stale(_) => format!("{name:<32} {:>9}\n", "stale"),
                FunctionOutcome::Inconsistent(_) => format!("{name:<32} {:>9}\n", "inconsistent"),
            };
        }
        out + &format!("call sites inlined: {}\n", self.inlined)
    }

    /// One warning per stale or inconsistent function, naming it and what
    /// was dropped, or for a stale function whose counts were recovered,
    /// how many of its blocks matched and how many were inferred.
    pub fn stale_warnings(&self) -> Vec<String> {
        self.functions
            .iter()
            .filter_map(|(name, outcome)| match outcome {
                FunctionOutcome::Optimized { stale: Some(s @ StaleCounts { recovered: Some(r), .. }), .. } => Some(format!(
                    "the profile of `{name}` is stale (CFG checksum {:#018x}, now {:#018x}): {} of {} blocks matched, {} inferred",
                    s.profiled_checksum,
                    s.current_checksum,
                    r.matched,
                    r.matched + r.inferred,
                    r.inferred
                )),
                FunctionOutcome::Stale(s) => Some(format!(
                    "the profile of `{name}` is stale (CFG checksum {:#018x}, now {:#018x}): dropped its {} block and edge counts ({} entries); `{name}` is not optimized",
                    s.profiled_checksum, s.current_checksum, s.counts, s.entries
                )),
                FunctionOutcome::Inconsistent(reason) => Some(format!(
                    "the profile of `{name}` is inconsistent ({reason}; increments are lost when threads run it at once; instrument with -fprofile-update=atomic): `{name}` is not optimized"
                )),
                _ => None,
            })
            .collect()
    }
}

/// Annotates and optimizes every function of `module` with `profile`.
/// An error means the profile is damaged.
pub fn apply_profile<'a>(module: &mut Module, profile: impl Into<ProfileRef<'a>>, options: &PgoOptions) -> Result<PgoReport, String> {
    let profile = profile.into();
    let mut report = PgoReport::default();
    // Per function, in the order of `report.functions`: the blocks whose
    // branches orientation leaves alone.
    let mut held: Vec<HashSet<crate::ir::Block>> = Vec::new();
    // Likewise: the profiled operand values of its switches, by
    // terminator, for switch peeling.
    let mut switch_values: Vec<HashMap<crate::ir::Inst, SiteValues>> = Vec::new();
    let source_file = module.source_file.clone();
    // Calls are classified as instrumentation classified them, for the
    // shapes that stale counts are inferred on.
    let noreturn = NoReturn::compute(module);
    // What a call-target site may be promoted to: every function defined
    // here, by the hash its profile records.
    let targets: call_promotion::Targets = module
        .functions
        .iter()
        .filter(|f| !f.layout.is_empty())
        .map(|f| (crate::profile::value_sites::target_hash(&crate::profile::profile_name(f, &source_file)), (f.name.clone(), f.signature.clone())))
        .collect();
    for func in module.functions.iter_mut().filter(|f| !f.layout.is_empty()) {
        let cfg = Cfg::compute(func);
        let name = crate::profile::profile_name(func, &source_file);
        held.push(match (&profile, options.stable_orientation) {
            (ProfileRef::Combined(combined), true) => unstable_blocks(combined, &name, &cfg)?,
            _ => HashSet::new(),
        });
        let (counts, sites, mut outcome) = match match_function(func, &name, &cfg, profile, &noreturn)? {
            Match::Missing => (None, Vec::new(), FunctionOutcome::Missing),
            Match::Stale(stale) => (None, Vec::new(), FunctionOutcome::Stale(stale)),
            Match::Inconsistent(reason) => (None, Vec::new(), FunctionOutcome::Inconsistent(reason)),
            // Values only of a function profiled as it is now.
            Match::Matched { counts, values } => (Some(counts), values, FunctionOutcome::optimized(None)),
            Match::Recovered { stale, counts } => (Some(counts), Vec::new(), FunctionOutcome::optimized(Some(stale))),
        };
        if let Some(counts) = counts {
            annotate::annotate(func, &cfg, &counts);
        }
        if let (true, FunctionOutcome::Optimized { specialized, promoted, .. }) = (options.use_values, &mut outcome) {
            *specialized = value_specialization::specialize_divisions(func, &sites);
            *promoted = call_promotion::promote_indirect_calls(func, &sites, &targets);
        }
        let switches = sites.into_iter().filter(|(_, site)| site.site.kind == ValueKind::SwitchOperand).collect();
        switch_values.push(switches);
        report.functions.push((func.name.clone(), outcome));
    }
    if options.inline {
        report.inlined = inline::inline_hot_calls(module);
    }
    // By name, once: a search per function would make many functions cost
    // their square.
    let position: std::collections::HashMap<String, usize> =
        module.functions.iter().enumerate().map(|(i, f)| (f.name.clone(), i)).collect();
    for (((name, outcome), held), switch_values) in report.functions.iter_mut().zip(&held).zip(&switch_values) {
        let FunctionOutcome::Optimized { flipped, kept_float, held: held_back, cold, tails, reloads, unrolled, peeled_loops, peeled, .. } = outcome else { continue };
        let func = &mut module.functions[position[name.as_str()]];
        if options.peel_loops {
            *peeled_loops = peel::peel_constant_loops(func);
        }
        if options.unroll {
            *unrolled = unroll::unroll_hot_loops(func);
            // Copy `k` indexes with `p + k`: its constant moves into the
            // accesses' offsets, so the copies share one address.
            if *unrolled > 0 && crate::pipeline::enabled("address-offsets") {
                crate::transform::fold_address_offsets(func);
            }
        }
        if options.peel_switches {
            let no_values = HashMap::new();
            let values = if options.use_values { switch_values } else { &no_values };
            *peeled = switch_peeling::peel_switches(func, values).tests;
        }
        if options.tail_duplication {
            *tails = tail_duplication::duplicate_tails(func);
        }
        if options.orient_branches {
            let stats = branch_orientation::orient_branches_except(func, held);
            (*flipped, *kept_float, *held_back) = (stats.flipped, stats.kept_float, stats.held);
        }
        if options.reuse_loads {
            *reloads = crate::transform::number_values(func);
        }
        if options.cold_blocks {
            *cold = cold_blocks::mark_cold_blocks(func);
        }
    }
    if options.order_functions {
        function_order::order_functions(module);
    }
    Ok(report)
}

/// The IR blocks of the function `name`, whose CFG is `cfg`, whose
/// branches' bias is unstable across the runs of `combined` (more than one
/// standard deviation may put the hot side's share below one half). Only
/// a function that matches its profile exactly has any: a stale one's
/// blocks do not correspond.
fn unstable_blocks(combined: &nissecc_profile_format::CombinedProfile, name: &str, cfg: &Cfg) -> Result<HashSet<crate::ir::Block>, String> {
    let Some(profiled) = combined.function(name) else { return Ok(HashSet::new()) };
    if profiled.checksum != crate::analysis::cfg::cfg_checksum_of(cfg) {
        return Ok(HashSet::new());
    }
    let descriptor = crate::profile::decode_descriptor(&profiled.descriptor).map_err(|e| format!("the counts of `{name}` are unusable: {e}"))?;
    if descriptor.shape.num_blocks() as usize != cfg.blocks().len() {
        return Ok(HashSet::new());
    }
    let unstable = crate::profile::combined::unstable_branches(&descriptor, profiled, UNSTABLE_DEVIATIONS)
        .map_err(|e| format!("the counts of `{name}` are unusable: {e}"))?;
    Ok(unstable.into_iter().map(|b| cfg.blocks()[b as usize]).collect())
}

/// How many standard deviations of a branch's hot-side share must stay
/// above one half for orientation to follow it (see [`unstable_blocks`]).
pub const UNSTABLE_DEVIATIONS: f64 = 1.0;
