"""/api/odds/ never tells what a hidden card holds: a fighter whose card the
requester may not see (league.card_visibility) is refused with a 403 naming him,
before anything is fought; each role (docs/career.md)."""

import pytest
from rest_framework.test import APIClient

from league.models import League
from tests.api.career_world import webl_abilities
from tests.league.test_training import training_card, training_setup

from .conftest import as_user

pytestmark = pytest.mark.django_db


def _client(world, role):
    return APIClient() if role == "anonymous" else as_user(getattr(world, role))


def _odds(client, **sides):
    return client.post("/api/odds/", {"ruleset": "webl", "n": 5, **sides}, format="json")


@pytest.mark.parametrize(
    ("role", "red_ok", "blue_ok"),
    [
        ("anonymous", False, False),
        ("other_manager", False, True),  # blue is his own fighter
        ("owner", True, False),  # red is his own fighter
        ("commissioner", True, True),
        ("staff", True, True),
    ],
)
def test_odds_refuse_a_card_hidden_from_the_requester(role, red_ok, blue_ok):
    world, red, blue, _ = training_setup(hide_cards=True)
    client = _client(world, role)
    card = training_card(red)
    for fighter, ok in ((red, red_ok), (blue, blue_ok)):
        response = _odds(client, red=fighter.pk, blue_card=card)
        if ok:
            assert response.status_code == 200, response.content
            assert set(response.json()) >= {"red", "blue", "draw"}
        else:
            assert response.status_code == 403
            assert fighter.name in response.json()["detail"]
            assert "hidden" in response.json()["detail"]
    both = _odds(client, red=red.pk, blue=blue.pk)
    assert both.status_code == (200 if red_ok and blue_ok else 403)


def test_cards_shown_to_everyone_when_the_league_does_not_hide_them():
    world, red, blue, _ = training_setup(hide_cards=False)
    assert _odds(APIClient(), red=red.pk, blue=blue.pk).status_code == 200
    League.objects.filter(pk=world.league.pk).update(hide_cards=True)
    assert _odds(APIClient(), red=red.pk, blue=blue.pk).status_code == 403


def test_a_card_given_in_full_is_never_refused():
    _world, _red, _blue, _ = training_setup(hide_cards=True)
    card = {**training_card(_red), **webl_abilities(70)}
    assert _odds(APIClient(), red_card=card, blue_card=card).status_code == 200
