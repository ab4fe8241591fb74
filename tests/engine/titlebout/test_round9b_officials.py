"""Officials and corners all drawn with a plain ``random.Random`` take a written-out
path (``officials._all_drawn``, ``_corners_drawn``): the same officials and the same
draws as ``rng.randint`` (a subclass of ``Random`` goes the general way)."""

from __future__ import annotations

import random

from bouts.engine.titlebout import officials as off


class _Sub(random.Random):
    pass


def test_all_drawn_officials_and_corners_match_randint():
    for seed in range(400):
        plain, sub = random.Random(seed), _Sub(seed)
        assert off.officials(None, plain) == off.officials(None, sub)
        assert off.corners({}, plain) == off.corners({}, sub)
        assert plain.getstate() == sub.getstate()
