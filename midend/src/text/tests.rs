//! Tests of the printer and the parser together: canonical text must print
//! back unchanged, modules built through the API must survive a round
//! trip, and bad text must fail with a located message.

use super::*;
use crate::ir::{
    AssemblyFunction, BinaryOp, BlockCall, Callee, DataObject, DataReloc, ExternFunction, Function, InstData, IntCC,
    Linkage, Module, Signature, Type, UnaryOp,
};
use cranelift_entity::EntityRef;

/// Parses canonical text and checks that it prints back unchanged.
fn assert_canonical(src: &str) -> Module {
    let module = parse_module(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    assert_eq!(module.to_string(), src);
    module
}

/// Checks `print(parse(print(m))) == print(m)`.
fn assert_round_trips(module: &Module) {
    let text = module.to_string();
    let reparsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(reparsed.to_string(), text);
}

fn parse_error(src: &str) -> ParseError {
    match parse_module(src) {
        Ok(m) => panic!("expected a parse error, got\n{m}"),
        Err(e) => e,
    }
}

/// Wraps instruction lines into a function whose entry block defines
/// `v0: i32, v1: i64, v2: f64`.
fn in_function(body: &str) -> String {
    format!("function @f(i32, i64, f64) export {{\nblock0(v0: i32, v1: i64, v2: f64):\n{body}}}\n")
}

#[test]
fn every_instruction_kind_round_trips() {
    let src = "\
declare @free(i64)
declare @printf(i64, ...) -> i32

data @table local readonly align 8 = bytes [01 00 00 00 02 00 00 00 00 00 00 00 00 00 00 00] relocs [8: @counter+4]
data @counter export align 4 = bytes [00 00 00 00]
data @ext_var extern

function @main(i32, i64) -> i32 export {
    ss0 = stack_slot size 16, align 8
block0(v0: i32, v1: i64):
    v2 = iconst.i32 1
    v3 = iadd v0, v2
    v4 = icmp slt v3, v2
    v5 = load.i32 v1+8
    store v3, v1+4
    store v3, v1-4
    v6 = stack_addr ss0+8
    v7 = symbol_addr @table+4
    v8 = call @printf(v7, v3) : (i64, ...) -> i32
    v9 = call_indirect v7(v3) : (i32) -> i32
    call @free(v7) : (i64)
    call @printf(v7) : (i64, ...) -> i32
    v10 = sextend.i64 v3
    v11 = fconst.f64 1.0
    v12 = select v4, v3, v2
    v14 = fcmp ne v11, v11
    v15 = ineg v3
    v16 = bnot v3
    v17 = fneg v11
    v18 = fadd v11, v17
    v19 = fcvt_to_sint.i32 v18
    v20 = fcvt_from_uint.f32 v10
    v21 = fpromote.f64 v20
    v22 = fdemote.f32 v21
    v23 = bitcast.i64 v21
    v24 = ireduce.i8 v23
    v25 = uextend.i16 v24
    v26 = load.f64 v6
    v27 = fconst.f32 0.1
    v28 = iconst.i64 -9223372036854775808
    brif v4, block1(v3) count 7, block2 count 0
block1(v13: i32) line 12 count 7:
    switch v13, block2, [-1: block1(v13) count 3, 5: block2]
block3 cold:
    unreachable
block2 line 3 count 0 cold:
    jump block4
block4:
    return v3
}

function @nothing() local {
block0:
    return
}
";
    let module = assert_canonical(src);
    assert_round_trips(&module);
    let main = module.function("main").unwrap();
    assert_eq!(main.layout.len(), 5);
    assert_eq!(main.block_lines[main.layout[1]], 12);
    assert!(main.blocks[main.layout[2]].cold);
    // Profile counts on blocks and edges survive the round trip.
    assert_eq!(main.blocks[main.layout[1]].count, Some(7));
    assert_eq!(main.blocks[main.layout[2]].count, None);
    assert_eq!(main.blocks[main.layout[3]].count, Some(0));
    let brif = main.terminator(main.layout[0]).unwrap();
    assert_eq!(main.successor_slot(brif, 0).count, Some(7));
    assert_eq!(main.successor_slot(brif, 1).count, Some(0));
}

#[test]
fn names_are_entity_indices() {
    let src = "\
function @loop(i32) -> i32 export {
block5(v9: i32):
    jump block2(v9)
block2(v3: i32):
    v7 = iadd v3, v8
    v8 = iconst.i32 1
    brif v7, block2(v7), block5(v3)
}
";
    let module = assert_canonical(src);
    let func = &module.functions[0];
    let v7 = Value::new(7);
    assert_eq!(func.value_type(v7), Type::I32);
    assert_eq!(func.layout, vec![Block::new(5), Block::new(2)]);
    // The skipped blocks and values exist but are not part of the body.
    assert_eq!(func.blocks.len(), 6);
    assert_eq!(func.values.len(), 10);
    assert!(func.block_of(func.insts.keys().next_back().unwrap()).is_none());
}

#[test]
fn result_types_are_inferred_through_forward_references() {
    let src = in_function("    jump block1\nblock1:\n    v5 = select v4, v3, v3\n    v4 = icmp eq v3, v3\n    v3 = sextend.i64 v0\n    return\n");
    let module = parse_module(&src).unwrap();
    let func = &module.functions[0];
    assert_eq!(func.value_type(Value::new(5)), Type::I64);
    assert_eq!(func.value_type(Value::new(4)), Type::I8);
}

#[test]
fn float_constants_round_trip_bit_exactly() {
    let values = [
        0.0,
        -0.0,
        1.0,
        0.1,
        -2.5e-300,
        5e-324,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7ff0_0000_0000_0001),
    ];
    for (ty, cast_to_f32) in [(Type::F64, false), (Type::F32, true), (Type::F32, false)] {
        let mut func = Function::new("f", Signature::default(), Linkage::Export);
        let block = func.create_block();
        for &value in &values {
            let value = if cast_to_f32 {
                value as f32 as f64
            } else {
                value
            };
            func.append_value(block, InstData::Fconst { value }, ty);
        }
        func.append_inst(block, InstData::Return { value: None }, None);
        let reparsed = parse_function(&func.to_string()).unwrap();
        let bits = |f: &Function| -> Vec<u64> {
            f.insts
                .values()
                .map(|d| match d {
                    InstData::Fconst { value } => value.to_bits(),
                    _ => 0,
                })
                .collect()
        };
        assert_eq!(bits(&reparsed), bits(&func), "{func}");
    }
}

#[test]
fn f32_constants_print_as_short_decimals() {
    let src = in_function("    v3 = fconst.f32 0.1\n    v4 = fconst.f64 0.1\n    v5 = fconst.f64 -0.0\n    v6 = fconst.f64 0x7ff8000000000000\n    return\n");
    assert_canonical(&src);
}

#[test]
fn integer_immediates_are_stored_sign_extended() {
    let module = parse_module(&in_function("    v3 = iconst.i8 255\n    return\n")).unwrap();
    let func = &module.functions[0];
    let data = &func.insts[func.blocks[func.layout[0]].insts[0]];
    assert_eq!(*data, InstData::Iconst { imm: -1 });
    assert!(func.to_string().contains("v3 = iconst.i8 -1"));
    let module = parse_module(&in_function(
        "    v3 = iconst.i64 0xffffffffffffffff\n    return\n",
    ))
    .unwrap();
    assert!(module.to_string().contains("iconst.i64 -1"));
}

#[test]
fn functions_built_through_the_api_round_trip() {
    let mut func = Function::new(
        "built",
        Signature::scalars(vec![Type::I32], Some(Type::I32), false),
        Linkage::Local,
    );
    let entry = func.create_block();
    let exit = func.create_block();
    let dead = func.create_block();
    let x = func.append_block_param(entry, Type::I32);
    let one = func.append_value(entry, InstData::Iconst { imm: 1 }, Type::I32);
    let sum = func.append_value(
        entry,
        InstData::Binary {
            op: BinaryOp::Iadd,
            args: [x, one],
        },
        Type::I32,
    );
    // An instruction created but never placed, as a transform may leave.
    func.create_inst(InstData::Iconst { imm: 7 }, Some(Type::I64));
    func.insert_inst(
        entry,
        0,
        InstData::Unary {
            op: UnaryOp::Sextend,
            arg: x,
        },
        Some(Type::I64),
    );
    let y = func.append_block_param(exit, Type::I32);
    func.append_inst(
        entry,
        InstData::Jump {
            dest: BlockCall::new(exit, vec![sum]),
        },
        None,
    );
    func.append_inst(exit, InstData::Return { value: Some(y) }, None);
    func.append_inst(dead, InstData::Unreachable, None);
    func.retain_blocks(|b| b != dead);
    let module = Module {
        source_file: String::new(),
        functions: vec![func],
        externs: vec![ExternFunction {
            name: "ext".into(),
            signature: Signature::scalars(vec![], None, true),
            weak: false,
        }],
        data: vec![DataObject {
            name: ".str.1 with spaces \"quoted\"".into(),
            linkage: Linkage::Local,
            readonly: true,
            align: 1,
            bytes: b"hi\0".to_vec(),
            zero_fill: 5,
            relocs: vec![DataReloc {
                offset: 0,
                symbol: "built".into(),
                addend: -8,
            }],
            external: false,
            section: None,
            thread_local: false,
        }],
        assembly: vec![AssemblyFunction { name: "__nissecc_asm_1".into(), text: "\t.globl x\nx:\tmovl \"%eax\", %ebx\\n\n".into() }],
        aliases: Vec::new(),
    };
    assert_round_trips(&module);
    let text = module.to_string();
    assert!(text.contains("declare @ext(...)"), "{text}");
    assert_eq!(parse_module(&text).unwrap().assembly, module.assembly);
    assert!(text.contains("data @\".str.1 with spaces \\\"quoted\\\"\" local readonly = bytes [68 69 00] zeros 5 relocs [0: @built-8]"), "{text}");
    let reparsed = parse_module(&text).unwrap();
    assert_eq!(reparsed.data, module.data);
    assert_eq!(reparsed.externs, module.externs);
}

#[test]
fn thread_local_data_round_trips() {
    let text = "data @counter export thread_local align 4 = bytes [05 00 00 00]\ndata @errno_copy extern thread_local align 4\n";
    let module = parse_module(text).unwrap();
    assert!(module.data.iter().all(|d| d.thread_local));
    assert!(module.data[1].external);
    assert_round_trips(&module);
    let printed = module.to_string();
    for line in ["data @counter export thread_local align 4", "data @errno_copy extern thread_local align 4"] {
        assert!(printed.contains(line), "{line} missing from\n{printed}");
    }
}

#[test]
fn weak_symbols_round_trip() {
    let text = "declare @hook(i32) weak\n\ndata @level weak align 4 = bytes [07 00 00 00]\ndata @missing weak extern align 4\n\nfunction @fallback() -> i32 weak {\nblock0:\n    v0 = iconst.i32 3\n    return v0\n}\n";
    let module = parse_module(text).unwrap();
    assert!(module.externs[0].weak);
    assert_eq!(module.data[0].linkage, Linkage::Weak);
    assert!(module.data[1].external && module.data[1].linkage == Linkage::Weak);
    assert_eq!(module.functions[0].linkage, Linkage::Weak);
    assert_round_trips(&module);
    let printed = module.to_string();
    for line in ["declare @hook(i32) weak", "data @level weak align 4", "data @missing weak extern align 4", "function @fallback() -> i32 weak {"] {
        assert!(printed.contains(line), "{line} missing from\n{printed}");
    }
}

#[test]
fn annotations_print_as_comments() {
    let module = parse_module(&in_function("    v3 = iconst.i32 1\n    return\n")).unwrap();
    let func = &module.functions[0];
    let text = print_function_with(func, &|entity| match entity {
        Entity::Block(b) => Some(format!("block {b}")),
        Entity::Inst(_) => Some("count: 42".into()),
        _ => None,
    });
    assert!(
        text.contains("block0(v0: i32, v1: i64, v2: f64):  ; block block0\n"),
        "{text}"
    );
    assert!(
        text.contains("    v3 = iconst.i32 1  ; count: 42\n"),
        "{text}"
    );
    // Comments do not disturb parsing.
    assert_eq!(parse_function(&text).unwrap().to_string(), func.to_string());
}

#[test]
fn comments_and_blank_lines_are_ignored() {
    let src =
        "; a module\n\nfunction @f() export { ; header\n\nblock0: ; entry\n    return ; done\n}\n";
    assert_eq!(
        parse_module(src).unwrap().to_string(),
        "function @f() export {\nblock0:\n    return\n}\n"
    );
}

#[test]
fn parse_function_rejects_other_items() {
    assert!(parse_function("declare @f()").is_err());
    let e = parse_function(
        "function @f() export {\nblock0:\n    return\n}\nfunction @g() export {\n}\n",
    )
    .unwrap_err();
    assert_eq!((e.line, e.col), (5, 1));
}

/// Parses `body` inside a function and returns the error message with its
/// position.
fn body_error(body: &str) -> String {
    parse_error(&in_function(body)).to_string()
}

#[test]
fn errors_name_the_problem_and_its_place() {
    let cases = [
        (
            "    v3 = frobnicate v0\n    return\n",
            "3:10: unknown opcode `frobnicate`",
        ),
        (
            "    v3 = iadd v0, v9\n    return\n",
            "3:19: undefined value v9",
        ),
        ("    jump block7\n", "3:10: undefined block block7"),
        (
            "    brif v0, block0, block1(v0)\n",
            "3:22: undefined block block1",
        ),
        (
            "    v3 = iconst 1\n    return\n",
            "3:10: type suffix missing: write `iconst.i32` or another type",
        ),
        (
            "    v3 = sextend v0\n    return\n",
            "3:10: type suffix missing",
        ),
        (
            "    v3 = load v1\n    return\n",
            "3:10: type suffix missing",
        ),
        (
            "    v3 = iadd.i32 v0, v0\n    return\n",
            "3:10: `iadd` takes no type suffix",
        ),
        (
            "    v3 = iconst.i33 1\n    return\n",
            "3:17: unknown type `i33`",
        ),
        (
            "    iadd v0, v0\n    return\n",
            "3:5: `iadd` produces a value",
        ),
        (
            "    v3 = store v0, v1\n    return\n",
            "3:5: `store` produces no value to assign to v3",
        ),
        (
            "    v3 = call @f() : ()\n    return\n",
            "3:5: `call` produces no value",
        ),
        (
            "    v0 = iconst.i32 1\n    return\n",
            "3:5: v0 is defined twice",
        ),
        (
            "    v3 = iconst.i32 1 v4 = iconst.i32 2\n    return\n",
            "3:23: unexpected `v4` after the instruction",
        ),
        (
            "    v3 = iconst.i8 256\n    return\n",
            "3:20: `256` does not fit in i8",
        ),
        (
            "    v3 = icmp less v0, v0\n    return\n",
            "3:15: unknown integer condition `less`",
        ),
        (
            "    v3 = fcmp slt v2, v2\n    return\n",
            "3:15: unknown float condition `slt`",
        ),
        (
            "    v3 = fconst.f64 1.5x\n    return\n",
            "3:21: invalid float `1.5x`",
        ),
        (
            "    v3 = iadd v3, v3\n    return\n",
            "3:5: cannot infer the type of v3",
        ),
        (
            "    v03 = iconst.i32 1\n    return\n",
            "3:5: expected a value such as `v1`, found `v03`",
        ),
        (
            "    return\nblock0:\n    return\n",
            "4:1: block0 is defined twice",
        ),
        (
            "    v3 = load.i32 v1+4294967296\n    return\n",
            "3:22: an offset `4294967296` is out of range",
        ),
    ];
    for (body, expected) in cases {
        let message = body_error(body);
        assert!(
            message.starts_with(expected),
            "for {body:?}:\n  got      {message}\n  expected {expected}"
        );
    }
}

#[test]
fn module_level_errors() {
    let cases = [
        ("data @x align 4 = bytes [00]\n", "1:17: expected a linkage"),
        (
            "data @x local = bytes [0g]\n",
            "1:24: invalid hex byte `0g`",
        ),
        (
            "data @x local = bytes [000]\n",
            "1:24: invalid hex byte `000`",
        ),
        ("function @f() {\n}\n", "1:15: expected a linkage"),
        (
            "function @f() export {\n    return\n}\n",
            "2:5: expected a stack slot or a block",
        ),
        (
            "function @f() export {\n    ss1 = stack_slot size 4, align 4\n}\n",
            "2:5: expected ss0",
        ),
        (
            "function @f() export {\nblock0:\n    return\n",
            "4:1: expected `}`, found end of input",
        ),
        (
            "global @x\n",
            "1:1: expected `declare`, `data`, `assembly` or `function`, found `global`",
        ),
        ("declare @\"open\n", "1:9: unterminated quoted symbol name"),
        ("declare @f(i32 i32)\n", "1:16: expected `,`, found `i32`"),
        (
            "function @f() export {\nblock0:\n    v1 = iconst.i32 1 # comment\n}\n",
            "3:23: unexpected character `#`",
        ),
    ];
    for (src, expected) in cases {
        let message = parse_error(src).to_string();
        assert!(
            message.starts_with(expected),
            "for {src:?}:\n  got      {message}\n  expected {expected}"
        );
    }
}

#[test]
fn switch_and_call_shapes() {
    let src = in_function(
        "    v3 = call_indirect v1() : () -> i64\n    call @g(v0, v1, v2) : (i32, i64, f64)\n    switch v0, block1(v0), []\nblock1(v4: i32):\n    switch v4, block1(v4), [0: block1(v0), 1: block1(v4)]\n",
    );
    let module = assert_canonical(&src);
    let func = &module.functions[0];
    let switch = func.terminator(func.layout[1]).unwrap();
    match &func.insts[switch] {
        InstData::Switch { cases, .. } => assert_eq!(cases.len(), 2),
        other => panic!("{other:?}"),
    }
    let call = func.blocks[func.layout[0]].insts[1];
    assert!(
        matches!(&func.insts[call], InstData::Call { callee: Callee::Direct(name), args, .. } if name == "g" && args.len() == 3)
    );
    assert!(func.inst_result(call).is_none());
}

#[test]
fn icmp_conditions_all_parse() {
    for &cond in IntCC::ALL {
        assert_canonical(&in_function(&format!(
            "    v3 = icmp {cond} v0, v0\n    return\n"
        )));
    }
    for &op in BinaryOp::ALL {
        let operands = if op.is_float() { "v2, v2" } else { "v0, v0" };
        assert_canonical(&in_function(&format!(
            "    v3 = {op} {operands}\n    return\n"
        )));
    }
}

#[test]
fn truncated_text_never_panics() {
    let src = crate::filetest::filetest_ir("print/all_instructions.nir");
    for (end, _) in src.char_indices() {
        let _ = parse_module(&src[..end]);
    }
}

