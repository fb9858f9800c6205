//! The commands of `nissecc-profdata` (issue 3): merging profiles,
//! showing their block and edge counts as text, JSON or Graphviz, and
//! measuring how closely one profile matches another (issue 17), and
//! combining runs into statistics (issue 19, `combine`, `show_combined`). The
//! binary (`src/bin/nissecc-profdata.rs`) only parses arguments and calls
//! these.

pub mod combine;
pub mod counts;
pub mod derive_edges;
pub mod dot;
pub mod infer;
pub mod json;
pub mod load;
pub mod merge;
pub mod overlap;
pub mod paths;
pub mod sample;
pub mod show;
pub mod show_combined;
