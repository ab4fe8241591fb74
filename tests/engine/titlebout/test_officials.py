"""Officials and corners drawn with a plain ``random.Random`` use ``getrandbits``
without ``randint``'s wrappers (``officials._randint``): the same officials and the same
draws as ``rng.randint`` (a subclass of ``Random`` goes through ``randint``)."""

from __future__ import annotations

import random

from bouts.engine.titlebout import officials


class _Sub(random.Random):
    pass


def test_all_drawn_officials_and_corners_match_randint():
    for seed in range(400):
        plain, sub = random.Random(seed), _Sub(seed)
        assert officials.officials(None, plain) == officials.officials(None, sub)
        assert officials.corners({}, plain) == officials.corners({}, sub)
        assert plain.getstate() == sub.getstate()
