//! Tests of the textual outputs (`--emit=clif`, `--emit=asm`) and of the
//! object file's contents.

mod common;

use common::*;
use nissecc_backend::{compile_module, emit_asm, emit_clif, BackendOptions, OptLevel};
use nissecc_midend::ir::*;
use std::process::Command;

/// `main` printing a double, and a cold-block function `pick`.
fn sample_module() -> Module {
    let mut module = module_with_printf();
    module.data.push(cstring("fmt", "%f\n"));
    let (mut b, p) = FnBuilder::new("pick", &[Type::I32], Some(Type::I32));
    let (rare, _) = b.block(&[]);
    let (common, _) = b.block(&[]);
    b.brif(p[0], (rare, &[]), (common, &[]));
    b.switch_to(rare);
    b.func.blocks[rare].cold = true;
    let r = b.iconst(Type::I32, 111);
    b.ret(Some(r));
    b.switch_to(common);
    let c = b.iconst(Type::I32, 222);
    b.ret(Some(c));
    module.functions.push(b.finish());
    let (mut b, _) = FnBuilder::new("main", &[], Some(Type::I32));
    let x = b.fconst(Type::F64, 0.5);
    b.printf("fmt", &[x]);
    let zero = b.iconst(Type::I32, 0);
    b.ret(Some(zero));
    module.functions.push(b.finish());
    module
}

#[test]
fn clif_names_functions_and_symbols() {
    let clif = emit_clif(&sample_module(), &BackendOptions::default()).unwrap();
    println!("{clif}");
    assert!(clif.contains("; u0:1 = main"), "{clif}");
    assert!(clif.contains("function %pick(i32) -> i32"), "{clif}");
    assert!(clif.contains("function %main() -> i32"), "{clif}");
    assert!(clif.contains("cold"), "{clif}");
    assert!(
        clif.contains("__nissecc_va_printf_1") || clif.contains("u0:3"),
        "{clif}"
    );
}

#[test]
fn asm_lists_functions_and_thunks() {
    for opt_level in BOTH_LEVELS {
        let asm = emit_asm(
            &sample_module(),
            &BackendOptions {
                opt_level,
                ..Default::default()
            },
        )
        .unwrap();
        println!("{asm}");
        assert!(asm.starts_with("pick:\n"), "{asm}");
        assert!(asm.contains("\nmain:\n"), "{asm}");
        assert!(
            asm.contains("__nissecc_va_printf_1:\n  movb $1, %al\n  jmp printf@PLT\n"),
            "{asm}"
        );
    }
}

/// objdump's listing (with `flags`) of the object `module` compiles to,
/// written in the scratch directory `name`.
fn disassemble(module: &Module, name: &str, flags: &str) -> String {
    let object = compile_module(module, &BackendOptions::default()).unwrap();
    let dir = scratch_dir(name);
    let path = dir.join(format!("{name}.o"));
    std::fs::write(&path, object).unwrap();
    let output = Command::new("objdump").args([flags, "--no-show-raw-insn"]).arg(&path).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let listing = String::from_utf8(output.stdout).unwrap();
    println!("{listing}");
    listing
}

/// The object holds the functions in definition order, then the thunk,
/// whose `jmp` is a PLT relocation against `printf`.
#[test]
fn object_layout_and_thunk_relocation() {
    let listing = disassemble(&sample_module(), "objdump", "-dr");
    let position = |needle: &str| {
        listing
            .find(needle)
            .unwrap_or_else(|| panic!("no {needle} in\n{listing}"))
    };
    assert!(position("<pick>:") < position("<main>:"));
    assert!(position("<main>:") < position("<__nissecc_va_printf_1>:"));
    let thunk = &listing[position("<__nissecc_va_printf_1>:")..];
    assert!(thunk.contains("mov    $0x1,%al"), "{thunk}");
    assert!(thunk.contains("R_X86_64_PLT32\tprintf-0x4"), "{thunk}");
}

#[test]
fn both_levels_compile_to_different_code() {
    let module = sample_module();
    let at = |opt_level| {
        compile_module(
            &module,
            &BackendOptions {
                opt_level,
                ..Default::default()
            },
        )
        .unwrap()
    };
    assert_ne!(at(OptLevel::None), at(OptLevel::Speed));
}

/// Each kind of data object lands in its section: strings in `.rodata`,
/// read-only objects holding addresses in `.data.rel.ro`, initialized
/// globals in `.data`, zero ones in `.bss`, external ones undefined.
#[test]
fn data_objects_land_in_their_sections() {
    let mut module = Module::default();
    module.data.push(cstring("str", "text"));
    let mut table = cstring("table", "1234567");
    table.relocs.push(DataReloc {
        offset: 0,
        symbol: "str".into(),
        addend: 1,
    });
    module.data.push(table);
    module.data.push(global("initialized", 4, i32_bytes(&[7])));
    module.data.push(global("zero", 4, vec![0; 4]));
    let mut external = global("elsewhere", 4, vec![]);
    external.external = true;
    module.data.push(external);
    let (mut b, _) = FnBuilder::new("f", &[], Some(Type::I64));
    let addr = b.symbol_addr("elsewhere", 0);
    b.ret(Some(addr));
    module.functions.push(b.finish());

    let object = compile_module(&module, &BackendOptions::default()).unwrap();
    let dir = scratch_dir("sections");
    let path = dir.join("data.o");
    std::fs::write(&path, object).unwrap();
    let output = Command::new("objdump")
        .arg("-t")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let table = String::from_utf8(output.stdout).unwrap();
    let section_of = |symbol: &str| {
        let line = table
            .lines()
            .find(|line| line.split_whitespace().last() == Some(symbol))
            .unwrap_or_else(|| panic!("no {symbol} in\n{table}"));
        line.split_whitespace().rev().nth(2).unwrap().to_string()
    };
    assert_eq!(section_of("str"), ".rodata");
    assert_eq!(section_of("table"), ".data.rel.ro");
    assert_eq!(section_of("initialized"), ".data");
    assert_eq!(section_of("zero"), ".bss");
    assert_eq!(section_of("elsewhere"), "*UND*");
}

/// Cranelift places a `brif`'s else-successor right after the branch (it
/// falls through) unless that block is cold, in which case it is sunk to
/// the end of the function.
#[test]
fn cold_blocks_are_sunk() {
    let listing = |else_is_cold: bool| {
        let mut module = Module::default();
        let (mut b, p) = FnBuilder::new("pick", &[Type::I32], Some(Type::I32));
        let (then, _) = b.block(&[]);
        let (els, _) = b.block(&[]);
        b.brif(p[0], (then, &[]), (els, &[]));
        b.switch_to(then);
        let r = b.iconst(Type::I32, 0x111);
        b.ret(Some(r));
        b.switch_to(els);
        b.func.blocks[els].cold = else_is_cold;
        let c = b.iconst(Type::I32, 0x222);
        b.ret(Some(c));
        module.functions.push(b.finish());
        emit_asm(&module, &BackendOptions::default()).unwrap()
    };
    let else_first = |asm: &str| asm.find("$0x222").unwrap() < asm.find("$0x111").unwrap();
    assert!(else_first(&listing(false)));
    assert!(!else_first(&listing(true)));
}

/// `f(fp)` calls `fp` as a variadic function three times: with the
/// callee's address left for `%rdx`, `%r9` and `%xmm3`.
fn indirect_variadic_module() -> Module {
    let mut module = module_with_printf();
    let (mut b, p) = FnBuilder::new("f", &[Type::I64], Some(Type::I32));
    let fp = p[0];
    let one = b.iconst(Type::I32, 1);
    let x = b.fconst(Type::F64, 0.5);
    let sig = printf_signature();
    b.call(Callee::Indirect(fp), &sig, &[fp, one, x]);
    b.call(Callee::Indirect(fp), &sig, &[fp, one, one, one, one]);
    let mut args = vec![fp];
    args.extend([one; 6]);
    args.extend([x; 3]);
    let r = b.call(Callee::Indirect(fp), &sig, &args).unwrap();
    b.ret(Some(r));
    module.functions.push(b.finish());
    module
}

#[test]
fn asm_lists_indirect_variadic_thunks() {
    for opt_level in BOTH_LEVELS {
        let opts = BackendOptions {
            opt_level,
            ..Default::default()
        };
        let asm = emit_asm(&indirect_variadic_module(), &opts).unwrap();
        println!("{asm}");
        for thunk in [
            "__nissecc_vai_1_rdx:\n  movb $1, %al\n  jmp *%rdx\n",
            "__nissecc_vai_0_r9:\n  movb $0, %al\n  jmp *%r9\n",
            "__nissecc_vai_3_xmm3:\n  movq %xmm3, %r11\n  movb $3, %al\n  jmp *%r11\n",
        ] {
            assert!(asm.contains(thunk), "no {thunk:?} in\n{asm}");
        }
        let clif = emit_clif(&indirect_variadic_module(), &opts).unwrap();
        println!("{clif}");
        assert!(clif.contains("= __nissecc_vai_3_xmm3"), "{clif}");
        assert!(clif.contains("bitcast.f64"), "{clif}");
    }
}

/// The hand-encoded thunks disassemble to what the listing says.
#[test]
fn indirect_variadic_thunks_disassemble() {
    let listing = disassemble(&indirect_variadic_module(), "objdump-vai", "-d");
    let thunk = |name: &str| {
        let start = listing
            .find(&format!("<{name}>:"))
            .unwrap_or_else(|| panic!("no {name} in\n{listing}"));
        let body = &listing[start..];
        let end = body.find("\n\n").unwrap_or(body.len());
        body[..end]
            .lines()
            .skip(1)
            // `  a0:\tmov    $0x0,%al`; `\t...` stands for the padding.
            .filter_map(|line| line.split_once(":\t"))
            .map(|(_, insn)| insn.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|insn| !insn.starts_with("nop"))
            .collect::<Vec<_>>()
    };
    assert_eq!(thunk("__nissecc_vai_1_rdx"), ["mov $0x1,%al", "jmp *%rdx"]);
    assert_eq!(thunk("__nissecc_vai_0_r9"), ["mov $0x0,%al", "jmp *%r9"]);
    assert_eq!(
        thunk("__nissecc_vai_3_xmm3"),
        ["movq %xmm3,%r11", "mov $0x3,%al", "jmp *%r11"]
    );
}
