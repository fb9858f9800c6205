//! Value profiling (`-fprofile-values`): a call of the runtime before each
//! value site (`profile::value_sites`) hands it the site's operand. The
//! layout of the sites and the runtime's counting are in
//! `nissecc_profile_format::abi` (`VALUE_COUNT_FUNCTION`); this is the
//! instrumented code's side, as LLVM's `InstrProfiling` lowers
//! `llvm.instrprof.value.profile` to a call of
//! `__llvm_profile_instrument_target`.
//!
//! The calls are inserted after every other instrumentation, so that the
//! edge counters' plan and the SESE and promoted counters are those of a
//! build without value profiling, and the sites are those found on the
//! IR before instrumentation, which `-fprofile-use` sees too.

use super::counter_array::ProfileUpdate;
use super::path::placement::{hash_count_function, hash_count_signature};
use crate::ir::{Callee, Function, Inst, InstData, Module, Signature, Type, UnaryOp};
use crate::profile::value_sites::profiled_value;
use nissecc_profile_format::abi;

/// How value sites count (`-fprofile-values[=slots|naive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueProfiling {
    /// The first `abi::VALUE_SLOTS` distinct values of each site, each
    /// counted exactly: the default.
    Slots,
    /// Every value, in the runtime's hash table: the reference the profile
    /// oracle checks [`ValueProfiling::Slots`] against.
    Hashed,
}

impl ValueProfiling {
    /// The `u64`s of one site.
    pub fn site_words(self) -> usize {
        match self {
            ValueProfiling::Slots => abi::VALUE_SITE_WORDS,
            ValueProfiling::Hashed => 1,
        }
    }

    /// The record flag that tells the runtime how the sites count.
    pub fn record_flag(self) -> u64 {
        match self {
            ValueProfiling::Slots => 0,
            ValueProfiling::Hashed => abi::FLAG_VALUES_HASHED,
        }
    }

    /// The runtime function each site calls.
    fn count_function(self, update: ProfileUpdate) -> &'static str {
        match (self, update) {
            (ValueProfiling::Slots, ProfileUpdate::Single) => abi::VALUE_COUNT_FUNCTION,
            (ValueProfiling::Slots, ProfileUpdate::Atomic) => abi::VALUE_COUNT_ATOMIC_FUNCTION,
            (ValueProfiling::Hashed, update) => hash_count_function(update),
        }
    }

    fn count_signature(self) -> Signature {
        match self {
            ValueProfiling::Slots => Signature::scalars(vec![Type::I64, Type::I64], None, false),
            ValueProfiling::Hashed => hash_count_signature(),
        }
    }

    /// Declares the runtime function that the sites call.
    pub fn declare(self, module: &mut Module, update: ProfileUpdate) {
        super::records::declare_extern(module, self.count_function(update), self.count_signature());
    }
}

/// The symbol of `function`'s value sites.
pub fn value_sites_symbol(function: &str) -> String {
    format!("{}{function}", abi::VALUE_SITES_PREFIX)
}

/// Inserts the runtime call before each of `sites`, instructions of
/// `func`, the `i`th counting into site `i` of `func`'s value sites.
pub fn instrument(func: &mut Function, sites: &[Inst], mode: ValueProfiling, update: ProfileUpdate) {
    let symbol = value_sites_symbol(&func.name);
    for (i, &inst) in sites.iter().enumerate() {
        // A site that an earlier step removed counts nothing.
        let Some(block) = func.block_of(inst) else { continue };
        let value = profiled_value(func, inst);
        // Values are recorded sign-extended, as the IR stores constants.
        let value = match func.value_type(value) {
            Type::I64 => value,
            _ => func.insert_before(block, inst, InstData::Unary { op: UnaryOp::Sextend, arg: value }, Type::I64),
        };
        let offset = (i * mode.site_words() * 8) as i64;
        let site = func.insert_before(block, inst, InstData::SymbolAddr { symbol: symbol.clone(), offset }, Type::PTR);
        let mut args = vec![site, value];
        if mode == ValueProfiling::Hashed {
            args.push(func.insert_before(block, inst, InstData::Iconst { imm: 1 }, Type::I64));
        }
        let call = InstData::Call { callee: Callee::Direct(mode.count_function(update).to_string()), sig: mode.count_signature(), args };
        let at = func.position_in_block(block, inst);
        func.insert_inst(block, at, call, None);
    }
}
