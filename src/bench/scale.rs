//! The scale tier (`nissecc-bench --tier scale`, issue 21): how compile
//! time and memory grow with the size of a program. It generates programs
//! of four shapes at three sizes, compiles each with nissecc `-O2` and
//! gcc `-O1` under GNU time (CPU time and peak resident memory), checks
//! that both builds print the same thing, and fits a growth exponent
//! (the slope of log cost against log size between the smallest and the
//! largest program; 1 is linear, 2 quadratic).
//!
//! The shapes are those that once made nissecc quadratic or worse: many
//! sequential `if`s in one function (if-conversion recomputed the CFG per
//! conversion), an `if`/`else if` chain (value numbering copied its tables
//! per dominator-tree child), many small functions (the verifier searched
//! the module per symbol), and `if (x % k == c) …; else …;` statements
//! on one `long`; and many loops in one function, each followed by a
//! guarded `printf` (loop rotation recomputed its analyses per rotation,
//! the backend's call-split liveness queries walked the function per
//! value, and SESE counter selection searched a list of one edge per
//! loop), and one `switch` of many cases (the backend's loop-exit copies
//! walked the function per block; gcc's `limits-caselabels` took 77 s).
//! Each program is also compiled with `-fprofile-instr=sese`, whose
//! counter selection is the instrumentation's costliest planning.

use super::options::Options;
use crate::programs::process::{read_usage_log, run_limited, usage_wrapper, Usage};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A generated program's shape.
#[derive(Clone, Copy, Debug)]
enum Shape {
    SequentialIfs,
    ElseIfChain,
    Functions,
    ModuloStatements,
    SequentialLoops,
    SwitchCases,
}

impl Shape {
    const ALL: [Shape; 6] = [
        Shape::SequentialIfs,
        Shape::ElseIfChain,
        Shape::Functions,
        Shape::ModuloStatements,
        Shape::SequentialLoops,
        Shape::SwitchCases,
    ];

    fn name(self) -> &'static str {
        match self {
            Shape::SequentialIfs => "sequential ifs",
            Shape::ElseIfChain => "else-if chain",
            Shape::Functions => "functions",
            Shape::ModuloStatements => "x % k statements",
            Shape::SequentialLoops => "sequential loops",
            Shape::SwitchCases => "switch cases",
        }
    }

    fn file_stem(self) -> &'static str {
        match self {
            Shape::SequentialIfs => "ifs",
            Shape::ElseIfChain => "chain",
            Shape::Functions => "functions",
            Shape::ModuloStatements => "modulo",
            Shape::SequentialLoops => "loops",
            Shape::SwitchCases => "switch",
        }
    }

    /// The C source of the program of size `n`; it prints one number
    /// that depends on every statement.
    fn source(self, n: usize) -> String {
        let mut out = String::from("#include <stdio.h>\n");
        match self {
            Shape::SequentialIfs => {
                out += "int main(int argc, char **argv) {\n    int x = argc;\n";
                for i in 0..n {
                    let _ = writeln!(out, "    if (x > {i}) x += {};", i % 7);
                }
                out += "    printf(\"%d\\n\", x);\n    return 0;\n}\n";
            }
            Shape::ElseIfChain => {
                out += "int main(int argc, char **argv) {\n    int x = argc + 5, y = 0;\n    if (x == -1) y = 1;\n";
                for i in 0..n {
                    let _ = writeln!(out, "    else if (x == {i}) y = {};", i * 3);
                }
                out += "    printf(\"%d\\n\", y);\n    return 0;\n}\n";
            }
            Shape::Functions => {
                for i in 0..n {
                    let _ = writeln!(out, "static int f{i}(int x) {{ return x * {i} + 1; }}");
                }
                out += "int main(int argc, char **argv) {\n    int s = 0;\n";
                for i in 0..n {
                    let _ = writeln!(out, "    s += f{i}(argc);");
                }
                out += "    printf(\"%d\\n\", s);\n    return 0;\n}\n";
            }
            Shape::ModuloStatements => {
                out += "int main(int argc, char **argv) {\n    long x = argc;\n";
                for i in 0..n {
                    let _ = writeln!(out, "    if (x % {} == {}) x = x * 3 + {i}; else x = x - {};", i % 13 + 2, i % 2, i % 5);
                }
                out += "    printf(\"%ld\\n\", x);\n    return 0;\n}\n";
            }
            Shape::SequentialLoops => {
                out += "int a[16];\nint main(int argc, char **argv) {\n    int s = 0, n = argc + 9;\n";
                out += "    for (int i = 0; i < 16; i++) a[i] = i * argc;\n";
                for i in 0..n {
                    let _ = writeln!(out, "    for (int i = 0; i < n; i++) s += a[(i + {i}) % 16] * {};", i % 11 + 1);
                    let _ = writeln!(out, "    if (s % 1000 == {}) printf(\"%d\\n\", s);", i % 1000);
                }
                out += "    printf(\"%d\\n\", s);\n    return 0;\n}\n";
            }
            Shape::SwitchCases => {
                out += "static int pick(long x) {\n    switch (x) {\n";
                for i in 0..n {
                    let _ = writeln!(out, "    case {}: return {};", i * 3, i % 17);
                }
                out += "    default: return -1;\n    }\n}\n";
                out += "int main(int argc, char **argv) {\n    long s = 0;\n";
                let _ = writeln!(out, "    for (long x = 0; x < {}; x += argc) s += pick(x);", n * 3 + 5);
                out += "    printf(\"%ld\\n\", s);\n    return 0;\n}\n";
            }
        }
        out
    }
}

/// One compile of one generated program.
struct Measured {
    usage: Usage,
    binary: PathBuf,
}

/// Compiles `source` with `compiler` and `flags` into `binary` under GNU
/// time.
fn compile(compiler: &str, flags: &[&str], source: &Path, binary: &Path, log: &Path) -> Result<Measured, String> {
    let _ = std::fs::remove_file(log);
    let wrapper = usage_wrapper(log).ok_or("GNU time (/usr/bin/time) is not installed")?;
    let mut command = Command::new(&wrapper[0]);
    command.args(&wrapper[1..]).arg(compiler).args(flags).arg(source).arg("-o").arg(binary);
    let what = format!("{compiler} {}", source.display());
    let output = run_limited(command, None, Duration::from_secs(1800), &what)?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!("{what} failed: {}", stderr.lines().take(3).collect::<Vec<_>>().join("; ")));
    }
    let usage = read_usage_log(log).ok_or_else(|| format!("{what}: GNU time logged nothing"))?;
    Ok(Measured { usage, binary: binary.to_path_buf() })
}

/// What a built program prints; an instrumented one writes its profile
/// to `profile`.
fn run_output(binary: &Path, profile: &Path) -> Result<Vec<u8>, String> {
    let what = binary.display().to_string();
    let mut command = Command::new(binary);
    command.env("NISSE_PROFILE_FILE", profile);
    let output = run_limited(command, None, Duration::from_secs(60), &what)?;
    if !output.status.success() {
        return Err(format!("{what} exited with {}", output.status));
    }
    Ok(output.stdout)
}

/// The slope of log `cost` against log `size` between two points.
fn growth_exponent((n0, c0): (usize, f64), (n1, c1): (usize, f64)) -> f64 {
    (c1.max(1e-3) / c0.max(1e-3)).ln() / (n1 as f64 / n0 as f64).ln()
}

/// Runs the tier: every shape at every size, nissecc and gcc side by side;
/// writes `scale.md` to the output directory and prints it. Fails when a
/// build fails or the two builds of a program print different things.
pub fn run(options: &Options) -> Result<(), String> {
    let sizes: [usize; 3] = if options.quick { [250, 500, 1000] } else { [1000, 5000, 20000] };
    let nissecc = super::toolchain::Toolchain::discover()?.nissecc.display().to_string();
    let scratch = options.out.join("scale");
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let log = scratch.join("usage.log");
    let mut table = String::from("## nissecc-bench: scale tier\n\nCompile CPU time (s) and peak resident memory (MiB) of generated programs, by nissecc -O2, nissecc -O2 -fprofile-instr=sese and gcc -O1; growth exponents fitted between the smallest and the largest size.\n\n| shape | size | nissecc -O2 s | MiB | sese s | MiB | gcc -O1 s | MiB |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    let mut exponents = String::from("\n| shape | nissecc time exponent | memory exponent | sese time exponent | memory exponent | gcc -O1 time exponent | memory exponent |\n|---|---:|---:|---:|---:|---:|---:|\n");
    let mut failures = Vec::new();
    let builds: [(&str, &[&str], &str); 3] =
        [(&nissecc, &["-O2"], "nissecc"), (&nissecc, &["-O2", "-fprofile-instr=sese"], "sese"), ("gcc", &["-O1"], "gcc")];
    for shape in Shape::ALL {
        let mut points: Vec<(usize, Vec<Usage>)> = Vec::new();
        for &n in &sizes {
            eprintln!("nissecc-bench: scale: {} × {n}", shape.name());
            let stem = format!("{}-{n}", shape.file_stem());
            let source = scratch.join(format!("{stem}.c"));
            std::fs::write(&source, shape.source(n)).map_err(|e| format!("{}: {e}", source.display()))?;
            let measured: Result<Vec<Measured>, String> = builds
                .iter()
                .map(|&(compiler, flags, name)| compile(compiler, flags, &source, &scratch.join(format!("{stem}.{name}")), &log))
                .collect();
            let measured = match measured {
                Ok(measured) => measured,
                Err(e) => {
                    failures.push(e);
                    continue;
                }
            };
            let profile = scratch.join(format!("{stem}.nprof"));
            let outputs: Result<Vec<Vec<u8>>, String> = measured.iter().map(|m| run_output(&m.binary, &profile)).collect();
            match outputs {
                Ok(outputs) => {
                    let reference = outputs.last().expect("gcc's build runs last");
                    for ((_, _, name), output) in builds.iter().zip(&outputs) {
                        if output != reference {
                            failures.push(format!("{} × {n}: the {name} build prints something else than gcc's", shape.name()));
                        }
                    }
                }
                Err(e) => failures.push(e),
            }
            let mib = |u: &Usage| u.peak_rss_kib as f64 / 1024.0;
            let _ = write!(table, "| {} | {n} |", shape.name());
            for m in &measured {
                let _ = write!(table, " {:.2} | {:.1} |", m.usage.cpu.as_secs_f64(), mib(&m.usage));
            }
            table.push('\n');
            points.push((n, measured.into_iter().map(|m| m.usage).collect()));
        }
        if let (Some(first), Some(last)) = (points.first(), points.last()) {
            if points.len() > 1 {
                let exponent = |f: &dyn Fn(&Usage) -> f64, i: usize| growth_exponent((first.0, f(&first.1[i])), (last.0, f(&last.1[i])));
                let _ = write!(exponents, "| {} |", shape.name());
                for i in 0..builds.len() {
                    let _ = write!(
                        exponents,
                        " {:.2} | {:.2} |",
                        exponent(&|u| u.cpu.as_secs_f64(), i),
                        exponent(&|u| u.peak_rss_kib as f64, i)
                    );
                }
                exponents.push('\n');
            }
        }
    }
    table += &exponents;
    let report = options.out.join("scale.md");
    std::fs::write(&report, &table).map_err(|e| format!("{}: {e}", report.display()))?;
    println!("{table}");
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_of_linear_and_quadratic_growth() {
        assert!((growth_exponent((1000, 1.0), (20000, 20.0)) - 1.0).abs() < 1e-9);
        assert!((growth_exponent((1000, 1.0), (20000, 400.0)) - 2.0).abs() < 1e-9);
    }
}
