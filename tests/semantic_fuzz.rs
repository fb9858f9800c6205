//! The `semantic` target of `nissecc-fuzz` (issue 21) end to end: its
//! filters set aside programs with undefined or unpredictable behaviour,
//! a clean `unsupported:` error skips a program, a test program passes,
//! and the mutator finds something to change in every `tests/c` seed.

mod common;

use common::*;
use nissecc::fuzz::semantic::Semantic;
use nissecc::fuzz::{semantic_mutation, Rng, Verdict};
use std::path::PathBuf;
use std::process::Command;

fn semantic() -> Semantic {
    Semantic::new(PathBuf::from(nissecc())).expect("the nissecc cargo built")
}

#[test]
fn filters_skip_and_pass() {
    let target = semantic();
    let program = |body: &str| format!("#include <stdio.h>\n#include <limits.h>\nint main(void) {{\n{body}\n}}\n");
    let cases = [
        // Signed overflow: the sanitizers report it.
        (program("int x = INT_MAX; volatile int one = 1; printf(\"%d\\n\", x + one); return 0;"), Verdict::Filtered("sanitizer")),
        // A `long` printed with `%d`: a warning no sanitizer backs up.
        (program("long x = 1; printf(\"%ld %d\\n\", x, x); return 0;"), Verdict::Filtered("gcc warns")),
        // Pointers into different objects compared with `<` (a mutant of
        // tests/c/func_name_is_its_own_object.c): gcc and clang order a
        // string literal and `__func__` differently.
        (program("printf(\"%d\\n\", \"main\" > __func__); return 0;"), Verdict::Filtered("sanitizer")),
        // `memcmp` past its objects (a mutant of
        // tests/c/string_ctype_functions.c), which gcc folds at compile
        // time unless the sanitized build calls it.
        ("#include <stdio.h>\n#include <string.h>\nint main(void) { printf(\"%d\\n\", memcmp(\"abc\", \"abc\", 2147483648)); return 0; }\n".to_string(), Verdict::Filtered("sanitizer")),
        // Not C at all.
        (program("return 0 +;"), Verdict::Filtered("gcc rejects it")),
        // Inline assembly with SSE operands: nissecc declines it cleanly.
        (program("double r; __asm__(\"sqrtsd %1, %0\" : \"=x\"(r) : \"x\"(4.0)); printf(\"%g\\n\", r); return 3;"), Verdict::Skipped("unsupported")),
    ];
    for (source, expected) in cases {
        assert_eq!(target.check(source.as_bytes()), expected, "{source}");
    }
    // An uninitialized local: whichever filter sees it first.
    let uninitialized = program("int x[4]; x[0] = 1; printf(\"%d\\n\", x[0] + x[3]); return 0;");
    assert!(matches!(target.check(uninitialized.as_bytes()), Verdict::Filtered(_)));
    // A test program, as it is: every build and profile agrees.
    let seed = std::fs::read(project_root().join("tests/c/exit_from_recursion.c")).unwrap();
    assert_eq!(target.check(&seed), Verdict::Handled);
    // A program whose paths differ by the macros nissecc does not define:
    // gcc's reference takes nissecc's path (a mutant of the fallback in
    // tests/c/missing_type_fallbacks.c was reported as a difference).
    let by_feature = "#include <stdio.h>\nint main(void) {\n#ifdef __SIZEOF_INT128__\n    puts(\"int128\");\n#else\n    puts(\"portable\");\n#endif\n\
                      #if defined(__SIZEOF_FLOAT128__) || !defined(__STDC_NO_COMPLEX__)\n    return 1;\n#endif\n    return 0;\n}\n";
    assert_eq!(target.check(by_feature.as_bytes()), Verdict::Handled);
    // `__builtin_shufflevector` with an index of -1, whose element is
    // unspecified: gcc's code takes the element at that position, and so
    // does nissecc's (seed 11's mutant 111 of
    // tests/c/vector_shuffles_and_casts.c printed 0 where gcc printed 40).
    let unspecified_element = "#include <stdio.h>\ntypedef int v4si __attribute__((vector_size(16)));\ntypedef int v2si __attribute__((vector_size(8)));\n\
                               int main(void) {\n    volatile int k = 0;\n    v4si a = { 10, 20, 30, 40 }, b = { -1, -2, -3, -4 };\n    a[0] += k;\n\
                               v4si r = __builtin_shufflevector(a, b, 7, 0, 5, -1);\n    v2si t = __builtin_shufflevector(a, b, -1, 6);\n\
                               printf(\"%d %d %d %d %d %d\\n\", r[0], r[1], r[2], r[3], t[0], t[1]);\n    return 0;\n}\n";
    assert_eq!(target.check(unspecified_element.as_bytes()), Verdict::Handled);
}

#[test]
fn every_seed_mutates() {
    for file in c_files(&project_root().join("tests/c")) {
        let seed = std::fs::read(&file).unwrap();
        let mutant = semantic_mutation::mutate(&seed, &mut Rng::new(1));
        let text = String::from_utf8(mutant).unwrap();
        let code = text.rsplit_once("\n/* nissecc-fuzz semantic mutant: ").map(|(code, _)| code);
        assert!(code.is_some_and(|code| code.as_bytes() != seed), "{}: nothing was mutated", file.display());
    }
}

#[test]
fn replay_reports_a_saved_mutant() {
    let fuzz = env!("CARGO_BIN_EXE_nissecc-fuzz");
    let seed = project_root().join("tests/c/arith_int.c");
    let out = Command::new(fuzz).args(["--target", "semantic", "--replay"]).arg(&seed).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.trim_end().ends_with("arith_int.c: handled"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
