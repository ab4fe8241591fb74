"""Microseconds per Octagon Warriors game (full event log, one process), and the
outcome distribution of generated camps across the rating range.

.venv/bin/python bench/engine_octagon.py [-n 2000] [--realism 5000]

- "simulate only": ``RULESET.simulate`` on validated sides (the engine's game).
- "with validation": the top-level ``bouts.engine.simulate`` (validates both 50-card
  decks, then plays) - what the bout pipeline calls.
- ``--realism N``: how games end at matched ratings (N games, both camps generated at
  one rating drawn in 1..10; the league's corner, then the seed's AI, on both sides),
  then N games of camps rated uniformly 1..10 against each other (methods, rounds,
  first-player share, upset rate by rating gap), then the policies head to head.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bouts.engine import simulate
from bouts.engine.octagon import RULESET

PAIRS = 100


def _pairs(seed: int, n: int):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        ra, rb = rng.uniform(1, 10), rng.uniform(1, 10)
        red = RULESET.validate_side(RULESET.generate_side(rng, ra))
        blue = RULESET.validate_side(RULESET.generate_side(rng, rb))
        out.append((red, blue, ra, rb))
    return out


def speed(n: int) -> None:
    pairs = _pairs(1, PAIRS)
    plans = RULESET.validate_plans(None)
    options = RULESET.validate_options(None)
    rounds = RULESET.default_rounds

    def one(i):
        red, blue, _, _ = pairs[i % PAIRS]
        return RULESET.simulate(red, blue, rounds=rounds, rng=random.Random(i), officials=None,
                                corners=None, plans=plans, options=options)  # fmt: skip

    for i in range(100):  # warm up
        one(i)
    events = turns = 0
    chunk = max(1, n // 10)
    best = float("inf")
    start, cpu = time.perf_counter(), time.process_time()
    for c in range(0, n, chunk):
        t0 = time.process_time()
        for i in range(c, min(n, c + chunk)):
            result = one(i)
            events += len(result.events)
            turns += result.details["turns"]["red"] + result.details["turns"]["blue"]
        best = min(best, (time.process_time() - t0) / (min(n, c + chunk) - c))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{n} games, simulate only: {wall / n * 1e6:.0f} us per game wall, "
          f"{cpu / n * 1e6:.0f} us cpu (best tenth: {best * 1e6:.0f} us cpu); "
          f"{events / n:.0f} events and {turns / n:.0f} turns a game; "
          f"{cpu / turns * 1e6:.1f} us cpu per turn")  # fmt: skip
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        red, blue, _, _ = pairs[i % PAIRS]
        simulate("octagon", red, blue, seed=i)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{n} games, with validation (bouts.engine.simulate): {wall / n * 1e6:.0f} us per "
          f"game wall, {cpu / n * 1e6:.0f} us cpu")  # fmt: skip
    start = time.process_time()
    for i in range(n):
        red, blue, _, _ = pairs[i % PAIRS]
        simulate("octagon", red, blue, seed=i).to_dict()
    cpu = time.process_time() - start
    print(f"{n} games, simulate + to_dict(): {cpu / n * 1e6:.0f} us cpu per game")


def _matched(seed: int, n: int):
    """``n`` pairs of camps generated at the same rating, drawn uniformly in 1..10."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rating = rng.uniform(1, 10)
        red = RULESET.validate_side(RULESET.generate_side(rng, rating))
        blue = RULESET.validate_side(RULESET.generate_side(rng, rating))
        out.append((red, blue, rating))
    return out


def matched(n: int, plans: dict | None, label: str) -> None:
    """Issue 16's figure: how games between camps of the same rating end."""
    methods, bands = Counter(), {}
    deck_outs = Counter()
    rounds = []
    for i, (red, blue, rating) in enumerate(_matched(4, n)):
        result = simulate("octagon", red, blue, seed=i, plans=plans)
        methods[result.method] += 1
        band = bands.setdefault(min(int((rating - 1) // 3), 2), Counter())
        band[result.method in ("HEALTH", "NO_FIGHTERS")] += 1
        rounds.append(result.round)
        if result.method == "DECK_OUT":
            health = result.details["health"]
            won, lost = health[result.winner], health["blue" if result.winner == "red" else "red"]
            deck_outs["more" if won > lost else "equal" if won == lost else "less"] += 1
    print(f"\n{n} games at matched ratings (both camps generated at one rating in 1..10), {label}:")
    print("  " + ", ".join(f"{m} {c / n:.1%}" for m, c in methods.most_common()))
    on_health = (methods["HEALTH"] + methods["NO_FIGHTERS"]) / n
    print(f"  HEALTH or NO_FIGHTERS: {on_health:.1%} (goal >= 50%); by rating: " + ", ".join(
        f"{1 + 3 * b}-{4 + 3 * b} {c[True] / (c[True] + c[False]):.0%}"
        for b, c in sorted(bands.items())))  # fmt: skip
    total = sum(deck_outs.values()) or 1
    print(f"  deck-outs won by the camp with more health {deck_outs['more'] / total:.0%}, equal "
          f"{deck_outs['equal'] / total:.0%}, less {deck_outs['less'] / total:.0%};"
          f" rounds: mean {statistics.mean(rounds):.1f}, max {max(rounds)}")  # fmt: skip


def head_to_head(policy: str, other: str, n: int) -> float:
    """``policy`` against ``other`` with the same decks, sides alternated."""
    wins = 0
    for i, (red, blue, _) in enumerate(_matched(3, n)):
        plans = {"red": policy, "blue": other} if i % 2 else {"red": other, "blue": policy}
        wins += simulate("octagon", red, blue, seed=i, plans=plans).winner == (
            "red" if i % 2 else "blue"
        )
    return wins / n


def realism(n: int) -> None:
    matched(n, None, "the league's corner (health) on both sides")
    matched(n, {"red": "seed", "blue": "seed"}, "the seed's AI on both sides")
    pairs = _pairs(2, n)
    methods, winners = Counter(), Counter()
    rounds, kos = [], []
    gap_games, gap_upsets = Counter(), Counter()
    for i, (red, blue, ra, rb) in enumerate(pairs):
        result = simulate("octagon", red, blue, seed=i)
        methods[result.method] += 1
        winners[result.winner] += 1
        rounds.append(result.round)
        kos.append(sum(result.details["kos"].values()))
        if result.winner is not None:
            band = min(int(abs(ra - rb)), 5)
            gap_games[band] += 1
            gap_upsets[band] += result.winner != ("red" if ra > rb else "blue")
    print(f"\n{n} games, camps rated uniformly 1..10 (the league's corner on both sides):")
    for method, count in methods.most_common():
        print(f"  {method:<12} {count / n:6.1%}")
    print(f"  winner: red (plays first) {winners['red'] / n:.1%}, blue {winners['blue'] / n:.1%},"
          f" none {winners[None] / n:.1%}")  # fmt: skip
    print(f"  rounds: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds)}, "
          f"max {max(rounds)}; fighter KOs a game: mean {statistics.mean(kos):.1f}")  # fmt: skip
    print("  upset rate (lower-rated camp wins) by rating gap:")
    for band in sorted(gap_games):
        label = f"{band}-{band + 1}" if band < 5 else "5+"
        print(f"    gap {label:<4} {gap_upsets[band] / gap_games[band]:6.1%}"
              f"  ({gap_games[band]} games)")  # fmt: skip
    games = min(n, 1000)
    print(f"\nhead to head at matched ratings ({games} games each, same decks, sides alternated):")
    for policy, other in (("health", "seed"), ("greedy", "seed"), ("health", "greedy")):
        print(f"  {policy} beats {other} {head_to_head(policy, other, games):.1%}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--realism", type=int, default=0, metavar="N")
    args = parser.parse_args()
    speed(args.n)
    if args.realism:
        realism(args.realism)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
