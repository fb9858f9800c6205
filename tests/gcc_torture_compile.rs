//! An oracle nobody here wrote: GCC's C torture compile tests
//! (`gcc/testsuite/gcc.c-torture/compile` of gcc 12.2, about 1,900 files
//! that once crashed or miscompiled GCC, fetched from Debian's source
//! package by `scripts/fetch-gcc-torture.sh`, which `scripts/setup.sh`
//! runs). Each file gcc compiles must compile with nissecc at `-O0`, at
//! `-O2` and at `-O2` with `-fprofile-instr=sese`, or stop with a clean
//! `error: unsupported: …` (see `common::suites`).

mod common;

use common::suites::{fetched_programs, run_suite, Suite};

/// Files nissecc is known to reject although gcc compiles them, and why.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    ("20060109-1", "a definition with implicit int after a `static void` declaration: conflicting types, which gcc only warns about"),
    ("pr27863", "labels as values (`&&label`) in a static initializer"),
    ("pr34885", "a transparent union parameter in a prototype and its member type in the definition: conflicting types for gcc's extension"),
    ("pr38789", "an `asm` \"i\" operand that is not constant, in a branch that `__builtin_constant_p` makes dead; gcc drops the branch before checking"),
    ("pr46866", "a transparent union parameter in a prototype and its member type in a later declaration (see pr34885)"),
    ("pr72802", "a struct's last member without a semicolon, `signed f5 };`, which gcc accepts with a warning"),
    ("pr83222", "gcc folds the value of a `const char` object into a static initializer, an extension"),
    ("pr87110", "a struct's last member without a semicolon (see pr72802)"),
    ("pr99324", "an old-style nested function, `int bar (c) int c[1][…]; { … }`: a syntax error, not `unsupported: nested function definitions`"),
];

#[test]
fn gcc_torture_compile_tests_compile_or_are_unsupported() {
    let files = fetched_programs("gcc-torture/compile", "fetch-gcc-torture.sh", 1800);
    let suite = Suite { compile_only: true, ..Suite::of_programs("gcc-torture-compile", files, KNOWN_FAILURES) };
    run_suite(&suite, 1800);
}
