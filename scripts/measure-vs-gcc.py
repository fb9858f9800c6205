#!/usr/bin/env python3
"""Dynamic instructions (valgrind callgrind's `Collected` total for the
whole process, which is deterministic) of nissecc -O2 against gcc and
clang-19 (when installed) at the same level, on the long jotai-subset
kernels' last listed input, all in one run: the measurement behind the
-O2 rows of docs/measurements.md. Every build's output must equal gcc's.

With `--baseline PATH`, a second nissecc binary (the compiler before a
change, say) is measured in the same run, and each kernel's change
(after ÷ before) is listed when it exceeds 1% either way, so one change's
effect is read off one run. Extra arguments are passed to nissecc (e.g. a
pass-disabling flag).

Usage: scripts/measure-vs-gcc.py [--level O1|O2] [--baseline NISSECC]
           [--limit N] [--kernels a,b] [--tsv FILE] [NISSECC_FLAG...]"""
import argparse, os, shutil, statistics, subprocess, tempfile
from jotai import ROOT, kernels as all_kernels, instructions as counted, measure_kernels

target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
parser = argparse.ArgumentParser()
parser.add_argument("--level", default="O2", choices=["O1", "O2"], help="the peers' level")
parser.add_argument("--nissecc", default=os.path.join(target, "release/nissecc"))
parser.add_argument("--baseline", help="a second nissecc binary, measured in the same run")
parser.add_argument("--limit", type=int, default=10**9)
parser.add_argument("--kernels", help="comma-separated kernel name prefixes (k017,k020)")
parser.add_argument("--tsv", help="also write every kernel's counts here")
parser.add_argument("flags", nargs="*")
args = parser.parse_args()

selected = [k for k in all_kernels() if k["long"]][: args.limit]
if args.kernels:
    prefixes = args.kernels.split(",")
    selected = [k for k in selected if any(k["name"].startswith(p) for p in prefixes)]
work = tempfile.mkdtemp(prefix="nisse-vs-gcc-")
compilers = {"nissecc": [args.nissecc, "-O2", *args.flags]}
if args.baseline:
    compilers["baseline"] = [args.baseline, "-O2", *args.flags]
compilers["gcc"] = ["gcc", f"-{args.level}", "-w"]
if shutil.which("clang-19"):
    compilers["clang"] = ["clang-19", f"-{args.level}", "-w"]


def measure(kernel):
    name, arg = kernel["name"], kernel["inputs"][-1]
    counts, outputs = {}, {}
    for compiler, command in compilers.items():
        exe = os.path.join(work, f"{name}.{compiler}")
        subprocess.run([*command, kernel["source"], "-o", exe, "-lm"], check=True)
        counts[compiler], outputs[compiler] = counted(exe, arg, from_main=False)
    for compiler, output in outputs.items():
        if output != outputs["gcc"]:
            raise RuntimeError(f"{name}: {compiler}'s output differs from gcc's")
    return name, counts


results = sorted(measure_kernels(selected, measure))
if len(results) < len(selected):
    raise SystemExit(f"{len(selected) - len(results)} kernels failed")
peers = [c for c in ("gcc", "clang") if c in compilers]
columns = [c for c in compilers if c not in peers]
print("kernel\t" + "\t".join(compilers) + "\t" + "\t".join(f"{c}/{p}" for c in columns for p in peers))
for name, counts in results:
    ratios = [f"{counts[c] / counts[p]:.3f}" for c in columns for p in peers]
    print(name + "\t" + "\t".join(str(counts[c]) for c in compilers) + "\t" + "\t".join(ratios))
if args.tsv:
    with open(args.tsv, "w") as f:
        f.write("kernel\t" + "\t".join(compilers) + "\n")
        f.writelines(name + "\t" + "\t".join(str(counts[c]) for c in compilers) + "\n" for name, counts in results)
for column in columns:
    for peer in peers:
        ratios = [counts[column] / counts[peer] for _, counts in results]
        above = sum(r > 1.3 for r in ratios)
        worst = max(results, key=lambda r: r[1][column] / r[1][peer])[0]
        print(f"{column} -O2 / {peer} -{args.level}: median {statistics.median(ratios):.4f}, "
              f"worst {max(ratios):.3f} ({worst}), above 1.3x: {above}, over {len(ratios)} kernels")
if args.baseline:
    changes = sorted((counts["nissecc"] / counts["baseline"], name) for name, counts in results)
    faster = ", ".join(f"{n} x{r:.3f}" for r, n in changes if r < 0.99) or "none"
    slower = ", ".join(f"{n} x{r:.3f}" for r, n in reversed(changes) if r > 1.01) or "none"
    product = 1.0
    for r, _ in changes:
        product *= r
    print(f"nissecc / baseline: faster by >1%: {faster}; slower by >1%: {slower}; "
          f"geometric mean x{product ** (1 / len(changes)):.4f}")
