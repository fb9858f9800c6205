//! The object code's relocations (issue 18): the vendored Cranelift
//! addresses data local to the file RIP-relative (`R_X86_64_PC32`, no
//! register holding the address), and takes any other symbol's address
//! with a GOT load, which the backend marks relaxable
//! (`R_X86_64_REX_GOTPCRELX`, see `backend/src/got_relaxation.rs`) so that
//! any linker may turn it into a PC-relative `lea` for every symbol the
//! executable defines. gcc's build of the same program is the reference
//! for the dynamic relocations an executable needs. And the code of a few
//! loops, against what gcc emits.

mod common;

use common::*;
use object::{Object, ObjectSection, RelocationFlags};
use std::path::{Path, PathBuf};
use std::process::Command;

const R_X86_64_PC32: u32 = 2;
const R_X86_64_GOTPCREL: u32 = 9;
const R_X86_64_REX_GOTPCRELX: u32 = 42;

fn source() -> PathBuf {
    project_root().join("tests/object_code/globals.c")
}

/// The ELF relocation types of every relocation in the object at `path`.
fn relocation_types(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).expect("read the object");
    let file = object::File::parse(&*bytes).expect("parse the object");
    file.sections()
        .flat_map(|section| section.relocations().map(|(_, relocation)| relocation.flags()).collect::<Vec<_>>())
        .map(|flags| match flags {
            RelocationFlags::Elf { r_type } => r_type,
            other => panic!("not an ELF relocation: {other:?}"),
        })
        .collect()
}

/// The dynamic relocations of the executable at `path`, as `readelf -r`
/// lists them.
fn dynamic_relocations(path: &Path) -> Vec<String> {
    let out = Command::new("readelf").arg("-rW").arg(path).output().expect("run readelf");
    assert!(out.status.success(), "readelf failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|line| line.contains("R_X86_64_"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_got_load_is_relaxable() {
    let dir = scratch_dir("object-code-relax");
    for level in ["-O0", "-O2"] {
        let object = dir.join(format!("globals{level}.o"));
        let status = Command::new(nissecc()).args([level, "-c"]).arg(source()).arg("-o").arg(&object).status().expect("run nissecc");
        assert!(status.success(), "nissecc {level} -c failed");
        let types = relocation_types(&object);
        assert!(!types.contains(&R_X86_64_GOTPCREL), "{level}: a GOT load the linker may not relax: {types:?}");
        assert!(types.contains(&R_X86_64_REX_GOTPCRELX), "{level}: no relaxable GOT load at all: {types:?}");
    }
}

/// The ELF relocation types of the relocations against the symbol `name`
/// in the object at `path`.
fn relocations_against(path: &Path, name: &str) -> Vec<u32> {
    let bytes = std::fs::read(path).expect("read the object");
    let file = object::File::parse(&*bytes).expect("parse the object");
    file.sections()
        .flat_map(|section| section.relocations().collect::<Vec<_>>())
        .filter(|(_, relocation)| match relocation.target() {
            object::RelocationTarget::Symbol(index) => file.symbol_by_index(index).and_then(|s| object::ObjectSymbol::name(&s)).is_ok_and(|n| n == name),
            _ => false,
        })
        .map(|(_, relocation)| match relocation.flags() {
            RelocationFlags::Elf { r_type } => r_type,
            other => panic!("not an ELF relocation: {other:?}"),
        })
        .collect()
}

/// The file's own data, and the profile counters, are read and written
/// RIP-relative, with no GOT load; exported data keeps its GOT load, since
/// the object may go into a shared library.
#[test]
fn local_data_is_addressed_rip_relative() {
    let dir = scratch_dir("object-code-rip-relative");
    for flags in [&["-O0"][..], &["-O2"], &["-O2", "-fprofile-instr=ks"]] {
        let object = dir.join(format!("globals{}.o", flags.join("")));
        let status = Command::new(nissecc()).args(flags).arg("-c").arg(source()).arg("-o").arg(&object).status().expect("run nissecc");
        assert!(status.success(), "nissecc {flags:?} -c failed");
        for local in ["table", "total"] {
            let types = relocations_against(&object, local);
            assert!(!types.is_empty() && types.iter().all(|&t| t == R_X86_64_PC32), "{flags:?}: `{local}` is not addressed RIP-relative: {types:?}");
        }
        let types = relocations_against(&object, "counter");
        assert!(!types.is_empty() && types.iter().all(|&t| t == R_X86_64_REX_GOTPCRELX), "{flags:?}: exported `counter` not through the GOT: {types:?}");
        if flags.len() > 1 {
            let code = disassembly(&object, "sum");
            assert!(
                code.iter().any(|inst| inst.starts_with("addq $0x1,0x0(%rip)")),
                "{flags:?}: no counter incremented RIP-relative: {code:#?}"
            );
        }
    }
}

#[test]
fn an_executable_needs_no_more_dynamic_relocations_than_gccs() {
    let dir = scratch_dir("object-code-dynamic");
    let (ours, gcc) = (dir.join("nissecc"), dir.join("gcc"));
    build_nissecc(&[source()], &ours, &["-O2"]).unwrap();
    build_gcc(&[source()], &gcc, &["-O2"]).unwrap();
    let (ours_relocations, gcc_relocations) = (dynamic_relocations(&ours), dynamic_relocations(&gcc));
    assert!(
        ours_relocations.len() <= gcc_relocations.len(),
        "nissecc's executable has {} dynamic relocations, gcc's {}:\n{}",
        ours_relocations.len(),
        gcc_relocations.len(),
        ours_relocations.join("\n")
    );
    let (expected, actual) = (run_program(&gcc, &[]).unwrap(), run_program(&ours, &[]).unwrap());
    compare_runs("globals.c", &expected, &actual).unwrap();
}

/// The instructions of `function` in the object at `path`, as `objdump -d`
/// prints them (mnemonic and operands).
fn disassembly(path: &Path, function: &str) -> Vec<String> {
    let out = Command::new("objdump").args(["-d", "--no-show-raw-insn"]).arg(path).output().expect("run objdump");
    assert!(out.status.success(), "objdump failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let header = format!("<{function}>:");
    text.lines()
        .skip_while(|line| !line.ends_with(&header))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_once(":\t").map(|(_, inst)| inst.split_whitespace().collect::<Vec<_>>().join(" ")))
        .collect()
}

/// A reduction's loads are read inside its arithmetic, as gcc does: the
/// value a loop carries to its exit and back edge no longer keeps its
/// operands' loads in registers (the vendored Cranelift's use-state
/// change, `vendor/README.md`), and the counter's update is scheduled
/// after the instruction a load folds into (`backend/src/load_users.rs`),
/// so the back edge needs no move and no jump.
#[test]
fn reductions_read_their_loads_inside_the_arithmetic() {
    let dir = scratch_dir("object-code-reductions");
    let root = project_root();
    let cases = [
        ("jotai-subset/k019_dot_product_float.c", "dot_product", "mulss ("),
        ("jotai-subset/k020_horner_poly.c", "horner", "addsd ("),
        ("tests/object_code/reductions.c", "sum", "add ("),
    ];
    for (source, function, folded) in cases {
        let object = dir.join(format!("{function}.o"));
        let status = Command::new(nissecc()).args(["-O2", "-c"]).arg(root.join(source)).arg("-o").arg(&object).status().expect("run nissecc");
        assert!(status.success(), "nissecc -O2 -c {source} failed");
        let code = disassembly(&object, function);
        assert!(!code.is_empty(), "{function} is not in {source}'s object");
        assert!(code.iter().any(|inst| inst.starts_with(folded)), "{function}: no `{folded}...`: {code:#?}");
        assert!(!code.iter().any(|inst| inst.starts_with("jmp")), "{function}: a jump in the loop: {code:#?}");
    }
}

/// Kernighan's `while (x) { x &= x - 1; c++; }` is rotated and runs gcc's
/// loop but for one `test`: `x - 1` is a `lea` into a register of its own,
/// where `sub` would need a `mov` of `x` first, and the latch tests the
/// `and`'s result, not its two operands, which would both have to stay
/// alive (`backend/src/selection_forms.rs`; the rotation's exception for
/// such loops is gone).
#[test]
fn a_loop_clearing_bits_runs_without_copies_or_jumps() {
    let dir = scratch_dir("object-code-bits");
    let object = dir.join("bits.o");
    let source = project_root().join("tests/object_code/bits.c");
    let status = Command::new(nissecc()).args(["-O2", "-c"]).arg(&source).arg("-o").arg(&object).status().expect("run nissecc");
    assert!(status.success(), "nissecc -O2 -c bits.c failed");
    let code = disassembly(&object, "popcount");
    assert!(!code.is_empty(), "popcount is not in the object");
    assert!(code.iter().any(|inst| inst.starts_with("lea -0x1(")), "popcount: `x - 1` is no `lea`: {code:#?}");
    assert!(!code.iter().any(|inst| inst.starts_with("jmp")), "popcount: a jump in the loop: {code:#?}");
    for inst in code.iter().filter(|inst| inst.starts_with("test ")) {
        let operands: Vec<&str> = inst["test ".len()..].split(',').collect();
        assert!(operands.len() == 2 && operands[0] == operands[1], "popcount: `{inst}` tests two values: {code:#?}");
    }
}

/// A loop's test reads its load as the compare's memory operand, in every
/// width and on either side (the vendored Cranelift's compare change,
/// `vendor/README.md`), but not where the merged load would keep the
/// pointer alive beside its successor, which would cost a copy and a jump
/// per iteration (a pointer walk reads through the incremented pointer
/// instead); every function's output is gcc's.
#[test]
fn loop_tests_compare_memory() {
    let dir = scratch_dir("object-code-compares");
    let source = project_root().join("tests/object_code/compares.c");
    let object = dir.join("compares.o");
    let status = Command::new(nissecc()).args(["-O2", "-c"]).arg(&source).arg("-o").arg(&object).status().expect("run nissecc");
    assert!(status.success(), "nissecc -O2 -c compares.c failed");
    for (function, compare) in [("below", "cmp (%rdi,%rax,4),"), ("above_thousand", "cmpw $0x3e8,(%rdi,%rax,2)")] {
        let code = disassembly(&object, function);
        assert!(code.iter().any(|inst| inst.starts_with(compare)), "{function}: no `{compare}`: {code:#?}");
        assert!(!code.iter().any(|inst| inst.starts_with("mov") && inst.contains("(%rdi,%rax")), "{function}: a separate load: {code:#?}");
    }
    let code = disassembly(&object, "until_char");
    assert!(!code.iter().any(|inst| inst.starts_with("jmp")), "until_char: a jump in the loop: {code:#?}");
    // A pointer walk tests the byte or word at the incremented pointer in
    // memory: no load into a register, no `test`, and no back-edge block
    // that copies the pointer.
    for (function, compare) in [("string_length", "cmpb $0x0,(%"), ("first_zero_word", "cmpq $0x0,(%")] {
        let code = disassembly(&object, function);
        assert!(code.iter().filter(|inst| inst.contains(compare)).count() == 2, "{function}: not two `{compare}`: {code:#?}");
        assert!(!code.iter().any(|inst| inst.starts_with("test") || inst.starts_with("movzb")), "{function}: a loaded value tested in a register: {code:#?}");
    }
    let code = disassembly(&object, "first_zero_word");
    assert!(!code.iter().any(|inst| inst.starts_with("jmp")), "first_zero_word: a jump in the loop: {code:#?}");
    let (ours, gcc) = (dir.join("nissecc"), dir.join("gcc"));
    build_nissecc(&[source.clone()], &ours, &["-O2"]).unwrap();
    build_gcc(&[source], &gcc, &["-O2"]).unwrap();
    compare_runs("compares.c", &run_program(&gcc, &[]).unwrap(), &run_program(&ours, &[]).unwrap()).unwrap();
}

/// A SESE counter in split form costs one add to memory on each loop entry
/// and each exit, and nothing inside the loop: `sub %entry, counter(%rip)`
/// before it, `add %exit, counter(%rip)` after it, with no division for a
/// pointer stepping by four (reconstruction divides) and the counter never
/// loaded into a register (the counters' opaque alias region, vendored
/// change 7, keeps Cranelift from forwarding the entry's update to the
/// exit's). The output is gcc's.
#[test]
fn sese_counters_update_memory_once_at_loop_entry_and_exit() {
    let dir = scratch_dir("object-code-sese-flush");
    let source = project_root().join("tests/object_code/sese_flush.c");
    let object = dir.join("sese_flush.o");
    let status = Command::new(nissecc()).args(["-O2", "-fprofile-instr=sese", "-c"]).arg(&source).arg("-o").arg(&object).status().expect("run nissecc");
    assert!(status.success(), "nissecc -O2 -fprofile-instr=sese -c sese_flush.c failed");
    for function in ["span", "sum_until_negative"] {
        let code = disassembly(&object, function);
        assert!(!code.is_empty(), "{function} is not in the object");
        // objdump follows a RIP-relative operand with `# address <symbol>`.
        let operands = |inst: &String| inst.split(" #").next().unwrap_or_default().to_string();
        let updates_from_register = |op: &str| code.iter().map(operands).filter(|inst| inst.starts_with(&format!("{op} %r")) && inst.ends_with("(%rip)")).count();
        assert_eq!(updates_from_register("sub"), 1, "{function}: not one entry update: {code:#?}");
        assert!(updates_from_register("add") >= 1, "{function}: no exit update: {code:#?}");
        assert!(!code.iter().any(|inst| inst.starts_with("mov") && inst.contains("(%rip),")), "{function}: a counter loaded into a register: {code:#?}");
        assert!(!code.iter().any(|inst| ["shr", "sar", "imul"].iter().any(|op| inst.starts_with(op))), "{function}: a division in a flush: {code:#?}");
    }
    let (ours, gcc) = (dir.join("nissecc"), dir.join("gcc"));
    build_nissecc(&[source.clone()], &ours, &["-O2", "-fprofile-instr=sese"]).unwrap();
    build_gcc(&[source], &gcc, &["-O2"]).unwrap();
    compare_runs("sese_flush.c", &run_program(&gcc, &[]).unwrap(), &run_program(&ours, &[]).unwrap()).unwrap();
}

/// The instructions of `function` when `source` (relative to the project
/// root) is compiled with `flags` and `-c`.
fn compiled(source: &str, function: &str, flags: &[&str], dir_name: &str) -> Vec<String> {
    let dir = scratch_dir(dir_name);
    let object = dir.join(format!("{function}.o"));
    let status = Command::new(nissecc()).args(flags).arg("-c").arg(project_root().join(source)).arg("-o").arg(&object).status().expect("run nissecc");
    assert!(status.success(), "nissecc {flags:?} -c {source} failed");
    let code = disassembly(&object, function);
    assert!(!code.is_empty(), "{function} is not in {source}'s object");
    code
}

/// Whether `inst` copies one general register into another.
fn is_register_copy(inst: &str) -> bool {
    inst.strip_prefix("mov %").is_some_and(|operands| operands.contains(",%") && !operands.contains('('))
}

/// adler32's running sum `b` must end in `%rax` (the return value) and the
/// outer loop's `b % 65521` is a `mul` that defines `%rax`: regalloc2
/// hoisted that split to the outer loop's header, and under `sese` the
/// four-byte loop then held `b` in two registers, copying it in the body
/// and back on the back edge. The vendored change (`vendor/README.md`,
/// regalloc2) splits at the `mul` instead, and the loop body copies
/// nothing.
#[test]
fn a_value_bound_to_the_return_register_is_not_split_inside_a_loop() {
    let code = compiled("jotai-subset/k006_adler32.c", "adler32", &["-O2", "-fprofile-instr=sese"], "object-code-fixed-splits");
    let body_start = code.iter().position(|inst| inst.starts_with("movzbq 0x3(")).unwrap_or_else(|| panic!("adler32: no four-byte loop: {code:#?}"));
    let body: Vec<&String> = code[body_start..].iter().take_while(|inst| !inst.starts_with('j')).collect();
    assert!(!body.iter().any(|inst| is_register_copy(inst)), "adler32: a register copy in the four-byte loop: {body:#?}");
}

/// Under `ks`, `bst_insert`'s loop exits through the block that counts the
/// exit edge into the `malloc` after the loop; `loop-exit-copies` sees
/// through that block (`backend/src/loop_boundary_copies.rs`), so `depth`
/// is copied once after the loop instead of moved into a callee-saved
/// register and back, with a jump, on every iteration.
#[test]
fn a_loop_exiting_through_a_counter_block_is_copied_at_its_exit() {
    let code = compiled("jotai-subset/k157_bst_ops.c", "bst_insert", &["-O2", "-fprofile-instr=ks"], "object-code-exit-copies");
    assert!(!code.iter().any(|inst| inst.starts_with("jmp")), "bst_insert: a jump in the loop: {code:#?}");
}
