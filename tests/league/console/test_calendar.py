"""The console's calendar (league.console.calendar): play, follow, cancel and
close, each for the league's commissioner and staff only."""

import pytest
from django.test import Client

from league.calendar.jobs import job_start
from league.calendar.models import AdvanceJob, JobStatus
from league.models import SeasonStatus
from tests.api import factories
from tests.league.calendar.seasons import season_to_play

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(ruleset):
    league, _division, season = season_to_play(ruleset, 4)
    commissioner = factories.user(username="commish")
    league.commissioners.add(commissioner)
    outsider = factories.user(username="outsider")
    factories.league(commissioners=[outsider])
    return {
        "league": league,
        "season": season,
        "commissioner": commissioner,
        "outsider": outsider,
        "plain": factories.user(username="fan"),
        "staff": factories.user(staff=True, username="boss"),
    }


def as_(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_league_page_shows_its_date_its_seasons_and_the_play_form(world):
    page = as_(world["commissioner"]).get(f"/console/leagues/{world['league'].slug}/")
    html = page.content.decode()
    assert 'id="calendar"' in html and "League date" in html
    assert world["season"].name in html and 'id="play-form"' in html


def test_playing_a_night_moves_the_league_and_says_so(world, django_capture_on_commit_callbacks):
    url = f"/console/leagues/{world['league'].slug}/play/"
    with django_capture_on_commit_callbacks(execute=True):
        answer = as_(world["commissioner"]).post(url, {"play-target": "night"}, follow=True)
    job = AdvanceJob.objects.get()
    assert job.nights == 1
    job.refresh_from_db()
    assert job.status == JobStatus.DONE
    assert job.runs.get().nights_done == 1
    assert "Playing" in answer.content.decode() or "Last play" in answer.content.decode()


def test_a_bad_play_request_says_why_and_starts_nothing(world):
    url = f"/console/leagues/{world['league'].slug}/play/"
    answer = as_(world["commissioner"]).post(url, {"play-target": "nights"}, follow=True)
    assert "Give a number of nights" in answer.content.decode()
    answer = as_(world["commissioner"]).post(url, {"play-target": "date"}, follow=True)
    assert "Give the league date" in answer.content.decode()
    assert not AdvanceJob.objects.exists()


@pytest.mark.parametrize("who", ["plain", "outsider"])
def test_only_the_commissioner_and_staff_play_cancel_and_close(world, who):
    league, season = world["league"], world["season"]
    client = as_(world[who])
    assert (
        client.post(f"/console/leagues/{league.slug}/play/", {"play-target": "night"}).status_code
        == 403
    )
    job = job_start(league=league, target="season", check_permission=False)
    assert client.post(f"/console/jobs/{job.pk}/cancel/").status_code == 403
    close = {f"close-{season.pk}-reason": "no reason of his"}
    assert client.post(f"/console/seasons/{season.pk}/close/", close).status_code == 403
    job.refresh_from_db()
    season.refresh_from_db()
    assert job.status == JobStatus.QUEUED and season.status == SeasonStatus.RUNNING


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_the_commissioner_or_staff_cancels_a_job_and_closes_a_season(world, who):
    league, season = world["league"], world["season"]
    client = as_(world[who])
    job = job_start(league=league, target="season", check_permission=False)
    answer = client.post(f"/console/jobs/{job.pk}/cancel/", follow=True)
    assert "the nights fought stand" in answer.content.decode()
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED
    # Closing needs a reason; then every fixture not fought is cancelled with it.
    url = f"/console/seasons/{season.pk}/close/"
    client.post(url, {f"close-{season.pk}-reason": ""})
    season.refresh_from_db()
    assert season.status == SeasonStatus.RUNNING
    answer = client.post(url, {f"close-{season.pk}-reason": "the venue burned down"}, follow=True)
    assert "is closed" in answer.content.decode()
    season.refresh_from_db()
    assert season.status == SeasonStatus.COMPLETED
    assert season.closed_reason == "the venue burned down"
    assert all(
        f.status == "cancelled" and "the venue burned down" in f.note for f in season.fixtures.all()
    )
