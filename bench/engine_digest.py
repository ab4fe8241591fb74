"""A digest of many varied bouts per ruleset: compare it before and after a change that
must not move results (speed work, a refactoring).

    .venv/bin/python bench/engine_digest.py [--bouts 1500] [RULESET ...]

Each bout has its own generated sides (across the rating range) and seed, and for the
boxing rulesets a number of rounds drawn from the default, 1, 3, 12 and the maximum; an
input the engine refuses adds its error to the digest. Prints one line a ruleset: its
name and the first 16 hex digits of the sha256 of the results' JSON.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bouts.engine import RULESETS, simulate


def digest(name: str, bouts: int) -> str:
    rules = RULESETS[name]
    low, high = rules.rating_range
    sha = hashlib.sha256()
    for i in range(bouts):
        rng = random.Random(1000 + i)
        red = rules.generate_side(rng, rng.uniform(low, high))
        blue = rules.generate_side(rng, rng.uniform(low, high))
        rounds = None
        if not rules.team:
            rounds = rng.choice([None, 1, 3, rules.max_rounds, min(12, rules.max_rounds)])
        try:
            result = simulate(name, red, blue, rounds=rounds, seed=i)
            sha.update(json.dumps(result.to_dict(), sort_keys=True).encode())
        except Exception as error:  # an input refused: its error is part of the digest
            sha.update(repr(error).encode())
    return sha.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*")
    parser.add_argument("--bouts", type=int, default=1500)
    args = parser.parse_args()
    for name in args.rulesets or list(RULESETS):
        print(name, digest(name, args.bouts))


if __name__ == "__main__":
    main()
