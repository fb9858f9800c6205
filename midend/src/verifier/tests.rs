//! Verifier tests for the invariants that the text format cannot break
//! (the parser keeps entities consistent), built through the API. The
//! filetests in `midend/filetests/verifier/` cover the others.

use super::*;
use crate::ir::{Block, BlockCall, Inst, InstData, Linkage, Signature, Type, Value, ValueDef};
use crate::text::parse_function;
use cranelift_entity::EntityRef;

/// A valid function: `block0(v0: i32)` computes `v1 = iconst 1`,
/// `v2 = iadd v0, v1` and jumps to `block1(v3: i32)`, which returns `v3`.
fn valid() -> Function {
    parse_function(
        "function @f(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 1
    v2 = iadd v0, v1
    jump block1(v2)
block1(v3: i32):
    return v3
}",
    )
    .unwrap()
}

fn errors(func: &Function) -> Vec<String> {
    let module = Module {
        functions: vec![func.clone()],
        ..Module::default()
    };
    match verify_module(&module) {
        Ok(()) => Vec::new(),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
    }
}

/// Asserts that verifying `func` reports exactly one error, containing
/// `expected`.
fn assert_error(func: &Function, expected: &str) {
    let errors = errors(func);
    assert!(
        errors.len() == 1 && errors[0].contains(expected),
        "expected one error containing {expected:?}, got {errors:#?}"
    );
}

#[test]
fn valid_function_verifies() {
    assert_eq!(errors(&valid()), Vec::<String>::new());
}

#[test]
fn empty_layout() {
    let mut func = valid();
    func.layout.clear();
    assert_error(&func, "@f: a function definition needs at least one block");
}

#[test]
fn duplicate_block_in_layout() {
    let mut func = valid();
    func.layout.push(Block::new(1));
    assert_error(&func, "@f, block1: block1 appears twice in the layout");
}

#[test]
fn layout_block_that_does_not_exist() {
    let mut func = valid();
    func.layout.push(Block::new(9));
    assert_error(&func, "block9 is in the layout but does not exist");
}

#[test]
fn inst_block_disagrees() {
    let mut func = valid();
    func.inst_block[Inst::new(0)] = Block::new(1).into();
    assert_error(
        &func,
        "@f, inst0: inst_block says block1, but the instruction is in block0",
    );
}

#[test]
fn instruction_placed_twice() {
    let mut func = valid();
    func.blocks[Block::new(1)].insts.insert(0, Inst::new(0));
    assert_error(&func, "inst0 is placed twice, in block0 and in block1");
}

#[test]
fn instruction_that_does_not_exist() {
    let mut func = valid();
    func.blocks[Block::new(1)].insts.insert(0, Inst::new(42));
    assert_error(&func, "@f, block1: inst42 does not exist");
}

#[test]
fn value_table_disagrees_with_definitions() {
    let mut func = valid();
    func.values[Value::new(3)].def = ValueDef::Param(Block::new(0), 0);
    assert!(errors_contain(
        &func,
        "parameter 0 is v3, but the value table defines it as Param(block0, 0)"
    ));
    // The uses of such a value have no definition in the layout.
    assert!(errors_contain(
        &func,
        "uses v3, whose definition is not in the layout"
    ));
    let mut func = valid();
    func.values[Value::new(1)].def = ValueDef::Result(Inst::new(1));
    assert!(errors_contain(
        &func,
        "the result is v1, but the value table defines it as Result(inst1)"
    ));
}

#[test]
fn result_presence() {
    let mut func = valid();
    func.results[Inst::new(0)] = None.into();
    let errors = errors(&func);
    assert!(
        errors[0].contains("produces a value but has no result"),
        "{errors:?}"
    );
    let mut func = valid();
    func.results[Inst::new(2)] = Value::new(2).into();
    assert!(errors_contain(
        &func,
        "produces no value but has the result v2"
    ));
}

fn errors_contain(func: &Function, expected: &str) -> bool {
    errors(func).iter().any(|e| e.contains(expected))
}

#[test]
fn use_of_a_value_that_does_not_exist() {
    let mut func = valid();
    func.insts[Inst::new(1)] = InstData::Binary {
        op: crate::ir::BinaryOp::Iadd,
        args: [Value::new(0), Value::new(77)],
    };
    assert_error(&func, "uses v77, which does not exist");
}

#[test]
fn branch_to_a_block_outside_the_layout() {
    let mut func = valid();
    func.retain_blocks(|b| b != Block::new(1));
    assert_error(&func, "branches to block1, which is not in the layout");
}

#[test]
fn use_of_a_value_defined_outside_the_layout() {
    let mut func = valid();
    let stray = func.create_inst(InstData::Iconst { imm: 5 }, Some(Type::I32));
    let v = func.inst_result(stray).unwrap();
    func.insts[Inst::new(1)] = InstData::Binary {
        op: crate::ir::BinaryOp::Iadd,
        args: [Value::new(0), v],
    };
    assert_error(&func, "uses v4, whose definition is not in the layout");
}

#[test]
fn variadic_definition_receives_the_free_registers() {
    // `valid()` takes one i32: a variadic definition's entry block must
    // also take the five other general-purpose and eight vector registers.
    let mut func = valid();
    func.signature.variadic = true;
    assert_error(&func, "the entry block's parameters (i32) differ from the signature's (i32, i64, i64, i64, i64, i64, f64, f64, f64, f64, f64, f64, f64, f64)");
}

#[test]
fn stack_slot_alignment() {
    let mut func = valid();
    func.create_stack_slot(8, 3);
    assert_error(&func, "@f, ss0: alignment 3 is not a power of two");
}

#[test]
fn switch_case_stored_unsigned() {
    let mut func = Function::new(
        "s",
        Signature::scalars(vec![Type::I8], None, false),
        Linkage::Export,
    );
    let entry = func.create_block();
    let exit = func.create_block();
    let x = func.append_block_param(entry, Type::I8);
    let cases = vec![(255, BlockCall::new(exit, vec![]))];
    func.append_inst(
        entry,
        InstData::Switch {
            arg: x,
            default: BlockCall::new(exit, vec![]),
            cases,
        },
        None,
    );
    func.append_inst(exit, InstData::Return { value: None }, None);
    assert_error(&func, "the case value 255 does not fit i8");
}

#[test]
fn errors_print_under_their_entities() {
    let mut func = valid();
    func.inst_block[Inst::new(1)] = None.into();
    let stray = func.create_inst(InstData::Iconst { imm: 5 }, Some(Type::I32));
    func.results[stray] = None.into();
    let errors = verify_function(&func, &Module::default()).unwrap_err();
    let expected = "\
function @f(i32) -> i32 export {
block0(v0: i32):
    v1 = iconst.i32 1
    v2 = iadd v0, v1
    ; error: inst_block says no block, but the instruction is in block0
    jump block1(v2)
block1(v3: i32):
    return v3
}
";
    assert_eq!(print_errors(&func, &errors), expected);

    // An error about an entity that does not print goes under the header.
    let moved = VerifierError {
        symbol: "f".into(),
        location: Entity::Inst(stray),
        message: "stray".into(),
    };
    let elsewhere = VerifierError {
        symbol: "g".into(),
        location: Entity::Symbol,
        message: "gone".into(),
    };
    let text = print_errors(&func, &[moved, elsewhere]);
    assert!(
        text.starts_with("function @f(i32) -> i32 export {\n; error: inst4: stray\n"),
        "{text}"
    );
    assert!(text.ends_with("}\n; error: @g: gone\n"), "{text}");
}

/// Rewires every instruction's operands and branch targets to every value
/// and block index, valid or not: the verifier and `print_errors` must
/// report, never panic.
#[test]
fn never_panics_on_rewired_functions() {
    let src = crate::filetest::filetest_ir("verifier/valid.nir");
    let module = crate::text::parse_module(&src).unwrap();
    let func = &module.functions[0];
    let mut cases = 0;
    for inst in func.insts.keys() {
        for k in 0..func.values.len() + 2 {
            let mut broken = module.clone();
            broken.functions[0].insts[inst].map_uses(|_| Value::new(k));
            let _ = verify_module(&broken).map_err(|e| print_module_errors(&broken, &e));
            cases += 1;
        }
        for k in 0..func.blocks.len() + 2 {
            let mut broken = module.clone();
            for call in broken.functions[0].insts[inst].successors_mut() {
                call.block = Block::new(k);
            }
            let _ = verify_module(&broken).map_err(|e| print_module_errors(&broken, &e));
            cases += 1;
        }
    }
    assert!(cases > 1000);
}

