//! Structs and unions by value at the machine level: the System V
//! x86-64 convention (AMD64 psABI §3.2.3) that `nissecc_midend::ir::abi`
//! assigns, turned into Cranelift signatures and moves.
//!
//! In the IR an aggregate argument is the address of the caller's object
//! and an aggregate result is written through a hidden first parameter.
//! Here, following the `Assignment` of a call or definition:
//!
//! - an aggregate in registers becomes one Cranelift parameter per
//!   eightbyte (`i64`, `f64`, or `f32` for a four-byte tail). The caller
//!   loads the eightbytes from the object, never reading past its end; the
//!   callee stores them into a stack slot of its own, whose address is
//!   the IR parameter;
//! - an aggregate on the stack becomes a `StructArgument` parameter, which
//!   makes Cranelift copy the bytes into the outgoing argument area and
//!   gives the callee their address. An object whose size is not a multiple
//!   of eight is first copied into a slot that is, so that the copy does not
//!   read past its end; an object that must start at a sixteen-byte
//!   boundary is preceded by an eight-byte `StructArgument` of padding;
//! - a MEMORY result's address is a `StructReturn` parameter, which
//!   Cranelift passes in `%rdi` and returns in `%rax`; a result in
//!   registers comes back as one Cranelift result per eightbyte, which the
//!   caller stores through the hidden address and the callee loads from a
//!   result slot that its hidden parameter points at.

use crate::error::{BackendError, Result};
use crate::types::{clif_type, CALL_CONV, POINTER};
use cranelift_codegen::ir::{
    self as clif, AbiParam, ArgumentPurpose, InstBuilder, MemFlagsData, Signature as ClifSignature,
    StackSlotData, StackSlotKind,
};
use cranelift_frontend::FunctionBuilder;
use nissecc_midend::ir::abi::{assign, stack_size, ArgPassing, Assignment, Part, ResultPassing};
use cranelift_codegen::isa::TargetFrontendConfig;
use nissecc_midend::ir::{Signature, Type};

/// The assignment of a call's arguments, or of a definition's parameters.
pub(crate) fn assignment(sig: &Signature, arg_types: &[Type]) -> Assignment {
    assign(sig, arg_types)
}

/// The Cranelift signature of a call or definition with assignment
/// `assignment`, followed by scalar parameters `extra` (a variadic
/// definition's free registers, or a thunk's callee address).
pub(crate) fn machine_signature(
    assignment: &Assignment,
    extra: impl IntoIterator<Item = Type>,
) -> Result<ClifSignature> {
    let mut sig = ClifSignature::new(CALL_CONV);
    for arg in &assignment.args {
        match arg {
            ArgPassing::Scalar(ty) => sig.params.push(AbiParam::new(clif_type(*ty))),
            ArgPassing::Registers(parts) => sig
                .params
                .extend(parts.iter().map(|p| AbiParam::new(part_type(p)))),
            ArgPassing::Stack { padding, object_size } => {
                if *padding > 0 {
                    sig.params.push(stack_copy(*padding)?);
                }
                sig.params.push(stack_copy(stack_size(*object_size))?);
            }
            ArgPassing::ResultAddress => sig
                .params
                .push(AbiParam::special(POINTER, ArgumentPurpose::StructReturn)),
            ArgPassing::ResultBuffer => {}
        }
    }
    sig.params
        .extend(extra.into_iter().map(|ty| AbiParam::new(clif_type(ty))));
    match &assignment.result {
        ResultPassing::Void | ResultPassing::Memory | ResultPassing::X87 => {}
        ResultPassing::Scalar(ty) => sig.returns.push(AbiParam::new(clif_type(*ty))),
        ResultPassing::Registers(parts) => sig
            .returns
            .extend(parts.iter().map(|p| AbiParam::new(part_type(p)))),
    }
    Ok(sig)
}

/// A parameter that copies `size` bytes to the stack.
fn stack_copy(size: u64) -> Result<AbiParam> {
    let size = u32::try_from(size).map_err(|_| {
        BackendError::new(format!(
            "a struct of {size} bytes passed by value is larger than the 4 GiB a call can copy"
        ))
    })?;
    Ok(AbiParam::special(
        POINTER,
        ArgumentPurpose::StructArgument(size),
    ))
}

/// True when the assignment passes everything as the IR does, one scalar
/// for one scalar, so that no moves are needed.
pub(crate) fn is_scalar_only(assignment: &Assignment) -> bool {
    assignment
        .args
        .iter()
        .all(|a| matches!(a, ArgPassing::Scalar(_)))
        && matches!(
            assignment.result,
            ResultPassing::Void | ResultPassing::Scalar(_)
        )
}

/// The machine arguments of a call whose IR arguments are `args`.
pub(crate) fn call_arguments(
    builder: &mut FunctionBuilder,
    config: TargetFrontendConfig,
    assignment: &Assignment,
    args: &[clif::Value],
) -> Vec<clif::Value> {
    let mut machine = Vec::new();
    for (passing, &arg) in assignment.args.iter().zip(args) {
        match passing {
            ArgPassing::Scalar(_) | ArgPassing::ResultAddress => machine.push(arg),
            ArgPassing::ResultBuffer => {}
            ArgPassing::Registers(parts) => {
                machine.extend(parts.iter().map(|&part| load_part(builder, arg, part)))
            }
            ArgPassing::Stack { padding, object_size } => {
                if *padding > 0 {
                    // Eight bytes of anything: the object itself, which
                    // is at least sixteen bytes long.
                    machine.push(arg);
                }
                machine.push(whole_eightbytes(builder, config, arg, *object_size));
            }
        }
    }
    machine
}

/// After a call, stores a result that came back in registers through the
/// hidden result address `args[0]`.
pub(crate) fn store_call_result(
    builder: &mut FunctionBuilder,
    assignment: &Assignment,
    args: &[clif::Value],
    results: &[clif::Value],
) {
    if let (ResultPassing::Registers(parts), Some(&address)) = (&assignment.result, args.first()) {
        for (&part, &value) in parts.iter().zip(results) {
            store_part(builder, value, address, part);
        }
    }
}

/// The address of `object_size` bytes equal to the object at `address`
/// and readable up to the next multiple of eight: the object itself when
/// its size is such a multiple, otherwise a copy in a slot of that size.
fn whole_eightbytes(
    builder: &mut FunctionBuilder,
    config: TargetFrontendConfig,
    address: clif::Value,
    object_size: u64,
) -> clif::Value {
    if object_size % 8 == 0 {
        return address;
    }
    let copy = eightbyte_slot(builder, object_size);
    if object_size <= INLINE_COPY_LIMIT {
        let mut offset = 0;
        while offset < object_size {
            let size = (object_size - offset).min(8) as u32;
            let part = Part { offset: offset as u32, size, ty: Type::I64 };
            let bytes = load_part(builder, address, part);
            store_part(builder, bytes, copy, part);
            offset += 8;
        }
    } else {
        let size = builder.ins().iconst(POINTER, object_size as i64);
        builder.call_memcpy(config, copy, address, size);
    }
    copy
}

/// The largest stack copy made with loads and stores rather than a call
/// of `memcpy`.
const INLINE_COPY_LIMIT: u64 = 128;

/// What a callee receives: the IR values of its parameters, made from the
/// machine parameters, and the result slot for a result in registers.
pub(crate) struct Entry {
    pub values: Vec<clif::Value>,
    pub result_slot: Option<clif::Value>,
}

/// Turns the machine parameters `params` of a definition into the IR
/// parameters of its entry block (the named ones, then the rest as they
/// are).
pub(crate) fn entry_values(
    builder: &mut FunctionBuilder,
    assignment: &Assignment,
    result_size: u64,
    params: &[clif::Value],
) -> Entry {
    let mut params = params.iter().copied();
    let mut values = Vec::new();
    let mut result_slot = None;
    for passing in &assignment.args {
        match passing {
            ArgPassing::Scalar(_) | ArgPassing::ResultAddress => {
                values.push(params.next().expect("one machine parameter per scalar"))
            }
            ArgPassing::ResultBuffer => {
                let slot = eightbyte_slot(builder, result_size);
                result_slot = Some(slot);
                values.push(slot);
            }
            ArgPassing::Registers(parts) => {
                let size = parts.last().map_or(0, |p| u64::from(p.offset + p.size));
                let slot = eightbyte_slot(builder, size);
                for &part in parts {
                    let value = params.next().expect("one machine parameter per part");
                    store_part(builder, value, slot, part);
                }
                values.push(slot);
            }
            ArgPassing::Stack { padding, .. } => {
                if *padding > 0 {
                    params.next();
                }
                values.push(params.next().expect("one machine parameter per stack copy"));
            }
        }
    }
    values.extend(params);
    Entry { values, result_slot }
}

/// The values a callee returns for a result in registers, loaded from its
/// result slot.
pub(crate) fn result_values(
    builder: &mut FunctionBuilder,
    parts: &[Part],
    slot: clif::Value,
) -> Vec<clif::Value> {
    parts.iter().map(|&part| load_part(builder, slot, part)).collect()
}

/// The address of a fresh, eight-byte-aligned stack slot of at least
/// `size` bytes, rounded up to eightbytes.
fn eightbyte_slot(builder: &mut FunctionBuilder, size: u64) -> clif::Value {
    let slot = builder.create_sized_stack_slot(StackSlotData::new(
        StackSlotKind::ExplicitSlot,
        size.div_ceil(8) as u32 * 8,
        4,
    ));
    builder.ins().stack_addr(POINTER, slot, 0)
}

/// The pieces a part of `size` bytes is loaded and stored in: powers of
/// two, largest first, as (offset within the part, bytes).
fn pieces(size: u32) -> impl Iterator<Item = (u32, u32)> {
    let mut offset = 0;
    [8, 4, 2, 1].into_iter().filter_map(move |piece| {
        let remaining = size - offset;
        (remaining & piece != 0 || (piece == 8 && remaining == 8)).then(|| {
            let at = offset;
            offset += piece;
            (at, piece)
        })
    })
}

/// The Cranelift type a part travels as: its IR type, or a 128-bit vector
/// for the 16 bytes of an SSE and SSEUP pair (a GCC vector), which
/// Cranelift passes in one `%xmm` register.
fn part_type(part: &Part) -> clif::Type {
    if part.is_whole_vector_register() {
        clif::types::F64X2
    } else {
        clif_type(part.ty)
    }
}

/// Loads part `part` of the object at `address`, reading only its bytes.
fn load_part(builder: &mut FunctionBuilder, address: clif::Value, part: Part) -> clif::Value {
    let flags = MemFlagsData::new();
    if part.ty.is_float() || part.size == 8 {
        return builder
            .ins()
            .load(part_type(&part), flags, address, part.offset as i32);
    }
    let mut value = None;
    for (at, bytes) in pieces(part.size) {
        let offset = (part.offset + at) as i32;
        let ins = builder.ins();
        let piece = match bytes {
            4 => ins.uload32(flags, address, offset),
            2 => ins.uload16(clif::types::I64, flags, address, offset),
            _ => ins.uload8(clif::types::I64, flags, address, offset),
        };
        let piece = if at == 0 {
            piece
        } else {
            builder.ins().ishl_imm_u(piece, i64::from(8 * at))
        };
        value = Some(match value {
            None => piece,
            Some(v) => builder.ins().bor(v, piece),
        });
    }
    value.expect("a part has at least one byte")
}

/// Stores `value`, part `part` of an object, to the object at `address`,
/// writing only the part's bytes.
fn store_part(builder: &mut FunctionBuilder, value: clif::Value, address: clif::Value, part: Part) {
    let flags = MemFlagsData::new();
    if part.ty.is_float() || part.size == 8 {
        builder.ins().store(flags, value, address, part.offset as i32);
        return;
    }
    for (at, bytes) in pieces(part.size) {
        let offset = (part.offset + at) as i32;
        let piece = if at == 0 {
            value
        } else {
            builder.ins().ushr_imm_u(value, i64::from(8 * at))
        };
        let ins = builder.ins();
        match bytes {
            4 => ins.istore32(flags, piece, address, offset),
            2 => ins.istore16(flags, piece, address, offset),
            _ => ins.istore8(flags, piece, address, offset),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::pieces;

    #[test]
    fn pieces_cover_every_byte_once() {
        for size in 1..=8 {
            let mut covered = 0;
            for (at, bytes) in pieces(size) {
                assert_eq!(at, covered, "pieces of {size} are contiguous");
                covered += bytes;
            }
            assert_eq!(covered, size);
        }
    }
}
