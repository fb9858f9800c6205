#!/usr/bin/env python3
"""What gcc's own profile-guided optimization gains on the jotai-subset
kernels: the reference for nissecc's -fprofile-use figures. For gcc -O1 and
-O2, each kernel is built plain and with -fprofile-use, the profile coming
from its last listed input ("same") and from the input before it
("cross"); each build is run on the last input, and its dynamic
instructions are counted from `main` on (callgrind), as
scripts/measure-pgo.py counts nissecc's. Every build's output must equal
the plain build's.

Usage: scripts/measure-gcc-pgo.py [--limit N] [--json FILE]"""
import argparse, json, os, statistics, subprocess, tempfile
from concurrent.futures import ThreadPoolExecutor
from jotai import kernels, instructions

LEVELS = ["-O1", "-O2"]


def pgo_build(kernel, level, train_arg, work):
    """Builds `kernel` with gcc's -fprofile-use from a run on `train_arg`.
    The instrumented and the optimized build share a directory and an
    output name, which is how gcc finds the `.gcda` file again."""
    os.makedirs(work)
    gcc = ["gcc", level, "-w", kernel["source"], "-o", "prog", "-lm"]
    subprocess.run(gcc + ["-fprofile-generate"], check=True, cwd=work)
    subprocess.run(["./prog", train_arg], capture_output=True, cwd=work)
    if not any(f.endswith(".gcda") for f in os.listdir(work)):
        raise RuntimeError(f"{kernel['name']}: the instrumented run wrote no profile")
    subprocess.run(gcc + ["-fprofile-use", "-fprofile-correction", "-Werror=missing-profile"], check=True, cwd=work)
    return os.path.join(work, "prog")


def measure(kernel, root):
    work = os.path.join(root, kernel["name"])
    last = kernel["inputs"][-1]
    previous = kernel["inputs"][-2] if len(kernel["inputs"]) > 1 else last
    counts = {}
    for level in LEVELS:
        plain = os.path.join(work, "plain" + level)
        os.makedirs(work, exist_ok=True)
        subprocess.run(["gcc", level, "-w", kernel["source"], "-o", plain, "-lm"], check=True)
        counts["plain" + level], expected = instructions(plain, last)
        for profile, train in [("same", last), ("cross", previous)]:
            exe = pgo_build(kernel, level, train, os.path.join(work, profile + level))
            counts[profile + level], output = instructions(exe, last)
            if output != expected:
                raise RuntimeError(f"{kernel['name']}: gcc {level} -fprofile-use changed the output")
    return kernel, counts


def summary(label, ratios):
    return (f"{label:<34} {len(ratios):>3}  median {statistics.median(ratios):.3f}  best {max(ratios):.3f}  "
            f"worst {min(ratios):.3f}  >1% slower {sum(r < 0.99 for r in ratios):>2}  "
            f">=8% faster {sum(r >= 1.08 for r in ratios):>2}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=10**9)
    parser.add_argument("--json", help="also write every count here")
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="nisse-gcc-pgo-")
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda k: measure(k, root), kernels()[: args.limit]))
    print("speedup = plain instructions / -fprofile-use instructions, last input, counted from main")
    for level in LEVELS:
        for subset, chosen in [("all", results), ("branch-heavy", [r for r in results if r[0]["branchy"]])]:
            for profile in ["same", "cross"]:
                ratios = [c["plain" + level] / c[profile + level] for _, c in chosen]
                print(summary(f"gcc {level} {subset} {profile}-input", ratios))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({k["name"]: c for k, c in results}, f, indent=1)


if __name__ == "__main__":
    main()
