//! An oracle nobody here wrote: GCC's C torture execution tests
//! (`gcc/testsuite/gcc.c-torture/execute` of gcc 12.2, fetched from
//! Debian's source package by `scripts/fetch-gcc-torture.sh`, which
//! `scripts/setup.sh` runs): about 1,600 programs that check their own
//! results and abort on a wrong one, run as a suite against gcc (see
//! `common::suites`); and the `dg-do run` tests of `gcc.dg/torture`, about
//! 600 more, each with the options its DejaGnu directives ask for (see
//! `common::dejagnu`).

mod common;

use common::suites::{fetched_programs, run_dejagnu_suite, run_suite, Suite};

/// Programs nissecc is known to get wrong, and why.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    ("20021127-1", "defines its own llabs, which GCC replaces by its builtin even at -O0; nissecc calls the program's"),
    ("930529-1", "needs its dg-options' -fwrapv, which this suite does not pass: a counter runs past INT_MAX, an overflow nissecc -O2 takes as undefined (halving the counter as a nonnegative value); gcc -O2 without -fwrapv never finishes it"),
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
    run_suite(&Suite::of_programs("gcc-torture", files, KNOWN_FAILURES), 1400);
}

/// `gcc.dg/torture` run tests nissecc is known to get wrong, and why.
const DG_KNOWN_FAILURES: &[(&str, &str)] = &[
    ("20110718-1", "`~p->i` of a 33-bit bit-field is 0 in GCC's 33-bit reading (see bitfld-3)"),
    ("builtin-sprintf", "`__builtin_nan(\"0xdeadbeef\")`, a NaN with a payload, in a static initializer"),
    ("inf-compare-1", "expects FE_INVALID from `x > inf` with a quiet NaN: Cranelift compares with ucomisd, which does not raise it for quiet NaNs, where gcc uses comisd"),
    ("inf-compare-2", "FE_INVALID from an ordered comparison with a quiet NaN (see inf-compare-1)"),
    ("inf-compare-3", "FE_INVALID from an ordered comparison with a quiet NaN (see inf-compare-1)"),
    ("inf-compare-4", "FE_INVALID from an ordered comparison with a quiet NaN (see inf-compare-1)"),
    ("matrix-2", "prints the addresses of heap blocks, which change from run to run"),
    ("matrix-6", "points `vel[1][0]` at a local of a function that has returned and prints through it"),
    ("pr27302", "calls an undefined `link_error` that gcc's folding of `(a < b) != (b > a)` removes even at -O0"),
    ("pr27302-2", "calls an undefined `link_error` that only gcc's folding removes (see pr27302)"),
    ("pr52451", "FE_INVALID from ordered comparisons with a quiet NaN (see inf-compare-1)"),
    ("pr91323", "FE_INVALID from `a < b` with a quiet NaN (see inf-compare-1)"),
    ("pr93133", "FE_INVALID from an ordered comparison with a quiet NaN (see inf-compare-1)"),
];

#[test]
fn gcc_dg_torture_run_tests_match_gcc_or_are_unsupported() {
    run_dejagnu_suite("gcc-dg-torture", "dg-torture", 1300, 550, DG_KNOWN_FAILURES);
}
