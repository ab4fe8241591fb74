"""Standings, rankings, tournaments with their bracket and titles with their
lineage, from bouts fought by the engine and recorded by the pipeline."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Title

from . import factories
from .conftest import as_user
from .leagues import build

pytestmark = pytest.mark.django_db


def measure(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return len(ctx), response.json()


def test_tables_and_competitions(api, django_capture_on_commit_callbacks):
    _league, division, season, tournament = build(6, django_capture_on_commit_callbacks)

    _, standings = measure(api, f"/api/standings/?season={season.pk}")
    rows = standings["results"]
    assert len(rows) == 6
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert sum(r["wins"] for r in rows) + sum(r["draws"] for r in rows) / 2 == 3
    assert all(r["competitor"]["kind"] == "fighter" for r in rows)

    _, rankings = measure(api, f"/api/rankings/?division={division.pk}")
    ranked = rankings["results"]
    assert [r["rank"] for r in ranked] == list(range(1, len(ranked) + 1))
    assert len(ranked) == 6
    # Derived through the tournament's final, the division's last bout.
    last = division.bouts.filter(status="completed").order_by("-date").first()
    assert {r["derived_through"] for r in ranked} == {last.date.isoformat()}
    assert {r["derived_through"] for r in rows} == {last.date.isoformat()}
    non_champions = [r["rating"] for r in ranked if not r["is_champion"]]
    assert non_champions == sorted(non_champions, reverse=True)

    _, bracket = measure(api, f"/api/tournaments/{tournament.pk}/bracket/")
    assert tournament.status == "completed"
    assert bracket["champion"]["id"] == tournament.champion_id
    final = next(m for m in bracket["matches"] if m["final"])
    assert final["winner"]["id"] == tournament.champion_id
    assert all(m["status"] in ("done", "bye") for m in bracket["matches"])

    title = Title.objects.get(division=division)
    _, detail = measure(api, f"/api/titles/{title.pk}/")
    assert detail["champion"]["id"] == title.champion_id
    lineage = detail["lineage"]
    assert lineage, "the tournament final was a title bout"
    assert [r["number"] for r in lineage] == list(range(1, len(lineage) + 1))
    assert lineage[-1]["champion"]["id"] == title.champion_id
    assert lineage[-1]["ended_on"] is None


def test_rankings_need_a_division(api):
    response = api.get("/api/rankings/")
    assert response.status_code == 400 and "division" in response.json()
    # A division that does not exist is not there: 404, as a detail's id.
    response = api.get("/api/rankings/?division=999999")
    assert response.status_code == 404


def test_league_endpoints_answer_in_fixed_queries(api, django_capture_on_commit_callbacks):
    urls = {}
    counts = []
    for size in (4, 8):
        _league, division, season, tournament = build(size, django_capture_on_commit_callbacks)
        title = Title.objects.get(division=division)
        urls = {
            "standings": f"/api/standings/?season={season.pk}",
            "rankings": f"/api/rankings/?division={division.pk}",
            "tournaments": "/api/tournaments/",
            "tournament": f"/api/tournaments/{tournament.pk}/",
            "bracket": f"/api/tournaments/{tournament.pk}/bracket/",
            "titles": "/api/titles/",
            "title": f"/api/titles/{title.pk}/",
        }
        counts.append({name: measure(api, url)[0] for name, url in urls.items()})
    assert counts[0] == counts[1]
    assert counts[0] == {
        "standings": 2,
        "rankings": 4,  # + the division's derived_through
        "tournaments": 3,  # + the competitions' stages
        "tournament": 4,
        "bracket": counts[0]["bracket"],
        "titles": 2,
        "title": 2,
    }
    assert counts[0]["bracket"] <= 6


def test_commissioner_creates_tournaments_only_in_his_league(
    commissioner, own_league, other_league, django_capture_on_commit_callbacks
):
    client = as_user(commissioner)
    theirs = factories.division(league=other_league)
    response = client.post("/api/tournaments/", {"division": theirs.pk, "size": 2}, format="json")
    assert response.status_code == 403
    mine = factories.division(league=own_league, fighters=[factories.fighter() for _ in range(2)])
    response = client.post("/api/tournaments/", {"division": mine.pk, "size": 8}, format="json")
    assert response.status_code == 400 and "size" in response.json()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/tournaments/",
            {
                "division": mine.pk,
                "size": 2,
                "entrants": list(mine.fighters.values_list("id", flat=True)),
            },
            format="json",
        )
    assert response.status_code == 201, response.content
    assert len(response.json()["entries"]) == 2


def test_commissioner_schedules_a_season_in_his_division(
    commissioner, own_league, other_league, django_capture_on_commit_callbacks
):
    from bouts.models import Bout

    client = as_user(commissioner)
    theirs = factories.division(
        league=other_league, fighters=[factories.fighter() for _ in range(2)]
    )
    response = client.post(f"/api/divisions/{theirs.pk}/schedule-season/", {}, format="json")
    assert response.status_code == 403
    mine = factories.division(league=own_league, fighters=[factories.fighter() for _ in range(4)])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/divisions/{mine.pk}/schedule-season/",
            {"start_date": "2026-04-01", "seed": 5},
            format="json",
        )
    assert response.status_code == 201, response.content
    season = response.json()
    assert season["division"] == mine.pk
    bouts = Bout.objects.filter(season_fixture__season_id=season["id"])
    assert bouts.count() == 6  # four fighters, each meets the others once: all fought now
    standings = client.get(f"/api/standings/?season={season['id']}").json()["results"]
    assert len(standings) == 4


def test_tournament_entrants_are_checked_before_anything_is_written(commissioner, own_league):
    """Unknown ids (a KeyError, a 500, before), fighters of another division,
    a fighter without a card for the ruleset and duplicates: a 400 naming them."""
    from league.models import Tournament

    client = as_user(commissioner)
    inside = [factories.fighter() for _ in range(3)]
    mine = factories.division(league=own_league, fighters=inside)
    outsider = factories.fighter()
    cardless = factories.fighter(ruleset="pocket" if own_league.ruleset != "pocket" else "webl")
    mine.fighters.add(cardless)
    cases = {
        "unknown": ([inside[0].pk, 987654], "No fighter 987654"),
        "outside": ([inside[0].pk, outsider.pk], f"No fighter {outsider.pk}"),
        "twice": ([inside[0].pk, inside[0].pk], "listed twice"),
        "cardless": ([inside[0].pk, cardless.pk], f"no {own_league.ruleset} card"),
    }
    for name, (entrants, message) in cases.items():
        response = client.post(
            "/api/tournaments/",
            {"division": mine.pk, "size": 2, "entrants": entrants},
            format="json",
        )
        assert response.status_code == 400, (name, response.content)
        assert message in str(response.json()["entrants"]), (name, response.json())
    assert not Tournament.objects.exists()


def test_a_tournament_states_its_draw_rule_and_pace_through_the_api(commissioner, own_league):
    client = as_user(commissioner)
    mine = factories.division(league=own_league, fighters=[factories.fighter() for _ in range(4)])
    bad = client.post(
        "/api/tournaments/",
        {"division": mine.pk, "size": 4, "draw_rule": "coin"},
        format="json",
    )
    assert bad.status_code == 400 and "draw_rule" in bad.json()
    response = client.post(
        "/api/tournaments/",
        {"division": mine.pk, "size": 4, "draw_rule": "decider", "fight_now": False},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["draw_rule"] == "decider" and body["fight_now"] is False
    bracket = client.get(f"/api/tournaments/{body['id']}/bracket/").json()
    assert all(m["through"] == "" and m["decider_bout_id"] is None for m in bracket["matches"])
