#!/usr/bin/env bash
# Installs the system tools nissecc needs on a fresh Debian machine: a C
# compiler driver (`cc`, used to preprocess and link; its binutils give
# bzip2's Makefile `ar` and `ranlib`), make (for the `make CC=nissecc` test
# and bzip2's own Makefile in `tests/real_programs.rs`), valgrind (for
# benchmarks), GNU time (the benchmark's programs tier measures the
# compilers that make starts with it), and csmith with its runtime headers
# (for `scripts/csmith.sh` and `tests/csmith.rs`). Rust comes from rustup,
# which the machine image already has. clang-19 is optional: the
# benchmark adds its rows when it is installed (`apt-get install clang-19
# llvm-19 libclang-rt-19-dev`: the compiler, llvm-profdata-19 and the
# profiling runtime).
set -euo pipefail
missing=()
command -v cc >/dev/null || missing+=(gcc libc6-dev)
command -v make >/dev/null || missing+=(make)
command -v valgrind >/dev/null || missing+=(valgrind)
[ -x /usr/bin/time ] || missing+=(time)
command -v csmith >/dev/null || missing+=(csmith)
[ -f /usr/include/csmith/csmith.h ] || missing+=(libcsmith-dev)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}"
fi
command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust with rustup" >&2; exit 1; }
