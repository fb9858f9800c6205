#!/usr/bin/env bash
# Fetches GCC's C torture execution tests (gcc/testsuite/gcc.c-torture/
# execute: about 1,600 self-checking programs that abort on a wrong
# result) from Debian's gcc-12 source package, an oracle nobody on this
# project wrote. They land in target/gcc-torture/execute, outside version
# control; the archive is checked against its SHA-256.
# tests/gcc_torture.rs compiles them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/debian-source.sh"
dest="$root/target/gcc-torture"
[ -d "$dest/execute" ] && exit 0
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
archive="$(fetch_debian_source "http://deb.debian.org/debian/pool/main/g/gcc-12/gcc-12_12.2.0.orig.tar.gz" \
    b8298be16aeeb96a889c6afed0a8e2241b47452e89cc81fe65ea849d5c740fcb "$scratch")"
tar -xzf "$archive" -C "$scratch" gcc-12-12.2.0/gcc-12.2.0-dfsg.tar.xz
tar -xJf "$scratch/gcc-12-12.2.0/gcc-12.2.0-dfsg.tar.xz" -C "$scratch" --wildcards 'gcc-12.2.0/gcc/testsuite/gcc.c-torture/execute/*'
mkdir -p "$dest"
mv "$scratch/gcc-12.2.0/gcc/testsuite/gcc.c-torture/execute" "$dest/execute"
echo "fetch-gcc-torture: $(ls "$dest/execute"/*.c | wc -l) programs in $dest/execute"
