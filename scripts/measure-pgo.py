#!/usr/bin/env python3
"""The effect of -fprofile-use on the jotai-subset kernels: dynamic
instructions (valgrind callgrind, counted from `main` on, so the dynamic
loader and libc start-up do not dilute the kernels) and wall time (median of
paired runs), for nissecc -O2 without a profile, with all profile-guided
transforms, with all but one (the ablation that says what each
transform adds) and with the default set, plus gcc -O1/-O2 for
reference.

Every kernel is evaluated on its last listed input. The profile comes from
that same input ("same") and, for the default transform set, from the
input listed before it ("cross"), as issue 7 asks. An interim tool until
`nissecc-bench` exists (issue 6).

Usage: scripts/measure-pgo.py [--limit N] [--kernels a,b] [--wall] [--runs R]
       [--json FILE] [--transforms SET;SET...] [--cross SET;SET...]
  --transforms  the transform sets measured with the same-input profile
                (default: all and its ablations)
  --cross       further transform sets measured with the cross-input
                profile (rows "cross:SET"; "all-cross" is always the default
                set)
  --wall   also time the long kernels: median of R (default 5) paired
           samples, each the wall time of a batch of runs of the binary.
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time

from jotai import ROOT, kernels, instructions as counted, measure_kernels

NISSECC = os.environ.get("NISSECC", os.path.join(ROOT, "target/release/nissecc"))
# The transform sets measured with the same-input profile; "all" is also
# measured with the cross-input profile.
TRANSFORMS = ["all", "all,-orient", "all,-cold", "all,-order", "all,-inline", "all,-tail", "all,-reload",
              "all,-switch", "all,-unroll"]
# Transform sets measured with the cross-input profile besides the default.
CROSS = []


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=True, **kw)


def instructions(exe, arg, work):
    """Instructions from `main` on; the profile an instrumented build
    writes is discarded."""
    env = dict(os.environ, NISSE_PROFILE_FILE=os.path.join(work, "discard-%p.nprof"))
    return counted(exe, arg, env=env)[0]


def batch_seconds(exe, arg, repeat):
    """The wall time and the user CPU time of `repeat` runs."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    for _ in range(repeat):
        subprocess.run([exe, arg], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime


def paired_wall(base, other, arg, runs):
    """Medians over `runs` samples of base and other, interleaved, with a
    batch size chosen so that one batch of the base takes about 0.1 s:
    (base wall, base user, other wall, other user), per run."""
    once = batch_seconds(base, arg, 3)[0] / 3
    repeat = max(1, min(200, int(0.1 / max(once, 1e-4))))
    samples = []
    for _ in range(runs):
        samples.append(batch_seconds(base, arg, repeat) + batch_seconds(other, arg, repeat))
    return tuple(statistics.median(s[i] for s in samples) / repeat for i in range(4))


def measure(k, work, args):
    name, src = k["name"], os.path.join(ROOT, "jotai-subset", k["name"] + ".c")
    evaluate, train = k["inputs"][-1], k["inputs"][-2] if len(k["inputs"]) > 1 else k["inputs"][-1]
    path = lambda suffix: os.path.join(work, f"{name}.{suffix}")
    run([NISSECC, "-O2", "-fprofile-instr=naive", src, "-o", path("instr")])
    profiles = {}
    for which, arg in (("same", evaluate), ("cross", train)):
        profiles[which] = path(f"{which}.nprof")
        subprocess.run([path("instr"), arg], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=dict(os.environ, NISSE_PROFILE_FILE=profiles[which]))
    builds = {"base": [NISSECC, "-O2"], "gcc-O1": ["gcc", "-O1", "-w"], "gcc-O2": ["gcc", "-O2", "-w"]}
    for t in TRANSFORMS:
        builds[t] = [NISSECC, "-O2", f"-fprofile-use={profiles['same']}", f"-fprofile-use-transforms={t}"]
    builds["default"] = [NISSECC, "-O2", f"-fprofile-use={profiles['same']}"]
    builds["all-cross"] = [NISSECC, "-O2", f"-fprofile-use={profiles['cross']}"]
    for t in CROSS:
        builds[f"cross:{t}"] = [NISSECC, "-O2", f"-fprofile-use={profiles['cross']}", f"-fprofile-use-transforms={t}"]
    result = {"name": name, "branchy": k["branchy"], "long": k["long"], "insts": {}, "wall": {}}
    reference = None
    for config, cmd in builds.items():
        run(cmd + [src, "-o", path(config), "-lm"] if cmd[0] == "gcc" else cmd + [src, "-o", path(config)])
        output = subprocess.run([path(config), evaluate], capture_output=True).stdout
        if reference is None:
            reference = output
        elif output != reference:
            raise RuntimeError(f"{name}: {config} printed something else than the -O2 build")
        result["insts"][config] = instructions(path(config), evaluate, work)
    if args.wall and k["long"]:
        for config in ("default", "all", "all-cross"):
            result["wall"][config] = paired_wall(path("base"), path(config), evaluate, args.runs)
    print(f"measured {name}", file=sys.stderr)
    return result


def summary(label, ratios):
    if not ratios:
        return f"{label}: no kernels"
    speedups = [1 / r - 1 for r in ratios]
    return (f"{label}: median {statistics.median(speedups) * 100:+.2f}%, best {max(speedups) * 100:+.2f}%, "
            f"worst {min(speedups) * 100:+.2f}% over {len(ratios)} kernels")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=10**9)
    parser.add_argument("--kernels", default="")
    parser.add_argument("--wall", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", default="")
    parser.add_argument("--transforms", default="")
    parser.add_argument("--cross", default="")
    args = parser.parse_args()
    if args.transforms:
        TRANSFORMS[:] = args.transforms.split(";")
    CROSS[:] = [t for t in args.cross.split(";") if t]
    selected = [k for k in kernels() if not args.kernels or k["name"] in args.kernels.split(",")][:args.limit]
    work = tempfile.mkdtemp(prefix="nisse-pgo-")
    results = measure_kernels(selected, lambda k: measure(k, work, args), args.json)
    crosses = [f"cross:{t}" for t in CROSS]
    configs = ["base"] + TRANSFORMS + ["default", "all-cross"] + crosses + ["gcc-O1", "gcc-O2"]
    print("| kernel | branchy | " + " | ".join(configs) + " |")
    print("|---" * (len(configs) + 2) + "|")
    for r in results:
        print(f"| {r['name']} | {'y' if r['branchy'] else ''} | " + " | ".join(str(r["insts"][c]) for c in configs) + " |")
    print()
    print("Speedup by instructions (base / pgo - 1):")
    for config in TRANSFORMS + ["default", "all-cross"] + crosses:
        for label, subset in (("all kernels", results), ("branch-heavy", [r for r in results if r["branchy"]])):
            print("  " + summary(f"{config:11} {label}", [r["insts"][config] / r["insts"]["base"] for r in subset]))
    print("What each transform adds (instructions of all-but-it / all - 1):")
    for config in [t for t in TRANSFORMS if t.startswith("all,-") and "all" in TRANSFORMS]:
        for label, subset in (("all kernels", results), ("branch-heavy", [r for r in results if r["branchy"]])):
            print("  " + summary(f"{config[5:]:11} {label}", [r["insts"]["all"] / r["insts"][config] for r in subset]))
    ratio = [r["insts"]["base"] / r["insts"]["gcc-O1"] for r in results]
    print(f"nissecc -O2 / gcc -O1 instructions: median {statistics.median(ratio):.3f}, worst {max(ratio):.3f}")
    timed = [r for r in results if r["wall"]]
    if timed:
        print()
        for metric, (b, o) in (("wall time", (0, 2)), ("user CPU time", (1, 3))):
            print(f"Speedup by {metric} (median of paired samples, long kernels):")
            for config in ("default", "all", "all-cross"):
                for label, subset in (("long kernels", timed), ("branch-heavy", [r for r in timed if r["branchy"]])):
                    print("  " + summary(f"{config:11} {label}", [r["wall"][config][o] / r["wall"][config][b] for r in subset]))


if __name__ == "__main__":
    main()
