"""Skirmish speed: microseconds per battle of five cards a side (one process, full
event log), plus the outcome mix and upset rate of the same battles.

    .venv/bin/python bench/engine_skirmish.py [-n 2000]

CPU time of this process (time.process_time), timed in chunks of 200: the best chunk
filters out moments when other processes share the core, the median is typical.
Sides are generated beforehand (not timed); each battle goes through the public
``bouts.engine.simulate`` (validation included); ``to_dict`` is not timed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bouts.engine import simulate
from bouts.engine.skirmish import RULESET


def timed_chunks(run, items, chunk=200, repeat=3):
    """CPU seconds per item: (best chunk, median chunk) over ``repeat`` passes of
    ``items`` cut into chunks (the best filters out moments when other processes share
    the core; the median is the typical figure)."""

    per = []
    for _ in range(repeat):
        for start in range(0, len(items), chunk):
            part = items[start : start + chunk]
            t0 = time.process_time()
            for i, item in enumerate(part, start):
                run(i, item)
            per.append((time.process_time() - t0) / len(part))
    per.sort()
    return per[0], per[len(per) // 2]


def machine_speed() -> float:
    """CPU ms for an empty million-step Python loop: a yardstick to compare the figures
    between machines (the engine's cost scales with it)."""
    best = None
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(1_000_000):
            pass
        spent = time.process_time() - t0
        best = spent if best is None else min(best, spent)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(42)
    pairs = [(RULESET.generate_side(rng), RULESET.generate_side(rng)) for _ in range(args.n)]
    results = [simulate("skirmish", red, blue, seed=i) for i, (red, blue) in enumerate(pairs)]

    def run(i, pair):
        simulate("skirmish", pair[0], pair[1], seed=i)

    best, median = timed_chunks(run, pairs, repeat=args.repeat)
    print(f"machine: empty 1e6-step loop {machine_speed():.1f} ms CPU")
    n = args.n
    cycles = sum(r.round for r in results) / n
    events = sum(len(r.events) for r in results) / n
    print(
        f"skirmish: {n} battles of 5 v 5 ({cycles:.2f} cycles, {events:.1f} events per "
        f"battle): {best * 1e6:.1f} us per battle (best 200-battle chunk), "
        f"{median * 1e6:.1f} us median chunk, CPU time"
    )
    methods = Counter((r.method, r.winner is None) for r in results)
    print(
        "  "
        + ", ".join(
            f"{m}{' (draw)' if d else ''} {c / n:.1%}" for (m, d), c in sorted(methods.items())
        )
    )
    gaps: dict[str, list[int]] = {}
    for (red, blue), r in zip(pairs, results, strict=True):
        rr, br = RULESET.card_rating(red), RULESET.card_rating(blue)
        if r.winner is None or rr == br:
            continue
        gap = abs(rr - br)
        bucket = "<0.5" if gap < 0.5 else "0.5-1" if gap < 1 else "1-2" if gap < 2 else "2+"
        gaps.setdefault(bucket, []).append(int(r.winner != ("red" if rr > br else "blue")))
    print(
        "  upset rate by side-rating gap: "
        + ", ".join(
            f"{b} {sum(v) / len(v):.0%} ({len(v)})"
            for b in ("<0.5", "0.5-1", "1-2", "2+")
            if (v := gaps.get(b))
        )
    )


if __name__ == "__main__":
    main()
