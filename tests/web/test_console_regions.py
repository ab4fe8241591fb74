"""Regions in the commissioner's console: create a region, put a fighter in one,
move him, take him out — through league.services.regions, per role, the
services' messages next to the fields, fixed query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Region, RegionMember
from tests.api import factories
from tests.league.test_regions import regions_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return regions_league(per_region=2)


def _urls(world):
    slug = world.league.slug
    return {
        "page": f"/console/leagues/{slug}/regions/",
        "new": f"/console/leagues/{slug}/regions/new/",
        "member": f"/console/leagues/{slug}/regions/members/",
    }


def _member(world, fighter, region):
    return {"member-fighter": fighter.pk, "member-region": region.pk if region else ""}


def _region_of(fighter):
    return RegionMember.objects.filter(fighter=fighter).values_list("region_id", flat=True).first()


def test_anonymous_is_sent_to_sign_in(client, world):
    urls = _urls(world)
    fighter = RegionMember.objects.filter(league=world.league).first().fighter
    for url, data in (
        (urls["page"], None),
        (urls["new"], {"region-name": "East"}),
        (urls["member"], _member(world, fighter, None)),
    ):
        answer = client.get(url) if data is None else client.post(url, data)
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert Region.objects.count() == 2 and _region_of(fighter) is not None


@pytest.mark.parametrize("who", ["plain", "outsider", "owner"])
def test_a_plain_user_or_another_leagues_commissioner_gets_403(client, world, who):
    urls = _urls(world)
    fighter = RegionMember.objects.filter(league=world.league).first().fighter
    before = _region_of(fighter)
    client.force_login(getattr(world, who))
    assert client.get(urls["page"]).status_code == 403
    assert client.post(urls["new"], {"region-name": "East"}).status_code == 403
    assert client.post(urls["member"], _member(world, fighter, None)).status_code == 403
    assert client.get(f"/console/leagues/{world.league.slug}/").status_code == 403
    assert not Region.objects.filter(name="East").exists()
    assert _region_of(fighter) == before


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_create_assign_move_and_take_out(client, world, who):
    urls = _urls(world)
    client.force_login(getattr(world, who))
    league_page = client.get(f"/console/leagues/{world.league.slug}/").content.decode()
    assert urls["page"] in league_page
    made = client.post(urls["new"], {"region-name": "East"})
    assert made.status_code == 302 and made["Location"] == urls["page"]
    east = Region.objects.get(league=world.league, name="East")
    newcomer = factories.fighter(ruleset="webl", name="Newcomer Nagy")
    world.division.fighters.add(newcomer)
    page = client.get(urls["page"])
    assert page.status_code == 200
    html = page.content.decode()
    assert f'id="region-{east.pk}"' in html and "Newcomer Nagy" in html
    assert "Nobody in East yet" in html
    assert client.post(urls["member"], _member(world, newcomer, east)).status_code == 302
    assert _region_of(newcomer) == east.pk
    assert client.post(urls["member"], _member(world, newcomer, world.north)).status_code == 302
    assert _region_of(newcomer) == world.north.pk
    done = client.post(urls["member"], _member(world, newcomer, None), follow=True)
    assert _region_of(newcomer) is None
    assert b"Newcomer Nagy is now in no region" in done.content


def test_errors_appear_next_to_their_field(client, world):
    urls = _urls(world)
    client.force_login(world.commissioner)
    twin = client.post(urls["new"], {"region-name": "North"})
    assert twin.status_code == 400 and b'id="id_region-name-errors"' in twin.content
    form = twin.context["region_form"]
    assert form.errors == {"name": ["A region of that name exists."]}
    empty = client.post(urls["new"], {"region-name": "  "})
    assert empty.status_code == 400 and b'id="id_region-name-errors"' in empty.content
    assert Region.objects.filter(league=world.league).count() == 2
    stranger = factories.fighter(ruleset="webl", name="Not In The League")
    answer = client.post(urls["member"], _member(world, stranger, world.north))
    assert answer.status_code == 400 and b'id="id_member-fighter-errors"' in answer.content
    other = world.other_league
    other.regions_enabled = True
    other.save()
    far = Region.objects.create(league=other, name="Far")
    fighter = world.division.fighters.first()
    answer = client.post(urls["member"], _member(world, fighter, far))
    assert answer.status_code == 400 and b'id="id_member-region-errors"' in answer.content
    assert client.post(urls["member"], {"member-fighter": "x"}).status_code == 400


def test_a_fighter_who_left_the_rosters_can_still_be_taken_out(client, world):
    fighter = RegionMember.objects.filter(league=world.league).first().fighter
    world.division.fighters.remove(fighter)
    client.force_login(world.commissioner)
    page = client.get(_urls(world)["page"]).content.decode()
    assert fighter.name in page
    assert client.post(_urls(world)["member"], _member(world, fighter, None)).status_code == 302
    assert _region_of(fighter) is None
    again = client.post(_urls(world)["member"], _member(world, fighter, world.north))
    assert again.status_code == 400 and b'id="id_member-fighter-errors"' in again.content


def test_a_league_without_regions_says_how_to_switch_them_on(client, world):
    world.league.regions_enabled = False
    world.league.save()
    client.force_login(world.commissioner)
    settings = f"/console/leagues/{world.league.slug}/settings/"
    league_page = client.get(f"/console/leagues/{world.league.slug}/").content.decode()
    assert "Regions are off" in league_page and settings in league_page
    assert _urls(world)["page"] not in league_page
    page = client.get(_urls(world)["page"]).content.decode()
    assert 'id="regions-off"' in page and settings in page
    refused = client.post(_urls(world)["new"], {"region-name": "East"})
    assert refused.status_code == 400 and b"has no regions" in refused.content
    form = client.get(settings).content.decode()
    assert 'name="regions_enabled"' in form and 'name="contenders_per_region"' in form


def test_switch_regions_on_in_the_settings(client):
    commissioner = factories.user(username="commish")
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    client.force_login(commissioner)
    form = client.get(f"/console/leagues/{league.slug}/settings/").context["form"]
    data = {k: v for k, v in form.initial.items() if k in form.fields and v is not None}
    data.update(regions_enabled="on", start_date=league.start_date.isoformat())
    data.pop("contenders_per_region")  # optional: the league keeps its number
    answer = client.post(f"/console/leagues/{league.slug}/settings/", data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    league.refresh_from_db()
    assert league.regions_enabled and league.contenders_per_region == 2


def test_the_regions_page_costs_the_same_with_more_rows(client, world, django_assert_num_queries):
    client.force_login(world.commissioner)
    url = _urls(world)["page"]
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    assert len(ctx) == 7  # pinned: session, user, league, commissioner?, regions, members, fighters
    east = Region.objects.create(league=world.league, name="East")
    for n in range(6):
        fighter = factories.fighter(ruleset="webl", name=f"More {n}")
        world.division.fighters.add(fighter)
        if n % 2:
            RegionMember.objects.create(league=world.league, region=east, fighter=fighter)
    with django_assert_num_queries(len(ctx)):
        assert client.get(url).status_code == 200


def _bulk_url(world):
    return f"/console/leagues/{world.league.slug}/regions/many/"


@pytest.mark.parametrize("who", ["plain", "owner", "outsider"])
def test_only_the_commissioner_or_staff_moves_many_fighters(client, world, who):
    fighters = [m.fighter for m in RegionMember.objects.filter(league=world.league)]
    client.force_login(getattr(world, who))
    data = {"bulk-fighters": [f.pk for f in fighters], "bulk-region": ""}
    assert client.post(_bulk_url(world), data).status_code == 403
    assert all(_region_of(f) is not None for f in fighters)


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_many_fighters_go_into_a_region_in_one_post(client, world, who):
    east = Region.objects.create(league=world.league, name="East")
    newcomers = [factories.fighter(ruleset="webl", name=f"Newcomer {n}") for n in range(3)]
    world.division.fighters.add(*newcomers)
    moved = RegionMember.objects.filter(region=world.north).first().fighter
    chosen = [*newcomers, moved]
    client.force_login(getattr(world, who))
    assert "region-bulk" in client.get(_urls(world)["page"]).content.decode()
    data = {"bulk-fighters": [f.pk for f in chosen], "bulk-region": east.pk}
    done = client.post(_bulk_url(world), data, follow=True)
    assert b"4 fighters are now in East" in done.content
    assert {_region_of(f) for f in chosen} == {east.pk}
    out = client.post(_bulk_url(world), {"bulk-fighters": [f.pk for f in chosen[:2]]})
    assert out.status_code == 302
    assert _region_of(chosen[0]) is None and _region_of(chosen[2]) == east.pk


def test_a_bulk_post_with_a_stranger_or_nobody_writes_nothing(client, world):
    from league.services.regions import regions_assign_many

    stranger = factories.fighter(ruleset="webl", name="Stranger Danger")
    member = RegionMember.objects.filter(league=world.league).first().fighter
    before = _region_of(member)
    client.force_login(world.commissioner)
    answer = client.post(
        _bulk_url(world), {"bulk-fighters": [member.pk, stranger.pk], "bulk-region": ""}
    )
    assert answer.status_code == 400 and _region_of(member) == before  # not a choice
    assert client.post(_bulk_url(world), {"bulk-region": world.south.pk}).status_code == 400
    with pytest.raises(Exception) as refused:
        regions_assign_many(
            actor=world.commissioner,
            league=world.league,
            fighters=[member, stranger],
            region=world.south,
        )
    assert "Stranger Danger fights in no division" in str(refused.value)
    assert _region_of(member) == before


def test_a_bulk_post_costs_the_same_for_two_fighters_or_six(client, world):
    client.force_login(world.commissioner)
    fighters = list(world.division.fighters.all())

    def cost(chosen):
        data = {"bulk-fighters": [f.pk for f in chosen], "bulk-region": world.south.pk}
        with CaptureQueriesContext(connection) as queries:
            assert client.post(_bulk_url(world), data).status_code == 302
        return len(queries)

    for n in range(4):
        world.division.fighters.add(factories.fighter(ruleset="webl", name=f"Extra {n}"))
    assert cost(fighters[:2]) == cost(list(world.division.fighters.all()))
