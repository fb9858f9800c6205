//! The DejaGnu directives of GCC's `gcc.dg` tests (`/* { dg-do run } */`,
//! `dg-options`, `dg-require-effective-target`…), read as far as a suite
//! run against gcc on x86-64 Linux needs: whether a test is a program to
//! run here, and with which flags. A test is left out when it is not a
//! `dg-do run` test, when it runs only on other targets, when it needs
//! another source file, or when it requires a target feature not listed
//! in [`HONOURED`]; options for other targets are dropped.

use std::path::Path;

/// The effective-target keywords (GCC's `target-supports.exp`) that are
/// true for gcc 12 on x86-64 Linux with glibc, and the target triples'
/// patterns that match it.
const HONOURED: &[&str] = &[
    "int32plus", "lp64", "size32plus", "stdint_types", "int128", "alloca", "sse_runtime", "sse2_runtime", "indirect_jumps",
    "trampolines", "inf", "large_double", "fenv", "fenv_exceptions", "mempcpy", "trapping", "scheduling", "nonpic",
    "float16_runtime", "float32_runtime", "float64_runtime", "float32x_runtime", "float64x_runtime", "float128_runtime",
    "__float128", "base_quadfloat_support", "floatn_nx_runtime", "*-*-*", "*-*-linux*", "*-*-gnu*", "*-*-*gnu*",
    "x86_64-*-*", "i?86-*-*", "x86_64-*-linux*", "i?86-*-linux*", "x86_64-*-*gnu*", "i?86-*-*gnu*",
];

/// Requirements other than effective targets that hold on Linux.
const HONOURED_REQUIREMENTS: &[&str] = &["dg-require-weak", "dg-require-alias", "dg-require-visibility", "dg-require-fork"];

/// The flags to build `path` with, if it is a test to run here.
pub fn run_test_flags(path: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut flags = Vec::new();
    let mut runs = false;
    for (name, rest) in directives(&text) {
        match name {
            "dg-do" => {
                let mut words = rest.split_whitespace();
                runs = words.next() == Some("run") && selector(rest).map_or(true, holds);
            }
            "dg-additional-sources" | "dg-xfail-run-if" => return None,
            "dg-require-effective-target" => {
                let keyword = rest.split_whitespace().next().unwrap_or("");
                if !HONOURED.contains(&keyword) && selector(rest).map_or(true, holds) {
                    return None;
                }
            }
            "dg-skip-if" => {
                // `{ "why" { targets } … }`: skipped here unless the
                // targets are only others.
                let after_reason = rest.splitn(3, '"').nth(2).unwrap_or(rest);
                if other_targets_only(after_reason).is_none() {
                    return None;
                }
            }
            "dg-options" | "dg-additional-options" => {
                let Some(options) = rest.split('"').nth(1) else { continue };
                if selector(rest).map_or(true, holds) {
                    flags.extend(options.split_whitespace().map(str::to_string));
                }
            }
            other if other.starts_with("dg-require-") && !HONOURED_REQUIREMENTS.contains(&other) => return None,
            _ => {}
        }
    }
    runs.then_some(flags)
}

/// The directives of `text`: each `{ dg-name rest }` in a comment, as
/// (name, rest).
fn directives(text: &str) -> Vec<(&str, &str)> {
    text.lines()
        .filter_map(|line| {
            let start = line.find("{ dg-")? + 2;
            let body = line[start..].trim_end().trim_end_matches("*/").trim_end().strip_suffix('}')?.trim_end();
            let (name, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
            Some((name, rest.trim()))
        })
        .collect()
}

/// The target selector of a directive's operands, `{ target SELECTOR }`.
fn selector(rest: &str) -> Option<&str> {
    let at = rest.find("{ target ")? + "{ target ".len();
    Some(rest[at..].trim_end().trim_end_matches('}').trim())
}

/// Whether a selector holds here: a plain list of keywords and triples,
/// one of them honoured. A compound selector (`!`, `&&`, `||`) is taken
/// not to hold, which leaves its test or option out.
fn holds(selector: &str) -> bool {
    let words: Vec<&str> = selector.split(|c: char| c.is_whitespace() || c == '{' || c == '}').filter(|w| !w.is_empty()).collect();
    !words.iter().any(|w| ["!", "&&", "||"].contains(w)) && words.iter().any(|w| HONOURED.contains(&w.trim_matches('"')))
}

/// `Some(())` when a skip's operands name only other targets: a plain
/// selector of triples or keywords, none of which holds here.
fn other_targets_only(operands: &str) -> Option<()> {
    let first = operands.trim_start();
    let selector = match first.strip_prefix('{') {
        Some(inner) => &inner[..inner.find('}')?],
        None => first.split_whitespace().next()?,
    };
    (!selector.contains('!') && !holds(selector)).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_run_tests_and_their_options() {
        let text = "/* { dg-do run } */\n/* { dg-options \"-std=c99 -fwrapv\" } */\n/* { dg-options \"-mfoo\" { target arm*-*-* } } */\n";
        let flags: Vec<_> = directives(text).into_iter().map(|(n, _)| n).collect();
        assert_eq!(flags, ["dg-do", "dg-options", "dg-options"]);
        assert_eq!(selector("\"-mfoo\" { target arm*-*-* }"), Some("arm*-*-*"));
        assert!(holds("i?86-*-* x86_64-*-*") && !holds("arm*-*-*") && !holds("{ ! ia32 }"));
        assert!(other_targets_only(" { powerpc-ibm-aix* } } ").is_some());
        assert!(other_targets_only(" { *-*-* } { \"-O0\" } { \"\" } ").is_none());
    }
}
