//! An oracle nobody here wrote: GCC's C torture execution tests
//! (`gcc/testsuite/gcc.c-torture/execute` of gcc 12.2, fetched from
//! Debian's source package by `scripts/fetch-gcc-torture.sh`, which
//! `scripts/setup.sh` runs): about 1,600 programs that check their own
//! results and abort on a wrong one, run as a suite against gcc (see
//! `common::suites`).

mod common;

use common::suites::{run_suite, Suite};

/// Programs nissecc is known to get wrong, and why.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    KNOWN_FAILURES_PLACEHOLDER
];

#[test]
fn gcc_torture_programs_match_gcc_or_are_unsupported() {
    let dir = common::project_root().join("target/gcc-torture/execute");
    assert!(dir.is_dir(), "{} is missing: run scripts/fetch-gcc-torture.sh (scripts/setup.sh does)", dir.display());
    let files = common::c_files(&dir);
    assert!(files.len() >= 1500, "expected about 1,600 programs in {}, found {}", dir.display(), files.len());
    run_suite(&Suite { name: "gcc-torture", files, known_failures: KNOWN_FAILURES }, 1400);
}
