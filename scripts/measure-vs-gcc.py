#!/usr/bin/env python3
"""Dynamic instructions (valgrind callgrind's `Collected` total, which is
deterministic) of nissecc -O2 against gcc -O1 on the long jotai-subset
kernels' last listed input: the measurement behind the optimizing midend's
per-pass numbers in docs/measurements.md. Extra arguments are passed to nissecc
(e.g. a pass-disabling flag), so one pass's effect is the difference of two
runs. Usage: scripts/measure-vs-gcc.py [--limit N] [--tsv FILE] [NISSECC_FLAG...]"""
import argparse, os, statistics, subprocess, tempfile
from concurrent.futures import ThreadPoolExecutor
from jotai import ROOT, kernels as all_kernels, instructions as counted

target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
nissecc = os.path.join(target, "release/nissecc")
parser = argparse.ArgumentParser()
parser.add_argument("--limit", type=int, default=10**9)
parser.add_argument("--tsv", help="also write kernel, nissecc and gcc counts here")
parser.add_argument("flags", nargs="*")
args = parser.parse_args()

kernels = [(k["name"], k["inputs"][-1]) for k in all_kernels() if k["long"]][: args.limit]
work = tempfile.mkdtemp(prefix="nisse-vs-gcc-")

def instructions(exe, arg):
    """The whole process's instructions, and its output."""
    return counted(exe, arg, from_main=False)

def measure(kernel):
    name, arg = kernel
    source = os.path.join(ROOT, "jotai-subset", name + ".c")
    ours, ref = os.path.join(work, name + ".nissecc"), os.path.join(work, name + ".gcc")
    subprocess.run([nissecc, "-O2", *args.flags, source, "-o", ours], check=True)
    subprocess.run(["gcc", "-O1", "-w", source, "-o", ref, "-lm"], check=True)
    (n, n_out), (g, g_out) = instructions(ours, arg), instructions(ref, arg)
    if n_out != g_out:
        raise RuntimeError(f"{name}: output differs from gcc's")
    return name, n, g

with ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(measure, kernels))
ratios = []
for name, n, g in results:
    ratios.append(n / g)
    print(f"{name}\t{n}\t{g}\t{n / g:.3f}")
if args.tsv:
    with open(args.tsv, "w") as f:
        f.writelines(f"{name}\t{n}\t{g}\n" for name, n, g in results)
total = sum(n for _, n, _ in results) / sum(g for _, _, g in results)
print(f"nissecc -O2 {' '.join(args.flags)} / gcc -O1: median {statistics.median(ratios):.3f}x, "
      f"worst {max(ratios):.3f}x, total {total:.3f}x over {len(ratios)} kernels; "
      f"nissecc total {sum(n for _, n, _ in results)}")
