#!/usr/bin/env python3
"""Dynamic-instruction overhead of the profiling strategies, measured with
valgrind (callgrind's instruction count, deterministic) on the long
jotai-subset kernels' last listed input. An interim measurement until
`nissecc-bench` exists (issue 6). Usage: scripts/measure-overhead.py [N]"""
import os, statistics, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
nissecc = os.environ.get("NISSECC", os.path.join(root, "target/release/nissecc"))
limit = int(sys.argv[1]) if len(sys.argv) > 1 else 10**9
kernels = []
for line in open(os.path.join(root, "jotai-subset/manifest.tsv")):
    if line.startswith("#") or not line.strip():
        continue
    name, inputs, _tags, length = line.rstrip("\n").split("\t")
    if length.strip() == "long":
        kernels.append((name, inputs.split()[-1]))
kernels = kernels[:limit]
work = tempfile.mkdtemp(prefix="nisse-ovh-")
configs = {"base": [], "naive": ["-fprofile-instr=naive"], "ks": ["-fprofile-instr=ks"], "sese": ["-fprofile-instr=sese"], "path": ["-fprofile-instr=path"]}
strategies = [c for c in configs if c != "base"]

def instructions(exe, arg):
    env = dict(os.environ, NISSE_PROFILE_FILE=os.path.join(work, "p-%p.nprof"))
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", exe, arg],
                         capture_output=True, text=True, env=env)
    for line in out.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise RuntimeError(out.stderr)

def measure(kernel):
    name, arg = kernel
    counts = {}
    for config, flags in configs.items():
        exe = os.path.join(work, f"{name}.{config}")
        subprocess.run([nissecc, "-O2", *flags, os.path.join(root, "jotai-subset", name + ".c"), "-o", exe], check=True)
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
