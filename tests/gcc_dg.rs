//! An oracle nobody here wrote: the `dg-do run` tests at the top of GCC's
//! `gcc.dg` (gcc 12.2, fetched from Debian's source package by
//! `scripts/fetch-gcc-torture.sh`), about 680 programs of language
//! features and GNU extensions, each built with the options its DejaGnu
//! directives ask for and run against gcc (see `common::suites`).

mod common;

use common::suites::run_dejagnu_suite;

/// Programs nissecc is known to build or run otherwise than gcc, and why.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    ("builtin-object-size-1", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-1", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-2", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-2", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-3", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-3", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-4", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-4", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-6", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-6", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-7", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-7", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-8", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-8", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-9", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-9", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-11", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-11", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-12", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-12", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-13", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-13", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-15", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-15", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("builtin-object-size-16", "nissecc's `__builtin_object_size` answers `(size_t)-1` (or 0), the builtin's \"unknown\", where gcc knows the object's size; the test checks gcc's sizes"),
    ("builtin-dynamic-object-size-16", "as builtin-object-size-1, for `__builtin_dynamic_object_size`"),
    ("pr39343", "as builtin-object-size-1: `__builtin_object_size` of a member array"),
    ("alias-14", "expects type-based alias analysis to keep a `float **` store from changing an `int *` (undefined behaviour that nissecc, without TBAA, does not exploit)"),
    ("fwrapv-2", "expects `(2 * x) / 2 == x` for `x = INT_MAX`, which only gcc's folding under undefined signed overflow gives"),
    ("signbit-6", "negates INT_MIN (undefined) and expects gcc's optimized and unoptimized results to differ as gcc's do"),
    ("sibcall-1", "expects the self-recursive tail call made a jump, so that a local's address is the same at every depth; nissecc makes no sibling calls (built since `-fdisable-tree-thread1` is accepted)"),
    ("signbit-5", "negates INT_MIN (undefined): gcc folds `(-x) >> 31` to `x > 0 ? -1 : 0` even at -O0, nissecc computes the wrapped negation (built since `-mno-avx512f` is accepted)"),
    ("builtin-bswap-5", "calls an undefined `link_error` that only gcc's constant folding removes"),
    ("fold-cstring", "calls an undefined `blah` that only gcc's folding of string comparisons removes"),
    ("fold-cvect", "calls an undefined `link_error` that only gcc's folding of a constant vector removes"),
    ("pr19633-1", "calls an undefined `link_error` that only gcc's alias-based folding removes"),
    ("strlenopt-81", "calls undefined `test_on_line_N_not_eliminated` functions that only gcc's strlen folding removes"),
    ("vrp-overflow-1", "calls an undefined `unreachable` that only gcc's value-range folding removes"),
    ("builtins-32", "declares `int signbit(double)` and calls it, which gcc takes for its builtin; glibc has no `signbit` function to link"),
    ("sibcall-2", "checks that gcc turned a self-recursive tail call into a jump (the frame address must repeat)"),
    ("sibcall-3", "checks that gcc made a tail call to another function a jump (see sibcall-2)"),
    ("sibcall-4", "checks that gcc made a tail call through a pointer a jump (see sibcall-2)"),
    ("sibcall-9", "checks that gcc made a tail call a jump (see sibcall-2)"),
    ("sibcall-10", "checks that gcc made a tail call a jump (see sibcall-2)"),
    ("auto-type-1", "`__auto_type p = (int (*)[++i]) 0`: the size expression of a variably modified type in a cast is not evaluated"),
    ("typename-vla-1", "`sizeof (*(++a, (char (*)[a]) 0))`: a variably modified type's size is computed before the operand's side effects"),
    ("vla-4", "which operands of `sizeof` and `typeof` evaluate a variably modified type's size expressions (C11 6.5.3.4p2, GCC's typeof rules)"),
    ("vla-12", "`typeof` of a cast to a variably modified type does not evaluate its size expression where the cast stands (see vla-4)"),
    ("vla-15", "`sizeof (typeof (*(++i, (char (*)[i]) a)))`: the size is taken before `++i` (see vla-4)"),
    ("vla-16", "a compound literal of a `typeof` of a variably modified type does not evaluate the size expression (see vla-4)"),
    ("vla-stexp-4", "the size of a VLA declared in a statement expression and returned through a pointer to it (`sizeof *({ int x[n]; &x; })`) is not that of the VLA"),
    ("vla-stexp-6", "as vla-stexp-4"),
    ("vla-stexp-7", "as vla-stexp-4"),
    ("vla-stexp-9", "as vla-stexp-4"),
    ("c2x-parm-omit-3", "the size expression `[++a]` of an unnamed (C2x) array parameter is not evaluated on entry"),
    ("c99-scope-1", "a struct declared inside an `if` condition's `sizeof` stays in scope after the `if` (C99 6.8.4p3 makes the selection statement a block)"),
    ("c99-scope-2", "as c99-scope-1, for a struct declared in a loop's condition"),
    ("builtin-tgmath-1", "`_Float32` and `_Float64` are `float` and `double` in nissecc, so `extern _Float32 var_f32` after `extern float var_f` conflicts where gcc sees distinct types"),
    ("builtin-tgmath-2", "`__builtin_tgmath` cannot tell `_Float32` from `float` (see builtin-tgmath-1)"),
    ("builtin-tgmath-3", "`__builtin_tgmath` cannot tell `_Float32` from `float` (see builtin-tgmath-1)"),
    ("c2x-digit-separators-1", "C2x digit separators (`1'000`), which lang-c does not parse: a syntax error"),
    ("gnu89-init-1", "gnu89 initializes static objects from compound literals (see gcc.c-torture/compile pr48517): refused as not constant"),
    ("pr98793", "a cast of a 64-byte vector to a union of the same size, a GNU extension: refused"),
];

#[test]
fn gcc_dg_run_tests_match_gcc_or_are_unsupported() {
    run_dejagnu_suite("gcc-dg", "dg", 1500, 600, KNOWN_FAILURES);
}
