//! Everything a combined profile keeps about one counter over its runs
//! (Preuss, "Implementation of Path Profiling in LLVM", §3.5, Figure 5):
//! the mean and variance ([`crate::moments`]), the smallest and largest
//! observation, and the histogram ([`crate::histogram`]). Summaries of
//! disjoint runs merge associatively and commutatively: the moments up to
//! floating-point rounding, the rest exactly.

use crate::histogram::Histogram;
use crate::moments::Moments;

/// The statistics of one counter over some runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub moments: Moments,
    /// The smallest observation (0 without observations).
    pub min: f64,
    /// The largest observation (0 without observations).
    pub max: f64,
    pub histogram: Histogram,
}

impl Summary {
    /// One run that observed `x`, with `bins` bins no narrower than
    /// `2^min_exponent`.
    pub fn of(x: f64, bins: usize, min_exponent: i32) -> Summary {
        Summary { moments: Moments::of(x), min: x, max: x, histogram: Histogram::of(x, bins, min_exponent) }
    }

    /// `n` runs that observed 0, as a counter missing from a run did.
    pub fn zeros(n: u64, bins: usize, min_exponent: i32) -> Summary {
        Summary { moments: Moments::zeros(n), min: 0.0, max: 0.0, histogram: Histogram::zeros(n, bins, min_exponent) }
    }

    /// No run at all (the share of a branch whose block never ran).
    pub fn empty(bins: usize) -> Summary {
        Summary { moments: Moments::default(), min: 0.0, max: 0.0, histogram: Histogram { exponent: 0, offset: 0, bins: alloc::vec![0; bins] } }
    }

    /// The number of runs.
    pub fn runs(&self) -> u64 {
        self.moments.n
    }

    /// The summary of the runs of `self` and of `other`.
    pub fn merge(&self, other: &Summary) -> Summary {
        if other.runs() == 0 {
            return self.clone();
        }
        if self.runs() == 0 {
            return other.clone();
        }
        let (min, max) = (self.min.min(other.min), self.max.max(other.max));
        Summary { moments: self.moments.combine(&other.moments), min, max, histogram: self.histogram.merge(&other.histogram, min, max) }
    }
}
