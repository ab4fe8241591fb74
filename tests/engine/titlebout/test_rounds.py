"""``rounds.end_of_round``: the round's line holds each fighter's counts, his END after
the round, and the points scored against him are kept for the TKO thresholds."""

from __future__ import annotations

import random

from bouts.engine.titlebout import rounds

from .helpers import make_bout


def test_the_rounds_line_holds_each_fighters_counts_and_end():
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
        ends = {f.side: f.end for f in (bout.red, bout.blue)}
        rounds.end_of_round(bout)
        line = bout.round_stats[-1]
        assert line["round"] == bout.rnd
        for f in (bout.red, bout.blue):
            mine = line[f.side]
            assert mine["points"] == mine["damage"] == f.pts
            assert mine["thrown"] == f.landed + f.missed and mine["missed"] == f.missed
            assert mine["knockdowns"] == len(f.kd_counts) and mine["deducted"] == f.deducted
            loss = f.opp.pts + f.end_extra + f.end_drain
            assert mine["end"] == f.end == max(ends[f.side] - loss, 0)
            assert f.against[-1] == f.opp.pts
