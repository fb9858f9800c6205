//! The commands of `nissecc-profdata` (issue 3): merging profiles,
//! showing their block and edge counts as text, JSON or Graphviz, and
//! measuring how closely one profile matches another (issue 17); and,
//! for issue 19, regenerating traces (`trace`), annotating source files
//! with their counts as gcov does (`annotate`), and combining runs into
//! statistics (`combine`, `show_combined`). The binary
//! (`src/bin/nissecc-profdata.rs`) only parses arguments and calls these.

pub mod annotate;
pub mod annotate_html;
pub mod cfg_svg;
pub mod combine;
pub mod counts;
pub mod derive_edges;
pub mod dot;
pub mod html;
pub mod infer;
pub mod line_counts;
pub mod json;
pub mod load;
pub mod merge;
pub mod overlap;
pub mod paths;
pub mod sample;
pub mod show;
pub mod show_combined;
pub mod targeted;
pub mod trace;
