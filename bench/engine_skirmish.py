"""Skirmish speed: microseconds per battle of five cards a side (one process, full
event log), plus the outcome mix and upset rate of the same battles.

    .venv/bin/python bench/engine_skirmish.py [-n 2000]

CPU time of this process (time.process_time, so other load on the box does not count).
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(42)
    pairs = [(RULESET.generate_side(rng), RULESET.generate_side(rng)) for _ in range(args.n)]
    best = None
    results = []
    for _ in range(args.repeat):
        results = []
        start = time.process_time()
        for i, (red, blue) in enumerate(pairs):
            results.append(simulate("skirmish", red, blue, seed=i))
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    n = args.n
    cycles = sum(r.round for r in results) / n
    events = sum(len(r.events) for r in results) / n
    print(
        f"skirmish: {n} battles of 5 v 5, best of {args.repeat}: {best / n * 1e6:.1f} us per "
        f"battle ({cycles:.2f} cycles, {events:.1f} events per battle)"
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
