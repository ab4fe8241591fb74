"""Every result keeps its books: 1,000 seeded bouts across the rating range, each checked
for the clock, the totals, the knockdown rounds' scoring, the winner and the size."""

from __future__ import annotations

import json
import random

import pytest

from bouts.engine import simulate
from bouts.engine.pocket import RULESET
from bouts.engine.pocket.scoring import points
from bouts.engine.pocket.tables import HEALTH, ROUND_SECONDS, WARNINGS_FOR_DQ
from bouts.engine.result import BLUE, DECISIONS, RED, decision_from_totals

BOUTS = 1000
MAX_BYTES = 40_000  # the largest of the 1,000 is ~12 KB


def seconds(stamp: str) -> int:
    minutes, secs = stamp.split(":")
    return 60 * int(minutes) + int(secs)


def check(result) -> None:
    data = result.to_dict()
    assert len(json.dumps(data)) < MAX_BYTES
    rounds = data["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, data["round"] + 1))

    # the clock: within the round, never backwards, the result at the last event
    last = (1, 0)
    for event in data["events"]:
        at = (event["round"], seconds(event["clock"]))
        assert 1 <= at[0] <= data["round"] and 0 <= at[1] <= ROUND_SECONDS
        assert at >= last, (event, last)
        last = at
    assert (data["round"], seconds(data["time"])) == last
    for item in data["knockdowns"] + data["fouls"] + data["injuries"]:
        assert (item["round"], seconds(item["time"])) <= last

    # totals: per round, and the health the bout ends with
    for line in rounds:
        for side in (RED, BLUE):
            stats = line[side]
            assert 0 <= stats["landed"] <= stats["thrown"]
            assert stats["head"] + stats["body"] <= stats["landed"]
    for side, other in ((RED, BLUE), (BLUE, RED)):
        taken = sum(line[other]["damage"] for line in rounds)
        assert data["details"]["health"][side] == HEALTH - taken  # below 0: the last punch
        drops = [k for k in data["knockdowns"] if k["fighter"] == side]
        assert len(drops) == sum(line[other]["knockdowns"] for line in rounds)
        for line in rounds:
            assert line[other]["knockdowns"] == sum(k["round"] == line["round"] for k in drops)
        warnings = [f for f in data["fouls"] if f["fighter"] == side]
        assert len(warnings) == data["details"]["warnings"][side] <= WARNINGS_FOR_DQ

    # every judge scores every round by the ruleset's rule: 10-9 (or 10-10 when even),
    # a point off per knockdown suffered net, the better side lifted to 10; a knockdown
    # round never even
    assert len(data["scorecards"]) == 3
    for card in data["scorecards"]:
        assert len(card) == len(rounds)
        for line, score in zip(rounds, card, strict=True):
            net = line[BLUE]["knockdowns"] - line[RED]["knockdowns"]
            assert score in [points(diff, net) for diff in (1, 0, -1)], (net, score)
            if net:  # a knockdown round is never even
                assert score[0] != score[1] and (score[0] < score[1]) == (net > 0)

    # the winner agrees with the method and with the cards
    winner, method = data["winner"], data["method"]
    if method in DECISIONS:
        totals = [list(map(sum, zip(*card, strict=True))) for card in data["scorecards"]]
        assert (winner, method) == decision_from_totals(totals)
        assert data["round"] == data["scheduled_rounds"] and data["time"] == "3:00"
        return
    loser = BLUE if winner == RED else RED
    assert winner in (RED, BLUE)
    if method == "KO":
        assert data["knockdowns"][-1]["fighter"] == loser
        assert data["knockdowns"][-1]["count"] == 10
    elif method == "TKO":
        assert data["details"]["health"][loser] <= 0  # the default referee stops it at 0
    else:
        assert method == "DQ" and data["details"]["warnings"][loser] == WARNINGS_FOR_DQ


@pytest.mark.parametrize("chunk", range(4))
def test_a_thousand_bouts_keep_their_books(chunk):
    per = BOUTS // 4
    methods = set()
    for seed in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(seed)
        low, high = RULESET.rating_range
        red = RULESET.generate_card(rng, rng.uniform(low, high))
        blue = RULESET.generate_card(rng, rng.uniform(low, high))
        rounds = 5 if seed % 3 else 1 + seed % 12
        result = simulate("pocket", red, blue, rounds=rounds, seed=seed)
        check(result)
        methods.add(result.method)
    assert {"KO", "TKO", "UD"} <= methods
