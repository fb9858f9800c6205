//! Drives the emission of one module into an object: creates the object
//! module and declares and defines its symbols, then lowers, verifies and
//! compiles one function at a time, and finally adds the variadic thunks
//! and writes the object.
//!
//! Functions are defined in the order of `Module::functions`, which is
//! their order in `.text`; profile-guided function ordering reorders that
//! vector. The thunks follow them.

use crate::data::{define_data_object, define_data_objects};
use crate::declare::declare_module;
use crate::error::{BackendError, Result};
use crate::got_relaxation::mark_relaxable_got_loads;
use crate::isa::target_isa;
use crate::lower::lower_function;
use crate::symbols::Symbols;
use crate::types::definition_signature;
use crate::variadic_thunk::VariadicThunks;
use crate::x87::X87Helpers;
use crate::BackendOptions;
use cranelift_codegen::ir::{self as clif, UserExternalName, UserFuncName};
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::{verify_function, CodegenError, CompiledCode, Context};
use cranelift_frontend::FunctionBuilderContext;
use cranelift_module::{default_libcall_names, DataId, FuncId, FuncOrDataId, Module as _};
use cranelift_object::{ObjectBuilder, ObjectModule};
use crate::pc_map;
use nissecc_midend::ir::{DataObject, Function, Module};
use nissecc_profile_format::abi;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// The state of emitting one module. The current function lives in
/// `ctx`: [`lower`](Self::lower) fills it and [`define`](Self::define)
/// compiles it into the object.
pub(crate) struct ObjectEmitter<'m> {
    module: &'m Module,
    object: ObjectModule,
    thunks: VariadicThunks,
    x87_helpers: X87Helpers,
    ctx: Context,
    builder_ctx: FunctionBuilderContext,
    verify: bool,
    disasm: bool,
    /// The ISA for variadic definitions, which keep frame pointers.
    frame_isa: cranelift_codegen::isa::OwnedTargetIsa,
    /// With optimization, whether the backend adjusts the schedule that
    /// Cranelift's e-graph pass leaves ([`crate::schedule`]).
    adjust_schedule: bool,
    /// The register allocator's reusable state.
    regalloc: regalloc2::Ctx,
    /// The current function's machine code, once compiled.
    compiled: Option<CompiledCode>,
    /// The module's functions and externs declared variadic, found once
    /// rather than by a search at every call.
    variadic: std::collections::HashSet<&'m str>,
    /// With optimization, two-way branches that leave a loop from their
    /// `then` side are swapped (see [`crate::loop_branches`]).
    swap_loop_branches: bool,
    /// Whether loop-invariant values Cranelift would rematerialize are
    /// carried through loop headers ([`crate::invariant_carriers`]).
    carry_invariants: bool,
    /// The sampled functions, with their PC maps, descriptors and
    /// records, which are defined when the function is (see
    /// [`crate::pc_map`]).
    sampled: HashMap<&'m str, pc_map::SampledData<'m>>,
}

impl<'m> ObjectEmitter<'m> {
    /// Creates the object module, declares every symbol of `module` and
    /// defines its data objects.
    pub(crate) fn new(module: &'m Module, opts: &BackendOptions) -> Result<Self> {
        let sampled = pc_map::sampled_functions(module);
        let isa = target_isa(opts, false, !sampled.is_empty())?;
        let frame_isa = target_isa(opts, true, !sampled.is_empty())?;
        let mut builder = ObjectBuilder::new(isa, "nissecc", default_libcall_names())
            .map_err(|e| BackendError::from_module(e, None))?;
        // No `.eh_frame`: cranelift-object writes its frame descriptions
        // with absolute relocations against the functions, which turns
        // every PIE into one with text relocations (`DT_TEXTREL`). C needs
        // no unwinding; debuggers fall back to frame pointers.
        builder.unwind_info(false);
        let mut object = ObjectModule::new(builder);
        let mut x87_helpers = X87Helpers::default();
        declare_module(&mut object, module, &mut x87_helpers)?;
        let later: HashSet<&str> = sampled.values().flat_map(|data| data.objects()).map(|data| data.name.as_str()).collect();
        define_data_objects(&mut object, module, |data| later.contains(data.name.as_str()))?;
        let variadic = module
            .functions
            .iter()
            .map(|f| (f.name.as_str(), &f.signature))
            .chain(module.externs.iter().map(|e| (e.name.as_str(), &e.signature)))
            .filter(|(_, sig)| sig.variadic)
            .map(|(name, _)| name)
            .collect();
        Ok(ObjectEmitter {
            variadic,
            module,
            object,
            thunks: VariadicThunks::default(),
            x87_helpers,
            ctx: Context::new(),
            builder_ctx: FunctionBuilderContext::new(),
            verify: opts.verify,
            swap_loop_branches: opts.opt_level == crate::OptLevel::Speed && nissecc_midend::pipeline::enabled("loop-branches"),
            carry_invariants: opts.opt_level == crate::OptLevel::Speed && nissecc_midend::pipeline::enabled("invariant-carriers"),
            disasm: false,
            frame_isa,
            adjust_schedule: opts.opt_level == crate::OptLevel::Speed,
            regalloc: regalloc2::Ctx::default(),
            compiled: None,
            sampled,
        })
    }

    /// Requests Cranelift's VCode listing of each compiled function.
    pub(crate) fn set_disasm(&mut self, disasm: bool) {
        self.disasm = disasm;
    }

    /// Lowers `func` to CLIF, making it the current function.
    pub(crate) fn lower(&mut self, func: &Function) -> Result<()> {
        let carried = if self.carry_invariants { crate::invariant_carriers::carry_loop_invariants(self.module, func) } else { None };
        let func = carried.as_ref().unwrap_or(func);
        self.ctx.clear();
        self.ctx.set_disasm(self.disasm);
        // The name only labels the printed CLIF; the object's symbol
        // comes from the declaration.
        self.ctx.func = clif::Function::with_name_signature(
            UserFuncName::testcase(&func.name),
            definition_signature(&func.signature).map_err(|e| e.in_function(&func.name))?,
        );
        let frontend_config = self.object.target_config();
        let mut symbols = Symbols::new(&mut self.object, &mut self.thunks, &mut self.x87_helpers, self.module, &self.variadic);
        let block_locations = if self.sampled.contains_key(func.name.as_str()) { pc_map::block_locations(func) } else { Default::default() };
        let lowered = lower_function(
            func,
            &mut symbols,
            &mut self.ctx.func,
            &mut self.builder_ctx,
            frontend_config,
            self.swap_loop_branches,
            block_locations,
        );
        if lowered.is_ok() && self.sampled.contains_key(func.name.as_str()) {
            pc_map::keep_anchor_locations(&mut self.ctx.func);
        }
        if lowered.is_err() {
            // A lowering that stopped half-way leaves the builder context
            // dirty.
            self.builder_ctx = FunctionBuilderContext::new();
        }
        lowered.map_err(|e| e.in_function(&func.name))
    }

    /// Verifies (if enabled) and compiles the current function, which was
    /// lowered from `func`, and defines it in the object, with its PC map,
    /// descriptor and record if it is sampled: a listed block that no code
    /// counts for gets size 0 in the descriptor.
    pub(crate) fn define(&mut self, func: &Function) -> Result<()> {
        self.define_code(func)?;
        let Some(data) = self.sampled.get(func.name.as_str()) else { return Ok(()) };
        let code = self.compiled.as_ref().expect("the function was just compiled");
        let (map_bytes, mapped) = pc_map::pc_map(func, code);
        let map = DataObject { bytes: map_bytes, ..data.pc_map.clone() };
        let descriptor_bytes = pc_map::descriptor_with_mapped_sizes(&data.descriptor.bytes, &mapped).map_err(|e| in_data(&data.descriptor.name, e))?;
        let mut record = data.record.clone();
        let length = record
            .bytes
            .get_mut(abi::RECORD_DESCRIPTOR_LEN..abi::RECORD_DESCRIPTOR_LEN + 8)
            .ok_or_else(|| in_data(&data.record.name, "too short for a record"))?;
        length.copy_from_slice(&(descriptor_bytes.len() as u64).to_le_bytes());
        let descriptor = DataObject { bytes: descriptor_bytes, ..data.descriptor.clone() };
        for object in [&map, &descriptor, &record] {
            define_data_object(&mut self.object, object).map_err(|e| in_data(&object.name, e))?;
        }
        Ok(())
    }

    /// Compiles the current function, lowered from `func`, and defines
    /// its code.
    fn define_code(&mut self, func: &Function) -> Result<()> {
        let in_func = |e: BackendError| e.in_function(&func.name);
        // Variadic definitions and functions that read their frame need
        // their frame pointer.
        let keeps_frame = func.signature.variadic || nissecc_midend::ir::frame::reads_frame(func);
        let isa = if keeps_frame { &*self.frame_isa } else { self.object.isa() };
        if self.verify {
            verify_function(&self.ctx.func, isa).map_err(|errors| {
                in_func(BackendError::from_codegen(
                    CodegenError::Verifier(errors),
                    &self.ctx.func,
                ))
            })?;
        }
        let id = self.function_id(&func.name)?;
        self.compiled = None;
        let code = compile(&mut self.ctx, &mut self.regalloc, isa, self.adjust_schedule).map_err(in_func)?;
        let alignment = code.buffer.alignment as u64;
        let relocs: Vec<cranelift_module::ModuleReloc> = code
            .buffer
            .relocs()
            .iter()
            .map(|r| cranelift_module::ModuleReloc::from_mach_reloc(r, &self.ctx.func, id))
            .collect();
        self.object
            .define_function_bytes(id, alignment, code.code_buffer(), &relocs)
            .map_err(|e| in_func(BackendError::from_module(e, Some(&self.ctx.func))))?;
        self.compiled = Some(code);
        Ok(())
    }

    /// Defines the thunks and writes the object file, with its GOT loads
    /// marked relaxable.
    pub(crate) fn finish(mut self) -> Result<Vec<u8>> {
        self.thunks.define_all(&mut self.object)?;
        self.x87_helpers.define_all(&mut self.object)?;
        let mut product = self.object.finish();
        crate::aliases::add_aliases(&mut product.object, &self.module.aliases)?;
        let mut elf = product
            .emit()
            .map_err(|e| BackendError::new(format!("cannot write the object file: {e}")))?;
        mark_relaxable_got_loads(&mut elf);
        Ok(elf)
    }

    /// The CLIF text of the current function. Cranelift prints global
    /// values' symbols as `userextnameN`; they become `u1:M` as in the
    /// legend.
    pub(crate) fn current_clif(&self) -> String {
        let text = self.ctx.func.display().to_string();
        self.resolve_ext_names(text, |name| format!("u{}:{}", name.namespace, name.index))
    }

    /// The VCode listing of the current function, once compiled with
    /// disassembly requested, with symbol names in place of
    /// `userextnameN`.
    pub(crate) fn current_asm(&self, name: &str) -> String {
        let vcode = self
            .compiled
            .as_ref()
            .and_then(|code| code.vcode.as_deref())
            .unwrap_or("");
        let vcode = self.resolve_ext_names(vcode.to_string(), |name| self.symbol_name(name));
        format!("{name}:\n{vcode}")
    }

    /// Replaces each `userextnameN` of the current function in `text`.
    fn resolve_ext_names(
        &self,
        mut text: String,
        render: impl Fn(&UserExternalName) -> String,
    ) -> String {
        // Higher numbers first, so that `userextname1` does not match a
        // prefix of `userextname12`.
        for (name_ref, name) in self.ctx.func.params.user_named_funcs().iter().rev() {
            text = text.replace(&name_ref.to_string(), &render(name));
        }
        text
    }

    /// The symbol name of an external name of the object module.
    fn symbol_name(&self, name: &UserExternalName) -> String {
        let declarations = self.object.declarations();
        match name.namespace {
            0 => {
                let id = FuncId::from_u32(name.index);
                declarations
                    .get_function_decl(id)
                    .linkage_name(id)
                    .into_owned()
            }
            _ => {
                let id = DataId::from_u32(name.index);
                declarations.get_data_decl(id).linkage_name(id).into_owned()
            }
        }
    }

    /// The listing of the thunks declared so far.
    pub(crate) fn thunk_asm(&self) -> String {
        self.thunks.listing()
    }

    /// Comment lines mapping the external names of printed CLIF (`u0:N`
    /// for functions, `u1:N` for data objects) to symbol names.
    pub(crate) fn symbol_legend(&self) -> String {
        let declarations = self.object.declarations();
        let mut text = String::new();
        for (id, decl) in declarations.get_functions() {
            let _ = writeln!(text, "; u0:{} = {}", id.as_u32(), decl.linkage_name(id));
        }
        for (id, decl) in declarations.get_data_objects() {
            let _ = writeln!(text, "; u1:{} = {}", id.as_u32(), decl.linkage_name(id));
        }
        text
    }

    fn function_id(&self, name: &str) -> Result<FuncId> {
        match self.object.get_name(name) {
            Some(FuncOrDataId::Func(id)) => Ok(id),
            _ => Err(BackendError::new(format!(
                "`{name}` was not declared as a function"
            ))),
        }
    }
}

/// An error about the data object `name`.
fn in_data(name: &str, error: impl std::fmt::Display) -> BackendError {
    BackendError::new(format!("in data object `{name}`: {error}"))
}

/// Compiles the function in `ctx` for `isa`: Cranelift's optimizations
/// (its e-graph pass when `isa` asks for speed), then, if
/// `adjust_schedule`, the backend's adjustments of the schedule they leave
/// ([`crate::schedule`]), of the forms selection sees
/// ([`crate::selection_forms`]) and of live ranges at loop boundaries
/// ([`crate::loop_boundary_copies`]), then lowering, register allocation and
/// emission. This is `Context::compile` with a step in the middle.
fn compile(ctx: &mut Context, regalloc: &mut regalloc2::Ctx, isa: &dyn TargetIsa, adjust_schedule: bool) -> Result<CompiledCode> {
    let mut control = ControlPlane::default();
    ctx.optimize(isa, &mut control).map_err(|e| BackendError::from_codegen(e, &ctx.func))?;
    if adjust_schedule {
        crate::schedule::adjust(&mut ctx.func, &ctx.domtree);
        crate::selection_forms::choose(&mut ctx.func);
        crate::loop_boundary_copies::copy_at_loop_boundaries(&mut ctx.func, &ctx.domtree);
    }
    let stencil = isa
        .compile_function(&ctx.func, &ctx.domtree, regalloc, ctx.want_disasm, &mut control)
        .map_err(|e| BackendError::from_codegen(e, &ctx.func))?;
    Ok(stencil.apply_params(&ctx.func.params))
}
