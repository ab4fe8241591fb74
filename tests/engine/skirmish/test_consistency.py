"""Every result keeps its books: 1,000 seeded battles across the rating range, each
checked for the clock, the totals, exhaustion, the winner and the size. Skirmish has no
judges: a "round" is a cycle and each attack takes 5 s of its play-by-play clock."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bouts.engine import simulate
from bouts.engine.skirmish import RULESET
from bouts.engine.skirmish.events import SECONDS_PER_ATTACK

BATTLES = 1000
MAX_BYTES = 120_000  # the largest of the 1,000 is ~40 KB
SIDES = ("red", "blue")
PLANS = (None, {"red": {"focus": 50}}, {"blue": {"target": "random", "withdraw_below": 0}})


def seconds(stamp: str) -> int:
    minutes, secs = stamp.split(":")
    return 60 * int(minutes) + int(secs)


def check(result, red: dict, blue: dict) -> None:
    data = result.to_dict()
    assert len(json.dumps(data)) < MAX_BYTES
    rounds = data["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, data["round"] + 1))
    assert data["judges"] == data["scorecards"] == data["knockdowns"] == data["fouls"] == []

    # the clock: every attack 5 s after the one before in its cycle; the other events at
    # the last attack's time; the result at the last event
    last = (0, 0)
    for event in data["events"]:
        at = (event["round"], seconds(event["clock"]))
        if event["kind"] in ("attack", "extra_attack"):
            assert at == (last[0], last[1] + SECONDS_PER_ATTACK) or at == (
                last[0] + 1,
                SECONDS_PER_ATTACK,
            ), (event, last)
        else:
            assert at == last, (event, last)
        last = at
    assert (data["round"], seconds(data["time"])) == last

    # totals: cycles, cards' lines and the details agree; exhaustion by the rule
    cards = {
        (side, c["id"]): c for side, s in (("red", red), ("blue", blue)) for c in s["fighters"]
    }
    lines = {side: [f for f in data["fighters"] if f["side"] == side] for side in SIDES}
    details = data["details"]
    for side, other in (("red", "blue"), ("blue", "red")):
        totals = Counter()
        for line in rounds:
            stats = line[side]
            assert 0 <= stats["landed"] <= stats["thrown"]
            assert stats["damage"] == stats["landed"]  # one point a hit
            totals.update(stats)
        assert totals["thrown"] == sum(f["attacks"] for f in lines[side])
        assert totals["damage"] == sum(f["damage_dealt"] for f in lines[side])
        assert totals["damage"] == sum(f["damage_taken"] for f in lines[other])
        assert totals["fatigue"] == sum(f["fatigue"] for f in lines[side])
        exhausted = [f for f in lines[side] if f["exhausted"]]
        assert totals["exhausted"] == len(exhausted) == details["exhausts"][side]
        assert details["standing"][side] == len(lines[side]) - len(exhausted)
        for line in rounds:
            assert line[side]["exhausted"] == sum(
                f["exhausted_cycle"] == line["round"] for f in exhausted
            )
        for f in lines[side]:
            health = cards[side, f["id"]]["health"]
            assert f["exhausted"] == (f["fatigue"] + f["damage_taken"] > health)

    # the winner agrees with the method
    winner, method = data["winner"], data["method"]
    loser = {"red": "blue", "blue": "red"}.get(winner)
    standing = details["standing"]
    end = data["events"][-1]
    if method == "EXHAUSTION":
        if winner is None:
            assert standing == {"red": 0, "blue": 0}
        else:
            assert standing[loser] == 0 < standing[winner]
    elif method == "MORALE":
        check_ = details["morale_checks"][-1]
        assert check_["withdraw"] and check_["side"] == loser and check_["cycle"] == data["round"]
        assert check_["total"] > check_["remaining"] == standing[loser]
        assert end["kind"] == "morale"
    elif method == "WITHDRAWAL":
        assert end["kind"] == "withdrawal" and end["side"] == loser
        assert all(standing.values())
    else:
        assert method == "CYCLES" and data["round"] == data["scheduled_rounds"]
        if winner is not None:
            assert standing[winner] >= standing[loser]


@pytest.mark.parametrize("chunk", range(4))
def test_a_thousand_battles_keep_their_books(chunk):
    per = BATTLES // 4
    methods = Counter()
    for seed in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(seed)
        red = RULESET.generate_side(rng, rng.uniform(1, 10))
        blue = RULESET.generate_side(rng, rng.uniform(1, 10))
        rounds = None if seed % 4 else 1 + seed % 6
        result = simulate("skirmish", red, blue, rounds=rounds, seed=seed,
                          plans=PLANS[seed % len(PLANS)])  # fmt: skip
        check(result, red, blue)
        methods[result.method] += 1
    assert len(methods) == 4, methods
