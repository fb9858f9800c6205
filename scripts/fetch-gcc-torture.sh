#!/usr/bin/env bash
# Fetches three directories of GCC's C testsuite from Debian's gcc-12
# source package, oracles nobody on this project wrote:
# - gcc.c-torture/execute: about 1,600 self-checking programs that abort
#   on a wrong result (tests/gcc_torture.rs runs them);
# - gcc.c-torture/compile: about 2,000 files that only need to compile
#   (tests/gcc_torture_compile.rs);
# - gcc.dg/torture: programs with DejaGnu directives, of which the
#   `dg-do run` ones are run (tests/gcc_torture.rs);
# - the files at the top of gcc.dg (not its subdirectories): about 900
#   more `dg-do run` programs, mostly of language features and GNU
#   extensions (tests/gcc_dg.rs), and the headers they include.
# They land in target/gcc-torture/{execute,compile,dg-torture,dg}, outside
# version control; the archive is checked against its SHA-256.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/debian-source.sh"
dest="$root/target/gcc-torture"
# Each directory of the testsuite and where it lands under $dest.
declare -A wanted=(
    [gcc.c-torture/execute]=execute
    [gcc.c-torture/compile]=compile
    [gcc.dg/torture]=dg-torture
)
missing=()
for dir in "${!wanted[@]}"; do
    [ -d "$dest/${wanted[$dir]}" ] || missing+=("$dir")
done
[ -d "$dest/dg" ] && top_level=no || top_level=yes
[ ${#missing[@]} -eq 0 ] && [ $top_level = no ] && exit 0
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
archive="$(fetch_debian_source "http://deb.debian.org/debian/pool/main/g/gcc-12/gcc-12_12.2.0.orig.tar.gz" \
    b8298be16aeeb96a889c6afed0a8e2241b47452e89cc81fe65ea849d5c740fcb "$scratch")"
tar -xzf "$archive" -C "$scratch" gcc-12-12.2.0/gcc-12.2.0-dfsg.tar.xz
patterns=()
for dir in "${missing[@]}"; do
    patterns+=("gcc-12.2.0/gcc/testsuite/$dir/*")
done
if [ ${#patterns[@]} -gt 0 ]; then
    tar -xJf "$scratch/gcc-12-12.2.0/gcc-12.2.0-dfsg.tar.xz" -C "$scratch" --wildcards "${patterns[@]}"
fi
mkdir -p "$dest"
if [ $top_level = yes ]; then
    # Only the top level: `*` must not match the `/` of a subdirectory.
    mkdir -p "$scratch/top"
    tar -xJf "$scratch/gcc-12-12.2.0/gcc-12.2.0-dfsg.tar.xz" -C "$scratch/top" --wildcards --no-wildcards-match-slash \
        "gcc-12.2.0/gcc/testsuite/gcc.dg/*.c" "gcc-12.2.0/gcc/testsuite/gcc.dg/*.h"
    mv "$scratch/top/gcc-12.2.0/gcc/testsuite/gcc.dg" "$dest/dg"
    echo "fetch-gcc-torture: $(ls "$dest/dg"/*.c | wc -l) programs in $dest/dg"
fi
for dir in "${missing[@]}"; do
    mv "$scratch/gcc-12.2.0/gcc/testsuite/$dir" "$dest/${wanted[$dir]}"
    echo "fetch-gcc-torture: $(ls "$dest/${wanted[$dir]}"/*.c | wc -l) programs in $dest/${wanted[$dir]}"
done
