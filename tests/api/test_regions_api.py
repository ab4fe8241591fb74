"""Regions through the API: the league's regions and members (public list, in
fixed queries), made and assigned by a commissioner or staff only; field errors
for bad input; 404 for a league without regions."""

import pytest
from rest_framework.test import APIClient

from league.models import Region, RegionMember
from tests.api import factories
from tests.league.test_regions import regions_league

from .conftest import as_user

pytestmark = pytest.mark.django_db


def _client(world, role):
    return APIClient() if role == "anonymous" else as_user(getattr(world, role))


ROLES = [
    ("anonymous", False),
    ("plain", False),
    ("owner", False),  # a manager of the league
    ("outsider", False),  # another league's commissioner
    ("commissioner", True),
    ("staff", True),
]


@pytest.mark.parametrize(("role", "allowed"), ROLES)
def test_only_commissioners_and_staff_make_regions_and_assign(role, allowed):
    world = regions_league(per_region=1)
    client = _client(world, role)
    url = f"/api/leagues/{world.league.slug}/regions/"
    made = client.post(url, {"name": "East"}, format="json")
    assert made.status_code == (201 if allowed else 403), made.content
    fighter = world.division.fighters.get(name="North 0")
    moved = client.post(
        f"{url}members/", {"fighter": fighter.pk, "region": world.south.pk}, format="json"
    )
    assert moved.status_code == (200 if allowed else 403)
    expected = world.south.pk if allowed else world.north.pk
    assert RegionMember.objects.get(fighter=fighter).region_id == expected
    if not allowed:
        assert "detail" in made.json() and "detail" in moved.json()
        assert not Region.objects.filter(name="East").exists()


@pytest.mark.parametrize(("role", "allowed"), ROLES)
def test_who_may_not_gets_403_before_his_body_is_looked_at(role, allowed):
    world = regions_league(per_region=1)
    client = _client(world, role)
    url = f"/api/leagues/{world.league.slug}/regions/"
    stranger = factories.fighter(ruleset="webl", name="Elsewhere")
    bodies = [
        (url, {}),
        (url, {"name": ""}),
        (url, {"name": "x" * 81}),
        (url, {"name": "North"}),  # a duplicate: the service's field error
        (f"{url}members/", {}),
        (f"{url}members/", {"fighter": 0, "region": world.north.pk}),
        (f"{url}members/", {"fighter": stranger.pk, "region": 0}),
        (f"{url}members/", {"fighter": stranger.pk, "region": world.north.pk}),  # the service's
    ]
    for where, body in bodies:
        answer = client.post(where, body, format="json")
        assert answer.status_code == (400 if allowed else 403), (body, answer.content)
        if not allowed:
            assert set(answer.json()) == {"detail"}
    assert Region.objects.filter(league=world.league).count() == 2
    assert not RegionMember.objects.filter(fighter=stranger).exists()


def test_bad_input_is_a_field_error():
    world = regions_league(per_region=1)
    client = as_user(world.commissioner)
    url = f"/api/leagues/{world.league.slug}/regions/"
    assert "name" in client.post(url, {"name": ""}, format="json").json()
    duplicate = client.post(url, {"name": "North"}, format="json")
    assert duplicate.status_code == 400
    assert duplicate.json() == {"name": ["A region of that name exists."]}
    stranger = factories.fighter(ruleset="webl", name="Elsewhere")
    refused = client.post(
        f"{url}members/", {"fighter": stranger.pk, "region": world.north.pk}, format="json"
    )
    assert refused.status_code == 400 and "fighter" in refused.json()
    missing = client.post(f"{url}members/", {"fighter": stranger.pk, "region": 0}, format="json")
    assert missing.status_code == 400 and "region" in missing.json()


def test_the_list_is_public_in_fixed_queries(django_assert_num_queries):
    world = regions_league(per_region=1)
    url = f"/api/leagues/{world.league.slug}/regions/"
    client = APIClient()
    client.get(url)
    data = client.get(url).json()
    assert [r["name"] for r in data] == ["North", "South"]
    assert len(data[0]["members"]) == 1
    with django_assert_num_queries(3):  # the league, the regions, their members
        client.get(url)
    for n in range(4):
        Region.objects.create(league=world.league, name=f"Extra {n}")
    with django_assert_num_queries(3):
        assert len(client.get(url).json()) == 6


def test_a_league_without_regions_answers_404():
    world = regions_league(per_region=1)
    world.league.regions_enabled = False
    world.league.save()
    url = f"/api/leagues/{world.league.slug}/regions/"
    assert APIClient().get(url).status_code == 404
    assert as_user(world.staff).post(url, {"name": "X"}, format="json").status_code == 404
