//! Running the benchmark's independent jobs on several threads.

use super::manifest::{self, Kernel};
use super::options::Options;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f` of every item, on `jobs` threads, in the items' order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(index) else { break };
                let result = f(item);
                results.lock().expect("no job panicked")[index] = Some(result);
            });
        }
    });
    results.into_inner().expect("no job panicked").into_iter().map(|r| r.expect("every item ran")).collect()
}

/// The long kernels that `options` select (its `--filter`; the first
/// `quick` of them with `--quick`), or an error when none is left.
pub fn selected_long_kernels(options: &Options, quick: usize) -> Result<Vec<Kernel>, String> {
    let mut kernels: Vec<Kernel> = manifest::read_manifest(&options.kernels_dir())?.into_iter().filter(|k| k.long).collect();
    if let Some(filter) = &options.filter {
        kernels = manifest::filter(kernels, filter);
    }
    if options.quick {
        kernels.truncate(quick);
    }
    if kernels.is_empty() {
        return Err("no long kernel matches the selection".into());
    }
    Ok(kernels)
}

/// `measure` of every kernel, each in its own directory under `scratch`,
/// on `options.jobs()` threads: the results sorted by kernel name, and a
/// line per kernel that failed.
pub fn measure_kernels<R: Send>(
    kernels: &[Kernel],
    options: &Options,
    scratch: &Path,
    measure: impl Fn(&Kernel, &Path) -> Result<R, String> + Sync,
) -> (Vec<(String, R)>, Vec<String>) {
    let outcomes = parallel_map(kernels, options.jobs(), |kernel| {
        let dir = scratch.join(&kernel.name);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string()).and_then(|()| measure(kernel, &dir))
    });
    let (mut results, mut failures) = (Vec::new(), Vec::new());
    for (kernel, outcome) in kernels.iter().zip(outcomes) {
        match outcome {
            Ok(result) => results.push((kernel.name.clone(), result)),
            Err(e) => failures.push(format!("{}: {e}", kernel.name)),
        }
    }
    results.sort_by(|a, b| a.0.cmp(&b.0));
    (results, failures)
}

/// Whether the long-kernel tiers measure instructions: callgrind is
/// installed and `--no-valgrind` was not given.
pub fn callgrind_available(options: &Options) -> bool {
    !options.no_valgrind && std::process::Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Prints a tier's `report`, writes it to `file` in the output directory,
/// and fails with the kernels' `failures`, if any.
pub fn publish(options: &Options, file: &str, report: &str, failures: Vec<String>) -> Result<(), String> {
    print!("{report}");
    let out = options.out_dir();
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    std::fs::write(out.join(file), report).map_err(|e| format!("{}: {e}", out.display()))?;
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Runs a long-kernel tier named `tier`: `measure` of each selected
/// kernel (all of them, or the first `quick` with `--quick`) with the
/// toolchain, whether callgrind measures instructions, and the kernel's
/// scratch directory; then `report` of the results, published to
/// `TIER.md`.
pub fn run_long_kernel_tier<R: Send>(
    options: &Options,
    tier: &str,
    quick: usize,
    measure: impl Fn(&Kernel, &super::toolchain::Toolchain, bool, &Path) -> Result<R, String> + Sync,
    report: impl Fn(&[R]) -> String,
) -> Result<(), String> {
    let toolchain = super::toolchain::Toolchain::discover()?;
    let kernels = selected_long_kernels(options, quick)?;
    let valgrind = callgrind_available(options);
    eprintln!("nissecc-bench: {tier}: {} long kernels; instructions under callgrind: {}", kernels.len(), if valgrind { "yes" } else { "no" });
    let scratch = tempfile::Builder::new().prefix(&format!("nissecc-bench-{tier}-")).tempdir().map_err(|e| e.to_string())?;
    let (results, failures) = measure_kernels(&kernels, options, scratch.path(), |kernel, dir| measure(kernel, &toolchain, valgrind, dir));
    let results: Vec<R> = results.into_iter().map(|(_, result)| result).collect();
    publish(options, &format!("{tier}.md"), &report(&results), failures)
}
