//! Runs every filetest under `midend/filetests/`: IR text files with a
//! `test <kind>` header and expectations as comments (see
//! `nissecc_midend::filetest`). `NISSECC_BLESS=1` rewrites the checks of
//! precise-output files.

use nissecc_midend::filetest::run_filetest;
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

#[test]
fn filetests_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("filetests");
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
