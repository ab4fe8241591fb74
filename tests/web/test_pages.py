"""The site's pages render what a person needs to read, from real bouts."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_every_page_renders(client, fought):
    urls = [
        "/",
        f"/leagues/{fought['league'].slug}/",
        f"/events/{fought['event'].pk}/",
        f"/divisions/{fought['division'].pk}/",
        f"/divisions/{fought['division'].pk}/title/",
        f"/fighters/{fought['red'].pk}/",
        f"/bouts/{fought['bout'].pk}/",
    ]
    if fought["bout"].referee_id:
        urls.append(f"/referees/{fought['bout'].referee_id}/")
    for url in urls:
        html = _html(client, url)
        assert "/static/ringside/site.css" in html
        assert not re.search(r"(src|href)=\"https?://", html), url


def _count(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx)


def test_pages_answer_in_fixed_queries(client):
    from tests.api import factories
    from tests.api.records import recorded_bout

    league = factories.league()
    division = factories.division(league=league)
    event = factories.event(league=league)
    star = factories.fighter()
    counts = []
    for size in (1, 4):
        while division.bouts.count() < size:
            n = division.bouts.count() + 1
            opponent = factories.fighter()
            division.fighters.add(star, opponent)
            bout = recorded_bout(
                red=star,
                blue=opponent,
                ruleset=league.ruleset,
                division=division,
                event=event,
                order=n,
                day=n,
                rounds=2 + n,
            )
        urls = {
            "home": "/",
            "league": f"/leagues/{league.slug}/",
            "event": f"/events/{event.pk}/",
            "division": f"/divisions/{division.pk}/",
            "title": f"/divisions/{division.pk}/title/",
            "fighter": f"/fighters/{star.pk}/",
            "bout": f"/bouts/{bout.pk}/",
        }
        counts.append({name: _count(client, url) for name, url in urls.items()})
    assert counts[0] == counts[1], counts


def test_fighter_page_reads_like_a_record_book(client, fought):
    bout = fought["bout"]
    html = _html(client, f"/fighters/{fought['red'].pk}/")
    assert "Fight history" in html
    assert fought["blue"].name in html
    assert bout.result.method in html
    assert f"/bouts/{bout.pk}/" in html


def test_bout_report_shows_the_record(client, fought):
    bout = fought["bout"]
    html = _html(client, f"/bouts/{bout.pk}/")
    engine = bout.result.engine_result
    assert "<svg" in html and 'class="bar bar-' in html
    assert f"round {bout.result.round} at {bout.result.time}" in html
    for name in engine.get("judges") or []:
        assert name in html
    assert engine["events"][-1]["text"].replace("'", "&#x27;") in html


def test_missing_pages_are_404(client, db):
    for url in (
        "/fighters/999999/",
        "/bouts/999999/",
        "/referees/999999/",
        "/leagues/nope/",
        "/divisions/999999/",
        "/tournaments/999999/",
    ):
        assert client.get(url).status_code == 404, url


def test_tournament_bracket_and_title_lineage_pages(client, django_capture_on_commit_callbacks):
    from league.models import Title
    from tests.api.leagues import build

    _league, division, _season, tournament = build(6, django_capture_on_commit_callbacks)
    html = _html(client, f"/tournaments/{tournament.pk}/")
    assert 'class="bracket with-picture"' in html  # the list, shown on a phone (site.css)
    assert 'class="table-wrap bracket-picture"' in html
    assert tournament.champion.name in html
    assert html.count('class="match ') >= 3  # two semi-finals and the final
    title = Title.objects.select_related("champion").get(division=division)
    html = _html(client, f"/divisions/{division.pk}/title/")
    assert title.champion.name in html and "reigning" in html
    html = _html(client, f"/divisions/{division.pk}/")
    assert "Standings" in html and "Rankings" in html
    assert title.champion.name in html


def test_referee_page_lists_his_bouts(client, django_capture_on_commit_callbacks):
    import datetime

    from bouts.services import bout_schedule
    from referees.models import Referee
    from tests.api import factories

    referee = Referee.objects.filter(is_active=True).order_by("name").first()
    league = factories.league()
    red, blue = factories.fighter(name="Paddy Red"), factories.fighter(name="Bob Blue")
    division = factories.division(league=league, fighters=[red, blue])
    with django_capture_on_commit_callbacks(execute=True):
        bout = bout_schedule(
            ruleset=league.ruleset,
            red=red,
            blue=blue,
            division=division,
            date=datetime.date(2026, 5, 5),
            scheduled_rounds=4,
            referee=referee,
            seed=8,
        )
    html = _html(client, f"/referees/{referee.pk}/")
    assert referee.name in html
    assert "Paddy Red" in html and "Bob Blue" in html
    assert f"/bouts/{bout.pk}/" in html
    report = _html(client, f"/bouts/{bout.pk}/")
    assert f"/referees/{referee.pk}/" in report


def test_fighter_page_draws_his_rating(client, fought):
    html = _html(client, f"/fighters/{fought['red'].pk}/")
    assert 'id="ratings"' in html and "<polyline" in html
