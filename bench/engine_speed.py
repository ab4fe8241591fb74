"""Engine speed per ruleset: µs per bout on one core, full event log.

    .venv/bin/python bench/engine_speed.py [--bouts 2000] [--ruleset NAME ...]

Boxing rulesets fight 12 rounds (pocket: its five), team rulesets one game or
battle. Cards are generated across the rating range; each bout has its own seed.
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bouts.engine import RULESETS, simulate

# Issue 16's goals (round 2).
GOALS_US = {"titlebout": 300, "webl": 40, "pocket": 60, "octagon": 250, "skirmish": 50}


# The yardsticks: 12 rounds for the boxing rulesets, Pocket Boxing's own five.
ROUNDS = {"pocket": 5}


def rounds_for(rules) -> int | None:
    if rules.team:
        return None
    return ROUNDS.get(rules.name, min(12, rules.max_rounds))


def measure(name: str, bouts: int) -> dict:
    rules = RULESETS[name]
    low, high = rules.rating_range
    pairs = []
    for i in range(50):
        rng = random.Random(i)
        pairs.append(
            (
                rules.generate_side(rng, rng.uniform(low, high)),
                rules.generate_side(rng, rng.uniform(low, high)),
            )
        )
    rounds = rounds_for(rules)
    # Warm up, then time only simulate() (validation included, as callers pay it).
    for seed in range(50):
        simulate(name, *pairs[seed % 50], rounds=rounds, seed=seed)
    events = 0
    start = time.process_time()  # CPU time: less sensitive to a shared machine
    for seed in range(bouts):
        result = simulate(name, *pairs[seed % 50], rounds=rounds, seed=seed)
        events += len(result.events)
    elapsed = time.process_time() - start
    return {
        "ruleset": name,
        "bouts": bouts,
        "rounds": rounds,
        "us_per_bout": round(elapsed / bouts * 1e6, 1),
        "events_per_bout": round(events / bouts, 1),
        "goal_us": GOALS_US.get(name),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bouts", type=int, default=2000)
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(name, args.bouts) for name in (args.ruleset or list(RULESETS))]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'ruleset':<10} {'rounds':>6} {'µs/bout':>9} {'goal':>6} {'events':>7}")
    for row in rows:
        goal = row["goal_us"] or "-"
        verdict = "" if not row["goal_us"] else ("  ok" if row["us_per_bout"] <= goal else "  over")
        print(
            f"{row['ruleset']:<10} {row['rounds'] or '-':>6} {row['us_per_bout']:>9} "
            f"{goal:>6} {row['events_per_bout']:>7}{verdict}"
        )


if __name__ == "__main__":
    main()
