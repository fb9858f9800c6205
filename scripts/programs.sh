#!/usr/bin/env bash
# Builds the real programs of issue 15 (bzip2, zlib, Lua, SQLite; their sources
# come from crates, see tests/programs/Cargo.toml) with gcc and with
# nissecc, runs a workload with every build and prints, per program and
# build: built / build-failed (first errors) / output-matches /
# output-differs. Arguments go to nissecc-programs (see --help), e.g.
#   scripts/programs.sh --errors                      # every error of every failed build
#   scripts/programs.sh --workload training --instr sese,path
# The exit status is 0 when every build matched gcc's output.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
exec ./target/release/nissecc-programs "$@"
