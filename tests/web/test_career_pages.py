"""The career game's pages: building a fighter within the budget (each role; an
overspend shows its error and writes nothing)."""

import re
from pathlib import Path

import pytest
from django.test import Client

from fighters.models import Fighter
from tests.api.career_world import career_world, webl_abilities
from tests.league.test_training import training_setup

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def client_of(world, role):
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(world, role))
    return client


def _url(world):
    return f"/leagues/{world.league.slug}/career/new-fighter/"


def _post(world, total=70):
    return {
        "name": "Page Kid",
        "camp": world.camp_a.pk,
        "weight_class": "middleweight",
        **webl_abilities(total),
    }


def test_the_template_and_script_are_csp_clean():
    text = (ROOT / "templates/league/career_fighter_form.html").read_text()
    assert "style=" not in text and not re.search(r"\son[a-z]+=", text)
    # only external scripts, from our own static files
    assert re.findall(r"<script[^>]*>", text) == [
        "<script src=\"{% static 'ringside/budget.js' %}\">"
    ]
    assert "</script>" in text and "<script src" in text
    assert (ROOT / "league/static/ringside/budget.js").exists()


def test_the_owner_sees_the_budget_and_builds():
    world = career_world()
    client = client_of(world, "owner")
    html = client.get(_url(world)).content.decode()
    assert "Points left" in html and 'data-budget="70"' in html
    assert html.count('data-price="1"') == 5
    response = client.post(_url(world), _post(world))
    assert response.status_code == 302
    fighter = Fighter.objects.get(name="Page Kid")
    assert response["Location"] == f"/fighters/{fighter.pk}/"


def test_an_overspend_is_shown_and_nothing_is_written():
    world = career_world()
    response = client_of(world, "owner").post(_url(world), _post(world, total=75))
    assert response.status_code == 400
    assert "the card spends 75 points; the budget is 70" in response.content.decode()
    assert not Fighter.objects.filter(name="Page Kid").exists()


def test_a_camp_not_his_is_not_offered():
    world = career_world()
    body = {**_post(world), "camp": world.camp_b.pk}
    response = client_of(world, "owner").post(_url(world), body)
    assert response.status_code == 400
    assert not Fighter.objects.filter(name="Page Kid").exists()


@pytest.mark.parametrize("role", ["anonymous", "plain", "outsider", "commissioner"])
def test_others_are_refused(role):
    world = career_world()
    response = client_of(world, role).get(_url(world))
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == 403


def test_staff_may_build_for_any_camp():
    world = career_world()
    response = client_of(world, "staff").post(
        _url(world), {**_post(world), "camp": world.camp_b.pk}
    )
    assert response.status_code == 302


def test_the_owner_trains_on_the_page_and_sees_the_choice():
    world, red, _, bout = training_setup()
    client = client_of(world, "owner")
    url = f"/bouts/{bout.pk}/training/"
    page = client.get(url).content.decode()
    form = page.split('class="form narrow"')[1]
    assert "Red Kid" in form and "Blue Kid" not in form
    response = client.post(url, {"fighter": red.pk, "ability": "agl"})
    assert response.status_code == 302
    assert "Red Kid trains <strong>AGL</strong>" in client.get(url).content.decode()
    assert red.cards.get(ruleset="webl").data["agl"] == 15


def test_the_desk_links_training_for_career_bouts():
    world, _, _, bout = training_setup()
    html = client_of(world, "owner").get("/desk/").content.decode()
    assert f"/bouts/{bout.pk}/training/" in html


@pytest.mark.parametrize("role", ["plain", "outsider", "commissioner"])
def test_the_training_page_refuses_others(role):
    world, red, _, bout = training_setup()
    client = client_of(world, role)
    assert client.get(f"/bouts/{bout.pk}/training/").status_code == 403
    assert client.post(f"/bouts/{bout.pk}/training/", {"fighter": red.pk, "ability": "agl"})
    assert red.cards.get(ruleset="webl").data["agl"] == 14


def test_the_other_manager_cannot_pick_my_fighter():
    world, red, _, bout = training_setup()
    response = client_of(world, "other_manager").post(
        f"/bouts/{bout.pk}/training/", {"fighter": red.pk, "ability": "agl"}
    )
    assert response.status_code == 400  # not among his choices: the error is on the field
    assert red.cards.get(ruleset="webl").data["agl"] == 14


def _queries(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_the_career_pages_answer_in_fixed_queries():
    from fighters.models import Camp

    world, _, _, bout = training_setup()
    client = client_of(world, "staff")  # staff: every camp is offered
    form_few = _queries(client, _url(world))
    training_few = _queries(client, f"/bouts/{bout.pk}/training/")
    for n in range(6):
        Camp.objects.create(name=f"More camp {n}")
    for weight_class in ("heavyweight", "lightweight"):
        world.league.divisions.create(weight_class=weight_class, name=weight_class)
    assert _queries(client, _url(world)) == form_few
    assert _queries(client, f"/bouts/{bout.pk}/training/") == training_few
