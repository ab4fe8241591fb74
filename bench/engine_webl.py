"""WeBL speed: microseconds per 12-round bout (one process, one core, full event log).

    .venv/bin/python bench/engine_webl.py [-n 2000] [--rounds 12] [--repeat 3] [--profile]

Cards are generated beforehand across the rating range (not timed); each bout goes
through the public ``bouts.engine.simulate`` (validation, default plans and officials
included) with its own seed; ``to_dict`` is not timed. Goal: <= 40 us per bout.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bouts.engine import simulate
from bouts.engine.webl import RULESET


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    rng = random.Random(42)
    low, high = RULESET.rating_range
    pairs = [
        (
            RULESET.generate_card(rng, rng.uniform(low, high)),
            RULESET.generate_card(rng, rng.uniform(low, high)),
        )
        for _ in range(args.n)
    ]

    def run() -> tuple[int, int]:
        rounds_fought = events = 0
        for i, (red, blue) in enumerate(pairs):
            result = simulate("webl", red, blue, rounds=args.rounds, seed=i)
            rounds_fought += result.round
            events += len(result.events)
        return rounds_fought, events

    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run()", globals(), locals(), "/tmp/webl.prof")
        pstats.Stats("/tmp/webl.prof").sort_stats("tottime").print_stats(15)
        return
    best = None
    rounds_fought = events = 0
    for _ in range(args.repeat):
        start = time.process_time()  # CPU time of this process: fair on a shared machine
        rounds_fought, events = run()
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    per_bout = best / args.n * 1e6
    print(
        f"webl: {args.n} bouts x {args.rounds} rounds scheduled, best of {args.repeat}: "
        f"{per_bout:.1f} us per bout ({rounds_fought / args.n:.2f} rounds fought, "
        f"{events / args.n:.1f} events per bout, "
        f"{per_bout * args.n / max(rounds_fought, 1):.2f} us per round)"
    )


if __name__ == "__main__":
    main()
