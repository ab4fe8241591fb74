"""Fighter creation by budget (league.services.career, /api/leagues/<slug>/career/)."""

import pytest

from fighters.models import CardChange, Fighter
from league.models import League

from .career_world import career_world, webl_abilities
from .conftest import as_user

pytestmark = pytest.mark.django_db


def _url(world):
    return f"/api/leagues/{world.league.slug}/career/"


def _body(world, camp=None, total=70, name="New Kid", **extra):
    return {
        "camp": (camp or world.camp_a).pk,
        "name": name,
        "weight_class": "middleweight",
        "abilities": webl_abilities(total),
        **extra,
    }


def test_the_budget_is_public(api):
    world = career_world()
    response = api.get(_url(world))
    assert response.status_code == 200
    assert response.json()["budget"] == 70
    assert [a["path"] for a in response.json()["abilities"]] == ["str", "spd", "agl", "hgt", "tgh"]


def test_the_league_budget_overrides_the_rulesets(api):
    world = career_world(point_budget=60)
    assert api.get(_url(world)).json()["budget"] == 60


def test_the_owner_builds_within_the_budget():
    world = career_world()
    response = as_user(world.owner).post(_url(world), _body(world), format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["spent"], body["budget"]) == (70, 70)
    fighter = Fighter.objects.get(pk=body["id"])
    assert fighter.camp == world.camp_a
    assert world.division.fighters.filter(pk=fighter.pk).exists()
    card = fighter.cards.get(ruleset="webl")
    assert {k: card.data[k] for k in ("str", "spd", "agl", "hgt", "tgh")} == webl_abilities(70)
    assert CardChange.objects.get(fighter=fighter).source == "career"


def test_beyond_the_budget_is_a_field_error_and_nothing_is_written():
    world = career_world()
    before = Fighter.objects.count()
    response = as_user(world.owner).post(_url(world), _body(world, total=71), format="json")
    assert response.status_code == 400
    assert response.json() == {"budget": ["the card spends 71 points; the budget is 70"]}
    assert Fighter.objects.count() == before


def test_an_ability_out_of_bounds_is_named():
    world = career_world()
    body = _body(world)
    body["abilities"]["str"] = 31
    response = as_user(world.owner).post(_url(world), body, format="json")
    assert response.status_code == 400
    assert "str" in response.json()


def test_a_league_without_career_mode_refuses():
    world = career_world()
    League.objects.filter(pk=world.league.pk).update(career_mode=False)
    response = as_user(world.owner).post(_url(world), _body(world), format="json")
    assert response.status_code == 400
    assert "league" in response.json()


@pytest.mark.parametrize("role", ["anonymous", "plain", "outsider", "other_manager", "commish"])
def test_who_else_may_not_build_for_the_camp(api, role):
    world = career_world()
    client = {
        "anonymous": api,
        "plain": as_user(world.plain),
        "outsider": as_user(world.outsider),
        "other_manager": as_user(world.other_manager),
        "commish": as_user(world.commissioner),
    }[role]
    before = Fighter.objects.count()
    response = client.post(_url(world), _body(world), format="json")
    assert response.status_code == (401 if role == "anonymous" else 403)
    assert Fighter.objects.count() == before


def test_staff_may_build_for_any_camp():
    world = career_world()
    response = as_user(world.staff).post(_url(world), _body(world), format="json")
    assert response.status_code == 201


def test_the_other_manager_builds_for_his_own_camp():
    world = career_world()
    body = _body(world, camp=world.camp_b, name="Rival Kid")
    response = as_user(world.other_manager).post(_url(world), body, format="json")
    assert response.status_code == 201


def test_a_weight_class_without_a_division_is_refused():
    world = career_world()
    body = _body(world, weight_class="heavyweight")
    response = as_user(world.owner).post(_url(world), body, format="json")
    assert response.status_code == 400
    assert "weight_class" in response.json()


def test_the_commissioner_switches_the_career_game_on_and_bad_settings_are_400():
    world = career_world()
    client = as_user(world.commissioner)
    url = f"/api/leagues/{world.league.pk}/"
    if client.get(url).status_code == 404:  # leagues may be looked up by slug
        url = f"/api/leagues/{world.league.slug}/"
    ok = client.patch(url, {"hide_cards": True, "point_budget": 65}, format="json")
    assert ok.status_code == 200, ok.json()
    assert (ok.json()["hide_cards"], ok.json()["point_budget"]) == (True, 65)
    bad = client.patch(url, {"title_rule": "sometimes", "fight_weekday": 9}, format="json")
    assert bad.status_code == 400
    assert {"title_rule", "fight_weekday"} <= set(bad.json())
    world.league.refresh_from_db()
    assert world.league.title_rule == "top" and world.league.fight_weekday == 5


def test_a_new_league_plays_as_before():
    league = League(name="Plain", slug="plain", ruleset="webl", start_date="2026-01-01")
    assert not league.career_mode and not league.hide_cards and league.point_budget is None


def test_the_budget_answers_in_one_query(api, django_assert_num_queries):
    world = career_world()
    with django_assert_num_queries(1):
        assert api.get(_url(world)).status_code == 200
