"""Regions on the site and the API: a division's regions page (regional champions,
lineages, rankings, contenders) and /api/divisions/<id>/regions/, in fixed queries;
the admin lists them."""

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from fighters.models import Fighter
from league.models import RegionalTitle, RegionalTitleBout
from league.services import weekly
from league.services.regions import region_assign, region_create
from tests.api import factories
from tests.league.test_regions import SATURDAY, record, regions_league

pytestmark = pytest.mark.django_db


def _played(per_region=3):
    """Two weeks: both vacant regional belts won, then one defended or lost."""
    world = regions_league(per_region=per_region, contenders_per_region=1)
    for week in range(2):
        weekly.matchmake_week(world.league, SATURDAY + dt.timedelta(weeks=week))
        for mark in RegionalTitleBout.objects.select_related("bout").filter(
            bout__status="scheduled"
        ):
            record(mark.bout, "blue")
    return world


def test_the_regions_page_shows_champions_lineages_rankings_and_contenders():
    world = _played()
    north = RegionalTitle.objects.get(region=world.north)
    html = Client().get(f"/divisions/{world.division.pk}/regions/").content.decode()
    assert "World title contenders" in html
    assert f'id="region-{world.north.pk}"' in html and f'id="region-{world.south.pk}"' in html
    assert north.champion.name in html and "regional champion" in html
    assert html.count('class="reign') >= 3  # two belts won, one of them changed hands or held
    division_page = Client().get(f"/divisions/{world.division.pk}/").content.decode()
    assert f"/divisions/{world.division.pk}/regions/" in division_page


def test_a_league_without_regions_has_no_regions_page_nor_link():
    world = regions_league(per_region=1)
    world.league.regions_enabled = False
    world.league.save()
    assert Client().get(f"/divisions/{world.division.pk}/regions/").status_code == 404
    assert Client().get(f"/api/divisions/{world.division.pk}/regions/").status_code == 404
    assert "/regions/" not in Client().get(f"/divisions/{world.division.pk}/").content.decode()


def test_the_api_lists_regions_and_contenders():
    world = _played()
    data = Client().get(f"/api/divisions/{world.division.pk}/regions/").json()
    assert [r["name"] for r in data["regions"]] == ["North", "South"]
    north = data["regions"][0]
    champion = RegionalTitle.objects.get(region=world.north).champion
    assert north["champion"] == {"id": champion.pk, "name": champion.name}
    assert [e["rank"] for e in north["ranking"]] == [1, 2, 3]
    assert north["reigns"][0]["number"] == 1
    assert data["contenders_per_region"] == 1
    assert champion.pk in [c["id"] for c in data["contenders"]]


def _grow(world, n):
    camps = [world.camp_a, world.camp_b, world.camp_c]
    for i in range(n):
        fighter = factories.fighter(ruleset="webl", camp=camps[i % 3], name=f"Extra {i}")
        world.division.fighters.add(fighter)
        region = world.north if i % 2 else world.south
        region_assign(actor=world.staff, league=world.league, fighter=fighter, region=region)


@pytest.mark.parametrize("url", ["/divisions/{}/regions/", "/api/divisions/{}/regions/"])
def test_regions_read_in_fixed_queries(url, django_assert_num_queries):
    world = _played()
    client = Client()
    path = url.format(world.division.pk)
    client.get(path)  # warm caches (sessions, content types)
    with CaptureQueriesContext(connection) as few:
        assert client.get(path).status_code == 200
    _grow(world, 6)
    with django_assert_num_queries(len(few.captured_queries)):
        assert client.get(path).status_code == 200


def test_the_admin_lists_regions(admin_client):
    world = _played()
    for model in ("region", "regionmember", "regionaltitle", "regionaltitlebout"):
        response = admin_client.get(reverse(f"admin:league_{model}_changelist"))
        assert response.status_code == 200, model
    title = RegionalTitle.objects.get(region=world.north)
    response = admin_client.get(reverse("admin:league_regionaltitle_change", args=[title.pk]))
    assert response.status_code == 200
    response = admin_client.get(reverse("admin:league_region_change", args=[world.north.pk]))
    assert response.status_code == 200


def test_the_fighters_region_shows_on_his_page_scouting_and_desk(django_assert_num_queries):
    world = regions_league(per_region=2)
    kid = Fighter.objects.get(name="North 0")  # camp A: the owner's
    league = world.league.name
    page = Client().get(f"/fighters/{kid.pk}/").content.decode()
    assert "Region <strong>North</strong>" in page and league in page
    scouting = Client().get(f"/fighters/{kid.pk}/scouting/").content.decode()
    assert "<dt>Region</dt><dd>North" in scouting
    desk = Client()
    desk.force_login(world.owner)
    html = desk.get("/desk/").content.decode()
    assert "<th>Region</th>" in html and f'North <span class="muted">({league})</span>' in html
    # more fighters and regions cost no more queries
    urls = [f"/fighters/{kid.pk}/", f"/fighters/{kid.pk}/scouting/"]
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as ctx:
            Client().get(url)
        counts.append(len(ctx))
    with CaptureQueriesContext(connection) as ctx:
        desk.get("/desk/")
    counts.append(len(ctx))
    other = world.other_league
    other.regions_enabled = True
    other.save()
    far = region_create(actor=world.outsider, league=other, name="Far")
    factories.division(league=other, fighters=[kid])
    region_assign(actor=world.outsider, league=other, fighter=kid, region=far)
    for n in range(3):
        more = factories.fighter(ruleset="webl", camp=world.camp_a, name=f"Owned {n}")
        world.division.fighters.add(more)
        region_assign(actor=world.staff, league=world.league, fighter=more, region=world.south)
    for url, count in zip(urls, counts):
        with django_assert_num_queries(count):
            assert "Far" in Client().get(url).content.decode()
    with django_assert_num_queries(counts[-1]):
        assert "Owned 2" in desk.get("/desk/").content.decode()


def test_no_region_is_shown_when_the_league_has_regions_off():
    world = regions_league(per_region=1)
    world.league.regions_enabled = False
    world.league.save()
    kid = Fighter.objects.get(name="North 0")
    assert "Region <strong>" not in Client().get(f"/fighters/{kid.pk}/").content.decode()
    assert "<dt>Region</dt>" not in Client().get(f"/fighters/{kid.pk}/scouting/").content.decode()
    desk = Client()
    desk.force_login(world.owner)
    assert "<th>Region</th>" not in desk.get("/desk/").content.decode()
