//! `nissecc-profdata` end to end (issue 3): merging (sums, weights,
//! inputs left alone, atomic output), showing (text, JSON, one function,
//! the hottest, Graphviz) and a one-line error for every kind of bad
//! profile; for path profiles (issue 5), `show --paths`, the paths in
//! `show --json`, merging, and `derive-edges`.

mod common;
#[path = "runtime/support.rs"]
mod runtime_support;

use nissecc_midend::instrument::path::numbering::number;
use nissecc_midend::instrument::path::regenerate::{block_path, PathEnd, PathStart};
use nissecc_midend::profile::{CfgDescriptor, FlowEdgeKind, FlowGraph, FunctionShape, Strategy};
use nissecc_profile_format::{read, write, FunctionProfile, Profile};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn profdata(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nissecc-profdata")).args(args).output().expect("run nissecc-profdata")
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The shape of `loop(n)`: block0 -> block1; block1 -> block2 (body) or
/// block3 (return); block2 -> block1.
fn loop_shape() -> FunctionShape {
    FunctionShape { block_lines: vec![10, 11, 12, 0], edges: vec![(0, 1), (1, 2), (1, 3), (2, 1)], returns: vec![3], call_sites: vec![] }
}

/// The profile of `name` (a loop) after `calls` calls with `iterations`
/// iterations in all, instrumented with `strategy`: naive counts every
/// edge; Knuth–Stevenson counts the back edge and the entry only.
fn loop_function(name: &str, strategy: Strategy, calls: u64, iterations: u64) -> FunctionProfile {
    use FlowEdgeKind::*;
    let (kinds, counters) = match strategy {
        Strategy::Naive => (vec![Cfg(0), Cfg(1), Cfg(2), Cfg(3), Return(3), Entry], vec![calls, iterations, calls, iterations, calls, calls]),
        // A SESE counter fills in the same slot as the Knuth–Stevenson
        // counter it replaces, so the profile has the same shape.
        Strategy::Ks | Strategy::Sese => (vec![Cfg(3), Entry], vec![iterations, calls]),
        Strategy::Path => panic!("path profiles count paths: see `loop_path_profile`"),
        Strategy::Sample => panic!("sample profiles weigh sampled blocks; they place no counters"),
        Strategy::Vertex | Strategy::Trace | Strategy::TraceNaive | Strategy::Tpp => panic!("the {strategy} profiles of these tests come from the compiler"),
    };
    let descriptor = CfgDescriptor::new(strategy, loop_shape(), kinds).encode();
    FunctionProfile { name: name.into(), checksum: 0xc0ffee, descriptor, counters, paths: vec![], values: vec![] }
}

fn save(dir: &Path, file: &str, functions: Vec<FunctionProfile>) -> PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, write(&Profile { functions })).unwrap();
    path
}

fn load(path: &Path) -> Profile {
    read(&std::fs::read(path).unwrap()).unwrap()
}

fn show_json(path: &Path, extra: &[&str]) -> Value {
    let out = profdata(&[&["show", path_str(path), "--json"], extra].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Asserts that `out` failed with one line `nissecc-profdata: error:
/// PATH: ...` that contains `problem`.
fn assert_fails_naming(out: &Output, path: &Path, problem: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("nissecc-profdata: error: {}: ", path.display())), "{stderr}");
    assert!(stderr.contains(problem), "expected `{problem}` in: {stderr}");
}

#[test]
fn merge_sums_and_leaves_the_inputs_alone() {
    let dir = common::scratch_dir("profdata-merge");
    let a = save(&dir, "a.nprof", vec![loop_function("f", Strategy::Ks, 1, 3), loop_function("g", Strategy::Ks, 2, 0)]);
    let b = save(&dir, "b.nprof", vec![loop_function("f", Strategy::Ks, 2, 5)]);
    let (a_bytes, b_bytes) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let out_path = dir.join("out.nprof");
    let out = profdata(&["merge", "-o", path_str(&out_path), path_str(&a), path_str(&b)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(load(&out_path), Profile { functions: vec![loop_function("f", Strategy::Ks, 3, 8), loop_function("g", Strategy::Ks, 2, 0)] });
    assert_eq!((std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap()), (a_bytes, b_bytes));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3, "a temporary file was left behind");
}

#[test]
fn merge_weights_multiply_and_the_order_does_not_matter() {
    let dir = common::scratch_dir("profdata-weight");
    let a = save(&dir, "a.nprof", vec![loop_function("f", Strategy::Naive, 1, 2)]);
    let b = save(&dir, "b.nprof", vec![loop_function("f", Strategy::Naive, 1, 10)]);
    let c = save(&dir, "c.nprof", vec![loop_function("h", Strategy::Naive, 4, 4)]);
    let weighted = dir.join("w.nprof");
    let out = profdata(&["merge", "-o", path_str(&weighted), path_str(&a), "--weight", &format!("3,{}", path_str(&b)), path_str(&c)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let expected = Profile { functions: vec![loop_function("f", Strategy::Naive, 4, 32), loop_function("h", Strategy::Naive, 4, 4)] };
    assert_eq!(load(&weighted), expected);

    let reordered = dir.join("r.nprof");
    let b3 = format!("3,{}", path_str(&b));
    assert!(profdata(&["merge", "-o", path_str(&reordered), "--weight", &b3, path_str(&c), path_str(&a)]).status.success());
    assert_eq!(std::fs::read(&reordered).unwrap(), std::fs::read(&weighted).unwrap());

    for bad in ["0,x", "x", "-1,x"] {
        let out = profdata(&["merge", "-o", path_str(&reordered), "--weight", bad]);
        assert_eq!(out.status.code(), Some(2), "--weight {bad}");
    }
}

#[test]
fn a_failed_merge_keeps_the_existing_output() {
    let dir = common::scratch_dir("profdata-merge-fail");
    let good = save(&dir, "good.nprof", vec![loop_function("f", Strategy::Ks, 1, 1)]);
    let mut stale = loop_function("f", Strategy::Ks, 1, 1);
    stale.checksum = 1;
    let other_build = save(&dir, "other.nprof", vec![stale]);
    let truncated = dir.join("truncated.nprof");
    std::fs::write(&truncated, &std::fs::read(&good).unwrap()[..40]).unwrap();
    let out_path = dir.join("out.nprof");
    std::fs::write(&out_path, b"precious").unwrap();

    let out = profdata(&["merge", "-o", path_str(&out_path), path_str(&good), path_str(&truncated)]);
    assert_fails_naming(&out, &truncated, "truncated at byte offset 40");
    let out = profdata(&["merge", "-o", path_str(&out_path), path_str(&good), path_str(&other_build)]);
    assert_fails_naming(&out, &other_build, "function `f`: checksum mismatch");
    assert_eq!(std::fs::read(&out_path).unwrap(), b"precious");
    // Counts that overflow 64 bits would make a profile no tool can read
    // (issue 21): the merge refuses, and writes nothing.
    let huge = format!("{},{}", u64::MAX / 2, path_str(&good));
    let out = profdata(&["merge", "-o", path_str(&out_path), "--weight", &huge, "--weight", &huge, path_str(&good)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("overflow 64 bits") && stderr.contains("not written"), "{stderr}");
    assert_eq!(std::fs::read(&out_path).unwrap(), b"precious");
}

#[test]
fn show_prints_every_block_and_edge_count() {
    let dir = common::scratch_dir("profdata-show");
    let path = save(&dir, "p.nprof", vec![loop_function("f", Strategy::Ks, 2, 7)]);
    let out = profdata(&["show", path_str(&path)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "function `f` (checksum 0x0000000000c0ffee): 2 calls; 2 counters (ks)
  blocks:
    block0 (line 10): 2
    block1 (line 11): 9
    block2 (line 12): 7
    block3: 2
  edges:
    block0 -> block1: 2
    block1 -> block2: 7
    block1 -> block3: 2
    block2 -> block1: 7
"
    );
    let json = show_json(&path, &[]);
    assert_eq!(
        json,
        serde_json::json!({"functions": [{
            "name": "f", "checksum": 0xc0ffee, "entries": 2,
            "blocks": [{"id": 0, "count": 2}, {"id": 1, "count": 9}, {"id": 2, "count": 7}, {"id": 3, "count": 2}],
            "edges": [{"from": 0, "to": 1, "count": 2}, {"from": 1, "to": 2, "count": 7}, {"from": 1, "to": 3, "count": 2}, {"from": 2, "to": 1, "count": 7}],
            "early_exits": [],
        }]})
    );
}

#[test]
fn naive_and_knuth_stevenson_profiles_show_the_same_counts() {
    let dir = common::scratch_dir("profdata-oracle");
    let naive = save(&dir, "naive.nprof", vec![loop_function("f", Strategy::Naive, 3, 11)]);
    let ks = save(&dir, "ks.nprof", vec![loop_function("f", Strategy::Ks, 3, 11)]);
    assert_eq!(show_json(&naive, &[]), show_json(&ks, &[]));
}

#[test]
fn show_selects_one_function_or_the_hottest() {
    let dir = common::scratch_dir("profdata-select");
    let functions = vec![loop_function("cold", Strategy::Ks, 1, 1), loop_function("hot", Strategy::Ks, 1, 100), loop_function("warm", Strategy::Ks, 1, 10)];
    let path = save(&dir, "p.nprof", functions);
    let names = |json: &Value| json["functions"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(names(&show_json(&path, &[])), ["cold", "hot", "warm"]);
    assert_eq!(names(&show_json(&path, &["--function", "warm"])), ["warm"]);
    assert_eq!(names(&show_json(&path, &["--topn", "2"])), ["hot", "warm"]);
    let out = profdata(&["show", path_str(&path), "--function", "missing"]);
    assert_fails_naming(&out, &path, "no function `missing`");
}

#[test]
fn show_dot_writes_one_graph_per_function() {
    let dir = common::scratch_dir("profdata-dot");
    let path = save(&dir, "p.nprof", vec![loop_function("f", Strategy::Ks, 2, 7), loop_function("a::b", Strategy::Ks, 1, 0)]);
    let graphs = dir.join("graphs");
    assert!(profdata(&["show", path_str(&path), "--dot", path_str(&graphs)]).status.success());
    let f = std::fs::read_to_string(graphs.join("f.dot")).unwrap();
    assert!(f.starts_with("digraph \"f\" {"), "{f}");
    assert!(f.contains("block1 [label=\"block1 (line 11)\\ncount: 9\"];"), "{f}");
    assert!(f.contains("block2 -> block1 [label=\"7\"];"), "{f}");
    assert!(graphs.join("a__b.dot").exists());
}

#[test]
fn bad_profiles_get_a_one_line_error_naming_file_and_problem() {
    let dir = common::scratch_dir("profdata-bad");
    let good = write(&Profile { functions: vec![loop_function("f", Strategy::Ks, 1, 1)] });
    let mut version = good.clone();
    version[8] = 9;
    let mut flipped = good.clone();
    flipped[40] ^= 0x10;
    let mut bad_descriptor = loop_function("f", Strategy::Ks, 1, 1);
    bad_descriptor.descriptor[0] = b'X';
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated.nprof", good[..good.len() - 1].to_vec(), "truncated at byte offset"),
        ("magic.nprof", b"#!/bin/sh\n".to_vec(), "bad magic"),
        ("version.nprof", version, "unsupported format version (found 9, expected 1 to 4)"),
        ("flipped.nprof", flipped, "checksum mismatch"),
        ("descriptor.nprof", write(&Profile { functions: vec![bad_descriptor] }), "function `f`: not a CFG descriptor"),
    ];
    for (name, bytes, problem) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        assert_fails_naming(&profdata(&["show", path_str(&path)]), &path, problem);
        assert_fails_naming(&profdata(&["show", path_str(&path), "--json"]), &path, problem);
    }
    let missing = dir.join("missing.nprof");
    assert_fails_naming(&profdata(&["show", path_str(&missing)]), &missing, "No such file");
}

#[test]
fn show_reads_what_the_runtime_wrote() {
    // A C program that counts `loop_fn` as Knuth–Stevenson instrumentation
    // would (the back edge and the entry), with a real descriptor.
    let dir = common::scratch_dir("profdata-from-runtime");
    let function = loop_function("loop_fn", Strategy::Ks, 0, 0);
    let bytes: Vec<String> = function.descriptor.iter().map(u8::to_string).collect();
    let source = dir.join("ks_loop.c");
    std::fs::write(
        &source,
        format!(
            "#include \"nisse_abi.h\"\n\
             NISSE_FUNCTION(loop_fn, {checksum}, 2, {bytes});\n\
             static void loop_fn(int n) {{ nisse_cnt_loop_fn[1]++; for (int i = 0; i < n; i++) nisse_cnt_loop_fn[0]++; }}\n\
             int main(void) {{ loop_fn(4); loop_fn(6); return 0; }}\n",
            checksum = function.checksum,
            bytes = bytes.join(", ")
        ),
    )
    .unwrap();
    let exe = runtime_support::build_c(&source, &dir, "ks_loop", &[]);
    let out = Command::new(&exe).current_dir(&dir).env("NISSE_PROFILE_FILE", "ks.nprof").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let expected = save(&dir, "expected.nprof", vec![loop_function("loop_fn", Strategy::Naive, 2, 10)]);
    assert_eq!(show_json(&dir.join("ks.nprof"), &[]), show_json(&expected, &[]));
}

/// The path profile of `loop(n)` (see [`loop_shape`]) called twice, with
/// 3 and 4 iterations: each call's first iteration is a path from the
/// entry to the latch, the other 5 iterations are paths from the loop
/// header to the latch, and each call ends with a path from the header to
/// the return. Paths are found by their blocks, not by their numbers.
fn loop_path_profile(name: &str) -> FunctionProfile {
    let shape = loop_shape();
    let graph = FlowGraph::new(&shape);
    let numbering = number(&graph);
    let find = |start: PathStart, blocks: &[u32], end: PathEnd| {
        (0..numbering.total())
            .find(|&n| block_path(&numbering, &graph, n).is_some_and(|p| p.start == start && p.blocks == blocks && p.end == end))
            .expect("the loop has this path")
    };
    let header = PathStart::LoopHeader { block: 1 };
    let latch = PathEnd::Latch { header: 1 };
    let mut paths = vec![
        (find(PathStart::Entry, &[0, 1, 2], latch), 2),
        (find(header, &[1, 2], latch), 5),
        (find(header, &[1, 3], PathEnd::Return), 2),
    ];
    paths.sort();
    let descriptor = CfgDescriptor::new(Strategy::Path, shape, vec![]).encode();
    FunctionProfile { name: name.into(), checksum: 0xc0ffee, descriptor, counters: vec![], paths, values: Vec::new() }
}

#[test]
fn derive_edges_of_a_path_profile_prints_the_edge_profile() {
    let dir = common::scratch_dir("profdata-derive");
    let path = save(&dir, "path.nprof", vec![loop_path_profile("f")]);
    let naive = save(&dir, "naive.nprof", vec![loop_function("f", Strategy::Naive, 2, 7)]);
    let derived = profdata(&["derive-edges", path_str(&path)]);
    assert!(derived.status.success(), "{}", String::from_utf8_lossy(&derived.stderr));
    let shown = profdata(&["show", "--json", path_str(&naive)]);
    assert_eq!(String::from_utf8_lossy(&derived.stdout), String::from_utf8_lossy(&shown.stdout));

    // `show --json` of the path profile adds the paths, marked by how they
    // start and end.
    let json = show_json(&path, &[]);
    let paths = json["functions"][0]["paths"].as_array().unwrap();
    let hottest = paths.iter().find(|p| p["count"] == 5).unwrap();
    assert_eq!(hottest["blocks"], serde_json::json!([1, 2]));
    assert_eq!((hottest["start"].as_str(), hottest["end"].as_str()), (Some("loop-header"), Some("latch")));
    let first = paths.iter().find(|p| p["start"] == "entry").unwrap();
    assert_eq!((&first["blocks"], &first["count"]), (&serde_json::json!([0, 1, 2]), &serde_json::json!(2)));
    let without_paths = |mut v: Value| {
        v["functions"][0].as_object_mut().unwrap().remove("paths");
        v
    };
    assert_eq!(without_paths(json), show_json(&naive, &[]));

    // Merging two runs doubles every path, and so every derived edge.
    let merged = dir.join("merged.nprof");
    assert!(profdata(&["merge", "-o", path_str(&merged), path_str(&path), path_str(&path)]).status.success());
    let twice = save(&dir, "twice.nprof", vec![loop_function("f", Strategy::Naive, 4, 14)]);
    assert_eq!(profdata(&["derive-edges", path_str(&merged)]).stdout, profdata(&["show", "--json", path_str(&twice)]).stdout);
}

#[test]
fn show_paths_lists_the_hottest_paths_with_their_lines() {
    let dir = common::scratch_dir("profdata-paths");
    let path = save(&dir, "path.nprof", vec![loop_path_profile("f")]);
    let out = profdata(&["show", "--paths", "--topn", "2", path_str(&path)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "3 executed paths of 4 potential paths in 1 functions; the 2 hottest:", "{text}");
    assert!(lines[1].starts_with("  5 (55.6%)  `f` path ") && lines[1].ends_with(", lines 11-12"), "{text}");
    assert_eq!(lines[2], "      loop header: block1 -> block2 -> latch, back to block1", "{text}");
    assert!(lines[4].ends_with("entry: block0 -> block1 -> block2 -> latch, back to block1"), "{text}");
    assert_eq!(lines.len(), 5, "{text}");
}

#[test]
fn path_tools_reject_edge_profiles_and_bad_path_numbers() {
    let dir = common::scratch_dir("profdata-path-errors");
    let edges = save(&dir, "edges.nprof", vec![loop_function("f", Strategy::Ks, 1, 1)]);
    assert_fails_naming(&profdata(&["derive-edges", path_str(&edges)]), &edges, "function `f` has an edge profile (ks), not a path profile");
    assert_fails_naming(&profdata(&["show", "--paths", path_str(&edges)]), &edges, "not a path profile");
    let mut bad = loop_path_profile("f");
    bad.paths.push((1000, 1));
    let bad = save(&dir, "bad.nprof", vec![bad]);
    assert_fails_naming(&profdata(&["derive-edges", path_str(&bad)]), &bad, "path number 1000 is outside the 4 paths of the function");
    assert_fails_naming(&profdata(&["show", path_str(&bad)]), &bad, "path number 1000");
}

/// A function whose counts decode but break flow conservation (a lost
/// increment, as threads running it at once leave) is left out of `show`
/// with a warning naming it; the other functions are still shown
/// (issue 21). `derive-edges`, a verifier, still fails on it.
#[test]
fn show_leaves_out_an_inconsistent_function_with_a_warning() {
    let dir = common::scratch_dir("profdata-inconsistent");
    let mut broken = loop_function("broken", Strategy::Naive, 3, 10);
    broken.counters[0] += 1;
    let path = save(&dir, "p.nprof", vec![broken, loop_function("fine", Strategy::Naive, 1, 2)]);
    let out = profdata(&["show", "--json", path_str(&path)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("warning") && stderr.contains("`broken`") && stderr.contains("inconsistent"), "{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = json["functions"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["fine"]);
}

/// A program whose block counts shift with its input (`argv[1]`, how
/// many numbers it walks): with 1, the Collatz loop never runs.
const OVERLAP_PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>

static int collatz(long n) {
    int steps = 0;
    while (n != 1) {
        if (n % 2) n = 3 * n + 1;
        else n /= 2;
        steps++;
    }
    return steps;
}

static int kind(int x) {
    if (x % 3 == 0) return 0;
    if (x % 7 == 1) return 1;
    return 2;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    long total = 0;
    int kinds[3] = {0, 0, 0};
    for (int i = 1; i <= n; i++) {
        total += collatz(i);
        kinds[kind(i)]++;
    }
    printf("%ld %d %d %d\n", total, kinds[0], kinds[1], kinds[2]);
    return 0;
}
"#;

/// Builds [`OVERLAP_PROGRAM`] with `-fprofile-instr=STRATEGY` in `dir`.
fn build_profiled(dir: &Path, strategy: &str) -> PathBuf {
    let source = dir.join("overlap.c");
    std::fs::write(&source, OVERLAP_PROGRAM).unwrap();
    let exe = dir.join(format!("overlap.{strategy}"));
    common::build_nissecc(&[source], &exe, &[&format!("-fprofile-instr={strategy}")]).unwrap();
    exe
}

/// Runs `exe` with `input` and returns the profile it wrote, `NAME.nprof`.
fn run_profiled(dir: &Path, exe: &Path, input: &str, name: &str) -> PathBuf {
    let profile = dir.join(format!("{name}.nprof"));
    let out = Command::new(exe).arg(input).env("NISSE_PROFILE_FILE", &profile).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    profile
}

/// `overlap A B` with `extra`, which must succeed without a warning.
fn overlap(a: &Path, b: &Path, extra: &[&str]) -> String {
    let out = profdata(&[&["overlap", path_str(a), path_str(b)], extra].concat());
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The block counts of every function in `show --json` output.
fn block_counts(json: &Value) -> Vec<(String, Vec<u64>)> {
    let counts = |f: &Value| f["blocks"].as_array().unwrap().iter().map(|b| b["count"].as_u64().unwrap()).collect();
    json["functions"].as_array().unwrap().iter().map(|f| (f["name"].as_str().unwrap().to_string(), counts(f))).collect()
}

/// A profile of one program under every strategy on one input overlaps
/// the naive one fully: their counts are the same (issue 17).
#[test]
fn overlap_of_every_strategy_with_naive_on_one_input_is_full() {
    let dir = common::scratch_dir("profdata-overlap-strategies");
    let naive = run_profiled(&dir, &build_profiled(&dir, "naive"), "30", "naive");
    for strategy in ["ks", "sese", "path"] {
        let other = run_profiled(&dir, &build_profiled(&dir, strategy), "30", strategy);
        let text = overlap(&naive, &other, &[]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with("total: vertex 100.00%  edge 100.00%  coverage 100.00%  (3 functions compared, weighted by their block counts in A; 0 only in A, 0 only in B, 0 with a different CFG)"),
            "{strategy}: {text}"
        );
        assert_eq!(lines.len(), 4, "{strategy}: {text}");
        assert!(lines[1..].iter().all(|l| l.starts_with("  vertex 100.00%  edge 100.00%  coverage 100.00%  ")), "{strategy}: {text}");
        let json: Value = serde_json::from_str(&overlap(&naive, &other, &["--json"])).unwrap();
        assert_eq!(json["total"], serde_json::json!({ "vertex": 1.0, "edge": 1.0, "coverage": 1.0 }), "{strategy}");
        assert_eq!(json["compared"], 3);
    }
}

/// A vertex profile (Ball & Larus §3.3) shows the naive profile's block
/// counts and no edge counts, in text and JSON; `overlap` leaves its
/// functions out, since it compares edges too, and `-fprofile-use`
/// refuses it with an error that says why.
#[test]
fn a_vertex_profile_shows_block_counts_and_no_edges() {
    let dir = common::scratch_dir("profdata-vertex");
    let naive = run_profiled(&dir, &build_profiled(&dir, "naive"), "30", "naive");
    let vertex = run_profiled(&dir, &build_profiled(&dir, "vertex"), "30", "vertex");
    let (naive_json, vertex_json) = (show_json(&naive, &[]), show_json(&vertex, &[]));
    assert_eq!(block_counts(&vertex_json), block_counts(&naive_json));
    for function in vertex_json["functions"].as_array().unwrap() {
        assert!(function.get("edges").is_none(), "{function}");
        let reference = naive_json["functions"].as_array().unwrap().iter().find(|f| f["name"] == function["name"]).unwrap();
        assert_eq!(function["entries"], reference["entries"]);
    }
    let text = String::from_utf8(profdata(&["show", path_str(&vertex)]).stdout).unwrap();
    assert!(text.contains("edges: not measured") && !text.contains(" -> block"), "{text}");
    let out = profdata(&["overlap", path_str(&naive), path_str(&vertex)]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("a vertex profile has no edge counts"), "{text}");
    let source = dir.join("overlap.c");
    let use_flag = format!("-fprofile-use={}", path_str(&vertex));
    let build = Command::new(common::nissecc()).args(["-O2", &use_flag, path_str(&source), "-o", path_str(&dir.join("use"))]).output().unwrap();
    let stderr = String::from_utf8_lossy(&build.stderr);
    assert!(!build.status.success() && stderr.contains("a vertex profile") && stderr.contains("needs edge counts"), "{stderr}");
}

/// Profiles of two inputs overlap partly, by exactly the weighted mean
/// of the per-function measures computed here from `show --json`.
#[test]
fn overlap_of_two_inputs_is_the_weighted_mean_of_the_functions() {
    let dir = common::scratch_dir("profdata-overlap-inputs");
    let exe = build_profiled(&dir, "naive");
    let a = run_profiled(&dir, &exe, "30", "thirty");
    let b = run_profiled(&dir, &exe, "1", "one");
    let (blocks_a, blocks_b) = (block_counts(&show_json(&a, &[])), block_counts(&show_json(&b, &[])));
    let (mut vertex, mut coverage, mut weights) = (0.0, 0.0, 0.0);
    for (name, fa) in &blocks_a {
        let fb = &blocks_b.iter().find(|(other, _)| other == name).unwrap().1;
        let (sa, sb) = (fa.iter().sum::<u64>() as f64, fb.iter().sum::<u64>() as f64);
        let overlap: f64 = match (sa > 0.0, sb > 0.0) {
            (true, true) => fa.iter().zip(fb).map(|(&x, &y)| (x as f64 / sa).min(y as f64 / sb)).sum(),
            (false, false) => 1.0,
            _ => 0.0,
        };
        let ran: Vec<bool> = fa.iter().map(|&x| x > 0).collect();
        let kept = fa.iter().zip(fb).filter(|&(&x, &y)| x > 0 && y > 0).count();
        let share = if ran.contains(&true) { kept as f64 / ran.iter().filter(|&&r| r).count() as f64 } else { 1.0 };
        vertex += sa * overlap;
        coverage += sa * share;
        weights += sa;
    }
    let (vertex, coverage) = (vertex / weights, coverage / weights);
    assert!(vertex < 1.0 && coverage < 1.0, "{vertex} {coverage}");

    let json: Value = serde_json::from_str(&overlap(&a, &b, &["--json"])).unwrap();
    let reported = json["total"]["vertex"].as_f64().unwrap();
    assert!((reported - vertex).abs() < 1e-9, "overlap says {reported}, the block counts {vertex}");
    assert!((json["total"]["coverage"].as_f64().unwrap() - coverage).abs() < 1e-9, "{json}");
    let text = overlap(&a, &b, &[]);
    let header = format!("total: vertex {:>6.2}%", vertex * 100.0);
    assert!(text.starts_with(&header), "expected `{header}` in: {text}");
    // The hottest function in A (the Collatz loop) comes first.
    assert!(text.lines().nth(1).unwrap().ends_with("collatz"), "{text}");

    // One function only.
    let one: Value = serde_json::from_str(&overlap(&a, &b, &["--json", "--function", "main"])).unwrap();
    assert_eq!(one["compared"], 1);
    assert_eq!(one["functions"][0]["name"], "main");
}

/// Functions in one profile only, or with another CFG, are listed and
/// not compared; bad profiles are one-line errors.
#[test]
fn overlap_lists_what_it_cannot_compare_and_rejects_bad_profiles() {
    let dir = common::scratch_dir("profdata-overlap-listed");
    let mut rebuilt = loop_function("g", Strategy::Ks, 1, 4);
    rebuilt.checksum = 7;
    let a = save(&dir, "a.nprof", vec![loop_function("f", Strategy::Naive, 2, 6), loop_function("g", Strategy::Naive, 1, 4), loop_function("old", Strategy::Ks, 1, 1)]);
    let b = save(&dir, "b.nprof", vec![loop_function("new", Strategy::Ks, 1, 1), rebuilt, loop_function("f", Strategy::Ks, 4, 12)]);
    let json: Value = serde_json::from_str(&overlap(&a, &b, &["--json"])).unwrap();
    assert_eq!(json["compared"], 1);
    assert_eq!((&json["only_in_a"], &json["only_in_b"]), (&serde_json::json!(["old"]), &serde_json::json!(["new"])));
    assert_eq!(json["different_cfg"], serde_json::json!([{ "name": "g", "reason": "CFG checksum 0x0000000000c0ffee in A, 0x0000000000000007 in B" }]));
    assert_eq!(json["total"]["vertex"], 1.0, "f doubled is f");
    let text = overlap(&a, &b, &[]);
    assert!(text.contains("(1 functions compared, weighted by their block counts in A; 1 only in A, 1 only in B, 1 with a different CFG)"), "{text}");
    assert!(text.contains("\nonly in A: old\nonly in B: new\ndifferent CFG: g: CFG checksum"), "{text}");

    // A function whose counts break flow conservation in one profile is
    // left out of both, with a warning, as `show` leaves it out.
    let mut broken = loop_function("f", Strategy::Naive, 4, 12);
    broken.counters[0] += 1;
    let c = save(&dir, "c.nprof", vec![broken, loop_function("old", Strategy::Naive, 1, 1)]);
    let out = profdata(&["overlap", path_str(&a), path_str(&c), "--json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.contains("warning") && stderr.contains("function `f`") && stderr.contains("inconsistent"), "{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((&json["compared"], &json["only_in_a"]), (&serde_json::json!(1), &serde_json::json!(["g"])));

    let missing = profdata(&["overlap", path_str(&a), path_str(&b), "--function", "nowhere"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("nissecc-profdata: error: no function `nowhere` in "));
    let truncated = dir.join("truncated.nprof");
    std::fs::write(&truncated, &std::fs::read(&a).unwrap()[..40]).unwrap();
    assert_fails_naming(&profdata(&["overlap", path_str(&a), path_str(&truncated)]), &truncated, "truncated at byte offset 40");
    assert_fails_naming(&profdata(&["overlap", path_str(&truncated), path_str(&b), "--json"]), &truncated, "truncated at byte offset 40");
    let absent = dir.join("absent.nprof");
    assert_fails_naming(&profdata(&["overlap", path_str(&absent), path_str(&b)]), &absent, "No such file");
}
