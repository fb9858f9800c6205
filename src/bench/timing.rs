//! Wall time as the median of paired samples, the way both tiers time two
//! builds against each other: a sample is a batch of back-to-back runs
//! lasting about [`SAMPLE_MS`] (single runs of a few milliseconds measure
//! mostly process start-up and scheduling), the two builds' samples are
//! interleaved so that both see the same machine load, and the order
//! within each pair alternates.

use super::summary::median;
use std::time::Duration;

/// How long one timed sample should last at least.
pub const SAMPLE_MS: f64 = 100.0;

/// The most runs one sample batches together.
const MAX_BATCH: usize = 100;

/// The median wall times, in milliseconds per run, of `runs` samples of
/// each of two programs. `first` and `second` run their program once and
/// return how long that run took.
pub fn paired_wall_times(
    first: &mut dyn FnMut() -> Result<Duration, String>,
    second: &mut dyn FnMut() -> Result<Duration, String>,
    runs: usize,
) -> Result<(f64, f64), String> {
    let batch = |run: &mut dyn FnMut() -> Result<Duration, String>, repeat: usize| -> Result<f64, String> {
        let mut total = Duration::ZERO;
        for _ in 0..repeat {
            total += run()?;
        }
        Ok(total.as_secs_f64() * 1000.0 / repeat as f64)
    };
    let once = batch(first, 1)?.max(batch(second, 1)?);
    let repeat = ((SAMPLE_MS / once.max(0.01)).ceil() as usize).clamp(1, MAX_BATCH);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for round in 0..runs.max(1) {
        if round % 2 == 0 {
            a.push(batch(first, repeat)?);
            b.push(batch(second, repeat)?);
        } else {
            b.push(batch(second, repeat)?);
            a.push(batch(first, repeat)?);
        }
    }
    Ok((median(&a), median(&b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_runs_are_batched_and_the_medians_kept() {
        let (mut calls_a, mut calls_b) = (0, 0);
        let mut a = || {
            calls_a += 1;
            Ok(Duration::from_millis(10))
        };
        let mut b = || {
            calls_b += 1;
            Ok(Duration::from_millis(20))
        };
        let (ms_a, ms_b) = paired_wall_times(&mut a, &mut b, 3).expect("times");
        assert_eq!((ms_a, ms_b), (10.0, 20.0));
        // One probe run each, then 3 samples of 100 ms / 20 ms = 5 runs.
        assert_eq!((calls_a, calls_b), (1 + 3 * 5, 1 + 3 * 5));
    }

    #[test]
    fn a_failed_run_is_an_error() {
        let mut ok = || Ok(Duration::from_millis(1));
        let mut failing = || Err("crashed".to_string());
        assert_eq!(paired_wall_times(&mut ok, &mut failing, 3), Err("crashed".to_string()));
    }
}
