//! The two oracles every benchmark run must pass: each build prints what
//! `gcc -O1` prints and ends the same way, and each profiling strategy's
//! reconstructed profile equals the naive profile (Ball & Larus, TOPLAS
//! 1994, §3.2: counters on the chords of a spanning tree determine every
//! edge count exactly, so any difference is a bug).

use super::process::{run_checked, RunResult};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The first difference between the reference run and another run, or
/// `None` when they agree.
pub fn run_difference(reference: &RunResult, actual: &RunResult) -> Option<String> {
    if reference == actual {
        return None;
    }
    let expected = String::from_utf8_lossy(&reference.stdout);
    let got = String::from_utf8_lossy(&actual.stdout);
    let line = expected.lines().zip(got.lines()).position(|(a, b)| a != b);
    let detail = match line {
        Some(i) => format!(
            "first differing line {}: expected `{}`, got `{}`",
            i + 1,
            expected.lines().nth(i).unwrap_or(""),
            got.lines().nth(i).unwrap_or("")
        ),
        None if expected != got => format!("expected {} lines of output, got {}", expected.lines().count(), got.lines().count()),
        None => "same output".to_string(),
    };
    Some(format!("exit status expected {:?}, got {:?}; {detail}", reference.status, actual.status))
}

/// The name of the path-profiling strategy, whose profile holds path
/// counts rather than edge counts.
pub const PATH_STRATEGY: &str = "path";

/// The edge and block counts of `profile`, as the JSON document that
/// `nissecc-profdata show --json` prints, for comparison with the naive
/// profile.
///
/// A path profile (strategy [`PATH_STRATEGY`], Ball & Larus, "Efficient
/// Path Profiling", MICRO 1996) stores path counts; `nissecc-profdata
/// derive-edges` turns them into edge counts in the same JSON shape, which
/// is the path-to-edge verifier of Preuss's "Path profiling in LLVM"
/// §4.2.2. Every other strategy's profile is read with `show --json`.
pub fn profile_counts(profdata: &Path, strategy: &str, profile: &Path) -> Result<Value, String> {
    let mut command = Command::new(profdata);
    if strategy == PATH_STRATEGY {
        command.arg("derive-edges").arg(profile);
    } else {
        command.arg("show").arg("--json").arg(profile);
    }
    let what = format!("nissecc-profdata on the {strategy} profile {}", profile.display());
    let (output, _) = run_checked(command, Duration::from_secs(60), &what)?;
    // `show` leaves out a function whose counts are inconsistent, saying
    // so only here: the oracle must not compare what is left.
    if !output.stderr.is_empty() {
        return Err(format!("{what}: {}", String::from_utf8_lossy(&output.stderr).trim_end()));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| format!("{what}: invalid JSON: {e}"))
}

/// A function of a `show --json` document: its name and its fields.
type NamedFunction = (String, serde_json::Map<String, Value>);

/// The name of the vertex-profiling strategy, whose profile holds block
/// counts but no edge counts.
pub const VERTEX_STRATEGY: &str = "vertex";

/// The first difference between the naive profile and another strategy's
/// (both as `show --json` documents), or `None` when they agree.
///
/// Functions are matched by name. Every field the other profile has for a
/// function must equal the naive value, and it must have at least the
/// edges, unless `strategy` is the vertex strategy, which measures blocks
/// only; a derived path profile may leave out what paths cannot tell
/// (such as the checksum), while `show --json` of an edge strategy has
/// every field, so it is compared in full.
pub fn profile_difference(naive: &Value, strategy: &str, other: &Value) -> Option<String> {
    let functions = |doc: &Value| -> Result<Vec<NamedFunction>, String> {
        let list = doc.get("functions").and_then(Value::as_array).ok_or("no \"functions\" list")?;
        list.iter()
            .map(|f| {
                let object = f.as_object().ok_or("a function is not an object")?;
                let name = object.get("name").and_then(Value::as_str).ok_or("a function has no name")?;
                Ok((name.to_string(), object.clone()))
            })
            .collect()
    };
    let naive = match functions(naive) {
        Ok(f) => f,
        Err(e) => return Some(format!("naive profile: {e}")),
    };
    let other = match functions(other) {
        Ok(f) => f,
        Err(e) => return Some(format!("profile: {e}")),
    };
    let names = |fs: &[NamedFunction]| {
        let mut names: Vec<String> = fs.iter().map(|(n, _)| n.clone()).collect();
        names.sort();
        names
    };
    if names(&naive) != names(&other) {
        return Some(format!("functions differ: naive has {:?}, this profile {:?}", names(&naive), names(&other)));
    }
    for (name, fields) in &other {
        let reference = &naive.iter().find(|(n, _)| n == name).expect("same names").1;
        let needed = if strategy == VERTEX_STRATEGY { "blocks" } else { "edges" };
        if !fields.contains_key(needed) {
            return Some(format!("function {name}: no {needed} counts"));
        }
        for (key, value) in fields {
            match reference.get(key) {
                Some(expected) if expected == value => {}
                Some(expected) => return Some(format!("function {name}: {key} differ: naive {expected}, this profile {value}")),
                None => return Some(format!("function {name}: unexpected field {key}")),
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(stdout: &str, status: i32) -> RunResult {
        RunResult { stdout: stdout.as_bytes().to_vec(), status: Some(status) }
    }

    #[test]
    fn equal_runs_agree() {
        assert_eq!(run_difference(&run("a\nb\n", 0), &run("a\nb\n", 0)), None);
    }

    #[test]
    fn a_differing_line_is_named() {
        let difference = run_difference(&run("a\nb\n", 0), &run("a\nc\n", 0)).expect("a difference");
        assert!(difference.contains("line 2") && difference.contains("`b`") && difference.contains("`c`"), "{difference}");
    }

    #[test]
    fn missing_output_and_exit_status_are_reported() {
        let shorter = run_difference(&run("a\nb\n", 0), &run("a\n", 0)).expect("a difference");
        assert!(shorter.contains("2 lines") && shorter.contains("got 1"), "{shorter}");
        let status = run_difference(&run("a\n", 0), &run("a\n", 3)).expect("a difference");
        assert!(status.contains("expected Some(0), got Some(3)"), "{status}");
        let signal = run_difference(&run("a\n", 0), &RunResult { stdout: b"a\n".to_vec(), status: None }).expect("a difference");
        assert!(signal.contains("got None"), "{signal}");
    }

    fn profile(edge_count: u64) -> Value {
        json!({"functions": [{
            "name": "main", "checksum": 7, "entries": 1,
            "blocks": [{"id": 0, "count": 1}, {"id": 1, "count": edge_count}],
            "edges": [{"from": 0, "to": 1, "count": edge_count}],
            "early_exits": []
        }]})
    }

    #[test]
    fn equal_profiles_agree() {
        assert_eq!(profile_difference(&profile(5), "ks", &profile(5)), None);
    }

    #[test]
    fn a_differing_count_is_reported() {
        let difference = profile_difference(&profile(5), "ks", &profile(6)).expect("a difference");
        assert!(difference.contains("function main") && difference.contains("differ"), "{difference}");
    }

    #[test]
    fn a_missing_function_is_reported() {
        let difference = profile_difference(&profile(5), "ks", &json!({"functions": []})).expect("a difference");
        assert!(difference.contains("functions differ"), "{difference}");
    }

    #[test]
    fn a_derived_edge_profile_is_compared_on_the_fields_it_has() {
        let derived = |count: u64| json!({"functions": [{"name": "main", "edges": [{"from": 0, "to": 1, "count": count}]}]});
        assert_eq!(profile_difference(&profile(5), "ks", &derived(5)), None);
        assert!(profile_difference(&profile(5), "ks", &derived(4)).is_some());
        let no_edges = json!({"functions": [{"name": "main"}]});
        assert!(profile_difference(&profile(5), "ks", &no_edges).expect("a difference").contains("no edges counts"));
    }

    #[test]
    fn a_vertex_profile_is_compared_without_edges() {
        let vertex = |count: u64| {
            let mut doc = profile(count);
            doc["functions"][0].as_object_mut().expect("an object").remove("edges");
            doc
        };
        assert_eq!(profile_difference(&profile(5), VERTEX_STRATEGY, &vertex(5)), None);
        assert!(profile_difference(&profile(5), VERTEX_STRATEGY, &vertex(4)).is_some());
        let no_blocks = json!({"functions": [{"name": "main"}]});
        assert!(profile_difference(&profile(5), VERTEX_STRATEGY, &no_blocks).expect("a difference").contains("no blocks counts"));
    }
}
