//! Deterministic measurement under valgrind's callgrind: the dynamic
//! instruction count (callgrind's `summary` of `Ir`, the paper's "x86
//! instrs. fetched", Frenot & Pereira, CC'24, §4.1 and Figure 13) and the
//! set of distinct instruction addresses executed inside the kernel's own
//! functions (the paper's "different x86 instrs. fetched", §4.3), with
//! the instructions executed there.
//!
//! With `--dump-instr=yes` callgrind writes one cost line per executed
//! instruction; this module reads that file format (positions, name
//! compression and relative subpositions, as valgrind's
//! `docs/callgrind-format` describes it).

use super::own_functions::OwnFunctions;
use super::process::run_with_limit;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// What one run under callgrind measured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Measurement {
    /// Every instruction executed, the program's start-up and libc included.
    pub instructions: u64,
    /// The instructions executed in the functions asked for (see
    /// [`measure`]): the kernel's own code, without start-up, libc or the
    /// profiling runtime's work at exit.
    pub own_instructions: u64,
    /// The addresses of the instructions executed in those functions.
    pub addresses: HashSet<u64>,
}

/// How long one run under valgrind may take.
const VALGRIND_LIMIT: Duration = Duration::from_secs(900);

/// Runs `exe input` under callgrind with the extra environment `env`, and
/// returns its instruction count and the addresses executed in
/// `functions`.
pub fn measure(exe: &Path, input: &str, env: &[(String, String)], functions: &OwnFunctions, scratch: &Path) -> Result<Measurement, String> {
    let out_file = scratch.join(format!("callgrind.{}.{input}.out", exe.file_name().unwrap_or_default().to_string_lossy()));
    let mut command = Command::new("valgrind");
    command
        .arg("--tool=callgrind")
        .arg("--dump-instr=yes")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(exe)
        .arg(input)
        .envs(env.iter().map(|(k, v)| (k, v)));
    let what = format!("valgrind {} {input}", exe.display());
    let output = run_with_limit(command, VALGRIND_LIMIT, &what)?;
    let text = std::fs::read_to_string(&out_file)
        .map_err(|e| format!("{what}: no callgrind output ({e}):\n{}", String::from_utf8_lossy(&output.stderr).trim_end()))?;
    let _ = std::fs::remove_file(&out_file);
    parse(&text, exe, functions).map_err(|e| format!("{what}: {e}"))
}

/// The command that runs a program under callgrind for a count of its
/// instructions only, one output file per process in `dir`: the wrapper
/// of a real program's workload, whose steps are separate processes.
pub fn wrapper(dir: &Path) -> Vec<String> {
    vec!["valgrind".into(), "--tool=callgrind".into(), format!("--callgrind-out-file={}/callgrind.%p.out", dir.display())]
}

/// The instructions executed by every process whose callgrind output is in
/// `dir` (written through [`wrapper`]), summed; an error when there is
/// none.
pub fn total_instructions(dir: &Path) -> Result<u64, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("callgrind.")))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no callgrind output in {}", dir.display()));
    }
    let mut total = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        total += parse(&text, Path::new(""), &OwnFunctions::default()).map_err(|e| format!("{}: {e}", file.display()))?.instructions;
    }
    Ok(total)
}

/// True when callgrind's object name `object` is the executable `exe`.
fn is_executable(object: &str, exe: &Path) -> bool {
    let object = Path::new(object);
    object == exe || std::fs::canonicalize(exe).is_ok_and(|canonical| canonical == object)
}

/// Reads a callgrind output file.
fn parse(text: &str, exe: &Path, functions: &OwnFunctions) -> Result<Measurement, String> {
    let mut measurement = Measurement::default();
    let mut positions = 1;
    let mut summary = None;
    // Compressed names: `ob=(3) /lib/libc.so.6` defines id 3, `ob=(3)`
    // refers to it; `fn` and `cfn` share one table, `ob` and `cob` another.
    let mut objects: HashMap<String, String> = HashMap::new();
    let mut function_names: HashMap<String, String> = HashMap::new();
    let mut in_executable = false;
    let mut in_wanted = false;
    let mut last_address: u64 = 0;
    let mut call_cost_follows = false;
    for line in text.lines() {
        let Some(first) = line.chars().next() else { continue };
        if first.is_ascii_digit() || first == '+' || first == '-' || first == '*' {
            let mut fields = line.split_whitespace();
            let address_field = fields.next().unwrap_or("");
            let address = subposition(address_field, last_address).ok_or_else(|| format!("bad cost line `{line}`"))?;
            last_address = address;
            let ir: u64 = fields.nth(positions - 1).map_or(Ok(0), str::parse).map_err(|_| format!("bad cost line `{line}`"))?;
            if call_cost_follows {
                // The inclusive cost of a call, not an instruction's own.
                call_cost_follows = false;
                continue;
            }
            if in_executable && in_wanted && ir > 0 {
                measurement.own_instructions += ir;
                measurement.addresses.insert(address);
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("positions:") {
            positions = rest.split_whitespace().count().max(1);
        } else if let Some(rest) = line.strip_prefix("summary:").or_else(|| line.strip_prefix("totals:")) {
            if summary.is_none() || line.starts_with("summary:") {
                summary = rest.split_whitespace().next().and_then(|n| n.parse::<u64>().ok());
            }
        } else if let Some(rest) = line.strip_prefix("ob=") {
            in_executable = is_executable(&resolve(rest, &mut objects), exe);
        } else if let Some(rest) = line.strip_prefix("cob=") {
            resolve(rest, &mut objects);
        } else if let Some(rest) = line.strip_prefix("fn=") {
            let name = resolve(rest, &mut function_names);
            // Callgrind names the deeper levels of a recursion `f'2`.
            let name = name.split_once('\'').map_or(name.as_str(), |(base, _)| base);
            in_wanted = functions.contains(name);
        } else if let Some(rest) = line.strip_prefix("cfn=") {
            resolve(rest, &mut function_names);
        } else if line.starts_with("calls=") {
            call_cost_follows = true;
        }
    }
    measurement.instructions = summary.ok_or("no summary line")?;
    Ok(measurement)
}

/// Resolves a possibly compressed name `(id) name`, `(id)` or `name`.
fn resolve(spec: &str, table: &mut HashMap<String, String>) -> String {
    let spec = spec.trim();
    if let Some(rest) = spec.strip_prefix('(') {
        if let Some((id, name)) = rest.split_once(')') {
            let name = name.trim();
            if name.is_empty() {
                return table.get(id).cloned().unwrap_or_default();
            }
            table.insert(id.to_string(), name.to_string());
            return name.to_string();
        }
    }
    spec.to_string()
}

/// An instruction address: absolute (`0x4005d0` or decimal), relative to
/// the previous one (`+3`, `-16`) or the same (`*`).
fn subposition(field: &str, last: u64) -> Option<u64> {
    let number = |text: &str| match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse::<u64>().ok(),
    };
    if field == "*" {
        Some(last)
    } else if let Some(delta) = field.strip_prefix('+') {
        Some(last.wrapping_add(number(delta)?))
    } else if let Some(delta) = field.strip_prefix('-') {
        Some(last.wrapping_sub(number(delta)?))
    } else {
        number(field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# callgrind format
version: 1
positions: instr line
events: Ir
summary: 1000

ob=(1) /lib/libc.so.6
fl=(1) ???
fn=(1) printf
0x500 0 7

ob=(2) /tmp/kernel
fn=(2) kernel
0x1140 0 3
+4 0 3
+4 0 0
+2 0 2
cob=(1)
cfn=(1)
calls=1 0x500 0
+1 0 900
+4 0 1
fn=(3) main
0x1200 0 1
fn=(4) kernel.part.0
0x1300 0 1
fn=(2)
0x1160 0 1
fn=(5) kernel'2
0x1170 0 4
";

    #[test]
    fn reads_the_total_and_the_wanted_functions_addresses() {
        let wanted = OwnFunctions::new(["kernel".to_string()]);
        let measurement = parse(SAMPLE, Path::new("/tmp/kernel"), &wanted).expect("parses");
        assert_eq!(measurement.instructions, 1000);
        assert_eq!(measurement.own_instructions, 3 + 3 + 2 + 1 + 1 + 1 + 4);
        let mut addresses: Vec<u64> = measurement.addresses.into_iter().collect();
        addresses.sort();
        // 0x1148 ran 0 times; 0x114b carries a call's inclusive cost, not
        // an instruction's own; main is not wanted; the clone and the
        // deeper recursion level count.
        assert_eq!(addresses, [0x1140, 0x1144, 0x114a, 0x114f, 0x1160, 0x1170, 0x1300]);
    }

    #[test]
    fn other_objects_do_not_count() {
        let wanted = OwnFunctions::new(["kernel".to_string(), "printf".to_string()]);
        let measurement = parse(SAMPLE, Path::new("/tmp/other"), &wanted).expect("parses");
        assert!(measurement.addresses.is_empty());
    }

    #[test]
    fn a_file_without_summary_is_an_error() {
        assert!(parse("positions: instr\nevents: Ir\n", Path::new("/x"), &OwnFunctions::default()).is_err());
    }
}

/// The whole-process instructions of `exe input` with `env`, under
/// callgrind, whose output goes to a directory in `dir` named after `exe`.
pub fn process_instructions(exe: &Path, input: &str, env: &[(String, String)], dir: &Path) -> Result<u64, String> {
    let out = dir.join(format!("callgrind-{}", exe.file_name().unwrap_or_default().to_string_lossy()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let command_line = wrapper(&out);
    let mut command = std::process::Command::new(&command_line[0]);
    command.args(&command_line[1..]).arg(exe).arg(input).envs(env.iter().map(|(k, v)| (k, v)));
    super::process::run_with_limit(command, std::time::Duration::from_secs(900), &format!("valgrind {}", exe.display()))?;
    total_instructions(&out)
}
