//! The histogram of a counter over the runs of a combined profile
//! (Preuss, "Implementation of Path Profiling in LLVM", §3.5.1): a
//! user-set number `B` of bins of equal width covering a range of the
//! observed values, holding one unit of weight per run.
//!
//! Histograms of combined profiles must merge exactly, in any order, so
//! the bins are not chosen from the data as Preuss's are but lie on a
//! grid: the width is a power of two `2^k`, the bins are the intervals
//! `[i · 2^k, (i + 1) · 2^k)` for `i` from the first bin's index `o` to
//! `o + B − 1`, and `k` is the smallest exponent, at least a floor given
//! by the kind of value (`2^0` for counts, which are integers, so a bin
//! is never narrower than one count; `2^-16` for shares in `[0, 1]`), at
//! which the smallest and the largest observation are fewer than `B`
//! bins apart. `o` is the smallest observation's bin.
//!
//! Widening a histogram from `2^k` to `2^k'` merges each run of
//! `2^(k'−k)` neighbouring bins, since `⌊x / 2^k'⌋ = ⌊⌊x / 2^k⌋ / 2^(k'−k)⌋`,
//! and the exponent of a union is at least that of each part (bins only
//! get fewer as they widen). So merging two histograms widens both to the
//! union's exponent and adds them: the result is the histogram of all the
//! runs at once, exactly, whatever the order. The price of exactness is
//! resolution: the occupied range needs at least `B/2` bins at the chosen
//! width, so at worst half the bins are empty, and counters whose runs
//! spread over orders of magnitude get few wide bins.

use alloc::vec;
use alloc::vec::Vec;

/// The exponent floor of a count's bins: one count.
pub const COUNT_MIN_EXPONENT: i32 = 0;
/// The exponent floor of a share's bins: 2^-16 of the branch.
pub const SHARE_MIN_EXPONENT: i32 = -16;
/// The largest exponent: one bin covers every `u64`.
pub const MAX_EXPONENT: i32 = 64;
/// The smallest exponent a file may hold.
pub const MIN_EXPONENT: i32 = -64;

/// The bins of one counter over some runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    /// The bins are `2^exponent` wide.
    pub exponent: i32,
    /// The grid index of the first bin: it starts at `offset · 2^exponent`.
    pub offset: u64,
    /// How many runs fell into each bin; the length is the bin count.
    pub bins: Vec<u64>,
}

/// The grid index of `x` at `exponent`: `⌊x / 2^exponent⌋`, exact for a
/// finite non-negative `x` (scaling by a power of two is exact).
pub fn grid_index(x: f64, exponent: i32) -> u64 {
    // Truncation is the floor of a non-negative number (and saturates).
    (x * power_of_two(-exponent)) as u64
}

/// Whether `x`'s grid index at `exponent` stays below 2^63, so that a
/// histogram's bin indices cannot overflow (a count of a run does; a file
/// that claims more is corrupt).
pub fn within_grid(x: f64, exponent: i32) -> bool {
    x * power_of_two(-exponent) < 9_223_372_036_854_775_808.0
}

/// `2^e` for the exponents a histogram uses, exactly.
fn power_of_two(e: i32) -> f64 {
    let mut value = 1.0f64;
    let factor = if e < 0 { 0.5 } else { 2.0 };
    for _ in 0..e.unsigned_abs() {
        value *= factor;
    }
    value
}

/// The smallest exponent from `start` up at which `min` and `max` are
/// fewer than `bins` bins apart.
pub fn exponent_for(min: f64, max: f64, start: i32, bins: usize) -> i32 {
    let mut exponent = start;
    while exponent < MAX_EXPONENT && grid_index(max, exponent) - grid_index(min, exponent) >= bins as u64 {
        exponent += 1;
    }
    exponent
}

impl Histogram {
    /// One run that observed `x`.
    pub fn of(x: f64, bins: usize, min_exponent: i32) -> Histogram {
        let mut histogram = Histogram { exponent: min_exponent, offset: grid_index(x, min_exponent), bins: vec![0; bins] };
        histogram.bins[0] = 1;
        histogram
    }

    /// `n` runs that observed 0.
    pub fn zeros(n: u64, bins: usize, min_exponent: i32) -> Histogram {
        let mut histogram = Histogram { exponent: min_exponent, offset: 0, bins: vec![0; bins] };
        histogram.bins[0] = n;
        histogram
    }

    /// The number of runs it holds.
    pub fn weight(&self) -> u64 {
        self.bins.iter().sum()
    }

    /// The bin width.
    pub fn width(&self) -> f64 {
        power_of_two(self.exponent)
    }

    /// The lower bound of bin `i`.
    pub fn lower(&self, i: usize) -> f64 {
        (self.offset + i as u64) as f64 * self.width()
    }

    /// The histogram of the runs of `self` and `other`, whose smallest and
    /// largest observations together are `min` and `max`. Both must have
    /// the same bin count.
    pub fn merge(&self, other: &Histogram, min: f64, max: f64) -> Histogram {
        let exponent = exponent_for(min, max, self.exponent.max(other.exponent), self.bins.len());
        let mut merged = Histogram { exponent, offset: grid_index(min, exponent), bins: vec![0; self.bins.len()] };
        for part in [self, other] {
            let shift = (exponent - part.exponent) as u32;
            for (i, &count) in part.bins.iter().enumerate().filter(|(_, &count)| count > 0) {
                let index = (part.offset + i as u64).checked_shr(shift).unwrap_or(0);
                merged.bins[(index - merged.offset) as usize] += count;
            }
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The histogram of `xs` built directly from the definition.
    fn direct(xs: &[f64], bins: usize, floor: i32) -> Histogram {
        let (min, max) = xs.iter().fold((f64::MAX, 0.0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let exponent = exponent_for(min, max, floor, bins);
        let offset = grid_index(min, exponent);
        let mut histogram = Histogram { exponent, offset, bins: vec![0; bins] };
        for &x in xs {
            histogram.bins[(grid_index(x, exponent) - offset) as usize] += 1;
        }
        histogram
    }

    fn fold(xs: &[f64], bins: usize, floor: i32) -> Histogram {
        let mut acc = Histogram::of(xs[0], bins, floor);
        let (mut min, mut max) = (xs[0], xs[0]);
        for &x in &xs[1..] {
            min = min.min(x);
            max = max.max(x);
            acc = acc.merge(&Histogram::of(x, bins, floor), min, max);
        }
        acc
    }

    #[test]
    fn merging_in_any_order_is_binning_all_at_once() {
        let xs = [100.0, 3.0, 1000.0, 104.0, 0.0, 77.0, 5000.0, 4999.0];
        for bins in [1, 2, 5, 15] {
            let expected = direct(&xs, bins, COUNT_MIN_EXPONENT);
            assert_eq!(expected.weight(), xs.len() as u64);
            assert_eq!(fold(&xs, bins, COUNT_MIN_EXPONENT), expected);
            let reversed: Vec<f64> = xs.iter().rev().copied().collect();
            assert_eq!(fold(&reversed, bins, COUNT_MIN_EXPONENT), expected);
            let (a, b) = (fold(&xs[..3], bins, 0), fold(&xs[3..], bins, 0));
            assert_eq!(b.merge(&a, 0.0, 5000.0), expected);
        }
        let shares = [0.5, 0.25, 0.9, 0.0, 1.0];
        assert_eq!(fold(&shares, 15, SHARE_MIN_EXPONENT), direct(&shares, 15, SHARE_MIN_EXPONENT));
    }

    #[test]
    fn close_values_get_narrow_bins_away_from_zero() {
        let h = fold(&[1_000_000.0, 1_000_003.0, 1_000_013.0], 15, COUNT_MIN_EXPONENT);
        assert_eq!(h.exponent, 0);
        assert_eq!(h.lower(0), 1_000_000.0);
        assert_eq!((h.bins[0], h.bins[3], h.bins[13]), (1, 1, 1));
    }
}
