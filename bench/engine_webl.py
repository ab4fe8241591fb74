"""WeBL speed: microseconds per 12-round bout (one process, one core, full event log).

    .venv/bin/python bench/engine_webl.py [-n 2000] [--rounds 12] [--repeat 3] [--profile]
    .venv/bin/python bench/engine_webl.py --run N     # for callgrind: see below

Cards are generated beforehand (not timed): red's rating uniform over the range, blue's
= red's + Normal(0, 1) as a matchmaker pairs them (the realism bench's pairing). Each bout
goes through the public ``bouts.engine.simulate`` (validation, default plans and officials
included) with its own seed; ``to_dict`` is not timed. Times are CPU time of this process
(``time.process_time``), the best of ``--repeat`` runs.

Printed: µs per bout as fought (some end early), the fixed cost of a bout (1-round
bouts), the cost of one more round, and the estimate for a bout that goes all 12 rounds.
The machine is shared: the cost of one ``random()`` call is printed as a load gauge
(about 56 ns on this machine when idle). Goal: <= 40 µs per 12-round bout.

``--run N`` fights N bouts of bench/engine_speed.py's pairs and seeds (after 50 to warm
up) and prints nothing: the load-independent measure is the difference of two
callgrind runs, N bouts and none, divided by N (RULES.md, "Speed")::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python bench/engine_webl.py --run 300     # and --run 0
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bouts.engine import simulate
from bouts.engine.webl import RULESET


def run_speed_pairs(n: int) -> None:
    """bench/engine_speed.py's webl bouts: its 50 pairs, 12 rounds, seeds 0.. (after 50)."""
    low, high = RULESET.rating_range
    pairs = []
    for i in range(50):
        rng = random.Random(i)
        pairs.append(
            (
                RULESET.generate_side(rng, rng.uniform(low, high)),
                RULESET.generate_side(rng, rng.uniform(low, high)),
            )
        )
    for seed in range(50):
        simulate("webl", *pairs[seed % 50], rounds=12, seed=seed)
    for seed in range(n):
        simulate("webl", *pairs[seed % 50], rounds=12, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--run", type=int, default=None, help="N bouts, untimed (callgrind)")
    args = parser.parse_args()
    if args.run is not None:
        run_speed_pairs(args.run)
        return
    rng = random.Random(42)
    low, high = RULESET.rating_range
    pairs = []
    for _ in range(args.n):
        r_rating = rng.uniform(low, high)
        b_rating = min(high, max(low, r_rating + rng.gauss(0, 1.0)))
        pairs.append((RULESET.generate_card(rng, r_rating), RULESET.generate_card(rng, b_rating)))

    def run(rounds: int) -> tuple[int, int]:
        rounds_fought = events = 0
        for i, (red, blue) in enumerate(pairs):
            result = simulate("webl", red, blue, rounds=rounds, seed=i)
            rounds_fought += result.round
            events += len(result.events)
        return rounds_fought, events

    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run(args.rounds)", globals(), locals(), "/tmp/webl.prof")
        pstats.Stats("/tmp/webl.prof").sort_stats("tottime").print_stats(20)
        return

    def best_of(rounds: int) -> tuple[float, int, int]:
        best = None
        fought = events = 0
        for _ in range(args.repeat):
            start = time.process_time()
            fought, events = run(rounds)
            elapsed = time.process_time() - start
            best = elapsed if best is None else min(best, elapsed)
        return best / args.n * 1e6, fought, events

    gauge = random.Random(1)
    ns = min(timeit.repeat(gauge.random, number=200_000, repeat=5)) / 200_000 * 1e9
    per_bout, fought, events = best_of(args.rounds)
    fixed, _, _ = best_of(1)
    per_round = (per_bout - fixed) / max(fought / args.n - 1, 1e-9)
    full = fixed + (args.rounds - 1) * per_round
    print(
        f"webl: {args.n} bouts x {args.rounds} rounds scheduled, best of {args.repeat} "
        f"(load gauge: random() = {ns:.0f} ns)\n"
        f"  {per_bout:.1f} us per bout as fought ({fought / args.n:.2f} rounds, "
        f"{events / args.n:.1f} events per bout)\n"
        f"  fixed cost {fixed:.1f} us, {per_round:.2f} us per further round\n"
        f"  a bout that goes all {args.rounds} rounds: ~{full:.0f} us"
    )


if __name__ == "__main__":
    main()
