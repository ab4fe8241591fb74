"""Test data for the bout pipeline, made through the owning apps' services."""

from __future__ import annotations

import datetime
import itertools

import pytest

from bouts.engine import RULESETS, generate_card
from fighters.models import Camp, CornerMan
from fighters.services import fighter_create
from referees.models import Doctor, Judge, Referee

_counter = itertools.count(1)

DAY = datetime.date(2030, 1, 1)


def one_on_one_ruleset() -> str:
    """A registered one-on-one ruleset (pocket first: it landed first)."""
    names = [name for name, rules in RULESETS.items() if not rules.team]
    if not names:
        pytest.skip("no one-on-one ruleset is registered yet")
    return "pocket" if "pocket" in names else names[0]


def one_on_one_rulesets() -> list[str]:
    return [name for name, rules in RULESETS.items() if not rules.team]


def team_ruleset() -> str:
    names = [name for name, rules in RULESETS.items() if rules.team]
    if not names:
        pytest.skip("no team ruleset is registered yet")
    return names[0]


def make_fighter(ruleset: str, *, seed: int | None = None, name=None, camp=None, **fields):
    n = next(_counter)
    seed = n if seed is None else seed
    return fighter_create(
        name=name or f"Fighter {n}",
        weight_class=fields.pop("weight_class", "middleweight"),
        camp=camp,
        cards={ruleset: generate_card(ruleset, seed)},
        **fields,
    )


def make_camp(ruleset: str, *, size: int = 3, seed: int = 0, name=None) -> Camp:
    n = next(_counter)
    camp = Camp.objects.create(name=name or f"Camp {n}")
    for i in range(size):
        make_fighter(ruleset, seed=seed * 100 + i, name=f"{camp.name} fighter {i + 1}", camp=camp)
    return camp


def make_officials() -> dict:
    n = next(_counter)
    return {
        "referee": Referee.objects.create(name=f"Referee {n}", fouls="strict", stoppage="early"),
        "judges": [
            Judge.objects.create(name=f"Judge {n}-{i}", bias="none", close_round="even")
            for i in range(3)
        ],
        "doctor": Doctor.objects.create(name=f"Doctor {n}", caution="cautious"),
    }


def make_corner(name=None) -> CornerMan:
    n = next(_counter)
    return CornerMan.objects.create(name=name or f"Corner {n}", cut="good", strategy="good")
