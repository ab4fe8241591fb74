"""Voiding a bout of a career league takes back what it left on cards and careers
(league.services.career_void, through the voided signal): the kept training step
and the aging, through the card history as "void", unless a later change of
another source superseded a field."""

import pytest
from django.test import TestCase

from bouts.services import bout_schedule, bout_void
from fighters.models import CardChange
from fighters.services import card_save
from league.models import CareerBout, CareerState, Training
from league.services.career_void import career_bouts_voided
from league.services.training import training_choose
from tests.league.test_training import _record, training_card, training_setup

pytestmark = pytest.mark.django_db


def _void(world, bout):
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=bout, reason="fixed", user=world.staff)


def test_a_void_takes_back_the_kept_training_step_and_the_aging():
    world, red, blue, bout = training_setup(aging_damage=100)
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    _record(bout, "red", red_dealt=250, blue_dealt=40)
    assert training_card(red)["str"] == 15
    blue_before_void = training_card(blue)
    assert sum(blue_before_void[k] for k in ("str", "spd", "agl", "hgt", "tgh")) == 68
    _void(world, bout)
    assert training_card(red)["str"] == 14
    blue_card = training_card(blue)
    assert sum(blue_card[k] for k in ("str", "spd", "agl", "hgt", "tgh")) == 70
    voids = CardChange.objects.filter(source="void")
    assert {c.fighter_id for c in voids} == {red.pk, blue.pk}
    assert voids.get(fighter=red).diff == {"str": [15, 14]}
    assert Training.objects.get(bout=bout, fighter=red).state == "voided"
    for fighter in (red, blue):
        state = CareerState.objects.get(fighter=fighter)
        assert (state.rating, state.status, state.damage_taken, state.aging_points) == (0, 0, 0, 0)
    assert not CareerBout.objects.filter(bout=bout).exists()


def test_later_training_stays_on_top_and_an_admin_edit_supersedes():
    world, red, blue, bout = training_setup(aging_damage=100)
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    _record(bout, "red", blue_dealt=0, red_dealt=250)  # red keeps str 15; blue ages 2
    aged = CardChange.objects.get(fighter=blue, source="aging").diff
    # Later: red trains str again (kept, +1 -> 16); an admin sets blue's aged fields.
    red_card = training_card(red)
    card_save(fighter=red, ruleset="webl", data={**red_card, "str": 16}, source="training")
    first_aged = sorted(aged)[0]
    blue_card = training_card(blue)
    card_save(fighter=blue, ruleset="webl", data={**blue_card, first_aged: 20}, source="admin")
    _void(world, bout)
    assert training_card(red)["str"] == 15  # the voided bout's step only
    card = training_card(blue)
    assert card[first_aged] == 20  # the admin's value wins (superseded)
    for path in sorted(aged)[1:]:
        assert card[path] == aged[path][0]  # the others put back


def test_voided_before_it_was_counted_the_pending_step_goes_back():
    world, red, _, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="agl")
    assert training_card(red)["agl"] == 15
    report = career_bouts_voided([bout.pk])  # as if the bout were voided uncounted
    assert report["fields"] == 1 and training_card(red)["agl"] == 14
    assert Training.objects.get(bout=bout, fighter=red).state == "voided"
    assert career_bouts_voided([bout.pk]) == {"entries": 0, "fields": 0, "superseded": 0}


def test_a_void_keeps_the_other_bouts_of_the_career():
    world, red, blue, bout = training_setup()
    _record(bout, "red")
    second = bout_schedule(
        queue=False,
        ruleset="webl",
        red=red,
        blue=blue,
        division=world.division,
        event=world.later,
        date=world.later.date,
    )
    _record(second, "red")
    assert CareerState.objects.get(fighter=red).status == 2
    _void(world, bout)
    red_state = CareerState.objects.get(fighter=red)
    blue_state = CareerState.objects.get(fighter=blue)
    assert (red_state.rating, red_state.status) == (1, 1)
    assert (blue_state.rating, blue_state.status) == (-1, 0)


def test_a_changed_choice_then_a_void_leaves_the_card_as_built():
    world, red, _, bout = training_setup()
    built = training_card(red)
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="spd")
    _record(bout, "red")
    assert training_card(red)["spd"] == 15
    _void(world, bout)
    assert training_card(red) == built
