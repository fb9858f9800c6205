//! Declares every symbol of an IR module in the object module: defined
//! functions, external functions and data objects. Lowering and data
//! relocations then find them by name with `ObjectModule::get_name`.

use crate::builtins;
use crate::error::{BackendError, Result};
use crate::types::{clif_signature, definition_signature};
use crate::x87::{self, X87Helpers};
use cranelift_module::{Linkage, Module as _};
use cranelift_object::ObjectModule;
use nissecc_midend::ir::{self, Module};

/// Declares the functions in definition order, then the externs the
/// module does not define itself, then the data objects.
/// The `long double` helpers among the externs are local functions of the
/// object instead (see [`x87`]).
pub(crate) fn declare_module(
    object: &mut ObjectModule,
    module: &Module,
    x87_helpers: &mut X87Helpers,
) -> Result<()> {
    for func in &module.functions {
        object
            .declare_function(
                &func.name,
                linkage(func.linkage),
                &definition_signature(&func.signature).map_err(|e| e.in_function(&func.name))?,
            )
            .map_err(|e| declaration_error(&func.name, e))?;
    }
    for ext in &module.externs {
        // A prototype of a function defined in this module is not an
        // import, and neither is a function that exists only as an
        // instruction.
        if module.function(&ext.name).is_some() || builtins::is_instruction_only(&ext.name) {
            continue;
        }
        let signature = clif_signature(&ext.signature).map_err(|e| e.in_function(&ext.name))?;
        if x87::is_helper(&ext.name) {
            x87_helpers.declare(object, &ext.name, &signature)?;
            continue;
        }
        let linkage = if ext.weak { Linkage::Preemptible } else { Linkage::Import };
        object
            .declare_function(&ext.name, linkage, &signature)
            .map_err(|e| declaration_error(&ext.name, e))?;
    }
    for data in &module.data {
        let linkage = match (data.external, data.linkage) {
            (true, ir::Linkage::Weak) => Linkage::Preemptible,
            (true, _) => Linkage::Import,
            (false, definition) => linkage(definition),
        };
        object
            .declare_data(&data.name, linkage, !data.readonly, data.thread_local)
            .map_err(|e| declaration_error(&data.name, e))?;
    }
    Ok(())
}

/// The object-file linkage of a definition. cranelift-object writes a
/// `Preemptible` symbol as a weak global, and leaves it a weak undefined
/// reference when the module declares it without defining it (a weak
/// extern). Neither is colocated, so references go through the GOT or PLT
/// and a missing weak function's address is null.
fn linkage(linkage: ir::Linkage) -> Linkage {
    match linkage {
        ir::Linkage::Export => Linkage::Export,
        ir::Linkage::Local => Linkage::Local,
        ir::Linkage::Weak => Linkage::Preemptible,
    }
}

fn declaration_error(name: &str, error: cranelift_module::ModuleError) -> BackendError {
    BackendError::new(format!("cannot declare `{name}`: {error}"))
}
