"""The cards' lines in a result are plain dicts, their keys in the documented order."""

from __future__ import annotations

import json
import random

from bouts.engine import simulate
from bouts.engine.skirmish import RULESET

KEYS = [
    "side",
    "id",
    "name",
    "attacks",
    "hits",
    "damage_dealt",
    "damage_taken",
    "fatigue",
    "exhausted",
    "exhausted_cycle",
]


def test_lines_are_plain_dicts_in_order_and_independent():
    rng = random.Random(4)
    red, blue = RULESET.generate_side(rng, 5), RULESET.generate_side(rng, 6)
    lines = simulate("skirmish", red, blue, seed=9).fighters
    assert len(lines) == len(red["fighters"]) + len(blue["fighters"])
    for line in lines:
        assert type(line) is dict
        assert list(line) == KEYS
        assert list(json.loads(json.dumps(line))) == KEYS
    first, second = lines[0], lines[1]
    first["extra"] = 1
    first["side"] = "changed"
    del first["hits"]
    assert "extra" not in second and second["side"] == "red" and "hits" in second
    again = simulate("skirmish", red, blue, seed=9).fighters
    assert all(list(line) == KEYS for line in again)
