//! Bad input: every fixture in `tests/c/errors/` must be rejected with
//! exit status 1, a `file:line:col: error:` line containing the substring
//! its first line expects (`// expect-error: ...`), a source snippet with a
//! caret, and no panic.

mod common;

use common::*;
use std::process::Command;

#[test]
fn error_fixtures_report_file_line_col() {
    let files = c_files(&project_root().join("tests/c/errors"));
    let dir = scratch_dir("errors");
    let failures = parallel_failures(&files, |file| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).unwrap();
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect-error:"))
            .map(str::trim)
            .ok_or_else(|| format!("{name}: first line lacks `// expect-error:`"))?;
        let out = Command::new(nissecc()).arg(file).arg("-o").arg(dir.join(&name)).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(1) {
            return Err(format!("{name}: exit status {:?}, expected 1; stderr:\n{stderr}", out.status.code()));
        }
        if stderr.contains("panicked") {
            return Err(format!("{name}: nissecc panicked:\n{stderr}"));
        }
        let prefix = format!("{}:", file.display());
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&prefix) && l.contains(": error: "))
            .ok_or_else(|| format!("{name}: no `{prefix}LINE:COL: error:` line in:\n{stderr}"))?;
        let location: Vec<&str> = line[prefix.len()..].splitn(3, ':').collect();
        if location.len() < 3 || location[0].parse::<u32>().is_err() || location[1].parse::<u32>().is_err() {
            return Err(format!("{name}: malformed location in `{line}`"));
        }
        if !line.contains(expected) {
            return Err(format!("{name}: expected `{expected}` in `{line}`"));
        }
        if !stderr.contains('^') {
            return Err(format!("{name}: no caret snippet in:\n{stderr}"));
        }
        Ok(())
    });
    assert_no_failures("tests/c/errors", files.len(), failures);
}

#[test]
fn missing_input_file_is_an_error_not_a_panic() {
    let out = Command::new(nissecc()).arg("/nonexistent/file.c").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no such file"), "{stderr}");
    // A directory named like a source is an error in nissecc's words, not
    // the preprocessor's.
    let dir = scratch_dir("directory-input").join("sources.c");
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(nissecc()).arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("is a directory") && !stderr.contains("cc1"), "{stderr}");
}

#[test]
fn works_as_make_cc() {
    let dir = scratch_dir("make");
    for f in c_files(&project_root().join("tests/c/multi/bank")) {
        std::fs::copy(&f, dir.join(f.file_name().unwrap())).unwrap();
    }
    std::fs::copy(project_root().join("tests/c/multi/bank/bank.h"), dir.join("bank.h")).unwrap();
    std::fs::write(
        dir.join("Makefile"),
        "OBJS = accounts.o main.o\nbank: $(OBJS)\n\t$(CC) $(CFLAGS) -o $@ $(OBJS)\n%.o: %.c bank.h\n\t$(CC) $(CFLAGS) -c $<\n",
    )
    .unwrap();
    let out = Command::new("make").arg(format!("CC={}", nissecc())).arg("CFLAGS=-O2 -Wall -g").current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "make failed:\n{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let built = run_program(&dir.join("bank"), &[]).unwrap();
    let reference_exe = dir.join("bank.gcc");
    build_gcc(&c_files(&dir), &reference_exe, &[]).unwrap();
    let reference = run_program(&reference_exe, &[]).unwrap();
    compare_runs("make CC=nissecc", &reference, &built).unwrap();
}

/// The flags that other people's Makefiles and distribution builds pass
/// (`-MMD -MP` dependency files, hardening, `-fno-strict-aliasing`,
/// `-fwrapv`, several `-O`s, `-include`) build the program, and the
/// dependency files name the objects as gcc's do.
#[test]
fn works_as_make_cc_with_distribution_cflags() {
    let dir = scratch_dir("make-cflags");
    for f in c_files(&project_root().join("tests/c/multi/bank")) {
        std::fs::copy(&f, dir.join(f.file_name().unwrap())).unwrap();
    }
    std::fs::copy(project_root().join("tests/c/multi/bank/bank.h"), dir.join("bank.h")).unwrap();
    std::fs::write(
        dir.join("Makefile"),
        "OBJS = build/accounts.o build/main.o\nbank: $(OBJS)\n\t$(CC) $(CFLAGS) -o $@ $(OBJS) -Wl,--as-needed -rdynamic\n\
         build/%.o: %.c\n\tmkdir -p build\n\t$(CC) $(CFLAGS) -MMD -MP -c $< -o $@\n-include build/*.d\n",
    )
    .unwrap();
    let cflags = "CFLAGS=-g -O2 -O3 -fstack-protector-strong -Wformat -Werror=format-security -D_FORTIFY_SOURCE=2 \
                  -fno-strict-aliasing -fwrapv -fno-common -fPIC -fvisibility=hidden -ffunction-sections -pipe -include stdio.h";
    let out = Command::new("make").arg(format!("CC={}", nissecc())).arg(cflags).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "make failed:\n{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let deps = std::fs::read_to_string(dir.join("build/main.d")).unwrap();
    assert!(deps.starts_with("build/main.o: main.c bank.h"), "{deps}");
    let built = run_program(&dir.join("bank"), &[]).unwrap();
    let reference_exe = dir.join("bank.gcc");
    build_gcc(&c_files(&dir), &reference_exe, &[]).unwrap();
    let reference = run_program(&reference_exe, &[]).unwrap();
    compare_runs("make CC=nissecc CFLAGS=...", &reference, &built).unwrap();
}

/// `-c` on an assembly source assembles it with `cc`, preprocessing a `.S`
/// file with the command line's macros and writing the dependency file
/// automake asks for (libsodium's `salsa20_xmm6-asm.S`). nissecc used to
/// take it for an object to link, so `-c` wrote nothing and succeeded.
#[test]
fn assembly_sources_are_assembled() {
    let dir = scratch_dir("assembly-input");
    std::fs::write(
        dir.join("answer.S"),
        "    .text\n    .globl answer\nanswer:\n    movl $VALUE, %eax\n    ret\n    .section .note.GNU-stack,\"\",@progbits\n",
    )
    .unwrap();
    std::fs::write(dir.join("plain.s"), "    .text\n    .globl seven\nseven:\n    movl $7, %eax\n    ret\n    .section .note.GNU-stack,\"\",@progbits\n").unwrap();
    std::fs::write(dir.join("main.c"), "#include <stdio.h>\nint answer(void);\nint seven(void);\nint main(void) { printf(\"%d %d\\n\", answer(), seven()); return 0; }\n")
        .unwrap();
    let nissecc_in = |args: &[&str]| Command::new(nissecc()).args(args).current_dir(&dir).output().unwrap();
    let out = nissecc_in(&["-c", "-DVALUE=42", "-MD", "-MP", "-MF", "answer.Tpo", "-MT", "answer.lo", "answer.S", "-o", "answer.o"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let deps = std::fs::read_to_string(dir.join("answer.Tpo")).unwrap();
    assert!(deps.starts_with("answer.lo: answer.S"), "{deps}");
    let out = nissecc_in(&["-c", "plain.s"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = nissecc_in(&["-O2", "main.c", "answer.o", "plain.o", "-o", "main"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(run_program(&dir.join("main"), &[]).unwrap().stdout, b"42 7\n");
    let out = nissecc_in(&["-S", "plain.s"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is assembly: only -c applies to it"));
}

/// An asm statement whose instructions the assembler rejects is the
/// program's error, reported as gcc reports it: the assembler's message
/// at the user's file and the template's own line (a line marker in the
/// wrapper's text), with exit status 1 and no output file, never as a
/// compiler failure naming a scratch file. The in-tree fuzzer's frontend
/// target found the old message, which named `/tmp/nissecc-asm-*/asm.s`.
#[test]
fn rejected_asm_instructions_are_reported_at_the_statement() {
    let dir = scratch_dir("rejected-asm");
    let source = "int main(void) {\n    int r;\n    __asm__(\"movl $5, %0\\n\\t\"\n            \"bogus %0\" : \"=r\"(r));\n    return r;\n}\n";
    std::fs::write(dir.join("bad.c"), source).unwrap();
    let out = Command::new(nissecc()).arg("-O2").arg("bad.c").arg("-o").arg("bad").current_dir(&dir).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // gcc says `bad.c:4: Error: no such instruction: `bogus %eax'`: the
    // template starts on line 3, and its second line is line 4.
    assert!(stderr.lines().any(|l| l.starts_with("bad.c:4: Error: no such instruction")), "{stderr}");
    assert!(!stderr.contains("asm.s"), "{stderr}");
    assert!(!dir.join("bad").exists());
}

/// A `.i` file is C that is already preprocessed, which `-c` compiles and
/// which links, as gcc does; an error in it is reported at the line
/// markers' file and line. nissecc used to take it for an object, so `-c`
/// wrote nothing and succeeded.
#[test]
fn preprocessed_sources_are_compiled() {
    let dir = scratch_dir("preprocessed-input");
    std::fs::write(dir.join("main.c"), "#include <stdio.h>\n#define ANSWER 42\nint main(void) { printf(\"%d\\n\", ANSWER); return 0; }\n").unwrap();
    let nissecc_in = |args: &[&str]| Command::new(nissecc()).args(args).current_dir(&dir).output().unwrap();
    let out = nissecc_in(&["-E", "main.c", "-o", "main.i"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = nissecc_in(&["-O2", "-c", "main.i"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = nissecc_in(&["main.o", "-o", "from-object"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(run_program(&dir.join("from-object"), &[]).unwrap().stdout, b"42\n");
    let out = nissecc_in(&["main.i", "-o", "from-source"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(run_program(&dir.join("from-source"), &[]).unwrap().stdout, b"42\n");
    std::fs::write(dir.join("bad.i"), "# 7 \"origin.c\"\nint f(void) { return 1 +; }\n").unwrap();
    let out = nissecc_in(&["-c", "bad.i"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("origin.c:7:") && stderr.contains("error"), "{stderr}");
}

/// With `-c`, an input that is neither C nor assembly is for the linker,
/// which does not run: nissecc warns as gcc does, instead of succeeding
/// in silence without writing the object (`-c foo.cc`).
#[test]
fn linker_inputs_are_unused_without_linking() {
    let dir = scratch_dir("unused-linker-input");
    std::fs::write(dir.join("program.cc"), "int main() { return 0; }\n").unwrap();
    let out = Command::new(nissecc()).args(["-c", "program.cc"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("program.cc: linker input file unused because linking not done"), "{stderr}");
}

/// gcc's informational options, with which configure scripts and CMake
/// probe a compiler: `-dumpmachine` prints `cc`'s target triple, and `-v`
/// prints a version line to stderr, alone or while compiling as asked,
/// and the preprocessor's include search list and the linker command,
/// from which CMake learns the implicit include and link directories
/// (without them `find_package(ZLIB)` found no library: libdeflate's
/// CMake build stopped).
#[test]
fn informational_options_answer_as_gcc_does() {
    let dir = scratch_dir("informational-options");
    let gcc_triple = Command::new("cc").arg("-dumpmachine").output().unwrap().stdout;
    let out = Command::new(nissecc()).arg("-dumpmachine").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, gcc_triple);
    let out = Command::new(nissecc()).arg("-v").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("nissecc version "), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::write(dir.join("main.c"), "int main(void) { return 3; }\n").unwrap();
    let out = Command::new(nissecc()).args(["-v", "-O2", "main.c", "-o", "main"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(run_program(&dir.join("main"), &[]).unwrap().status, Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("#include <...> search starts here:"), "no include search list in:\n{stderr}");
    let linker_line = stderr.lines().find(|l| l.contains("collect2") || l.split_whitespace().next().is_some_and(|w| w.ends_with("ld")));
    assert!(linker_line.is_some_and(|l| l.contains("-L/")), "no linker command with its library directories in:\n{stderr}");
}

/// Under `-fwrapv` signed overflow wraps, so a loop that ends only when
/// its `int` counter wraps ends at `-O2` too (without the flag, the
/// induction-variable widening may assume it never wraps).
/// Flags given twice, as a test harness adding its own to a test's
/// (`gcc.dg/torture` asks for `-w` and so does the runner), are the flag
/// given once, as in gcc; machine flags that every x86-64 has pass, and
/// others are unsupported rather than a command-line parse error.
#[test]
fn repeated_and_machine_flags_are_read_as_gcc_does() {
    let dir = scratch_dir("repeated-flags");
    let source = dir.join("twice.c");
    std::fs::write(&source, "int main(void) { return 0; }\n").unwrap();
    let out = Command::new(nissecc()).args(["-w", "-c", "-msse2", "-O2", "-w", "-c", "-O0"]).arg(&source).arg("-o").arg(dir.join("twice.o")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = Command::new(nissecc()).args(["-c", "-mavx2"]).arg(&source).arg("-o").arg(dir.join("avx.o")).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error: unsupported: the option '-mavx2'"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn fwrapv_makes_signed_overflow_wrap() {
    let dir = scratch_dir("fwrapv");
    let source = dir.join("wrap.c");
    std::fs::write(
        &source,
        "#include <stdio.h>\n#include <limits.h>\nint main(void) {\n    int s = 0;\n    for (int i = INT_MAX - 5; i > 0; i++) s++;\n\
         long long acc = 0;\n    for (int j = INT_MAX - 3; j != INT_MIN + 2; j++) acc += j;\n    printf(\"%d %lld\\n\", s, acc);\n    return 0;\n}\n",
    )
    .unwrap();
    for level in ["-O0", "-O2"] {
        let exe = dir.join(format!("wrap{level}"));
        let out = Command::new(nissecc()).args([level, "-fwrapv"]).arg(&source).arg("-o").arg(&exe).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let run = run_program(&exe, &[]).unwrap();
        assert_eq!(String::from_utf8_lossy(&run.stdout), "6 4294967287\n", "{level}");
    }
}

/// Under `-funsigned-char` plain `char` is unsigned, in the preprocessor
/// (`__CHAR_UNSIGNED__`, `CHAR_MIN`), in constants and in conversions,
/// as in gcc's build with the flag (GNU bc's configure adds it); the last
/// of `-funsigned-char` and `-fsigned-char` counts.
#[test]
fn funsigned_char_makes_plain_char_unsigned() {
    let dir = scratch_dir("funsigned-char");
    let source = project_root().join("tests/c/plain_char_signedness.c");
    let sources = std::slice::from_ref(&source);
    for flags in [&["-funsigned-char"][..], &["-funsigned-char", "-fsigned-char"], &["-fsigned-char", "-fno-signed-char"]] {
        let reference_exe = dir.join("plain_char.gcc");
        build_gcc(sources, &reference_exe, flags).unwrap();
        let reference = run_program(&reference_exe, &[]).unwrap();
        for level in ["-O0", "-O2"] {
            let exe = dir.join(format!("plain_char{level}"));
            build_nissecc(sources, &exe, &[flags, &[level]].concat()).unwrap();
            compare_runs(&format!("{flags:?} {level}"), &reference, &run_program(&exe, &[]).unwrap()).unwrap();
        }
    }
}

/// The math library comes after the user's libraries on the link line,
/// as gcc's own libraries do: a static archive calling `cbrt` links
/// without `-lm` (Tcl's configure finds `sin` without it, since nissecc
/// links libm, and then links `-ltcl8.6` alone). With profiling, the
/// runtime comes after `-lm`, or its `compiler_builtins` would define
/// the archive's math functions and fail to link.
#[test]
fn static_archives_calling_libm_link_without_dash_lm() {
    let dir = scratch_dir("archive-libm");
    std::fs::write(
        dir.join("shape.c"),
        "#include <math.h>\ndouble side_of_cube(double volume) {\n  return cbrt(volume) + atan2(0.0, 1.0) + fmod(volume, 1.0) + floor(volume / 100.0)\n\
         + pow(volume, 0.0) - 1.0 + ldexp(0.0, 3) + log(1.0) + exp(0.0) - 1.0 + fmin(0.0, 1.0) + trunc(0.5) + round(0.2);\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("main.c"), "#include <stdio.h>\ndouble side_of_cube(double);\nint main(void) { printf(\"%.3f\\n\", side_of_cube(27.0)); return 0; }\n").unwrap();
    let out = Command::new(nissecc()).args(["-O2", "-c", "shape.c"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_file(dir.join("libshape.a"));
    let out = Command::new("ar").args(["rcs", "libshape.a", "shape.o"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success());
    for profiling in [&[][..], &["-fprofile-instr=sese"]] {
        let out = Command::new(nissecc()).args(profiling).args(["main.c", "-L.", "-lshape", "-o", "main"]).current_dir(&dir).output().unwrap();
        assert!(out.status.success(), "{profiling:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(run_program(&dir.join("main"), &[]).unwrap().stdout, b"3.000\n", "{profiling:?}");
    }
}

/// `__attribute__((symver("name@VERSION")))` versions a shared library's
/// symbols as GCC's `.symver` does (liblzma 5.4's, built by its
/// configure with a version script, which lists the bare names): a
/// program linked against the library gets the default version (`@@`),
/// and the older one stays in the library. nissecc ignored the attribute,
/// so `scale` was missing from the library and the program did not link.
#[test]
fn symbol_versions_reach_a_shared_library() {
    let dir = scratch_dir("symver");
    std::fs::write(
        dir.join("lib.c"),
        "extern __attribute__((__symver__(\"scale@VERS_1\"))) int scale_1(int x);\n\
         extern __attribute__((__symver__(\"scale@@VERS_2\"))) int scale_2(int x);\n\
         int scale_1(int x) { return x + 1; }\nint scale_2(int x) { return x * 2; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("lib.map"), "VERS_1 { global: scale; local: *; };\nVERS_2 { global: scale; } VERS_1;\n").unwrap();
    std::fs::write(dir.join("main.c"), "#include <stdio.h>\nint scale(int);\nint main(void) { printf(\"%d\\n\", scale(5)); return 0; }\n").unwrap();
    let out = Command::new(nissecc()).args(["-O2", "-fPIC", "-shared", "lib.c", "-Wl,--version-script=lib.map", "-o", "libscale.so"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let symbols = Command::new("nm").args(["-D", "--defined-only", "libscale.so"]).current_dir(&dir).output().unwrap();
    let symbols = String::from_utf8_lossy(&symbols.stdout);
    assert!(symbols.contains("scale@VERS_1") && symbols.contains("scale@@VERS_2"), "{symbols}");
    let out = Command::new(nissecc()).args(["main.c", "-L.", "-lscale", "-Wl,-rpath,.", "-o", "main"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let run = Command::new(dir.join("main")).current_dir(&dir).output().unwrap();
    assert_eq!(run.stdout, b"10\n");
}

/// `-E` preprocesses as compiling would (configure scripts run `$CC -E`):
/// nissecc's own predefinitions apply, `-D` reaches the preprocessor, and
/// the text goes to the standard output or the `-o` file.
#[test]
fn dash_e_preprocesses_as_compiling_would() {
    let dir = scratch_dir("dash-e");
    let source = dir.join("conftest.c");
    std::fs::write(&source, "#ifdef __SSE2__\nsse2\n#endif\n#ifdef __SIZEOF_FLOAT128__\nfloat128\n#endif\n#ifdef __NISSECC__\nnissecc VALUE\n#endif\n").unwrap();
    let out = Command::new(nissecc()).args(["-E", "-DVALUE=42"]).arg(&source).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("nissecc 42") && text.contains("sse2") && !text.contains("float128"), "{text}");
    let output = dir.join("conftest.i");
    let out = Command::new(nissecc()).arg("-E").arg(&source).arg("-o").arg(&output).output().unwrap();
    assert!(out.status.success() && std::fs::read_to_string(&output).unwrap().contains("nissecc VALUE"));
    std::fs::write(&source, "#include <no_such_header.h>\n").unwrap();
    let out = Command::new(nissecc()).arg("-E").arg(&source).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// What build systems ask of a compiler besides compiling: a source on
/// the standard input (`echo ... | $CC -E -x c -`), a make rule of the
/// headers a source includes (`$(CC) -MM`, with `-MT` and `-MF`, as
/// hand-written Makefiles generate their dependencies), and a check that
/// writes nothing (`-fsyntax-only`). Each was an error before.
#[test]
fn standard_input_dependency_rules_and_syntax_checks() {
    let dir = scratch_dir("stdin-and-dependencies");
    let program = "#include <stdio.h>\n#include \"local.h\"\nint main(void) { printf(\"%d\\n\", LOCAL); return 0; }\n";
    std::fs::write(dir.join("local.h"), "#define LOCAL 7\n").unwrap();
    let mut child = Command::new(nissecc())
        .args(["-x", "c", "-", "-o", "from-stdin", "-I"])
        .arg(&dir)
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), program.as_bytes()).unwrap();
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());
    assert_eq!(run_program(&dir.join("from-stdin"), &[]).unwrap().stdout, b"7\n");

    std::fs::write(dir.join("main.c"), program).unwrap();
    let out = Command::new(nissecc()).args(["-MM", "main.c"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "main.o: main.c local.h\n");
    let out = Command::new(nissecc()).args(["-MM", "-MT", "obj/main.o", "-MF", "main.d", "main.c"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success() && out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(dir.join("main.d")).unwrap(), "obj/main.o: main.c local.h\n");
    let out = Command::new(nissecc()).args(["-M", "main.c"]).current_dir(&dir).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("/stdio.h"), "-M lists the system headers too");

    let out = Command::new(nissecc()).args(["-fsyntax-only", "main.c"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success() && !dir.join("a.out").exists() && !dir.join("main.o").exists());
    std::fs::write(dir.join("bad.c"), "int main(void) { return undeclared; }\n").unwrap();
    let out = Command::new(nissecc()).args(["-fsyntax-only", "bad.c"]).current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.c:1:25: error"), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `-shared` links a shared object, as libtool asks by default (expat's
/// `./configure && make` stopped on it): nissecc's code is
/// position-independent, so exported functions and data, function
/// pointers in initialized data and thread-local objects work from a
/// library that a gcc-built program loads, at -O0 and -O2. With profiling
/// it is still unsupported.
#[test]
fn shared_libraries_link_and_load() {
    let dir = scratch_dir("shared-library");
    std::fs::write(
        dir.join("counter.c"),
        "#include <stdio.h>\nint counter = 5;\nstatic int hidden = 7;\nconst char *names[] = {\"a\", \"b\", 0};\n\
         int bump(int x) { counter += x; hidden++; return counter + hidden; }\nint (*bumper)(int) = bump;\n\
         __thread int calls = 3;\nvoid say(void) { printf(\"%s %d %d\\n\", names[1], bumper(1), ++calls); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.c"),
        "#include <stdio.h>\nextern int counter;\nint bump(int);\nvoid say(void);\n\
         int main(void) { printf(\"%d\\n\", bump(2) + bump(2)); counter = 100; say(); return 0; }\n",
    )
    .unwrap();
    for level in ["-O0", "-O2"] {
        let out = Command::new(nissecc()).args([level, "-shared", "-fPIC", "counter.c", "-o", "libcounter.so"]).current_dir(&dir).output().unwrap();
        assert!(out.status.success(), "{level}: {}", String::from_utf8_lossy(&out.stderr));
        let out = Command::new("gcc").args(["main.c", "-L.", "-lcounter", "-Wl,-rpath,$ORIGIN", "-o", "main"]).current_dir(&dir).output().unwrap();
        assert!(out.status.success(), "{level}: {}", String::from_utf8_lossy(&out.stderr));
        let run = run_program(&dir.join("main"), &[]).unwrap();
        assert_eq!(String::from_utf8_lossy(&run.stdout), "33\nb 111 4\n", "{level}");
    }
    let out = Command::new(nissecc()).args(["-shared", "-fprofile-instr=sese", "counter.c", "-o", "libcounter.so"]).current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error: unsupported: the option '-shared' with profiling"));
}

/// `-finput-charset=` reaches the preprocessor, which converts the source
/// to UTF-8 as gcc's compilation does: a Shift-JIS string literal becomes
/// UTF-8 bytes (oniguruma's CMake build compiles a test with
/// `-finput-charset=cp932`; it was an unknown flag).
#[test]
fn input_charset_converts_the_source() {
    let dir = scratch_dir("input-charset");
    let mut source = b"#include <stdio.h>\nint main(void) {\n    const char *s = \"".to_vec();
    source.extend_from_slice(b"\x82\xa0\x82\xa2");
    source.extend_from_slice(b"\";\n    for (const char *p = s; *p; p++)\n        printf(\"%02x\", (unsigned char)*p);\n    printf(\"\\n\");\n    return 0;\n}\n");
    std::fs::write(dir.join("sjis.c"), source).unwrap();
    let out = Command::new(nissecc()).args(["-finput-charset=cp932", "sjis.c", "-o", "sjis"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&run_program(&dir.join("sjis"), &[]).unwrap().stdout), "e38182e38184\n");
}

/// Flags that would change what the program means in a way nissecc does
/// not follow are `unsupported:` errors, not silently ignored; so are
/// gcc's other options that nissecc does not know (`-pg`, `--coverage`,
/// `-print-search-dirs`, which were command-line parse errors naming
/// only `-p`).
#[test]
fn flags_that_change_meaning_are_unsupported() {
    let source = project_root().join("tests/c/if_else.c");
    let dir = scratch_dir("unsupported-flags");
    for flag in ["-funsigned-bitfields", "-fshort-enums", "-fsanitize=address", "-fno-such-option", "-pg", "--coverage", "-print-search-dirs", "-nostdinc"] {
        let out = Command::new(nissecc()).arg(flag).arg(&source).arg("-o").arg(dir.join("out")).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{flag}: {stderr}");
        assert!(stderr.contains(&format!("error: unsupported: the option '{flag}'")), "{flag}: {stderr}");
    }
}

#[test]
fn bad_profiling_flags_are_errors_not_panics() {
    let source = project_root().join("tests/c/if_else.c");
    let dir = scratch_dir("bad-profiling-flags");
    for (flags, expected) in [
        (&["-fprofile-instr=paths"][..], "unknown profiling strategy 'paths' (expected naive, ks, sese, path, vertex, trace, trace-naive or tpp)"),
        (&["-fprofile-instr=path", "-fpath-array-threshold=lots"][..], "-fpath-array-threshold needs a number of paths, not 'lots'"),
        (&["-fprofile-instr=path", "-fpath-array-threshold=-1"][..], "not '-1'"),
        (&["-fprofile-instr=tpp"][..], "-fprofile-instr=tpp needs an edge profile to target: -fprofile-instr-weights=FILE"),
        (&["-fprofile-instr=tpp", "-ftpp-cold=150"][..], "-ftpp-cold needs a percentage from 0 to 100, not '150'"),
        (&["-fprofile-instr=tpp", "-ftpp-loop-disconnect=many"][..], "-ftpp-loop-disconnect needs a non-negative trip count, not 'many'"),
    ] {
        let out = Command::new(nissecc()).args(flags).arg(&source).arg("-o").arg(dir.join("out")).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{flags:?}: {stderr}");
        assert!(stderr.contains(expected) && !stderr.contains("panicked"), "{flags:?}: {stderr}");
    }
}

/// `-o -` sends the IR, the assembly (`-S`) and the object (`-c`) to
/// stdout, as gcc does; `-S -o -` used to write a file named `-`.
#[test]
fn output_named_dash_goes_to_stdout() {
    let source = project_root().join("tests/c/if_else.c");
    let dir = scratch_dir("emit-dash");
    let emit = |flag: &str| {
        let out = Command::new(nissecc()).current_dir(&dir).args([flag, "-o", "-"]).arg(&source).output().unwrap();
        assert!(out.status.success(), "{flag}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(!dir.join("-").exists(), "`{flag} -o -` wrote a file named '-'");
        out.stdout
    };
    assert!(String::from_utf8_lossy(&emit("--emit=ir")).contains("function @main"));
    assert!(String::from_utf8_lossy(&emit("-S")).contains("main:"));
    assert!(emit("-c").starts_with(b"\x7fELF"));
}

/// Deep nesting (issue 14): a 4,000-deep parenthesised expression and
/// 7,000-deep blocks compile and run as gcc's build does; nesting beyond
/// the frontend's limit is a located error, never a stack overflow.
#[test]
fn deep_nesting_compiles_or_is_a_located_error() {
    let dir = scratch_dir("nesting");
    let parens = 4000;
    let blocks = 7000;
    let program = format!(
        "int main(void) {{\n    int x = {}1{};\n    {}x++;{}\n    return x - 2;\n}}\n",
        "(".repeat(parens),
        ")".repeat(parens),
        "{".repeat(blocks),
        "}".repeat(blocks)
    );
    let source = dir.join("deep.c");
    std::fs::write(&source, program).unwrap();
    let exe = dir.join("deep");
    build_nissecc(std::slice::from_ref(&source), &exe, &["-O2"]).unwrap();
    let run = run_program(&exe, &[]).unwrap();
    let reference_exe = dir.join("deep.gcc");
    build_gcc(std::slice::from_ref(&source), &reference_exe, &[]).unwrap();
    compare_runs("deep nesting", &run_program(&reference_exe, &[]).unwrap(), &run).unwrap();

    let too_deep = 70_000;
    let source = dir.join("too_deep.c");
    std::fs::write(&source, format!("int main(void) {{\n    return {}0{};\n}}\n", "(".repeat(too_deep), ")".repeat(too_deep))).unwrap();
    let out = Command::new(nissecc()).arg(&source).arg("-o").arg(dir.join("too_deep")).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("{}:2:", source.display())) && stderr.contains("error: nesting of brackets deeper than"), "{stderr}");
}

/// Huge static objects (issue 21): a 256 GiB zero-initialized array
/// compiles to a small object whose `.bss` holds it, instead of the
/// compiler trying to allocate its bytes; a 64 GiB array with an
/// initializer is a clear error, as it cannot go into an object file's
/// data.
#[test]
fn huge_static_objects_are_never_materialized() {
    let dir = scratch_dir("huge-static");
    let source = dir.join("huge.c");
    std::fs::write(&source, "static char big[274877906816];\nchar *p(void) { return &big[274877906815]; }\n").unwrap();
    let object = dir.join("huge.o");
    let out = Command::new(nissecc()).arg("-c").arg(&source).arg("-o").arg(&object).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let size = std::fs::metadata(&object).unwrap().len();
    assert!(size < 64 * 1024, "the object file has {size} bytes");
    let sections = Command::new("objdump").arg("-h").arg(&object).output().unwrap();
    let listing = String::from_utf8_lossy(&sections.stdout);
    let bss = listing.lines().find(|l| l.contains(".bss")).unwrap_or_else(|| panic!("no .bss in:\n{listing}"));
    let bss_size = u64::from_str_radix(bss.split_whitespace().nth(2).unwrap(), 16).unwrap();
    assert!(bss_size >= 274877906816, "{bss}");

    let source = dir.join("initialized.c");
    std::fs::write(&source, "static char big[1L << 36] = { 1 };\nchar f(void) { return big[0]; }\n").unwrap();
    let out = Command::new(nissecc()).arg("-c").arg(&source).arg("-o").arg(dir.join("initialized.o")).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("unsupported: the initialized data object `big` of 68719476736 bytes"), "{stderr}");
}

/// The preprocessor's warnings reach the user (issue 21: null characters
/// were dropped silently, and so was `#warning`), and `-w` silences them.
#[test]
fn preprocessor_warnings_are_passed_on() {
    let dir = scratch_dir("cpp-warnings");
    let source = dir.join("nul.c");
    std::fs::write(&source, b"#warning \"check this\"\nint main(void) { int x = 1;\0 return x - 1; }\n").unwrap();
    let out = Command::new(nissecc()).arg(&source).arg("-o").arg(dir.join("nul")).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("null character(s) ignored") && stderr.contains("check this"), "{stderr}");
    let out = Command::new(nissecc()).arg("-w").arg(&source).arg("-o").arg(dir.join("nul")).output().unwrap();
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}
