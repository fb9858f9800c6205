//! Combined profiles end to end (issue 19; Preuss, "Implementation of
//! Path Profiling in LLVM", §3.5): `nissecc-profdata merge --combined`
//! over real runs of an instrumented program, in every order and grouping;
//! `show --json` checked against statistics computed here from the runs'
//! own `show --json` counts; `-fprofile-use` of a combined profile; and
//! damaged combined profiles.

mod common;

use common::{profdata, show_json};
use nissecc_profile_format::{read_combined, write_combined};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A program whose branches lean differently with its argument.
const PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>

static int classify(int x) {
    if (x % 3 == 0)
        return 0;
    if (x % 5 == 0)
        return 1;
    return 2;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < n; i++)
        counts[classify(i * n + 1)]++;
    if (n > 50)
        printf("big\n");
    printf("%d %d %d\n", counts[0], counts[1], counts[2]);
    return 0;
}
"#;

/// The inputs of the training runs.
const INPUTS: [&str; 4] = ["5", "30", "77", "200"];

fn profdata_run(args: &[&str]) -> Output {
    Command::new(profdata()).args(args).output().expect("run nissecc-profdata")
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Builds [`PROGRAM`] in `dir` with `flags`.
fn build(dir: &Path, name: &str, flags: &[&str]) -> PathBuf {
    let source = dir.join("branches.c");
    std::fs::write(&source, PROGRAM).unwrap();
    let exe = dir.join(name);
    common::build_nissecc(&[source], &exe, flags).unwrap();
    exe
}

/// [`PROGRAM`] built with `flags` in a scratch directory of its own, and
/// the profile of each of its runs on [`INPUTS`], `runN.nprof`.
fn trained(test: &str, flags: &[&str]) -> (PathBuf, Vec<PathBuf>) {
    let dir = common::scratch_dir(test);
    let exe = build(&dir, "instrumented", flags);
    let runs = INPUTS
        .iter()
        .enumerate()
        .map(|(i, input)| {
            let profile = dir.join(format!("run{i}.nprof"));
            let out = Command::new(&exe).arg(input).env("NISSE_PROFILE_FILE", &profile).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            profile
        })
        .collect();
    (dir, runs)
}

/// `merge --combined -o OUT INPUTS`, which must succeed.
fn combine(out: &Path, inputs: &[&Path], extra: &[&str]) -> PathBuf {
    let mut args = vec!["merge", "--combined", "-o", s(out)];
    args.extend(extra);
    args.extend(inputs.iter().map(|p| s(p)));
    let result = profdata_run(&args);
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    out.to_path_buf()
}

fn json(profile: &Path) -> Value {
    serde_json::from_str(&show_json(profile).unwrap()).unwrap()
}

/// Whether two JSON documents are equal, numbers up to a relative 1e-9
/// (the means and variances are equal up to floating-point rounding
/// only); counts of runs, extremes and histograms compare exactly because
/// they are integers or exact.
fn assert_close(a: &Value, b: &Value, at: &str) {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            assert!((x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0), "{at}: {x} vs {y}");
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{at}");
            x.iter().zip(y).enumerate().for_each(|(i, (x, y))| assert_close(x, y, &format!("{at}[{i}]")));
        }
        (Value::Object(x), Value::Object(y)) => {
            assert_eq!(x.keys().collect::<Vec<_>>(), y.keys().collect::<Vec<_>>(), "{at}");
            x.iter().for_each(|(key, value)| assert_close(value, &y[key], &format!("{at}.{key}")));
        }
        _ => assert_eq!(a, b, "{at}"),
    }
}

/// The population mean and variance of `xs`, the two-pass way.
fn mean_variance(xs: &[f64]) -> (f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    (mean, xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64)
}

/// Checks `stats` (a summary in `show --json`) against the observations
/// `xs`.
fn assert_summarizes(stats: &Value, xs: &[f64], at: &str) {
    let (mean, variance) = mean_variance(xs);
    assert_eq!(stats["runs"].as_u64(), Some(xs.len() as u64), "{at}");
    assert_close(&stats["mean"], &Value::from(mean), &format!("{at} mean"));
    assert_close(&stats["variance"], &Value::from(variance), &format!("{at} variance"));
    // serde_json reads floats to within an ulp or so, not exactly.
    assert_close(&stats["min"], &Value::from(xs.iter().copied().fold(f64::MAX, f64::min)), &format!("{at} min"));
    assert_close(&stats["max"], &Value::from(xs.iter().copied().fold(0.0, f64::max)), &format!("{at} max"));
    // Every run falls into the bin that the histogram's grid puts it in.
    let (width, lower) = (stats["histogram"]["width"].as_f64().unwrap(), stats["histogram"]["lower"].as_f64().unwrap());
    let bins: Vec<u64> = stats["histogram"]["bins"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap()).collect();
    let mut expected = vec![0u64; bins.len()];
    for x in xs {
        expected[((x - lower) / width).floor() as usize] += 1;
    }
    assert_eq!(bins, expected, "{at}");
}

#[test]
fn combining_in_any_order_and_grouping_gives_the_same_statistics() {
    let (dir, runs) = trained("combined-order", &["-fprofile-instr=ks"]);
    let r: Vec<&Path> = runs.iter().map(PathBuf::as_path).collect();
    let at_once = combine(&dir.join("all.nprof"), &r, &[]);
    let ab = combine(&dir.join("ab.nprof"), &r[..2], &[]);
    let abc = combine(&dir.join("abc.nprof"), &[&ab, r[2]], &[]);
    let left = combine(&dir.join("left.nprof"), &[&abc, r[3]], &[]);
    let cd = combine(&dir.join("cd.nprof"), &[r[3], r[2]], &[]);
    let pairs = combine(&dir.join("pairs.nprof"), &[&cd, &ab], &[]);
    let bcd = combine(&dir.join("bcd.nprof"), &[r[1], &cd], &[]);
    let right = combine(&dir.join("right.nprof"), &[r[0], &bcd], &[]);
    let expected = json(&at_once);
    assert_eq!(expected["runs"], 4);
    for grouped in [&left, &pairs, &right] {
        assert_close(&json(grouped), &expected, s(grouped));
    }
    // A combined input's bin count is kept; a different one is refused,
    // and the existing output survives.
    let before = std::fs::read(&left).unwrap();
    let out = profdata_run(&["merge", "--combined", "--bins", "4", "-o", s(&left), s(&ab), s(r[2])]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bin counts differ (4 vs 15)"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(&left).unwrap(), before);
}

#[test]
fn show_json_statistics_match_those_of_the_runs() {
    for strategy in ["ks", "path"] {
        let (dir, runs) = trained(&format!("combined-show-{strategy}"), &[&format!("-fprofile-instr={strategy}")]);
        let r: Vec<&Path> = runs.iter().map(PathBuf::as_path).collect();
        let combined = json(&combine(&dir.join("all.nprof"), &r, &["--bins", "6"]));
        assert_eq!((combined["runs"].as_u64(), combined["bins"].as_u64()), (Some(4), Some(6)));
        let singles: Vec<Value> = runs.iter().map(|run| json(run)).collect();
        for function in combined["functions"].as_array().unwrap() {
            let name = function["name"].as_str().unwrap();
            let of = |run: &Value| run["functions"].as_array().unwrap().iter().find(|f| f["name"] == name).unwrap().clone();
            let single: Vec<Value> = singles.iter().map(of).collect();
            let observed = |field: &str, i: usize| -> Vec<f64> { single.iter().map(|f| f[field][i]["count"].as_f64().unwrap()).collect() };
            let entries: Vec<f64> = single.iter().map(|f| f["entries"].as_f64().unwrap()).collect();
            assert_summarizes(&function["entries"], &entries, &format!("{strategy} {name} entries"));
            for (i, block) in function["blocks"].as_array().unwrap().iter().enumerate() {
                assert_summarizes(&block["stats"], &observed("blocks", i), &format!("{strategy} {name} block{i}"));
            }
            for (i, edge) in function["edges"].as_array().unwrap().iter().enumerate() {
                assert_summarizes(&edge["stats"], &observed("edges", i), &format!("{strategy} {name} edge {i}"));
                // The share of the edge's block, in the runs where it ran.
                let from = edge["from"].as_u64().unwrap() as usize;
                let shares: Vec<f64> = single
                    .iter()
                    .filter(|f| f["blocks"][from]["count"].as_u64().unwrap() > 0)
                    .map(|f| f["edges"][i]["count"].as_f64().unwrap() / f["blocks"][from]["count"].as_f64().unwrap())
                    .collect();
                if !shares.is_empty() {
                    assert_summarizes(&edge["share"], &shares, &format!("{strategy} {name} edge {i} share"));
                }
            }
            // Every path that ran in some run, 0 in the runs it did not.
            let mut numbers: Vec<u64> =
                single.iter().flat_map(|f| f["paths"].as_array().into_iter().flatten().map(|p| p["number"].as_u64().unwrap())).collect();
            numbers.sort();
            numbers.dedup();
            let paths = function["paths"].as_array().unwrap();
            assert_eq!(paths.iter().map(|p| p["number"].as_u64().unwrap()).collect::<Vec<_>>(), numbers, "{strategy} {name}");
            assert_eq!(strategy == "path", !numbers.is_empty(), "{strategy} {name}");
            for (path, number) in paths.iter().zip(&numbers) {
                let counts: Vec<f64> = single
                    .iter()
                    .map(|f| f["paths"].as_array().unwrap().iter().find(|p| p["number"] == *number).map_or(0.0, |p| p["count"].as_f64().unwrap()))
                    .collect();
                assert_summarizes(&path["stats"], &counts, &format!("{strategy} {name} path {number}"));
            }
        }
    }
}

#[test]
fn show_prints_mean_and_deviation_and_the_hottest_histograms() {
    let (dir, runs) = trained("combined-text", &["-fprofile-instr=naive"]);
    let r: Vec<&Path> = runs.iter().map(PathBuf::as_path).collect();
    let combined = combine(&dir.join("all.nprof"), &r, &[]);
    let text = common::profdata_output(&["show", "--function", "main"], &combined).unwrap();
    let loop_header = json(&combined)["functions"].as_array().unwrap().iter().find(|f| f["name"] == "main").unwrap()["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["stats"].clone())
        .max_by(|a, b| a["mean"].as_f64().unwrap().total_cmp(&b["mean"].as_f64().unwrap()))
        .unwrap();
    let expected = format!("{:.1} ± {:.1} [", loop_header["mean"].as_f64().unwrap(), loop_header["std_dev"].as_f64().unwrap());
    assert!(text.starts_with("combined profile of 4 runs (15 histogram bins)"), "{text}");
    assert!(text.contains(&expected), "expected `{expected}` in:\n{text}");
    let histograms = text.split("histograms of the").nth(1).expect("a histogram section");
    // The hottest count's bins hold the 4 runs.
    let first: u64 = histograms
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("    ["))
        .map(|l| l.split(':').nth(1).unwrap().split_whitespace().next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(first, 4, "{text}");
}

#[test]
fn profile_use_takes_a_combined_profile() {
    let (dir, runs) = trained("combined-use", &["-O2", "-fprofile-instr=ks"]);
    let r: Vec<&Path> = runs.iter().map(PathBuf::as_path).collect();
    let combined = combine(&dir.join("all.nprof"), &r, &[]);
    let plain = build(&dir, "plain", &["-O2"]);
    for transforms in ["default", "default,stable"] {
        let used = build(&dir, "used", &["-O2", &format!("-fprofile-use={}", s(&combined)), &format!("-fprofile-use-transforms={transforms}")]);
        for input in INPUTS.iter().chain(&["1", "999"]) {
            let expected = common::run_program(&plain, &[input]).unwrap();
            let actual = common::run_program(&used, &[input]).unwrap();
            common::compare_runs(&format!("{transforms} on {input}"), &expected, &actual).unwrap();
        }
    }
    // The stats say how many branches the variance rule held back: the
    // loop's classification branches lean differently with the input.
    let source = dir.join("branches.c");
    let out = Command::new(common::nissecc())
        .args([
            "-O2",
            &format!("-fprofile-use={}", s(&combined)),
            "-fprofile-use-transforms=default,stable",
            "--stats=json",
            s(&source),
            "-o",
            s(&dir.join("stats")),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stats: Value = serde_json::from_slice(&out.stderr).unwrap();
    let held: u64 = stats["functions"].as_array().unwrap().iter().filter_map(|f| f["held"].as_u64()).sum();
    assert!(held > 0, "{stats}");
}

#[test]
fn damaged_combined_profiles_are_named_errors() {
    let (dir, runs) = trained("combined-damage", &["-fprofile-instr=ks"]);
    let combined = combine(&dir.join("all.nprof"), &[&runs[0], &runs[1]], &[]);
    let bytes = std::fs::read(&combined).unwrap();
    let mut broken = read_combined(&bytes).unwrap();
    let victim = broken.functions[0].name.clone();
    broken.functions[0].counts[1].moments.n = 3;
    let cases = [
        ("truncated.nprof", bytes[..bytes.len() - 20].to_vec(), "truncated".to_string()),
        (
            "flipped.nprof",
            {
                let mut b = bytes.clone();
                b[60] ^= 1;
                b
            },
            "checksum mismatch".to_string(),
        ),
        ("inconsistent.nprof", write_combined(&broken), format!("function `{victim}`: count 1: holds 3 runs of the profile's 2")),
    ];
    for (name, damaged, problem) in cases {
        let path = dir.join(name);
        std::fs::write(&path, damaged).unwrap();
        for args in [vec!["show", s(&path)], vec!["merge", "--combined", "-o", s(&dir.join("out.nprof")), s(&path)]] {
            let out = profdata_run(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{stderr}");
            assert!(stderr.contains(&format!("{}: ", path.display())) && stderr.contains(&problem), "expected `{problem}` in: {stderr}");
        }
        let source = dir.join("branches.c");
        let out = Command::new(common::nissecc()).args([&format!("-fprofile-use={}", s(&path)), s(&source), "-o", s(&dir.join("x"))]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(&problem), "expected `{problem}` in: {stderr}");
    }
    // Commands that read counts refuse a combined profile by name.
    let out = profdata_run(&["overlap", s(&runs[0]), s(&combined)]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("a combined profile"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!dir.join("out.nprof").exists());
}

#[test]
fn help_documents_combined_profiles() {
    let out = profdata_run(&["merge", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for option in ["--combined", "--bins <N>", "mean", "variance", "histogram"] {
        assert!(help.contains(option), "`{option}` missing from:\n{help}");
    }
}
