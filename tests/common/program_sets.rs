//! The program sets that the oracles run over, each program with its
//! sources and inputs: the single-file feature tests (`tests/c` with its
//! `stress` and `longjmp` folders), the multi-file programs
//! (`tests/c/multi/*`), and the jotai-subset kernels on every input.

use super::*;

/// Which programs an oracle checks.
#[derive(Clone, Copy, Debug)]
pub enum ProgramSet {
    FeatureTests,
    MultiFile,
    Kernels,
}

/// What an oracle checks of one program: in the scratch directory, its
/// name, its sources and its inputs.
pub type ProgramCheck<'a> = dyn Fn(&Path, &str, &[PathBuf], &[Vec<&str>]) -> Result<(), String> + Sync + 'a;

/// Runs `check` over every program of `set` in parallel, in a scratch
/// directory of this process named after `scratch` (removed afterwards),
/// and fails the test naming every program that failed.
pub fn check_program_set(set: ProgramSet, scratch: &str, what: &str, check: &ProgramCheck) {
    let dir = scratch_dir(&format!("{scratch}-{}", std::process::id()));
    let root = project_root().join("tests/c");
    let (total, failures) = match set {
        ProgramSet::FeatureTests => {
            let mut files = c_files(&root);
            files.extend(c_files(&root.join("stress")));
            files.extend(c_files(&root.join("longjmp")));
            let failures = parallel_failures(&files, |file| {
                let name = file.file_stem().unwrap().to_string_lossy().into_owned();
                check(&dir, &name, std::slice::from_ref(file), &[vec![]])
            });
            (files.len(), failures)
        }
        ProgramSet::MultiFile => {
            let mut programs: Vec<PathBuf> = std::fs::read_dir(root.join("multi")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
            programs.sort();
            let failures = parallel_failures(&programs, |program| {
                let name = program.file_name().unwrap().to_string_lossy().into_owned();
                check(&dir, &name, &c_files(program), &[vec![]])
            });
            (programs.len(), failures)
        }
        ProgramSet::Kernels => {
            let kernels = kernels();
            let failures = parallel_failures(&kernels, |k| {
                let inputs: Vec<Vec<&str>> = k.inputs.iter().map(|i| vec![i.as_str()]).collect();
                check(&dir, &k.name, std::slice::from_ref(&k.path), &inputs)
            });
            (kernels.len(), failures)
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    assert_no_failures(what, total, failures);
}
