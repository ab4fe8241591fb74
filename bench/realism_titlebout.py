"""Outcome mix of Title Bout bouts between generated cards, beside published shares.

    .venv/bin/python bench/realism_titlebout.py [-n 5000] [--rounds 12] [--seed 0]
        [--options '{"referee_discretion": true}'] [--low 3] [--high 10] [--gap 3]

With no ``--options`` the engine plays the book's rules only (every invention is an
option, off by default: RULES.md, "Inventions"). Prints the method shares (KO, TKO,
RTD, DQ, UD/SD/MD, draws, TD/TDRAW), the same with draws left out (as the published
US figures are), the published shares, and the mix and upsets by rating gap.

Each bout: red's rating uniform in [low, high], blue's within ``gap`` of it; officials
and corners drawn as the book says; rounds 4, 6, 8, 10 or 12 (weighted towards 10 and
12) unless ``--rounds`` is given."""

from __future__ import annotations

import argparse
import json
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
METHODS = ("KO", "TKO", "RTD", "DQ", "UD", "SD", "MD", "DRAW", "TD", "TDRAW")
DECISIONS = ("UD", "SD", "MD", "TD")
DRAWS = ("DRAW", "TDRAW")
BANDS = ("0-0.5", "0.5-1", "1-2", "2-3", "3+")


def band(gap: float) -> str:
    return (
        "0-0.5"
        if gap < 0.5
        else "0.5-1"
        if gap < 1
        else "1-2"
        if gap < 2
        else "2-3"
        if gap < 3
        else "3+"
    )


def shares(methods: Counter) -> str:
    n = sum(methods.values()) or 1
    dec = sum(methods[m] for m in DECISIONS)
    draws = sum(methods[m] for m in DRAWS)
    return (
        f"KO {methods['KO'] / n:5.1%}  TKO {methods['TKO'] / n:5.1%}  RTD {methods['RTD'] / n:4.1%}"
        f"  DQ {methods['DQ'] / n:4.1%}  decision {dec / n:5.1%}  draw {draws / n:4.1%}"
    )


def run(n: int, seed: int, rounds, low: float, high: float, gap: float, options) -> dict:
    rng = random.Random(seed)
    methods: Counter = Counter()
    by_band: dict = {b: Counter() for b in BANDS}
    wins: dict = {b: [0, 0, 0] for b in BANDS}
    rounds_hist: Counter = Counter()
    kd = 0
    for i in range(n):
        ra = rng.uniform(low, high)
        rb = min(high, max(low, ra + rng.uniform(-gap, gap)))
        red = RULESET.generate_card(rng, ra)
        blue = RULESET.generate_card(rng, rb)
        scheduled = rounds or rng.choice((4, 6, 8, 10, 10, 12, 12, 12))
        res = simulate(
            "titlebout", red, blue, rounds=scheduled, seed=seed * 1_000_003 + i, options=options
        )
        methods[res.method] += 1
        kd += len(res.knockdowns)
        if res.method in ("KO", "TKO", "RTD", "DQ"):
            rounds_hist[res.round] += 1
        b = band(abs(ra - rb))
        by_band[b][res.method] += 1
        better = "red" if ra > rb else "blue"
        w = wins[b]
        w[0] += 1
        if res.winner == better:
            w[1] += 1
        elif res.winner is not None:
            w[2] += 1
    return {"methods": methods, "by_band": by_band, "wins": wins, "kd": kd, "rounds": rounds_hist}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--low", type=float, default=3.0)
    parser.add_argument("--high", type=float, default=10.0)
    parser.add_argument("--gap", type=float, default=3.0)
    parser.add_argument("--options", default=None, help="JSON object of options (default: none)")
    args = parser.parse_args()
    options = json.loads(args.options) if args.options else None
    out = run(args.n, args.seed, args.rounds, args.low, args.high, args.gap, options)
    methods, n = out["methods"], args.n
    label = f"options {json.dumps(options, sort_keys=True)}" if options else "the book's rules only"
    print(f"{n} bouts, ratings {args.low}-{args.high}, gap <= {args.gap}: {label}")
    for m in METHODS:
        print(f"  {m:<6} {methods[m] / n:6.1%}")
    dec = sum(methods[m] for m in DECISIONS)
    draws = sum(methods[m] for m in DRAWS)
    print(f"  decisions {dec / n:.1%}  KO+TKO {(methods['KO'] + methods['TKO']) / n:.1%}  "
          f"draws {draws / n:.1%}")  # fmt: skip
    nodraw = n - draws
    print(
        "  draws left out: decision {:.1%} TKO {:.1%} KO {:.1%} DQ {:.1%} RTD {:.1%}".format(
            dec / nodraw,
            methods["TKO"] / nodraw,
            methods["KO"] / nodraw,
            methods["DQ"] / nodraw,
            methods["RTD"] / nodraw,
        )
    )
    print(f"  knockdowns per bout {out['kd'] / n:.2f}")
    print("published:")
    for name, published in PUBLISHED.items():
        print(f"  {name}: " + ", ".join(f"{k} {v}%" for k, v in published.items()))
    print("by rating gap: the mix, and the better-rated fighter's wins / losses")
    for b in BANDS:
        t, w, lo = out["wins"][b]
        if t:
            print(f"  gap {b:<6} n={t:<5} {shares(out['by_band'][b])}  "
                  f"wins {w / t:5.1%} upsets {lo / t:5.1%}")  # fmt: skip
    print("stoppage rounds:", dict(sorted(out["rounds"].items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
