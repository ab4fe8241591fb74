"""Training and aging in career leagues (league.services.training)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import TestCase

from bouts.services import bout_record, bout_schedule
from fighters.models import CardChange
from league.models import CareerBout, CareerState, League, Training
from league.services.career import career_fighter_create
from league.services.training import career_bouts_recorded, training_choose
from tests.api.career_world import career_world, webl_abilities
from tests.league.conftest import fake_result

pytestmark = pytest.mark.django_db


def training_setup(**fields):
    world = career_world(**fields)
    red = career_fighter_create(
        actor=world.owner,
        league=world.league,
        camp=world.camp_a,
        name="Red Kid",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    blue = career_fighter_create(
        actor=world.other_manager,
        league=world.league,
        camp=world.camp_b,
        name="Blue Kid",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    bout = bout_schedule(
        queue=False,
        ruleset="webl",
        red=red,
        blue=blue,
        division=world.division,
        event=world.event,
        date=world.event.date,
    )
    return world, red, blue, bout


def training_card(fighter):
    return fighter.cards.get(ruleset="webl").data


def _record(bout, winner, red_dealt=0.0, blue_dealt=0.0):
    result = fake_result(winner, "UD")
    result["rounds"] = [
        {
            "round": 1,
            "red": {"landed": 1, "thrown": 2, "damage": red_dealt},
            "blue": {"landed": 1, "thrown": 2, "damage": blue_dealt},
        }
    ]
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_record(bout=bout, result=result)


def test_training_adds_a_point_for_the_bout_through_the_card_history():
    world, red, _, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    assert training_card(red)["str"] == 15
    change = CardChange.objects.filter(fighter=red).first()
    assert (change.source, change.diff) == ("training", {"str": [14, 15]})


def test_changing_the_choice_gives_the_old_point_back():
    world, red, _, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="spd")
    card = training_card(red)
    assert (card["str"], card["spd"]) == (14, 15)
    assert Training.objects.get(bout=bout, fighter=red).ability == "spd"


def test_a_win_keeps_the_point_a_loss_takes_it_back():
    world, red, blue, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    training_choose(actor=world.other_manager, bout=bout, fighter=blue, ability="agl")
    _record(bout, "red")
    assert training_card(red)["str"] == 15
    assert training_card(blue)["agl"] == 14
    states = dict(Training.objects.values_list("fighter_id", "state"))
    assert states == {red.pk: "kept", blue.pk: "dropped"}
    assert CareerState.objects.get(fighter=red).rating == 1
    assert CareerState.objects.get(fighter=blue).rating == -1


def test_the_rise_rule_keeps_only_when_the_status_rises():
    world, red, _, bout = training_setup(training_keep_rule="rise")
    CareerState.objects.create(league=world.league, fighter=red, rating=0, status=3)
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    _record(bout, "red")
    assert training_card(red)["str"] == 14  # won, but 1 is below his best of 3


def test_counting_a_bout_twice_changes_nothing():
    world, red, _, bout = training_setup()
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    _record(bout, "red")
    assert career_bouts_recorded([bout.pk]) == 0
    assert CareerState.objects.get(fighter=red).rating == 1
    assert CareerBout.objects.filter(bout=bout).count() == 2


def test_damage_taken_ages_the_best_ability():
    _world, red, blue, bout = training_setup(aging_damage=100)
    # red deals 250 (blue takes it: two points), blue deals 40 (red: none)
    _record(bout, "red", red_dealt=250, blue_dealt=40)
    blue_state = CareerState.objects.get(fighter=blue)
    assert (blue_state.damage_taken, blue_state.aging_points) == (250, 2)
    card = training_card(blue)
    assert sum(card[k] for k in ("str", "spd", "agl", "hgt", "tgh")) == 68
    assert CardChange.objects.filter(fighter=blue, source="aging").count() == 1
    assert CareerState.objects.get(fighter=red).aging_points == 0
    assert training_card(red) == {**training_card(red), **webl_abilities(70)}


def test_a_league_without_career_mode_counts_nothing():
    world, _red, _, bout = training_setup()
    League.objects.filter(pk=world.league.pk).update(career_mode=False)
    _record(bout, "red", red_dealt=5000, blue_dealt=5000)
    assert not CareerState.objects.exists()


@pytest.mark.parametrize("who", ["other_manager", "commissioner", "outsider", "plain"])
def test_only_his_manager_trains_him(who):
    world, red, _, bout = training_setup()
    with pytest.raises(PermissionDenied):
        training_choose(actor=getattr(world, who), bout=bout, fighter=red, ability="str")
    assert training_card(red)["str"] == 14


def test_anonymous_may_not_train():
    from django.contrib.auth.models import AnonymousUser

    _world, red, _, bout = training_setup()
    with pytest.raises(PermissionDenied):
        training_choose(actor=AnonymousUser(), bout=bout, fighter=red, ability="str")


def test_staff_may_train_anyone():
    world, red, _, bout = training_setup()
    training_choose(actor=world.staff, bout=bout, fighter=red, ability="tgh")
    assert training_card(red)["tgh"] == 15


def test_a_bad_ability_or_a_fought_bout_is_refused():
    world, red, _, bout = training_setup()
    with pytest.raises(ValidationError) as bad:
        training_choose(actor=world.owner, bout=bout, fighter=red, ability="weight")
    assert "ability" in bad.value.message_dict
    _record(bout, "red")
    with pytest.raises(ValidationError) as late:
        training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    assert "bout" in late.value.message_dict


def test_counting_a_career_bout_reads_both_fighters_in_one_query(django_assert_num_queries):
    """Both sides trained, one kept and one dropped, the loser aged: the fighters
    are read with the bout, not a query each side."""
    world, red, blue, bout = training_setup(aging_damage=100)
    training_choose(actor=world.owner, bout=bout, fighter=red, ability="str")
    training_choose(actor=world.other_manager, bout=bout, fighter=blue, ability="agl")
    result = fake_result("red", "UD")
    result["rounds"] = [
        {
            "round": 1,
            "red": {"landed": 1, "thrown": 2, "damage": 250.0},
            "blue": {"landed": 1, "thrown": 2, "damage": 0.0},
        }
    ]
    bout_record(bout=bout, result=result)  # the counting task is left to run below
    with django_assert_num_queries(51):
        assert career_bouts_recorded([bout.pk]) == 2
    assert training_card(blue)["agl"] == 14
    assert CardChange.objects.filter(fighter=blue, source="aging").count() == 1
