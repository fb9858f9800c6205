#!/usr/bin/env bash
# Validate jotai-subset kernels with gcc.
# Usage: ./check-with-gcc.sh [file.c ...]   (default: every k*.c in this directory)
# For each kernel, inputs are read from the first-line comment
#   // inputs: 0 1 2  tags: a, b
# Checks: compiles warning-free with -Wall (ASan+UBSan build, -O0 and -O2 builds),
# every input runs clean under ASan/UBSan, and stdout + exit status agree
# between gcc -O0, gcc -O2 and the sanitizer build.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -eq 0 ]; then
  set -- "$here"/k*.c
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
CC="${CC:-gcc}"
pass=0; fail=0; failed=()
for f in "$@"; do
  name="$(basename "$f" .c)"
  first="$(head -n 1 "$f")"
  inputs="$(printf '%s\n' "$first" | sed -n 's|^//[[:space:]]*inputs:[[:space:]]*\([0-9 ]*\).*|\1|p')"
  if [ -z "${inputs// /}" ]; then
    echo "FAIL $name: no '// inputs:' first line"; fail=$((fail+1)); failed+=("$name"); continue
  fi
  ok=1
  if ! "$CC" -std=gnu11 -Wall -Werror -O0 -fsanitize=address,undefined -fno-sanitize-recover=all \
        -o "$tmp/$name.san" "$f" -lm 2>"$tmp/$name.err"; then
    echo "FAIL $name: sanitizer build"; cat "$tmp/$name.err"; ok=0
  fi
  for lvl in O0 O2; do
    if ! "$CC" -std=gnu11 -Wall -Werror -$lvl -o "$tmp/$name.$lvl" "$f" -lm 2>"$tmp/$name.err"; then
      echo "FAIL $name: -$lvl build"; cat "$tmp/$name.err"; ok=0
    fi
  done
  if [ $ok -eq 1 ]; then
    for i in $inputs; do
      timeout 60 "$tmp/$name.san" "$i" >"$tmp/out.san" 2>"$tmp/err.san"; rs=$?
      timeout 10 "$tmp/$name.O0" "$i" >"$tmp/out.O0" 2>/dev/null; r0=$?
      timeout 10 "$tmp/$name.O2" "$i" >"$tmp/out.O2" 2>/dev/null; r2=$?
      if [ -s "$tmp/err.san" ]; then
        echo "FAIL $name input $i: sanitizer/stderr output:"; head -n 20 "$tmp/err.san"; ok=0
      fi
      if [ $r0 -ge 124 ] || [ $r0 -ge 128 ]; then
        echo "FAIL $name input $i: -O0 run crashed or timed out (status $r0)"; ok=0
      fi
      if [ $r0 -ne $r2 ] || [ $r0 -ne $rs ]; then
        echo "FAIL $name input $i: exit status differs (O0=$r0 O2=$r2 san=$rs)"; ok=0
      fi
      if ! cmp -s "$tmp/out.O0" "$tmp/out.O2" || ! cmp -s "$tmp/out.O0" "$tmp/out.san"; then
        echo "FAIL $name input $i: stdout differs between builds"; ok=0
      fi
      if [ ! -s "$tmp/out.O0" ]; then
        echo "FAIL $name input $i: no output"; ok=0
      fi
    done
  fi
  if [ $ok -eq 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); failed+=("$name"); fi
done
echo "passed: $pass  failed: $fail"
[ $fail -eq 0 ] || { echo "failed: ${failed[*]}"; exit 1; }
