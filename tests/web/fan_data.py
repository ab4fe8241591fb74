"""Many bouts fast for the fan pages' query-count tests: completed bouts with
results and knockdowns written in bulk (the real pipeline is tested elsewhere),
spread over many events, fighters and officials, so that an N+1 would show."""

from __future__ import annotations

import datetime

from bouts.models import Bout, BoutStatus, Knockdown, Result
from fighters.models import Career, Fighter
from fighters.names import search_name
from league.models import Event, Rating
from referees.models import Doctor, Judge, Referee

METHODS = ("KO", "TKO", "UD", "SD", "RTD", "MD", "DQ", "DRAW")


def many_bouts(*, league, division, bouts: int, fighters: int = 40, per_event: int = 10):
    """``bouts`` completed bouts in ``division`` between ``fighters`` new fighters
    (with careers and ratings), ``per_event`` to a card, each worked by a
    referee, three judges and a doctor; every third bout has a knockdown and
    every fifth is a title bout. Returns the new fighters."""
    base = Fighter.objects.count()
    rows = []
    for n in range(fighters):
        name = f"Bulk Fighter {base + n}"
        folded = search_name(name=name)
        rows.append(Fighter(name=name, weight_class=division.weight_class, search_name=folded))
    made = Fighter.objects.bulk_create(rows)
    division.fighters.add(*made)
    Career.objects.bulk_create(
        Career(fighter=f, bouts=n % 9, wins=n % 7, losses=n % 5, draws=n % 2)
        for n, f in enumerate(made)
    )
    Rating.objects.bulk_create(
        Rating(division=division, fighter=f, mu=25 + n % 11, sigma=3, ordinal=16 + n % 11)
        for n, f in enumerate(made)
    )
    referee = Referee.objects.order_by("id").first()
    judges = list(Judge.objects.order_by("id")[:3])
    doctor = Doctor.objects.order_by("id").first()
    events = Event.objects.bulk_create(
        Event(
            league=league,
            name=f"Bulk night {n}",
            date=datetime.date(2025, 1, 1) + datetime.timedelta(days=7 * n),
        )
        for n in range(-(-bouts // per_event))
    )
    made_bouts = []
    for n in range(bouts):
        event = events[n // per_event]
        red, blue = made[n % fighters], made[(n + 1 + n // fighters) % fighters]
        if red == blue:
            blue = made[(n + 2) % fighters]
        made_bouts.append(
            Bout(
                ruleset=league.ruleset,
                event=event,
                division=division,
                order=n % per_event + 1,
                date=event.date,
                red=red,
                blue=blue,
                scheduled_rounds=10,
                seed=50_000 + n,
                status=BoutStatus.COMPLETED,
                referee=referee,
                judge_1=judges[0] if judges else None,
                judge_2=judges[1] if len(judges) > 1 else None,
                judge_3=judges[2] if len(judges) > 2 else None,
                doctor=doctor,
                is_title_bout=n % 5 == 0,
                completed_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
                + datetime.timedelta(minutes=n),
            )
        )
    made_bouts = Bout.objects.bulk_create(made_bouts)
    Result.objects.bulk_create(
        Result(
            bout=b,
            winner=None if METHODS[n % len(METHODS)] == "DRAW" else ("red", "blue")[n % 2],
            method=METHODS[n % len(METHODS)],
            round=1 + n % 10,
            time="1:23",
            engine_result={},
        )
        for n, b in enumerate(made_bouts)
    )
    Knockdown.objects.bulk_create(
        Knockdown(bout=b, round=1, time="0:45", side="blue", fighter=b.blue, count=8)
        for n, b in enumerate(made_bouts)
        if n % 3 == 0
    )
    return made
