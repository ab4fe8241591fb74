"""Microseconds per 12-round Title Bout bout (full event log, one process).

    .venv/bin/python bench/engine_titlebout.py [-n 2000] [--batches 5] [--simulate]

Reports wall and CPU time; the machine is shared, so the best batch's CPU time is
the figure to quote (the median shows the noise). ``--simulate`` goes through
``bouts.engine.simulate`` (card validation and officials included, as callers pay
them). Under heavy load CPU time still drifts; for a repeatable figure count
instructions on a fixed batch, e.g.
``valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python
bench/engine_titlebout.py -n 200 --batches 1 --simulate`` minus the same with ``-n 0``,
divided by 250 (the 200 bouts and the 50 of the warm-up), or ``bench/engine_speed.py
--ruleset titlebout`` with ``--bouts 401`` minus ``--bouts 1``, divided by 400 (the workload
quoted in RULES.md)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bouts.engine import simulate
from bouts.engine.titlebout import RULESET
from bouts.engine.titlebout.options import validate_options


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--batches", type=int, default=5)
    parser.add_argument("--simulate", action="store_true", help="through bouts.engine.simulate")
    args = parser.parse_args()
    rng = random.Random(1)
    pairs = []
    for _ in range(50):
        a = RULESET.validate_card(RULESET.generate_card(rng, rng.uniform(4, 10)))
        b = RULESET.validate_card(RULESET.generate_card(rng, rng.uniform(4, 10)))
        pairs.append((a, b))
    opts = validate_options(None)
    plans = RULESET.validate_plans(None)

    def fight(i):
        red, blue = pairs[i % 50]
        if args.simulate:
            return simulate("titlebout", red, blue, rounds=12, seed=i)
        return RULESET.simulate(red, blue, rounds=12, rng=random.Random(i), officials=None,
                                corners=None, plans=plans, options=opts)  # fmt: skip

    for i in range(50 if args.n else 0):  # warm up
        fight(i)
    if not args.n:
        return 0
    per = max(1, args.n // args.batches)
    cpu_us, wall_us = [], []
    rounds = events = 0
    for batch in range(args.batches):
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(batch * per, (batch + 1) * per):
            res = fight(i)
            rounds += len(res.rounds)
            events += len(res.events)
        cpu_us.append((time.process_time() - cpu) / per * 1e6)
        wall_us.append((time.perf_counter() - start) / per * 1e6)
    total = per * args.batches
    print(
        f"{total} bouts (12 rounds scheduled, {rounds / total:.1f} fought, {events / total:.0f} "
        f"events each): best {min(cpu_us):.0f} us CPU per bout, median "
        f"{statistics.median(cpu_us):.0f} us CPU, median {statistics.median(wall_us):.0f} us wall"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
