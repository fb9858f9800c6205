#!/usr/bin/env bash
# Long fuzzing campaigns with the in-tree mutation fuzzer (src/fuzz.rs):
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [SEED]
# runs the frontend, ir, profile and semantic targets one after another
# (the frontend one compiles in process and the semantic one runs gcc and
# nissecc one build at a time, so one target at a time keeps a core free),
# saving failing inputs to target/fuzz-failures. Exit status 1 if any
# target found a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-3600}"
seed="${2:-$(date +%s)}"
cargo build --release --bin nissecc --bin nissecc-fuzz
status=0
for target in frontend ir profile semantic; do
    ./target/release/nissecc-fuzz --target "$target" --seconds "$seconds" --seed "$seed" || status=1
done
exit "$status"
