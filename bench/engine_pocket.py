"""Pocket Boxing speed: microseconds per bout (one process, full event log).

    .venv/bin/python bench/engine_pocket.py [-n 2000] [--rounds 5]

CPU time of this process (time.process_time, so other load on the box does not count).
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(42)
    pairs = [(RULESET.generate_card(rng), RULESET.generate_card(rng)) for _ in range(args.n)]
    best = None
    rounds_fought = events = 0
    for _ in range(args.repeat):
        rounds_fought = events = 0
        start = time.process_time()
        for i, (red, blue) in enumerate(pairs):
            result = simulate("pocket", red, blue, rounds=args.rounds, seed=i)
            rounds_fought += result.round
            events += len(result.events)
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    per_bout = best / args.n * 1e6
    print(
        f"pocket: {args.n} bouts x {args.rounds} rounds scheduled, best of {args.repeat}: "
        f"{per_bout:.1f} us per bout ({rounds_fought / args.n:.2f} rounds fought, "
        f"{events / args.n:.1f} events per bout)"
    )


if __name__ == "__main__":
    main()
