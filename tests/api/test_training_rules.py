"""Career training holds against every path (issue 30): a step belongs to one
bout and one fighter; it is taken back when its bout leaves the card (the
console, the service, any delete) or is voided; a fighter trains for one
upcoming bout at a time."""

import datetime as dt

import pytest
from django.test import Client, TestCase
from django.utils import timezone

from bouts.models import Bout, BoutStatus, MedicalSuspension
from bouts.services import bout_rebook, bout_schedule
from league.models import Event, Training, TrainingState
from league.services.career import career_fighter_create
from league.services.fight_cards import card_bout_remove
from league.services.fight_nights import events_fire_due
from league.services.training import training_choose
from tests.api import factories
from tests.api.career_world import webl_abilities
from tests.league.test_training import training_card, training_setup

from .conftest import as_user

pytestmark = pytest.mark.django_db


def _train(world, red, bout, ability="spd"):
    return as_user(world.owner).post(
        f"/api/bouts/{bout.pk}/training/", {"fighter": red.pk, "ability": ability}, format="json"
    )


def test_a_bout_taken_off_its_card_in_the_console_takes_its_step_back():
    world, red, _, bout = training_setup()
    assert _train(world, red, bout).status_code == 200
    assert training_card(red)["spd"] == 15
    console = Client()
    console.force_login(world.commissioner)
    answer = console.post(f"/console/bouts/{bout.pk}/remove/")
    assert answer.status_code in (200, 302), answer.content
    assert not Bout.objects.filter(pk=bout.pk).exists()
    assert training_card(red)["spd"] == 14  # 70 of a 70 budget again
    assert sum(training_card(red)[k] for k in ("str", "spd", "agl", "hgt", "tgh")) == 70
    assert not Training.objects.exists()
    # His step taken back, he may train for his next bout.
    later = bout_schedule(
        queue=False,
        ruleset="webl",
        red=red,
        blue=_opponent(world),
        division=world.division,
        event=world.later,
        date=world.later.date,
    )
    assert _train(world, red, later).status_code == 200


def _opponent(world):
    return career_fighter_create(
        actor=world.other_manager,
        league=world.league,
        camp=world.camp_b,
        name=f"Blue Kid {factories.user().pk}",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )


def test_a_bout_deleted_any_way_takes_its_step_back():
    world, red, _, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    assert training_card(red)["str"] == 15
    Bout.objects.filter(pk=bout.pk).delete()  # as the admin or a cascade would
    assert training_card(red)["str"] == 14


def test_the_service_removal_takes_it_back_too():
    world, red, _, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="agl")
    card_bout_remove(user=world.commissioner, bout=bout)
    assert training_card(red)["agl"] == 14


def test_a_fighter_trains_for_one_upcoming_bout_at_a_time():
    world, red, _, bout = training_setup()
    second = bout_schedule(
        queue=False,
        ruleset="webl",
        red=red,
        blue=_opponent(world),
        division=world.division,
        event=world.later,
        date=world.later.date,
    )
    assert _train(world, red, bout).status_code == 200
    refused = _train(world, red, second)
    assert refused.status_code == 400
    assert "one bout at a time" in refused.json()["bout"][0]
    assert training_card(red)["spd"] == 15  # one step, not two
    # Changing the choice for the same bout is still his.
    assert _train(world, red, bout, ability="tgh").status_code == 200
    assert (training_card(red)["spd"], training_card(red)["tgh"]) == (14, 15)
    assert Training.objects.get().state == TrainingState.TRAINING


def test_a_postponed_bout_gives_its_step_back_and_trains_again_once_rebooked():
    world, red, blue, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="spd")
    assert training_card(red)["spd"] == 15
    MedicalSuspension.objects.create(
        fighter=blue,
        reason="KO loss",
        starts_on=world.event.date - dt.timedelta(days=10),
        ends_on=world.event.date + dt.timedelta(days=1),
    )
    Event.objects.filter(pk=world.event.pk).update(fight_at=timezone.now())
    with TestCase.captureOnCommitCallbacks(execute=True):
        events_fire_due()
    bout.refresh_from_db()
    assert bout.status == BoutStatus.POSTPONED
    assert training_card(red)["spd"] == 14
    assert Training.objects.get().state == TrainingState.VOIDED
    bout_rebook(bout=bout, event=world.later, user=world.commissioner)
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="spd")
    assert training_card(red)["spd"] == 15  # one step again, not the old one taken twice
