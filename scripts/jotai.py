"""What the measurement scripts share: the jotai-subset manifest, the set of
branch-heavy tags, and valgrind's dynamic instruction count."""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Kernels whose tags say their control flow is data-dependent branching
# rather than counted loops. `src/bench/manifest.rs` (BRANCH_HEAVY_TAGS)
# holds the same set for nissecc-bench; keep the two equal.
BRANCHY_TAGS = {"switch", "state-machine", "stacked-conditionals", "conditionals", "parser",
                "multi-exit", "early-exit", "search", "tokenizer"}


def kernels():
    """The kernels of jotai-subset/manifest.tsv, each a dict with its name,
    inputs, tags and whether it is a long-running kernel."""
    out = []
    for line in open(os.path.join(ROOT, "jotai-subset/manifest.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        name, inputs, tags, length = line.rstrip("\n").split("\t")
        tags = set(t.strip() for t in tags.split(","))
        out.append({"name": name, "inputs": inputs.split(), "tags": tags, "long": length.strip() == "long",
                    "branchy": bool(tags & BRANCHY_TAGS), "source": os.path.join(ROOT, "jotai-subset", name + ".c")})
    return out


def instructions(exe, arg, from_main=True, env=None):
    """Callgrind's `Collected` instruction count of one run, and the run's
    standard output. With `from_main`, counting starts at `main`, so the
    dynamic loader and libc start-up do not dilute the kernel."""
    toggle = ["--toggle-collect=main"] if from_main else []
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *toggle, exe, arg],
                         capture_output=True, text=True, env=env)
    for line in out.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1]), out.stdout
    raise RuntimeError(f"{exe} {arg}: no callgrind total:\n{out.stderr}")


def measure_kernels(selected, measure, json_path=""):
    """`measure(k)` of every selected kernel, two at a time; a kernel whose
    measurement raises is reported on stderr and left out. The results
    are also written to `json_path` when one is given."""
    def attempt(k):
        try:
            return measure(k)
        except Exception as error:  # Reported, and the kernel left out.
            print(f"FAILED {k['name']}: {error}", file=sys.stderr)
            return None

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = [r for r in pool.map(attempt, selected) if r is not None]
    if json_path:
        with open(json_path, "w") as f:
            json.dump(results, f, indent=1)
    return results
