#!/usr/bin/env python3
"""Whether a combined profile's variance helps -fprofile-use (issue 19):
every jotai-subset kernel is trained on all its inputs but the last, one
profile per input, and evaluated on the last (a held-out input, so the
training inputs differ from it and from each other). Dynamic instructions
(valgrind callgrind from `main` on) of nissecc -O2 with

  sum       the summed profile (`merge`), default transforms;
  mean      the combined profile (`merge --combined`), default transforms:
            its means;
  stable    the combined profile with the default transforms and the
            `stable` rule, which keeps orientation off branches whose bias
            is unstable across the training runs;

plus plain -O2 for reference. Kernels whose builds do not differ between
mean and stable are counted but not timed twice.

Usage: scripts/measure-combined.py [--limit N] [--kernels a,b] [--json FILE]
"""
import argparse, filecmp, json, os, subprocess, sys, tempfile

from jotai import ROOT, kernels, instructions, measure_kernels

NISSECC = os.path.join(ROOT, "target/release/nissecc")
PROFDATA = os.path.join(ROOT, "target/release/nissecc-profdata")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=True, **kw)


def measure(k):
    inputs = k["inputs"]
    train, held_out = inputs[:-1], inputs[-1]
    with tempfile.TemporaryDirectory() as work:
        instr = os.path.join(work, "instr")
        run([NISSECC, "-O2", "-fprofile-instr=ks", k["source"], "-o", instr])
        runs = []
        for i, arg in enumerate(train):
            profile = os.path.join(work, f"run{i}.nprof")
            # Some kernels report through their exit status.
            subprocess.run([instr, arg], capture_output=True, env=dict(os.environ, NISSE_PROFILE_FILE=profile))
            runs.append(profile)
        summed, combined = os.path.join(work, "sum.nprof"), os.path.join(work, "combined.nprof")
        run([PROFDATA, "merge", "-o", summed, *runs])
        run([PROFDATA, "merge", "--combined", "-o", combined, *runs])
        builds = {"O2": [], "sum": [f"-fprofile-use={summed}"], "mean": [f"-fprofile-use={combined}"],
                  "stable": [f"-fprofile-use={combined}", "-fprofile-use-transforms=default,stable"]}
        exes, held = {}, 0
        for name, flags in builds.items():
            exes[name] = os.path.join(work, name)
            out = run([NISSECC, "-O2", *flags, "--stats=json", k["source"], "-o", exes[name]])
            if name == "stable":
                held = sum(f.get("held", 0) for f in held_counts(out.stderr))
        result = {"name": k["name"], "branchy": k["branchy"], "held": held, "train": train, "input": held_out}
        for name, exe in exes.items():
            if name == "stable" and filecmp.cmp(exe, exes["mean"], shallow=False):
                result[name] = result["mean"]
            else:
                result[name] = instructions(exe, held_out)[0]
        print(f"{k['name']:32} held {held:3}  " + "  ".join(f"{n} {result[n]:>12}" for n in builds), flush=True)
        return result


def held_counts(stats):
    """The per-function outcomes in `--stats=json` output."""
    outcomes = []
    for line in stats.splitlines():
        try:
            doc = json.loads(line)
        except ValueError:
            continue
        if isinstance(doc, dict):
            outcomes.extend(doc.get("functions", []))
    return outcomes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int)
    parser.add_argument("--kernels")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    selected = kernels()
    if args.kernels:
        wanted = set(args.kernels.split(","))
        selected = [k for k in selected if k["name"] in wanted]
    selected = [k for k in selected if len(k["inputs"]) >= 3][: args.limit]
    results = measure_kernels(selected, measure, args.json)
    changed = [r for r in results if r["stable"] != r["mean"]]
    print(f"{len(results)} kernels; the variance rule held back branches in {sum(r['held'] > 0 for r in results)}, changed the code of {len(changed)}")
    for r in changed:
        print(f"  {r['name']:32} held {r['held']:3}  mean {r['mean']:>12}  stable {r['stable']:>12}  {100.0 * (r['stable'] / r['mean'] - 1):+.2f}%")
    for base in ["O2", "sum", "mean"]:
        ratios = [r["stable"] / r[base] for r in results]
        geo = 1.0
        for x in ratios:
            geo *= x
        geo **= 1.0 / max(len(ratios), 1)
        print(f"stable / {base}: geometric mean {geo:.4f}, best {min(ratios):.4f}, worst {max(ratios):.4f}")


if __name__ == "__main__":
    main()
