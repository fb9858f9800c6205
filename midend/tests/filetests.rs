//! Runs every filetest under `midend/filetests/`: IR text files with a
//! `test <kind>` header and expectations as comments (see
//! `nissecc_midend::filetest`). `NISSECC_BLESS=1` rewrites the checks of
//! precise-output files.

use nissecc_midend::filetest::{ir_text, run_filetest};
use nissecc_midend::text::parse_module;
use std::path::{Path, PathBuf};

/// Every `.nir` file under `dir`, sorted.
fn filetests(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a readable directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "nir") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("filetests")
}

#[test]
fn filetests_pass() {
    let root = root();
    let files = filetests(&root);
    assert!(!files.is_empty(), "no filetests under {}", root.display());
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        match run_filetest(file) {
            Ok(()) => println!("ok      {name}"),
            Err(e) => {
                println!("FAILED  {name}");
                failures.push(format!("==== {name} ====\n{e}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} filetests failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// The round-trip property of the text format, `print(parse(print(m))) ==
/// print(m)`, on the input of every filetest.
#[test]
fn filetest_inputs_round_trip() {
    for file in filetests(&root()) {
        let text = std::fs::read_to_string(&file).expect("a readable filetest");
        let ir = ir_text(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let module = parse_module(&ir).unwrap_or_else(|e| panic!("{}:{e}", file.display()));
        let printed = module.to_string();
        let reparsed =
            parse_module(&printed).unwrap_or_else(|e| panic!("{}: {e}\n{printed}", file.display()));
        assert_eq!(reparsed.to_string(), printed, "{}", file.display());
    }
}
