"""Outcome distribution of Title Bout bouts between generated cards.

    .venv/bin/python bench/realism_titlebout.py [-n 5000] [--rounds 12] [--seed 0]

Prints method shares (KO, TKO, RTD, DQ, UD/SD/MD, draws, TD/TDRAW), the published
shares to compare with, and the upset rate by rating gap."""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bouts.engine import simulate
from bouts.engine.titlebout import RULESET

PUBLISHED = {
    "US pro 2017 (n=1690, no draws)": {"decision": 46.5, "TKO": 35.1, "KO": 18.1, "DQ": 0.2},
    "HW title bouts, 30 years": {
        "KO/TKO": 56.0,
        "decision": 32.0,
        "RTD": 8.0,
        "draw": 1.7,
        "DQ": 1.7,
    },
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--low", type=float, default=3.0)
    parser.add_argument("--high", type=float, default=10.0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    methods: Counter = Counter()
    gaps: dict = {}
    rounds_hist: Counter = Counter()
    kd = 0
    for i in range(args.n):
        ra = rng.uniform(args.low, args.high)
        rb = min(args.high, max(args.low, ra + rng.uniform(-3.0, 3.0)))
        red = RULESET.generate_card(rng, ra)
        blue = RULESET.generate_card(rng, rb)
        rounds = args.rounds or rng.choice((4, 6, 8, 10, 10, 12, 12, 12))
        res = simulate("titlebout", red, blue, rounds=rounds, seed=args.seed * 1_000_003 + i)
        methods[res.method] += 1
        kd += len(res.knockdowns)
        if res.method in ("KO", "TKO", "RTD", "DQ"):
            rounds_hist[res.round] += 1
        gap = abs(ra - rb)
        band = "0-0.5" if gap < 0.5 else "0.5-1" if gap < 1 else "1-2" if gap < 2 else "2-3"
        better = "red" if ra > rb else "blue"
        g = gaps.setdefault(band, [0, 0, 0])
        g[0] += 1
        if res.winner == better:
            g[1] += 1
        elif res.winner is not None:
            g[2] += 1
    n = args.n
    print(f"{n} bouts of generated cards, ratings {args.low}-{args.high}")
    for m in ("KO", "TKO", "RTD", "DQ", "UD", "SD", "MD", "DRAW", "TD", "TDRAW"):
        print(f"  {m:<6} {methods[m] / n:6.1%}")
    dec = sum(methods[m] for m in ("UD", "SD", "MD"))
    stop = methods["KO"] + methods["TKO"]
    nodraw = n - methods["DRAW"] - methods["TDRAW"]
    print(f"  decisions {dec / n:.1%}  KO+TKO {stop / n:.1%}  draws "
          f"{(methods['DRAW'] + methods['TDRAW']) / n:.1%}")  # fmt: skip
    print(
        "  draws excluded: decision {:.1%} TKO {:.1%} KO {:.1%} DQ {:.1%} RTD {:.1%}".format(
            (dec + methods["TD"]) / nodraw,
            methods["TKO"] / nodraw,
            methods["KO"] / nodraw,
            methods["DQ"] / nodraw,
            methods["RTD"] / nodraw,
        )
    )
    print(f"  knockdowns per bout {kd / n:.2f}")
    print("published:")
    for name, shares in PUBLISHED.items():
        print(f"  {name}: " + ", ".join(f"{k} {v}%" for k, v in shares.items()))
    print("better-rated fighter by rating gap (wins / losses / draws):")
    for band in ("0-0.5", "0.5-1", "1-2", "2-3"):
        if band in gaps:
            t, w, lo = gaps[band]
            print(f"  gap {band:<6} n={t:<5} wins {w / t:.1%}  upsets {lo / t:.1%}  "
                  f"draws {(t - w - lo) / t:.1%}")  # fmt: skip
    print("stoppage rounds:", dict(sorted(rounds_hist.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
