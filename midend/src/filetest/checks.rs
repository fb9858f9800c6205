//! Matching `; check:`, `; nextln:` and `; not:` lines against a test's
//! output, FileCheck style, and the precise-output mode that `bless`
//! rewrites.

/// The kinds of check line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Directive {
    /// `; check:` matches a later line than the previous match.
    Check,
    /// `; nextln:` matches the line right after the previous match.
    NextLn,
    /// `; not:` matches no line between the matches around it.
    Not,
}

/// One check line of a filetest.
pub(super) struct Check<'a> {
    pub directive: Directive,
    /// The text after the directive's colon, untrimmed.
    pub pattern: &'a str,
    /// The line of the filetest it is on.
    pub line: usize,
}

/// Collapses every run of whitespace to one space and trims the ends.
fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn with_output(message: String, output: &str) -> String {
    format!("{message}\n---- output ----\n{output}----")
}

/// Matches the check lines in order against the lines of `output`.
pub(super) fn check(output: &str, checks: &[Check]) -> Result<(), String> {
    let lines: Vec<String> = output.lines().map(normalize).collect();
    // The first line the next check may match, and the pending `not:`s.
    let mut cursor = 0;
    let mut nots: Vec<&Check> = Vec::new();
    let no_nots_in = |nots: &[&Check], range: std::ops::Range<usize>| -> Result<(), String> {
        for not in nots {
            let pattern = normalize(not.pattern);
            if let Some(i) = range.clone().find(|&i| lines[i].contains(&pattern)) {
                let message = format!(
                    "line {}: `; not: {pattern}` matches output line {}",
                    not.line,
                    i + 1
                );
                return Err(with_output(message, output));
            }
        }
        Ok(())
    };
    for check in checks {
        let pattern = normalize(check.pattern);
        let found = match check.directive {
            Directive::Not => {
                nots.push(check);
                continue;
            }
            Directive::Check => (cursor..lines.len()).find(|&i| lines[i].contains(&pattern)),
            Directive::NextLn => {
                Some(cursor).filter(|&i| i < lines.len() && lines[i].contains(&pattern))
            }
        };
        let Some(i) = found else {
            let (name, place) = match check.directive {
                Directive::NextLn => ("nextln", format!("on output line {}", cursor + 1)),
                _ => ("check", format!("from output line {} on", cursor + 1)),
            };
            let message = format!(
                "line {}: `; {name}: {pattern}` not found {place}",
                check.line
            );
            return Err(with_output(message, output));
        };
        no_nots_in(&nots, cursor..i)?;
        nots.clear();
        cursor = i + 1;
    }
    no_nots_in(&nots, cursor..lines.len())
}

/// Requires the check lines to be exactly the non-blank output lines.
pub(super) fn check_precise(output: &str, checks: &[Check]) -> Result<(), String> {
    if let Some(other) = checks.iter().find(|c| c.directive != Directive::Check) {
        return Err(format!(
            "line {}: precise-output files take only `; check:` lines",
            other.line
        ));
    }
    let actual: Vec<String> = output
        .lines()
        .map(normalize)
        .filter(|l| !l.is_empty())
        .collect();
    let expected: Vec<String> = checks
        .iter()
        .map(|c| normalize(c.pattern))
        .filter(|l| !l.is_empty())
        .collect();
    if actual == expected {
        return Ok(());
    }
    let i = actual
        .iter()
        .zip(&expected)
        .take_while(|(a, e)| a == e)
        .count();
    let show = |lines: &[String]| {
        lines
            .get(i)
            .map_or("(nothing)".to_string(), |l| format!("`{l}`"))
    };
    let message = format!(
        "precise output differs at its line {}: expected {}, found {}",
        i + 1,
        show(&expected),
        show(&actual)
    );
    Err(with_output(message, output))
}

/// The filetest `text` with its check lines replaced by `output`, where the
/// first check line was, or at the end of the file.
pub(super) fn bless(text: &str, checks: &[Check], output: &str) -> String {
    let block: Vec<String> = output
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("; check: {}", l.trim_end()))
        .collect();
    let check_lines: Vec<usize> = checks.iter().map(|c| c.line).collect();
    let mut lines: Vec<String> = Vec::new();
    let mut inserted = false;
    for (index, line) in text.lines().enumerate() {
        if check_lines.contains(&(index + 1)) {
            if !inserted {
                lines.extend(block.iter().cloned());
                inserted = true;
            }
        } else {
            lines.push(line.to_string());
        }
    }
    if !inserted {
        if lines.last().is_some_and(|l| !l.trim().is_empty()) {
            lines.push(String::new());
        }
        lines.extend(block);
    }
    lines.join("\n") + "\n"
}
