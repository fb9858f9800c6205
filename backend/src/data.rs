//! Defines the module's data objects: contents, alignment, section and
//! relocations.
//!
//! Writable objects go to `.data`, or to `.bss` when they are all zeros;
//! read-only ones to `.rodata`, or to `.data.rel.ro` when they hold
//! addresses (which a PIE's dynamic loader must relocate). An object that
//! names its own section goes there instead, with the flags its kind
//! implies (writable objects make the section writable). A relocation
//! stores the 64-bit address of a function or data object plus an addend.

use crate::error::{BackendError, Result};
use cranelift_module::{DataDescription, Module as _, ModuleRelocTarget};
use cranelift_object::ObjectModule;
use nissecc_midend::ir::{DataObject, Module};

/// Defines every data object of `module` that is not external, except
/// those for which `later` holds (their bytes are not known yet).
pub(crate) fn define_data_objects(object: &mut ObjectModule, module: &Module, later: impl Fn(&DataObject) -> bool) -> Result<()> {
    for data in module.data.iter().filter(|d| !d.external && !later(d)) {
        define_data_object(object, data)
            .map_err(|e| BackendError::new(format!("in data object `{}`: {e}", data.name)))?;
    }
    Ok(())
}

pub(crate) fn define_data_object(object: &mut ObjectModule, data: &DataObject) -> Result<()> {
    let id = match object.get_name(&data.name) {
        Some(cranelift_module::FuncOrDataId::Data(id)) => id,
        _ => {
            return Err(BackendError::new(
                "the data object was not declared as data",
            ))
        }
    };
    if !data.align.is_power_of_two() {
        return Err(BackendError::new(format!(
            "alignment {} is not a power of two",
            data.align
        )));
    }

    let mut desc = DataDescription::new();
    desc.set_align(u64::from(data.align));
    if let Some(section) = &data.section {
        desc.set_custom_section(section);
    }
    let all_zeros = data.relocs.is_empty() && data.bytes.iter().all(|&b| b == 0);
    let size = usize::try_from(data.size())
        .map_err(|_| BackendError::new(format!("the data object `{}` of {} bytes is too large for this host", data.name, data.size())))?;
    // A named section holds initialised bytes: zero-initialised data would
    // go to a no-bits section of the standard kind.
    if all_zeros && !data.readonly && data.section.is_none() {
        desc.define_zeroinit(size);
    } else if data.size() > MAX_INITIALIZED_BYTES {
        return Err(BackendError::new(format!(
            "unsupported: the initialized data object `{}` of {} bytes (at most {MAX_INITIALIZED_BYTES} bytes go into an object file's data; a zero-initialized object may be any size)",
            data.name,
            data.size()
        )));
    } else {
        let mut bytes = data.bytes.clone();
        bytes.resize(size, 0);
        desc.define(bytes.into_boxed_slice());
    }

    for reloc in &data.relocs {
        let end = u64::from(reloc.offset) + 8;
        if end > data.bytes.len() as u64 {
            return Err(BackendError::new(format!(
                "the relocation at offset {} to `{}` lies outside its {} bytes",
                reloc.offset,
                reloc.symbol,
                data.bytes.len()
            )));
        }
        let target = object.get_name(&reloc.symbol).ok_or_else(|| {
            BackendError::new(format!(
                "a relocation refers to the unknown symbol `{}`",
                reloc.symbol
            ))
        })?;
        // A function is a valid target too: the object backend resolves a
        // `ModuleRelocTarget` of either kind to its symbol.
        let symbol = desc.import_global_value(ModuleRelocTarget::from(target));
        desc.write_data_addr(reloc.offset, symbol, reloc.addend);
    }

    object
        .define_data(id, &desc)
        .map_err(|e| BackendError::from_module(e, None))
}

/// The largest object whose bytes are written into the object file (a
/// zero-initialized one goes to `.bss` whatever its size).
const MAX_INITIALIZED_BYTES: u64 = 1 << 31;
