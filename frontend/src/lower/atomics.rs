//! GCC's atomic builtins (GCC manual, "Built-in Functions for Memory Model
//! Aware Atomic Operations" and "Legacy `__sync` Built-in Functions"), on
//! integers and pointers of 1, 2, 4 or 8 bytes: `__atomic_load_n`,
//! `store_n`, `exchange_n`, `compare_exchange_n`, their generic forms
//! taking pointers (`__atomic_load`…), `__atomic_fetch_<op>` and
//! `__atomic_<op>_fetch`, `test_and_set`, `clear`, the fences and the
//! lock-free queries, and the `__sync_*` family. Each becomes one of the
//! IR's atomic operations (`nissecc_midend::ir::atomics`); the memory
//! order arguments are evaluated and, since every operation is
//! sequentially consistent, otherwise ignored. glibc's and GCC's
//! `<stdatomic.h>` expand to these builtins. Arithmetic on a pointer adds
//! bytes, unscaled, as GCC's builtins do.

use super::{LowerResult, Lowerer, Operand, Place};
use crate::diagnostic::Diagnostic;
use crate::types::{CType, IntKind};
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};
use nissecc_midend::ir::atomics::{AtomicOp, RmwOp};
use nissecc_midend::ir::{BinaryOp, IntCC, Type, UnaryOp, Value};

/// The object an atomic builtin works on: its address and type, the IR
/// type of its atomic operations and the integer type of that size, as
/// which the generic builtins copy its values through memory.
struct Target {
    address: Value,
    ty: CType,
    ir: Type,
    memory: CType,
}

fn rmw_named(name: &str) -> Option<RmwOp> {
    Some(match name {
        "add" => RmwOp::Add,
        "sub" => RmwOp::Sub,
        "and" => RmwOp::And,
        "or" => RmwOp::Or,
        "xor" => RmwOp::Xor,
        "nand" => RmwOp::Nand,
        _ => return None,
    })
}

/// The operation of a read-modify-write builtin's name without its family
/// prefix, `<old_first><op>` (returns the old value: `fetch_add`) or
/// `<op><new_last>` (returns the new one: `add_fetch`), and whether the
/// result is the new value.
fn rmw_form(name: &str, old_first: &str, new_last: &str) -> Option<(RmwOp, bool)> {
    match (name.strip_prefix(old_first).and_then(rmw_named), name.strip_suffix(new_last).and_then(rmw_named)) {
        (Some(op), _) => Some((op, false)),
        (None, Some(op)) => Some((op, true)),
        (None, None) => None,
    }
}

/// Whether `name` belongs to the atomic builtins' families.
pub fn is_atomic_builtin(name: &str) -> bool {
    name.starts_with("__atomic_") || name.starts_with("__sync_")
}

impl Lowerer {
    /// Lowers a call to the atomic builtin `name` (see the module header).
    pub fn lower_atomic_builtin(&mut self, name: &str, args: &[Node<Expression>], span: Span) -> LowerResult<Operand> {
        let arg = |i: usize| args.get(i).ok_or_else(|| Diagnostic::error_at(span, format!("too few arguments to '{name}'")));
        let unsupported = || Diagnostic::unsupported(span, format!("builtin '{name}'"));
        let bool_result = |v: Value| Operand { ty: CType::Int(IntKind::Bool), place: Place::Value(v) };
        if let Some(rest) = name.strip_prefix("__atomic_") {
            match rest {
                "thread_fence" | "signal_fence" => {
                    self.evaluate_all(args)?;
                    let fence = if rest == "thread_fence" { AtomicOp::Fence } else { AtomicOp::SignalFence };
                    self.atomic_call(fence, Type::I64, vec![]);
                    return Ok(void());
                }
                "always_lock_free" | "is_lock_free" => {
                    let size = self.eval_int(arg(0)?)?;
                    self.evaluate_all(&args[1..])?;
                    let k = self.iconst(Type::I8, matches!(size, 1 | 2 | 4 | 8) as i64);
                    return Ok(bool_result(k));
                }
                // Any object: its first byte is the flag (`atomic_flag`).
                "test_and_set" => {
                    let address = self.pointer_argument(arg(0)?, span)?;
                    self.evaluate_all(&args[1..])?;
                    let one = self.iconst(Type::I8, 1);
                    let old = self.atomic_call(AtomicOp::Rmw(RmwOp::Exchange), Type::I8, vec![address, one]).expect("a result");
                    let zero = self.iconst(Type::I8, 0);
                    let set = self.icmp(IntCC::Ne, old, zero);
                    return Ok(bool_result(set));
                }
                "clear" => {
                    let address = self.pointer_argument(arg(0)?, span)?;
                    self.evaluate_all(&args[1..])?;
                    let zero = self.iconst(Type::I8, 0);
                    self.atomic_call(AtomicOp::Store, Type::I8, vec![address, zero]);
                    return Ok(void());
                }
                _ => {}
            }
            // The generic forms copy any object of 1, 2, 4 or 8 bytes.
            let generic = matches!(rest, "load" | "store" | "exchange" | "compare_exchange");
            let target = self.atomic_target(arg(0)?, name, generic, span)?;
            let result = match rest {
                "load_n" => {
                    self.evaluate_all(&args[1..])?;
                    let v = self.atomic_call(AtomicOp::Load, target.ir, vec![target.address]).expect("a result");
                    self.typed(&target, v)
                }
                "load" => {
                    let ret = self.pointer_argument(arg(1)?, span)?;
                    self.evaluate_all(&args[2..])?;
                    let v = self.atomic_call(AtomicOp::Load, target.ir, vec![target.address]).expect("a result");
                    self.store(v, ret);
                    void()
                }
                "store_n" | "store" => {
                    let v = if rest == "store_n" { self.value_as(arg(1)?, &target, span)? } else { self.value_behind(arg(1)?, &target, span)? };
                    self.evaluate_all(&args[2..])?;
                    self.atomic_call(AtomicOp::Store, target.ir, vec![target.address, v]);
                    void()
                }
                "exchange_n" => {
                    let v = self.value_as(arg(1)?, &target, span)?;
                    self.evaluate_all(&args[2..])?;
                    let old = self.atomic_call(AtomicOp::Rmw(RmwOp::Exchange), target.ir, vec![target.address, v]).expect("a result");
                    self.typed(&target, old)
                }
                "exchange" => {
                    let v = self.value_behind(arg(1)?, &target, span)?;
                    let ret = self.pointer_argument(arg(2)?, span)?;
                    self.evaluate_all(&args[3..])?;
                    let old = self.atomic_call(AtomicOp::Rmw(RmwOp::Exchange), target.ir, vec![target.address, v]).expect("a result");
                    self.store(old, ret);
                    void()
                }
                "compare_exchange_n" | "compare_exchange" => {
                    let expected_at = self.pointer_argument(arg(1)?, span)?;
                    let desired = if rest == "compare_exchange_n" { self.value_as(arg(2)?, &target, span)? } else { self.value_behind(arg(2)?, &target, span)? };
                    self.evaluate_all(&args[3..])?;
                    let ok = self.compare_exchange(&target, expected_at, desired);
                    bool_result(ok)
                }
                _ => {
                    let (op, new_value) = rmw_form(rest, "fetch_", "_fetch").ok_or_else(unsupported)?;
                    let v = self.value_as(arg(1)?, &target, span)?;
                    self.evaluate_all(&args[2..])?;
                    self.read_modify_write(&target, op, v, new_value)
                }
            };
            return Ok(result);
        }
        let rest = name.strip_prefix("__sync_").ok_or_else(unsupported)?;
        if rest == "synchronize" {
            self.atomic_call(AtomicOp::Fence, Type::I64, vec![]);
            return Ok(void());
        }
        let target = self.atomic_target(arg(0)?, name, false, span)?;
        let result = match rest {
            "bool_compare_and_swap" | "val_compare_and_swap" => {
                let old = self.value_as(arg(1)?, &target, span)?;
                let new = self.value_as(arg(2)?, &target, span)?;
                let seen = self.atomic_call(AtomicOp::CompareExchange, target.ir, vec![target.address, old, new]).expect("a result");
                if rest == "bool_compare_and_swap" {
                    let swapped = self.icmp(IntCC::Eq, seen, old);
                    bool_result(swapped)
                } else {
                    self.typed(&target, seen)
                }
            }
            "lock_test_and_set" => {
                let v = self.value_as(arg(1)?, &target, span)?;
                let old = self.atomic_call(AtomicOp::Rmw(RmwOp::Exchange), target.ir, vec![target.address, v]).expect("a result");
                self.typed(&target, old)
            }
            "lock_release" => {
                let zero = self.iconst(target.ir, 0);
                self.atomic_call(AtomicOp::Store, target.ir, vec![target.address, zero]);
                void()
            }
            _ => {
                let (op, new_value) = rmw_form(rest, "fetch_and_", "_and_fetch").ok_or_else(unsupported)?;
                let v = self.value_as(arg(1)?, &target, span)?;
                self.read_modify_write(&target, op, v, new_value)
            }
        };
        Ok(result)
    }

    /// The object the first argument points to, which must be an integer
    /// or a pointer of 1, 2, 4 or 8 bytes, or for a `generic` builtin any
    /// object of those sizes (a `double`, a small struct). An atomic
    /// object is one of its value type.
    fn atomic_target(&mut self, pointer: &Node<Expression>, name: &str, generic: bool, span: Span) -> LowerResult<Target> {
        let operand = self.lower_expr(pointer)?;
        let ty = match operand.ty.decay() {
            CType::Pointer(pointee, _) => pointee.unatomic().clone(),
            _ => return Err(Diagnostic::error_at(pointer.span, format!("the first argument of '{name}' must be a pointer"))),
        };
        let size = self.types.size_of(&ty).unwrap_or(0);
        let unsupported = || Diagnostic::unsupported(pointer.span, format!("'{name}' on an object of type '{}'", self.types.describe(&ty)));
        let memory = match (&ty, size) {
            (CType::Int(_) | CType::Pointer(..), 1 | 2 | 4 | 8) => ty.clone(),
            (_, 1) if generic => CType::Int(IntKind::UChar),
            (_, 2) if generic => CType::Int(IntKind::UShort),
            (_, 4) if generic => CType::UINT,
            (_, 8) if generic => CType::ULONG,
            _ => return Err(unsupported()),
        };
        let ir = memory.ir_type().ok_or_else(unsupported)?;
        let address = self.rvalue(&operand, span)?;
        Ok(Target { address, ty, ir, memory })
    }

    /// The value of `e` converted to the target's type.
    fn value_as(&mut self, e: &Node<Expression>, target: &Target, span: Span) -> LowerResult<Value> {
        let v = self.lower_expr(e)?;
        let value = self.rvalue(&v, span)?;
        let from = v.ty.decay();
        match (from.is_pointer(), from.is_integer()) {
            (true, _) if target.ir == Type::I64 => Ok(value),
            (false, true) => {
                // A pointer target takes its operand as a byte count.
                let to = if target.ty.is_pointer() { CType::ULONG } else { target.ty.clone() };
                self.convert(value, &from, &to, span)
            }
            _ => Err(Diagnostic::error_at(e.span, "an atomic operand must be an integer, or a pointer for a pointer-sized object")),
        }
    }

    /// The value that pointer argument `e` points to, as the target's type.
    fn value_behind(&mut self, e: &Node<Expression>, target: &Target, span: Span) -> LowerResult<Value> {
        let address = self.pointer_argument(e, span)?;
        Ok(self.load(&target.memory, address))
    }

    /// A pointer argument's value.
    pub(super) fn pointer_argument(&mut self, e: &Node<Expression>, span: Span) -> LowerResult<Value> {
        let v = self.lower_expr(e)?;
        if !v.ty.decay().is_pointer() {
            return Err(Diagnostic::error_at(e.span, "the builtin needs a pointer argument here"));
        }
        self.rvalue(&v, span)
    }

    /// Evaluates memory orders and other ignored arguments.
    fn evaluate_all(&mut self, args: &[Node<Expression>]) -> LowerResult<()> {
        for a in args {
            self.lower_expr(a)?;
        }
        Ok(())
    }

    pub(super) fn atomic_call(&mut self, op: AtomicOp, ty: Type, args: Vec<Value>) -> Option<Value> {
        let (name, signature) = op.function(ty);
        self.call_helper(&name, signature, args)
    }

    /// A value of the target's IR type as an operand of its C type.
    fn typed(&mut self, target: &Target, v: Value) -> Operand {
        Operand { ty: target.ty.clone(), place: Place::Value(v) }
    }

    /// `op` applied atomically; the result is the old value, or the new
    /// one when `new_value` is set (`__atomic_add_fetch`).
    fn read_modify_write(&mut self, target: &Target, op: RmwOp, v: Value, new_value: bool) -> Operand {
        let old = self.atomic_call(AtomicOp::Rmw(op), target.ir, vec![target.address, v]).expect("a result");
        if !new_value {
            return self.typed(target, old);
        }
        let new = self.rmw_new_value(op, old, v, target.ir);
        self.typed(target, new)
    }

    /// The value that the read-modify-write `op` with operand `v` stores
    /// over `old`, of IR type `ty`.
    pub(super) fn rmw_new_value(&mut self, op: RmwOp, old: Value, v: Value, ty: Type) -> Value {
        match op {
            RmwOp::Add => self.binary(BinaryOp::Iadd, old, v),
            RmwOp::Sub => self.binary(BinaryOp::Isub, old, v),
            RmwOp::And => self.binary(BinaryOp::Band, old, v),
            RmwOp::Or => self.binary(BinaryOp::Bor, old, v),
            RmwOp::Xor => self.binary(BinaryOp::Bxor, old, v),
            RmwOp::Nand => {
                let and = self.binary(BinaryOp::Band, old, v);
                self.unary(UnaryOp::Bnot, and, ty)
            }
            RmwOp::Exchange => v,
        }
    }

    /// Compares and exchanges; on failure the value seen is stored at
    /// `expected_at` (on success it holds that value already). Returns
    /// whether the exchange happened.
    fn compare_exchange(&mut self, target: &Target, expected_at: Value, desired: Value) -> Value {
        let expected = self.load(&target.memory, expected_at);
        let seen = self.atomic_call(AtomicOp::CompareExchange, target.ir, vec![target.address, expected, desired]).expect("a result");
        let ok = self.icmp(IntCC::Eq, seen, expected);
        self.store(seen, expected_at);
        ok
    }
}

fn void() -> Operand {
    Operand { ty: CType::Void, place: Place::Void }
}
