//! The workloads: for each program a *check* workload (quick, for CI, with
//! known answers), a *training* workload (to collect profiles) and a
//! different *evaluation* workload (to measure what the profiles bought).
//! A workload is a list of steps, each a command line of the program with
//! optional stdin, run in a directory holding the workload's input files;
//! a step names the files it writes, so that they are compared too.

use super::inputs::{Input, InputSource};
use super::program::ProgramId;

/// What a workload is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkloadKind {
    /// Quick, with expected outputs: the CI check.
    Check,
    /// The profile-collection run.
    Training,
    /// The measured run, different from the training one.
    Evaluation,
}

impl WorkloadKind {
    pub const ALL: [WorkloadKind; 3] = [WorkloadKind::Check, WorkloadKind::Training, WorkloadKind::Evaluation];

    pub fn name(self) -> &'static str {
        match self {
            WorkloadKind::Check => "check",
            WorkloadKind::Training => "training",
            WorkloadKind::Evaluation => "evaluation",
        }
    }

    pub fn from_name(name: &str) -> Option<WorkloadKind> {
        WorkloadKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// A condition on a step's results, beyond agreeing with another build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The step's stdout equals a file of the run directory (an input,
    /// or a file an earlier step wrote).
    StdoutEqualsFile(String),
    /// The step's stdout equals a file under `tests/programs/`.
    StdoutEqualsHarnessFile(String),
}

/// One run of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub args: Vec<String>,
    /// The file of the run directory that is the step's stdin.
    pub stdin: Option<String>,
    /// The files the step writes into the run directory, captured after it.
    pub outputs: Vec<String>,
    /// The exit status the step must end with.
    pub status: i32,
    pub expect: Vec<Expect>,
}

impl Step {
    fn new(args: &[&str]) -> Step {
        Step { args: args.iter().map(|arg| arg.to_string()).collect(), stdin: None, outputs: Vec::new(), status: 0, expect: Vec::new() }
    }

    fn stdin(mut self, file: &str) -> Step {
        self.stdin = Some(file.into());
        self
    }

    fn writes(mut self, file: &str) -> Step {
        self.outputs.push(file.into());
        self
    }

    fn stdout_equals(self, file: &str) -> Step {
        self.expect(Expect::StdoutEqualsFile(file.into()))
    }

    fn stdout_equals_harness_file(self, path: &str) -> Step {
        self.expect(Expect::StdoutEqualsHarnessFile(path.into()))
    }

    fn status(mut self, status: i32) -> Step {
        self.status = status;
        self
    }

    fn expect(mut self, expect: Expect) -> Step {
        self.expect.push(expect);
        self
    }

    /// The step as a shell-like line for reports: `bzip2 -d < sample1.bz2`.
    pub fn label(&self, binary: &str) -> String {
        let mut label = std::iter::once(binary).chain(self.args.iter().map(String::as_str)).collect::<Vec<_>>().join(" ");
        if let Some(stdin) = &self.stdin {
            label.push_str(" < ");
            label.push_str(stdin);
        }
        label
    }
}

/// A workload: inputs and the steps that use them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workload {
    pub program: ProgramId,
    pub kind: WorkloadKind,
    pub inputs: Vec<Input>,
    pub steps: Vec<Step>,
}

impl Workload {
    /// `bzip2-check`, `lua-training`, ...: the name of its run directory.
    pub fn name(&self) -> String {
        format!("{}-{}", self.program.name(), self.kind.name())
    }
}

fn input(name: &str, source: InputSource) -> Input {
    Input { name: name.into(), source }
}

/// The Lua scripts of the check workload, in `tests/programs/lua/`, each
/// with its expected output in `tests/programs/expected/lua/`.
pub const LUA_CHECK_SCRIPTS: [&str; 8] =
    ["recursion", "tables", "strings", "closures", "coroutines", "format", "errors", "sort"];

/// The workload of `kind` for `program`.
pub fn workload(program: ProgramId, kind: WorkloadKind) -> Workload {
    let (inputs, steps) = match (program, kind) {
        (ProgramId::Bzip2, kind) => bzip2(kind),
        (ProgramId::Zlib, kind) => zlib(kind),
        (ProgramId::Lua, kind) => lua(kind),
        (ProgramId::Sqlite, kind) => sqlite(kind),
    };
    Workload { program, kind, inputs, steps }
}

/// bzip2. The check is the Makefile's `test` target (compress the three
/// `.ref` files at levels 1 to 3 and get the `.bz2` files exactly;
/// decompress the `.bz2` files, the third with `-s`, and get the `.ref`
/// files), plus a round trip through files with `-k` and `-t`. Training
/// and evaluation compress and decompress larger files of different kinds
/// at different levels.
fn bzip2(kind: WorkloadKind) -> (Vec<Input>, Vec<Step>) {
    use InputSource::*;
    match kind {
        WorkloadKind::Check => {
            let mut inputs = Vec::new();
            for name in ["sample1.ref", "sample2.ref", "sample3.ref", "sample1.bz2", "sample2.bz2", "sample3.bz2"] {
                inputs.push(input(name, ProgramFile(name)));
            }
            inputs.push(input("words.txt", Text { size: 200_000, seed: 7 }));
            let steps = vec![
                Step::new(&["-1"]).stdin("sample1.ref").stdout_equals("sample1.bz2"),
                Step::new(&["-2"]).stdin("sample2.ref").stdout_equals("sample2.bz2"),
                Step::new(&["-3"]).stdin("sample3.ref").stdout_equals("sample3.bz2"),
                Step::new(&["-d"]).stdin("sample1.bz2").stdout_equals("sample1.ref"),
                Step::new(&["-d"]).stdin("sample2.bz2").stdout_equals("sample2.ref"),
                Step::new(&["-ds"]).stdin("sample3.bz2").stdout_equals("sample3.ref"),
                Step::new(&["-9kf", "words.txt"]).writes("words.txt.bz2"),
                Step::new(&["-tvv", "words.txt.bz2"]),
                Step::new(&["-dc", "words.txt.bz2"]).stdout_equals("words.txt"),
            ];
            (inputs, steps)
        }
        WorkloadKind::Training => (
            vec![input("text.txt", Text { size: 3_000_000, seed: 101 }), input("data.bin", Binary { size: 1_000_000, seed: 102 })],
            vec![
                Step::new(&["-9kf", "text.txt"]).writes("text.txt.bz2"),
                Step::new(&["-dc", "text.txt.bz2"]).stdout_equals("text.txt"),
                Step::new(&["-6kf", "data.bin"]).writes("data.bin.bz2"),
                Step::new(&["-dc", "data.bin.bz2"]).stdout_equals("data.bin"),
            ],
        ),
        WorkloadKind::Evaluation => (
            vec![
                input("lua-sources.txt", SourcesOf(ProgramId::Lua)),
                input("data.bin", Binary { size: 1_500_000, seed: 202 }),
                input("runs.bin", Runs { size: 1_000_000, seed: 203 }),
            ],
            vec![
                Step::new(&["-9kf", "lua-sources.txt"]).writes("lua-sources.txt.bz2"),
                Step::new(&["-dc", "lua-sources.txt.bz2"]).stdout_equals("lua-sources.txt"),
                Step::new(&["-5kf", "data.bin"]).writes("data.bin.bz2"),
                Step::new(&["-dc", "data.bin.bz2"]).stdout_equals("data.bin"),
                Step::new(&["-1kf", "runs.bin"]).writes("runs.bin.bz2"),
                Step::new(&["-dc", "runs.bin.bz2"]).stdout_equals("runs.bin"),
            ],
        ),
    }
}

/// zlib, through our driver (`tests/programs/zlib_driver.c`), which checks
/// every round trip itself and prints sizes and checksums. Training works
/// on generated text and bytes; evaluation on real source text, runs and
/// other bytes, at other levels.
fn zlib(kind: WorkloadKind) -> (Vec<Input>, Vec<Step>) {
    use InputSource::*;
    match kind {
        WorkloadKind::Check => (
            vec![input("deflate.c", ProgramFile("deflate.c"))],
            vec![Step::new(&["-z", "check.gz", "text:60000:1", "bin:40000:2", "runs:30000:3", "deflate.c"])
                .writes("check.gz")
                .stdout_equals_harness_file("expected/zlib-check.txt")],
        ),
        WorkloadKind::Training => {
            (vec![], vec![Step::new(&["-l", "1,6,9", "-r", "2", "text:400000:11", "bin:250000:12"])])
        }
        WorkloadKind::Evaluation => (
            vec![input("bzip2-sources.txt", SourcesOf(ProgramId::Bzip2))],
            vec![Step::new(&["-l", "2,5,9", "-r", "2", "-z", "evaluation.gz", "bzip2-sources.txt", "runs:400000:13", "bin:400000:14"])
                .writes("evaluation.gz")],
        ),
    }
}

/// Lua, through our main (`tests/programs/lua_main.c`). The check runs
/// each of our scripts in `tests/programs/lua/` and compares its output
/// with the expected one, and runs a script that fails, which must end
/// with status 1 and a traceback. Training and evaluation run two
/// different longer scripts.
fn lua(kind: WorkloadKind) -> (Vec<Input>, Vec<Step>) {
    use InputSource::*;
    match kind {
        WorkloadKind::Check => {
            let mut inputs = Vec::new();
            let mut steps = Vec::new();
            for name in LUA_CHECK_SCRIPTS {
                let script = format!("{name}.lua");
                inputs.push(input(&script, HarnessFile(format!("lua/{script}"))));
                steps.push(Step::new(&[&script]).stdout_equals_harness_file(&format!("expected/lua/{name}.txt")));
            }
            inputs.push(input(
                "fail.lua",
                Literal("local function f(x)\n  if x > 2 then error(\"deliberate failure at \" .. x) end\n  return 1 + f(x + 1)\nend\nprint(\"before\")\nf(0)\nprint(\"never\")\n"),
            ));
            steps.push(Step::new(&["fail.lua"]).status(1));
            (inputs, steps)
        }
        WorkloadKind::Training => (vec![input("train.lua", HarnessFile("lua/train.lua".into()))], vec![Step::new(&["train.lua", "1"])]),
        WorkloadKind::Evaluation => {
            (vec![input("evaluate.lua", HarnessFile("lua/evaluate.lua".into()))], vec![Step::new(&["evaluate.lua", "1"])])
        }
    }
}

/// SQLite, through our driver (`tests/programs/sqlite_driver.c`), which
/// runs SQL scripts of `tests/programs/sqlite/` on an in-memory database
/// and prints every result row. The check runs a script that touches most
/// of the SQL language and, from stdin, one whose statements fail (the
/// driver prints the errors, goes on, and ends with status 1), each with
/// its expected output in `tests/programs/expected/sqlite/`. Training
/// loads and queries an order-processing database; evaluation works on
/// words, a graph, a time series, JSON documents and small transactions.
fn sqlite(kind: WorkloadKind) -> (Vec<Input>, Vec<Step>) {
    let script = |name: &str| input(&format!("{name}.sql"), InputSource::HarnessFile(format!("sqlite/{name}.sql")));
    match kind {
        WorkloadKind::Check => (
            vec![script("check"), script("errors")],
            vec![
                Step::new(&["check.sql"]).stdout_equals_harness_file("expected/sqlite/check.txt"),
                Step::new(&[]).stdin("errors.sql").status(1).stdout_equals_harness_file("expected/sqlite/errors.txt"),
            ],
        ),
        WorkloadKind::Training => (vec![script("training")], vec![Step::new(&["training.sql"])]),
        WorkloadKind::Evaluation => (vec![script("evaluation")], vec![Step::new(&["evaluation.sql"])]),
    }
}
