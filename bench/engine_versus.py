"""The engines against another version of the code, on the same machine at the same moment.

    git worktree add --detach ../wt-r1 4f862ed      # the code issue 16 timed
    .venv/bin/python bench/engine_versus.py ../wt-r1 [--runs 7] [--sets 3] [--bouts 1000]

A µs figure belongs to its host: the round-1 code ran 1.3-2.7x slower on one session's
machine than on the machine issue 16 measured it on (round 10, in bench/README.md's git
history). A ratio to a fixed version of the code, measured on one machine, carries over.

Each set runs ``bench/engine_speed.py --bouts N --json`` alternately in the other tree and
in this one, ``--runs`` times each, and prints per ruleset the minimum of each and their
ratio (this ÷ other); the 1-minute load and the CPU steal counter (``/proc/stat``) before
and after every set. Take figures with nothing else running (load below 1.5, the steal
counter unchanged). When the other tree is the round-1 code (4f862ed), the ratios are also
applied to the issue's own figures for it, beside the goals.

A run is 1,000 bouts a ruleset (the steady state of a worker that fights a season): the
engines keep small caches across bouts (a fighter's styles, a card's tables), and in a run
of 200 WeBL bouts (~14 ms) their warm-up is a visible share of the time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
ROUND_1 = "4f862ed"
# Issue 16's quiet-machine figures for the round-1 code (µs, low-high) and its goals.
ISSUE_ROUND_1_US = {
    "titlebout": (354, 378),
    "webl": (45, 47),
    "octagon": (323, 334),
    "pocket": (77, 79),
    "skirmish": (58, 59),
}
GOALS_US = {"titlebout": 300, "webl": 40, "pocket": 60, "octagon": 250, "skirmish": 50}


def load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def steal() -> int:
    """The CPU time stolen by the hypervisor so far (ticks; /proc/stat's 8th field)."""
    return int(Path("/proc/stat").read_text().split("\n")[0].split()[8])


def engine_speed(tree: Path, bouts: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "bench/engine_speed.py", "--bouts", str(bouts), "--json"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {row["ruleset"]: row["us_per_bout"] for row in json.loads(out)}


def one_set(other: Path, runs: int, bouts: int) -> tuple[dict, dict]:
    """Minimum µs per ruleset of ``runs`` interleaved runs: (other's, this tree's)."""
    mins: tuple[dict, dict] = ({}, {})
    for _ in range(runs):
        for tree, best in zip((other, HERE), mins):
            for name, us in engine_speed(tree, bouts).items():
                best[name] = min(us, best.get(name, us))
    return mins


def head(tree: Path) -> str:
    done = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=tree, capture_output=True, text=True, check=False
    )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="a checkout of the other version")
    parser.add_argument("--runs", type=int, default=7, help="interleaved runs a set")
    parser.add_argument("--sets", type=int, default=3)
    parser.add_argument("--bouts", type=int, default=1000, help="bouts a run (each ruleset)")
    args = parser.parse_args()
    other = args.other.resolve()
    if not (other / "bench" / "engine_speed.py").is_file():
        print(f"{other}: no bench/engine_speed.py there", file=sys.stderr)
        sys.exit(1)
    is_round_1 = head(other).startswith(ROUND_1)
    ratios: dict[str, list[float]] = {}
    for number in range(1, args.sets + 1):
        before = (load(), steal())
        theirs, ours = one_set(other, args.runs, args.bouts)
        after = (load(), steal())
        print(
            f"set {number}: load {before[0]:.2f} -> {after[0]:.2f}, "
            f"steal {'unchanged' if after[1] == before[1] else f'+{after[1] - before[1]} ticks'}"
        )
        for name in ours:
            ratio = ours[name] / theirs[name]
            ratios.setdefault(name, []).append(ratio)
            print(f"  {name:10} other {theirs[name]:7.1f}  this {ours[name]:7.1f}  {ratio:.3f}")
    print("this ÷ other, over the sets:")
    for name, values in ratios.items():
        line = f"  {name:10} {min(values):.3f}-{max(values):.3f}"
        if is_round_1 and name in ISSUE_ROUND_1_US:
            low, high = ISSUE_ROUND_1_US[name]
            line += (
                f"  on the issue's machine ~{low * min(values):.0f}-{high * max(values):.0f} µs"
                f" (goal {GOALS_US[name]})"
            )
        print(line)


if __name__ == "__main__":
    main()
