"""A division's bout is fought by its own: fighters on its roster and of its weight
class (camps of the division under a team ruleset) — for every path, since the
rule is in the service."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from bouts.engine import generate_card
from bouts.models import Bout
from bouts.services import bout_schedule
from fighters.services import fighter_create
from league.models import Event
from tests.league.conftest import make_league

pytestmark = pytest.mark.django_db


def _outsider(ruleset, weight_class):
    return fighter_create(
        name=f"Outsider {weight_class}",
        weight_class=weight_class,
        date_of_birth=dt.date(2000, 1, 1),
        cards={ruleset: generate_card(ruleset, 99, None)},
    )


def test_only_the_divisions_fighters_fight_its_bouts(ruleset):
    league, division = make_league(ruleset, 2)
    event = Event.objects.create(league=league, name="Night", date=dt.date(2026, 3, 1))
    red, blue = division.fighters.order_by("id")
    stranger = _outsider(ruleset, division.weight_class)
    with pytest.raises(ValidationError) as refused:
        bout_schedule(ruleset=ruleset, event=event, division=division, red=red, blue=stranger)
    assert "is not on the roster of" in refused.value.message_dict["blue"][0]
    heavier = _outsider(ruleset, "heavyweight")
    division.fighters.add(heavier)  # on the roster, but of another weight class
    with pytest.raises(ValidationError) as wrong:
        bout_schedule(ruleset=ruleset, event=event, division=division, red=heavier, blue=blue)
    assert "Heavyweight" in wrong.value.message_dict["red"][0]
    assert not Bout.objects.exists()
    assert bout_schedule(ruleset=ruleset, event=event, division=division, red=red, blue=blue)
