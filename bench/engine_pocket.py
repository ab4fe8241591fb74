"""Pocket Boxing speed: microseconds per bout (one process, full event log).

    .venv/bin/python bench/engine_pocket.py [-n 2000] [--rounds 5]

CPU time of this process (time.process_time), timed in chunks of 200: the best chunk
filters out moments when other processes share the core, the median is typical.
Cards are generated beforehand (not timed); each bout goes through the public
``bouts.engine.simulate`` (validation included) and ``to_dict`` is not timed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bouts.engine import simulate
from bouts.engine.pocket import RULESET


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
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(42)
    pairs = [(RULESET.generate_card(rng), RULESET.generate_card(rng)) for _ in range(args.n)]
    results = [
        simulate("pocket", red, blue, rounds=args.rounds, seed=i)
        for i, (red, blue) in enumerate(pairs)
    ]
    rounds_fought = sum(r.round for r in results) / args.n
    events = sum(len(r.events) for r in results) / args.n

    def run(i, pair):
        simulate("pocket", pair[0], pair[1], rounds=args.rounds, seed=i)

    best, median = timed_chunks(run, pairs, repeat=args.repeat)
    print(f"machine: empty 1e6-step loop {machine_speed():.1f} ms CPU")
    print(
        f"pocket: {args.n} bouts x {args.rounds} rounds scheduled ({rounds_fought:.2f} rounds "
        f"fought, {events:.1f} events per bout): {best * 1e6:.1f} us per bout "
        f"(best 200-bout chunk), {median * 1e6:.1f} us median chunk, CPU time"
    )


if __name__ == "__main__":
    main()
