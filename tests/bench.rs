//! `nissecc-bench` end to end on one small kernel and, in its programs
//! tier, on zlib; and the driver flags it relies on
//! (`--print-profile-strategies`, `--stats=json`). The comparison
//! functions that make the benchmark fail on a mismatch are unit-tested in
//! `src/bench/compare.rs`.

mod common;

use common::{nissecc, project_root, scratch_dir};
use std::process::Command;

#[test]
fn the_driver_lists_its_strategies_naive_first() {
    let out = Command::new(nissecc()).arg("--print-profile-strategies").output().expect("run nissecc");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let names: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(names.first().map(String::as_str), Some("naive"), "{names:?}");
    assert!(names.iter().any(|n| n == "ks"), "{names:?}");
}

#[test]
fn stats_json_is_one_parsable_line_with_totals() {
    let dir = scratch_dir("bench-stats-json");
    let source = project_root().join("examples/primes.c");
    let out = Command::new(nissecc())
        .args(["-O2", "-fprofile-instr=ks", "--stats=json"])
        .arg(&source)
        .arg("-o")
        .arg(dir.join("primes"))
        .output()
        .expect("run nissecc");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let json: serde_json::Value = serde_json::from_str(stderr.trim()).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert_eq!(json["strategy"], "ks");
    let functions = json["functions"].as_array().expect("functions");
    let names: Vec<&str> = functions.iter().filter_map(|f| f["name"].as_str()).collect();
    assert!(names.contains(&"main"), "{names:?}");
    let sum: u64 = functions.iter().map(|f| f["counters"].as_u64().expect("counters")).sum();
    assert_eq!(json["total"]["counters"].as_u64(), Some(sum));
}

#[test]
fn the_benchmark_checks_one_kernel_and_writes_its_results() {
    let out_dir = scratch_dir("bench-one-kernel");
    let out = Command::new(env!("CARGO_BIN_EXE_nissecc-bench"))
        .args(["--filter", "k003_reverse_string", "--no-valgrind", "--jobs", "1", "--out"])
        .arg(&out_dir)
        .current_dir(project_root())
        .output()
        .expect("run nissecc-bench");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "nissecc-bench failed:\n{stderr}");
    let summary = std::fs::read_to_string(out_dir.join("summary.md")).expect("summary.md");
    assert!(summary.contains("1 kernels, 3 inputs"), "{summary}");
    let kernels = std::fs::read_to_string(out_dir.join("kernels.csv")).expect("kernels.csv");
    for build in ["gcc-O1", "gcc-O2", "base", "naive", "ks"] {
        assert!(kernels.lines().any(|l| l.starts_with("k003_reverse_string,") && l.contains(&format!(",{build},"))), "no {build} row:\n{kernels}");
    }
}

#[test]
fn an_empty_selection_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_nissecc-bench"))
        .args(["--filter", "no-such-kernel-or-tag", "--no-valgrind"])
        .current_dir(project_root())
        .output()
        .expect("run nissecc-bench");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no kernel matches"));
}

#[test]
fn a_program_whose_output_depends_on_the_compiler_fails_the_benchmark() {
    // The kernel prints the size of its own executable, which differs
    // between gcc's and nissecc's builds: a genuine output mismatch.
    let dir = scratch_dir("bench-mismatch");
    let kernels = dir.join("kernels");
    std::fs::create_dir_all(&kernels).expect("kernel dir");
    std::fs::write(
        kernels.join("k900_own_size.c"),
        "#include <stdio.h>\nint main(int argc, char **argv) {\n  FILE *f = fopen(\"/proc/self/exe\", \"rb\");\n  \
         long n = 0;\n  if (f) { fseek(f, 0, SEEK_END); n = ftell(f); fclose(f); }\n  printf(\"%ld\\n\", n);\n  return 0;\n}\n",
    )
    .expect("kernel source");
    std::fs::write(kernels.join("manifest.tsv"), "# kernel\tinputs\ttags\tlength\nk900_own_size\t0\ttest\tshort\n").expect("manifest");
    let out = Command::new(env!("CARGO_BIN_EXE_nissecc-bench"))
        .args(["--no-valgrind", "--jobs", "1", "--kernels"])
        .arg(&kernels)
        .arg("--out")
        .arg(dir.join("results"))
        .output()
        .expect("run nissecc-bench");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("k900_own_size input 0 [base]: output differs from gcc-O1"), "{stderr}");
    assert!(stderr.contains("k900_own_size input 0 [ks]: output differs from gcc-O1"), "{stderr}");
}

/// The programs tier's machinery on one program, quickly: zlib's check
/// workload for training and measuring, one timed sample per build. Every
/// build must have built, printed what gcc -O2 prints (a failure is exit
/// status 1) and been measured; instrumentation must cost instructions;
/// the tables must have a row per build.
#[test]
fn the_programs_tier_builds_checks_and_measures_zlib() {
    let out_dir = scratch_dir("bench-programs-zlib");
    let out = Command::new(env!("CARGO_BIN_EXE_nissecc-bench"))
        .args(["--tier", "programs", "--programs", "zlib", "--quick", "--timing-runs", "1", "--jobs", "2", "--out"])
        .arg(&out_dir)
        .output()
        .expect("run nissecc-bench");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "nissecc-bench --tier programs failed:\n{stderr}");
    let mut reader = csv::Reader::from_path(out_dir.join("programs.csv")).expect("programs.csv");
    let headers = reader.headers().expect("a header").clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let field = |row: &csv::StringRecord, name: &str| -> String {
        let column = headers.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"));
        row[column].to_string()
    };
    let number = |row: &csv::StringRecord, name: &str| -> f64 {
        field(row, name).parse().unwrap_or_else(|_| panic!("{} has no {name}: {row:?}", field(row, "build")))
    };
    let strategies = String::from_utf8(Command::new(nissecc()).arg("--print-profile-strategies").output().expect("nissecc").stdout).unwrap();
    let mut expected: Vec<String> = ["gcc-O2", "nissecc-O2", "gcc-arcs", "gcc-profgen", "nissecc-pgo", "gcc-pgo"].map(String::from).to_vec();
    expected.extend(strategies.split_whitespace().map(|s| format!("nissecc-{s}")));
    let labels: Vec<String> = rows.iter().map(|row| field(row, "build")).collect();
    for label in &expected {
        assert!(labels.contains(label), "no {label} row: {labels:?}");
    }
    let summary = std::fs::read_to_string(out_dir.join("programs.md")).expect("programs.md");
    for row in &rows {
        let label = field(row, "build");
        assert_eq!(field(row, "program"), "zlib");
        assert_eq!(field(row, "status"), "ok", "{label}: {}", field(row, "reason"));
        for measure in ["instructions", "wall_ms", "compile_wall_s", "compile_cpu_s", "compile_peak_mib"] {
            assert!(number(row, measure) > 0.0, "{label}: {measure} is not positive");
        }
        // One row in the compile table and one in the table of its role.
        assert_eq!(summary.matches(&format!("| zlib | {label} |")).count(), 2, "{label}:\n{summary}");
        let baseline = rows.iter().find(|r| field(r, "build") == field(row, "baseline")).expect("the baseline has a row");
        match field(row, "role").as_str() {
            "instrumented" => assert!(number(row, "instructions") > number(baseline, "instructions"), "{label} costs no instructions"),
            "optimized" => assert!(!field(row, "trained_by").is_empty(), "{label} names no trainer"),
            _ => {}
        }
    }
}

#[test]
fn the_programs_tier_rejects_unknown_programs_and_a_selection_without_the_tier() {
    for (args, message) in [
        (&["--tier", "programs", "--programs", "zlib,nosuch"][..], "unknown program nosuch"),
        (&["--programs", "zlib"][..], "add --tier programs"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_nissecc-bench")).args(args).output().expect("run nissecc-bench");
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
