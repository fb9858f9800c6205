#!/usr/bin/env python3
"""How much a profile-guided layout and inliner could still gain on each
jotai-subset kernel, measured rather than guessed.

Layout (branch orientation, tail duplication, loop rotation) can only
remove the unconditional jumps a program executes, and inlining can only
remove the call overhead: the `call` and `ret`, and the frame set-up and
tear-down around them (`push %rbp; mov %rsp,%rbp` ... `mov %rbp,%rsp;
pop %rbp`). This script builds each kernel with nissecc -O2, without and
with `-fprofile-use` (the default transform set, same-input profile),
runs it under callgrind with `--collect-jumps=yes`, counting from `main`
on, and reports per kernel:

  - the instructions from `main` on, and the share of them executed in the
    program's own code (the rest is libc: printf, atoi, strlen, ...);
  - the unconditional jumps executed in the program's own code;
  - the calls from the program's own code to its own functions;
  - the bound: the speedup if every such jump, and 6 instructions of
    every such call, disappeared from the profile-guided build.

The bound is generous: a layout cannot remove every jump (a loop with two
exits keeps one), and it ignores what unrolling or value-profile
specialization could remove, which are not layout.

Usage: scripts/pgo-headroom.py [--all] [--kernels a,b] [--json FILE]
  --all  every kernel (default: the branch-heavy ones)
"""
import argparse, os, statistics, subprocess, sys, tempfile

from jotai import ROOT, kernels, measure_kernels

NISSECC = os.environ.get("NISSECC", os.path.join(ROOT, "target/release/nissecc"))
CALL_OVERHEAD = 6


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=True, **kw)


def control_transfers(exe, arg, work):
    """Callgrind's counts for one run, from `main` on: total instructions,
    instructions in `exe`'s own code, unconditional jumps and conditional
    branches (executed, taken) in its code, and calls from its code to its
    code."""
    out = os.path.join(work, os.path.basename(exe) + ".cg")
    subprocess.run(["valgrind", "--tool=callgrind", "--collect-jumps=yes", "--dump-instr=yes", "--compress-strings=no",
                    "--compress-pos=no", "--toggle-collect=main", f"--callgrind-out-file={out}", exe, arg],
                   capture_output=True, env=dict(os.environ, NISSE_PROFILE_FILE=os.path.join(work, "discard.nprof")))
    counts = {"insts": 0, "own": 0, "jumps": 0, "branches": 0, "taken": 0, "calls": 0}
    own = lambda path: os.path.basename(path) == os.path.basename(exe)
    in_own, callee_own, after_call = False, True, False
    for line in open(out):
        if line.startswith("ob="):
            in_own = own(line[3:].strip())
        elif line.startswith("cob="):
            callee_own = own(line[4:].strip())
        elif line.startswith("totals:") or line.startswith("summary:"):
            counts["insts"] = int(line.split()[1])
        elif not in_own:
            after_call = line.startswith("calls=")
            continue
        elif line.startswith("jump="):
            counts["jumps"] += int(line[5:].split()[0])
        elif line.startswith("jcnd="):
            taken, executed = line[5:].split()[0].split("/")
            counts["branches"] += int(executed)
            counts["taken"] += int(taken)
        elif line.startswith("calls="):
            if callee_own:
                counts["calls"] += int(line[6:].split()[0])
            callee_own, after_call = True, True
            continue
        elif line[:1].isdigit() or line.startswith("0x") or line.startswith("+") or line.startswith("-"):
            # A cost line: self cost, unless it follows a `calls=` line,
            # when it is the call's inclusive cost.
            if not after_call:
                fields = line.split()  # instruction, line, Ir
                if len(fields) >= 3:
                    counts["own"] += int(fields[2])
        after_call = False
    os.remove(out)
    return counts


def measure(k, work):
    name, src = k["name"], k["source"]
    arg = k["inputs"][-1]
    path = lambda suffix: os.path.join(work, f"{name}.{suffix}")
    run([NISSECC, "-O2", "-fprofile-instr=naive", src, "-o", path("instr")])
    subprocess.run([path("instr"), arg], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, NISSE_PROFILE_FILE=path("nprof")))
    run([NISSECC, "-O2", src, "-o", path("plain")])
    run([NISSECC, "-O2", f"-fprofile-use={path('nprof')}", src, "-o", path("pgo")])
    result = {"name": name, "branchy": k["branchy"]}
    for build in ("plain", "pgo"):
        result[build] = control_transfers(path(build), arg, work)
    pgo = result["pgo"]
    removable = pgo["jumps"] + CALL_OVERHEAD * pgo["calls"]
    result["bound"] = pgo["insts"] / max(1, pgo["insts"] - removable)
    result["speedup"] = result["plain"]["insts"] / max(1, pgo["insts"])
    print(f"measured {name}", file=sys.stderr)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--kernels", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    selected = [k for k in kernels() if (args.all or k["branchy"])
                and (not args.kernels or k["name"].split("_")[0] in args.kernels.split(",")
                     or k["name"] in args.kernels.split(","))]
    work = tempfile.mkdtemp(prefix="nisse-headroom-")
    results = measure_kernels(selected, lambda k: measure(k, work), args.json)
    print("| kernel | insts from main (PGO) | own code | jumps | calls | cond. branches | PGO speedup now | bound |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        p = r["pgo"]
        print(f"| {r['name']} | {p['insts']} | {p['own'] / max(1, p['insts']):.1%} | {p['jumps'] / max(1, p['insts']):.2%} "
              f"| {p['calls']} | {p['branches'] / max(1, p['insts']):.1%} | {r['speedup']:.3f} | {r['bound']:.3f} |")
    if results:
        bounds = [r["bound"] for r in results]
        print()
        print(f"{len(results)} kernels: bound median {statistics.median(bounds):.3f}, "
              f"max {max(bounds):.3f}; kernels whose bound reaches 1.08: {sum(b >= 1.08 for b in bounds)}; "
              f"PGO speedup now median {statistics.median(r['speedup'] for r in results):.3f}")


if __name__ == "__main__":
    main()
