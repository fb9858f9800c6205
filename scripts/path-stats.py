#!/usr/bin/env python3
"""Path-profiling statistics over the jotai-subset kernels (issue 5): how
many instrumented functions count their paths in a dense array and how
many in the runtime's hash table, and how many paths the kernels' inputs
execute against how many could be executed. Each kernel is built with
-fprofile-instr=path (and --stats, which prints each function's potential
paths and storage), run on every input of the manifest into one merged
profile, and read back with nissecc-profdata show --json.
Usage: scripts/path-stats.py [--long-only] [extra nissecc flags...]"""
import json, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
nissecc = os.path.join(root, "target/release/nissecc")
profdata = os.path.join(root, "target/release/nissecc-profdata")
args = sys.argv[1:]
long_only = "--long-only" in args
flags = [a for a in args if a != "--long-only"]
kernels = []
for line in open(os.path.join(root, "jotai-subset/manifest.tsv")):
    if line.startswith("#") or not line.strip():
        continue
    name, inputs, _tags, length = line.rstrip("\n").split("\t")
    if not long_only or length.strip() == "long":
        kernels.append((name, inputs.split()))
work = tempfile.mkdtemp(prefix="nisse-paths-")
row = re.compile(r"^(\S+)\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\S+\s+paths (\d+) \((array|hash)\), truncations (\d+)$")

def measure(kernel):
    name, inputs = kernel
    exe = os.path.join(work, name)
    built = subprocess.run([nissecc, "-O2", "-fprofile-instr=path", "--stats", *flags,
                            os.path.join(root, "jotai-subset", name + ".c"), "-o", exe],
                           capture_output=True, text=True, check=True)
    functions = {}
    for line in built.stderr.splitlines():
        m = row.match(line)
        if m:
            functions[m.group(1)] = {"potential": int(m.group(2)), "storage": m.group(3),
                                     "truncations": int(m.group(4)), "executed": 0}
    profile = os.path.join(work, name + ".nprof")
    for arg in inputs:
        subprocess.run([exe, arg], capture_output=True, env=dict(os.environ, NISSE_PROFILE_FILE=profile + "%m"))
    shown = json.loads(subprocess.run([profdata, "show", "--json", profile], capture_output=True, text=True, check=True).stdout)
    for f in shown["functions"]:
        functions[f["name"]]["executed"] = len(f["paths"])
    return name, functions

with ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(measure, kernels))
for storage in ("array", "hash"):
    fs = [f for _, functions in results for f in functions.values() if f["storage"] == storage]
    executed = sum(f["executed"] for f in fs)
    potential = sum(f["potential"] for f in fs)
    truncated = sum(1 for f in fs if f["truncations"])
    print(f"{storage}: {len(fs)} functions, {executed} executed paths of {potential} potential "
          f"({100 * executed / potential if potential else 0:.2f}%), {truncated} functions truncated")
all_fs = [f for _, functions in results for f in functions.values()]
print(f"all: {len(all_fs)} functions in {len(results)} kernels, {sum(f['executed'] for f in all_fs)} executed paths "
      f"of {sum(f['potential'] for f in all_fs)} potential")
for name, functions in results:
    for fname, f in sorted(functions.items()):
        if f["storage"] == "hash" or f["truncations"]:
            print(f"  {name} `{fname}`: {f['executed']} of {f['potential']} paths ({f['storage']}, {f['truncations']} truncations)")
