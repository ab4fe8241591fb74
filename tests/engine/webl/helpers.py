"""Shared helpers for the webl tests."""

from __future__ import annotations


class ScriptedRng:
    """Stands in for random.Random: ``random()`` returns the scripted values in order
    (then ``default``), and records how many were used."""

    def __init__(self, values, default=0.99):
        self.values = list(values)
        self.default = default
        self.used = 0

    def random(self):
        self.used += 1
        if self.values:
            return self.values.pop(0)
        return self.default


def card(**kw):
    base = {"str": 11, "spd": 11, "agl": 11, "hgt": 11, "tgh": 11}
    base.update(kw)
    return base
