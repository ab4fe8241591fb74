"""Scripted dice and fixed policies for Pocket Boxing unit tests."""

from __future__ import annotations

from bouts.engine.pocket.fight import STAT_KEYS, Bout, Fighter
from bouts.engine.pocket.policy import DIE, Policy

NO = 0.999  # a hidden rating die that fails (power, defence re-roll)
YES = 0.0


def die(face: int) -> float:
    """The ``rng.random()`` value that makes ``int(x * 6) + 1 == face``."""
    assert 1 <= face <= 6
    return (face - 1) / 6 + 1 / 12


class Scripted:
    """Stands in for random.Random: returns the scripted values, then fails loudly."""

    def __init__(self, values):
        self.values = list(values)
        self.used = 0

    def random(self) -> float:
        if self.used >= len(self.values):
            raise AssertionError(f"rng script exhausted after {self.used} draws")
        value = self.values[self.used]
        self.used += 1
        return value

    @property
    def left(self) -> int:
        return len(self.values) - self.used


class Fixed(Policy):
    """Throws the scripted (kind, target) punches, then die-to-head; never random."""

    def __init__(self, punches=(), target="head", clinch=True):
        self.punches = list(punches)
        self.default_target = target
        self.clinch_choice = clinch

    def target(self, me, opp, bout) -> str:
        return self.default_target

    def punch(self, me, opp, bout):
        if self.punches:
            return self.punches.pop(0)
        return DIE, self.default_target

    def clinch(self, me, opp, bout) -> bool:
        return self.clinch_choice


def card(**overrides) -> dict:
    base = {"style": "boxer", "guard": "cross_arm", "speed": 3, "power": 1, "defence": 1, "chin": 3}
    base.update(overrides)
    return base


def make_bout(
    rolls=(),
    red=None,
    blue=None,
    red_policy=None,
    blue_policy=None,
    rounds=5,
    fouls="normal",
    stoppage="normal",
):
    rng = Scripted(rolls)
    r = Fighter("red", {"name": "Red Rocco", **(red or card())}, red_policy or Fixed())
    b = Fighter("blue", {"name": "Blue Bruno", **(blue or card())}, blue_policy or Fixed())
    bout = Bout(r, b, rounds, rng, {"name": "Ref Rita", "fouls": fouls, "stoppage": stoppage})
    bout.round = 1
    r.stats = dict.fromkeys(STAT_KEYS, 0)
    b.stats = dict(r.stats)
    return bout, r, b
