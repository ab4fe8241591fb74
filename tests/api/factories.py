"""Rows for the API and page tests, made through the apps' own services where
they exist (so a fighter has his Career and his cards are engine-validated)."""

from __future__ import annotations

import datetime
import itertools

from django.contrib.auth import get_user_model

from bouts.engine import generate_card
from bouts.engine.registry import RULESETS
from fighters.services import camp_create, fighter_create
from league.models import Division, Event, League

_counter = itertools.count(1)


def reset() -> None:
    """Start numbering again: each test gets the same names, cards and seeds
    whatever ran before it (the database is rolled back between tests)."""
    global _counter
    _counter = itertools.count(1)


def one_on_one_ruleset() -> str:
    """The first landed one-on-one ruleset (Title Bout when it is there)."""
    names = [name for name, rules in RULESETS.items() if not rules.team]
    if "titlebout" in names:
        return "titlebout"
    return names[0]


def team_ruleset() -> str | None:
    names = [name for name, rules in RULESETS.items() if rules.team]
    return names[0] if names else None


def user(*, staff=False, username=None):
    n = next(_counter)
    # No password: hashing one costs a good part of a second, and the tests log
    # in with force_authenticate / force_login.
    return get_user_model().objects.create_user(username=username or f"user{n}", is_staff=staff)


def league(*, ruleset=None, commissioners=(), name=None):
    n = next(_counter)
    row = League.objects.create(
        name=name or f"League {n}",
        slug=f"league-{n}",
        ruleset=ruleset or one_on_one_ruleset(),
        start_date=datetime.date(2026, 1, 1),
    )
    row.commissioners.set(commissioners)
    return row


def division(*, league, weight_class="middleweight", fighters=()):
    row = Division.objects.create(league=league, weight_class=weight_class, name=weight_class)
    row.fighters.set(fighters)
    return row


def event(*, league, date=datetime.date(2026, 2, 1)):
    return Event.objects.create(league=league, name=f"Fight night {next(_counter)}", date=date)


def fighter(*, ruleset=None, rating=None, weight_class="middleweight", camp=None, name=None):
    n = next(_counter)
    ruleset = ruleset or one_on_one_ruleset()
    card = generate_card(ruleset, seed=n, rating=rating)
    return fighter_create(
        name=name or f"Fighter {n}",
        weight_class=weight_class,
        camp=camp,
        cards={ruleset: card},
    )


def camp(*, name=None):
    return camp_create(name=name or f"Camp {next(_counter)}")
