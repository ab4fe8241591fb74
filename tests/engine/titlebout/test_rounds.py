"""``rounds.end_of_round`` writes the round's line out (``stats_line`` is kept for a
round stopped inside): the two must give the same line."""

from __future__ import annotations

import random

from bouts.engine.titlebout import rounds

from .helpers import make_bout


def test_end_of_round_line_is_stats_line():
    rng = random.Random(11)
    for _ in range(200):
        bout = make_bout()
        bout.rnd = rng.randint(1, 12)
        bout.deck = list(bout.full[:50])
        bout.i = rng.randint(0, 50)
        for f in (bout.red, bout.blue):
            f.pts = rng.randint(0, 40)
            f.landed = rng.randint(0, 20)
            f.missed = rng.randint(0, 20)
            f.clinches = rng.randint(0, 5)
            f.actions = rng.randint(0, 30)
            f.kd_counts = [rng.randint(1, 9) for _ in range(rng.choice((0, 0, 1, 2)))]
            f.kd_scored = rng.choice((0, 0, 1))
            f.deducted = rng.choice((0, 0, 1, 2))
            f.damage = rng.randint(0, 12)
            f.style = rng.choice("BS")
            f.strategy = rng.choice(("none", "keep_away", "load_up"))
        rounds.end_of_round(bout)
        assert bout.round_stats[-1] == rounds.stats_line(bout)
