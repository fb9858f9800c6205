#!/usr/bin/env bash
# Installs the system tools nissecc needs on a fresh Debian machine: a C
# compiler driver (`cc`, used to preprocess and link), make (for the
# `make CC=nissecc` test), valgrind (for benchmarks), and csmith with its
# runtime headers (for `scripts/csmith.sh` and `tests/csmith.rs`). Rust
# comes from rustup, which the machine image already has.
set -euo pipefail
missing=()
command -v cc >/dev/null || missing+=(gcc libc6-dev)
command -v make >/dev/null || missing+=(make)
command -v valgrind >/dev/null || missing+=(valgrind)
command -v csmith >/dev/null || missing+=(csmith)
[ -f /usr/include/csmith/csmith.h ] || missing+=(libcsmith-dev)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}"
fi
command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust with rustup" >&2; exit 1; }
