//! Per-instruction invariants I1 to I13: operand and result types, calls,
//! symbols, branch arguments, returns and switch cases.

use super::symbols::Symbols;
use super::Errors;
use crate::ir::{
    BinaryOp, BlockCall, Callee, Function, Inst, InstData, Signature, Type, UnaryOp, Value,
};
use crate::text::{implied_result_type, Entity};
use std::collections::HashSet;

pub(super) fn check(func: &Function, symbols: &Symbols, errors: &mut Errors) {
    check_entry(func, errors);
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            let mut checker = InstChecker {
                func,
                symbols,
                inst,
                errors: &mut *errors,
            };
            checker.check();
        }
    }
}

/// I1, first half: the entry block takes the function's parameters.
fn check_entry(func: &Function, errors: &mut Errors) {
    let entry = func.layout[0];
    let types: Vec<Type> = func.blocks[entry]
        .params
        .iter()
        .map(|&v| func.value_type(v))
        .collect();
    if types != crate::ir::varargs::entry_params(&func.signature) {
        let params = Signature::scalars(types, None, false);
        let expected = Signature::scalars(crate::ir::varargs::entry_params(&func.signature), None, false);
        errors.report(
            Entity::Block(entry),
            format!("the entry block's parameters {params} differ from the signature's {expected}"),
        );
    }
}

struct InstChecker<'a, 'e> {
    func: &'a Function,
    symbols: &'a Symbols<'a>,
    inst: Inst,
    errors: &'a mut Errors<'e>,
}

impl InstChecker<'_, '_> {
    fn ty(&self, value: Value) -> Type {
        self.func.value_type(value)
    }

    fn report(&mut self, message: impl Into<String>) {
        self.errors.report(Entity::Inst(self.inst), message);
    }

    fn check(&mut self) {
        let func = self.func;
        let data = &func.insts[self.inst];
        let result = func.inst_result(self.inst).map(|v| self.ty(v));
        // I3.
        if let (Some(actual), Some(implied)) =
            (result, implied_result_type(data, |v| Some(self.ty(v))))
        {
            if actual != implied {
                self.report(format!(
                    "the result has type {actual}, but the instruction implies {implied}"
                ));
            }
        }
        match data {
            InstData::Iconst { imm } => self.iconst(*imm, result),
            InstData::Fconst { value } => self.fconst(*value, result),
            InstData::Unary { op, arg } => self.unary(*op, self.ty(*arg), result),
            InstData::Binary { op, args } => self.binary(*op, self.ty(args[0]), self.ty(args[1])),
            InstData::Icmp { args, .. } => self.compare("icmp", Type::is_int, args),
            InstData::Fcmp { args, .. } => self.compare("fcmp", Type::is_float, args),
            InstData::Select {
                cond,
                if_true,
                if_false,
            } => {
                self.condition("select", *cond);
                let (t, f) = (self.ty(*if_true), self.ty(*if_false));
                if t != f {
                    self.report(format!("the arms of select differ in type: {t} and {f}"));
                }
            }
            InstData::Load { addr, .. } | InstData::Store { addr, .. } => self.address(*addr),
            InstData::StackAddr { .. } | InstData::IncomingStackArgs => {}
            InstData::SymbolAddr { symbol, .. } => {
                if !self.symbols.is_defined(symbol) {
                    self.report(format!(
                        "@{symbol} is not a function, extern or data object of the module"
                    ));
                }
            }
            InstData::Call { callee, sig, args } => self.call(callee, sig, args),
            InstData::Jump { .. } => {}
            InstData::Brif { cond, .. } => self.condition("brif", *cond),
            InstData::Switch { arg, cases, .. } => self.switch(*arg, cases),
            InstData::Return { value } => self.ret(*value),
            InstData::Unreachable => {}
        }
        self.branch_arguments(data);
    }

    /// I4.
    fn iconst(&mut self, imm: i64, result: Option<Type>) {
        let Some(ty) = result else { return };
        if !ty.is_int() {
            self.report(format!("iconst produces an integer, not {ty}"));
        } else if ty.canonical_imm(imm) != imm {
            self.report(format!(
                "the immediate {imm} is not stored sign-extended from {ty}"
            ));
        }
    }

    /// I4.
    fn fconst(&mut self, value: f64, result: Option<Type>) {
        let Some(ty) = result else { return };
        if !ty.is_float() {
            self.report(format!("fconst produces a float, not {ty}"));
        } else if ty == Type::F32 && !value.is_nan() && (value as f32) as f64 != value {
            self.report(format!(
                "the f32 constant {value:?} is not representable as f32"
            ));
        }
    }

    /// I6.
    fn unary(&mut self, op: UnaryOp, from: Type, result: Option<Type>) {
        let operand_kind = match op {
            UnaryOp::Ineg | UnaryOp::Bnot => Some((from.is_int(), "an integer")),
            UnaryOp::Fneg => Some((from.is_float(), "a float")),
            _ => None,
        };
        if let Some((ok, kind)) = operand_kind {
            if !ok {
                self.report(format!("{op} takes {kind}, not {from}"));
            }
            return;
        }
        let Some(to) = result else { return };
        let (ok, rule) = match op {
            UnaryOp::Ineg | UnaryOp::Bnot | UnaryOp::Fneg => unreachable!("handled above"),
            UnaryOp::Sextend | UnaryOp::Uextend => (
                from.is_int() && to.is_int() && to.bits() > from.bits(),
                "widens an integer",
            ),
            UnaryOp::Ireduce => (
                from.is_int() && to.is_int() && to.bits() < from.bits(),
                "narrows an integer",
            ),
            UnaryOp::Fpromote => (from == Type::F32 && to == Type::F64, "converts f32 to f64"),
            UnaryOp::Fdemote => (from == Type::F64 && to == Type::F32, "converts f64 to f32"),
            UnaryOp::FcvtToSint | UnaryOp::FcvtToUint => (
                from.is_float() && to.is_int(),
                "converts a float to an integer",
            ),
            UnaryOp::FcvtFromSint | UnaryOp::FcvtFromUint => (
                from.is_int() && to.is_float(),
                "converts an integer to a float",
            ),
            UnaryOp::Bitcast => (from.bits() == to.bits(), "keeps the width"),
            UnaryOp::Bswap => (from.is_int() && from == to && from.bits() >= 16, "reverses the bytes of an integer of 16 bits or more"),
            UnaryOp::Clz | UnaryOp::Ctz | UnaryOp::Popcnt => (from.is_int() && from == to, "counts the bits of an integer"),
        };
        if !ok {
            self.report(format!("{op} {rule}, so it cannot turn {from} into {to}"));
        }
    }

    /// I5.
    fn binary(&mut self, op: BinaryOp, a: Type, b: Type) {
        if op.is_float() && !a.is_float() {
            self.report(format!("{op} takes floats, not {a}"));
        } else if !op.is_float() && !a.is_int() {
            self.report(format!("{op} takes integers, not {a}"));
        }
        let is_shift = matches!(op, BinaryOp::Ishl | BinaryOp::Sshr | BinaryOp::Ushr);
        if is_shift {
            if !b.is_int() {
                self.report(format!(
                    "the shift amount of {op} must be an integer, not {b}"
                ));
            }
        } else if a != b {
            self.report(format!("the operands of {op} differ in type: {a} and {b}"));
        }
    }

    /// I7.
    fn compare(&mut self, opcode: &str, kind: fn(Type) -> bool, args: &[Value; 2]) {
        let (a, b) = (self.ty(args[0]), self.ty(args[1]));
        let what = if opcode == "icmp" {
            "integers"
        } else {
            "floats"
        };
        if !kind(a) || !kind(b) {
            self.report(format!("{opcode} compares {what}, not {a} and {b}"));
        } else if a != b {
            self.report(format!(
                "the operands of {opcode} differ in type: {a} and {b}"
            ));
        }
    }

    /// I8.
    fn condition(&mut self, opcode: &str, cond: Value) {
        let ty = self.ty(cond);
        if !ty.is_int() {
            self.report(format!(
                "the condition of {opcode} must be an integer, not {ty}"
            ));
        }
    }

    /// I9.
    fn address(&mut self, addr: Value) {
        let ty = self.ty(addr);
        if ty != Type::PTR {
            self.report(format!(
                "the address {addr} must be {}, not {ty}",
                Type::PTR
            ));
        }
    }

    /// I11.
    fn call(&mut self, callee: &Callee, sig: &Signature, args: &[Value]) {
        let fixed = sig.params.len();
        if args.len() < fixed || (args.len() > fixed && !sig.variadic) {
            self.report(format!(
                "the call passes {} arguments, but its signature {sig} takes {fixed}",
                args.len()
            ));
        }
        for (i, (&arg, &param)) in args.iter().zip(&sig.params).enumerate() {
            let ty = self.ty(arg);
            if ty != param {
                self.report(format!(
                    "argument {i} ({arg}) is {ty}, but the signature says {param}"
                ));
            }
        }
        for &(i, _) in &sig.by_value {
            match args.get(i).map(|&arg| self.ty(arg)) {
                Some(Type::PTR) => {}
                Some(ty) => self.report(format!("argument {i} is a struct passed by value, so an address, not {ty}")),
                None => self.report(format!("the signature passes argument {i} by value, but the call has {}", args.len())),
            }
        }
        if sig.by_value_result.is_some() && (sig.ret.is_some() || sig.params.first() != Some(&Type::PTR)) {
            self.report(format!("a by-value result needs an address as the first parameter and no return type: {sig}"));
        }
        match callee {
            Callee::Direct(name) => match self.symbols.signature(name) {
                None => self.report(format!("@{name} is not a function or extern of the module")),
                Some(decl) if !decl.same_fixed_abi(sig) => self.report(
                    format!("the call's signature {sig} differs from @{name}'s {decl}"),
                ),
                Some(_) => {}
            },
            Callee::Indirect(f) => self.address(*f),
        }
    }

    /// I12.
    fn ret(&mut self, value: Option<Value>) {
        let expected = self.func.signature.ret;
        match (value.map(|v| self.ty(v)), expected) {
            (Some(ty), Some(ret)) if ty != ret => {
                self.report(format!("returns {ty}, but the signature returns {ret}"))
            }
            (Some(_), None) => self.report("returns a value, but the signature has no return type"),
            (None, Some(ret)) => {
                self.report(format!("returns nothing, but the signature returns {ret}"))
            }
            _ => {}
        }
    }

    /// I8 and I13.
    fn switch(&mut self, arg: Value, cases: &[(i64, BlockCall)]) {
        self.condition("switch", arg);
        let ty = self.ty(arg);
        let mut seen = HashSet::new();
        for &(case, _) in cases {
            if ty.is_int() && ty.canonical_imm(case) != case {
                self.report(format!("the case value {case} does not fit {ty}"));
            }
            if !seen.insert(case) {
                self.report(format!("the case value {case} appears twice"));
            }
        }
    }

    /// I1, second half, and I2.
    fn branch_arguments(&mut self, data: &InstData) {
        let entry = self.func.layout[0];
        for call in data.successors() {
            if call.block == entry {
                self.report(format!(
                    "branches to the entry block {entry}, which must have no predecessors"
                ));
            }
            let params = &self.func.blocks[call.block].params;
            if params.len() != call.args.len() {
                self.report(format!(
                    "passes {} arguments to {}, which takes {}",
                    call.args.len(),
                    call.block,
                    params.len()
                ));
                continue;
            }
            for (&arg, &param) in call.args.iter().zip(params) {
                let (a, p) = (self.ty(arg), self.ty(param));
                if a != p {
                    self.report(format!(
                        "passes {arg}: {a} to {}'s parameter {param}: {p}",
                        call.block
                    ));
                }
            }
        }
    }
}
