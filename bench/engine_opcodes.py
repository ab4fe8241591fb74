"""Bytecodes a bout per engine function: where a ruleset's time goes, counted, so that
load does not change it (a guide between quiet timings, as instruction counts are).

    .venv/bin/python bench/engine_opcodes.py RULESET [--bouts 40] [--top 30]

Traces ``bouts.engine.simulate`` opcode by opcode (``sys.settrace`` with
``f_trace_opcodes``) over the same bouts as ``engine_speed.py`` and prints the total a
bout, then per function its opcodes and calls a bout. Slow (the tracer runs at every
opcode); the counts, not the time, are the figure.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import rounds_for

from bouts.engine import RULESETS, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--bouts", type=int, default=40)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    rules = RULESETS[args.ruleset]
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
    for seed in range(50):  # warm the caches as engine_speed.py does
        simulate(args.ruleset, *pairs[seed % 50], rounds=rounds, seed=seed)
    opcodes: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        code = frame.f_code
        key = f"{code.co_filename.split('bouts/engine/')[-1]}:{code.co_name}"
        if event == "call":
            calls[key] += 1
        elif event == "opcode":
            opcodes[key] += 1
        return tracer

    sys.settrace(tracer)
    for seed in range(args.bouts):
        simulate(args.ruleset, *pairs[seed % 50], rounds=rounds, seed=seed)
    sys.settrace(None)
    print(f"{args.ruleset}: {sum(opcodes.values()) // args.bouts} opcodes a bout")
    for key, count in opcodes.most_common(args.top):
        print(f"{count // args.bouts:9d} {calls[key] / args.bouts:8.1f}  {key}")


if __name__ == "__main__":
    main()
