"""Pocket Boxing realism: outcome distribution and upsets over generated cards.

    .venv/bin/python bench/realism_pocket.py [-n 5000]

Bouts of generated cards across the rating range (1..5), default 5 rounds, default
officials; prints the share of each method, knockdowns and bouts per round, and the
upset rate (the lower-rated card wins) by rating gap.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bouts.engine import simulate
from bouts.engine.pocket import RULESET


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    methods: Counter = Counter()
    ends: Counter = Counter()
    gaps: dict[str, list[int]] = {}
    knockdowns = injuries = warnings = 0
    for i in range(args.n):
        red = RULESET.generate_card(rng)
        blue = RULESET.generate_card(rng)
        result = simulate("pocket", red, blue, rounds=args.rounds, seed=args.seed * 100_000 + i)
        methods[result.method] += 1
        if result.method in ("KO", "TKO", "DQ"):
            ends[result.round] += 1
        knockdowns += len(result.knockdowns)
        injuries += len(result.injuries)
        warnings += len(result.fouls)
        rr, br = RULESET.card_rating(red), RULESET.card_rating(blue)
        if rr == br or result.winner is None:
            continue
        gap = abs(rr - br)
        bucket = "<0.5" if gap < 0.5 else "0.5-1" if gap < 1 else "1-2" if gap < 2 else "2+"
        favourite = "red" if rr > br else "blue"
        gaps.setdefault(bucket, []).append(int(result.winner != favourite))
    n = args.n
    print(f"{n} bouts, {args.rounds} rounds, generated cards across ratings 1..5")
    for method in ("KO", "TKO", "DQ", "UD", "SD", "MD", "DRAW"):
        print(f"  {method:<5} {methods[method] / n:6.1%}")
    print(
        f"  per bout: {knockdowns / n:.2f} knockdowns, {injuries / n:.2f} injuries, "
        f"{warnings / n:.2f} warnings/DQs"
    )
    print("  stoppages by round: " + ", ".join(f"R{r} {ends[r]}" for r in sorted(ends)))
    print("upset rate (lower rating wins) by rating gap:")
    for bucket in ("<0.5", "0.5-1", "1-2", "2+"):
        rows = gaps.get(bucket, [])
        if rows:
            print(f"  gap {bucket:<6} {sum(rows) / len(rows):6.1%}  ({len(rows)} bouts)")


if __name__ == "__main__":
    main()
