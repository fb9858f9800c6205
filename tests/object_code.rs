//! The object code's relocations (issue 18): Cranelift takes every
//! symbol's address with a GOT load, and the backend marks each such load
//! relaxable (`R_X86_64_REX_GOTPCRELX`, see `backend/src/got_relaxation.rs`)
//! so that any linker may turn it into a PC-relative `lea` for every
//! symbol the executable defines. gcc's build of the same program is the
//! reference for the dynamic relocations an executable needs.

mod common;

use common::*;
use object::{Object, ObjectSection, RelocationFlags};
use std::path::{Path, PathBuf};
use std::process::Command;

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
