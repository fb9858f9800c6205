//! The name a function's counts are stored under in a profile.
//!
//! Functions with external linkage are unique in a program, so their C name
//! identifies them. A `static` function is unique only in its translation
//! unit: two files may each define a `static int helper(int)`, and both end
//! up in one profile. As LLVM does for local linkage (`getPGOFuncName`,
//! `<file>;<name>`), the name of a local function is qualified by the file
//! name the compiler was given, so the instrumented and the `-fprofile-use`
//! builds must name the source file the same way for its static functions
//! to match.
//!
//! A weak definition is qualified the same way. It is not unique either:
//! a strong definition elsewhere may replace it, and then the weak body,
//! a different function, never runs. Under its own name its record says
//! so (all counts zero), and the strong definition's counts, under the C
//! name, do not collide with it.

use crate::ir::{Function, Linkage};

/// The profile name of `func`, defined in the translation unit
/// `source_file` (empty when unknown, as in IR read from text).
pub fn profile_name(func: &Function, source_file: &str) -> String {
    match func.linkage {
        Linkage::Local | Linkage::Weak if !source_file.is_empty() => format!("{source_file};{}", func.name),
        _ => func.name.clone(),
    }
}
