//! Malformed IR and failing links produce a `BackendError` with a clear
//! message, never a panic.

mod common;

use common::*;
use nissecc_backend::{compile_module, emit_clif, link, BackendOptions};
use nissecc_midend::ir::*;

/// Compiles `module` and returns the error message, which must mention
/// every string of `expected`.
fn assert_error(module: &Module, expected: &[&str]) {
    for level in BOTH_LEVELS {
        let opts = BackendOptions {
            opt_level: level,
            ..Default::default()
        };
        let message = match compile_module(module, &opts) {
            Ok(_) => panic!("compiling succeeded, but should fail with {expected:?}"),
            Err(e) => e.to_string(),
        };
        println!("{message}\n");
        for part in expected {
            assert!(
                message.contains(part),
                "the error\n{message}\nshould mention {part:?}"
            );
        }
    }
}

/// A module with one function `f() -> i32` whose body `body` builds.
fn one_function(body: impl FnOnce(&mut FnBuilder)) -> Module {
    let (mut b, _) = FnBuilder::new("f", &[], Some(Type::I32));
    body(&mut b);
    let mut module = module_with_printf();
    module.functions.push(b.finish());
    module
}

#[test]
fn missing_terminator() {
    let module = one_function(|b| {
        b.iconst(Type::I32, 1);
    });
    assert_error(&module, &["function `f`", "block0", "is not a terminator"]);
}

#[test]
fn terminator_in_the_middle() {
    let module = one_function(|b| {
        let zero = b.iconst(Type::I32, 0);
        b.ret(Some(zero));
        b.ret(Some(zero));
    });
    assert_error(
        &module,
        &[
            "block0",
            "the terminator inst1 is followed by more instructions",
        ],
    );
}

#[test]
fn empty_block() {
    let module = one_function(|b| {
        let (empty, _) = b.block(&[]);
        b.jump(empty, &[]);
    });
    assert_error(&module, &["block1", "empty"]);
}

#[test]
fn function_without_body() {
    let mut module = Module::default();
    module
        .functions
        .push(Function::new("f", Signature::default(), Linkage::Export));
    assert_error(&module, &["function `f`", "no body"]);
}

#[test]
fn call_to_undeclared_function() {
    let module = one_function(|b| {
        let r = b
            .call_direct("nowhere", &signature(&[], Some(Type::I32)), &[])
            .unwrap();
        b.ret(Some(r));
    });
    assert_error(&module, &["`nowhere` is called but not declared"]);
}

#[test]
fn call_with_wrong_argument_types() {
    let mut module = one_function(|b| {
        let x = b.iconst(Type::I64, 1);
        let r = b
            .call_direct("g", &signature(&[Type::I64], Some(Type::I32)), &[x])
            .unwrap();
        b.ret(Some(r));
    });
    let sig = signature(&[Type::I32], Some(Type::I32));
    module.externs.push(ExternFunction {
        name: "g".into(),
        signature: sig,
        weak: false,
    });
    assert_error(&module, &["call to `g` passes (i64)", "takes (i32)"]);
}

#[test]
fn unpromoted_variadic_argument() {
    let mut module = one_function(|b| {
        let c = b.iconst(Type::I8, 65);
        b.printf("fmt", &[c]);
        let zero = b.iconst(Type::I32, 0);
        b.ret(Some(zero));
    });
    module.data.push(cstring("fmt", "%c"));
    assert_error(&module, &["variadic argument of `printf` has type i8"]);
}

/// A function calling `printf` through its address with 6 integer and
/// `vector` double arguments after the format.
fn indirect_printf_with_register_arguments(vector: i32) -> Module {
    one_function(|b| {
        let f = b.symbol_addr("printf", 0);
        let mut args = vec![f];
        args.extend((0..6).map(|i| b.iconst(Type::I32, i)));
        args.extend((0..vector).map(|i| b.fconst(Type::F64, f64::from(i))));
        let r = b.call(Callee::Indirect(f), &printf_signature(), &args).unwrap();
        b.ret(Some(r));
    })
}

/// An indirect variadic call passes its callee's address to its thunk
/// in a free argument register; with 6 integer and 8 vector register
/// arguments there is none.
#[test]
fn indirect_variadic_call_with_every_argument_register_in_use() {
    let module = indirect_printf_with_register_arguments(8);
    assert_error(
        &module,
        &[
            "function `f`",
            "indirect variadic call with too many register arguments is unsupported",
        ],
    );
}

/// One fewer vector argument leaves `%xmm7` for the address.
#[test]
fn indirect_variadic_call_with_one_register_left_compiles() {
    let module = indirect_printf_with_register_arguments(7);
    for opt_level in BOTH_LEVELS {
        let opts = BackendOptions {
            opt_level,
            ..Default::default()
        };
        compile_module(&module, &opts).unwrap();
    }
}

#[test]
fn unpromoted_argument_of_indirect_variadic_call() {
    let module = one_function(|b| {
        let f = b.symbol_addr("printf", 0);
        let c = b.iconst(Type::I16, 65);
        let r = b
            .call(Callee::Indirect(f), &printf_signature(), &[f, c])
            .unwrap();
        b.ret(Some(r));
    });
    assert_error(
        &module,
        &["variadic argument of the function pointer has type i16"],
    );
}

#[test]
fn indirect_variadic_call_without_its_fixed_parameters() {
    let module = one_function(|b| {
        let f = b.symbol_addr("printf", 0);
        let x = b.fconst(Type::F64, 1.0);
        let r = b
            .call(Callee::Indirect(f), &printf_signature(), &[x])
            .unwrap();
        b.ret(Some(r));
    });
    assert_error(
        &module,
        &["the call to the variadic function pointer does not start with its fixed parameters (i64)"],
    );
}

#[test]
fn wrong_branch_argument_count() {
    let module = one_function(|b| {
        let (next, p) = b.block(&[Type::I32]);
        b.jump(next, &[]);
        b.switch_to(next);
        b.ret(Some(p[0]));
    });
    assert_error(&module, &["passes 0 arguments for 1 parameters"]);
}

#[test]
fn value_of_another_block_that_does_not_dominate() {
    let module = one_function(|b| {
        let (left, _) = b.block(&[]);
        let (right, _) = b.block(&[]);
        let (join, _) = b.block(&[]);
        let c = b.iconst(Type::I32, 1);
        b.brif(c, (left, &[]), (right, &[]));
        b.switch_to(left);
        let only_left = b.iconst(Type::I32, 5);
        b.jump(join, &[]);
        b.switch_to(right);
        b.jump(join, &[]);
        b.switch_to(join);
        b.ret(Some(only_left));
    });
    // Depending on the block order, the backend or the CLIF verifier
    // catches the use.
    assert_error(&module, &["function `f`"]);
}

#[test]
fn operand_types_disagree() {
    let module = one_function(|b| {
        let x = b.iconst(Type::I32, 1);
        let y = b.iconst(Type::I64, 2);
        let sum = b.value(
            InstData::Binary {
                op: BinaryOp::Iadd,
                args: [x, y],
            },
            Type::I32,
        );
        b.ret(Some(sum));
    });
    assert_error(&module, &["function `f`", "invalid"]);
}

#[test]
fn result_type_disagrees_with_operation() {
    let module = one_function(|b| {
        let x = b.iconst(Type::I32, 1);
        let sum = b.value(
            InstData::Binary {
                op: BinaryOp::Iadd,
                args: [x, x],
            },
            Type::I64,
        );
        let r = b.unary(UnaryOp::Ireduce, sum, Type::I32);
        b.ret(Some(r));
    });
    assert_error(&module, &["declared i64 but the operation yields i32"]);
}

#[test]
fn duplicate_switch_cases_after_truncation() {
    let module = one_function(|b| {
        let (out, _) = b.block(&[]);
        let x = b.iconst(Type::I8, 3);
        let cases = vec![
            (255, BlockCall::new(out, vec![])),
            (-1, BlockCall::new(out, vec![])),
        ];
        b.inst(InstData::Switch {
            arg: x,
            default: BlockCall::new(out, vec![]),
            cases,
        });
        b.switch_to(out);
        let zero = b.iconst(Type::I32, 0);
        b.ret(Some(zero));
    });
    assert_error(&module, &["two cases for -1 as i8"]);
}

#[test]
fn entry_parameters_disagree_with_signature() {
    let (mut b, _) = FnBuilder::new("f", &[], Some(Type::I32));
    let entry = b.current;
    b.func.append_block_param(entry, Type::I32);
    let zero = b.iconst(Type::I32, 0);
    b.ret(Some(zero));
    let mut module = Module::default();
    module.functions.push(b.finish());
    assert_error(
        &module,
        &["entry block block0 has parameters (i32) but the signature has ()"],
    );
}

#[test]
fn return_without_value() {
    let module = one_function(|b| b.ret(None));
    assert_error(&module, &["returns no value but the function returns i32"]);
}

#[test]
fn bad_data_relocations() {
    let mut module = Module::default();
    let mut p = global("p", 8, vec![0; 8]);
    p.relocs.push(DataReloc {
        offset: 0,
        symbol: "missing".into(),
        addend: 0,
    });
    module.data.push(p);
    assert_error(&module, &["data object `p`", "unknown symbol `missing`"]);

    let mut module = Module::default();
    let mut q = global("q", 8, vec![0; 8]);
    q.relocs.push(DataReloc {
        offset: 4,
        symbol: "q".into(),
        addend: 0,
    });
    module.data.push(q);
    assert_error(&module, &["offset 4", "outside its 8 bytes"]);
}

#[test]
fn function_and_data_with_one_name() {
    let mut module = one_function(|b| {
        let zero = b.iconst(Type::I32, 0);
        b.ret(Some(zero));
    });
    module.data.push(global("f", 4, vec![0; 4]));
    assert_error(&module, &["cannot declare `f`"]);
}

#[test]
fn clif_emission_reports_errors_too() {
    let module = one_function(|b| {
        b.iconst(Type::I32, 1);
    });
    let error = emit_clif(&module, &BackendOptions::default()).unwrap_err();
    assert!(error.to_string().contains("is not a terminator"), "{error}");
}

#[test]
fn link_failure_reports_the_linker_output() {
    let module = one_function(|b| {
        let zero = b.iconst(Type::I32, 0);
        b.ret(Some(zero));
    });
    let object = compile_module(&module, &BackendOptions::default()).unwrap();
    let dir = scratch_dir("link-error");
    let obj = dir.join("f.o");
    std::fs::write(&obj, object).unwrap();
    let error = link(&[obj], &dir.join("f"), &[], &[]).unwrap_err().to_string();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        error.contains("linking") && error.contains("main"),
        "{error}"
    );
}
