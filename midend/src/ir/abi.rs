//! Structs and unions by value in the System V x86-64 ABI (AMD64 psABI
//! 1.0, §3.2.3 "Parameter Passing").
//!
//! The IR has no aggregate values. A struct or union argument is the
//! address of the caller's object, which the callee copies; a struct or
//! union result is written through a hidden first parameter that points at
//! the caller's temporary (`Signature::by_value`, `Signature::by_value_result`).
//! Those are IR semantics only. What the machine does with the bytes is the
//! psABI's: the frontend, which alone knows C layouts, classifies each
//! aggregate into an `Aggregate` (INTEGER and SSE eightbytes, or MEMORY),
//! and `assign` gives every argument of a call its place the way §3.2.3's
//! algorithm does:
//!
//! - a scalar takes the next free register of its class (six
//!   general-purpose, eight vector), or an eightbyte of the stack;
//! - an aggregate of class INTEGER/SSE takes one register per eightbyte if
//!   registers remain for all of its eightbytes, and otherwise goes wholly
//!   to the stack, like a MEMORY one: copied there, rounded up to
//!   eightbytes and aligned to its alignment (at most 16);
//! - a MEMORY result is written to memory the caller provides, whose
//!   address is passed in `%rdi` and returned in `%rax`; an INTEGER/SSE
//!   result comes back in `%rax`/`%rdx` and `%xmm0`/`%xmm1`, one per
//!   eightbyte, and the caller stores it to its temporary.
//!
//! The backend turns an `Assignment` into machine-level parameters (one per
//! register part, Cranelift's `StructArgument` for stack copies,
//! `StructReturn` for the result address), and variadic definitions read
//! from it which registers their named parameters leave free.

use super::{Signature, Type};

/// The general-purpose argument registers (`rdi`, `rsi`, `rdx`, `rcx`,
/// `r8`, `r9`).
pub const GP_ARGUMENT_REGISTERS: usize = 6;
/// The vector argument registers (`xmm0`–`xmm7`).
pub const VECTOR_ARGUMENT_REGISTERS: usize = 8;

/// The class of one eightbyte of an aggregate (psABI §3.2.3). X87 and
/// MEMORY eightbytes make the whole aggregate MEMORY, so they do not
/// appear here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eightbyte {
    /// Padding only: the eightbyte takes no register.
    NoClass,
    /// Integers and pointers: a general-purpose register.
    Integer,
    /// `float` and `double` only: a vector register.
    Sse,
    /// The upper half of a 16-byte vector (GCC's `vector_size(16)`), in
    /// the same vector register as the SSE eightbyte before it.
    SseUp,
    /// A `long double`, or a struct of one, as a result: `%st(0)`. As an
    /// argument it makes the aggregate MEMORY.
    X87,
}

impl Eightbyte {
    pub fn name(self) -> &'static str {
        match self {
            Eightbyte::NoClass => "none",
            Eightbyte::Integer => "int",
            Eightbyte::Sse => "sse",
            Eightbyte::SseUp => "sseup",
            Eightbyte::X87 => "x87",
        }
    }

    pub fn from_name(name: &str) -> Option<Eightbyte> {
        [Eightbyte::NoClass, Eightbyte::Integer, Eightbyte::Sse, Eightbyte::SseUp, Eightbyte::X87].into_iter().find(|e| e.name() == name)
    }
}

/// How a struct or union of `size` bytes and alignment `align` travels by
/// value: in registers, one per eightbyte (`Some`), or in memory (`None`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aggregate {
    pub size: u64,
    pub align: u64,
    pub eightbytes: Option<Vec<Eightbyte>>,
}

/// One eightbyte of an aggregate that travels in a register: the bytes
/// `offset..offset + size` of the object, as a value of type `ty` (`i64`
/// for INTEGER; `f64`, or `f32` for a four-byte tail, for SSE). An SSE
/// eightbyte followed by SSEUP is one part of 16 bytes, of type `f64`,
/// that takes a whole vector register ([`Part::is_whole_vector_register`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub offset: u32,
    pub size: u32,
    pub ty: Type,
}

impl Part {
    /// True for the 16 bytes of an SSE and an SSEUP eightbyte, which
    /// travel in one vector register as a 128-bit value.
    pub fn is_whole_vector_register(&self) -> bool {
        self.size == 16
    }
}

impl Aggregate {
    /// A `long double`: passed in memory, returned in `%st(0)`.
    pub fn x87() -> Aggregate {
        Aggregate { size: 16, align: 16, eightbytes: Some(vec![Eightbyte::X87]) }
    }

    /// True for an aggregate returned in `%st(0)`.
    pub fn is_x87(&self) -> bool {
        self.eightbytes.as_deref() == Some(&[Eightbyte::X87])
    }

    /// A MEMORY aggregate.
    pub fn in_memory(size: u64, align: u64) -> Aggregate {
        Aggregate { size, align, eightbytes: None }
    }

    /// The register parts of an INTEGER/SSE aggregate, in order; `None`
    /// for a MEMORY one.
    pub fn register_parts(&self) -> Option<Vec<Part>> {
        let eightbytes = self.eightbytes.as_ref().filter(|e| !e.contains(&Eightbyte::X87))?;
        let parts = eightbytes
            .iter()
            .enumerate()
            .filter(|(_, class)| !matches!(**class, Eightbyte::NoClass | Eightbyte::SseUp))
            .map(|(i, &class)| {
                let offset = 8 * i as u64;
                let upper_half_follows = eightbytes.get(i + 1) == Some(&Eightbyte::SseUp);
                let size = if upper_half_follows { 16 } else { (self.size - offset).min(8) as u32 };
                let ty = match class {
                    Eightbyte::Sse if size <= 4 => Type::F32,
                    Eightbyte::Sse => Type::F64,
                    _ => Type::I64,
                };
                Part { offset: offset as u32, size, ty }
            })
            .collect();
        Some(parts)
    }

    /// The bytes the object takes on the stack.
    pub fn stack_size(&self) -> u64 {
        stack_size(self.size)
    }

    /// The stack alignment of the object: eight, or its alignment when
    /// greater, as gcc places it (the frontend refuses records aligned
    /// beyond sixteen; GCC vectors of 32 and 64 bytes are aligned to their
    /// size).
    pub fn stack_align(&self) -> u64 {
        self.align.max(8)
    }
}

/// The bytes an object of `size` bytes takes on the stack: its size
/// rounded up to eightbytes.
pub fn stack_size(size: u64) -> u64 {
    size.div_ceil(8) * 8
}

/// Where one IR argument of a call goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgPassing {
    /// A scalar: the next register of its class, or the stack.
    Scalar(Type),
    /// An aggregate whose address the argument is, loaded into registers.
    Registers(Vec<Part>),
    /// An aggregate of `object_size` bytes whose address the argument is,
    /// copied to the stack: `padding` bytes first to align it, then the
    /// object rounded up to eightbytes (`stack_size`).
    Stack { padding: u64, object_size: u64 },
    /// The hidden address of a MEMORY result, passed in `%rdi`.
    ResultAddress,
    /// The hidden address of a result that comes back in registers: not
    /// passed at all; the caller stores the registers there.
    ResultBuffer,
}

/// How a call's result comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultPassing {
    Void,
    Scalar(Type),
    /// An aggregate in `%rax`/`%rdx` and `%xmm0`/`%xmm1`, one per part.
    Registers(Vec<Part>),
    /// An aggregate written to the memory `ResultAddress` points at.
    Memory,
    /// A `long double` in `%st(0)`; the caller stores it through the
    /// hidden result address, which is not passed.
    X87,
}

/// The places of all arguments of a call or definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// One per IR argument.
    pub args: Vec<ArgPassing>,
    pub result: ResultPassing,
    /// General-purpose argument registers taken.
    pub gp_registers: usize,
    /// Vector argument registers taken: the `%al` of a variadic call.
    pub vector_registers: usize,
    /// Bytes of arguments on the stack.
    pub stack_bytes: u64,
}

/// Assigns the arguments of a call with signature `sig` and arguments of
/// types `arg_types` (the signature's parameters for a definition; for a
/// variadic call, the further arguments too).
pub fn assign(sig: &Signature, arg_types: &[Type]) -> Assignment {
    let mut a = Assignment { args: Vec::new(), result: ResultPassing::Void, gp_registers: 0, vector_registers: 0, stack_bytes: 0 };
    let result_parts = sig.by_value_result.as_ref().map(Aggregate::register_parts);
    a.result = match (&result_parts, sig.ret) {
        (Some(_), _) if sig.by_value_result.as_ref().is_some_and(Aggregate::is_x87) => ResultPassing::X87,
        (Some(Some(parts)), _) => ResultPassing::Registers(parts.clone()),
        (Some(None), _) => ResultPassing::Memory,
        (None, Some(ty)) => ResultPassing::Scalar(ty),
        (None, None) => ResultPassing::Void,
    };
    for (i, &ty) in arg_types.iter().enumerate() {
        let passing = if i == 0 && result_parts.is_some() {
            if a.result == ResultPassing::Memory {
                a.gp_registers += 1;
                ArgPassing::ResultAddress
            } else {
                ArgPassing::ResultBuffer
            }
        } else {
            match sig.aggregate_argument(i) {
                Some(aggregate) => a.aggregate(aggregate),
                None => a.scalar(ty),
            }
        };
        a.args.push(passing);
    }
    a
}

impl Assignment {
    fn scalar(&mut self, ty: Type) -> ArgPassing {
        let (used, available) = if ty.is_float() {
            (&mut self.vector_registers, VECTOR_ARGUMENT_REGISTERS)
        } else {
            (&mut self.gp_registers, GP_ARGUMENT_REGISTERS)
        };
        if *used < available {
            *used += 1;
        } else {
            self.stack_bytes += 8;
        }
        ArgPassing::Scalar(ty)
    }

    fn aggregate(&mut self, aggregate: &Aggregate) -> ArgPassing {
        if let Some(parts) = aggregate.register_parts() {
            let gp = parts.iter().filter(|p| !p.ty.is_float()).count();
            let vector = parts.len() - gp;
            if self.gp_registers + gp <= GP_ARGUMENT_REGISTERS && self.vector_registers + vector <= VECTOR_ARGUMENT_REGISTERS {
                self.gp_registers += gp;
                self.vector_registers += vector;
                return ArgPassing::Registers(parts);
            }
        }
        let align = aggregate.stack_align();
        let padding = self.stack_bytes.next_multiple_of(align) - self.stack_bytes;
        self.stack_bytes += padding + aggregate.stack_size();
        ArgPassing::Stack { padding, object_size: aggregate.size }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registers(size: u64, classes: &[Eightbyte]) -> Aggregate {
        Aggregate { size, align: 8, eightbytes: Some(classes.to_vec()) }
    }

    #[test]
    fn an_sse_eightbyte_and_its_sseup_are_one_sixteen_byte_part() {
        let vector = Aggregate { size: 16, align: 16, eightbytes: Some(vec![Eightbyte::Sse, Eightbyte::SseUp]) };
        let parts = vector.register_parts().expect("in registers");
        assert_eq!(parts, vec![Part { offset: 0, size: 16, ty: Type::F64 }]);
        assert!(parts[0].is_whole_vector_register());
        let mut a = Assignment { args: Vec::new(), result: ResultPassing::Void, gp_registers: 0, vector_registers: 0, stack_bytes: 0 };
        a.aggregate(&vector);
        assert_eq!(a.vector_registers, 1, "one xmm register for the whole vector");
    }

    #[test]
    fn an_aggregate_aligned_beyond_sixteen_is_placed_at_its_alignment() {
        let mut a = Assignment { args: Vec::new(), result: ResultPassing::Void, gp_registers: 0, vector_registers: 0, stack_bytes: 8 };
        let passing = a.aggregate(&Aggregate::in_memory(32, 32));
        assert_eq!(passing, ArgPassing::Stack { padding: 24, object_size: 32 });
        assert_eq!(a.stack_bytes, 64);
    }

    fn sig(params: Vec<Type>, by_value: Vec<(usize, Aggregate)>) -> Signature {
        Signature { params, by_value, ..Signature::default() }
    }

    #[test]
    fn parts_cover_the_object_without_passing_its_end() {
        let twelve = registers(12, &[Eightbyte::Sse, Eightbyte::Sse]);
        let parts = twelve.register_parts().unwrap();
        assert_eq!(parts, vec![Part { offset: 0, size: 8, ty: Type::F64 }, Part { offset: 8, size: 4, ty: Type::F32 }]);
        let odd = registers(7, &[Eightbyte::Integer]);
        assert_eq!(odd.register_parts().unwrap(), vec![Part { offset: 0, size: 7, ty: Type::I64 }]);
        assert_eq!(Aggregate::in_memory(20, 4).register_parts(), None);
        assert_eq!(Aggregate::in_memory(20, 4).stack_size(), 24);
    }

    #[test]
    fn an_aggregate_that_does_not_fit_the_registers_left_goes_wholly_to_the_stack() {
        // Five integers leave one general-purpose register: a two-register
        // struct goes to the stack, and the int after it takes the register.
        let pair = registers(16, &[Eightbyte::Integer, Eightbyte::Integer]);
        let mut params = vec![Type::I32; 5];
        params.extend([Type::PTR, Type::I32]);
        let a = assign(&sig(params.clone(), vec![(5, pair)]), &params);
        assert_eq!(a.args[5], ArgPassing::Stack { padding: 0, object_size: 16 });
        assert_eq!(a.args[6], ArgPassing::Scalar(Type::I32));
        assert_eq!((a.gp_registers, a.stack_bytes), (6, 16));
    }

    #[test]
    fn a_sixteen_aligned_stack_copy_is_padded() {
        let aligned = Aggregate::in_memory(24, 16);
        let mut params = vec![Type::I64; 7];
        params.push(Type::PTR);
        let a = assign(&sig(params.clone(), vec![(7, aligned)]), &params);
        assert_eq!(a.args[7], ArgPassing::Stack { padding: 8, object_size: 24 });
        assert_eq!(a.stack_bytes, 40);
    }

    #[test]
    fn a_memory_result_takes_rdi_and_a_register_result_takes_nothing() {
        let mut memory = sig(vec![Type::PTR, Type::I32], vec![]);
        memory.by_value_result = Some(Aggregate::in_memory(32, 8));
        let a = assign(&memory, &memory.params.clone());
        assert_eq!(a.args[0], ArgPassing::ResultAddress);
        assert_eq!((a.gp_registers, a.result), (2, ResultPassing::Memory));
        let mut small = memory.clone();
        small.by_value_result = Some(registers(16, &[Eightbyte::Integer, Eightbyte::Sse]));
        let a = assign(&small, &small.params.clone());
        assert_eq!(a.args[0], ArgPassing::ResultBuffer);
        assert_eq!(a.gp_registers, 1);
        assert!(matches!(a.result, ResultPassing::Registers(ref parts) if parts.len() == 2));
    }

    #[test]
    fn a_long_double_goes_to_the_stack_and_comes_back_in_st0() {
        let params = vec![Type::PTR, Type::PTR];
        let mut sig = sig(params.clone(), vec![(1, Aggregate::x87())]);
        sig.by_value_result = Some(Aggregate::x87());
        let a = assign(&sig, &params);
        assert_eq!(a.args, vec![ArgPassing::ResultBuffer, ArgPassing::Stack { padding: 0, object_size: 16 }]);
        assert_eq!((a.result, a.gp_registers), (ResultPassing::X87, 0));
    }

    #[test]
    fn sse_eightbytes_count_as_vector_registers() {
        let pair = registers(16, &[Eightbyte::Sse, Eightbyte::Integer]);
        let params = vec![Type::PTR, Type::F64];
        let a = assign(&sig(params.clone(), vec![(0, pair)]), &params);
        assert_eq!((a.gp_registers, a.vector_registers), (1, 2));
    }
}
