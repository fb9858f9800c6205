//! An oracle nobody here wrote: the test programs of the Tiny C Compiler
//! (`tests/tests2` of tcc 0.9.27, fetched from Debian's source package by
//! `scripts/fetch-tcc-tests.sh`, which `scripts/setup.sh` runs), run as a
//! suite against gcc (see `common::suites`).

mod common;

use common::suites::{run_suite, Suite};

/// Programs nissecc is known to reject with a misleading error, and why.
const KNOWN_FAILURES: [(&str, &str); 2] = [
    ("82_attribs_position", "lang-c misparses `__attribute__` inside an abstract declarator, `(int (ATTR *)(void))`"),
    ("90_struct-init", "a compound literal as a member's value in a static initializer, `{ …, (empty_s){}, … }`"),
];

#[test]
fn tcc_test_programs_match_gcc_or_are_unsupported() {
    let dir = common::project_root().join("target/tcc-tests/tests2");
    assert!(dir.is_dir(), "{} is missing: run scripts/fetch-tcc-tests.sh (scripts/setup.sh does)", dir.display());
    let files = common::c_files(&dir);
    assert!(files.len() >= 100, "expected about a hundred programs in {}, found {}", dir.display(), files.len());
    run_suite(&Suite { name: "tcc-tests2", files, known_failures: &KNOWN_FAILURES }, 90);
}
