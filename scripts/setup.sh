#!/usr/bin/env bash
# Installs the system tools nissecc needs on a fresh Debian machine: a C
# compiler driver (`cc`, used to preprocess and link; its binutils give
# bzip2's Makefile `ar` and `ranlib`), make (for the `make CC=nissecc` test
# and bzip2's own Makefile in `tests/real_programs.rs`), valgrind (for
# benchmarks), GNU time (the benchmark's programs tier measures the
# compilers that make starts with it), csmith with its runtime headers (for
# `scripts/csmith.sh` and `tests/csmith.rs`), clang-19 with llvm-19 and its
# profiling runtime (the benchmark's peer: the compiler, llvm-profdata-19
# and libclang_rt.profile), and curl, which fetches tcc's and gcc's test
# programs from Debian's archive (`scripts/fetch-tcc-tests.sh`, for
# `tests/tcc_suite.rs`; `scripts/fetch-gcc-torture.sh`, for
# `tests/gcc_torture.rs`), and chromium, whose headless mode renders the
# HTML report of `nissecc-profdata annotate` in `tests/annotate.rs` (which
# also runs gcc's `gcov`). Rust comes from rustup, which the machine image
# already has.
set -euo pipefail
missing=()
command -v cc >/dev/null || missing+=(gcc libc6-dev)
command -v make >/dev/null || missing+=(make)
command -v valgrind >/dev/null || missing+=(valgrind)
[ -x /usr/bin/time ] || missing+=(time)
command -v csmith >/dev/null || missing+=(csmith)
[ -f /usr/include/csmith/csmith.h ] || missing+=(libcsmith-dev)
command -v clang-19 >/dev/null || missing+=(clang-19)
command -v llvm-profdata-19 >/dev/null || missing+=(llvm-19)
ls /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.profile-x86_64.a >/dev/null 2>&1 || missing+=(libclang-rt-19-dev)
command -v curl >/dev/null || missing+=(curl)
command -v bzip2 >/dev/null || missing+=(bzip2)
command -v xz >/dev/null || missing+=(xz-utils)
command -v gcov >/dev/null || missing+=(gcc)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}"
fi
command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust with rustup" >&2; exit 1; }
"$(dirname "$0")/fetch-tcc-tests.sh"
"$(dirname "$0")/fetch-gcc-torture.sh"
