#!/bin/sh
# Validate the nissecc end-to-end C tests with gcc.
#
# For every tests/c/*.c and every tests/c/multi/<name>/ directory:
#   1. gcc -std=gnu11 -O0 -fsanitize=address,undefined -fno-sanitize-recover=all -Wall
#      must compile without ANY diagnostic and the program must run without a
#      sanitizer report;
#   2. gcc -std=gnu11 -O2 -Wall must produce identical stdout and exit status.
# A test may carry a line "// gcc-check-flags: <flags>" (e.g. -Wno-parentheses
# for deliberate precedence tests); those flags are added to both gcc runs.
# They only silence style warnings and never matter to nissecc.
# For every tests/c/errors/*.c:
#   - the first line must be "// expect-error: <substring>";
#   - fixtures whose substring starts with "unsupported:" must be accepted by
#     gcc (they are valid GNU C that nissecc deliberately rejects);
#   - all other fixtures must be rejected by gcc (they are invalid C).
#
# Usage: tests/c/check-with-gcc.sh [file.c|dir ...]   (default: everything)
# Exit status: 0 if everything passed, 1 otherwise.

cd "$(dirname "$0")" || exit 1
TMP=$(mktemp -d /tmp/check-with-gcc.XXXXXX)
trap 'rm -rf "$TMP"' EXIT INT TERM
CFLAGS="-std=gnu11 -Wall"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
pass=0
fail=0

bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

# check_prog NAME SOURCES...
check_prog() {
    name=$1; shift
    extra=$(sed -n 's|^// gcc-check-flags: *||p' "$@" | tr '\n' ' ')
    if ! gcc $CFLAGS $extra -O0 $SAN -o "$TMP/san" "$@" -lm >"$TMP/cc0.txt" 2>&1; then
        bad "$name" "gcc -O0 (sanitizers) failed to compile"; cat "$TMP/cc0.txt"; return
    fi
    if [ -s "$TMP/cc0.txt" ]; then
        bad "$name" "gcc -O0 emitted diagnostics"; cat "$TMP/cc0.txt"; return
    fi
    if ! gcc $CFLAGS $extra -O2 -o "$TMP/opt" "$@" -lm >"$TMP/cc2.txt" 2>&1; then
        bad "$name" "gcc -O2 failed to compile"; cat "$TMP/cc2.txt"; return
    fi
    if [ -s "$TMP/cc2.txt" ]; then
        bad "$name" "gcc -O2 emitted diagnostics"; cat "$TMP/cc2.txt"; return
    fi
    (cd "$TMP" && timeout 20 ./san >"$TMP/out0.txt" 2>"$TMP/err0.txt"); rc0=$?
    if [ -s "$TMP/err0.txt" ]; then
        bad "$name" "stderr output (sanitizer report?) at -O0, status $rc0"; head -30 "$TMP/err0.txt"; return
    fi
    if [ "$rc0" -ge 124 ]; then
        bad "$name" "timeout or crash at -O0 (status $rc0)"; return
    fi
    (cd "$TMP" && timeout 20 ./opt >"$TMP/out2.txt" 2>"$TMP/err2.txt"); rc2=$?
    if [ "$rc0" != "$rc2" ]; then
        bad "$name" "exit status differs: -O0 $rc0, -O2 $rc2"; return
    fi
    if ! cmp -s "$TMP/out0.txt" "$TMP/out2.txt"; then
        bad "$name" "stdout differs between -O0 and -O2"
        diff "$TMP/out0.txt" "$TMP/out2.txt" | head -20; return
    fi
    if [ ! -s "$TMP/out0.txt" ]; then
        bad "$name" "program printed nothing"; return
    fi
    pass=$((pass + 1))
}

check_error() {
    f=$1
    first=$(head -n 1 "$f")
    case "$first" in
        "// expect-error: "?*) ;;
        *) bad "$f" "first line is not '// expect-error: <substring>'"; return ;;
    esac
    msg=${first#// expect-error: }
    if gcc -std=gnu11 -fsyntax-only "$f" >"$TMP/err.txt" 2>&1; then accepted=yes; else accepted=no; fi
    case "$msg" in
        unsupported:*)
            if [ $accepted = no ]; then
                bad "$f" "gcc rejects it, but it should be valid GNU C"; cat "$TMP/err.txt"; return
            fi ;;
        *)
            if [ $accepted = yes ]; then
                bad "$f" "gcc accepts it, but it should be invalid C"; return
            fi ;;
    esac
    pass=$((pass + 1))
}

if [ $# -eq 0 ]; then
    set -- *.c multi/*/ errors/*.c
fi
for t in "$@"; do
    t=${t%/}
    case "$t" in
        errors/*.c|*/errors/*.c) check_error "$t" ;;
        *.c) check_prog "$t" "$t" ;;
        *)
            if [ -d "$t" ]; then
                check_prog "$t" "$t"/*.c
            else
                bad "$t" "no such test"
            fi ;;
    esac
done
echo "passed: $pass, failed: $fail"
[ $fail -eq 0 ]
