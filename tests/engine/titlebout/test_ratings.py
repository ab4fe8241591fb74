"""``ratings.set_cfs`` leaves both fighters rated as ``refresh`` rates them, whatever
the modifiers."""

from __future__ import annotations

import random

from bouts.engine.titlebout import generator, ratings
from bouts.engine.titlebout.state import NO_MODS
from bouts.engine.titlebout.strategy import MODS

from .helpers import make_bout

RATINGS = ("cf", "pl", "kp", "pm", "cpd", "clinch", "deff", "cp", "kd1", "kd2", "ko", "ki")


def _mods(rng: random.Random):
    if rng.random() < 0.4:
        return NO_MODS
    row = MODS[rng.choice(list(MODS))]
    return row[rng.choice(list(row))]


def test_set_cfs_rates_both_fighters_as_refresh_does():
    rng = random.Random(9)
    for _ in range(300):
        red = generator.generate(rng, rng.uniform(1, 10))
        blue = generator.generate(rng, rng.uniform(1, 10))
        bout = make_bout(red, blue, cf_conversion=rng.random() < 0.5)
        bout.rnd = rng.randint(1, 12)
        bout.ki_left = rng.choice((0, 0, 3))
        bout.ki_side = rng.choice((bout.red, bout.blue, None))
        for f in (bout.red, bout.blue):
            f.fatigued = rng.random() < 0.3
            f.style = rng.choice("BS")
            f.either = rng.random() < 0.3
            f.careless = rng.random() < 0.3
            f.southpaws = rng.random() < 0.3
            f.carry = rng.random() < 0.3
            f.kd_temp = rng.choice((0, 0, 2))
            f.cf_bout, f.cf_round, f.cf_trait = (rng.randint(-3, 2) for _ in range(3))
            f.pl_bout, f.pl_trait = rng.randint(-4, 0), rng.randint(-2, 0)
            f.def_bout, f.def_round = rng.randint(0, 2), rng.randint(0, 2)
            f.smod = _mods(rng)
        ratings.set_cfs(bout)
        written = [getattr(f, k) for f in (bout.red, bout.blue) for k in RATINGS]
        for f in (bout.red, bout.blue):
            f.numbers = None  # the side's own ratings anew, too
            ratings.refresh(bout, f)
        assert written == [getattr(f, k) for f in (bout.red, bout.blue) for k in RATINGS]
