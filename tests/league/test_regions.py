"""Regions of a career league (league.services.regions, the weekly matchmaker with
regions): who may make them, regional title bouts within a region, the world
title among the contenders, a regional title changing hands."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext

from bouts.models import Bout
from bouts.services import bout_record, bout_void
from fighters.models import Fighter
from league.models import Event, Region, RegionalTitle, RegionalTitleBout, RegionMember
from league.services import weekly
from league.services.regions import region_assign, region_create, regional_picture
from tests.api import factories
from tests.api.career_world import career_world
from tests.league.conftest import fake_result

pytestmark = pytest.mark.django_db
SATURDAY = dt.date(2026, 3, 7)


def regions_league(per_region=3, **fields):
    """Camps A, B, C; North and South with ``per_region`` fighters each (camps
    rotating: A, B, C in the North, B, C, A in the South), assigned by the
    commissioner."""
    world = career_world(regions_enabled=True, **fields)
    world.camp_c = factories.camp(name="Camp C")
    camps = [world.camp_a, world.camp_b, world.camp_c]
    world.north = region_create(actor=world.commissioner, league=world.league, name="North")
    world.south = region_create(actor=world.commissioner, league=world.league, name="South")
    for offset, region in enumerate((world.north, world.south)):
        for n in range(per_region):
            camp = camps[(n + offset) % 3]
            fighter = factories.fighter(ruleset="webl", camp=camp, name=f"{region.name} {n}")
            world.division.fighters.add(fighter)
            region_assign(
                actor=world.commissioner, league=world.league, fighter=fighter, region=region
            )
    return world


def record(bout, winner):
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_record(bout=bout, result=fake_result(winner, "UD"))


def _region(fighter_id):
    return RegionMember.objects.get(fighter_id=fighter_id).region_id


def test_only_a_commissioner_or_staff_makes_regions_and_assigns_fighters():
    world = regions_league(per_region=1)
    fighter = world.division.fighters.first()
    for who in (world.owner, world.outsider, world.plain):
        with pytest.raises(PermissionDenied):
            region_create(actor=who, league=world.league, name="East")
        with pytest.raises(PermissionDenied):
            region_assign(actor=who, league=world.league, fighter=fighter, region=world.south)
    with pytest.raises(PermissionDenied):
        region_create(actor=None, league=world.league, name="East")
    for twin in ("North", " North "):
        with pytest.raises(ValidationError) as exc:
            region_create(actor=world.commissioner, league=world.league, name=twin)
        assert exc.value.message_dict == {"name": ["A region of that name exists."]}
    other = world.other_league
    other.regions_enabled = True
    other.save()
    elsewhere = region_create(actor=world.outsider, league=other, name="Far")
    with pytest.raises(ValidationError) as exc:
        region_assign(actor=world.staff, league=world.league, fighter=fighter, region=elsewhere)
    assert "region" in exc.value.message_dict
    stranger = factories.fighter(ruleset="webl", name="Not In The League")
    with pytest.raises(ValidationError) as exc:
        region_assign(actor=world.staff, league=world.league, fighter=stranger, region=world.south)
    assert "fighter" in exc.value.message_dict
    region_assign(actor=world.staff, league=world.league, fighter=fighter, region=world.south)
    assert _region(fighter.pk) == world.south.pk
    region_assign(actor=world.staff, league=world.league, fighter=fighter, region=None)
    assert not RegionMember.objects.filter(fighter=fighter).exists()


def test_a_duplicate_region_name_is_the_names_error_wherever_it_is_checked(admin_client):
    world = regions_league(per_region=1)
    with pytest.raises(ValidationError) as exc:
        Region(league=world.league, name="North").full_clean()
    assert exc.value.message_dict == {"name": ["A region of that name exists."]}
    Region(league=world.other_league, name="North").full_clean()  # another league's: fine
    # The admin's form (staff edit regions there) shows it next to the name.
    page = admin_client.post(
        "/admin/league/region/add/",
        {
            "league": world.league.pk,
            "name": "North",
            "members-TOTAL_FORMS": 0,
            "members-INITIAL_FORMS": 0,
        },
    )
    assert page.status_code == 200
    form = page.context["adminform"].form
    assert form.errors == {"name": ["A region of that name exists."]}
    assert Region.objects.filter(league=world.league, name="North").count() == 1


def test_a_league_without_regions_refuses_them():
    world = career_world()
    with pytest.raises(ValidationError) as exc:
        region_create(actor=world.commissioner, league=world.league, name="North")
    assert "league" in exc.value.message_dict
    assert not Region.objects.exists()


def test_regional_title_bouts_stay_in_their_region_and_the_world_title_goes_to_contenders():
    world = regions_league(per_region=3, contenders_per_region=1)
    report = weekly.matchmake_week(world.league, SATURDAY)[0]
    assert report.bouts == 3 and report.title
    marks = list(RegionalTitleBout.objects.select_related("bout", "title"))
    assert len(marks) == 2  # one vacant belt per region
    for mark in marks:
        assert _region(mark.bout.red_id) == _region(mark.bout.blue_id) == mark.title.region_id
        assert not mark.bout.is_title_bout
    world_title = Bout.objects.get(is_title_bout=True)
    order = list(world.division.fighters.order_by("id").values_list("id", flat=True))
    picture = regional_picture(world.division, order, None)
    tops = world.division.fighters.filter(name__in=["North 0", "South 0"]).order_by("id")
    assert picture.contenders == [f.pk for f in tops]  # the top one of each region
    assert {world_title.red_id, world_title.blue_id} == set(picture.contenders)


def test_a_regional_title_changes_hands_with_its_lineage():
    world = regions_league(per_region=3, title_rule="top", contenders_per_region=0)
    # No contenders: no world title bout; each region's belt is fought for.
    weekly.matchmake_week(world.league, SATURDAY)
    north = RegionalTitle.objects.get(region=world.north)
    first = north.bouts.get().bout
    record(first, "red")
    north.refresh_from_db()
    assert north.champion_id == first.red_id
    assert [r.fighter_id for r in north.reigns.all()] == [first.red_id]
    week2 = weekly.matchmake_week(world.league, SATURDAY + dt.timedelta(weeks=1))[0]
    assert week2.bouts
    defence = north.bouts.exclude(bout=first).get().bout
    assert first.red_id in (defence.red_id, defence.blue_id)
    loser_side = "red" if defence.red_id == first.red_id else "blue"
    record(defence, "blue" if loser_side == "red" else "red")
    north.refresh_from_db()
    reigns = list(north.reigns.all())
    challenger = defence.blue_id if loser_side == "red" else defence.red_id
    assert [r.fighter_id for r in reigns] == [first.red_id, challenger]
    assert reigns[0].end_reason == "lost" and reigns[0].end_bout_id == defence.pk
    assert north.champion_id == challenger
    # The South's belt is its own lineage.
    south = RegionalTitle.objects.get(region=world.south)
    assert south.champion_id not in (first.red_id, challenger)


def test_the_matchmaker_with_regions_reads_in_fixed_queries():
    world = regions_league(per_region=3, contenders_per_region=1)

    def first_week():
        Bout.objects.all().delete()
        Event.objects.all().delete()
        RegionalTitle.objects.all().delete()
        with CaptureQueriesContext(connection) as ctx:
            report = weekly.matchmake_week(world.league, SATURDAY)[0]
        assert report.title and report.sat_out is None
        assert RegionalTitleBout.objects.count() == 2
        return len(ctx.captured_queries)

    few = first_week()
    camps = [world.camp_a, world.camp_b, world.camp_c]
    for n in range(6):
        fighter = factories.fighter(ruleset="webl", camp=camps[n % 3], name=f"More {n}")
        world.division.fighters.add(fighter)
        region = world.north if n % 2 else world.south
        region_assign(actor=world.staff, league=world.league, fighter=fighter, region=region)
    # Twice the fighters and bouts (two regional belts and the world's each time):
    # the same reads, the bouts written in bulk.
    assert first_week() == few


def test_voiding_a_regional_title_bout_takes_the_belt_back():
    world = regions_league(per_region=3, contenders_per_region=0)
    weekly.matchmake_week(world.league, SATURDAY)
    north = RegionalTitle.objects.get(region=world.north)
    bout = north.bouts.get().bout
    record(bout, "red")
    north.refresh_from_db()
    assert north.champion_id == bout.red_id
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=bout, reason="wrong card", user=world.staff)
    north.refresh_from_db()
    assert north.champion_id is None and not north.reigns.exists()


def test_a_retired_fighter_takes_no_contenders_place():
    world = regions_league(per_region=3, contenders_per_region=1)
    order = list(world.division.fighters.order_by("id").values_list("id", flat=True))
    top = world.division.fighters.get(name="North 0")
    Fighter.objects.filter(pk=top.pk).update(is_active=False, retired_on=SATURDAY)
    picture = regional_picture(world.division, order, None)
    assert top.pk not in picture.contenders
    assert world.division.fighters.get(name="North 1").pk in picture.contenders
