//! The in-memory profile: what one file holds, independent of its
//! encoding. A function is identified by its name; its CFG checksum
//! (computed on the IR before instrumentation) tells whether the counters
//! still describe the function being compiled.

use alloc::string::String;
use alloc::vec::Vec;

/// The counters of one instrumented function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionProfile {
    /// The function's symbol name; unique within a profile.
    pub name: String,
    /// The checksum of the function's CFG before instrumentation.
    pub checksum: u64,
    /// The CFG descriptor emitted by the compiler, opaque to this crate
    /// (the midend defines and decodes it).
    pub descriptor: Vec<u8>,
    /// The raw counter values, in the compiler's counter order.
    pub counters: Vec<u64>,
    /// A path profile's `(path number, count)` of every executed path, in
    /// increasing path-number order, with no zero count; empty for an
    /// edge profile.
    pub paths: Vec<(u64, u64)>,
    /// A value profile's counts (`-fprofile-values`): how often each value
    /// was seen at each value site, sorted by site and value, with no zero
    /// count; empty without value profiling. The descriptor says what
    /// each site is.
    pub values: Vec<ValueCount>,
}

/// How often one value was seen at one value site of a function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct ValueCount {
    /// The site's index, in the function's site order.
    pub site: u32,
    /// The value, sign-extended to 64 bits from the site's width.
    pub value: u64,
    /// How many times the site saw it.
    pub count: u64,
}

/// A whole profile: the counters of every instrumented function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    pub functions: Vec<FunctionProfile>,
}

impl Profile {
    /// Sorts the functions by name, the canonical order in which profiles
    /// are written and merged, so that equal profiles compare and encode
    /// equal.
    pub fn canonicalize(&mut self) {
        self.functions.sort_by(|a, b| a.name.cmp(&b.name));
    }

    /// The function called `name`, if the profile has one.
    pub fn function(&self, name: &str) -> Option<&FunctionProfile> {
        self.functions.iter().find(|function| function.name == name)
    }

    /// Whether some counter has reached `u64::MAX`, the value at which
    /// merging and scaling saturate; such a count is a lower bound only.
    pub fn is_saturated(&self) -> bool {
        self.functions
            .iter()
            .any(|function| {
                function.counters.contains(&u64::MAX)
                    || function.paths.iter().any(|&(_, count)| count == u64::MAX)
                    || function.values.iter().any(|v| v.count == u64::MAX)
            })
    }
}
