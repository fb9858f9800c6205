//! Helpers for the backend's tests: a terse builder for IR functions (the
//! frontend does not exist yet), data-object constructors, and a harness
//! that compiles, links and runs a module.

#![allow(dead_code)]

use nissecc_backend::{compile_module, link, BackendOptions, OptLevel};
use nissecc_midend::ir::*;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Builds one IR function, appending instructions to a current block.
pub struct FnBuilder {
    pub func: Function,
    pub current: Block,
}

impl FnBuilder {
    /// A function whose entry block has one parameter per signature
    /// parameter; returns the builder and those parameters.
    pub fn new(name: &str, params: &[Type], ret: Option<Type>) -> (Self, Vec<Value>) {
        let sig = Signature::scalars(params.to_vec(), ret, false);
        let mut func = Function::new(name, sig, Linkage::Export);
        let entry = func.create_block();
        let values = params
            .iter()
            .map(|&ty| func.append_block_param(entry, ty))
            .collect();
        (
            FnBuilder {
                func,
                current: entry,
            },
            values,
        )
    }

    /// A new block with parameters of the given types.
    pub fn block(&mut self, params: &[Type]) -> (Block, Vec<Value>) {
        let block = self.func.create_block();
        let values = params
            .iter()
            .map(|&ty| self.func.append_block_param(block, ty))
            .collect();
        (block, values)
    }

    pub fn switch_to(&mut self, block: Block) {
        self.current = block;
    }

    pub fn value(&mut self, data: InstData, ty: Type) -> Value {
        self.func.append_value(self.current, data, ty)
    }

    pub fn inst(&mut self, data: InstData) {
        self.func.append_inst(self.current, data, None);
    }

    pub fn iconst(&mut self, ty: Type, imm: i64) -> Value {
        self.value(
            InstData::Iconst {
                imm: ty.canonical_imm(imm),
            },
            ty,
        )
    }

    pub fn fconst(&mut self, ty: Type, value: f64) -> Value {
        self.value(InstData::Fconst { value }, ty)
    }

    pub fn binary(&mut self, op: BinaryOp, x: Value, y: Value) -> Value {
        let ty = self.func.value_type(x);
        self.value(InstData::Binary { op, args: [x, y] }, ty)
    }

    pub fn unary(&mut self, op: UnaryOp, arg: Value, ty: Type) -> Value {
        self.value(InstData::Unary { op, arg }, ty)
    }

    pub fn icmp(&mut self, cond: IntCC, x: Value, y: Value) -> Value {
        self.value(InstData::Icmp { cond, args: [x, y] }, Type::I8)
    }

    pub fn fcmp(&mut self, cond: FloatCC, x: Value, y: Value) -> Value {
        self.value(InstData::Fcmp { cond, args: [x, y] }, Type::I8)
    }

    pub fn symbol_addr(&mut self, symbol: &str, offset: i64) -> Value {
        self.value(
            InstData::SymbolAddr {
                symbol: symbol.into(),
                offset,
            },
            Type::I64,
        )
    }

    pub fn load(&mut self, ty: Type, addr: Value, offset: i32) -> Value {
        self.value(InstData::Load { addr, offset }, ty)
    }

    pub fn store(&mut self, value: Value, addr: Value, offset: i32) {
        self.inst(InstData::Store {
            value,
            addr,
            offset,
        });
    }

    /// A call; `sig` is the callee's signature.
    pub fn call(&mut self, callee: Callee, sig: &Signature, args: &[Value]) -> Option<Value> {
        let data = InstData::Call {
            callee,
            sig: sig.clone(),
            args: args.to_vec(),
        };
        let inst = self.func.append_inst(self.current, data, sig.ret);
        self.func.inst_result(inst)
    }

    pub fn call_direct(&mut self, name: &str, sig: &Signature, args: &[Value]) -> Option<Value> {
        self.call(Callee::Direct(name.into()), sig, args)
    }

    /// `printf(format, args...)` where `format` names a string object.
    pub fn printf(&mut self, format: &str, args: &[Value]) {
        let fmt = self.symbol_addr(format, 0);
        let mut all = vec![fmt];
        all.extend_from_slice(args);
        self.call_direct("printf", &printf_signature(), &all);
    }

    pub fn jump(&mut self, block: Block, args: &[Value]) {
        self.inst(InstData::Jump {
            dest: BlockCall::new(block, args.to_vec()),
        });
    }

    pub fn brif(&mut self, cond: Value, then: (Block, &[Value]), els: (Block, &[Value])) {
        self.inst(InstData::Brif {
            cond,
            then_dest: BlockCall::new(then.0, then.1.to_vec()),
            else_dest: BlockCall::new(els.0, els.1.to_vec()),
        });
    }

    pub fn ret(&mut self, value: Option<Value>) {
        self.inst(InstData::Return { value });
    }

    pub fn finish(self) -> Function {
        self.func
    }
}

pub fn signature(params: &[Type], ret: Option<Type>) -> Signature {
    Signature::scalars(params.to_vec(), ret, false)
}

pub fn printf_signature() -> Signature {
    Signature::scalars(vec![Type::I64], Some(Type::I32), true)
}

/// An empty module that declares `printf`.
pub fn module_with_printf() -> Module {
    let mut module = Module::default();
    module.externs.push(ExternFunction {
        name: "printf".into(),
        signature: printf_signature(),
        weak: false,
    });
    module
}

/// A read-only NUL-terminated string.
pub fn cstring(name: &str, text: &str) -> DataObject {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(0);
    DataObject::read_only(name, bytes)
}

/// A writable global with the given bytes.
pub fn global(name: &str, align: u32, bytes: Vec<u8>) -> DataObject {
    DataObject {
        name: name.into(),
        linkage: Linkage::Export,
        readonly: false,
        align,
        bytes,
        zero_fill: 0,
        relocs: vec![],
        external: false,
        section: None,
        thread_local: false,
    }
}

/// The little-endian bytes of i32 values.
pub fn i32_bytes(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub const BOTH_LEVELS: [OptLevel; 2] = [OptLevel::None, OptLevel::Speed];

/// A fresh scratch directory for one test run.
pub fn scratch_dir(label: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "nissecc-backend-{}-{label}-{n}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `module` at `opt_level`, links it, runs it and returns its
/// stdout and exit code.
pub fn compile_and_run(module: &Module, opt_level: OptLevel) -> (String, i32) {
    let opts = BackendOptions {
        opt_level,
        ..BackendOptions::default()
    };
    let object = compile_module(module, &opts).unwrap_or_else(|e| panic!("compile failed: {e}"));
    let dir = scratch_dir("run");
    let obj_path = dir.join("prog.o");
    let exe_path = dir.join("prog");
    std::fs::write(&obj_path, object).unwrap();
    link(&[obj_path], &exe_path, &[], &[]).unwrap_or_else(|e| panic!("link failed: {e}"));
    let output = Command::new(&exe_path).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8(output.stdout).unwrap();
    (stdout, output.status.code().unwrap_or(-1))
}

/// Runs `module` at both optimization levels and checks its stdout and
/// exit code each time.
pub fn assert_runs(module: &Module, expected_stdout: &str, expected_code: i32) {
    for level in BOTH_LEVELS {
        let (stdout, code) = compile_and_run(module, level);
        assert_eq!(stdout, expected_stdout, "stdout at {level:?}");
        assert_eq!(code, expected_code, "exit code at {level:?}");
    }
}
