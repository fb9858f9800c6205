#!/usr/bin/env bash
# Fetches the test programs of the Tiny C Compiler (tcc's tests/tests2:
# about a hundred small C programs, each with the output tcc expects) from
# Debian's source package, an oracle nobody on this project wrote. They
# land in target/tcc-tests/tests2, outside version control; the tarball is
# checked against its SHA-256. tests/tcc_suite.rs compiles them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/debian-source.sh"
dest="$root/target/tcc-tests"
[ -d "$dest/tests2" ] && exit 0
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
archive="$(fetch_debian_source "http://deb.debian.org/debian/pool/main/t/tcc/tcc_0.9.27%2bgit20200814.62c30a4a.orig.tar.bz2" \
    d63c113bcdd657f51c8ee197a0b0a24203603313e19a52b5f678d40ab7f5df35 "$scratch")"
tar -xjf "$archive" -C "$scratch" tests/tests2
mkdir -p "$dest"
mv "$scratch/tests/tests2" "$dest/tests2"
echo "fetch-tcc-tests: $(ls "$dest/tests2"/*.c | wc -l) programs in $dest/tests2"
