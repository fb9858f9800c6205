//! Resolves the names that an IR function refers to (callees and
//! `symbol_addr` operands) to Cranelift references inside the CLIF
//! function being built, caching one reference per symbol and function.
//!
//! Calls to variadic functions are redirected to the thunks of
//! [`variadic_thunk`](crate::variadic_thunk), imported with a signature
//! made of the call's actual argument types (plus, for an indirect call,
//! the callee's address).

use crate::error::{BackendError, Result};
use crate::by_value::{assignment, machine_signature};
use crate::types::type_list;
use crate::variadic_thunk::{vector_reg_count, AddressReg, VariadicThunks};
use crate::x87::X87Helpers;
use cranelift_codegen::ir::{
    self as clif, ExtFuncData, ExternalName, FuncRef, GlobalValue, Signature as ClifSignature,
    UserExternalName,
};
use cranelift_module::{DataId, FuncId, FuncOrDataId, Linkage, Module as _};
use cranelift_object::ObjectModule;
use nissecc_midend::ir::{Module, Signature, Type};
use std::collections::HashMap;

/// What a `symbol_addr` names.
pub(crate) enum SymbolRef {
    Func(FuncRef),
    Data(GlobalValue),
}

/// The symbol resolver for one function being lowered.
pub(crate) struct Symbols<'a> {
    object: &'a mut ObjectModule,
    thunks: &'a mut VariadicThunks,
    x87_helpers: &'a mut X87Helpers,
    module: &'a Module,
    /// The names declared variadic (`ObjectEmitter::variadic`).
    variadic: &'a std::collections::HashSet<&'a str>,
    funcs: HashMap<FuncId, FuncRef>,
    data: HashMap<DataId, GlobalValue>,
}

impl<'a> Symbols<'a> {
    pub(crate) fn new(
        object: &'a mut ObjectModule,
        thunks: &'a mut VariadicThunks,
        x87_helpers: &'a mut X87Helpers,
        module: &'a Module,
        variadic: &'a std::collections::HashSet<&'a str>,
    ) -> Self {
        Symbols {
            object,
            thunks,
            x87_helpers,
            module,
            variadic,
            funcs: HashMap::new(),
            data: HashMap::new(),
        }
    }

    /// The IR module whose functions are being lowered.
    pub(crate) fn module(&self) -> &'a Module {
        self.module
    }

    /// The callee of a direct call to `name` with call signature `sig` and
    /// arguments of types `arg_types`. Checks the arguments and result
    /// against the callee's declaration.
    pub(crate) fn direct_callee(
        &mut self,
        func: &mut clif::Function,
        name: &str,
        sig: &Signature,
        arg_types: &[Type],
    ) -> Result<FuncRef> {
        let id = match self.object.get_name(name) {
            Some(FuncOrDataId::Func(id)) => id,
            Some(FuncOrDataId::Data(_)) => {
                return Err(BackendError::new(format!(
                    "`{name}` is called but is a data object"
                )))
            }
            None => {
                return Err(BackendError::new(format!(
                    "`{name}` is called but not declared"
                )))
            }
        };
        let declared_variadic = self.variadic.contains(name);
        if sig.variadic || declared_variadic {
            return self.variadic_callee(func, name, id, sig, arg_types);
        }

        let declared = &self.object.declarations().get_function_decl(id).signature;
        let call = machine_signature(&assignment(sig, arg_types), [])?;
        if declared.params != call.params || declared.returns != call.returns {
            return Err(BackendError::new(format!(
                "the call to `{name}` passes {} and expects {}, but `{name}` takes {} and returns {}",
                type_list(call.params.iter().map(|p| p.value_type)),
                type_list(call.returns.iter().map(|p| p.value_type)),
                type_list(declared.params.iter().map(|p| p.value_type)),
                type_list(declared.returns.iter().map(|p| p.value_type)),
            )));
        }
        Ok(self.func_ref(func, id))
    }

    /// The thunk for a call to a variadic function, imported into `func`
    /// with the call's machine signature.
    fn variadic_callee(
        &mut self,
        func: &mut clif::Function,
        name: &str,
        id: FuncId,
        sig: &Signature,
        arg_types: &[Type],
    ) -> Result<FuncRef> {
        check_variadic_args(Some(name), sig, arg_types)?;
        let assignment = assignment(sig, arg_types);
        let thunk = self.thunks.thunk(self.object, name, id, vector_reg_count(&assignment))?;
        Ok(import_thunk(func, thunk, machine_signature(&assignment, [])?))
    }

    /// The thunk for a call through a pointer whose signature `sig` is
    /// variadic (or unprototyped), with arguments of types `arg_types`,
    /// and the register in which the call passes the callee's address to
    /// it. The thunk is imported into `func` with the call's machine
    /// signature followed by the address ([`AddressReg::arg_type`]).
    pub(crate) fn indirect_variadic_callee(
        &mut self,
        func: &mut clif::Function,
        sig: &Signature,
        arg_types: &[Type],
    ) -> Result<(FuncRef, AddressReg)> {
        check_variadic_args(None, sig, arg_types)?;
        let assignment = assignment(sig, arg_types);
        let reg = AddressReg::first_free(&assignment).ok_or_else(|| {
            BackendError::new(format!(
                "indirect variadic call with too many register arguments is unsupported: \
                 it passes {} and uses all 6 integer and all 8 vector argument registers, \
                 leaving none for the callee's address, which its %al-setting thunk needs",
                type_list(arg_types)
            ))
        })?;
        let thunk = self.thunks.indirect_thunk(self.object, vector_reg_count(&assignment), reg)?;
        let signature = machine_signature(&assignment, [reg.arg_type()])?;
        Ok((import_thunk(func, thunk, signature), reg))
    }

    /// The `long double` helper `name` that takes one address and returns
    /// nothing (`x87::LOAD_ST0`, `x87::STORE_ST0`), for the lowering of a
    /// result in `%st(0)`.
    pub(crate) fn st0_helper(&mut self, func: &mut clif::Function, name: &str) -> Result<FuncRef> {
        let mut signature = self.object.make_signature();
        signature.params.push(cranelift_codegen::ir::AbiParam::new(crate::types::POINTER));
        let id = self.x87_helpers.declare(self.object, name, &signature)?;
        Ok(self.func_ref(func, id))
    }

    /// The function or data object `name`, for taking its address.
    pub(crate) fn symbol(&mut self, func: &mut clif::Function, name: &str) -> Result<SymbolRef> {
        match self.object.get_name(name) {
            Some(FuncOrDataId::Func(id)) => Ok(SymbolRef::Func(self.func_ref(func, id))),
            Some(FuncOrDataId::Data(id)) => Ok(SymbolRef::Data(self.data_ref(func, id))),
            None => Err(BackendError::new(format!(
                "the address of the unknown symbol `{name}` is taken"
            ))),
        }
    }

    fn func_ref(&mut self, func: &mut clif::Function, id: FuncId) -> FuncRef {
        let object = &mut *self.object;
        *self
            .funcs
            .entry(id)
            .or_insert_with(|| object.declare_func_in_func(id, func))
    }

    /// The global value of data object `id` in `func`. It is colocated,
    /// and so addressed RIP-relative with no register (the vendored
    /// Cranelift's `symbol_amode`), only when the object is local to this
    /// file: an exported object may end up in a shared library, whose
    /// references to its own exported symbols must go through the GOT
    /// (`R_X86_64_PC32` against one cannot be linked with `-shared`, and the
    /// linker relaxes the GOT load to a `lea` in an executable).
    fn data_ref(&mut self, func: &mut clif::Function, id: DataId) -> GlobalValue {
        let object = &*self.object;
        *self.data.entry(id).or_insert_with(|| {
            let gv = object.declare_data_in_func(id, func);
            let local = object.declarations().get_data_decl(id).linkage == Linkage::Local;
            if let clif::GlobalValueData::Symbol { colocated, .. } = &mut func.global_values[gv] {
                *colocated &= local;
            }
            gv
        })
    }
}

/// Checks that the arguments of a call to a variadic function of
/// signature `sig`, named `callee` or called through a pointer, start
/// with its fixed parameters and that the others had the default argument
/// promotions applied.
fn check_variadic_args(callee: Option<&str>, sig: &Signature, arg_types: &[Type]) -> Result<()> {
    let (what, variadic) = match callee {
        Some(name) => (format!("`{name}`"), format!("the variadic `{name}`")),
        None => (
            "the function pointer".to_string(),
            "the variadic function pointer".to_string(),
        ),
    };
    if arg_types.len() < sig.params.len() || arg_types[..sig.params.len()] != sig.params[..] {
        return Err(BackendError::new(format!(
            "the call to {variadic} does not start with its fixed parameters {}",
            type_list(&sig.params)
        )));
    }
    if let Some(ty) = arg_types[sig.params.len()..]
        .iter()
        .find(|ty| !matches!(ty, Type::I32 | Type::I64 | Type::F64))
    {
        return Err(BackendError::new(format!(
            "a variadic argument of {what} has type {ty}; the frontend must promote it to i32, i64 or f64"
        )));
    }
    Ok(())
}

/// Imports the thunk `thunk` into `func` with the machine signature of
/// one call site.
fn import_thunk(func: &mut clif::Function, thunk: FuncId, signature: ClifSignature) -> FuncRef {
    let signature = func.import_signature(signature);
    let name_ref = func.declare_imported_user_function(user_name(thunk));
    func.import_function(ExtFuncData {
        name: ExternalName::user(name_ref),
        signature,
        colocated: true,
        patchable: false,
    })
}

/// The external name of a function of the object module.
fn user_name(id: FuncId) -> UserExternalName {
    UserExternalName {
        namespace: 0,
        index: id.as_u32(),
    }
}
