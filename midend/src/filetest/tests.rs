//! Tests of the filetest runner itself: what it accepts, what it rejects
//! and what blessing writes.

use super::*;

const RET: &str =
    "function @f() -> i32 export {\nblock0:\n    v0 = iconst.i32 7\n    return v0\n}\n";

fn run(text: &str) -> Result<Outcome, String> {
    run_source(text, &[], false)
}

fn assert_rejected(text: &str, expected: &str) {
    match run(text) {
        Ok(outcome) => panic!("expected a failure containing {expected:?}, got {outcome:?}"),
        Err(e) => assert!(e.contains(expected), "expected {expected:?} in:\n{e}"),
    }
}

#[test]
fn a_file_must_name_a_known_kind() {
    assert_rejected(RET, "names no test kind");
    assert_rejected(
        &format!("test frobnicate\n{RET}"),
        "line 1: unknown test kind `frobnicate`",
    );
    assert_rejected(
        &format!("{RET}test print\n"),
        "`test` lines come before the IR",
    );
}

#[test]
fn expectations_need_a_kind_that_checks_them() {
    assert_rejected(
        &format!("test print\n{RET}; error: anything\n"),
        "`; error:` expectations need `test verifier`",
    );
    assert_rejected(
        &format!("test verifier\n{RET}; check: v0\n"),
        "`; check:` lines need a test kind that produces output",
    );
}

#[test]
fn invalid_input_fails_unless_the_verifier_is_tested() {
    let bad = "test print\nfunction @f() -> i32 export {\nblock0:\n    return\n}\n";
    assert_rejected(
        bad,
        "; error: returns nothing, but the signature returns i32",
    );
}

#[test]
fn verifier_expectations_match_errors_at_their_entity() {
    let file = "test verifier\nfunction @f() -> i32 export {\nblock0:\n    return\n    ; a comment may come between\n    ; error: returns nothing\n}\n";
    assert_eq!(run(file), Ok(Outcome::Passed));
    assert_eq!(run(&format!("test verifier\n{RET}")), Ok(Outcome::Passed));
    let misplaced = "test verifier\nfunction @f() -> i32 export {\n; error: returns nothing\nblock0:\n    return\n}\n";
    assert_rejected(
        misplaced,
        "line 3: no error containing `returns nothing` at line 2",
    );
    assert_rejected(
        misplaced,
        "unexpected error at line 5: @f, inst0: returns nothing",
    );
    let unknown = RET.replace("return v0\n", "return v0\n    ; error: nothing is wrong\n");
    assert_rejected(
        &format!("test verifier\n{unknown}"),
        "line 6: no error containing `nothing is wrong` at line 5",
    );
    assert_rejected(
        &format!("test verifier\n{RET}; error: x\n"),
        "line 7: `; error:` follows no instruction",
    );
    assert_rejected(
        "test verifier\n; error: x\n",
        "`; error:` follows no instruction",
    );
}

#[test]
fn checks_match_in_order() {
    let file = |checks: &str| format!("test print\n{RET}{checks}");
    assert_eq!(
        run(&file(
            "; check: block0:\n; nextln: iconst.i32 7\n; check: return   v0\n"
        )),
        Ok(Outcome::Passed)
    );
    assert_rejected(
        &file("; check: return v0\n; check: iconst\n"),
        "line 8: `; check: iconst` not found from output line 5 on",
    );
    assert_rejected(
        &file("; check: block0\n; nextln: return\n"),
        "`; nextln: return` not found on output line 3",
    );
    assert_rejected(
        &file("; check: block0\n; not: iconst\n; check: return\n"),
        "`; not: iconst` matches output line 3",
    );
    assert_rejected(
        &file("; check: iconst\n; not: v0\n"),
        "`; not: v0` matches output line 4",
    );
}

#[test]
fn precise_output_is_blessed() {
    let file = format!("test print precise-output\n{RET}\n; check: stale\n");
    assert_rejected(&file, "precise output differs at its line 1: expected `stale`, found `function @f() -> i32 export {`");
    let Ok(Outcome::Blessed(blessed)) = run_source(&file, &[], true) else {
        panic!("not blessed")
    };
    let expected = format!(
        "test print precise-output\n{RET}\n; check: function @f() -> i32 export {{\n; check: block0:\n; check:     v0 = iconst.i32 7\n; check:     return v0\n; check: }}\n"
    );
    assert_eq!(blessed, expected);
    assert_eq!(run(&blessed), Ok(Outcome::Passed));
}

#[test]
fn extra_kinds_and_args_reach_the_kind() {
    fn echo(_: &Module, args: &str) -> Result<String, String> {
        Ok(format!("args: {args}\n"))
    }
    let file = format!("test echo a b precise-output\n{RET}; check: args: a b\n");
    assert_eq!(
        run_source(&file, &[("echo", echo)], false),
        Ok(Outcome::Passed)
    );
}
