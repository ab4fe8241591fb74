"""A bout's stored record written straight to the tables, for read tests that
need many bouts fast (the real pipeline is exercised in test_bouts.py)."""

from __future__ import annotations

import datetime

from bouts.models import (
    Bout,
    BoutStatus,
    Foul,
    Injury,
    JudgeScore,
    Knockdown,
    Result,
    RoundStat,
)


def recorded_bout(*, red, blue, ruleset, division=None, event=None, order=1, rounds=3, day=1):
    bout = Bout.objects.create(
        ruleset=ruleset,
        division=division,
        event=event,
        order=order,
        date=datetime.date(2026, 3, day),
        red=red,
        blue=blue,
        scheduled_rounds=rounds,
        seed=1000 + order + day,
        status=BoutStatus.COMPLETED,
    )
    Result.objects.create(
        bout=bout,
        winner="red",
        method="UD",
        round=rounds,
        time="3:00",
        engine_result={
            "events": [
                {"round": 1, "clock": "0:30", "kind": "punch", "side": "red", "text": "A jab"}
            ],
            "details": {},
        },
    )
    for judge in (1, 2, 3):
        for number in range(1, rounds + 1):
            JudgeScore.objects.create(
                bout=bout,
                judge_index=judge,
                judge_name=f"Judge {judge}",
                round=number,
                red=10,
                blue=9,
            )
    for number in range(1, rounds + 1):
        for side in ("red", "blue"):
            RoundStat.objects.create(
                bout=bout, round=number, side=side, landed=10, thrown=30, damage=2.5
            )
    Knockdown.objects.create(bout=bout, round=1, time="1:10", side="blue", fighter=blue, count=8)
    Injury.objects.create(
        bout=bout,
        round=2,
        time="2:00",
        side="blue",
        fighter=blue,
        type="cut",
        location="left eye",
        severity=1,
        text="A cut over the left eye",
    )
    Foul.objects.create(
        bout=bout,
        round=2,
        time="0:40",
        side="red",
        fighter=red,
        type="low blow",
        penalty="warning",
        points=0,
    )
    return bout
