//! GCC builtins that glibc's headers expand to (`assert`, `isnan`,
//! `HUGE_VAL`, `NAN`, `__builtin_expect`…). A `__builtin_X` that merely
//! names a libc function `X` becomes a call to `X`, declared in scope or
//! given its library prototype (`library_prototypes.rs`) as GCC does.
//! The bit builtins (`bswap`, `clz`, `ctz`, `popcount`, `parity`, `ffs`,
//! `clrsb`,
//! and the scalar ones of `<x86intrin.h>`: bit scan and 8- and 16-bit
//! rotations) become the IR's bit operations, and the SSE scalar
//! conversions of a vector's low element to an integer
//! (`_mm_cvtsd_si32`…) a conversion with x86's out-of-range result.
//! `__builtin_frame_address(0)` and `__builtin_return_address(0)` become
//! the calls of `nissecc_midend::ir::frame`; higher levels follow the
//! saved frame pointers from there. `__builtin_thread_pointer()` is a
//! call of a function in assembly that reads `%fs:0`.

use super::library_prototypes::library_prototype;
use super::overflow_builtins::{overflow_builtin, overflow_predicate_builtin};
use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::extended_float::X80;
use crate::types::{CType, IntKind};
use lang_c::ast::{CallExpression, Expression, Identifier};
use lang_c::span::{Node, Span};
use nissecc_midend::ir::{BinaryOp, BlockCall, InstData, IntCC, Type, UnaryOp, Value};

/// The deepest frame `__builtin_frame_address` and
/// `__builtin_return_address` walk to (one load per level, as gcc writes
/// them); a real backtrace is far shallower.
const MAX_FRAME_LEVEL: i64 = 65_536;

/// The value and type of the builtins that glibc's `HUGE_VAL`,
/// `INFINITY` and `NAN` expand to (`base` is the name after
/// `__builtin_`), which are constants, in static initializers too. The
/// argument of `nan("")` is ignored: every NaN is the default quiet one.
pub(super) fn float_constant_builtin(base: &str) -> Option<(f64, CType)> {
    Some(match base {
        "huge_val" | "inf" => (f64::INFINITY, CType::Double),
        "huge_valf" | "inff" => (f64::INFINITY, CType::Float),
        "huge_vall" | "infl" => (f64::INFINITY, CType::LongDouble),
        "nan" => (f64::NAN, CType::Double),
        "nanf" => (f64::NAN, CType::Float),
        "nanl" => (f64::NAN, CType::LongDouble),
        _ => return None,
    })
}

impl Lowerer {
    /// Lowers a call to a `__builtin_*` function, or returns `None` when
    /// `callee` is not a builtin.
    pub fn lower_builtin_call(&mut self, name: &Node<Identifier>, c: &Node<CallExpression>, span: Span) -> LowerResult<Option<Operand>> {
        let id = name.node.name.as_str();
        let Some(base) = id.strip_prefix("__builtin_") else { return Ok(None) };
        let args = &c.node.arguments;
        let arg = |i: usize| args.get(i).ok_or_else(|| Diagnostic::error_at(span, format!("too few arguments to '{id}'")));
        if let Some((op, typed)) = overflow_builtin(base) {
            return self.lower_overflow_builtin(op, typed, args, span).map(Some);
        }
        if let Some(op) = overflow_predicate_builtin(base) {
            return self.lower_overflow_predicate(op, args, span).map(Some);
        }
        if let Some(result) = self.lower_complex_builtin(id, args, span)? {
            return Ok(Some(result));
        }
        let result = match base {
            "expect" | "expect_with_probability" => {
                let value = self.argument_as(arg(0)?, &CType::LONG, span)?;
                // The expected value (and probability) are evaluated too,
                // for their side effects (`__builtin_expect (c, z++)`).
                for hint in &args[1..] {
                    self.lower_expr(hint)?;
                }
                Operand { ty: CType::LONG, place: Place::Value(value) }
            }
            "abort" => {
                // GCC calls the library's `abort`, which raises SIGABRT.
                let abort = nissecc_midend::ir::Signature::scalars(vec![], None, false);
                self.call_helper("abort", abort, vec![]);
                self.emit_effect(InstData::Unreachable);
                self.continue_in_new_block();
                Operand { ty: CType::Void, place: Place::Void }
            }
            "unreachable" | "trap" => {
                self.emit_effect(InstData::Unreachable);
                self.continue_in_new_block();
                Operand { ty: CType::Void, place: Place::Void }
            }
            "alloca" => self.lower_alloca(args, span)?,
            "alloca_with_align" => {
                let [_, align] = args.as_slice() else {
                    return Err(Diagnostic::error_at(span, "'__builtin_alloca_with_align' takes two arguments"));
                };
                // The alignment is a constant in bits (GCC manual, "Other
                // Builtins"): a power of two, at least a byte.
                let bits = self.eval_int(align).map_err(|_| Diagnostic::error_at(align.span, "the alignment of '__builtin_alloca_with_align' is not a constant"))?;
                if bits < 8 || bits.count_ones() != 1 || bits > 8 << 20 {
                    return Err(Diagnostic::error_at(align.span, format!("invalid alignment {bits} for '__builtin_alloca_with_align' (a power of two of at least 8 bits)")));
                }
                self.lower_aligned_alloca(&args[..1], (bits / 8) as u64, span)?
            }
            // Instruction and data caches are coherent on x86-64, so there
            // is nothing to flush (as gcc compiles it); the bounds are
            // evaluated for their side effects.
            "__clear_cache" => {
                for a in args {
                    self.lower_expr(a)?;
                }
                Operand { ty: CType::Void, place: Place::Void }
            }
            name if super::sse_integer_builtins::is_sse_integer_builtin(name) => self.lower_sse_integer_builtin(name, args, span)?,
            name if super::sse_float_builtins::is_sse_float_builtin(name) => self.lower_sse_float_builtin(name, args, span)?,
            name if super::sse_instruction_helpers::is_sse_instruction_builtin(name) => self.lower_sse_instruction_builtin(name, args, span)?,
            "shuffle" => self.lower_vector_shuffle(args, span)?,
            "shufflevector" => self.lower_vector_shufflevector(args, span)?,
            "convertvector" => self.lower_convertvector(args, span)?,
            "choose_expr" => {
                let chosen = self.chosen_expression(c, span)?;
                return self.lower_expr(chosen).map(Some);
            }
            "va_start" => self.lower_va_start(args, span)?,
            "va_end" => self.lower_va_end(args, span)?,
            "va_copy" => self.lower_va_copy(args, span)?,
            "nissecc_label_address" => {
                let label = self.label_address_call(c).ok_or_else(|| Diagnostic::error_at(span, "'&&' needs a label name"))?;
                let number = self.label_number(&label.node.name, label.span)?;
                let k = self.iconst(Type::PTR, number);
                Operand { ty: CType::pointer_to(CType::Void), place: Place::Value(k) }
            }
            "nissecc_computed_goto" => {
                let target = self.lower_expr(arg(0)?)?;
                if !target.ty.decay().is_pointer() {
                    return Err(Diagnostic::error_at(span, "'goto *' needs a pointer"));
                }
                let target = self.rvalue(&target, span)?;
                let dispatch = match self.f().computed_goto {
                    Some(block) => block,
                    None => {
                        let block = self.new_block();
                        self.f().func.append_block_param(block, Type::PTR);
                        self.f().computed_goto = Some(block);
                        block
                    }
                };
                self.emit_effect(InstData::Jump { dest: BlockCall::new(dispatch, vec![target]) });
                self.continue_in_new_block();
                Operand { ty: CType::Void, place: Place::Void }
            }
            _ if float_constant_builtin(base).is_some() => {
                let (value, ty) = float_constant_builtin(base).expect("just matched");
                let k = self.float_constant(value, &ty);
                let place = if ty == CType::LongDouble { Place::Addr(k) } else { Place::Value(k) };
                Operand { ty, place }
            }
            "constant_p" => {
                let constant = self.is_constant_argument(c);
                let k = self.iconst(Type::I32, constant as i64);
                Operand { ty: CType::INT, place: Place::Value(k) }
            }
            "classify_type" => {
                let ty = self.type_of_expression(arg(0)?)?;
                let class = self.type_class(&ty, span)?;
                let k = self.iconst(Type::I32, class);
                Operand { ty: CType::INT, place: Place::Value(k) }
            }
            // The number of bits after the sign bit that equal it:
            // `clz(x ^ (x >> (w - 1))) - 1`, with an arithmetic shift.
            "clrsb" | "clrsbl" | "clrsbll" => {
                let kind = match base {
                    "clrsb" => IntKind::Int,
                    "clrsbl" => IntKind::Long,
                    _ => IntKind::LongLong,
                };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let ty = self.value_type(x);
                let top = self.iconst(ty, ty.bits() as i64 - 1);
                let sign = self.binary(BinaryOp::Sshr, x, top);
                let folded = self.binary(BinaryOp::Bxor, x, sign);
                let zeros = self.bit_count(BitCount::Clz, folded);
                let one = self.iconst(Type::I32, 1);
                let r = self.binary(BinaryOp::Isub, zeros, one);
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "object_size" | "dynamic_object_size" => {
                // A pointer into a named object, as GCC folds it even at
                // -O0 (`buf`, `&x`, `&buf[2]`, `buf + 2`), has the bytes
                // from it to the object's end, 0 past the end. Otherwise
                // the size is not known: (size_t)-1 for the maximum (types
                // 0 and 1), 0 for the minimum (types 2 and 3), which GCC
                // also answers when it cannot tell. The pointer is not
                // evaluated, as in GCC.
                let kind = self.eval_int(arg(1)?)?;
                let unknown = if kind & 2 == 0 { -1 } else { 0 };
                let size = self.named_object_bytes_left(arg(0)?).map_or(unknown, |left| left as i64);
                let k = self.iconst(Type::I64, size);
                Operand { ty: CType::ULONG, place: Place::Value(k) }
            }
            "assume_aligned" => {
                let p = self.lower_expr(arg(0)?)?;
                for extra in &args[1..] {
                    self.lower_expr(extra)?;
                }
                let value = self.rvalue(&p, span)?;
                let ty = CType::pointer_to(CType::Void);
                let value = self.convert(value, &p.ty.decay(), &ty, span)?;
                Operand { ty, place: Place::Value(value) }
            }
            "isnan" | "isinf_sign" | "isinf" | "isfinite" | "isnormal" | "signbit" | "isnanf" | "isnanl" | "isinff" | "isinfl" | "finite"
            | "finitef" | "finitel" | "signbitf" | "signbitl" => {
                let (x, ty) = self.floating_argument(arg(0)?, id, span)?;
                // The typed forms (`__builtin_isnanf`, glibc's `finite`)
                // classify their argument as the generic ones do.
                let which = match base {
                    "isnanf" | "isnanl" => "isnan",
                    "isinff" | "isinfl" => "isinf",
                    "finite" | "finitef" | "finitel" => "isfinite",
                    "signbitf" | "signbitl" => "signbit",
                    other => other,
                };
                let r = self.float_classification(which, x, &ty, span)?;
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "types_compatible_p" => {
                let k = self.types_compatible(c, span)?;
                let k = self.iconst(Type::I32, k as i64);
                Operand { ty: CType::INT, place: Place::Value(k) }
            }
            "isgreater" | "isgreaterequal" | "isless" | "islessequal" | "islessgreater" | "isunordered" => {
                let r = self.quiet_comparison(base, arg(0)?, arg(1)?, span)?;
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "tgmath" => {
                let call = self.type_generic_call(c, span)?;
                return self.lower_call(&call, span).map(Some);
            }
            "fpclassify" => {
                // `__builtin_fpclassify (nan, infinite, normal, subnormal,
                // zero, x)`: glibc's `fpclassify` passes the `FP_*` values.
                let mut classes = Vec::new();
                for i in 0..5 {
                    classes.push(self.integer_argument(arg(i)?, IntKind::Int, span)?);
                }
                let (x, ty) = self.floating_argument(arg(5)?, id, span)?;
                let mut r = classes[3];
                for (which, class) in [("iszero", classes[4]), ("isnormal", classes[2]), ("isinf", classes[1]), ("isnan", classes[0])] {
                    let is = self.float_classification(which, x, &ty, span)?;
                    r = self.emit(InstData::Select { cond: is, if_true: class, if_false: r }, Type::I32);
                }
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            "bswap16" | "bswap32" | "bswap64" => {
                let kind = match base {
                    "bswap16" => IntKind::UShort,
                    "bswap32" => IntKind::UInt,
                    _ => IntKind::ULongLong,
                };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let ty = self.value_type(x);
                let r = self.unary(UnaryOp::Bswap, x, ty);
                Operand { ty: CType::Int(kind), place: Place::Value(r) }
            }
            // `<x86intrin.h>`'s `__bsrd`, `__bsrq` and `_bit_scan_reverse`:
            // the index of the highest set bit (undefined for 0).
            "ia32_bsrsi" | "ia32_bsrdi" => {
                let kind = if base == "ia32_bsrsi" { IntKind::UInt } else { IntKind::ULongLong };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let zeros = self.bit_count(BitCount::Clz, x);
                let top = self.iconst(Type::I32, if base == "ia32_bsrsi" { 31 } else { 63 });
                let r = self.binary(BinaryOp::Isub, top, zeros);
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            // `<xmmintrin.h>`'s and `<emmintrin.h>`'s scalar conversions
            // to integers (`_mm_cvtsd_si32`, `_mm_cvttss_si64`…), which
            // programs reach by `__SSE2_MATH__` (libvorbis's
            // `vorbis_ftoi`): the low element of a vector of `double`s or
            // `float`s, rounded as the rounding mode says (`rint`) or, for
            // the `cvtt` ones, truncated, and the integer indefinite
            // (the type's minimum) for a NaN or a result out of range.
            "ia32_cvtsd2si" | "ia32_cvtsd2si64" | "ia32_cvttsd2si" | "ia32_cvttsd2si64" | "ia32_cvtss2si" | "ia32_cvtss2si64"
            | "ia32_cvttss2si" | "ia32_cvttss2si64" => {
                let vector = self.lower_expr(arg(0)?)?;
                let single = base.contains("ss2si");
                let element = if single { CType::Float } else { CType::Double };
                if !matches!(&vector.ty, CType::Vector(e, _) if **e == element) {
                    return Err(Diagnostic::error_at(span, format!("incompatible type for argument 1 of '{id}'")));
                }
                let wide = base.ends_with("64");
                let address = self.rvalue(&vector, span)?;
                let ir = if single { Type::F32 } else { Type::F64 };
                let x = self.emit(InstData::Load { addr: address, offset: 0 }, ir);
                let x = if single { self.unary(UnaryOp::Fpromote, x, Type::F64) } else { x };
                let x = if base.contains("cvtt") {
                    x
                } else {
                    let signature = nissecc_midend::ir::Signature::scalars(vec![Type::F64], Some(Type::F64), false);
                    self.call_helper("rint", signature, vec![x]).expect("a result")
                };
                let (ty, kind) = if wide { (Type::I64, IntKind::Long) } else { (Type::I32, IntKind::Int) };
                // The backend's conversion is `cvttsd2si` itself, whose
                // result for a NaN or a value out of range is the integer
                // indefinite.
                let r = self.unary(UnaryOp::FcvtToSint, x, ty);
                Operand { ty: CType::Int(kind), place: Place::Value(r) }
            }
            // `<x86intrin.h>`'s `__rolb`, `__rolw`, `__rorb` and `__rorw`.
            "ia32_rolqi" | "ia32_rolhi" | "ia32_rorqi" | "ia32_rorhi" => {
                let kind = if base.ends_with("qi") { IntKind::UChar } else { IntKind::UShort };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let n = self.integer_argument(arg(1)?, IntKind::Int, span)?;
                let r = self.rotate(x, n, base.starts_with("ia32_rol"));
                Operand { ty: CType::Int(kind), place: Place::Value(r) }
            }
            "clz" | "clzl" | "clzll" | "ctz" | "ctzl" | "ctzll" | "popcount" | "popcountl" | "popcountll" | "parity"
            | "parityl" | "parityll" | "ffs" | "ffsl" | "ffsll" => {
                let (op, suffix) = bit_count_operation(base);
                let kind = match (suffix, op) {
                    ("", BitCount::Ffs) => IntKind::Int,
                    ("", _) => IntKind::UInt,
                    ("l", BitCount::Ffs) => IntKind::Long,
                    ("l", _) => IntKind::ULong,
                    (_, BitCount::Ffs) => IntKind::LongLong,
                    _ => IntKind::ULongLong,
                };
                let x = self.integer_argument(arg(0)?, kind, span)?;
                let r = self.bit_count(op, x);
                Operand { ty: CType::INT, place: Place::Value(r) }
            }
            // The current function's frame, or at a nonzero level an
            // outer one, found as gcc finds it: through the saved frame
            // pointers (each frame's first word is its caller's), with
            // the return address one word above. nissecc keeps frame
            // pointers; a caller built without them breaks the chain, for
            // gcc's code as for ours.
            "frame_address" | "return_address" => {
                // A negative level is rejected, as clang rejects it (gcc
                // walks no frame for it, through an `int` that overflows).
                // gcc writes one load per level; so does nissecc, up to a
                // bound that keeps a mutated level from filling the memory.
                let level = self.eval_int(arg(0)?)?;
                if level < 0 {
                    return Err(Diagnostic::error_at(span, format!("invalid argument to '{id}'")));
                }
                if level > MAX_FRAME_LEVEL {
                    return Err(Diagnostic::unsupported(span, format!("'{id}' of a level above {MAX_FRAME_LEVEL}")));
                }
                use nissecc_midend::ir::frame;
                let address = if level == 0 {
                    let function = if base == "frame_address" { frame::FRAME_ADDRESS_FUNCTION } else { frame::RETURN_ADDRESS_FUNCTION };
                    self.call_helper(function, frame::signature(), vec![]).expect("a result")
                } else {
                    let mut frame = self.call_helper(frame::FRAME_ADDRESS_FUNCTION, frame::signature(), vec![]).expect("a result");
                    for _ in 0..level {
                        frame = self.emit(InstData::Load { addr: frame, offset: 0 }, Type::PTR);
                    }
                    if base == "frame_address" {
                        frame
                    } else {
                        self.emit(InstData::Load { addr: frame, offset: 8 }, Type::PTR)
                    }
                };
                Operand { ty: CType::pointer_to(CType::Void), place: Place::Value(address) }
            }
            // The thread pointer (`%fs:0` on x86-64, the TCB's pointer to
            // itself, which glibc and musl keep): Cranelift cannot read
            // `%fs`, so this unit gets a function in assembly that does.
            "thread_pointer" => {
                for a in args {
                    self.lower_expr(a)?;
                }
                let symbol = format!("__nissecc_thread_pointer_{:016x}", self.asm_symbol_seed());
                if !self.module.assembly.iter().any(|f| f.name == symbol) {
                    let text = format!(
                        "\t.text\n\t.p2align 4\n\t.globl {symbol}\n\t.hidden {symbol}\n\t.type {symbol}, @function\n{symbol}:\n\tmovq %fs:0, %rax\n\tret\n\t.size {symbol}, .-{symbol}\n"
                    );
                    self.module.assembly.push(nissecc_midend::ir::AssemblyFunction { name: symbol.clone(), text });
                }
                let signature = nissecc_midend::ir::Signature::scalars(vec![], Some(Type::PTR), false);
                let pointer = self.call_helper(&symbol, signature, vec![]).expect("a result");
                Operand { ty: CType::pointer_to(CType::Void), place: Place::Value(pointer) }
            }
            // `x` to an integer power, which GCC computes by libgcc's
            // `__powidf2` and `__powisf2` (there is no library `powi`: a
            // program may define its own, gcc.dg's pr19402-2 does, and
            // calling it would recurse).
            "powi" | "powif" => {
                let (ty, ir, helper) = if base == "powi" { (CType::Double, Type::F64, "__powidf2") } else { (CType::Float, Type::F32, "__powisf2") };
                let x = self.argument_as(arg(0)?, &ty, span)?;
                let n = self.argument_as(arg(1)?, &CType::INT, span)?;
                let signature = nissecc_midend::ir::Signature::scalars(vec![ir, Type::I32], Some(ir), false);
                let r = self.call_helper(helper, signature, vec![x, n]).expect("a result");
                Operand { ty, place: Place::Value(r) }
            }
            // libgcc's `__powixf2` takes and returns an x87 `long double`,
            // which helper calls do not pass.
            "powil" => return Err(Diagnostic::unsupported(name.span, format!("builtin '{id}'"))),
            "prefetch" => {
                // A hint only: the arguments are evaluated for their effects.
                for a in args {
                    self.lower_expr(a)?;
                }
                Operand { ty: CType::Void, place: Place::Void }
            }
            _ => {
                // `__builtin_memcpy` and friends call the libc function, as
                // declared in scope or, as GCC knows them without a
                // declaration (and without a warning), with the library's
                // prototype.
                let plain_id = Node { node: Identifier { name: base.to_string() }, span: name.span };
                if self.scopes.lookup(base).is_none() {
                    if library_prototype(base).is_none() {
                        return Err(Diagnostic::unsupported(name.span, format!("builtin '{id}'")));
                    }
                    self.declare_at_file_scope(&plain_id);
                }
                let plain = Node { node: Expression::Identifier(Box::new(plain_id)), span: name.span };
                let call = Node { node: CallExpression { callee: Box::new(plain), arguments: c.node.arguments.clone() }, span: c.span };
                return self.lower_call(&call, span).map(Some);
            }
        };
        Ok(Some(result))
    }

    /// A builtin's argument `e`, evaluated and converted to `ty`, as a
    /// prototype would convert it.
    pub(super) fn argument_as(&mut self, e: &Node<Expression>, ty: &CType, span: Span) -> LowerResult<Value> {
        let operand = self.lower_expr(e)?;
        let value = self.rvalue(&operand, span)?;
        self.convert(value, &operand.ty, ty, span)
    }

    /// The label of `__builtin_nissecc_label_address(label)`, the
    /// rewritten `&&label` (see `labels_as_values`).
    pub fn label_address_call<'a>(&self, c: &'a Node<CallExpression>) -> Option<&'a Node<Identifier>> {
        let Expression::Identifier(callee) = &c.node.callee.node else { return None };
        if callee.node.name != crate::labels_as_values::LABEL_ADDRESS {
            return None;
        }
        match c.node.arguments.as_slice() {
            [Node { node: Expression::Identifier(label), .. }] => Some(label),
            _ => None,
        }
    }

    /// The number that stands for the address of a label: its index
    /// among the function's address-taken labels, plus one.
    pub fn label_number(&mut self, name: &str, span: Span) -> LowerResult<i64> {
        if self.func.is_none() {
            return Err(Diagnostic::error_at(span, "the address of a label outside a function"));
        }
        let name = self.resolve_label(name);
        let block = self.label_block(&name, span);
        let labels = &mut self.f().address_taken_labels;
        let index = match labels.iter().position(|&b| b == block) {
            Some(index) => index,
            None => {
                labels.push(block);
                labels.len() - 1
            }
        };
        Ok(index as i64 + 1)
    }

    /// Whether the argument of `__builtin_constant_p` is a constant
    /// expression (GCC may also say so of expressions its optimizer folds;
    /// nissecc answers for the language's constants only).
    pub fn is_constant_argument(&mut self, c: &Node<CallExpression>) -> bool {
        match c.node.arguments.as_slice() {
            [argument] => self.eval_const(argument).is_ok(),
            _ => false,
        }
    }

    /// `__builtin_types_compatible_p (T1, T2)`, whose operands the
    /// prepass made null pointers to `T1` and `T2` (`types_compatible`):
    /// whether the types are compatible, their top-level qualifiers
    /// ignored.
    pub fn types_compatible(&mut self, c: &Node<CallExpression>, span: Span) -> LowerResult<bool> {
        let [a, b] = c.node.arguments.as_slice() else {
            return Err(Diagnostic::error_at(span, "'__builtin_types_compatible_p' takes two type names"));
        };
        let (a_enum, b_enum) = (self.operand_enum(a), self.operand_enum(b));
        let (a, b) = (self.type_of_expression(a)?, self.type_of_expression(b)?);
        match (a.pointee(), b.pointee()) {
            // Two enumerated types are not compatible with each other,
            // though each is with its integer type.
            (Some(_), Some(_)) if matches!((&a_enum, &b_enum), (Some(x), Some(y)) if x != y) => Ok(false),
            (Some(x), Some(y)) => Ok(super::redeclaration::compatible(&self.types, x, y)),
            _ => Err(Diagnostic::error_at(span, "'__builtin_types_compatible_p' takes two type names")),
        }
    }

    /// The enumeration an operand of `__builtin_types_compatible_p`, as the
    /// prepass wrote it (`(__typeof__(T)*)0`), names, if any.
    fn operand_enum(&self, e: &Node<Expression>) -> Option<String> {
        let Expression::Cast(c) = &e.node else { return None };
        self.enum_identity(&type_specifiers(&c.node.type_name.node.specifiers))
    }

    /// The enumeration that type specifiers name (an `enum` specifier, a
    /// typedef name of one, or `__typeof__` of either): its tag, or the
    /// offset of an untagged one.
    pub fn enum_identity(&self, specifiers: &[&lang_c::ast::TypeSpecifier]) -> Option<String> {
        use lang_c::ast::{TypeOf, TypeSpecifier};
        let mut found = None;
        for &specifier in specifiers {
            found = match specifier {
                TypeSpecifier::Enum(et) => Some(match &et.node.identifier {
                    Some(tag) => tag.node.name.clone(),
                    None => format!("@{}", et.span.start),
                }),
                TypeSpecifier::TypedefName(id) => self.enum_typedefs.get(&id.node.name).cloned(),
                TypeSpecifier::TypeOf(t) => match &t.node {
                    TypeOf::Type(tn) if tn.node.declarator.is_none() => self.enum_identity(&type_specifiers(&tn.node.specifiers)),
                    TypeOf::Expression(e) => match &super::declarations::typeof_operand(e).node {
                        Expression::Identifier(id) => self.enum_typedefs.get(&id.node.name).cloned(),
                        _ => None,
                    },
                    _ => None,
                },
                _ => continue,
            };
        }
        found
    }

    /// Records `name` as a typedef name of an enumerated type when its
    /// declaration's specifiers name one and its declarator derives nothing.
    pub fn note_enum_typedef(&mut self, name: &str, specifiers: &[Node<lang_c::ast::DeclarationSpecifier>], declarator: &Node<lang_c::ast::Declarator>) {
        if !declarator.node.derived.is_empty() {
            return;
        }
        let specifiers: Vec<_> = specifiers.iter().filter_map(|s| match &s.node {
            lang_c::ast::DeclarationSpecifier::TypeSpecifier(t) => Some(&t.node),
            _ => None,
        }).collect();
        if let Some(identity) = self.enum_identity(&specifiers) {
            self.enum_typedefs.insert(name.to_string(), identity);
        }
    }

    /// The operand `__builtin_choose_expr(c, a, b)` selects: `a` when the
    /// constant `c` is non-zero, else `b`; the other is not evaluated.
    pub fn chosen_expression<'a>(&mut self, c: &'a Node<CallExpression>, span: Span) -> LowerResult<&'a Node<Expression>> {
        let [condition, a, b] = c.node.arguments.as_slice() else {
            return Err(Diagnostic::error_at(span, "'__builtin_choose_expr' takes three arguments"));
        };
        Ok(if self.eval_int(condition)? != 0 { a } else { b })
    }

    /// An argument converted to the integer type a builtin takes.
    fn integer_argument(&mut self, e: &Node<Expression>, kind: IntKind, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        let v = self.lower_expr(e)?;
        if !v.ty.is_integer() {
            return Err(Diagnostic::error_at(e.span, "the builtin needs an integer argument"));
        }
        let value = self.rvalue(&v, span)?;
        self.convert(value, &v.ty, &CType::Int(kind), span)
    }

    /// `x`, an `i8` or `i16`, rotated left (or right) by `n` modulo its
    /// width, computed in 32 bits: `(x << k) | (x >> ((w - k) mod w))`.
    fn rotate(&mut self, x: nissecc_midend::ir::Value, n: nissecc_midend::ir::Value, left: bool) -> nissecc_midend::ir::Value {
        let ty = self.value_type(x);
        let width = ty.bits() as i64;
        let wide = self.resize_int(x, ty, Type::I32, false);
        let mask = self.iconst(Type::I32, width - 1);
        let count = self.binary(BinaryOp::Band, n, mask);
        let count = if left {
            count
        } else {
            let w = self.iconst(Type::I32, width);
            let back = self.binary(BinaryOp::Isub, w, count);
            self.binary(BinaryOp::Band, back, mask)
        };
        let w = self.iconst(Type::I32, width);
        let rest = self.binary(BinaryOp::Isub, w, count);
        let rest = self.binary(BinaryOp::Band, rest, mask);
        let high = self.binary(BinaryOp::Ishl, wide, count);
        let low = self.binary(BinaryOp::Ushr, wide, rest);
        let r = self.binary(BinaryOp::Bor, high, low);
        self.resize_int(r, Type::I32, ty, false)
    }

    /// What `__builtin_classify_type` answers for an argument of type
    /// `ty`: GCC's `enum type_class` of the type after the argument's
    /// conversions (integers, `_Bool` and enumerations promoted, arrays
    /// and functions decayed): integer 1, real 8, pointer 5, complex 9,
    /// struct 12, union 13.
    fn type_class(&self, ty: &CType, span: Span) -> LowerResult<i64> {
        Ok(match ty {
            CType::Int(_) | CType::Int128 { .. } => 1,
            CType::Float | CType::Double | CType::LongDouble => 8,
            CType::Pointer(..) | CType::Array(..) | CType::Vla(..) | CType::Function(_) => 5,
            CType::Record(id) if self.types.records[*id].is_union => 13,
            CType::Record(_) => 12,
            CType::Complex(_) => 9,
            CType::Unsupported(t) if t.name.starts_with("_Complex") => 9,
            CType::Atomic(t) => return self.type_class(t, span),
            CType::Vector(..) => return Err(Diagnostic::unsupported(span, "__builtin_classify_type of a vector")),
            CType::Void => return Err(Diagnostic::error_at(span, "invalid use of void expression")),
            CType::Unsupported(t) => return Err(Diagnostic::unsupported(span, format!("__builtin_classify_type of {t}"))),
        })
    }

    /// `clz`, `ctz`, `popcount`, `parity` or `ffs` of `x`, as an `i32`.
    fn bit_count(&mut self, op: BitCount, x: nissecc_midend::ir::Value) -> nissecc_midend::ir::Value {
        let ty = self.value_type(x);
        let count = match op {
            BitCount::Clz => self.unary(UnaryOp::Clz, x, ty),
            BitCount::Ctz => self.unary(UnaryOp::Ctz, x, ty),
            BitCount::Popcount => self.unary(UnaryOp::Popcnt, x, ty),
            BitCount::Parity => {
                let ones = self.unary(UnaryOp::Popcnt, x, ty);
                let one = self.iconst(ty, 1);
                self.binary(BinaryOp::Band, ones, one)
            }
            BitCount::Ffs => {
                // One plus the index of the lowest set bit, or 0 for 0:
                // `(ctz(x) + 1) & -(x != 0)`.
                let zeros = self.unary(UnaryOp::Ctz, x, ty);
                let one = self.iconst(ty, 1);
                let index = self.binary(BinaryOp::Iadd, zeros, one);
                let zero = self.iconst(ty, 0);
                let nonzero = self.icmp(IntCC::Ne, x, zero);
                let nonzero = self.unary(UnaryOp::Uextend, nonzero, ty);
                let mask = self.unary(UnaryOp::Ineg, nonzero, ty);
                self.binary(BinaryOp::Band, index, mask)
            }
        };
        self.resize_int(count, ty, Type::I32, false)
    }

    /// The call that `<tgmath.h>`'s `__builtin_tgmath (f, d, l, [cf, cd,
    /// cl,] args…)` stands for: the `float`, `double` or `long double`
    /// function after the usual arithmetic conversions of the arguments,
    /// an integer counting as `double` (C11 §7.25p3). Complex arguments
    /// are not supported.
    fn type_generic_call(&mut self, c: &Node<CallExpression>, span: Span) -> LowerResult<Node<CallExpression>> {
        let args = &c.node.arguments;
        // The functions come first (the `_FloatN` and complex variants
        // after the three real ones); the arguments are not functions.
        let is_function = |a: &Node<Expression>| match &a.node {
            Expression::Identifier(id) => matches!(self.scopes.lookup(&id.node.name), Some(super::scope::Symbol::Global { ty: CType::Function(_), .. }) | None),
            _ => false,
        };
        let functions = args.iter().take_while(|a| is_function(a)).count();
        if functions < 3 || functions == args.len() {
            return Err(Diagnostic::unsupported(span, "this use of '__builtin_tgmath'"));
        }
        let mut rank = 0;
        for a in &args[functions..] {
            rank = rank.max(match self.type_of_expression(a)?.decay() {
                CType::Float => 0,
                CType::LongDouble => 2,
                t if t.is_arithmetic() => 1,
                _ => return Err(Diagnostic::unsupported(a.span, "a complex or non-arithmetic argument of a type-generic macro")),
            });
        }
        Ok(Node { node: CallExpression { callee: Box::new(args[rank].clone()), arguments: args[functions..].to_vec() }, span: c.span })
    }

    /// `isgreater (x, y)` and the other comparison macros of C11 §7.12.14,
    /// as an `i32`: false, not an exception, when either is a NaN.
    fn quiet_comparison(&mut self, which: &str, x: &Node<Expression>, y: &Node<Expression>, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        use lang_c::ast::BinaryOperator as B;
        let x = self.lower_expr(x)?;
        let y = self.lower_expr(y)?;
        if !(x.ty.is_arithmetic() && y.ty.is_arithmetic()) {
            return Err(Diagnostic::error_at(span, format!("'__builtin_{which}' needs real arguments")));
        }
        let (x, y) = (self.scalar_value(x, span)?, self.scalar_value(y, span)?);
        let c = match which {
            "isgreater" => self.compare_i8(B::Greater, x, y, span)?,
            "isgreaterequal" => self.compare_i8(B::GreaterOrEqual, x, y, span)?,
            "isless" => self.compare_i8(B::Less, x, y, span)?,
            "islessequal" => self.compare_i8(B::LessOrEqual, x, y, span)?,
            "islessgreater" => {
                let less = self.compare_i8(B::Less, x.clone(), y.clone(), span)?;
                let greater = self.compare_i8(B::Greater, x, y, span)?;
                self.binary(BinaryOp::Bor, less, greater)
            }
            _ => {
                let x_nan = self.compare_i8(B::NotEquals, x.clone(), x, span)?;
                let y_nan = self.compare_i8(B::NotEquals, y.clone(), y, span)?;
                self.binary(BinaryOp::Bor, x_nan, y_nan)
            }
        };
        Ok(self.unary(UnaryOp::Uextend, c, Type::I32))
    }

    /// An operand as a value, so that it can be used more than once.
    fn scalar_value(&mut self, op: Operand, span: Span) -> LowerResult<Operand> {
        let v = self.rvalue(&op, span)?;
        Ok(Operand { ty: op.ty.decay(), place: Place::Value(v) })
    }

    /// The value and type of the floating argument `e` of the
    /// classification builtin `id`.
    fn floating_argument(&mut self, e: &Node<Expression>, id: &str, span: Span) -> LowerResult<(nissecc_midend::ir::Value, CType)> {
        let v = self.lower_expr(e)?;
        if !v.ty.is_floating() {
            return Err(Diagnostic::error_at(span, format!("'{id}' needs a floating argument")));
        }
        Ok((self.rvalue(&v, span)?, v.ty.decay()))
    }

    /// `isnan`, `isinf_sign` (±1 or 0), `isinf`, `isfinite`, `isnormal`,
    /// `iszero` and `signbit` of a value `x` of floating type `ty`, as an
    /// `i32`. Built from the
    /// language's own subtraction and comparisons, so that a `long double`
    /// takes its x87 path through them.
    fn float_classification(&mut self, which: &str, x: nissecc_midend::ir::Value, ty: &CType, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        use lang_c::ast::BinaryOperator as B;
        let operand = |v| Operand { ty: ty.clone(), place: Place::Value(v) };
        let as_i32 = |this: &mut Self, b| this.unary(UnaryOp::Uextend, b, Type::I32);
        Ok(match which {
            "isnan" => {
                let c = self.compare_i8(B::NotEquals, operand(x), operand(x), span)?;
                as_i32(self, c)
            }
            "signbit" => self.sign_bit(x, ty),
            "isfinite" => {
                // x - x is 0 exactly when x is finite.
                let (_, d) = self.arithmetic(B::Minus, operand(x), operand(x), span)?;
                let zero = self.float_constant(0.0, ty);
                let c = self.compare_i8(B::Equals, operand(d), operand(zero), span)?;
                as_i32(self, c)
            }
            "iszero" => {
                let zero = self.float_constant(0.0, ty);
                let c = self.compare_i8(B::Equals, operand(x), operand(zero), span)?;
                as_i32(self, c)
            }
            "isnormal" => {
                // min <= |x| <= max, written without |x|; false for a NaN.
                let (min, max) = self.normal_bounds(ty);
                let positive = self.compare_i8(B::GreaterOrEqual, operand(x), operand(min), span)?;
                let finite = self.compare_i8(B::LessOrEqual, operand(x), operand(max), span)?;
                let positive = self.binary(BinaryOp::Band, positive, finite);
                let (neg_min, neg_max) = (self.negated(min, ty, span)?, self.negated(max, ty, span)?);
                let negative = self.compare_i8(B::LessOrEqual, operand(x), operand(neg_min), span)?;
                let finite = self.compare_i8(B::GreaterOrEqual, operand(x), operand(neg_max), span)?;
                let negative = self.binary(BinaryOp::Band, negative, finite);
                let c = self.binary(BinaryOp::Bor, positive, negative);
                as_i32(self, c)
            }
            _ => {
                let inf = self.float_constant(f64::INFINITY, ty);
                let neg_inf = self.float_constant(f64::NEG_INFINITY, ty);
                let pos = self.compare_i8(B::Equals, operand(x), operand(inf), span)?;
                let neg = self.compare_i8(B::Equals, operand(x), operand(neg_inf), span)?;
                let pos = as_i32(self, pos);
                let neg = as_i32(self, neg);
                if which == "isinf" {
                    self.binary(BinaryOp::Bor, pos, neg)
                } else {
                    self.binary(BinaryOp::Isub, pos, neg)
                }
            }
        })
    }

    /// The value of a floating constant of type `ty` (a `long double` is
    /// the address of its object).
    fn float_constant(&mut self, value: f64, ty: &CType) -> nissecc_midend::ir::Value {
        match ty {
            CType::LongDouble => self.x87_constant(X80::from_f64(value)),
            _ => {
                let ir_ty = ty.ir_type().expect("a float type");
                self.fconst(ir_ty, value)
            }
        }
    }

    /// The smallest normal and the largest finite value of the floating
    /// type `ty`.
    fn normal_bounds(&mut self, ty: &CType) -> (nissecc_midend::ir::Value, nissecc_midend::ir::Value) {
        match ty {
            CType::LongDouble => {
                let min = X80::parse("0x1p-16382").expect("the smallest normal long double");
                let max = X80::parse("0xf.fffffffffffffffp+16380").expect("the largest long double");
                (self.x87_constant(min), self.x87_constant(max))
            }
            CType::Float => (self.float_constant(f32::MIN_POSITIVE as f64, ty), self.float_constant(f32::MAX as f64, ty)),
            _ => (self.float_constant(f64::MIN_POSITIVE, ty), self.float_constant(f64::MAX, ty)),
        }
    }

    /// `-x` of a value `x` of floating type `ty`.
    fn negated(&mut self, x: nissecc_midend::ir::Value, ty: &CType, span: Span) -> LowerResult<nissecc_midend::ir::Value> {
        use lang_c::ast::BinaryOperator as B;
        let zero = self.float_constant(-0.0, ty);
        let operand = |v| Operand { ty: ty.clone(), place: Place::Value(v) };
        Ok(self.arithmetic(B::Minus, operand(zero), operand(x), span)?.1)
    }

    /// The sign bit of a floating value of type `ty`, as an `i32` 0/1.
    fn sign_bit(&mut self, x: nissecc_midend::ir::Value, ty: &CType) -> nissecc_midend::ir::Value {
        let (bits, int_ty) = match ty {
            // The sign is the top bit of the tenth byte.
            CType::LongDouble => (self.emit(InstData::Load { addr: x, offset: 9 }, Type::I8), Type::I8),
            CType::Float => (self.unary(UnaryOp::Bitcast, x, Type::I32), Type::I32),
            _ => (self.unary(UnaryOp::Bitcast, x, Type::I64), Type::I64),
        };
        let shift = self.iconst(int_ty, int_ty.bits() as i64 - 1);
        let sign = self.binary(BinaryOp::Ushr, bits, shift);
        self.resize_int(sign, int_ty, Type::I32, false)
    }

    /// A GNU statement expression `({ ...; e; })`: its value is that of
    /// the last expression statement.
    pub fn lower_statement_expression(&mut self, stmt: &Node<lang_c::ast::Statement>, span: Span) -> LowerResult<Operand> {
        use lang_c::ast::{BlockItem, Statement};
        let Statement::Compound(items) = &stmt.node else {
            return Err(Diagnostic::unsupported(span, "statement expression"));
        };
        self.in_block(stmt.span, items, |this| {
            let Some((last, rest)) = items.split_last() else {
                return Ok(Operand { ty: CType::Void, place: Place::Void });
            };
            this.lower_block_items(rest)?;
            // A label on the last statement (`out: x;`, as macros with
            // local labels end) leaves its expression the value.
            let mut last_statement = match &last.node {
                BlockItem::Statement(s) => Some(s),
                _ => None,
            };
            while let Some(Node { node: Statement::Labeled(labeled), .. }) = last_statement {
                this.define_label(labeled)?;
                last_statement = Some(&labeled.node.statement);
            }
            match last_statement {
                Some(Node { node: Statement::Expression(Some(e)), .. }) => {
                    let op = this.lower_expr(e)?;
                    if op.ty.is_scalar() {
                        if let Place::Addr(_) | Place::Atomic(_) = op.place {
                            let v = this.rvalue(&op, e.span)?;
                            return Ok(Operand { ty: op.ty, place: Place::Value(v) });
                        }
                    }
                    Ok(op)
                }
                Some(statement) => {
                    this.lower_statement(statement)?;
                    Ok(Operand { ty: CType::Void, place: Place::Void })
                }
                None => {
                    this.lower_block_items(std::slice::from_ref(last))?;
                    Ok(Operand { ty: CType::Void, place: Place::Void })
                }
            }
        })
    }
}

/// The bit-counting builtins.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BitCount {
    Clz,
    Ctz,
    Popcount,
    Parity,
    Ffs,
}

/// The operation a bit-counting builtin's name selects, and its width
/// suffix (`""`, `"l"` or `"ll"`).
fn bit_count_operation(base: &str) -> (BitCount, &str) {
    for (prefix, op) in [("clz", BitCount::Clz), ("ctz", BitCount::Ctz), ("popcount", BitCount::Popcount), ("parity", BitCount::Parity), ("ffs", BitCount::Ffs)] {
        if let Some(suffix) = base.strip_prefix(prefix) {
            return (op, suffix);
        }
    }
    unreachable!("the caller matched the name")
}

/// The type specifiers among a type name's specifiers and qualifiers.
fn type_specifiers(specifiers: &[Node<lang_c::ast::SpecifierQualifier>]) -> Vec<&lang_c::ast::TypeSpecifier> {
    specifiers
        .iter()
        .filter_map(|s| match &s.node {
            lang_c::ast::SpecifierQualifier::TypeSpecifier(t) => Some(&t.node),
            _ => None,
        })
        .collect()
}

impl Lowerer {
    /// For `__builtin_object_size`: the bytes from the address `e` to the
    /// end of the named variable it points into, when `e` is the variable's
    /// address (`&x`, or an array's name), an element of an array variable
    /// at a constant index (`&a[2]`), or an array's name plus a constant
    /// (`a + 2`). `None` for anything else.
    fn named_object_bytes_left(&mut self, e: &Node<Expression>) -> Option<u64> {
        use lang_c::ast::{BinaryOperator, UnaryOperator};
        let object = |lowerer: &Self, e: &Node<Expression>| -> Option<CType> {
            let Expression::Identifier(id) = &e.node else { return None };
            match lowerer.scopes.lookup(&id.node.name)? {
                super::scope::Symbol::Local { ty, .. } | super::scope::Symbol::Global { ty, .. } if !matches!(ty, CType::Function(_)) => Some(ty.clone()),
                _ => None,
            }
        };
        let (ty, offset) = match &e.node {
            Expression::Identifier(_) => (object(self, e).filter(CType::is_array)?, 0),
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Address => match &u.node.operand.node {
                Expression::Identifier(_) => (object(self, &u.node.operand)?, 0),
                Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => {
                    let ty = object(self, &b.node.lhs).filter(CType::is_array)?;
                    let index = self.eval_int(&b.node.rhs).ok()?;
                    (ty.clone(), u64::try_from(index).ok()?.checked_mul(self.types.size_of(ty.pointee()?)?)?)
                }
                _ => return None,
            },
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Plus => {
                let ty = object(self, &b.node.lhs).filter(CType::is_array)?;
                let index = self.eval_int(&b.node.rhs).ok()?;
                (ty.clone(), u64::try_from(index).ok()?.checked_mul(self.types.size_of(ty.pointee()?)?)?)
            }
            _ => return None,
        };
        Some(self.types.size_of(&ty)?.saturating_sub(offset))
    }
}
