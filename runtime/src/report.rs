//! The runtime's only output channel besides the profile: one line on
//! stderr, prefixed `nisse-runtime:`. Writing never panics, even when
//! stderr is closed.

use std::io::Write;

/// Prints `nisse-runtime: <message>` on stderr.
pub fn report(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "nisse-runtime: {message}");
}
