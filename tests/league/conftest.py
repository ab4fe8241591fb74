"""League test fixtures: leagues with generated fighters, and fake bout results
recorded through the real pipeline (bouts.services.bout_record)."""

import datetime as dt
import itertools

import pytest

from bouts.engine import RULESETS, generate_card

START = dt.date(2026, 1, 10)
_names = itertools.count(1)


def one_on_one_ruleset() -> str | None:
    for name in ("webl", "pocket", "titlebout"):
        if name in RULESETS:
            return name
    return next((n for n, r in RULESETS.items() if not r.team), None)


@pytest.fixture
def ruleset():
    name = one_on_one_ruleset()
    if name is None:
        pytest.skip("no one-on-one ruleset registered")
    return name


def make_league(ruleset, fighters=6, *, slug=None, weight_class="middleweight", **fields):
    from fighters.services import fighter_create
    from league.models import Division, League

    n = next(_names)
    league = League.objects.create(
        name=f"Test League {n}",
        slug=slug or f"test-{n}",
        ruleset=ruleset,
        start_date=START,
        **fields,
    )
    division = Division.objects.create(league=league, weight_class=weight_class, name="Middle")
    low, high = RULESETS[ruleset].rating_range
    for i in range(fighters):
        rating = low + (high - low) * (0.3 + 0.6 * i / max(1, fighters - 1))
        fighter = fighter_create(
            name=f"L{n} Fighter {i + 1}",
            weight_class=weight_class,
            date_of_birth=dt.date(2000, 1, 1),
            cards={ruleset: generate_card(ruleset, 1000 * n + i, rating)},
        )
        division.fighters.add(fighter)
    return league, division


def fake_result(winner, method, rounds=3):
    """An engine-shaped result: enough for the bout pipeline to record."""
    if winner == "red":
        card = [[10, 9]] * rounds
    elif winner == "blue":
        card = [[9, 10]] * rounds
    else:
        card = [[10, 9], [9, 10]] + [[10, 10]] * (rounds - 2)
    return {
        "winner": winner,
        "method": method,
        "round": rounds,
        "time": "3:00",
        "judges": ["J1", "J2", "J3"],
        "scorecards": [card, card, card],
        "knockdowns": [],
        "injuries": [],
        "fouls": [],
        "rounds": [],
        "events": [],
        "fighters": [],
        "details": {},
    }


def record(bout, winner, method="UD"):
    """Record through the pipeline; the league's projector runs on commit, as in
    production (the test's transaction never commits, so the callbacks run here)."""
    from django.test import TestCase

    from bouts.models import Bout
    from bouts.services import bout_record

    result = fake_result(winner, method)
    inputs = Bout.objects.get(pk=bout.pk).inputs or {}
    # Team bouts: the engine says what each fighter of the queued sides did.
    result["fighters"] = [
        {"side": side, "id": pk, "name": f"#{pk}", "actions": 1}
        for side in ("red", "blue")
        for pk in (inputs.get("fighters") or {}).get(side, [])
        if bout.red_id is None
    ]
    with TestCase.captureOnCommitCallbacks(execute=True):
        return bout_record(bout=bout, result=result)


def book_season(season):
    """Book a scheduled season's every night ahead, before anything is fought:
    with everyone fit, night ``k`` draws the round robin's round ``k``
    (league.calendar.drawing), one league rhythm apart. Returns the bouts in
    league order."""
    import datetime as dt

    from bouts.models import Bout
    from league.calendar.seasons import season_book_night

    step = dt.timedelta(days=season.league.days_between_events)
    date = season.start_date
    while season.fixtures.filter(status="waiting").exists():
        if season_book_night(season, date) is None:
            break
        date += step
    return list(Bout.objects.filter(season_fixture__season=season).order_by("date", "order", "id"))
