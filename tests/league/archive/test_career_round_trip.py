"""A career league (the WeBL career game) round-trips too: a trained fighter's
card history, the training kept and the career ledgers (whose card effects name
card changes), the career states, and a weekly card with the matchmaker's notes
(which name fighters) — exported, the database emptied, imported: the same
archive, the same derived tables, check_league clean."""

import datetime as dt
import json

import pytest
from django.test import TestCase

from bouts.services import bout_record
from league.archive import export_league, import_league
from league.archive.json_ids import remap_fighter_list, remap_matchmaking
from league.models import CareerBout, Event, Training
from league.selectors import league_check
from league.services import weekly
from league.services.career import career_fighter_create
from league.services.training import training_choose

from ...api.career_world import webl_abilities
from ..conftest import fake_result
from ..test_training import training_setup
from .fought import derived_tables
from .test_round_trip import empty_the_database, staff

pytestmark = pytest.mark.django_db


def test_a_career_league_with_training_and_a_weekly_card_round_trips():
    world, red, _blue, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_record(bout=bout, result=fake_result("red", "UD"))
    league = world.league
    for n, camp in enumerate((world.camp_a, world.camp_b)):
        career_fighter_create(
            actor=world.owner if camp == world.camp_a else world.other_manager,
            league=league,
            camp=camp,
            name=f"Fresh Kid {n}",
            weight_class="middleweight",
            abilities=webl_abilities(70),
        )
    night = weekly.cards_night(league, world.event.date + dt.timedelta(days=7))
    report = weekly.matchmake_week(league, night)
    assert Event.objects.filter(league=league).exclude(matchmaking={}).exists(), report
    assert CareerBout.objects.filter(bout=bout).exists()
    assert Training.objects.filter(bout=bout).exists()
    assert Event.objects.filter(league=league).exclude(matchmaking={}).exists()

    archive = json.loads(json.dumps(export_league(league)))
    effects = [e for b in archive["bouts"] for c in b["career_bouts"] for e in c["card_effects"]]
    assert effects and all(str(e["change"]).startswith("C") for e in effects)
    notes = [e["matchmaking"] for e in archive["events"] if e["matchmaking"]]
    assert notes and all(str(p["red"]).startswith("F") for n in notes for p in n.get("pairs", []))
    before = derived_tables(league)
    by = staff()
    empty_the_database(league)

    imported = import_league(archive, by=by)
    assert league_check(league=imported) == []
    assert derived_tables(imported) == before
    assert json.loads(json.dumps(export_league(imported))) == archive


def test_ids_inside_json_columns_are_swapped_both_ways_and_unknown_ones_noted():
    notes = {"pairs": [{"red": 1, "blue": 2, "rule": "top two"}], "out": [{"fighter": 3}]}
    keys = {1: "F1", 2: "F2", 3: "F3"}
    missing = []
    there = remap_matchmaking(notes, keys.get, missing)
    assert there == {
        "pairs": [{"red": "F1", "blue": "F2", "rule": "top two"}],
        "out": [{"fighter": "F3"}],
    }
    back = remap_matchmaking(there, {v: k for k, v in keys.items()}.get, missing)
    assert back == notes and missing == []
    assert remap_fighter_list([{"fighter": 9, "why": "old"}], keys.get, missing) == [
        {"fighter": None, "why": "old"}
    ]
    assert missing == [9]
