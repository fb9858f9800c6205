//! The csmith oracle: fixed seeds of the `basic`, `structs` and `unions` profiles of
//! `scripts/csmith.sh`, whose random programs nissecc builds at `-O0` and
//! `-O2`, must print the same checksum and exit with the same status as
//! gcc's build. The script does the generating, building, running and
//! classifying; this test runs it on the seeds below and fails on a wrong
//! output, an internal compiler error, a crash, a timeout or any other
//! compile error. It also fails if csmith is not installed, since CI runs
//! `scripts/setup.sh` first. A few more seeds of each profile run in the
//! script's `--pgo` mode too, which adds naive and sese profiles that must
//! be equal and `-fprofile-use` builds (default and all transforms) that
//! must print what gcc's build prints.

mod common;

use common::*;
use std::process::Command;

/// The seeds of each profile: fixed, so that a failure here is a
/// regression. They are the first 35 seeds of `basic` and `structs` that
/// passed in the first campaign (seeds 1 to 150 of each) and the first 21
/// of `unions` (unions and bit-fields) that passed in the campaign over
/// seeds 1001 to 1500; the gaps are seeds whose gcc binaries run past the
/// script's time limit. Each remaining program runs in well under a second.
const CAMPAIGNS: [(&str, &str); 3] = [("basic", "1-19,21-35,37"), ("structs", "1,3-36"), ("unions", "1001,1003-1022")];

/// The seeds of each profile that also run with `--pgo`: the first six
/// that passed in the first `--pgo` campaign (seeds 20001 to 20150 of each
/// profile, docs/conformance.md); the gaps are seeds whose gcc binaries
/// run past the time limit. Each seed costs six nissecc builds and runs,
/// about 45 seconds of CPU time for the eighteen.
const PGO_CAMPAIGNS: [(&str, &str); 3] = [("basic", "20001-20006"), ("structs", "20001,20003-20007"), ("unions", "20002-20005,20007-20008")];

/// The counts in the script's summary line
/// (`csmith PROFILE [--pgo] seeds SPEC: pass N, skip N, ...`), by category.
fn summary_counts(stdout: &str) -> Vec<(String, usize)> {
    let summary = stdout.lines().last().unwrap_or("");
    let counts = summary.split_once(": ").map_or("", |(_, counts)| counts);
    counts
        .split(", ")
        .filter_map(|item| {
            let (category, count) = item.rsplit_once(' ')?;
            Some((category.to_string(), count.parse().ok()?))
        })
        .collect()
}

#[test]
fn csmith_programs_match_gcc() {
    let installed = Command::new("csmith").arg("--version").output().is_ok_and(|out| out.status.success());
    assert!(installed, "csmith is not installed: run scripts/setup.sh (it installs Debian's csmith and libcsmith-dev)");
    let keep = scratch_dir("csmith");
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).to_string();
    let mut failures = Vec::new();
    let campaigns = CAMPAIGNS.iter().map(|&(profile, seeds)| (profile, seeds, &[][..])).chain(PGO_CAMPAIGNS.iter().map(|&(profile, seeds)| (profile, seeds, &["--pgo"][..])));
    for (profile, seeds, mode) in campaigns {
        let out = Command::new("bash")
            .arg(project_root().join("scripts/csmith.sh"))
            .args(["--seeds", seeds, "--profile", profile, "--jobs", &jobs, "--nissecc", nissecc()])
            .args(mode)
            .arg("--keep")
            .arg(&keep)
            .output()
            .expect("run scripts/csmith.sh");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let report = format!("{} seeds {seeds}:\n{stdout}{}", [&[profile][..], mode].concat().join(" "), String::from_utf8_lossy(&out.stderr));
        let counts = summary_counts(&stdout);
        let count = |category: &str| counts.iter().find(|(c, _)| c == category).map_or(0, |&(_, n)| n);
        let total: usize = counts.iter().map(|&(_, n)| n).sum();
        if !out.status.success() {
            failures.push(report);
        } else if count("unsupported") > 0 {
            // Every seed compiled when it was chosen, so an `unsupported:`
            // error now means that a feature regressed.
            failures.push(format!("{report}(every seed here compiled when it was chosen)"));
        } else if total == 0 || count("pass") * 2 < total {
            // Mostly skipped seeds mean the oracle itself is broken.
            failures.push(format!("{report}(fewer than half of the seeds passed)"));
        }
    }
    assert!(failures.is_empty(), "csmith programs differ from gcc (programs kept in {}):\n{}", keep.display(), failures.join("\n"));
}
