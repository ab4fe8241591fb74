"""Microseconds per 12-round Title Bout bout (full event log, one process).

.venv/bin/python bench/engine_titlebout.py [-n 2000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bouts.engine.titlebout import RULESET
from bouts.engine.titlebout.options import validate_options


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(1)
    pairs = []
    for _ in range(50):
        a = RULESET.validate_card(RULESET.generate_card(rng, rng.uniform(4, 10)))
        b = RULESET.validate_card(RULESET.generate_card(rng, rng.uniform(4, 10)))
        pairs.append((a, b))
    opts = validate_options(None)
    plans = RULESET.validate_plans(None)
    # warm up
    for i in range(50):
        red, blue = pairs[i % 50]
        RULESET.simulate(red, blue, rounds=12, rng=random.Random(i), officials=None,
                         corners=None, plans=plans, options=opts)  # fmt: skip
    rounds = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(args.n):
        red, blue = pairs[i % 50]
        res = RULESET.simulate(red, blue, rounds=12, rng=random.Random(i), officials=None,
                               corners=None, plans=plans, options=opts)  # fmt: skip
        rounds += len(res.rounds)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    us = elapsed / args.n * 1e6
    cpu_us = cpu / args.n * 1e6
    print(
        f"{args.n} bouts: {us:.0f} us wall, {cpu_us:.0f} us CPU per 12-round bout (simulate "
        f"only, validated inputs, full event log); {cpu_us * args.n / rounds:.0f} us CPU per "
        f"round fought"
    )  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
