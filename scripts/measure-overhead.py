#!/usr/bin/env python3
"""Dynamic-instruction overhead of the profiling strategies, measured with
valgrind (callgrind's instruction count, deterministic) on the long
jotai-subset kernels' last listed input. An interim measurement until
`nissecc-bench` exists (issue 6). Usage: scripts/measure-overhead.py [N]"""
import os, statistics, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from jotai import ROOT, kernels as all_kernels, instructions as counted

nissecc = os.environ.get("NISSECC", os.path.join(ROOT, "target/release/nissecc"))
limit = int(sys.argv[1]) if len(sys.argv) > 1 else 10**9
kernels = [(k["name"], k["inputs"][-1]) for k in all_kernels() if k["long"]][:limit]
work = tempfile.mkdtemp(prefix="nisse-ovh-")
configs = {"base": [], "naive": ["-fprofile-instr=naive"], "ks": ["-fprofile-instr=ks"], "sese": ["-fprofile-instr=sese"], "path": ["-fprofile-instr=path"]}
strategies = [c for c in configs if c != "base"]

def instructions(exe, arg):
    """The whole process's instructions; the profile it writes is discarded."""
    env = dict(os.environ, NISSE_PROFILE_FILE=os.path.join(work, "p-%p.nprof"))
    return counted(exe, arg, from_main=False, env=env)[0]

def measure(kernel):
    name, arg = kernel
    counts = {}
    for config, flags in configs.items():
        exe = os.path.join(work, f"{name}.{config}")
        subprocess.run([nissecc, "-O2", *flags, os.path.join(ROOT, "jotai-subset", name + ".c"), "-o", exe], check=True)
        counts[config] = instructions(exe, arg)
    return name, counts

with ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(measure, kernels))
print("| kernel | " + " | ".join(configs) + " | " + " | ".join(f"{s}/base" for s in strategies) + " |")
print("|---" * (len(configs) + len(strategies)) + "|")
for name, c in results:
    print(f"| {name} | " + " | ".join(str(c[k]) for k in configs) + " | " + " | ".join(f"{c[s]/c['base']:.3f}" for s in strategies) + " |")
for config in strategies:
    ratios = [c[config] / c["base"] for _, c in results]
    total = sum(c[config] for _, c in results) / sum(c["base"] for _, c in results)
    print(f"{config}: median {statistics.median(ratios):.3f}x, max {max(ratios):.3f}x, total {total:.3f}x over {len(ratios)} kernels")
