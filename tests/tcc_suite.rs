//! An oracle nobody here wrote: the test programs of the Tiny C Compiler
//! (`tests/tests2` of tcc 0.9.27, fetched from Debian's source package by
//! `scripts/fetch-tcc-tests.sh`, which `scripts/setup.sh` runs), run as a
//! suite against gcc (see `common::suites`).

mod common;

use common::suites::{fetched_programs, run_suite, Suite};

/// Programs nissecc is known to reject with a misleading error, and why.
const KNOWN_FAILURES: [(&str, &str); 1] = [
    ("82_attribs_position", "lang-c misparses `__attribute__` inside an abstract declarator, `(int (ATTR *)(void))`"),
];

#[test]
fn tcc_test_programs_match_gcc_or_are_unsupported() {
    let files = fetched_programs("tcc-tests/tests2", "fetch-tcc-tests.sh", 100);
    run_suite(&Suite::of_programs("tcc-tests2", files, &KNOWN_FAILURES), 90);
}
