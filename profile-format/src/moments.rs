//! The running mean and variance of a counter over profiling runs, the
//! statistics of a combined profile (Preuss, "Implementation of Path
//! Profiling in LLVM", §3.5.2). Two summaries combine with the pairwise
//! update of Chan, Golub and LeVeque ("Updating formulae and a pairwise
//! algorithm for computing sample variances", 1979; "Algorithms for
//! computing the sample variance: analysis and recommendations", The
//! American Statistician 37, 1983): for `n = na + nb` and
//! `δ = mean_b − mean_a`,
//!
//! ```text
//! mean = mean_a + δ · nb / n
//! M2   = M2_a + M2_b + δ² · na · nb / n
//! ```
//!
//! where `M2` is the sum of squared deviations from the mean. A single
//! run is `n = 1`, `mean = x`, `M2 = 0`, so adding one run is the same
//! update (Welford's), and summaries of disjoint sets of runs combine in
//! any order and grouping to the summary of all the runs, up to
//! floating-point rounding: the update never subtracts two large sums of
//! squares, which is what makes it stable where the textbook
//! `Σx² − (Σx)²/n` is not.

/// The count, mean and sum of squared deviations of some observations.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    /// How many observations (runs).
    pub n: u64,
    /// Their mean; 0 without observations.
    pub mean: f64,
    /// The sum of their squared deviations from the mean (`M2`).
    pub m2: f64,
}

impl Moments {
    /// One observation.
    pub fn of(x: f64) -> Moments {
        Moments { n: 1, mean: x, m2: 0.0 }
    }

    /// `n` observations of 0: the runs in which a counter did not appear.
    pub fn zeros(n: u64) -> Moments {
        Moments { n, mean: 0.0, m2: 0.0 }
    }

    /// The moments of the union of the observations of `self` and
    /// `other` (Chan, Golub and LeVeque's pairwise update).
    pub fn combine(&self, other: &Moments) -> Moments {
        if other.n == 0 {
            return *self;
        }
        if self.n == 0 {
            return *other;
        }
        let n = self.n + other.n;
        let (na, nb, total) = (self.n as f64, other.n as f64, n as f64);
        let delta = other.mean - self.mean;
        Moments { n, mean: self.mean + delta * (nb / total), m2: self.m2 + other.m2 + delta * delta * (na * nb / total) }
    }

    /// The population variance `M2 / n` (Preuss's eq. 6): the runs are
    /// the whole population a combined profile describes.
    pub fn variance(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.m2 / self.n as f64
        }
    }

    /// The population standard deviation (with the feature `std`, which
    /// has the square root; the runtime never needs it).
    #[cfg(any(test, feature = "std"))]
    pub fn std_dev(&self) -> f64 {
        self.variance().sqrt()
    }

    /// The standard deviation relative to the mean; 0 when the mean is 0.
    #[cfg(any(test, feature = "std"))]
    pub fn coefficient_of_variation(&self) -> f64 {
        if self.mean == 0.0 {
            0.0
        } else {
            self.std_dev() / self.mean.abs()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Moments;
    use alloc::vec::Vec;

    fn all_at_once(xs: &[f64]) -> (f64, f64) {
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        (mean, xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
    }

    fn fold(ms: &[Moments]) -> Moments {
        ms.iter().fold(Moments::default(), |acc, m| acc.combine(m))
    }

    #[test]
    fn pairwise_equals_the_two_pass_formula_in_any_grouping() {
        let xs = [3.0, 1e9 + 7.0, 0.0, 42.0, 1e9, 5.5, 17.0];
        let (mean, variance) = all_at_once(&xs);
        let single: Vec<Moments> = xs.iter().map(|&x| Moments::of(x)).collect();
        let reversed: Vec<Moments> = single.iter().rev().copied().collect();
        for m in [fold(&single), fold(&reversed), fold(&single[..3]).combine(&fold(&single[3..]))] {
            assert_eq!(m.n, xs.len() as u64);
            assert!(close(m.mean, mean) && close(m.variance(), variance), "{m:?} vs {mean} {variance}");
        }
        assert_eq!(Moments::zeros(3).combine(&Moments::of(6.0)).mean, 1.5);
    }
}
