"""The season break (league.calendar.season_break): after every division's
season is over, its steps in order — crown, awards, develop, retire, prospects,
the next season — each previewed, each taken once, by the commissioner or staff;
and a play-until job through several seasons takes them itself."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client, TestCase

from fighters.models import CardChange, Fighter
from league.calendar import season_break
from league.calendar.models import BreakStep, JobStatus, JobTarget, SeasonBreak
from league.history.models import Award
from league.models import League, Season, SeasonStatus, Standing
from tests.api import factories

from .seasons import season_to_play
from .test_runner import play

pytestmark = pytest.mark.django_db


def played_league(ruleset, fighters=6, **fields) -> League:
    league, _division, _season = season_to_play(ruleset, fighters, **fields)
    job = play(league)
    assert job.status == JobStatus.DONE, job.message
    league.refresh_from_db()
    return league


def take(league, step, user=None):
    found = season_break.season_break(league)
    return season_break.break_take(found, step, user=user, check_permission=user is not None)


def test_a_league_whose_seasons_are_over_is_between_seasons(ruleset):
    league, _division, season = season_to_play(ruleset, 4)
    assert season_break.season_break(league) is None  # a season is running
    play(league)
    found = season_break.season_break(league)
    assert found.number == 1 and [s.pk for s in found.seasons] == [season.pk]
    assert found.next_step == BreakStep.CROWN
    assert [step["key"] for step in found.steps()] == list(BreakStep.values)


def test_the_champion_crowned_is_the_top_of_the_final_table(ruleset):
    league = played_league(ruleset)
    found = season_break.season_break(league)
    ((season, top),) = season_break.break_preview(found, BreakStep.CROWN)["crowns"]
    assert top[0].rank == 1
    note = take(league, BreakStep.CROWN)
    season.refresh_from_db()
    first = Standing.objects.filter(season=season).order_by("rank", "id").first()
    assert season.champion_id == first.fighter_id
    assert first.fighter.name in note


def test_steps_go_in_order_each_once(ruleset):
    league = played_league(ruleset, 4)
    with pytest.raises(ValidationError, match="Next comes: crown"):
        take(league, BreakStep.AWARDS)
    take(league, BreakStep.CROWN)
    with pytest.raises(ValidationError):
        take(league, BreakStep.CROWN)
    take(league, BreakStep.AWARDS)
    assert Award.objects.filter(league=league, season_number=1).exists()
    assert SeasonBreak.objects.get(league=league).done == ["crown", "awards"]


def test_only_the_commissioner_and_staff_take_a_step(ruleset):
    league = played_league(ruleset, 4)
    commissioner = factories.user(username="commish")
    league.commissioners.add(commissioner)
    outsider = factories.user(username="outsider")
    factories.league(commissioners=[outsider])
    manager = factories.user(username="manager")
    camp = factories.camp(name="Manager's camp")
    camp.owner = manager
    camp.save()
    refused = [AnonymousUser(), factories.user(username="fan"), manager, outsider]
    for who in refused:
        with pytest.raises(PermissionDenied):
            take(league, BreakStep.CROWN, user=who)
    assert not SeasonBreak.objects.exists()
    take(league, BreakStep.CROWN, user=commissioner)
    take(league, BreakStep.AWARDS, user=factories.user(staff=True, username="boss"))
    assert SeasonBreak.objects.get().done == ["crown", "awards"]


def test_a_whole_break_develops_retires_fills_and_starts_the_next_season(ruleset):
    league = played_league(ruleset, 6, development=True, roster_size=8)
    division = league.divisions.get()
    old = Fighter.objects.get(pk=division.fighters.order_by("id").first().pk)
    old.date_of_birth = league.date.replace(year=league.date.year - 40)
    old.save(update_fields=["date_of_birth"])
    for step in (BreakStep.CROWN, BreakStep.AWARDS, BreakStep.DEVELOP):
        take(league, step)
    due = SeasonBreak.objects.get(league=league).retire_due
    assert {"fighter": old.pk, "name": old.name, "reason": "aged 40"} in due
    found = season_break.season_break(league)
    assert [r["fighter"] for r in season_break.break_preview(found, "retire")["retire"]] == [
        r["fighter"] for r in due
    ]
    take(league, BreakStep.RETIRE)
    old.refresh_from_db()
    assert not old.is_active
    active = division.fighters.filter(is_active=True).count()
    found = season_break.season_break(league)
    assert season_break.break_preview(found, "prospects")["prospects"] == [(division, 8 - active)]
    take(league, BreakStep.PROSPECTS)
    assert division.fighters.filter(is_active=True).count() == 8
    developed = CardChange.objects.filter(source="development").count()
    take(league, BreakStep.NEXT)
    assert season_break.season_break(league) is None
    second = Season.objects.get(division=division, number=2)
    assert second.status == SeasonStatus.RUNNING
    assert second.fixtures.count() == 8 * 7 // 2
    # Developed once, at the break: the new season does not develop again.
    assert CardChange.objects.filter(source="development").count() == developed


def test_a_league_that_auto_advances_plays_several_seasons_in_one_job(ruleset):
    league, _division, _season = season_to_play(ruleset, 4, auto_advance_seasons=True)
    job = play(league, JobTarget.SEASONS, seasons=3)
    assert job.status == JobStatus.DONE, job.message
    assert job.seasons_done == 3
    assert list(
        Season.objects.filter(league=league).values_list("number", "status").order_by("number")
    ) == [(1, "completed"), (2, "completed"), (3, "completed")]
    breaks = SeasonBreak.objects.filter(league=league).order_by("number")
    assert [(b.number, b.done) for b in breaks] == [(n, list(BreakStep.values)) for n in (1, 2)]
    assert Award.objects.filter(league=league, season_number=2).exists()
    assert season_break.season_break(league).number == 3  # stops at the last season's end


def test_several_seasons_need_a_league_that_auto_advances(ruleset):
    league, _division, _season = season_to_play(ruleset, 4)
    from league.calendar.jobs import job_start

    with pytest.raises(ValidationError, match="auto-advance"):
        job_start(league=league, target=JobTarget.SEASONS, seasons=2, check_permission=False)


def test_the_console_shows_the_next_step_and_takes_it(ruleset):
    league = played_league(ruleset, 4)
    commissioner = factories.user(username="commish")
    league.commissioners.add(commissioner)
    client = Client()
    client.force_login(commissioner)
    page = client.get(f"/console/leagues/{league.slug}/").content.decode()
    assert 'id="season-break"' in page and "The rule: the top of each division" in page
    with TestCase.captureOnCommitCallbacks(execute=True):
        answer = client.post(
            f"/console/leagues/{league.slug}/break/", {"step": "crown"}, follow=True
        )
    assert "Crowned:" in answer.content.decode()
    assert SeasonBreak.objects.get().done == ["crown"]
    outsider = factories.user(username="outsider")
    factories.league(commissioners=[outsider])
    client.force_login(outsider)
    refused = client.post(f"/console/leagues/{league.slug}/break/", {"step": "awards"})
    assert refused.status_code == 403
    assert SeasonBreak.objects.get().done == ["crown"]
