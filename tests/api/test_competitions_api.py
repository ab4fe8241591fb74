"""Competitions and their stages through the API: readable by anyone, created,
re-seeded and started only by the league's commissioner or staff (tested per
role: anonymous, a plain user, a manager of the league, another league's
commissioner, the commissioner, staff)."""

import pytest
from rest_framework.test import APIClient

from league.models import StageStatus, Tournament, TournamentEntry

from .conftest import as_user
from .managers import world as managers_world

pytestmark = pytest.mark.django_db

SWISS_THEN_BRACKET = [
    {"kind": "swiss", "rounds": 2, "advance": 4},
    {"kind": "single"},
]


@pytest.fixture
def w():
    return managers_world()


def _refused(w):
    """Everyone who may not write: anonymous, a plain user, a manager of the
    league, another league's commissioner."""
    return {
        "anonymous": APIClient(),
        "plain user": as_user(w.plain),
        "manager": as_user(w.owner),
        "another league's commissioner": as_user(w.outsider),
    }


def _create(client, w, stages=SWISS_THEN_BRACKET, size=5):
    return client.post(
        "/api/tournaments/",
        {"division": w.division.pk, "size": size, "stages": stages, "fight_now": False},
        format="json",
    )


def test_only_the_commissioner_and_staff_create_a_competition_in_stages(w):
    for who, client in _refused(w).items():
        answer = _create(client, w)
        assert answer.status_code in (401, 403), who
    assert not Tournament.objects.exists()
    for client in (as_user(w.commissioner), as_user(w.staff)):
        answer = _create(client, w)
        assert answer.status_code == 201, answer.content
        body = answer.json()
        assert [(s["kind"], s["status"]) for s in body["stages"]] == [
            ("swiss", "running"),
            ("single", "waiting"),
        ]
        assert body["stages"][0]["description"] == "Swiss, 2 rounds, top 4 go on"


def test_competitions_and_their_stages_are_read_by_anyone(w):
    tournament_id = _create(as_user(w.commissioner), w).json()["id"]
    anonymous = APIClient()
    listed = anonymous.get("/api/tournaments/").json()["results"][0]
    assert [s["number"] for s in listed["stages"]] == [1, 2]
    stages = anonymous.get(f"/api/tournaments/{tournament_id}/stages/").json()
    swiss, bracket = stages
    (table,) = swiss["tables"]
    assert table["name"] == "Table" and len(table["lines"]) == 5
    # Five entrants: the lowest seed has round 1's bye, a point before anyone fights.
    assert [line["points"] for line in table["lines"]] == ["1", "0", "0", "0", "0"]
    assert table["lines"][0]["byes"] == 1
    assert bracket["tables"] == [] and bracket["preview"] == []


def test_impossible_stages_are_refused_with_the_field_at_fault(w):
    answer = _create(as_user(w.commissioner), w, [{"kind": "swiss", "rounds": 9}])
    assert answer.status_code == 400
    assert answer.json()["rounds"] == ["A Swiss of 5 is fought over 1 to 4 rounds."]
    answer = _create(as_user(w.commissioner), w, [{"kind": "single"}, {"kind": "swiss"}])
    assert answer.status_code == 400 and "kind" in answer.json()
    assert not Tournament.objects.exists()


def _preview(w):
    answer = _create(as_user(w.commissioner), w, [{"kind": "double"}], size=4)
    assert answer.status_code == 201
    return Tournament.objects.get(pk=answer.json()["id"])


def _order(tournament):
    return [
        e.fighter_id for e in TournamentEntry.objects.filter(tournament=tournament).order_by("seed")
    ]


def test_only_the_commissioner_and_staff_reseed_and_start_a_bracket(w):
    tournament = _preview(w)
    url = f"/api/tournaments/{tournament.pk}/"
    before = _order(tournament)
    reversed_order = list(reversed(before))
    for who, client in _refused(w).items():
        assert client.post(
            url + "seeds/", {"order": reversed_order}, format="json"
        ).status_code in (
            401,
            403,
        ), who
        assert client.post(url + "start/").status_code in (401, 403), who
    assert _order(tournament) == before
    assert tournament.stages.get().status == StageStatus.PREVIEW
    preview = APIClient().get(url + "stages/").json()[0]["preview"]
    assert [(p["red_seed"], p["blue_seed"]) for p in preview] == [(1, 4), (2, 3)]
    answer = as_user(w.commissioner).post(url + "seeds/", {"order": reversed_order}, format="json")
    assert answer.status_code == 200, answer.content
    assert _order(tournament) == reversed_order
    assert answer.json()[0]["preview"][0]["red"]["id"] == reversed_order[0]
    answer = as_user(w.staff).post(url + "start/")
    assert answer.status_code == 200, answer.content
    assert answer.json()[0]["status"] == "running"
    again = as_user(w.commissioner).post(url + "seeds/", {"order": before}, format="json")
    assert again.status_code == 400
    assert _order(tournament) == reversed_order


def test_a_reseed_must_list_each_entrant_once(w):
    tournament = _preview(w)
    order = _order(tournament)
    answer = as_user(w.commissioner).post(
        f"/api/tournaments/{tournament.pk}/seeds/",
        {"order": [order[0], *order[:3]]},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["order"] == ["List each of the bracket's 4 entrants once."]
    assert _order(tournament) == order


def test_the_schema_has_the_stages_the_seeds_and_the_start(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    for path in ("stages", "seeds", "start"):
        assert f"/api/tournaments/{{id}}/{path}/" in paths
    assert "post" in paths["/api/tournaments/{id}/seeds/"]
