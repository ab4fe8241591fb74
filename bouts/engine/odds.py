"""Win and method probabilities for a matchup from N seeded bouts, across cores."""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from . import simulate


def _run_chunk(args) -> tuple[Counter, Counter]:
    ruleset, red, blue, seeds, kwargs = args
    winners: Counter = Counter()
    methods: Counter = Counter()
    for seed in seeds:
        result = simulate(ruleset, red, blue, seed=seed, **kwargs)
        winner = result.winner or "draw"
        winners[winner] += 1
        methods[(winner, result.method)] += 1
    return winners, methods


def odds(
    ruleset: str,
    red,
    blue,
    n: int = 10_000,
    seed: int = 0,
    workers: int | None = None,
    **kwargs,
) -> dict:
    """Fight seeds ``seed .. seed+n-1`` and report shares. ``workers=1`` runs in
    this process (the API does that); more split the seeds into chunks over a
    process pool. The figures depend only on the inputs, never on ``workers``."""
    if n < 1:
        raise ValueError("n must be at least 1")
    # Validate once, in this process, so a bad card fails with its own message.
    simulate(ruleset, red, blue, seed=seed, **kwargs)
    workers = workers or os.cpu_count() or 1
    seeds = list(range(seed, seed + n))
    if workers == 1 or n < 200:
        winners, methods = _run_chunk((ruleset, red, blue, seeds, kwargs))
    else:
        size = -(-n // (workers * 4))
        chunks = [(ruleset, red, blue, seeds[i : i + size], kwargs) for i in range(0, n, size)]
        winners, methods = Counter(), Counter()
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for w, m in pool.map(_run_chunk, chunks):
                winners.update(w)
                methods.update(m)
    return {
        "ruleset": ruleset,
        "bouts": n,
        "first_seed": seed,
        "red": winners["red"] / n,
        "blue": winners["blue"] / n,
        "draw": winners["draw"] / n,
        "methods": {
            f"{winner}:{method}": count / n for (winner, method), count in sorted(methods.items())
        },
    }
