//! An oracle nobody here wrote: GCC's C torture execution tests
//! (`gcc/testsuite/gcc.c-torture/execute` of gcc 12.2, fetched from
//! Debian's source package by `scripts/fetch-gcc-torture.sh`, which
//! `scripts/setup.sh` runs): about 1,600 programs that check their own
//! results and abort on a wrong one, run as a suite against gcc (see
//! `common::suites`).

mod common;

use common::suites::{fetched_programs, run_suite, Suite};

/// Programs nissecc is known to get wrong, and why.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    ("20021127-1", "defines its own llabs, which GCC replaces by its builtin even at -O0; nissecc calls the program's"),
    ("20101011-1", "expects SIGFPE from an integer division by zero; Cranelift checks the divisor and traps with ud2 (SIGILL)"),
    ("align-3", "expects __alignof__ of a function declared aligned(256); nissecc ignores function alignment"),
    ("bitfld-3", "GCC computes with bit-fields wider than int in their own width (u33 * u33 wraps at 33 bits); nissecc, like clang, in their declared type"),
    ("bitfld-5", "a 40-bit bit-field's `s.b - 8` wraps at 40 bits in GCC's reading (see bitfld-3)"),
    ("return-addr", "prints the addresses of local variables, which change from run to run (ASLR)"),
    ("pr32244-1", "a 40-bit bit-field shifted in 40-bit precision, GCC's reading (see bitfld-3)"),
    ("pr34971", "a rotate of a 40-bit bit-field in 40-bit precision, GCC's reading (see bitfld-3)"),
];

#[test]
fn gcc_torture_programs_match_gcc_or_are_unsupported() {
    let files = fetched_programs("gcc-torture/execute", "fetch-gcc-torture.sh", 1500);
    run_suite(&Suite { name: "gcc-torture", files, known_failures: KNOWN_FAILURES }, 1400);
}
