//! The data that an instrumented function hands to the runtime, laid out
//! as `nissecc_profile_format::abi` prescribes: a counter array, the CFG
//! descriptor, the function's name and a record pointing at all three,
//! placed in the records section that the runtime walks at exit. Counters
//! are Ball & Larus's edge counters ("Optimally Profiling and Tracing
//! Programs", TOPLAS 1994, §3.2), or a sampled function's sample counts,
//! whose record also points at the function and its PC map; everything
//! else lets a tool read them without the source.

use super::counter_array::ProfileUpdate;
use crate::ir::{DataObject, DataReloc, ExternFunction, Linkage, Module, Signature};
use crate::profile::value_sites::ValueKind;
use nissecc_profile_format::abi;

/// The symbol of `function`'s counter array.
pub fn counters_symbol(function: &str) -> String {
    format!("{}{function}", abi::COUNTERS_PREFIX)
}

/// The symbol of `function`'s record.
pub fn record_symbol(function: &str) -> String {
    format!("{}{function}", abi::RECORD_PREFIX)
}

/// Adds the counter array, descriptor, name and record of `function`,
/// whose counts the profile stores under `profile_name`, and with value
/// profiling its value sites of kinds `value_sites` (laid out as `flags`
/// says). With value profiling every record points at its function, so
/// that the runtime can tell which function a call-target site called.
#[allow(clippy::too_many_arguments)]
pub fn add_function_data(
    module: &mut Module,
    function: &str,
    profile_name: &str,
    checksum: u64,
    num_counters: usize,
    descriptor: Vec<u8>,
    flags: u64,
    value_sites: Option<&[ValueKind]>,
) {
    let name = format!("{}{function}", abi::NAME_PREFIX);
    let desc = format!("{}{function}", abi::DESCRIPTOR_PREFIX);
    let counters = counters_symbol(function);
    let record = record_symbol(function);
    let align = abi::RECORD_ALIGN as u32;

    let mut record_bytes = vec![0u8; abi::RECORD_SIZE];
    let mut field = |offset: usize, value: u64| record_bytes[offset..offset + 8].copy_from_slice(&value.to_le_bytes());
    field(abi::RECORD_ABI_VERSION, abi::ABI_VERSION);
    field(abi::RECORD_NAME_LEN, profile_name.len() as u64);
    field(abi::RECORD_CFG_CHECKSUM, checksum);
    field(abi::RECORD_NUM_COUNTERS, num_counters as u64);
    field(abi::RECORD_DESCRIPTOR_LEN, descriptor.len() as u64);
    field(abi::RECORD_FLAGS, flags);
    let num_value_sites = value_sites.map_or(0, <[ValueKind]>::len);
    field(abi::RECORD_NUM_VALUE_SITES, num_value_sites as u64);
    let reloc = |offset: usize, symbol: &str| DataReloc { offset: offset as u32, symbol: symbol.to_string(), addend: 0 };
    let mut relocs = vec![
        reloc(abi::RECORD_NAME_PTR, &name),
        reloc(abi::RECORD_COUNTERS_PTR, &counters),
        reloc(abi::RECORD_DESCRIPTOR_PTR, &desc),
        reloc(abi::RECORD_ANCHOR_PTR, abi::RUNTIME_ANCHOR_SYMBOL),
    ];
    let sampled = flags & abi::FLAG_SAMPLED != 0;
    if sampled || value_sites.is_some() {
        relocs.push(reloc(abi::RECORD_FUNCTION_PTR, function));
    }
    if sampled {
        relocs.push(reloc(abi::RECORD_PC_MAP_PTR, &pc_map_symbol(function)));
    }

    let sites_symbol = super::values::value_sites_symbol(function);
    if num_value_sites > 0 {
        relocs.push(reloc(abi::RECORD_VALUE_SITES_PTR, &sites_symbol));
    }

    let mut name_bytes = profile_name.as_bytes().to_vec();
    name_bytes.push(0);
    let local = |symbol: String, readonly: bool, align: u32, bytes: Vec<u8>| DataObject {
        name: symbol,
        linkage: Linkage::Local,
        readonly,
        align,
        bytes,
        zero_fill: 0,
        relocs: Vec::new(),
        external: false,
        section: None,
        thread_local: false,
    };
    // An empty array still gets one slot, so that its symbol has an
    // address of its own.
    module.data.push(local(counters, false, align, vec![0; 8 * num_counters.max(1)]));
    module.data.push(local(desc, true, align, descriptor));
    if num_value_sites > 0 {
        let words = if flags & abi::FLAG_VALUES_HASHED != 0 { 1 } else { abi::VALUE_SITE_WORDS };
        let mut bytes = vec![0; 8 * words * num_value_sites];
        for (i, kind) in value_sites.into_iter().flatten().enumerate() {
            if *kind == ValueKind::CallTarget {
                bytes[8 * words * i..8 * words * i + 8].copy_from_slice(&abi::VALUE_SITE_TARGETS.to_le_bytes());
            }
        }
        module.data.push(local(sites_symbol, false, align, bytes));
    }
    module.data.push(local(name, true, 1, name_bytes));
    if sampled {
        // The backend writes the map once it has compiled the function.
        module.data.push(local(pc_map_symbol(function), true, 4, Vec::new()));
    }
    module.data.push(DataObject {
        relocs,
        section: Some(abi::RECORDS_SECTION.to_string()),
        thread_local: false,
        ..local(record, false, align, record_bytes)
    });
}

/// The symbol of a sampled `function`'s PC map, which the midend declares
/// empty and the backend fills in (see `abi::FLAG_SAMPLED`).
pub fn pc_map_symbol(function: &str) -> String {
    format!("{}{function}", abi::PC_MAP_PREFIX)
}

/// Declares the runtime's anchor, which every record points at so that
/// linking an instrumented object pulls in the runtime.
pub fn declare_runtime_anchor(module: &mut Module) {
    if module.data.iter().any(|d| d.name == abi::RUNTIME_ANCHOR_SYMBOL) {
        return;
    }
    module.data.push(DataObject {
        name: abi::RUNTIME_ANCHOR_SYMBOL.to_string(),
        linkage: Linkage::Export,
        readonly: false,
        align: 8,
        bytes: Vec::new(),
        zero_fill: 0,
        relocs: Vec::new(),
        external: true,
        section: None,
        thread_local: false,
    });
}

/// Declares the runtime's path hash table entry point
/// ([`abi::HASH_COUNT_FUNCTION`]) for functions with too many paths for
/// an array.
pub fn declare_hash_count_function(module: &mut Module, update: ProfileUpdate) {
    let name = super::path::placement::hash_count_function(update);
    declare_extern(module, name, super::path::placement::hash_count_signature());
}

/// Declares the external function `name` with `signature`, unless the
/// module already declares it.
pub fn declare_extern(module: &mut Module, name: &str, signature: Signature) {
    if module.externs.iter().any(|e| e.name == name) {
        return;
    }
    module.externs.push(ExternFunction { name: name.to_string(), signature, weak: false });
}
