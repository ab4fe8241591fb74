"""Every result is consistent with itself, over 1,000 seeded bouts with every input
varied: the clock stays within each round and never goes back, the cards add up to
the decision, the winner agrees with the method, knockdown rounds are scored by the
rule (RULES.md, "Judges"), no one lands more than he throws, and a result stays small."""

import json
import random

import pytest

from bouts.engine import simulate
from bouts.engine.base import (
    DOCTOR_CAUTION,
    JUDGE_BIAS,
    JUDGE_CLOSE_ROUND,
    REFEREE_FOULS,
    REFEREE_OVERALL,
    REFEREE_STOPPAGE,
    STRATEGY_SKILL,
)
from bouts.engine.result import (
    DECISIONS,
    DQ,
    INSIDE_THE_DISTANCE,
    KO,
    RTD,
    TDRAW,
    TKO,
    decision_from_totals,
)
from bouts.engine.webl import RULESET
from bouts.engine.webl.scoring import MIN_SCORE, apply_penalty

PLANS = (
    None,
    None,
    "5/7/8",
    "8H/9/3 (all-out)",  # knockdowns on both sides
    "6H/8!/6 (inside)\nif opp = exhausted then 9H/9/2 (all-out)",
    "4/6/10 (clinch)\n5) if endurance_percent < 40 then towel",
    "1) 4B/8/8; if score < 0 then 8/4/8\n4) 6/6/8\n6) if score < 2 then 10/4/6",
    "5C/7/8 (cut)\nif hiscuts > 0 then 6H/8/6 (outside)",
    "7/7!/6 (feint)\nif warnings >= 2 then 6/7/7 (counter)",
)
MAX_RESULT_BYTES = 24_000  # a 15-round bout with every incident stays well under this


def _seconds(clock: str) -> int:
    minutes, seconds = clock.split(":")
    return int(minutes) * 60 + int(seconds)


def _bouts(n: int = 1000):
    rng = random.Random(16)
    for seed in range(n):
        red = RULESET.generate_card(rng, 6 + 10 * rng.random())
        blue = RULESET.generate_card(rng, 6 + 10 * rng.random())
        officials = corners = options = None
        if seed % 3:
            officials = {
                "referee": {
                    "fouls": rng.choice(REFEREE_FOULS),
                    "stoppage": rng.choice(REFEREE_STOPPAGE),
                    "overall": rng.choice(REFEREE_OVERALL),
                },
                "judges": [
                    {"bias": rng.choice(JUDGE_BIAS), "close_round": rng.choice(JUDGE_CLOSE_ROUND)}
                    for _ in range(3)
                ],
                "doctor": {"caution": rng.choice(DOCTOR_CAUTION)},
            }
        if seed % 4 == 1:
            corners = {s: {"strategy": rng.choice(STRATEGY_SKILL)} for s in ("red", "blue")}
        if seed % 5 == 2:
            options = {"home": rng.choice(("red", "blue", None)), "weight_rule": bool(seed % 2)}
        plans = {"red": rng.choice(PLANS), "blue": rng.choice(PLANS)}
        rounds = rng.choice((1, 4, 6, 10, 12, 12, 12, 15))
        yield simulate(
            "webl",
            red,
            blue,
            rounds=rounds,
            seed=seed,
            officials=officials,
            corners=corners,
            plans=plans,
            options=options,
        )


def _check(result) -> list[str]:
    """What is inconsistent in one result (empty when nothing is)."""
    problems: list[str] = []
    end = _seconds(result.time)
    stopped_in_round = result.method in (KO, TKO, DQ) or (
        result.method == TDRAW and result.events[-1]["clock"] != "3:00"
    )
    # --- the clock: within the round, never backwards, nothing after the stoppage
    last = (0, -1)
    for event in result.events:
        moment = (event["round"], _seconds(event["clock"]))
        if not 1 <= event["round"] <= result.round or not 0 <= moment[1] <= 180:
            problems.append(f"event out of the bout: {event}")
        if moment < last:
            problems.append(f"clock goes back: {event}")
        last = moment
        if event["round"] == result.round and moment[1] > end:
            problems.append(f"event after the end ({result.time}): {event}")
    if result.method in INSIDE_THE_DISTANCE or result.method == TDRAW:
        final = result.events[-1]
        if final["kind"] != "stoppage" or (final["round"], final["clock"]) != (
            result.round,
            result.time,
        ):
            problems.append(f"the stoppage is not the last event at the result's time: {final}")
    elif result.time != "3:00" or result.round != result.scheduled_rounds:
        problems.append(f"a decision before the final bell: {result.round} {result.time}")
    for record in (*result.knockdowns, *result.injuries, *result.fouls):
        if not 0 <= _seconds(record["time"]) <= 180 or record["round"] > result.round:
            problems.append(f"record out of the bout: {record}")
        if record["round"] == result.round and _seconds(record["time"]) > end:
            problems.append(f"record after the end ({result.time}): {record}")
    # --- rounds: one row per round fought, landed <= thrown; cards for completed rounds
    fought = [row["round"] for row in result.rounds]
    if fought != list(range(1, result.round + 1)):
        problems.append(f"round rows {fought} for a bout ending in round {result.round}")
    for row in result.rounds:
        for side in ("red", "blue"):
            if not 0 <= row[side]["landed"] <= row[side]["thrown"]:
                problems.append(f"round {row['round']}: {side} lands more than he throws")
    scored = result.round - 1 if stopped_in_round else result.round
    if result.method == RTD or (result.method == TDRAW and not stopped_in_round):
        scored = result.round
    for card in result.scorecards:
        if len(card) != scored:
            problems.append(f"{len(card)} rounds on a card, {scored} completed")
    # --- the winner agrees with the method and the cards
    if result.method in DECISIONS and result.method != TDRAW:
        expected = decision_from_totals(result.judge_totals())
        if (result.winner, result.method) != expected:
            problems.append(f"{result.winner} by {result.method}; the cards say {expected}")
    elif result.method == TDRAW:
        if result.winner is not None:
            problems.append("a technical draw with a winner")
    elif result.winner not in ("red", "blue"):
        problems.append(f"{result.method} without a winner")
    # --- knockdown rounds: 10-8 for the knockdown (10-7 for two), then penalties
    for rnd in range(1, scored + 1):
        downs = {"red": 0, "blue": 0}
        for knockdown in result.knockdowns:
            if knockdown["round"] == rnd:
                downs[knockdown["fighter"]] += 1
        net = downs["blue"] - downs["red"]
        if not net:
            continue
        lost = max(MIN_SCORE, 9 - abs(net))
        expected = [10, lost] if net > 0 else [lost, 10]
        for side in ("red", "blue"):  # penalties after knockdowns, red's first
            for foul in result.fouls:
                if foul["round"] == rnd and foul["fighter"] == side:
                    for _ in range(foul["points"]):
                        expected = apply_penalty(expected, side)
        for card in result.scorecards:
            if card[rnd - 1] != expected:
                problems.append(f"round {rnd}: knockdowns {downs}, card {card[rnd - 1]}")
    # --- size
    size = len(json.dumps(result.to_dict()))
    if size > MAX_RESULT_BYTES:
        problems.append(f"result of {size} bytes")
    return problems


@pytest.fixture(scope="module")
def results():
    return list(_bouts())


def test_every_result_is_consistent(results):
    problems = {result.seed: p for result in results if (p := _check(result))}
    assert not problems, dict(list(problems.items())[:5])


def test_the_check_covers_every_ending_and_knockdown_rounds(results):
    # The 1,000 bouts exercise what the check is about (or it would pass vacuously).
    methods = {result.method for result in results}
    assert {KO, TKO, RTD, DQ, "UD", "SD"} <= methods
    knockdown_rounds = {(result.seed, k["round"]) for result in results for k in result.knockdowns}
    assert len(knockdown_rounds) > 300
    two_down = [
        r
        for r in results
        if any(
            sum(k["round"] == rnd and k["fighter"] == side for k in r.knockdowns) >= 2
            for rnd in range(1, r.round + 1)
            for side in ("red", "blue")
        )
    ]
    assert len(two_down) > 30
    assert any(f["points"] for r in results for f in r.fouls)


def test_the_check_finds_what_it_looks_for(results):
    # Break a knockdown round's card, a clock and a landed count: each is reported.
    sample = next(r for r in results if r.knockdowns and r.knockdowns[0]["round"] < r.round)
    broken = json.loads(json.dumps(sample.to_dict()))
    from bouts.engine.result import BoutResult

    bad = BoutResult(**broken)
    rnd = bad.knockdowns[0]["round"]
    bad.scorecards[0][rnd - 1] = [10, 10]
    bad.rounds[0]["red"]["landed"] = bad.rounds[0]["red"]["thrown"] + 1
    bad.events[0]["clock"] = "3:01"
    found = "\n".join(_check(bad))
    assert f"round {rnd}: knockdowns" in found
    assert "lands more than he throws" in found
    assert "event out of the bout" in found
