"""/api/bouts/<id>/training/: the manager picks what his fighter trains."""

import pytest

from tests.league.test_training import training_card, training_setup

from .conftest import as_user

pytestmark = pytest.mark.django_db


def test_the_owner_trains_his_fighter():
    world, red, _, bout = training_setup()
    response = as_user(world.owner).post(
        f"/api/bouts/{bout.pk}/training/", {"fighter": red.pk, "ability": "spd"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["state"] == "training"
    assert training_card(red)["spd"] == 15


@pytest.mark.parametrize("role", ["anonymous", "other_manager", "outsider"])
def test_nobody_else_does(api, role):
    world, red, _, bout = training_setup()
    client = api if role == "anonymous" else as_user(getattr(world, role))
    response = client.post(
        f"/api/bouts/{bout.pk}/training/", {"fighter": red.pk, "ability": "spd"}, format="json"
    )
    assert response.status_code == (401 if role == "anonymous" else 403)
    assert training_card(red)["spd"] == 14


def test_a_bad_ability_is_a_400():
    world, red, _, bout = training_setup()
    response = as_user(world.owner).post(
        f"/api/bouts/{bout.pk}/training/", {"fighter": red.pk, "ability": "kp"}, format="json"
    )
    assert response.status_code == 400
    assert "ability" in response.json()
