"""The fighter page's honours and form (league.history.fighter): status,
champion badge and ranking from #1, the last six results, rating before and
after each bout, voided bouts as "NC (voided)", titles and awards."""

import datetime as dt
import itertools

import pytest
from django.test import TestCase

from bouts.services import bout_void
from fighters.models import Fighter
from league.history import services
from league.models import Title
from league.selectors import division_rankings

from .conftest import fight_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(ruleset):
    league, division, season, bouts = fight_season(ruleset)
    return league, division, season, bouts


def _page(client, fighter_id):
    page = client.get(f"/fighters/{fighter_id}/")
    assert page.status_code == 200
    return page, page.content.decode()


def test_the_ranking_starts_at_one_with_the_champion_apart(client, fought):
    _league, division, *_ = fought
    ranked = division_rankings(division=division)
    Title.objects.update_or_create(
        division=division, defaults={"name": "Belt", "champion": ranked[2].competitor}
    )
    ranked = division_rankings(division=division)
    assert ranked[0].is_champion and ranked[0].position is None
    assert [r.position for r in ranked[1:]] == [1, 2, 3]
    _response, text = _page(client, ranked[0].competitor.pk)
    assert 'id="champion-badge"' in text and "Champion of" in text
    _response, text = _page(client, ranked[1].competitor.pk)
    assert "Ranked <strong>#1</strong>" in text and 'id="champion-badge"' not in text
    division_page = client.get(f"/divisions/{division.pk}/").content.decode()
    assert "#1</td>" in division_page and "#2</td>" in division_page


def test_status_reads_active_inactive_or_retired(client, fought):
    league, division, *_ = fought
    fighter = division.fighters.order_by("id").first()
    assert _page(client, fighter.pk)[0].context["status"] == "active"
    fighter.career.refresh_from_db()
    last = fighter.career.last_bout_on
    league.today = last + dt.timedelta(days=league.title_inactivity_days + 1)
    league.save(update_fields=["today"])
    page, text = _page(client, fighter.pk)
    assert page.context["status"] == "inactive" and "Inactive" in text
    Fighter.objects.filter(pk=fighter.pk).update(is_active=False, retired_on=dt.date(2026, 5, 1))
    page, text = _page(client, fighter.pk)
    assert page.context["status"] == "retired" and "Retired since 1 May 2026" in text


def test_each_bout_shows_the_rating_before_and_after_it(client, fought):
    _league, division, *_ = fought
    fighter = division.fighters.order_by("id").first()
    page, _ = _page(client, fighter.pk)
    rows = list(reversed(page.context["history"]))  # oldest first
    assert len(rows) == 3
    assert rows[0]["rating_before"] == pytest.approx(0.0)
    for earlier, later in itertools.pairwise(rows):
        assert later["rating_before"] == earlier["rating_after"]
    assert page.context["strip"] == page.context["history"][:6]


def test_a_voided_bout_is_listed_as_no_contest(client, fought):
    _league, _division, _season, bouts = fought
    voided = bouts[0]
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=voided, reason="a loaded glove", check_permission=False)
    page, text = _page(client, voided.red_id)
    rows = page.context["history"]
    assert len(rows) == 3
    row = next(r for r in rows if r["bout_id"] == voided.pk)
    assert row["voided"] and "NC (voided)" in text and "a loaded glove" in text
    assert row["record"] == "0-0-0"  # it counts for nothing


def test_awards_and_titles_show_on_his_page(client, fought):
    league, _division, season, _bouts = fought
    awards = services.season_awards_hand_out(season, by=None)
    best = next(a for a in awards if a.kind == "fighter" and a.division_id is None)
    _response, text = _page(client, best.fighter_id)
    assert "Fighter of the year" in text and f"{league.name} season 1" in text


def test_the_fighter_page_costs_the_same_with_or_without_honours(
    client, fought, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _league, _division, season, bouts = fought
    fighter_id = bouts[0].red_id
    with CaptureQueriesContext(connection) as before:
        _page(client, fighter_id)
    services.season_awards_hand_out(season, by=None)
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=bouts[0], reason="a loaded glove", check_permission=False)
    with CaptureQueriesContext(connection) as after:
        _page(client, fighter_id)
    assert len(before) == len(after)
