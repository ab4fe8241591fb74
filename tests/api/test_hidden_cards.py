"""Hidden cards (league.card_visibility) and the scouting page, per role."""

import pytest
from django.test import Client

from bouts.models import Bout
from fighters.models import RatingCard
from league.services.career import career_fighter_create
from tests.api.records import recorded_bout

from .career_world import career_world, webl_abilities
from .conftest import as_user

pytestmark = pytest.mark.django_db
ROLES = ["anonymous", "plain", "outsider", "other_manager", "owner", "commissioner", "staff"]
SEES = {"owner", "commissioner", "staff"}


def _world(hide=True):
    world = career_world(hide_cards=hide)
    world.kid = career_fighter_create(
        actor=world.owner,
        league=world.league,
        camp=world.camp_a,
        name="Hidden Kid",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    return world


def _api(world, role):
    from rest_framework.test import APIClient

    return APIClient() if role == "anonymous" else as_user(getattr(world, role))


def _page(world, role):
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(world, role))
    return client


@pytest.mark.parametrize("role", ROLES)
def test_the_cards_endpoints_show_the_card_only_to_those_who_may(role):
    world = _world()
    client = _api(world, role)
    card = RatingCard.objects.get(fighter=world.kid)
    detail = client.get(f"/api/cards/{card.pk}/")
    listed = client.get("/api/cards/", {"page_size": 100}).json()
    ids = {row["id"] for row in listed.get("results", listed)}
    fighter = client.get(f"/api/fighters/{world.kid.pk}/").json()
    if role in SEES:
        assert detail.status_code == 200 and detail.json()["data"]["str"] == 14
        assert card.pk in ids
        assert [c["ruleset"] for c in fighter["cards"]] == ["webl"]
    else:
        assert detail.status_code == 404
        assert card.pk not in ids
        assert fighter["cards"] == []
        assert fighter["name"] == "Hidden Kid"  # the fighter himself is public


def test_a_league_that_shows_cards_shows_them_to_all():
    world = _world(hide=False)
    card = RatingCard.objects.get(fighter=world.kid)
    assert _api(world, "anonymous").get(f"/api/cards/{card.pk}/").status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_the_fighter_page_hides_the_card_and_links_the_scouting_report(role):
    world = _world()
    html = _page(world, role).get(f"/fighters/{world.kid.pk}/").content.decode()
    assert f"/fighters/{world.kid.pk}/scouting/" in html
    if role in SEES:
        assert "WeBL 14.0" in html
    else:
        assert "WeBL 14.0" not in html and "his card is hidden" in html


def test_scouting_shows_fought_plans_and_reports_never_coming_ones():
    world = _world()
    rival = career_fighter_create(
        actor=world.other_manager,
        league=world.league,
        camp=world.camp_b,
        name="Rival Kid",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    fought = recorded_bout(red=world.kid, blue=rival, ruleset="webl", division=world.division)
    Bout.objects.filter(pk=fought.pk).update(plans={"red": "1) 8B/6/6;", "blue": "7/7/6"})
    coming = Bout.objects.create(
        ruleset="webl",
        red=world.kid,
        blue=rival,
        division=world.division,
        date=world.event.date,
        seed=5,
        scheduled_rounds=3,
        plans={"red": "SECRET 10/5/5"},
    )
    assert coming.status == "scheduled"
    html = _page(world, "other_manager").get(f"/fighters/{world.kid.pk}/scouting/").content
    html = html.decode()
    assert "1) 8B/6/6;" in html
    assert "SECRET" not in html
    assert f"/bouts/{fought.pk}/" in html
    assert "His card is hidden" in html


def test_the_scouting_page_answers_in_fixed_queries(django_assert_num_queries):
    world = _world()
    rival = career_fighter_create(
        actor=world.other_manager,
        league=world.league,
        camp=world.camp_b,
        name="Rival Kid",
        weight_class="middleweight",
        abilities=webl_abilities(70),
    )
    client = _page(world, "plain")
    url = f"/fighters/{world.kid.pk}/scouting/"
    recorded_bout(red=world.kid, blue=rival, ruleset="webl", division=world.division, day=1)
    client.get(url)
    with django_assert_num_queries(15) as one:  # 15 with the regions of his leagues
        client.get(url)
    for day in range(2, 6):
        recorded_bout(red=world.kid, blue=rival, ruleset="webl", division=world.division, day=day)
    with django_assert_num_queries(len(one.captured_queries)):
        client.get(url)
