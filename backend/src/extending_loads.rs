//! Extending loads: `uextend.i32 (load.i8 p)` is emitted as Cranelift's
//! single `uload8.i32 p` (and likewise for `sextend` and 16- and 32-bit
//! loads), when extensions of one kind are the load's only uses.
//!
//! Cranelift's x64 backend can merge a load into the instruction that uses
//! it (`movzbl (mem)` instead of a load and a `movzbl` of the register),
//! but only when no other side effect lies between the two. Its egraph
//! elaborator, however, places pure instructions such as extensions right
//! before their first use among the side-effecting ones, so in
//! `a += p[0]; a += p[1];` both loads come first and neither extension can
//! absorb its load: every byte read then costs two instructions. Emitting
//! the extending load directly does not depend on that placement.

use nissecc_midend::ir::{Block, Function, Inst, InstData, Type, UnaryOp, Value, ValueDef};
use std::collections::HashMap;

/// An extension that the load it extends absorbs.
#[derive(Clone, Debug)]
pub(crate) struct Fused {
    /// The extensions' results, which the extending load defines.
    pub results: Vec<Value>,
    pub op: UnaryOp,
    /// The extended type: `i32` or `i64`.
    pub ty: Type,
}

/// Which loads absorb their extension, found by [`ExtendingLoads::plan`]
/// (none by default).
#[derive(Default)]
pub(crate) struct ExtendingLoads {
    by_load: HashMap<Inst, Fused>,
    extensions: HashMap<Inst, Inst>,
}

impl ExtendingLoads {
    /// Finds, among the instructions of `blocks`, every narrower load whose
    /// every use is a `sextend` or `uextend` to one type, `i32` or `i64`,
    /// and of one kind: value numbering names equal extensions but leaves
    /// them in place (`c & 0xC0` and `c & 0x3F` each extend their `c`), so
    /// a load may have several. The extensions' positions do not matter:
    /// the load, which dominates them, computes the extended value in its
    /// own place.
    pub(crate) fn plan(ir: &Function, blocks: &[Block], uses: &HashMap<Value, usize>) -> Self {
        let mut extensions_of: HashMap<Inst, Vec<(Inst, Value, UnaryOp, Type)>> = HashMap::new();
        for inst in blocks.iter().filter_map(|&b| ir.blocks.get(b)).flat_map(|d| d.insts.iter().copied()) {
            let Some(&InstData::Unary { op: op @ (UnaryOp::Sextend | UnaryOp::Uextend), arg }) = ir.insts.get(inst) else {
                continue;
            };
            let Some(result) = ir.inst_result(inst) else { continue };
            let (Some(ty), Some(loaded)) = (ir.values.get(result).map(|v| v.ty), ir.values.get(arg)) else { continue };
            let ValueDef::Result(load) = loaded.def else { continue };
            let fits = match loaded.ty {
                Type::I8 | Type::I16 => matches!(ty, Type::I32 | Type::I64),
                Type::I32 => ty == Type::I64,
                _ => false,
            };
            if fits && matches!(ir.insts.get(load), Some(InstData::Load { .. })) {
                extensions_of.entry(load).or_default().push((inst, result, op, ty));
            }
        }
        let mut plan = ExtendingLoads::default();
        for (load, extensions) in extensions_of {
            let Some(loaded) = ir.inst_result(load) else { continue };
            let (_, _, op, ty) = extensions[0];
            let alike = extensions.iter().all(|&(_, _, o, t)| o == op && t == ty);
            if !alike || uses.get(&loaded) != Some(&extensions.len()) {
                continue;
            }
            let results = extensions.iter().map(|&(_, result, _, _)| result).collect();
            plan.by_load.insert(load, Fused { results, op, ty });
            plan.extensions.extend(extensions.iter().map(|&(inst, ..)| (inst, load)));
        }
        plan
    }

    /// The extension that `load` absorbs, if any.
    pub(crate) fn absorbed_by(&self, load: Inst) -> Option<&Fused> {
        self.by_load.get(&load)
    }

    /// True for an extension that its load computes.
    pub(crate) fn is_absorbed(&self, extension: Inst) -> bool {
        self.extensions.contains_key(&extension)
    }
}
