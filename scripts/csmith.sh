#!/usr/bin/env bash
# Differential testing of nissecc against gcc on random programs from csmith.
#
# Usage: scripts/csmith.sh --seeds A-B[,C,D-E...] [--profile basic|structs|unions]
#                          [--jobs N] [--keep DIR] [--nissecc PATH] [--timeout SECS]
#                          [--pgo]
#
# For every seed, csmith generates a program (the profile picks which C
# features it may use), gcc -O0 builds the reference, and nissecc builds it
# at -O0 and at -O2. Each binary runs under a time limit: SECS (default 10)
# for gcc's, five times that for nissecc's. A seed is
#   pass           both nissecc builds print what gcc's prints (the checksum
#                  line) and exit with the same status;
#   skip           csmith or gcc failed, or gcc's binary timed out or failed
#                  (the program is no test, and no failure);
#   unsupported    nissecc rejected the program with an `unsupported:` error;
#   compile-error  nissecc rejected it with any other error;
#   ice            nissecc panicked, reported an internal compiler error,
#                  died on a signal or timed out while compiling;
#   wrong-output   a nissecc build printed something else or exited with
#                  another status;
#   timeout        a nissecc build ran past its time limit;
#   crash          a nissecc build died on a signal.
# When the two levels differ, the seed takes the worse category (the later
# one in the list above).
#
# With --pgo, a seed whose -O0 and -O2 builds passed is also built the
# profile-guided way, at -O2: with -fprofile-instr=naive -fprofile-values,
# whose run writes the profile, with -fprofile-instr=sese -fprofile-values,
# and with -fprofile-use of the naive profile (and -Werror=profile-mismatch,
# since the source did not change), once with the default transforms and
# once with every transform (-fprofile-use-transforms=all). Each of the four
# builds is classified as the two above, and two more categories join the
# list, between ice and wrong-output:
#   profile-mismatch  the sese profile is not the naive one: `nissecc-profdata
#                     show --json` prints them differently (the comparison
#                     of tests/profile_oracle.rs), or a run wrote no profile;
#   pgo-wrong-output  an instrumented or profile-guided build printed
#                     something else or exited with another status.
#
# Every seed that did not pass is listed, with its category and the first
# line of what went wrong, in DIR/PROFILE-failures.txt (with --pgo,
# DIR/PROFILE-pgo-failures.txt); the program and nissecc's messages of
# every failure other than skip and unsupported are kept beside it as
# DIR/PROFILE-SEED.c and DIR/PROFILE-SEED-O0.txt (and -O2, and with --pgo
# -naive, -sese, -use-default, -use-all and -profdata, nissecc-profdata's),
# with the profiles as DIR/PROFILE-SEED-naive.nprof and -sese.nprof. DIR
# defaults to target/csmith under the project root. The last line printed
# is the summary, in the form
#   csmith PROFILE seeds SPEC: pass N, skip N, unsupported N, compile-error N,
#   ice N, wrong-output N, timeout N, crash N
# (with --pgo, `csmith PROFILE --pgo seeds SPEC:` and the two categories
# above in their place). The exit status is 0 when every seed passed, was
# skipped or was unsupported, 1 when any other category occurred and 2 on a
# usage or setup error.
set -u

root="$(cd "$(dirname "$0")/.." && pwd)"
seeds="" profile=basic jobs=2 keep="$root/target/csmith" nissecc="$root/target/release/nissecc" limit=10 pgo=0

usage() {
    sed -n '4,6p' "$0" | sed 's/^# //' >&2
    exit 2
}
die() {
    echo "csmith.sh: $*" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    if [ "$1" = --pgo ]; then
        pgo=1
        shift
        continue
    fi
    [ $# -ge 2 ] || usage
    case "$1" in
        --seeds) seeds="$2" ;;
        --profile) profile="$2" ;;
        --jobs) jobs="$2" ;;
        --keep) keep="$2" ;;
        --nissecc) nissecc="$2" ;;
        --timeout) limit="$2" ;;
        *) usage ;;
    esac
    shift 2
done
[ -n "$seeds" ] || usage
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "--jobs needs a positive number"
[[ "$limit" =~ ^[1-9][0-9]*$ ]] || die "--timeout needs a positive number of seconds"

# Every profile keeps to C that a small compiler is expected to handle:
# no packed structs (`#pragma pack`); only `unions` allows unions and
# bit-fields.
case "$profile" in
    basic) options=(--no-structs --no-unions --no-bitfields --no-packed-struct) ;;
    structs) options=(--no-unions --no-bitfields --no-packed-struct) ;;
    unions) options=(--no-packed-struct) ;;
    *) die "unknown profile '$profile' (basic, structs or unions)" ;;
esac

# The seed list: comma-separated seeds and inclusive ranges.
seed_list=()
IFS=',' read -r -a parts <<<"$seeds"
for part in "${parts[@]}"; do
    if [[ "$part" =~ ^([0-9]+)-([0-9]+)$ ]]; then
        for ((s = BASH_REMATCH[1]; s <= BASH_REMATCH[2]; s++)); do seed_list+=("$s"); done
    elif [[ "$part" =~ ^[0-9]+$ ]]; then
        seed_list+=("$part")
    else
        die "bad seed list '$seeds' (expected A-B, or seeds and ranges separated by commas)"
    fi
done
[ ${#seed_list[@]} -gt 0 ] || die "the seed list '$seeds' is empty"

command -v csmith >/dev/null || die "csmith is not installed: run scripts/setup.sh"
command -v gcc >/dev/null || die "gcc is not installed: run scripts/setup.sh"
include=""
for dir in "${CSMITH_INCLUDE:-}" /usr/include/csmith "$(dirname "$(command -v csmith)")"/../include/csmith*; do
    if [ -n "$dir" ] && [ -f "$dir/csmith.h" ]; then
        include="$dir"
        break
    fi
done
[ -n "$include" ] || die "csmith.h not found (Debian's libcsmith-dev): run scripts/setup.sh, or set CSMITH_INCLUDE"
[ -x "$nissecc" ] || die "no nissecc at '$nissecc': run cargo build --release, or pass --nissecc"
nissecc="$(cd "$(dirname "$nissecc")" && pwd)/$(basename "$nissecc")"
# The profile reader is built next to the compiler.
profdata="$(dirname "$nissecc")/nissecc-profdata"
[ "$pgo" = 0 ] || [ -x "$profdata" ] || die "no nissecc-profdata next to '$nissecc': run cargo build --release"
mkdir -p "$keep" || die "cannot create '$keep'"
keep="$(cd "$keep" && pwd)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/nissecc-csmith.XXXXXX")" || die "cannot create a temporary directory"
cleanup() {
    local pids
    pids="$(jobs -p)"
    [ -n "$pids" ] && kill $pids 2>/dev/null
    wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

compile_limit=120
nissecc_limit=$((limit * 5))
categories=(pass skip unsupported compile-error ice)
[ "$pgo" = 0 ] || categories+=(profile-mismatch pgo-wrong-output)
categories+=(wrong-output timeout crash)

# The index of a category in `categories`, which orders them by severity.
severity() {
    local i
    for i in "${!categories[@]}"; do
        [ "${categories[$i]}" = "$1" ] && echo "$i" && return
    done
}

# Writes `SEED<TAB>CATEGORY<TAB>DETAIL` for one seed to $tmp/results/SEED.
run_seed() {
    local seed="$1" dir="$tmp/work/$1" category=pass detail="" rc file
    mkdir -p "$dir"
    cd "$dir" || return
    local result="$tmp/results/$seed"
    finish() {
        printf '%s\t%s\t%s\n' "$seed" "$category" "$detail" >"$result"
        if [ "$category" != pass ] && [ "$category" != skip ] && [ "$category" != unsupported ]; then
            cp prog.c "$keep/$profile-$seed.c"
            for file in *.err; do
                [ -f "$file" ] && cp "$file" "$keep/$profile-$seed-${file%.err}.txt"
            done
            for file in *.nprof; do
                [ -f "$file" ] && cp "$file" "$keep/$profile-$seed-$file"
            done
        fi
        cd "$tmp" && rm -rf "$dir"
    }
    # csmith writes platform.info into the current directory, here $dir.
    if ! csmith --seed "$seed" "${options[@]}" -o prog.c >csmith.log 2>&1; then
        category=skip detail="csmith failed"
        finish
        return
    fi
    if ! timeout -k 5 "$compile_limit" gcc -O0 -w -I"$include" prog.c -o gcc.exe >gcc.log 2>&1; then
        category=skip detail="gcc failed to compile"
        finish
        return
    fi
    { timeout -k 5 "$limit" ./gcc.exe >gcc.out; } 2>/dev/null
    rc=$?
    if [ $rc -ne 0 ]; then
        category=skip
        [ $rc -eq 124 ] && detail="gcc's binary timed out after ${limit}s" || detail="gcc's binary exited with status $rc"
        finish
        return
    fi
    # Raises the seed's category to $1 (with detail $2) unless it is already worse.
    raise() {
        if [ "$(severity "$1")" -gt "$(severity "$category")" ]; then
            category="$1" detail="$2"
        fi
    }
    # Builds the program as NAME.exe with nissecc's FLAGS, runs it with
    # NAME.nprof as its profile file (which a build without instrumentation
    # ignores) and raises the seed's category by what went wrong, calling
    # a wrong output WRONG. Usage: check NAME LABEL WRONG FLAGS...; LABEL
    # starts the detail. Fails unless the build printed what gcc's printed.
    check() {
        local name="$1" label="$2" wrong="$3" err="$1.err" message
        shift 3
        timeout -k 5 "$compile_limit" "$nissecc" -w -I"$include" "$@" prog.c -o "$name.exe" >"$err" 2>&1
        rc=$?
        if [ $rc -ne 0 ]; then
            if [ $rc -eq 124 ]; then
                raise ice "$label: compiling timed out after ${compile_limit}s"
            elif grep -q -e 'internal compiler error' -e 'panicked' "$err" || [ $rc -ne 1 ]; then
                message="$(grep -m1 -e 'internal compiler error' -e 'panicked' "$err")"
                raise ice "$label: exit status $rc: ${message:-$(head -n1 "$err")}"
            elif grep -q 'error: unsupported:' "$err"; then
                raise unsupported "$label: $(grep -m1 -o 'error: unsupported:.*' "$err")"
            else
                message="$(grep -m1 'error' "$err")"
                raise compile-error "$label: ${message:-$(head -n1 "$err")}"
            fi
            return 1
        fi
        # The braces silence bash's own report of a binary killed by a signal.
        { NISSE_PROFILE_FILE="$name.nprof" timeout -k 5 "$nissecc_limit" "./$name.exe" >"$name.out"; } 2>/dev/null
        rc=$?
        if [ $rc -eq 124 ]; then
            raise timeout "$label: timed out after ${nissecc_limit}s (gcc's binary finished within ${limit}s)"
        elif [ $rc -gt 128 ]; then
            raise crash "$label: killed by signal $((rc - 128))"
        elif [ $rc -ne 0 ] || ! cmp -s gcc.out "$name.out"; then
            raise "$wrong" "$label: gcc printed '$(head -c 200 gcc.out | head -n1)', nissecc '$(head -c 200 "$name.out" | head -n1)' and exited with status $rc"
        else
            return 0
        fi
        return 1
    }
    check O0 -O0 wrong-output -O0
    check O2 -O2 wrong-output -O2
    if [ "$pgo" = 1 ] && [ "$category" = pass ]; then
        check_pgo
    fi
    finish
}

# The builds of --pgo for the seed that run_seed is checking (its helpers
# and variables are in scope): naive and sese profiles, which must be
# equal, and the naive profile's -fprofile-use builds.
check_pgo() {
    local transforms
    check naive "-O2 -fprofile-instr=naive" pgo-wrong-output -O2 -fprofile-instr=naive -fprofile-values || return
    if [ ! -f naive.nprof ]; then
        raise profile-mismatch "-O2 -fprofile-instr=naive: the run wrote no profile"
        return
    fi
    if check sese "-O2 -fprofile-instr=sese" pgo-wrong-output -O2 -fprofile-instr=sese -fprofile-values; then
        if [ ! -f sese.nprof ]; then
            raise profile-mismatch "-O2 -fprofile-instr=sese: the run wrote no profile"
        elif ! "$profdata" show --json naive.nprof >naive.json 2>profdata.err ||
            ! "$profdata" show --json sese.nprof >sese.json 2>>profdata.err; then
            raise profile-mismatch "nissecc-profdata show: $(head -n1 profdata.err)"
        elif ! cmp -s naive.json sese.json; then
            raise profile-mismatch "-O2 -fprofile-instr=sese: show --json differs from the naive profile's"
        fi
    fi
    for transforms in default all; do
        check "use-$transforms" "-O2 -fprofile-use (transforms $transforms)" pgo-wrong-output \
            -O2 -fprofile-use=naive.nprof -fprofile-use-transforms="$transforms" -Werror=profile-mismatch
    done
}

mkdir -p "$tmp/results" "$tmp/work"
running=0
for seed in "${seed_list[@]}"; do
    (run_seed "$seed") &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

mode="$profile"
[ "$pgo" = 0 ] || mode="$profile --pgo"
failures="$keep/${mode/ --/-}-failures.txt"
: >"$failures"
declare -A count
for category in "${categories[@]}"; do count[$category]=0; done
for seed in "${seed_list[@]}"; do
    if [ -f "$tmp/results/$seed" ]; then
        IFS=$'\t' read -r _ category detail <"$tmp/results/$seed"
        # An empty result (a full disk, a killed worker) is no verdict.
        [ -n "$category" ] || category=ice detail="the seed's worker left an empty result"
    else
        category=ice detail="the seed's worker died without a result"
    fi
    count[$category]=$((count[$category] + 1))
    if [ "$category" != pass ]; then
        printf 'seed %s\t%s\t%s\n' "$seed" "$category" "$detail" | tee -a "$failures"
    fi
done

summary="csmith $mode seeds $seeds:"
separator=" "
for category in "${categories[@]}"; do
    summary+="$separator$category ${count[$category]}"
    separator=", "
done
[ -s "$failures" ] && echo "Seeds that did not pass are listed in $failures."
echo "$summary"
# Every category after pass, skip and unsupported is a failure.
for category in "${categories[@]:3}"; do
    [ "${count[$category]}" -eq 0 ] || exit 1
done
exit 0
