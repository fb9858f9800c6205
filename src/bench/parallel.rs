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
