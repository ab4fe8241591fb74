"""Every result keeps its books: 1,000 seeded games across the rating range (the league's
corner, the seed's AI and the greedy corner, both deck-out rules), each checked for the
clock, the totals, the winner and the size. Octagon has no judges and no clock: "time"
is the number of the event within the round, and a round is one turn of each camp."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bouts.engine import simulate
from bouts.engine.octagon import RULESET
from bouts.engine.octagon.catalogue import ENERGY_MAX, HEALTH, KO_HEALTH_LOSS

GAMES = 1000
MAX_BYTES = 150_000  # the largest of the 1,000 is ~60 KB
SIDES = ("red", "blue")
PLANS = (None, {"red": "seed", "blue": "seed"}, {"red": "greedy"}, {"blue": "seed"})


def number(stamp: str) -> int:
    minutes, secs = stamp.split(":")
    return 60 * int(minutes) + int(secs)


def check(result, deck_out: str) -> None:
    data = result.to_dict()
    assert len(json.dumps(data)) < MAX_BYTES
    rounds = data["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, data["round"] + 1))
    assert data["judges"] == data["scorecards"] == data["fouls"] == []

    # the clock: events numbered 1, 2, ... within each round; the result at the last one
    last = (0, 0)
    for event in data["events"]:
        at = (event["round"], number(event["clock"]))
        assert at == (last[0], last[1] + 1) or (at[0] > last[0] and at[1] == 1), (event, last)
        last = at
    assert (data["round"], number(data["time"])) == last
    ko_events = [(e["round"], e["clock"], e["side"]) for e in data["events"] if e["kind"] == "ko"]
    assert ko_events == [(k["round"], k["time"], k["fighter"]) for k in data["knockdowns"]]
    for injury in data["injuries"]:
        assert (injury["round"], number(injury["time"])) <= last

    # totals: rounds, fighters' lines, KOs and health agree
    lines = {side: [f for f in data["fighters"] if f["side"] == side] for side in SIDES}
    details = data["details"]
    for side, other in (("red", "blue"), ("blue", "red")):
        totals = Counter()
        for line in rounds:
            totals.update(line[side])
        for line in rounds:
            stats = line[side]
            assert 0 <= stats["landed"] <= stats["thrown"]
            assert 0 <= stats["takedowns_landed"] <= stats["takedowns_attempted"]
            assert 0 <= stats["energy_spent"] <= ENERGY_MAX  # one turn a round
        assert totals["damage"] == sum(f["damage_dealt"] for f in lines[side])
        assert totals["damage"] == sum(f["damage_taken"] for f in lines[other])
        landed = sum(f["strikes_landed"] + f["takedowns_landed"] + f["submissions_landed"]
                     for f in lines[side])  # fmt: skip
        assert totals["landed"] == landed
        assert totals["takedowns_attempted"] == sum(f["takedowns_attempted"] for f in lines[side])
        assert totals["submissions"] == sum(f["submissions_landed"] for f in lines[side])
        kos = [k for k in data["knockdowns"] if k["fighter"] == side]
        assert [k["count"] for k in kos] == list(range(1, len(kos) + 1))
        assert len(kos) == details["kos"][side] == sum(line[other]["kos"] for line in rounds)
        assert len(kos) == sum(f["kos_suffered"] for f in lines[side])
        assert sum(f["status"] == "ko" for f in lines[side]) == len(kos)
        assert details["health"][side] == max(0, HEALTH - KO_HEALTH_LOSS * len(kos))
        assert sum(f["submissions_lost"] for f in lines[side]) == sum(
            k["how"] == "submission" for k in kos
        )

    # the winner agrees with the method
    winner, method = data["winner"], data["method"]
    loser = {"red": "blue", "blue": "red"}.get(winner)
    health = details["health"]
    end = data["events"][-1]
    if method == "HEALTH":
        assert health[loser] == 0 < health[winner]
    elif method == "NO_FIGHTERS":
        assert end["kind"] == "end" and end["side"] == loser
        assert not any(f["status"] in ("deck", "hand", "bench") for f in lines[loser])
    elif method == "DECK_OUT":
        decked = end["side"]
        assert end["kind"] == "deckout" and details["deck_left"][decked] == 0
        other = "blue" if decked == "red" else "red"
        if deck_out == "health" and health[decked] > health[other]:
            assert winner == decked  # the option: the healthier camp wins
        else:
            assert loser == decked  # the seed: who must draw from an empty deck loses
    else:
        assert method == "TURNS" and data["round"] == data["scheduled_rounds"]
        if winner is not None:
            assert health[winner] >= health[loser]


@pytest.mark.parametrize("chunk", range(4))
def test_a_thousand_games_keep_their_books(chunk):
    per = GAMES // 4
    methods = Counter()
    for seed in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(seed)
        red = RULESET.generate_side(rng, rng.uniform(1, 10))
        blue = RULESET.generate_side(rng, rng.uniform(1, 10))
        deck_out = "health" if seed % 5 == 0 else "seed"
        options = {"deck_out": deck_out, "first": "random" if seed % 7 == 0 else "red"}
        result = simulate("octagon", red, blue, seed=seed, plans=PLANS[seed % len(PLANS)],
                          options=options)  # fmt: skip
        check(result, deck_out)
        methods[result.method] += 1
    assert methods["HEALTH"] and methods["DECK_OUT"]
