"""The fighter list is written from plain rows (fighters.api.serializers.fighter_list_data),
not through FighterSerializer: its body must be exactly what the serializer writes —
every key in order, dates, times, the record, the camp, the cards and the hidden ones."""

import datetime
import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import Max
from rest_framework.renderers import JSONRenderer

from fighters import selectors
from fighters.api.serializers import FighterSerializer
from fighters.models import Career, Fighter
from league.card_visibility import hidden_card_fighters
from league.services.career import career_fighter_create

from . import factories
from .career_world import career_world, webl_abilities
from .conftest import as_user

pytestmark = pytest.mark.django_db


def _world():
    world = career_world(hide_cards=True)
    world.kid = career_fighter_create(
        actor=world.owner,
        league=world.league,
        camp=world.camp_a,
        name="Hidden Kid",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    camp = factories.camp()
    veteran = factories.fighter(camp=camp, name="Veteran")
    factories.fighter(name="Free Agent")
    Fighter.objects.filter(pk=veteran.pk).update(
        nickname="The Rock",
        nationality="Ghana",
        date_of_birth=datetime.date(1990, 5, 17),
        height_cm=181,
        reach_cm=188,
        is_active=False,
        retired_on=datetime.date(2026, 3, 1),
    )
    Career.objects.update_or_create(fighter=veteran, defaults={"wins": 7, "losses": 2, "draws": 1})
    Career.objects.filter(fighter__name="Free Agent").delete()  # a fighter with no career row
    return world


def _serialized(user, ids):
    fighters = {f.pk: f for f in selectors.fighter_list(hidden_cards=hidden_card_fighters(user))}
    data = FighterSerializer([fighters[pk] for pk in ids], many=True).data
    return json.loads(JSONRenderer().render(data))


@pytest.mark.parametrize("role", ["anonymous", "owner", "staff"])
@pytest.mark.parametrize("query", ["", "?ordering=-career__wins", "?search=e&page_size=2&page=2"])
def test_the_list_writes_what_the_serializer_writes(role, query):
    world = _world()
    client = _client(world, role)
    body = client.get(f"/api/fighters/{query}").json()
    rows = body["results"]
    assert rows, body
    user = AnonymousUser() if role == "anonymous" else getattr(world, role)
    assert rows == _serialized(user, [row["id"] for row in rows])
    assert [list(row) for row in rows] == [list(FighterSerializer().fields)] * len(rows)
    if "search" not in query:
        assert body["count"] == Fighter.objects.count()


def test_hidden_cards_and_the_record_in_the_rows():
    world = _world()
    anonymous = _client(world, "anonymous").get("/api/fighters/?page_size=200").json()
    owner = _client(world, "owner").get("/api/fighters/?page_size=200").json()
    kid = {r["id"]: r for r in anonymous["results"]}[world.kid.pk]
    assert kid["cards"] == []
    assert [c["ruleset"] for c in {r["id"]: r for r in owner["results"]}[world.kid.pk]["cards"]]
    by_name = {r["name"]: r for r in anonymous["results"]}
    assert by_name["Veteran"]["record"] == "7-2-1"
    assert by_name["Veteran"]["date_of_birth"] == "1990-05-17"
    assert by_name["Free Agent"]["record"] == "0-0-0"
    assert by_name["Free Agent"]["camp"] is None and by_name["Free Agent"]["camp_name"] is None
    newest = Fighter.objects.aggregate(at=Max("updated_at"))["at"]
    assert newest.tzinfo is not None
    assert all(r["updated_at"].endswith("Z") for r in anonymous["results"])


def _client(world, role):
    from rest_framework.test import APIClient

    return APIClient() if role == "anonymous" else as_user(getattr(world, role))
