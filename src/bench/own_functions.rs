//! The functions a kernel's source defines, which the size and
//! distinct-instruction measurements are restricted to: start-up code,
//! libc and the profiling runtime are the same for every kernel and would
//! drown the effect of instrumentation on the kernel's code.

use std::collections::HashSet;

/// The names of the functions a kernel's source defines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnFunctions(HashSet<String>);

impl OwnFunctions {
    pub fn new(names: impl IntoIterator<Item = String>) -> OwnFunctions {
        OwnFunctions(names.into_iter().collect())
    }

    /// True when `symbol` is one of the functions, directly or as a clone
    /// that gcc made of one (`f.part.0`, `f.constprop.0`).
    pub fn contains(&self, symbol: &str) -> bool {
        self.0.contains(symbol) || symbol.split_once('.').is_some_and(|(base, _)| self.0.contains(base))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_count_as_their_function() {
        let own = OwnFunctions::new(["kernel".to_string()]);
        assert!(own.contains("kernel") && own.contains("kernel.part.0"));
        assert!(!own.contains("main") && !own.contains("kernel2"));
    }
}
